"""Drawing a lesson's own marks (``TableView.highlights``): a highlighted end, tile or seat, an arrow from a tile
to an end, each with an optional short label in a tag beside it.

They are drawn in a shape of their own (light dashes over a dark halo, a bold arrow, a light tag with dark text),
so they never pass for the selection, the last tile, a hint or a wrong attempt, with or without colour.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from PIL import Image, ImageDraw

from engine import Tile

from . import marks
from .description import HighlightDescription
from .geometry import Rect
from .theme import Theme, scaled
from .view import Highlight

Side = Literal["above", "below", "right", "left"]
Tag = tuple[str, Rect]  # a label tag drawn: its text and box
_AROUND: tuple[Side, ...] = ("above", "below", "right", "left")


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
    """An open end's target as drawn: its centre, the radius of its square (its marks lie within it), and its
    number (``None`` while the picture conceals it)."""

    center: tuple[float, float]
    radius: float
    number: int | None


@dataclass
class Targets:
    """Everything a highlight may point at, collected while the table is drawn."""

    tiles: dict[Tile, TileTarget] = field(default_factory=dict)
    ends: dict[str, EndTarget] = field(default_factory=dict)
    seats: dict[int, Rect] = field(default_factory=dict)


@dataclass(frozen=True)
class _Pen:
    """The strokes every highlight shares at one scale: dash width and length, the dark halo."""

    theme: Theme
    scale: float

    @property
    def width(self) -> int:
        return scaled(self.theme.mark_width, self.scale)

    @property
    def dash(self) -> int:
        return scaled(5, self.scale)

    @property
    def halo(self) -> int:
        return scaled(1, self.scale)


def draw_highlights(image: Image.Image, draw: ImageDraw.ImageDraw, highlights: Sequence[Highlight],
                    targets: Targets, theme: Theme, scale: float, label_size: int,
                    drawn: Sequence[Rect] = ()) -> tuple[tuple[HighlightDescription, ...], tuple[Tag, ...]]:
    """Draw the highlights over the finished table (arrows, then frames and rings, then label tags on top).

    ``drawn`` are the boxes of everything already on the table (tiles, end circles, names, the stock): a tag
    never covers one of them, nor another tag or mark. Returns the highlights' descriptions in the order given,
    and each tag drawn, as (text, box)."""
    pen = _Pen(theme, scale)
    shafts: list[Rect] = []  # small boxes along the arrows, which a tag should not hide either
    for h in highlights:
        if h.kind == "arrow":
            shafts += _draw_arrow(draw, h, targets, pen)
    described: list[HighlightDescription] = []
    tags: list[tuple[str, Rect, Sequence[Side]]] = []  # label, the marked area, preferred sides
    for h in highlights:
        description, area, sides = _draw_mark(draw, h, targets, pen)
        described.append(description)
        if area is not None and h.label:
            tags.append((h.label, area, sides))
    placed = _draw_tags(image, draw, tags, drawn, shafts, pen, label_size)
    return tuple(described), placed


def _draw_arrow(draw: ImageDraw.ImageDraw, h: Highlight, targets: Targets, pen: _Pen) -> list[Rect]:
    """An arrow from its tile to its end, when both are in the picture; returns boxes along its shaft."""
    tile = targets.tiles.get(h.tile) if h.tile is not None else None
    end = targets.ends.get(h.end or "")
    if tile is None or end is None:
        return []
    s = pen.scale
    start, tip = _arrow_points(tile.rect, end, _ring_radius(end, s), scaled(3, s))
    stroke = max(3, scaled(3.5, s))
    marks.arrow(draw, start, tip, pen.theme.highlight, pen.theme.badge_bg, stroke, pen.halo)
    return _along(start, tip, 4 * stroke)


def _draw_mark(draw: ImageDraw.ImageDraw, h: Highlight, targets: Targets,
               pen: _Pen) -> tuple[HighlightDescription, Rect | None, Sequence[Side]]:
    """The dashed ring or frame of one highlight: its description, the area it marks (None when the picture
    cannot show it) and the sides its label would rather sit on."""
    if h.kind in ("end", "arrow"):
        return _mark_end(draw, h, targets, pen)
    if h.kind == "tile":
        tile = targets.tiles.get(h.tile) if h.tile is not None else None
        if tile is None:
            return HighlightDescription(h.kind, h.label, h.tile, h.end, h.seat), None, _AROUND
        s = pen.scale
        gap = scaled(2, s) + (2 * scaled(2, s) + scaled(1, s) if tile.outlined else 0)
        frame = tile.rect.grown(gap + pen.width)
        unit = min(tile.rect.width, tile.rect.height) / 2
        marks.dashed_frame(draw, frame, unit * 0.16 + gap + pen.width, pen.theme.highlight, pen.theme.badge_bg,
                           pen.width, pen.dash, pen.halo)
        sides: tuple[Side, ...] = _AROUND if tile.place != "line" else ("below", "above", "right", "left")
        return HighlightDescription(h.kind, h.label, h.tile, h.end, tile.seat, None, tile.place), frame, sides
    plate = targets.seats.get(h.seat) if h.seat is not None else None
    if plate is None:
        return HighlightDescription(h.kind, h.label, h.tile, h.end, h.seat), None, _AROUND
    frame = plate.grown(scaled(3, pen.scale) + pen.width)
    radius = min(frame.height / 2, scaled(8, pen.scale))
    marks.dashed_frame(draw, frame, radius, pen.theme.highlight, pen.theme.badge_bg, pen.width, pen.dash, pen.halo)
    return HighlightDescription(h.kind, h.label, h.tile, h.end, h.seat, None, "seat"), frame, \
        ("right", "left", "below", "above")


def _mark_end(draw: ImageDraw.ImageDraw, h: Highlight, targets: Targets,
              pen: _Pen) -> tuple[HighlightDescription, Rect | None, Sequence[Side]]:
    """The dashed ring on an open end (for an end, or the end an arrow points at)."""
    end = targets.ends.get(h.end or "")
    tile = targets.tiles.get(h.tile) if (h.kind == "arrow" and h.tile is not None) else None
    number = end.number if end is not None else None
    if end is None or (h.kind == "arrow" and tile is None):
        return HighlightDescription(h.kind, h.label, h.tile, h.end, h.seat, number), None, _AROUND
    radius = _ring_radius(end, pen.scale)
    cx, cy = end.center
    marks.dashed_ring(draw, cx, cy, radius, pen.theme.highlight, pen.theme.badge_bg, pen.width, pen.dash, pen.halo)
    place = "end" if tile is None else tile.place
    seat = None if tile is None else tile.seat
    return (HighlightDescription(h.kind, h.label, h.tile, h.end, seat, number, place),
            Rect.around(cx, cy, 2 * radius, 2 * radius), _AROUND)


def _draw_tags(image: Image.Image, draw: ImageDraw.ImageDraw, tags: Sequence[tuple[str, Rect, Sequence[Side]]],
               drawn: Sequence[Rect], shafts: Sequence[Rect], pen: _Pen,
               label_size: int) -> tuple[tuple[str, Rect], ...]:
    """The label tags, each as near its mark as it can be without covering anything drawn, shortened to fit the
    picture; a tag that cannot sit right beside its mark is tied to it by a thin leader line."""
    s = pen.scale
    size = max(8, round(label_size * 0.9))
    placed: list[tuple[str, Rect]] = []
    canvas = Rect(0, 0, *image.size)
    inside = canvas.grown(-scaled(3, s))
    max_width = max(size * 4, round(canvas.width * 0.5))
    marked = [a for _, a, _ in tags]
    for text, area, sides in tags:
        text = marks.shortened(text, size, max_width)
        w, ht = marks.tag_size(text, size)
        gap = marks.tail_length(ht) + scaled(1, s)
        hard = [*drawn, *marked, *(r for _, r in placed)]
        rect, side, beside = _place_tag(area, w, ht, sides, gap, inside, hard, shafts)
        if not beside:
            ends = _leader(rect, area, hard)
            marks.leader(draw, ends, pen.theme.highlight, pen.theme.badge_bg, max(1, pen.width - 1), pen.halo)
        marks.tag(draw, image, rect, text, pen.theme, size, area.center, side if beside else None)
        placed.append((text, rect))
    return tuple(placed)


def _ring_radius(end: EndTarget, scale: float) -> float:
    """The dashed ring of an end goes round the circle already drawn there, inside the end's square."""
    return end.radius


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


