"""How a hand ended and what it scores, for every rule set, in one place.

La Plaza counts with its house rules (§8–§11, H1–H3); the Greek tables score winner-takes or katsika (G7, G8);
all-fives adds the points scored during the hand and rounds the end-of-hand count to the nearest 5 (S5, S6).

>>> from engine import Position, Rules
>>> pos = Position.setup(Rules.katsika(players=2), hands=[["4-1"], ["6-5", "2-3"]], line=["3-4"])
>>> outcome = pos.apply("plays 4-1 right").outcome
>>> outcome.winner, outcome.points, outcome.scores
(0, 0, (0, 16))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Literal

from .leads import LeadReason
from .rules import Rules
from .tile import Tile, pips_of

ZERO_ZERO = Tile(0, 0)
DOUBLE_SIX = Tile(6, 6)


class Decision(StrEnum):
    """What decided a hand (``Outcome.decision``): why its winner won, or that nobody did."""

    DOMINO = "domino"  # a seat played its last tile: its side wins (§8, G7a, S6a)
    FEWEST = "fewest"  # blocked: the side with the fewest pips in hand wins (§9b, G7b, S6b)
    BLOCKER = "blocker"  # blocked: La Plaza's house rule gives the hand to the blocker's side (H2)
    TIE = "tie"  # blocked with a tie for the fewest pips: nobody wins the hand (§9c, G7c, S6b)


@dataclass(frozen=True)
class Outcome:
    """The end of a hand: why, who won and what it adds to the match.

    - ``winner``: the side that won the hand, ``None`` for a drawn (tied) blocked hand.
    - ``points``: what the winning side scores for the hand's end (La Plaza's meaning, any capicú bonus
      included; all-fives: the rounded count of the opponents' tiles; katsika: 0, the winner scores nothing).
    - ``scores``: per side (``rules.sides`` entries), everything the hand adds to the match: ``points`` for the
      winner, katsika's penalties for the losers, and the points scored during the hand (``hand_points``).
    - ``seat``: the seat that went out (a domino), else ``None``; ``blocker``: who played the blocking tile.
    - ``decision``: what decided the hand (a ``Decision``: domino, the fewest pips, the blocker's side, a tie).
    - ``next_leader``: the seat that leads the next hand, or ``None`` where the next deal finds it (G3) or
      the leader it would repeat is not known (a set-up hand); ``next_lead_reason`` why it leads.
    - ``pips`` per seat and ``side_pips`` per side: the face value left in hand; ``penalties`` per seat, what
      its hand writes against its side at katsika (its pips, or 25 for the 0-0 alone and 50 for the 6-6 alone,
      G8; 0 for the winners and at every other table).
    """

    reason: Literal["domino", "blocked"]
    winner: int | None
    points: int
    capicu: bool
    blocker: int | None
    next_leader: int | None
    pips: tuple[int, ...]
    side_pips: tuple[int, ...]
    seat: int | None
    scores: tuple[int, ...]
    hand_points: tuple[int, ...]
    leader: int | None  # the seat that led this hand, when the position knows it
    decision: Decision
    next_lead_reason: LeadReason | None
    penalties: tuple[int, ...]
    rules: Rules = field(repr=False)


    @classmethod
    def _of(cls, values: dict[str, object]) -> Outcome:
        # Every hand ends with one of these, so it is built in one step rather than field by field.
        outcome = object.__new__(cls)
        object.__setattr__(outcome, "__dict__", values)
        return outcome


def score_domino(
    rules: Rules,
    hands: Sequence[int],
    seat: int,
    capicu: bool,
    hand_points: tuple[int, ...] | None = None,
    leader: int | None = None,
) -> Outcome:
    """``seat`` played its last tile: its side wins the hand. ``hands`` are each seat's tiles as bits."""
    pips = tuple(map(pips_of, hands))
    side_pips = _side_pips(rules, pips)
    winner = rules._seat_sides[seat]
    return _finished(rules, Decision.DOMINO, winner, hands, pips, side_pips, capicu, seat, hand_points, leader)


def score_blocked(
    rules: Rules,
    hands: Sequence[int],
    blocker: int,
    hand_points: tuple[int, ...] | None = None,
    leader: int | None = None,
) -> Outcome:
    """Nobody can play: the side with the fewest pips wins (La Plaza may give it to the blocker's side, H2);
    a tie for the fewest is a drawn hand. ``hands`` are each seat's tiles as bits."""
    pips = tuple(map(pips_of, hands))
    side_pips = _side_pips(rules, pips)
    if rules.scoring == "la_plaza" and rules.blocked_winner == "blocker":
        winner: int | None = rules._seat_sides[blocker]
        decision = Decision.BLOCKER
    else:
        fewest = min(side_pips)
        tie = side_pips.count(fewest) > 1
        winner = None if tie else side_pips.index(fewest)
        decision = Decision.TIE if tie else Decision.FEWEST
    return _finished(rules, decision, winner, hands, pips, side_pips, False, blocker, hand_points, leader)


def round_to_five(points: int) -> int:
    """All-fives rounding (S6): to the nearest 5, a remainder of 1–2 down and 3–4 up.

    >>> [round_to_five(n) for n in (0, 11, 12, 13, 16)]
    [0, 10, 10, 15, 15]
    """
    return (points + 2) // 5 * 5


def katsika_value(hand: int, doubles: bool) -> int:
    """What a hand (its tiles as bits) counts as a katsika penalty: its pips, or with ``doubles`` 25 for the 0-0
    alone and 50 for the 6-6 alone (G8).

    >>> katsika_value(Tile(0, 0).bit, True), katsika_value(Tile(0, 0).bit, False), katsika_value(Tile(6, 6).bit, True)
    (25, 0, 50)
    """
    if doubles and hand == ZERO_ZERO.bit:
        return 25
    if doubles and hand == DOUBLE_SIX.bit:
        return 50
    return pips_of(hand)


def _finished(
    rules: Rules,
    decision: Decision,
    winner: int | None,
    hands: Sequence[int],
    pips: tuple[int, ...],
    side_pips: tuple[int, ...],
    capicu: bool,
    seat: int,
    hand_points: tuple[int, ...] | None,
    leader: int | None,
) -> Outcome:
    zeros = (0,) * len(side_pips)
    scores = list(hand_points or zeros)
    points = 0
    penalties = [0] * len(hands)
    if rules.scoring == "katsika":
        if winner is not None:
            for loser, (side, hand) in enumerate(zip(rules._seat_sides, hands, strict=True)):
                if side != winner:
                    penalties[loser] = katsika_value(hand, rules.katsika_doubles)
                    scores[side] += penalties[loser]
    elif winner is not None:
        points = _won(rules, side_pips, winner, capicu)
        scores[winner] += points
    domino = decision is Decision.DOMINO
    next_leader, next_reason = _next_leader(rules, domino, seat, winner, pips, leader)
    return Outcome._of({
        "reason": "domino" if domino else "blocked",
        "winner": winner,
        "points": points,
        "capicu": capicu,
        "blocker": None if domino else seat,
        "next_leader": next_leader,
        "pips": pips,
        "side_pips": side_pips,
        "seat": seat if domino else None,
        "scores": tuple(scores),
        "hand_points": hand_points or zeros,
        "leader": leader,
        "decision": decision,
        "next_lead_reason": next_reason,
        "penalties": tuple(penalties),
        "rules": rules,
    })


def _won(rules: Rules, side_pips: tuple[int, ...], winner: int, capicu: bool) -> int:
    """What the winning side scores for the hand's end (not katsika: there the losers score)."""
    others = sum(side_pips) - side_pips[winner]
    if rules.scoring == "la_plaza":
        counted = sum(side_pips) if rules.count == "all" else others
        return counted + (rules.capicu_bonus if capicu else 0)
    if rules.scoring == "all_fives":
        return round_to_five(others)
    return others  # winner takes: the opponents' pips, not its own nor its partner's (G8)


def _next_leader(
    rules: Rules, domino: bool, seat: int, winner: int | None, pips: tuple[int, ...], leader: int | None
) -> tuple[int | None, LeadReason | None]:
    """Who leads the next hand and why (§5, G3, G4, S2), from this hand's end (``seat`` went out, or blocked it)."""
    lead_rule = rules.lead_rule
    if lead_rule == "la_plaza":
        return seat, LeadReason.WENT_OUT if domino else LeadReason.BLOCKER  # who went out, or the blocker
    if lead_rule == "lowest_double":
        return None, None  # G3: every hand's deal finds its leader
    if domino:
        return seat, LeadReason.WINNER  # G4/S2: the seat that went out
    if winner is None:
        return leader, None if leader is None else LeadReason.AGAIN  # a drawn blocked hand: the same leader again
    seats = [other for other, side in enumerate(rules._seat_sides) if side == winner]
    # the winning side's lightest hand (project)
    return min(seats, key=lambda other: (pips[other], other)), LeadReason.WINNER


def _side_pips(rules: Rules, pips: tuple[int, ...]) -> tuple[int, ...]:
    if not rules.partners:
        return pips
    return (pips[0] + pips[2], pips[1] + pips[3])
