"""A match: hands add up to the target, who leads each hand, the sapatu, and the 1-vs-1 lot (RULES.md §5, §12)."""

from __future__ import annotations

import random
from dataclasses import dataclass

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
    rounds = []
    while True:
        turned = tuple(rng.sample(ALL_TILES, players))
        rounds.append(turned)
        best = max(tile.pips for tile in turned)
        leaders = [seat for seat, tile in enumerate(turned) if tile.pips == best]
        if len(leaders) == 1:
            return Lot(tuple(rounds), leaders[0])


class Match:
    """The running score of a match. ``record`` each hand's outcome; ``deal`` the next hand with the right leader."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._scores = [0] * rules.sides
        self._outcomes: list[Outcome] = []
        self.lot: Lot | None = None

    @property
    def scores(self) -> tuple[int, ...]:
        """Points per side."""
        return tuple(self._scores)

    @property
    def outcomes(self) -> tuple[Outcome, ...]:
        """The hands recorded so far."""
        return tuple(self._outcomes)

    @property
    def winner(self) -> int | None:
        """The side that reached the target, once one has."""
        for side, score in enumerate(self._scores):
            if score >= self.rules.target:
                return side
        return None

    @property
    def is_over(self) -> bool:
        """Whether a side has reached the target."""
        return self.winner is not None

    @property
    def sapatu(self) -> bool:
        """Won while the other side still has 0 (sapatu / pollona / shutout)."""
        winner = self.winner
        return winner is not None and all(s == 0 for side, s in enumerate(self._scores) if side != winner)

    @property
    def next_leader(self) -> int | None:
        """Who leads the next hand: the one who went out, or the blocker; ``None`` before the first hand."""
        return self._outcomes[-1].next_leader if self._outcomes else None

    def record(self, outcome: Outcome) -> None:
        """Add a finished hand's points to the winning side."""
        if not isinstance(outcome, Outcome):
            raise TypeError(f"record needs an Outcome, got {outcome!r}")
        if self.is_over:
            raise ValueError("the match is over; start a new Match")
        self._outcomes.append(outcome)
        if outcome.winner is not None:
            self._scores[outcome.winner] += outcome.points

    def deal(self, rng: random.Random) -> Position:
        """The next hand, shuffled from ``rng``: the first is led by the 6-6 (partnership) or by lot (1-vs-1)."""
        if self.is_over:
            raise ValueError("the match is over; start a new Match")
        if self._outcomes:
            return Position.deal(self.rules, rng, leader=self.next_leader)
        if self.rules.name == "partnership":
            return Position.deal(self.rules, rng, first_hand=True)
        self.lot = draw_lot(rng, self.rules.players)
        return Position.deal(self.rules, rng, leader=self.lot.leader)
