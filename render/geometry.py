"""Integer rectangles in picture pixels: the one shape the layout, the drawing and the click map share."""

from __future__ import annotations

from typing import NamedTuple


class Rect(NamedTuple):
    """A pixel rectangle: ``x0 <= x < x1`` and ``y0 <= y < y1`` (so touching rectangles do not overlap)."""

    x0: int
    y0: int
    x1: int
    y1: int

    @property
    def width(self) -> int:
        return self.x1 - self.x0

    @property
    def height(self) -> int:
        return self.y1 - self.y0

    @property
    def center(self) -> tuple[float, float]:
        return ((self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2)

    def contains(self, x: float, y: float) -> bool:
        return self.x0 <= x < self.x1 and self.y0 <= y < self.y1

    def overlaps(self, other: Rect) -> bool:
        """True when the two share area; sharing only an edge is not an overlap."""
        return self.x0 < other.x1 and other.x0 < self.x1 and self.y0 < other.y1 and other.y0 < self.y1

    def inside(self, other: Rect) -> bool:
        return other.x0 <= self.x0 and other.y0 <= self.y0 and self.x1 <= other.x1 and self.y1 <= other.y1

    def moved(self, dx: int, dy: int) -> Rect:
        return Rect(self.x0 + dx, self.y0 + dy, self.x1 + dx, self.y1 + dy)

    def grown(self, by: int) -> Rect:
        return Rect(self.x0 - by, self.y0 - by, self.x1 + by, self.y1 + by)

    def clipped(self, other: Rect) -> Rect:
        return Rect(max(self.x0, other.x0), max(self.y0, other.y0), min(self.x1, other.x1), min(self.y1, other.y1))

    def union(self, other: Rect) -> Rect:
        return Rect(min(self.x0, other.x0), min(self.y0, other.y0), max(self.x1, other.x1), max(self.y1, other.y1))

    @classmethod
    def around(cls, cx: float, cy: float, width: float, height: float) -> Rect:
        """The rectangle of the given size centred on ``(cx, cy)``, rounded to whole pixels."""
        x0 = round(cx - width / 2)
        y0 = round(cy - height / 2)
        return cls(x0, y0, x0 + round(width), y0 + round(height))
