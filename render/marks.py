"""Marks drawn over the table: tap targets, hint checks, wrong-attempt crosses, outlines, turn markers, badges.

Every mark has a shape of its own (ring, filled ring with a check, cross, triangle, icon), never colour alone.
"""

from __future__ import annotations

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
