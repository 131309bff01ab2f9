"""Marks drawn over the table: tap targets, hint checks, wrong-attempt crosses, outlines, turn markers, badges,
and a lesson's own highlights (dashed rings and frames, arrows, label tags).

Every mark has a shape of its own (ring, filled ring with a check, cross, triangle, icon, dashes), never colour
alone.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from .fonts import draw_text, text_width
from .geometry import Rect
from .theme import RGB, Theme


def outline(draw: ImageDraw.ImageDraw, rect: Rect, colour: RGB, width: int, gap: int, radius: float) -> None:
    """A rounded outline ``gap`` pixels outside ``rect``."""
    r = rect.grown(gap + width)
    draw.rounded_rectangle((r.x0, r.y0, r.x1 - 1, r.y1 - 1), radius=radius + gap + width, outline=colour,
                           width=width)


def ring(draw: ImageDraw.ImageDraw, cx: float, cy: float, radius: float, colour: RGB, width: int,
         fill: RGB | None = None) -> None:
    draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), outline=colour, width=width, fill=fill)


def check(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, colour: RGB, width: int) -> None:
    """A check mark (✓) centred on (cx, cy), ``size`` across."""
    s = size / 2
    points = [(cx - s * 0.8, cy + s * 0.05), (cx - s * 0.2, cy + s * 0.6), (cx + s * 0.85, cy - s * 0.6)]
    draw.line(points, fill=colour, width=width, joint="curve")


def cross(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, colour: RGB, width: int) -> None:
    """An X centred on (cx, cy), ``size`` across."""
    s = size / 2
    draw.line(((cx - s, cy - s), (cx + s, cy + s)), fill=colour, width=width)
    draw.line(((cx - s, cy + s), (cx + s, cy - s)), fill=colour, width=width)


def triangle(draw: ImageDraw.ImageDraw, cx: float, cy: float, size: float, pointing: str, colour: RGB,
             edge: RGB) -> None:
    """A filled triangle pointing ``"up"``, ``"down"``, ``"left"`` or ``"right"``: the seat to move."""
    s = size / 2
    shapes = {
        "up": ((cx - s, cy + s * 0.8), (cx + s, cy + s * 0.8), (cx, cy - s * 0.9)),
        "down": ((cx - s, cy - s * 0.8), (cx + s, cy - s * 0.8), (cx, cy + s * 0.9)),
        "right": ((cx - s * 0.8, cy - s), (cx - s * 0.8, cy + s), (cx + s * 0.9, cy)),
        "left": ((cx + s * 0.8, cy - s), (cx + s * 0.8, cy + s), (cx - s * 0.9, cy)),
    }
    draw.polygon(shapes[pointing], fill=colour, outline=edge)


def number_disc(draw: ImageDraw.ImageDraw, image: Image.Image, cx: float, cy: float, radius: float, number: int,
                theme: Theme, size: int, filled: bool = True) -> None:
    """An open end's number in a small disc (the beginner's label)."""
    if filled:
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=theme.badge_bg,
                     outline=theme.text, width=max(1, size // 12))
    draw_text(image, (cx, cy), str(number), size, theme.text, "mm")


def badge(draw: ImageDraw.ImageDraw, image: Image.Image, x: int, y_mid: int, kind: str, text: str | None, theme: Theme,
          size: int) -> int:
    """A pill-shaped "pass" or "draw" badge starting at ``x``: an icon (a barred circle for pass, a downward arrow
    for draw) and the caller's translated text, if any. Returns the width used."""
    h = round(size * 1.45)
    pad = round(size * 0.4)
    icon = round(size * 0.9)
    text_w = text_width(text, size) + pad if text else 0
    w = pad + icon + pad + text_w
    y0 = y_mid - h // 2
    draw.rounded_rectangle((x, y0, x + w, y0 + h), radius=h / 2, fill=theme.badge_bg, outline=theme.text,
                           width=max(1, size // 10))
    cx, cy = x + pad + icon / 2, y_mid
    line = max(2, size // 6)
    if kind == "pass":
        ring(draw, cx, cy, icon / 2, theme.text, line)
        r = icon / 2 * 0.7
        draw.line(((cx - r, cy + r), (cx + r, cy - r)), fill=theme.text, width=line)
    else:
        r = icon / 2
        draw.line(((cx, cy - r), (cx, cy + r * 0.6)), fill=theme.text, width=line)
        draw.polygon(((cx - r * 0.6, cy + r * 0.1), (cx + r * 0.6, cy + r * 0.1), (cx, cy + r)), fill=theme.text)
    if text:
        draw_text(image, (x + pad + icon + pad, y_mid), text, size, theme.text, "lm")
    return w


Point = tuple[float, float]


def _rounded_path(rect: Rect, radius: float) -> list[Point]:
    """The closed outline of a rounded rectangle (edges of ``rect`` as drawn: x1 and y1 exclusive), as points."""
    x0, y0, x1, y1 = rect.x0, rect.y0, rect.x1 - 1, rect.y1 - 1
    r = max(0.0, min(radius, (x1 - x0) / 2, (y1 - y0) / 2))
    corners = ((x1 - r, y0 + r, -90), (x1 - r, y1 - r, 0), (x0 + r, y1 - r, 90), (x0 + r, y0 + r, 180))
    points: list[Point] = []
    for cx, cy, start in corners:
        for k in range(7):
            a = math.radians(start + 15 * k)
            points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    points.append(points[0])
    return points


def _dashes(path: Sequence[Point], dash: float, gap: float) -> list[list[Point]]:
    """Cut a polyline into dashes ``dash`` long with ``gap`` between them."""
    pieces: list[list[Point]] = []
    current: list[Point] = [path[0]]
    drawing, left = True, dash
    for (ax, ay), (bx, by) in itertools.pairwise(path):
        length = math.hypot(bx - ax, by - ay)
        at = 0.0
        while length - at > left:
            at += left
            point = (ax + (bx - ax) * at / length, ay + (by - ay) * at / length)
            if drawing:
                current.append(point)
                pieces.append(current)
            else:
                current = [point]
            drawing = not drawing
            left = dash if drawing else gap
        left -= length - at
        if drawing:
            current.append((bx, by))
    if drawing and len(current) > 1:
        pieces.append(current)
    return pieces


def dashed_frame(draw: ImageDraw.ImageDraw, rect: Rect, radius: float, colour: RGB, halo: RGB, width: int,
                 dash: float, halo_width: int = 1) -> None:
    """A rounded frame on ``rect``'s edge: light dashes over a continuous dark halo, so it reads on felt and
    ivory alike and never looks like the solid outlines of the selection or the last tile."""
    draw.rounded_rectangle((rect.x0, rect.y0, rect.x1 - 1, rect.y1 - 1), radius=radius, outline=halo,
                           width=width + 2 * halo_width)
    inner = rect.grown(-halo_width - width // 2)
    for piece in _dashes(_rounded_path(inner, max(0.0, radius - halo_width - width // 2)), dash, dash * 0.6):
        draw.line(piece, fill=colour, width=width, joint="curve")


def dashed_ring(draw: ImageDraw.ImageDraw, cx: float, cy: float, radius: float, colour: RGB, halo: RGB,
                width: int, dash: float, halo_width: int = 1) -> None:
    """A dashed ring (light dashes over a dark halo) of outer ``radius`` around (cx, cy)."""
    box = (cx - radius, cy - radius, cx + radius, cy + radius)
    draw.ellipse(box, outline=halo, width=width + 2 * halo_width)
    h = halo_width
    inner = (box[0] + h, box[1] + h, box[2] - h, box[3] - h)
    count = max(6, 2 * round(math.pi * radius / (dash * 1.6) / 2))
    step = 360 / count
    for k in range(count):
        start = -90 + k * step
        draw.arc(inner, start, start + step * 0.62, fill=colour, width=width)


def arrow(draw: ImageDraw.ImageDraw, start: Point, end: Point, colour: RGB, halo: RGB, width: int,
          halo_width: int = 1) -> None:
    """A bold arrow from ``start`` to ``end`` (the tip), light over a dark halo."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0)
    if length < 1:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    head = min(length * 0.6, width * 3.2)
    half = head * 0.62
    bx, by = x1 - ux * head, y1 - uy * head  # base of the head
    shaft_end = (bx + ux * 1.5, by + uy * 1.5)
    hw = halo_width * 1.6
    tip_halo = (x1 + ux * hw, y1 + uy * hw)
    wing = (-uy * (half + hw), ux * (half + hw))
    back = (bx - ux * hw * 0.75, by - uy * hw * 0.75)
    draw.line((start, shaft_end), fill=halo, width=width + 2 * halo_width)
    draw.polygon((tip_halo, (back[0] + wing[0], back[1] + wing[1]), (back[0] - wing[0], back[1] - wing[1])),
                 fill=halo)
    draw.line((start, shaft_end), fill=colour, width=width)
    draw.polygon(((x1, y1), (bx - uy * half, by + ux * half), (bx + uy * half, by - ux * half)), fill=colour)


def tag_size(text: str, size: int) -> tuple[int, int]:
    """Width and height of a label tag holding ``text`` at font ``size``."""
    return text_width(text, size) + 2 * round(size * 0.55), round(size * 1.55)


def shortened(text: str, size: int, max_width: int) -> str:
    """``text``, cut with an ellipsis so that its tag is at most ``max_width`` wide."""
    if tag_size(text, size)[0] <= max_width:
        return text
    words = text.rstrip()
    while words and tag_size(words + "…", size)[0] > max_width:
        words = words[:-1].rstrip()
    return words + "…"


def tag(draw: ImageDraw.ImageDraw, image: Image.Image, rect: Rect, text: str, theme: Theme, size: int,
        towards: Point | None = None, side: str | None = None) -> None:
    """A rounded label tag filling ``rect``: dark text on the highlight colour with a dark rim (the inverse of the
    pass/draw badges, so a lesson's words never pass for a seat's badge). With ``side`` (where the tag sits:
    ``"above"``, ``"below"``, ``"left"``, ``"right"`` of its mark) a small tail points at ``towards``."""
    rim = max(1, size // 10)
    radius = rect.height * 0.3
    draw.rounded_rectangle((rect.x0, rect.y0, rect.x1 - 1, rect.y1 - 1), radius=radius, fill=theme.highlight,
                           outline=theme.badge_bg, width=rim)
    if towards is not None and side is not None:
        tail = tail_length(rect.height)
        half = tail * 0.9
        tx, ty = towards
        if side in ("above", "below"):
            x = min(max(tx, rect.x0 + radius + half), rect.x1 - radius - half)
            y = rect.y1 - 1 if side == "above" else rect.y0
            out = tail if side == "above" else -tail
            base = ((x - half, y - out / 3), (x + half, y - out / 3))
            apex = (x, y + out)
        else:
            y = min(max(ty, rect.y0 + radius + half), rect.y1 - radius - half)
            x = rect.x1 - 1 if side == "left" else rect.x0
            out = tail if side == "left" else -tail
            base = ((x - out / 3, y - half), (x - out / 3, y + half))
            apex = (x + out, y)
        draw.polygon((base[0], apex, base[1]), fill=theme.highlight)  # covers the rim where the tail joins
        draw.line((base[0], apex), fill=theme.badge_bg, width=rim)
        draw.line((apex, base[1]), fill=theme.badge_bg, width=rim)
    draw_text(image, rect.center, text, size, theme.badge_bg, "mm")


def tail_length(height: int) -> int:
    """How far a tag's tail reaches out from a tag ``height`` pixels high."""
    return max(3, round(height * 0.28))


def leader(draw: ImageDraw.ImageDraw, ends: tuple[Point, Point], colour: RGB, halo: RGB, width: int,
           halo_width: int = 1) -> None:
    """A thin line tying a tag that could not sit right beside its mark to it (``leader_path`` finds its ends),
    light over a dark halo."""
    draw.line(ends, fill=halo, width=width + 2 * halo_width)
    draw.line(ends, fill=colour, width=width)


def leader_path(tag_box: Rect, area: Rect, avoid: Sequence[Rect] = ()) -> tuple[tuple[Point, Point], bool]:
    """The ends of a leader line from a tag to its mark, and whether it crosses something in ``avoid``: straight
    up, down or across where the two face each other (at the first of a few places along them that crosses
    nothing), else from corner to corner."""
    options: list[tuple[Point, Point]] = []
    low, high = max(tag_box.x0, area.x0), min(tag_box.x1, area.x1)
    if high - low > 2:
        y0, y1 = (tag_box.y0, area.y1) if tag_box.y0 >= area.y1 else (tag_box.y1, area.y0)
        options += [((x, y0), (x, y1)) for x in _spread(low, high)]
    low, high = max(tag_box.y0, area.y0), min(tag_box.y1, area.y1)
    if high - low > 2:
        x0, x1 = (tag_box.x0, area.x1) if tag_box.x0 >= area.x1 else (tag_box.x1, area.x0)
        options += [((x0, y), (x1, y)) for y in _spread(low, high)]
    if not options:
        tx = tag_box.x0 if tag_box.x0 >= area.x1 else tag_box.x1 - 1
        ty = tag_box.y0 if tag_box.y0 >= area.y1 else tag_box.y1 - 1
        ax = area.x1 - 1 if tag_box.x0 >= area.x1 else area.x0
        ay = area.y1 - 1 if tag_box.y0 >= area.y1 else area.y0
        options.append(((tx, ty), (ax, ay)))
    for ends in options:
        if not _crosses(ends, avoid):
            return ends, False
    return options[0], True


def _spread(low: int, high: int) -> list[float]:
    """Places along [low, high] to try a leader at: the middle first, then towards either side."""
    middle, span = (low + high) / 2, (high - low) / 2 - 2
    return [middle + f * span for f in (0.0, -0.5, 0.5, -0.9, 0.9)]


def _crosses(ends: tuple[Point, Point], avoid: Sequence[Rect]) -> bool:
    (x0, y0), (x1, y1) = ends
    count = max(1, round(math.hypot(x1 - x0, y1 - y0) / 3))
    points = [(x0 + (x1 - x0) * k / count, y0 + (y1 - y0) * k / count) for k in range(1, count)]
    return any(r.contains(x, y) for r in avoid for x, y in points)
