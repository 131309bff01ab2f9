"""Drawing a lesson's own marks (``TableView.highlights``): a highlighted end, tile or seat, an arrow from a tile
to an end, each with an optional short label in a tag beside it.

They are drawn in a shape of their own (light dashes over a dark halo, a bold arrow, a light tag with dark text),
so they never pass for the selection, the last tile, a hint or a wrong attempt, with or without colour.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from PIL import Image, ImageDraw

from . import marks
from .description import HighlightDescription
from .geometry import Rect
from .theme import Theme, scaled

if TYPE_CHECKING:
    from .table import Highlight


@dataclass(frozen=True)
class TileTarget:
    """A tile as drawn: its rectangle, where it lies, the seat holding it, and how far out its frame goes
    (further when a selection or wrong-attempt outline already surrounds it)."""

    rect: Rect
    place: Literal["line", "hand", "loose"]
    seat: int | None = None
    outlined: bool = False


@dataclass(frozen=True)
class EndTarget:
    """An open end's target cell as drawn: its centre, the radius already used by marks there, its number."""

    center: tuple[float, float]
    radius: float
    number: int


@dataclass
class Targets:
    """Everything a highlight may point at, collected while the table is drawn, and what a tag should not hide."""

    tiles: dict[Any, TileTarget] = field(default_factory=dict)
    ends: dict[str, EndTarget] = field(default_factory=dict)
    seats: dict[int, Rect] = field(default_factory=dict)
    avoid: list[Rect] = field(default_factory=list)


def draw_highlights(image: Image.Image, draw: ImageDraw.ImageDraw, highlights: Sequence[Highlight],
                    targets: Targets, theme: Theme, scale: float, label_size: int) -> tuple[HighlightDescription, ...]:
    """Draw the highlights over the finished table (arrows, then frames and rings, then label tags on top) and
    return their descriptions in the order given."""
    s = scale
    width = scaled(theme.mark_width, s)
    dash = scaled(5, s)
    halo = scaled(1, s)
    canvas = Rect(0, 0, *image.size)
    described: list[HighlightDescription] = []
    tags: list[tuple[str, Rect, Sequence[str]]] = []  # label, the marked area, preferred sides
    shafts: list[Rect] = []  # small boxes along the arrows, which a tag should not hide either

    for h in highlights:
        if h.kind == "arrow":
            tile = targets.tiles.get(h.tile)
            end = targets.ends.get(h.end or "")
            if tile is None or end is None:
                continue
            start, tip = _arrow_points(tile.rect, end, _ring_radius(end, s), scaled(3, s))
            stroke = max(3, scaled(3.5, s))
            marks.arrow(draw, start, tip, theme.highlight, theme.badge_bg, stroke, halo)
            shafts.extend(_along(start, tip, 4 * stroke))

    for h in highlights:
        place: str | None = None
        number = None
        seat = h.seat
        area: Rect | None = None
        sides: Sequence[str] = ("above", "below", "right", "left")
        if h.kind in ("end", "arrow"):
            end = targets.ends.get(h.end or "")
            tile = targets.tiles.get(h.tile) if h.kind == "arrow" else None
            if end is not None:
                number = end.number
            if end is not None and (h.kind == "end" or tile is not None):
                radius = _ring_radius(end, s)
                cx, cy = end.center
                marks.dashed_ring(draw, cx, cy, radius, theme.highlight, theme.badge_bg, width, dash, halo)
                area = Rect.around(cx, cy, 2 * radius, 2 * radius)
                place = "end" if tile is None else tile.place
                seat = None if tile is None else tile.seat
        elif h.kind == "tile":
            tile = targets.tiles.get(h.tile)
            if tile is not None:
                gap = scaled(2, s) + (2 * scaled(2, s) + scaled(1, s) if tile.outlined else 0)
                frame = tile.rect.grown(gap + width)
                unit = min(tile.rect.width, tile.rect.height) / 2
                marks.dashed_frame(draw, frame, unit * 0.16 + gap + width, theme.highlight, theme.badge_bg, width,
                                   dash, halo)
                area, place, seat = frame, tile.place, tile.seat
                sides = ("above", "below", "right", "left") if tile.place != "line" else (
                    "below", "above", "right", "left")
        elif h.kind == "seat" and h.seat in targets.seats:
            plate = targets.seats[h.seat]
            frame = plate.grown(scaled(3, s) + width)
            radius = min(frame.height / 2, scaled(8, s))
            marks.dashed_frame(draw, frame, radius, theme.highlight, theme.badge_bg, width, dash, halo)
            area, place = frame, "seat"
            sides = ("right", "left", "below", "above")
        described.append(HighlightDescription(h.kind, h.label, h.tile, h.end, seat, number, place))
        if area is not None and h.label:
            tags.append((h.label, area, sides))

    size = max(8, round(label_size * 0.9))
    placed: list[Rect] = []
    margin = scaled(3, s)
    inside = canvas.grown(-margin)
    max_width = max(size * 4, round(canvas.width * 0.5))
    for text, area, sides in tags:
        text = marks.shortened(text, size, max_width)
        w, ht = marks.tag_size(text, size)
        gap = marks.tail_length(ht) + scaled(1, s)
        rect, side = _place_tag(area, w, ht, sides, gap, inside, targets.avoid, placed,
                                [a for _, a, _ in tags] + shafts)
        marks.tag(draw, image, rect, text, theme, size, area.center, side)
        placed.append(rect)
    return tuple(described)


