"""A match: hands add up to the target, who leads each hand, who wins (or, in katsika, loses), and La Plaza's lot.

RULES.md §5, §12 (La Plaza), G3, G4, G8 (the Greek tables) and S2, S7 (all-fives).

>>> import random
>>> from engine import Match, Rules
>>> match = Match(Rules.katsika(players=3))
>>> rng = random.Random(4)
>>> while not match.is_over:
...     position = match.deal(rng)
...     while position.outcome is None:
...         position = position.apply(rng.choice(position.legal_moves()))
...     match.record(position.outcome)
>>> match.loser is not None and max(match.scores) >= 100
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from .leads import LeadReason
from .outcome import Outcome
from .position import Position
from .rules import Rules
from .tile import ALL_TILES, Tile


@dataclass(frozen=True)
class Lot:
    """The 1-vs-1 lot for the first lead: each round every player turns one tile; the highest pip total leads.

    ``rounds`` holds each round's turned tiles, by seat; a round with a tie at the top is turned again.
    """

    rounds: tuple[tuple[Tile, ...], ...]
    leader: int


def draw_lot(rng: random.Random, players: int = 2) -> Lot:
    """Turn tiles until one player's is strictly highest; the tiles go back before the deal."""
    _check_rng(rng)
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 4:
        raise ValueError(f"players={players!r}: the lot is drawn by 2 to 4 players")
    rounds = []
    while True:
        turned = tuple(rng.sample(ALL_TILES, players))
        rounds.append(turned)
        best = max(tile.pips for tile in turned)
        leaders = [seat for seat, tile in enumerate(turned) if tile.pips == best]
        if len(leaders) == 1:
            return Lot(tuple(rounds), leaders[0])


class Match:
    """The running score of a match. ``record`` each hand's outcome; ``deal`` the next hand with the right leader.

    ``scores`` has one entry per side (``rules.sides``). A match is over when a hand ends with one side strictly
    highest at or above the target: that side wins, or in katsika loses (and the lowest total wins).
    """

    def __init__(self, rules: Rules) -> None:
        if not isinstance(rules, Rules):
            raise TypeError(f"rules={rules!r}: a match is played under a rule set, e.g. Match(Rules.one_vs_one())")
        self.rules = rules
        self._scores = [0] * rules.sides
        self._outcomes: list[Outcome] = []
        #: La Plaza 1-vs-1: the lot that chose the first leader (set by the first ``deal``).
        self.lot: Lot | None = None
        #: All-fives: the first hand's leader, chosen at random by the first ``deal`` (S2).
        self.first_leader: int | None = None

    @property
    def scores(self) -> tuple[int, ...]:
        """Points per side."""
        return tuple(self._scores)

    def scores_before(self, hand: int) -> tuple[int, ...]:
        """Points per side before hand ``hand`` (from 1) was played: the hands recorded before it added up."""
        if isinstance(hand, bool) or not isinstance(hand, int) or hand < 1:
            raise ValueError(f"hand={hand!r}: a hand number from 1")
        return tuple(sum(outcome.scores[side] for outcome in self._outcomes[: hand - 1])
                     for side in range(self.rules.sides))

    @property
    def outcomes(self) -> tuple[Outcome, ...]:
        """The hands recorded so far."""
        return tuple(self._outcomes)

    @property
    def _top(self) -> int | None:
        """The side alone at the top at or above the target, if any (on a tie for the top, no one yet)."""
        best = max(self._scores)
        if best < self.rules.target or self._scores.count(best) > 1:
            return None
        return self._scores.index(best)

    @property
    def winner(self) -> int | None:
        """The side that won the match, once it is decided.

        The side that reached the target (the highest if several did); in katsika, where reaching it loses, the
        side with the lowest total (``None`` if several share it: they share the win).
        """
        top = self._top
        if top is None or not self.rules.target_loses:
            return top
        lowest = min(self._scores)
        return self._scores.index(lowest) if self._scores.count(lowest) == 1 else None

    @property
    def loser(self) -> int | None:
        """Katsika: the side that reached the target (the highest total if several did, G8); ``None`` elsewhere."""
        return self._top if self.rules.target_loses else None

    @property
    def is_over(self) -> bool:
        """Whether the match is decided."""
        return self._top is not None

    @property
    def sapatu(self) -> bool:
        """Won while every other side still has 0 (sapatu / pollona / shutout)."""
        winner = self.winner
        return winner is not None and all(s == 0 for side, s in enumerate(self._scores) if side != winner)

    @property
    def next_leader(self) -> int | None:
        """Who leads the next hand: the previous hand's ``next_leader`` (La Plaza: who went out or blocked; the
        international tables and all-fives: the hand's winner); ``None`` before the first hand and where every
        deal finds its own leader (G3)."""
        return self._outcomes[-1].next_leader if self._outcomes else None

    def record(self, outcome: Outcome) -> None:
        """Add a finished hand's ``scores`` to the match."""
        if not isinstance(outcome, Outcome):
            raise TypeError(f"record needs an Outcome, got {outcome!r}")
        # The target is the match's own: a hand played under the same rules with another target is the same hand.
        if replace(outcome.rules, target=self.rules.target) != self.rules:
            raise ValueError(
                f"this outcome was played under other rules ({outcome.rules!r}) than the match's ({self.rules!r})"
            )
        if any(recorded is outcome for recorded in self._outcomes):
            raise ValueError("this outcome is already recorded: a hand counts once")
        if self.is_over:
            raise ValueError("the match is over; start a new Match")
        self._outcomes.append(outcome)
        for side, points in enumerate(outcome.scores):
            self._scores[side] += points

    def deal(self, rng: random.Random) -> Position:
        """The next hand, shuffled from ``rng``, with the leader the rules give it.

        La Plaza: the 6-6 (partnership) or the lot (1-vs-1) leads the first hand, then who went out or blocked.
        Greek tables: the lowest double every hand (G3); international: the highest tile, then the winner (G4).
        All-fives: a seat chosen at random, then the winner (S2). After a drawn hand recorded from a set-up
        position, whose leader is not known, the next deal finds its leader as the first hand does.
        """
        _check_rng(rng)
        if self.is_over:
            raise ValueError("the match is over; start a new Match")
        rules = self.rules
        leader = self.next_leader
        if not self._outcomes or (leader is None and rules.lead_rule != "lowest_double"):
            return self._first_deal(rng)
        return Position.deal(rules, rng, leader=leader, reason=self._outcomes[-1].next_lead_reason)

    def _first_deal(self, rng: random.Random) -> Position:
        rules = self.rules
        if rules.lead_rule == "la_plaza":
            if rules.name == "partnership":
                return Position.deal(rules, rng, first_hand=True)
            self.lot = draw_lot(rng, rules.players)
            return Position.deal(rules, rng, leader=self.lot.leader, reason=LeadReason.LOT)
        if rules.lead_rule == "random":
            self.first_leader = rng.randrange(rules.players)
            return Position.deal(rules, rng, leader=self.first_leader, reason=LeadReason.RANDOM)
        return Position.deal(rules, rng, first_hand=rules.lead_rule == "highest_tile")


def _check_rng(rng: object) -> None:
    if not isinstance(rng, random.Random):
        raise TypeError(f"rng={rng!r}: give a random.Random, e.g. random.Random(seed)")
