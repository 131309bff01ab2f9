"""The text alternative of a table picture, as language-neutral data: the lessons and the app turn it into words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import End, Placed, Tile


@dataclass(frozen=True)
class SeatDescription:
    """One seat: its role key and side of the picture, its tiles if shown face up (else ``None``) and their count,
    whether it is to move, its badge (``"pass"``/``"draw"``) and any loose tiles shown turned up beside it."""

    seat: int
    role: str
    place: str
    tiles: tuple[Tile, ...] | None
    count: int
    to_move: bool
    badge: str | None
    loose: tuple[Tile, ...] = ()


@dataclass(frozen=True)
class EndDescription:
    """An open end: the number it shows (``None`` while the picture conceals the end numbers); ``fits`` is
    whether the selected tile fits there when hints are on (``None`` otherwise); ``wrong`` marks the end of a
    wrong attempt."""

    end: End
    number: int | None
    fits: bool | None = None
    wrong: bool = False


@dataclass(frozen=True)
class HighlightDescription:
    """A lesson highlight as drawn: its kind and target, its label text, and where the picture shows it.

    ``place`` is where the tile was found (``"line"``, ``"hand"``, ``"loose"``), ``"end"`` for an open end,
    ``"seat"`` for a seat, or ``None`` when the picture cannot show it (a face-down tile, an end of an empty line);
    ``number`` is the end's number for an end or an arrow; ``seat`` is the seat holding a hand or loose tile.
    """

    kind: str
    label: str | None = None
    tile: Tile | None = None
    end: End | None = None
    seat: int | None = None
    number: int | None = None
    place: str | None = None

    @property
    def shown(self) -> bool:
        """Whether the picture shows this highlight."""
        return self.place is not None


@dataclass(frozen=True)
class TableDescription:
    """Everything the picture shows, as data (tiles are ``engine.Tile``; ``str(tile)`` gives ``"6-5"``).

    ``concealed`` lists the facts the picture hides while a question asks for them (``"stock_count"``,
    ``"end_numbers"``): their values are left out here too (``stock`` and the ends' and highlights' numbers are
    ``None``), and a text built from this description must not say them.
    """

    players: int
    viewer: int
    line: tuple[Placed, ...]  # left to right
    lead_index: int | None
    ends: tuple[EndDescription, ...]
    seats: tuple[SeatDescription, ...]
    stock: int | None  # None when the rules use no stock, or while its count is concealed
    to_move: int | None  # None once the hand is over
    last_play: tuple[int, Tile, End | None] | None  # (seat, tile, end)
    selected: Tile | None
    wrong: tuple[Tile, End | None] | None  # (tile, end) of a wrong attempt
    dimmed: tuple[Tile, ...]  # tiles drawn faded because they cannot be played now
    hand_over: bool
    highlights: tuple[HighlightDescription, ...] = ()  # a lesson's own marks, in the order given
    concealed: frozenset[str] = frozenset()

    @property
    def has_stock(self) -> bool:
        """Whether the table has a stock (drawn even while its count is concealed)."""
        return self.stock is not None or "stock_count" in self.concealed
    # The other tables (render/scores.py): whether the lead is a spinner, the open ends' count as written out,
    # each side's total with the target (katsika: reaching it loses, and the side in danger), the points each
    # seat's last play scored, and the tiles out of play.
    spinner: bool = False
    count: tuple[int, ...] | None = None
    totals: tuple[int, ...] | None = None
    target: int | None = None
    target_loses: bool = False
    danger: int | None = None
    scored: tuple[tuple[int, int], ...] = ()
    out_of_play: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data, tiles written as text ("6-5")."""

        def tiles(values: tuple[Tile, ...] | None) -> list[str] | None:
            return None if values is None else [str(t) for t in values]

        return {
            "players": self.players,
            "viewer": self.viewer,
            "line": [{"tile": str(p.tile), "left": p.left, "right": p.right} for p in self.line],
            "lead_index": self.lead_index,
            "ends": [vars(e).copy() for e in self.ends],
            "seats": [
                {**vars(s), "tiles": tiles(s.tiles), "loose": tiles(s.loose)} for s in self.seats
            ],
            "stock": self.stock,
            "to_move": self.to_move,
            "last_play": None if self.last_play is None else
            {"seat": self.last_play[0], "tile": str(self.last_play[1]), "end": self.last_play[2]},
            "selected": None if self.selected is None else str(self.selected),
            "wrong": None if self.wrong is None else {"tile": str(self.wrong[0]), "end": self.wrong[1]},
            "dimmed": tiles(self.dimmed),
            "hand_over": self.hand_over,
            "highlights": [
                {**vars(h), "tile": None if h.tile is None else str(h.tile), "shown": h.shown}
                for h in self.highlights
            ],
            "arms": [p.arm for p in self.line] if self.spinner else None,
            "spinner": self.spinner,
            "count": None if self.count is None else list(self.count),
            "totals": None if self.totals is None else list(self.totals),
            "target": self.target,
            "target_loses": self.target_loses,
            "danger": self.danger,
            "scored": [list(pair) for pair in self.scored],
            "out_of_play": self.out_of_play,
            "concealed": sorted(self.concealed),
            "has_stock": self.has_stock,
        }
