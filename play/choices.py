"""The distinct choices a seat has: its legal moves, with left and right as one choice when both ends match."""

from __future__ import annotations

from engine import Move, Play, View


def choices(view: View) -> list[Move]:
    """The seat's legal moves with no two that leave the same table: when both open ends show the same number, a
    tile fitting them goes "left" or "right" to the same effect, so only its left play is kept.

    >>> from engine import Position, Rules
    >>> pos = Position.setup(Rules.one_vs_one(), hands=[["4-1", "2-2"], ["6-6"]], line=["4-0", "0-2", "2-4"])
    >>> [str(m) for m in pos.legal_moves()], [str(m) for m in choices(pos.view(0))]
    (['plays 4-1 left', 'plays 4-1 right'], ['plays 4-1 left'])
    """
    moves = view.legal_moves()
    ends = view.ends
    if ends is None or ends[0] != ends[1]:
        return moves
    return [move for move in moves if not (isinstance(move, Play) and move.end == "right")]


def same_choice(view: View, first: Move, second: Move) -> bool:
    """Whether two legal moves are one choice on this table (the same tile on two ends showing the same number)."""
    if first == second:
        return True
    ends = view.ends
    return (
        isinstance(first, Play) and isinstance(second, Play) and first.tile is second.tile
        and ends is not None and ends[0] == ends[1]
    )
