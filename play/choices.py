"""The distinct choices a seat has: its legal moves, with two plays of one tile kept once when they leave the same
table (on a line, "left" and "right" when both ends show the same number)."""

from __future__ import annotations

from engine import Move, Play, View


def choices(view: View) -> list[Move]:
    """The seat's legal moves, no two of which leave the same table: when both open ends show the same number, a
    tile fitting them goes "left" or "right" to the same effect, so only its first play is kept.

    >>> from engine import Position, Rules
    >>> pos = Position.setup(Rules.one_vs_one(), hands=[["4-1", "2-2"], ["6-6"]], line=["4-0", "0-2", "2-4"])
    >>> [str(m) for m in pos.legal_moves()], [str(m) for m in choices(pos.view(0))]
    (['plays 4-1 left', 'plays 4-1 right'], ['plays 4-1 left'])
    """
    moves = view.legal_moves()
    tiles = [move.tile for move in moves if isinstance(move, Play)]
    if len(set(tiles)) == len(tiles):
        return moves
    kept: list[Move] = []
    seen: set[object] = set()
    for move in moves:
        if isinstance(move, Play) and tiles.count(move.tile) > 1:
            shape = (move.tile, _shape(view, move))
            if shape in seen:
                continue
            seen.add(shape)
        kept.append(move)
    return kept


def same_choice(view: View, first: Move, second: Move) -> bool:
    """Whether two of the seat's legal moves are one choice: the same tile, leaving the same table."""
    if first == second:
        return True
    if not (isinstance(first, Play) and isinstance(second, Play) and first.tile is second.tile):
        return False
    return _shape(view, first) == _shape(view, second)


def _shape(view: View, move: Play) -> object:
    """What a play leaves that matters for the rest of the hand: the numbers at the open ends and, where the
    hand scores as it goes (all-fives), the count and the points, which tell the arms apart."""
    after = view.after(move)
    numbers = tuple(sorted(number for _, number in after.open_ends))
    if view.rules.spinner:
        return numbers, after.end_count, after.hand_points
    return numbers
