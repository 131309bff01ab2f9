"""Who leads a hand: La Plaza's 6-6 and lot (§5), the lowest double (G3), the highest tile (G4), or a given seat.

Hands are given as one set of tile bits per seat (``Tile.bit``), as the position keeps them.

>>> from engine import Tile
>>> hands = [Tile(0, 0).bit | Tile(6, 5).bit, Tile(3, 3).bit, Tile(2, 2).bit | Tile(6, 6).bit]
>>> lowest_double_holder(hands), highest_tile_holder(hands)
(2, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from .rules import Rules
from .tile import ALL_TILES, Tile

DOUBLE_SIX = Tile(6, 6)


class LeadReason(StrEnum):
    """Why a seat leads a hand (``Position.lead_reason``; ``Outcome.next_lead_reason`` for the next hand)."""

    DOUBLE_SIX = "double_six"  # §5: the first hand of a partnership match, the 6-6's holder
    LOT = "lot"  # §5: the first 1-vs-1 hand, the lot
    WENT_OUT = "went_out"  # §5: La Plaza, who went out in the hand before
    BLOCKER = "blocker"  # §5: La Plaza, who blocked the hand before (even when it was a tie)
    LOWEST_DOUBLE = "lowest_double"  # G3: the lowest double from 1-1 up
    LOWEST_TILE = "lowest_tile"  # G3: no double 1-1 to 6-6 was dealt, the lowest tile
    HIGHEST_TILE = "highest_tile"  # G4: the first international hand, the highest tile
    WINNER = "winner"  # G4, S2: the winner of the hand before
    AGAIN = "again"  # G4, S2: the hand before was a tie, its leader leads again (project)
    RANDOM = "random"  # S2: the first all-fives hand, a seat chosen at random
    GIVEN = "given"  # the caller chose the leader (a lesson, a set-up table)

# G3: the doubles 1-1 to 6-6 (the 0-0 does not count as that double); then the lowest tile, by pip total and
# then by the smaller half (0-3 before 1-2), the 0-0 first of all.
_LEAD_DOUBLES = tuple(Tile(n, n) for n in range(1, 7))
_LOWEST_FIRST = tuple(sorted(ALL_TILES, key=lambda t: (t.pips, t.low)))
# G4: the highest tile, by pip total and then by the larger half (6-3 before 5-4).
_HIGHEST_FIRST = tuple(sorted(ALL_TILES, key=lambda t: (t.pips, t.high), reverse=True))


def holder(hands: Sequence[int], tile: Tile) -> int | None:
    """The seat holding ``tile``, or ``None`` if nobody does."""
    for seat, bits in enumerate(hands):
        if bits & tile.bit:
            return seat
    return None


def lowest_double_holder(hands: Sequence[int]) -> int:
    """G3: the holder of the lowest double from 1-1 up, else of the lowest tile dealt."""
    return _lowest(hands)[0]


def _lowest(hands: Sequence[int]) -> tuple[int, LeadReason]:
    for tile in _LEAD_DOUBLES:
        seat = holder(hands, tile)
        if seat is not None:
            return seat, LeadReason.LOWEST_DOUBLE
    for tile in _LOWEST_FIRST:
        seat = holder(hands, tile)
        if seat is not None:
            return seat, LeadReason.LOWEST_TILE
    raise ValueError("nobody holds a tile, so nobody can lead")


def highest_tile_holder(hands: Sequence[int]) -> int:
    """G4: the holder of the highest tile dealt."""
    for tile in _HIGHEST_FIRST:
        seat = holder(hands, tile)
        if seat is not None:
            return seat
    raise ValueError("nobody holds a tile, so nobody can lead")


def find_leader(
    rules: Rules, hands: Sequence[int], leader: int | None, first_hand: bool, reason: LeadReason | None = None
) -> tuple[int, bool, LeadReason]:
    """Who leads an empty line under ``rules``, whether the lead must be the 6-6 (a partnership first hand), and why
    that seat leads.

    A ``leader`` given where the rules find the leader themselves must be that seat; where they cannot (La Plaza
    after the first hand, the international presets after theirs, all-fives), it is required, and ``reason`` says
    why it leads (``GIVEN`` if omitted: a match passes the reason its last hand gave).
    """
    if not isinstance(first_hand, bool):
        raise ValueError(f"first_hand={first_hand!r}: must be True or False")
    if reason is not None and not isinstance(reason, LeadReason):
        raise TypeError(f"reason={reason!r}: give a LeadReason, e.g. LeadReason.WINNER")
    lead_rule = rules.lead_rule
    must_lead_double_six = first_hand and rules.name == "partnership"
    found: int | None = None
    if must_lead_double_six:
        found = holder(hands, DOUBLE_SIX)
        if found is None:
            raise ValueError("first partnership hand: nobody holds 6-6, and its holder must lead it")
        why, found_reason = f"seat {found} holds 6-6", LeadReason.DOUBLE_SIX
    elif lead_rule == "lowest_double":
        (found, found_reason), why = _lowest(hands), "the lowest double leads every hand (G3)"
    elif lead_rule == "highest_tile" and first_hand:
        found, why = highest_tile_holder(hands), "the highest tile leads the first hand (G4)"
        found_reason = LeadReason.HIGHEST_TILE
    if found is not None:
        if leader is not None and leader != found:
            raise ValueError(f"{rules.name}: seat {found} leads ({why}), not seat {leader!r}")
        return found, must_lead_double_six, found_reason
    if leader is None:
        raise ValueError(f"leader is required: {_who_leads(rules)}")
    _check_leader(rules, leader)
    return leader, False, reason or LeadReason.GIVEN


def _who_leads(rules: Rules) -> str:
    if rules.lead_rule == "la_plaza":
        return "in La Plaza only the first partnership hand finds its leader (the 6-6); give leader=<seat>"
    if rules.lead_rule == "highest_tile":
        return f"in {rules.name} the previous hand's winner leads (first_hand=True finds the highest tile)"
    return "in all-fives the first leader is chosen at random, then the previous hand's winner leads"


def _check_leader(rules: Rules, leader: object) -> None:
    if not isinstance(leader, int) or isinstance(leader, bool) or not 0 <= leader < rules.players:
        raise ValueError(f"leader={leader!r}: seats are 0 to {rules.players - 1} in {rules.name}")
