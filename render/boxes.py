"""The boxes of a picture: the rectangle of every tile, text label, end circle and the stock as drawn, so that a
test (or a browser, after scaling them to the size shown) can check that no label covers a tile and that what a
finger taps is large enough."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from engine import End, Tile

from .geometry import Rect

BoxKind = Literal["tile", "label", "end", "stock"]
Where = Literal["hand", "line", "loose", "seat", "tag", "stock", "end", "lead"]


@dataclass(frozen=True)
class Box:
    """One thing drawn, in the picture's own pixels.

    - ``"tile"``: ``where`` is ``"hand"`` (``seat`` holds it), ``"line"`` or ``"loose"``; ``tile`` names it
      unless it lies face down (a box never gives a hidden tile away);
    - ``"label"``: text on the felt — a seat's nameplate (``"seat"``, with its ``seat``; the turn marker and a
      pass/draw badge are part of it), a lesson highlight's tag (``"tag"``), the stock's count (``"stock"``);
      ``text`` is what it says;
    - ``"end"``: the circle at an open end (``end`` is ``"left"`` or ``"right"``; ``where`` ``"end"``), or the
      place of the first tile on an empty line (``where`` ``"lead"``): the tap targets beyond the line;
    - ``"stock"``: the stock's pile of face-down tiles.
    """

    kind: BoxKind
    rect: Rect
    where: Where | None = None
    seat: int | None = None
    tile: Tile | None = None
    end: End | None = None
    text: str | None = None

    def scaled(self, factor: float) -> Rect:
        """The rectangle in the pixels of the picture shown ``factor`` times its own size."""
        r = self.rect
        return Rect(round(r.x0 * factor), round(r.y0 * factor), round(r.x1 * factor), round(r.y1 * factor))

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data (tiles as text), the rectangle as x0, y0, x1, y1 (x1 and y1 exclusive)."""
        return {"kind": self.kind, "x0": self.rect.x0, "y0": self.rect.y0, "x1": self.rect.x1, "y1": self.rect.y1,
                "where": self.where, "seat": self.seat, "tile": None if self.tile is None else str(self.tile),
                "end": self.end, "text": self.text}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Box:
        """The box ``to_dict`` wrote (a browser test reads the boxes back from the page)."""
        tile = data.get("tile")
        return cls(data["kind"], Rect(data["x0"], data["y0"], data["x1"], data["y1"]), data.get("where"),
                   data.get("seat"), None if tile is None else Tile.parse(tile), data.get("end"), data.get("text"))


def _may_overlap(a: Box, b: Box) -> bool:
    """Two boxes allowed to share pixels: only face-down tiles of one hand squeezed together (their faces are
    not shown, so nothing is hidden)."""
    return (a.kind == b.kind == "tile" and a.where == b.where == "hand" and a.seat == b.seat
            and a.tile is None and b.tile is None)


def clashes(boxes: Iterable[Box]) -> list[tuple[Box, Box]]:
    """Every pair of boxes that overlap where nothing may: a label over anything, an end circle over a tile, the
    stock or the other end, two tiles (except face-down ones squeezed in one hand), a tile over the stock."""
    found = []
    items: Sequence[Box] = tuple(boxes)
    for i, a in enumerate(items):
        for b in items[i + 1:]:
            if a.rect.overlaps(b.rect) and not _may_overlap(a, b):
                found.append((a, b))
    return found
