"""How a hand ended and what it scores: domino or tranque, counted with the table's options (RULES.md §8–§11, H1–H3)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from .rules import Rules
from .tile import Tile


@dataclass(frozen=True)
class Outcome:
    """The end of a hand. ``winner`` is a side (``None`` on a tied tranque); ``points`` include any capicú bonus."""

    reason: Literal["domino", "blocked"]
    winner: int | None
    points: int
    capicu: bool
    blocker: int | None
    next_leader: int
    pips: tuple[int, ...]
    side_pips: tuple[int, ...]
    seat: int | None = None  # who went out, for a domino


def score_domino(rules: Rules, hands: Sequence[Sequence[Tile]], seat: int, capicu: bool) -> Outcome:
    """``seat`` played its last tile: its side wins and counts the pips left (all hands, or the losers' only)."""
    pips = _pips(hands)
    side_pips = _side_pips(rules, pips)
    winner = rules.side_of(seat)
    points = _counted(rules, side_pips, winner)
    if capicu:
        points += rules.capicu_bonus
    return Outcome("domino", winner, points, capicu, None, seat, pips, side_pips, seat)


def score_blocked(rules: Rules, hands: Sequence[Sequence[Tile]], blocker: int) -> Outcome:
    """Nobody can play: the side with fewer pips wins (or the blocker's, by option); a tie scores nothing."""
    pips = _pips(hands)
    side_pips = _side_pips(rules, pips)
    if rules.blocked_winner == "blocker":
        winner: int | None = rules.side_of(blocker)
    elif side_pips[0] == side_pips[1]:
        winner = None
    else:
        winner = 0 if side_pips[0] < side_pips[1] else 1
    points = 0 if winner is None else _counted(rules, side_pips, winner)
    return Outcome("blocked", winner, points, False, blocker, blocker, pips, side_pips)


def _pips(hands: Sequence[Sequence[Tile]]) -> tuple[int, ...]:
    return tuple(sum(tile.pips for tile in hand) for hand in hands)


def _side_pips(rules: Rules, pips: tuple[int, ...]) -> tuple[int, ...]:
    totals = [0] * rules.sides
    for seat, count in enumerate(pips):
        totals[rules.side_of(seat)] += count
    return tuple(totals)


def _counted(rules: Rules, side_pips: tuple[int, ...], winner: int) -> int:
    if rules.count == "all":
        return sum(side_pips)
    return sum(count for side, count in enumerate(side_pips) if side != winner)