_SLIDES = (0.0, -0.35, 0.35, -0.7, 0.7)  # how far a tag slides along its side, in tag lengths


def _place_tag(area: Rect, w: int, h: int, sides: Sequence[Side], gap: int, inside: Rect, hard: Sequence[Rect],
               soft: Sequence[Rect]) -> tuple[Rect, Side | None, bool]:
    """Where a ``w`` x ``h`` tag goes: beside ``area`` on the first preferred side where it covers nothing in
    ``hard`` (nor ``area`` itself), sliding along that side if need be, else further out, ring by ring, where its
    leader line to the mark crosses nothing either (else the nearest place whose leader does); among equally
    near places, the one covering least of ``soft`` (an arrow's shaft). Returns the box, the side it sits on,
    and whether it is right beside the mark (else it needs a leader line). If no place anywhere is free, the
    least covering one beside the mark."""
    step = max(4, h // 2)
    crossing: tuple[int, Rect, Side] | None = None  # the nearest free place whose leader crosses something
    for extra in range(0, max(inside.width, inside.height), step):
        clear, crosses = _ring(area, w, h, sides, gap, extra, inside, hard, soft)
        if clear is not None:
            return clear[0], clear[1], extra == 0
        if crossing is None and crosses is not None:
            crossing = (extra, *crosses)
    if crossing is not None:
        return crossing[1], crossing[2], False
    fallback = min((_beside(area, w, h, side, gap, 0.0, inside) for side in sides),
                   key=lambda rect: sum(_overlap(rect, r) for r in hard))
    return fallback, None, False


def _ring(area: Rect, w: int, h: int, sides: Sequence[Side], gap: int, extra: int, inside: Rect,
          hard: Sequence[Rect], soft: Sequence[Rect]) -> tuple[tuple[Rect, Side] | None, tuple[Rect, Side] | None]:
    """The best free place ``extra`` pixels further out than right beside the mark, and the best one whose
    leader line would cross something (each None when there is none)."""
    reach = area.grown(gap + extra + max(w, h))
    near_hard = [r for r in [*hard, area] if r.overlaps(reach)]
    near_soft = [r for r in soft if r.overlaps(reach)]
    clear: tuple[float, Rect, Side] | None = None
    crossing: tuple[float, Rect, Side] | None = None
    for rank, side in enumerate(sides):
        for k, slide in enumerate(_SLIDES):
            rect = _beside(area, w, h, side, gap + extra, slide, inside)
            if any(rect.overlaps(r) for r in near_hard):
                continue
            place = (sum(_overlap(rect, r) for r in near_soft) + rank * 2 + k, rect, side)
            if extra and _leader_crosses(rect, area, hard):
                crossing = place if crossing is None or place[0] < crossing[0] else crossing
            else:
                clear = place if clear is None or place[0] < clear[0] else clear
    return (None if clear is None else (clear[1], clear[2])), (None if crossing is None else (crossing[1], crossing[2]))


def _leader_crosses(tag: Rect, area: Rect, hard: Sequence[Rect]) -> bool:
    """Whether every leader line from a tag to its mark would pass over something drawn."""
    return marks.leader_path(tag, area, [r for r in hard if r != area])[1]


def _leader(tag: Rect, area: Rect, hard: Sequence[Rect]) -> tuple[tuple[float, float], tuple[float, float]]:
    """The leader line from a tag to its mark: one with a little room round what it passes, if there is one."""
    room = max(2, area.width // 40)
    roomy, crosses = marks.leader_path(tag, area, [r.grown(room) for r in hard if r != area])
    return marks.leader_path(tag, area, [r for r in hard if r != area])[0] if crosses else roomy


def _beside(area: Rect, w: int, h: int, side: Side, distance: int, slide: float, inside: Rect) -> Rect:
    """A ``w`` x ``h`` box ``distance`` away from ``area`` on ``side``, slid along it by ``slide`` tag lengths,
    kept inside the picture."""
    cx, cy = area.center
    if side in ("above", "below"):
        x = cx - w / 2 + slide * w
        y = area.y0 - distance - h if side == "above" else area.y1 + distance
    else:
        x = area.x1 + distance if side == "right" else area.x0 - distance - w
        y = cy - h / 2 + slide * h
    x = min(max(x, inside.x0), inside.x1 - w)
    y = min(max(y, inside.y0), inside.y1 - h)
    return Rect(round(x), round(y), round(x) + w, round(y) + h)