def _ring_radius(end: EndTarget, scale: float) -> float:
    """The dashed ring of an end goes just outside the ring or number disc already drawn there."""
    return end.radius + scaled(4, scale)


def _arrow_points(rect: Rect, end: EndTarget, ring: float, gap: int) -> tuple[tuple[float, float],
                                                                             tuple[float, float]]:
    """From the tile's edge towards the end's cell, the tip stopping just outside the end's dashed ring."""
    (tx, ty), (cx, cy) = rect.center, end.center
    dx, dy = cx - tx, cy - ty
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    # Leave the tile where the ray crosses its edge.
    half_w, half_h = rect.width / 2 + gap, rect.height / 2 + gap
    t = min(half_w / abs(ux) if ux else math.inf, half_h / abs(uy) if uy else math.inf)
    start = (tx + ux * t, ty + uy * t)
    stop = ring + gap
    tip = (cx - ux * stop, cy - uy * stop)
    if math.hypot(tip[0] - start[0], tip[1] - start[1]) < gap * 3:
        return start, (cx, cy)
    return start, tip


def _along(start: tuple[float, float], end: tuple[float, float], size: int) -> list[Rect]:
    """Square boxes of ``size`` centred every ``size`` pixels from ``start`` to ``end``."""
    (x0, y0), (x1, y1) = start, end
    count = max(1, round(math.hypot(x1 - x0, y1 - y0) / size))
    return [Rect.around(x0 + (x1 - x0) * k / count, y0 + (y1 - y0) * k / count, size, size) for k in range(count + 1)]


def _overlap(a: Rect, b: Rect) -> int:
    w = min(a.x1, b.x1) - max(a.x0, b.x0)
    h = min(a.y1, b.y1) - max(a.y0, b.y0)
    return w * h if w > 0 and h > 0 else 0


def _place_tag(area: Rect, w: int, h: int, sides: Sequence[str], gap: int, inside: Rect, avoid: Sequence[Rect],
               placed: Sequence[Rect], marked: Sequence[Rect]) -> tuple[Rect, str | None]:
    """The tag's rectangle beside ``area`` and the side it sits on (``None`` when pushed onto the mark by the
    picture's edge): the first preferred side, kept inside the picture, that hides the least (other tags and
    marked things weigh most, then tiles, end marks and names)."""
    reach = Rect(area.x0 - w - 2 * gap, area.y0 - h - 2 * gap, area.x1 + w + 2 * gap, area.y1 + h + 2 * gap)
    avoid = [r for r in avoid if r.overlaps(reach)]  # only what a tag beside this mark could ever cover
    placed = [r for r in placed if r.overlaps(reach)]
    marked = [r for r in marked if r.overlaps(reach)]
    cx, cy = area.center
    spots = {
        "above": (cx - w / 2, area.y0 - gap - h),
        "below": (cx - w / 2, area.y1 + gap),
        "right": (area.x1 + gap, cy - h / 2),
        "left": (area.x0 - gap - w, cy - h / 2),
    }
    best: tuple[float, Rect, str | None] | None = None
    for rank, side in enumerate(sides):
        x, y = spots[side]
        x = min(max(x, inside.x0), inside.x1 - w)
        y = min(max(y, inside.y0), inside.y1 - h)
        rect = Rect(round(x), round(y), round(x) + w, round(y) + h)
        near = rect.grown(gap)  # touching something else would tie the tag to it
        cost = 50 * sum(_overlap(near, r) for r in placed)
        cost += 20 * sum(_overlap(near if r != area else rect, r) for r in marked)
        cost += sum(_overlap(near, r) for r in avoid)
        cost += rank * 0.5  # the preferred side wins a tie
        if best is None or cost < best[0]:
            best = (cost, rect, side if not rect.overlaps(area) else None)
    assert best is not None
    return best[1], best[2]
