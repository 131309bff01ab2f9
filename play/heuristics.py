"""What a club player weighs when choosing a tile: weight, doubles, variety, control, and who is known to lack what.

The same features name the coach's reasons, so a remark and the club player's judgement never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import Move, Play, View


@dataclass(frozen=True)
class Features:
    """What a move does, as a club player sees it (every count is from the seat's own view)."""

    domino: bool  # it plays the last tile
    pips: int  # the tile's weight, off the hand
    double: bool  # a double is off the hand (they fit only their own number)
    variety: int  # different numbers left in the hand afterwards
    control: int  # tiles left in the hand that fit one of the new ends
    opponents_stopped: int  # opponents known to lack every new open end (they must pass or draw)
    next_stopped: bool  # the next seat is an opponent that must pass or draw
    partner_stopped: bool  # the partner is known to lack every new open end
    scored: int  # points the play scores at once (all-fives)


@dataclass(frozen=True)
class Weights:
    """How much each feature counts for the club player."""

    pips: float = 1.0
    double: float = 6.0
    variety: float = 3.0
    control: float = 1.5
    opponent_stopped: float = 4.0
    next_stopped: float = 4.0
    partner_stopped: float = -6.0
    scored: float = 1.5


CLUB = Weights()


def features(view: View, move: Move) -> Features | None:
    """The features of one of the seat's legal moves; ``None`` for a draw or a pass (nothing to weigh)."""
    if not isinstance(move, Play):
        return None
    rules, seat = view.rules, view.seat
    rest = [tile for tile in view.hand if tile is not move.tile]
    after = view.after(move)
    ends = tuple({number for _, number in after.open_ends})
    stopped = [other for other in _opponents(view) if _lacks_all(view, other, ends)]
    following = (seat + 1) % rules.players
    partner = rules.partner_of(seat)
    return Features(
        domino=not rest,
        pips=move.tile.pips,
        double=move.tile.is_double,
        variety=len({n for tile in rest for n in (tile.high, tile.low)}),
        control=sum(1 for tile in rest if any(tile.has(n) for n in ends)),
        opponents_stopped=len(stopped),
        next_stopped=following in stopped,
        partner_stopped=partner is not None and view.hand_sizes[partner] > 0 and _lacks_all(view, partner, ends),
        scored=after.scored,
    )


def club_score(view: View, move: Move, weights: Weights = CLUB) -> float:
    """How much a club player likes a move (higher is better); going out beats everything."""
    found = features(view, move)
    if found is None:
        return 0.0
    if found.domino:
        return float("inf")
    return (
        weights.pips * found.pips
        + weights.double * found.double
        + weights.variety * found.variety
        + weights.control * found.control
        + weights.opponent_stopped * found.opponents_stopped
        + weights.next_stopped * found.next_stopped
        + weights.partner_stopped * found.partner_stopped
        + weights.scored * found.scored
    )


def _opponents(view: View) -> list[int]:
    rules = view.rules
    return [s for s in range(rules.players) if rules.side_of(s) != rules.side_of(view.seat)]


def _lacks_all(view: View, seat: int, ends: tuple[int, ...]) -> bool:
    lacks = view.known_lacks(seat)
    return bool(ends) and all(n in lacks for n in ends)
