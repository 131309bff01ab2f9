"""The click map: what each tappable part of a table picture is, and which one a click at (x, y) hit.

Regions are small named tuples whose first field is their kind, so they compare equal to plain tuples:
``HandTile("hand", 0, tile) == ("hand", 0, tile)``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal, NamedTuple

from engine import End, Tile

from .geometry import Rect


class HandTile(NamedTuple):
    """A tile in the viewer's own hand: tap to select it (tap again to cancel)."""

    kind: Literal["hand"]
    seat: int
    tile: Tile


class SeatTiles(NamedTuple):
    """Another seat's tiles (face down, or face up in teacher mode), as one region per seat."""

    kind: Literal["seat"]
    seat: int


class OpenEnd(NamedTuple):
    """The tap target beyond an open end of the line (``"left"`` or ``"right"``); ``("lead", None)`` on an
    empty line, where the first tile goes."""

    kind: Literal["end", "lead"]
    end: End | None


class Stock(NamedTuple):
    """The stock pile (1-vs-1): tap to draw."""

    kind: Literal["stock"]


Region = HandTile | SeatTiles | OpenEnd | Stock


@dataclass(frozen=True)
class ClickMap:
    """Regions and their rectangles in the picture's own pixels, in drawing order (the last one drawn is on top)."""

    width: int
    height: int
    regions: tuple[tuple[Region, Rect], ...]

    def resolve(
        self, x: float, y: float, displayed_width: float | None = None, displayed_height: float | None = None
    ) -> Region | None:
        """The region under a click at ``(x, y)``, or ``None`` for empty felt.

        Give the size the picture was shown at (for example 360 px wide for a 720 px picture) when the click
        comes in those coordinates; a missing height follows the width's ratio.
        """
        sx = self.width / displayed_width if displayed_width else 1.0
        sy = self.height / displayed_height if displayed_height else sx
        px, py = x * sx, y * sy
        for region, rect in reversed(self.regions):
            if rect.contains(px, py):
                return region
        return None

    def rect_of(self, region: Region | tuple) -> Rect | None:
        """The rectangle of a region (``None`` if the picture has no such region)."""
        return next((rect for r, rect in self.regions if r == region), None)

    def __iter__(self) -> Iterator[tuple[Region, Rect]]:
        return iter(self.regions)
