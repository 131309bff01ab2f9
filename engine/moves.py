"""Moves and history events, with their text notation both ways ("0 plays 6-5 right", "1 draws", "1 passes")."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from .tile import ALL_TILES, Tile

End = Literal["left", "right"]
ENDS: tuple[End, End] = ("left", "right")


@dataclass(frozen=True, slots=True)
class Play:
    """Put ``tile`` at the ``"left"`` or ``"right"`` open end; ``end`` is ``None`` for the lead."""

    tile: Tile
    end: End | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.tile, Tile):
            object.__setattr__(self, "tile", Tile.coerce(self.tile))
        if self.end not in (None, "left", "right"):
            raise ValueError(f"end={self.end!r}: use 'left', 'right' or None (for the lead)")

    def __str__(self) -> str:
        return f"plays {self.tile}" if self.end is None else f"plays {self.tile} {self.end}"


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the next tile of the stock (1-vs-1, only when nothing in hand fits)."""

    def __str__(self) -> str:
        return "draws"


@dataclass(frozen=True, slots=True)
class Pass:
    """Let the turn go on (only when nothing fits and, in 1-vs-1, the stock is empty)."""

    def __str__(self) -> str:
        return "passes"


Move = Play | Draw | Pass

DRAW = Draw()
PASS = Pass()
# Every play there can be, made once: legal_moves hands these out instead of building new ones.
PLAYS: dict[tuple[Tile, End | None], Play] = {
    (tile, end): Play(tile, end) for tile in ALL_TILES for end in (None, "left", "right")
}


@dataclass(frozen=True, slots=True)
class Event:
    """A move as it happened: who made it. ``drawn`` is the tile a draw took (hidden from the notation)."""

    seat: int
    move: Move
    drawn: Tile | None = field(default=None, compare=False)

    def __str__(self) -> str:
        return f"{self.seat} {self.move}"


_MOVE_TEXT = re.compile(
    r"^\s*(?:(?P<verb>plays|leads)\s+(?P<tile>\S+)(?:\s+(?P<end>left|right))?|(?P<draw>draws)|(?P<pass>passes))\s*$"
)
_EVENT_TEXT = re.compile(r"^\s*(?P<seat>\d+)\s+(?P<move>.*)$")


def parse_move(text: str) -> Move:
    """Read a move: ``"plays 6-5 right"``, ``"plays 6-6"`` (a lead; ``"leads 6-6"`` too), ``"draws"``, ``"passes"``."""
    match = _MOVE_TEXT.match(text) if isinstance(text, str) else None
    if match is None:
        raise ValueError(f"not a move: {text!r}; write 'plays 6-5 right', 'plays 6-6' (a lead), 'draws' or 'passes'")
    if match["draw"]:
        return DRAW
    if match["pass"]:
        return PASS
    if match["verb"] == "leads" and match["end"]:
        raise ValueError(f"not a move: {text!r}; a lead has no end")
    return PLAYS[Tile.parse(match["tile"]), match["end"]]


def parse_event(text: str) -> Event:
    """Read an event: a seat number, then a move (``"0 plays 6-5 right"``)."""
    match = _EVENT_TEXT.match(text) if isinstance(text, str) else None
    if match is None:
        raise ValueError(f"not an event: {text!r}; write a seat number and a move, like '0 plays 6-5 right'")
    try:
        move = parse_move(match["move"])
    except ValueError as error:
        raise ValueError(f"not an event: {text!r}; {error}") from None
    return Event(int(match["seat"]), move)


def parse(text: str) -> Move | Event:
    """Read a move or, when it starts with a seat number, an event."""
    if isinstance(text, str) and _EVENT_TEXT.match(text):
        return parse_event(text)
    return parse_move(text)


def parse_history(text: str) -> tuple[Event, ...]:
    """Read a history written one event per line or separated by ``;`` (blank lines and ``#`` comments skipped)."""
    events = []
    for line in text.replace(";", "\n").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            events.append(parse_event(line))
    return tuple(events)


def format_history(events: tuple[Event, ...] | list[Event]) -> str:
    """Write a history one event per line; ``parse_history`` reads it back."""
    return "\n".join(str(event) for event in events)
