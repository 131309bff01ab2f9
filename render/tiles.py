"""Tile sprites: ivory faces with standard pips, face-down backs, in both orientations, drawn once and cached.

A sprite is an RGBA image of one tile plus its soft drop shadow; the tile itself starts ``pad`` pixels in, so a
tile whose rectangle starts at ``(x, y)`` is pasted at ``(x - pad, y - pad)``. A horizontal tile is two units wide
and one high, its first number on the left; a vertical tile has its first number on top.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from PIL import Image, ImageDraw, ImageFilter

from .theme import Theme

Kind = Literal["face", "back", "dim"]

_SUPERSAMPLE = 4  # draw large, shrink once: smooth round pips and corners at any size
_A, _B = 0.24, 0.76  # pip rows/columns inside a half, as fractions of the half
PIP_RADIUS = 0.088  # fraction of a unit
PIP_CENTRES: dict[int, tuple[tuple[float, float], ...]] = {
    0: (),
    1: ((0.5, 0.5),),
    2: ((_A, _A), (_B, _B)),
    3: ((_A, _A), (0.5, 0.5), (_B, _B)),
    4: ((_A, _A), (_B, _A), (_A, _B), (_B, _B)),
    5: ((_A, _A), (_B, _A), (0.5, 0.5), (_A, _B), (_B, _B)),
    6: ((_A, _A), (0.5, _A), (_B, _A), (_A, _B), (0.5, _B), (_B, _B)),
}
"""Pip centres in a half drawn on a horizontal tile, (x, y) as fractions of the half: the standard patterns."""


@dataclass(frozen=True)
class Sprite:
    """A cached tile picture: ``image`` (RGBA) with the tile ``pad`` pixels in from the top-left corner."""

    image: Image.Image
    pad: int

    def paste_onto(self, canvas: Image.Image, x: int, y: int) -> None:
        """Paste so that the tile's own top-left corner lands on ``(x, y)``."""
        canvas.paste(self.image, (x - self.pad, y - self.pad), self.image)


def _radius(unit: int) -> float:
    return unit * 0.16


def _rim(unit: int) -> int:
    return max(1, round(unit / 20))


@lru_cache(maxsize=512)
def _face(first: int, second: int, unit: int, theme: Theme) -> Image.Image:
    """A horizontal face (RGBA, no shadow): ``first`` on the left half, ``second`` on the right."""
    s = _SUPERSAMPLE
    w, h = 2 * unit * s, unit * s
    gradient = Image.linear_gradient("L").resize((w, h))
    face = Image.composite(
        Image.new("RGB", (w, h), theme.face_shade), Image.new("RGB", (w, h), theme.face), gradient
    )
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), radius=_radius(unit) * s, fill=255)
    draw = ImageDraw.Draw(face)
    draw.rounded_rectangle(
        (0, 0, w - 1, h - 1), radius=_radius(unit) * s, outline=theme.edge, width=_rim(unit) * s
    )
    half = unit * s
    divider = max(1, round(unit / 14)) * s
    draw.line(
        ((half, round(h * 0.16)), (half, round(h * 0.84))), fill=theme.divider, width=divider
    )
    r = PIP_RADIUS * unit * s
    for index, number in enumerate((first, second)):
        for px, py in PIP_CENTRES[number]:
            cx, cy = (index + px) * half, py * half
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=theme.pip)
    face.putalpha(mask)
    return face.resize((2 * unit, unit), Image.Resampling.BOX)


@lru_cache(maxsize=64)
def _back(unit: int, theme: Theme) -> Image.Image:
    """A horizontal face-down tile (RGBA, no shadow)."""
    s = _SUPERSAMPLE
    w, h = 2 * unit * s, unit * s
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    radius = _radius(unit) * s
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, fill=theme.back, outline=theme.edge,
                           width=_rim(unit) * s)
    inset = round(unit * 0.16) * s
    draw.rounded_rectangle(
        (inset, inset, w - 1 - inset, h - 1 - inset),
        radius=radius * 0.6,
        outline=theme.back_trim,
        width=max(1, round(unit / 16)) * s,
    )
    c = unit * 0.14 * s
    cx, cy = w / 2, h / 2
    draw.polygon(((cx - c, cy), (cx, cy - c), (cx + c, cy), (cx, cy + c)), fill=theme.back_trim)
    return image.resize((2 * unit, unit), Image.Resampling.BOX)


def _with_shadow(tile: Image.Image, unit: int, theme: Theme) -> Sprite:
    offset = max(1, round(unit / 12))
    blur = max(1, round(unit / 10))
    pad = offset + 2 * blur
    w, h = tile.size
    sprite = Image.new("RGBA", (w + 2 * pad, h + 2 * pad), (0, 0, 0, 0))
    if theme.shadow_alpha:
        alpha = tile.getchannel("A").point(lambda a: a * theme.shadow_alpha // 255)
        shadow = Image.new("L", sprite.size, 0)
        shadow.paste(alpha, (pad + offset, pad + offset))
        shadow = shadow.filter(ImageFilter.GaussianBlur(blur))
        sprite.putalpha(shadow)
    sprite.alpha_composite(tile, (pad, pad))
    return Sprite(sprite, pad)


def _dimmed(face: Image.Image, theme: Theme) -> Image.Image:
    rgb = Image.blend(face.convert("RGB"), Image.new("RGB", face.size, theme.felt), 0.55)
    rgb.putalpha(face.getchannel("A"))
    return rgb


@lru_cache(maxsize=2048)
def tile_sprite(
    first: int, second: int, unit: int, vertical: bool, theme: Theme, kind: Kind = "face"
) -> Sprite:
    """The cached sprite of a tile showing ``first`` then ``second`` (left to right, or top to bottom).

    ``kind`` is ``"face"``, ``"back"`` (face down; the numbers are ignored) or ``"dim"`` (a face, faded: a tile
    that cannot be played now).
    """
    if kind == "back":
        image = _back(unit, theme)
    else:
        image = _face(first, second, unit, theme) if not vertical else _face(second, first, unit, theme)
        if kind == "dim":
            image = _dimmed(image, theme)
    if vertical:
        # A quarter turn anticlockwise puts the right half on top: _face(second, first) then reads first on top.
        image = image.transpose(Image.Transpose.ROTATE_90)
    return _with_shadow(image, unit, theme)

