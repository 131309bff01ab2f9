"""Moves and history events, with their text notation both ways ("0 plays 6-5 right", "1 draws", "1 passes").

>>> parse("2 plays 5-4 up"), str(Play(Tile(5, 4), "up"))
(Event(seat=2, move=Play(tile=Tile(5, 4), end='up'), drawn=None, scored=0), 'plays 5-4 up')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from .tile import ALL_TILES, Tile

End = Literal["left", "right", "up", "down"]
#: The two ends of a line (every table without a spinner).
ENDS: tuple[End, End] = ("left", "right")
#: Every end a tile can be played on: a spinner also opens ``up`` and ``down`` (all-fives, S3).
ALL_ENDS: tuple[End, End, End, End] = ("left", "right", "up", "down")


@dataclass(frozen=True, slots=True)
class Play:
    """Put ``tile`` at an open end (``"left"``, ``"right"``, or a spinner's ``"up"``/``"down"``); ``None`` leads."""

    tile: Tile
    end: End | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.tile, Tile):
            object.__setattr__(self, "tile", Tile.coerce(self.tile))
        if self.end is not None and self.end not in ALL_ENDS:
            raise ValueError(f"end={self.end!r}: use 'left', 'right', 'up', 'down' or None (for the lead)")

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
    (tile, end): Play(tile, end) for tile in ALL_TILES for end in (None, *ALL_ENDS)
}


@dataclass(frozen=True, slots=True)
class Event:
    """A move as it happened: who made it. ``drawn`` is the tile a draw took (hidden from the notation);
    ``scored`` the points a play scored at once for the player's side (all-fives, S5; 0 everywhere else).

    >>> from engine import Position, Rules
    >>> pos = Position.setup(Rules.all_fives(), [["4-2", "1-1"], ["6-6"]], ["3-5", "5-4"])
    >>> pos.apply("plays 4-2 right").history[-1].scored
    5
    """

    seat: int
    move: Move
    drawn: Tile | None = field(default=None, compare=False)
    scored: int = field(default=0, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.seat, int) or isinstance(self.seat, bool) or not 0 <= self.seat <= 3:
            raise ValueError(f"seat={self.seat!r}: a seat is a whole number 0 to 3")
        if self.move.__class__ not in (Play, Draw, Pass):
            raise TypeError(f"move={self.move!r}: an event's move is a Play, a Draw or a Pass")
        if self.drawn is not None and (self.move.__class__ is not Draw or self.drawn.__class__ is not Tile):
            raise ValueError(f"drawn={self.drawn!r}: only a draw takes a tile, and it is a Tile")
        if self.scored and (self.move.__class__ is not Play or self.scored.__class__ is not int or self.scored < 0):
            raise ValueError(f"scored={self.scored!r}: only a play scores, a whole number of points")

    def __str__(self) -> str:
        return f"{self.seat} {self.move}"


_MOVE_TEXT = re.compile(
    r"^\s*(?:(?P<verb>plays|leads)\s+(?P<tile>\S+)(?:\s+(?P<end>left|right|up|down))?"
    r"|(?P<draw>draws)|(?P<pass>passes))\s*$"
)
# The regex's end group, typed: only these four names can match it.
_END_NAMES: dict[str, End] = {end: end for end in ALL_ENDS}
_EVENT_TEXT = re.compile(r"^\s*(?P<seat>[0-9]+)\s+(?P<move>.*)$")


def parse_move(text: str) -> Move:
    """Read a move: ``"plays 6-5 right"``, ``"plays 6-6"`` (a lead; ``"leads 6-6"`` too), ``"draws"``, ``"passes"``.

    A spinner's sides are ends too: ``"plays 5-4 up"``, ``"plays 5-4 down"``.
    """
    match = _MOVE_TEXT.match(text) if isinstance(text, str) else None
    if match is None:
        raise ValueError(f"not a move: {text!r}; write 'plays 6-5 right', 'plays 6-6' (a lead), 'draws' or 'passes'")
    if match["draw"]:
        return DRAW
    if match["pass"]:
        return PASS
    if match["verb"] == "leads" and match["end"]:
        raise ValueError(f"not a move: {text!r}; a lead has no end")
    return PLAYS[Tile.parse(match["tile"]), _END_NAMES.get(match["end"])]


def parse_event(text: str) -> Event:
    """Read an event: a seat number, then a move (``"0 plays 6-5 right"``)."""
    match = _EVENT_TEXT.match(text) if isinstance(text, str) else None
    if match is None:
        raise ValueError(f"not an event: {text!r}; write a seat number and a move, like '0 plays 6-5 right'")
    try:
        move = parse_move(match["move"])
        return Event(int(match["seat"]), move)
    except ValueError as error:
        raise ValueError(f"not an event: {text!r}; {error}") from None


def parse(text: str) -> Move | Event:
    """Read a move or, when it starts with a seat number, an event."""
    if isinstance(text, str) and _EVENT_TEXT.match(text):
        return parse_event(text)
    return parse_move(text)


def parse_history(text: str) -> tuple[Event, ...]:
    """Read a history written one event per line or separated by ``;`` (blank lines and ``#`` comments skipped).

    >>> [str(e) for e in parse_history("0 plays 6-6; 1 passes  # nothing fits; 2 would draw")]
    ['0 plays 6-6', '1 passes']
    """
    if not isinstance(text, str):
        raise TypeError(f"parse_history reads text, not {text!r}")
    events = []
    for line in text.splitlines():
        # The comment goes first: a ";" inside it is part of the comment, not a separator.
        for part in line.split("#", 1)[0].split(";"):
            if part.strip():
                events.append(parse_event(part))
    return tuple(events)


def format_history(events: tuple[Event, ...] | list[Event]) -> str:
    """Write a history one event per line; ``parse_history`` reads it back."""
    if isinstance(events, str | bytes) or not hasattr(events, "__iter__"):
        raise TypeError(f"format_history writes a sequence of events, not {events!r}")
    events = tuple(events)
    for event in events:
        if not isinstance(event, Event):
            raise TypeError(f"format_history writes events, not {event!r}")
    return "\n".join(str(event) for event in events)
