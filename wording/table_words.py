"""The table in words: the one builder of the text alternative of every table picture — lesson steps, practice
questions and the app's picture alike — as messages in the language files' words.

Spelling rule, the same everywhere: a tile on the line is written as it lies, its left half first, so the line reads
left to right with matching halves side by side ("2-3, 3-5": the ends show 2 and 5); a tile anywhere else (a hand,
a question, feedback) is written as the engine writes it, the higher number first ("6-5").
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from engine import Placed, Position, Tile, seat_role

from .table_extras import TableExtras, score_words, spinner_words, split_line
from .texts import Message, Ref

#: Facts a view may keep out of the picture and its words while a question asks them (the last three: whose turn
#: it is, the open ends' count, the scores — see table_extras).
CONCEALABLE: frozenset[str] = frozenset({"stock_count", "end_numbers", "turn", "end_count", "scores"})


def spell(tile: Tile) -> str:
    """A tile off the line, as the engine writes it: ``"6-5"``."""
    return str(tile)


def spell_laid(placed: Placed) -> str:
    """A tile on the line, as it lies from left to right: ``"3-5"`` when its 3 touches the tile on its left."""
    return f"{placed.left}-{placed.right}"


def counted(key: str, count: int, **args: object) -> Message:
    """A message whose wording depends on a count: ``<key>.one`` for exactly one, ``<key>.many`` otherwise."""
    return Message.of(f"{key}.{'one' if count == 1 else 'many'}", count=count, **args)


@dataclass(frozen=True)
class SeatShown:
    """One seat as the picture shows it: its tiles when face up (``None`` when face down) and how many it holds."""

    seat: int
    count: int
    tiles: tuple[Tile, ...] | None = None


def _seat(players: int, viewer: int, seat: int, partners: bool | None = None) -> Ref:
    return Ref(f"role.{seat_role(players, viewer, seat, partners)}")


def table_in_words(
    players: int,
    viewer: int,
    line: Sequence[Placed],
    seats: Sequence[SeatShown],
    stock: int | None,
    to_move: int | None,
    *,
    over: bool | None = None,
    selected: Tile | None = None,
    fits: Sequence[str] | None = None,
    conceal: Collection[str] = frozenset(),
    extras: TableExtras | None = None,
) -> tuple[Message, ...]:
    """The table sentence by sentence: the line and its ends, your hand, the other seats, the stock, a lifted tile
    and where it fits (``fits``: the ends, when hints are on), whose turn (``to_move`` None: nobody's).

    ``stock`` is None when the game has no stock; ``over`` says the hand is over (by default: nobody to move).
    ``extras`` adds what the other tables show: a spinner's arms, the count, the scores, the tiles out of play.
    Concealed facts (``"stock_count"``, ``"end_numbers"``, ``"turn"``, ``"end_count"``, ``"scores"``) are left out
    while a question asks them.
    """
    extras = extras or TableExtras()
    across, _ = split_line(line)
    messages = [_line(across, "end_numbers" in conceal), *spinner_words(line, extras, "end_numbers" in conceal)]
    for shown in sorted(seats, key=lambda s: ((s.seat - viewer) % players)):
        messages.append(_seat_words(players, viewer, shown, extras.partners))
    if stock is not None:
        if "stock_count" in conceal:
            messages.append(Message("picture.stock_hidden"))
        elif stock == 0:
            messages.append(Message("picture.stock_empty"))
        else:
            messages.append(counted("picture.stock", stock))
    messages += _rest_words(line, seats, stock, extras, conceal)
    if selected is not None:
        messages.append(Message.of("picture.selected", tile=spell(selected)))
        if fits is not None:
            ends = tuple(Ref(f"end.{end}") for end in fits)
            key = "picture.fits" if ends else "picture.fits_nowhere"
            messages.append(Message.of(key, tile=spell(selected), ends=ends))
    messages += score_words(players, viewer, extras, conceal)
    if over if over is not None else to_move is None:
        messages.append(Message("picture.over"))
    elif to_move is not None and "turn" not in conceal:
        messages.append(Message.of("picture.to_move", seat=_seat(players, viewer, to_move, extras.partners)))
    return tuple(messages)


#: The tiles of a double-six set: every picture accounts for them all, on the table or in words.
SET_SIZE = 28


def _rest_words(line: Sequence[Placed], seats: Sequence[SeatShown], stock: int | None, extras: TableExtras,
                conceal: Collection[str]) -> list[Message]:
    """Where the tiles the picture does not show are: out of play in a game without a stock (unless the picture
    shows their pile, or a question asks how many), else left out of a table shown in part (``partial``)."""
    if "stock_count" in conceal:
        return []  # the count of the rest would give the hidden stock's size away
    rest = SET_SIZE - len(line) - sum(shown.count for shown in seats) - (stock or 0) - (extras.out_of_play or 0)
    if rest <= 0 or (stock is None and "out_of_play" in conceal):
        return []
    return [counted("picture.rest.out_of_play" if stock is None else "picture.rest.left_out", rest)]


def _line(line: Sequence[Placed], hide_ends: bool) -> Message:
    if not line:
        return Message("picture.empty")
    tiles = tuple(spell_laid(placed) for placed in line)
    if hide_ends:
        return Message.of("picture.line_only", tiles=tiles)
    return Message.of("picture.line", tiles=tiles, left=line[0].left, right=line[-1].right)


def _seat_words(players: int, viewer: int, shown: SeatShown, partners: bool | None = None) -> Message:
    if shown.seat == viewer:
        tiles = shown.tiles or ()
        return Message.of("picture.hand", tiles=tuple(spell(t) for t in tiles)) if tiles else Message(
            "picture.hand_empty")
    name = _seat(players, viewer, shown.seat, partners)
    if shown.tiles is not None:
        if not shown.tiles:
            return Message.of("picture.shown_empty", seat=name)
        return Message.of("picture.shown", seat=name, tiles=tuple(spell(t) for t in shown.tiles))
    return counted("picture.other", shown.count, seat=name)


def describe_position(
    position: Position,
    viewer: int,
    *,
    face_up: Collection[int] = (),
    conceal: Collection[str] = frozenset(),
    show_turn: bool = True,
    count: bool = False,
) -> tuple[Message, ...]:
    """A position in words for a learner at ``viewer``: ``face_up`` seats show their tiles (every seat once the
    hand is over); ``show_turn`` False leaves out whose turn it is (when that is what a question asks); ``count``
    says the open ends' count (all-fives)."""
    players = position.rules.players
    over = position.outcome is not None
    seats = [
        SeatShown(seat, len(hand), hand if seat == viewer or over or seat in face_up else None)
        for seat, hand in enumerate(position.hands)
    ]
    stock = len(position.stock) if position.rules.uses_stock else None
    to_move = position.to_move if show_turn and not over else None
    extras = TableExtras.of(position, count=(position.end_count,) if count and position.placed else None)
    return table_in_words(players, viewer, position.placed, seats, stock, to_move, over=over, conceal=conceal,
                          extras=extras)
