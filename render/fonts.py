"""The label font: bundled DejaVu Sans Bold (covers Papiamentu and Spanish accents), loaded once per size."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

_BUNDLED = Path(__file__).with_name("fonts") / "DejaVuSans-Bold.ttf"
_SYSTEM = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@lru_cache(maxsize=32)
def font(size: int) -> Font:
    """DejaVu Sans Bold at ``size`` pixels: the bundled copy, else the system one, else Pillow's default font.

    Pillow's own scalable default lacks accented letters ("Kòrda", "ñ"), hence the bundled TTF.
    """
    for path in (_BUNDLED, _SYSTEM):
        if path.exists():
            return ImageFont.truetype(str(path), size)
    return ImageFont.load_default(size=size)  # pragma: no cover - only when the bundled file is missing


@lru_cache(maxsize=1024)
def _text_sprite(
    text: str, size: int, fill: tuple[int, int, int], anchor: str, stroke: int, stroke_fill: tuple[int, int, int]
) -> tuple[Image.Image, int, int]:
    f = font(size)
    left, top, right, bottom = f.getbbox(text, anchor=anchor, stroke_width=stroke)
    image = Image.new("RGBA", (max(1, right - left), max(1, bottom - top)), (0, 0, 0, 0))
    ImageDraw.Draw(image).text((-left, -top), text, font=f, fill=fill, anchor=anchor, stroke_width=stroke,
                               stroke_fill=stroke_fill)
    return image, left, top


def draw_text(
    canvas: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: tuple[int, int, int],
    anchor: str = "la",
    stroke: int = 0,
    stroke_fill: tuple[int, int, int] = (0, 0, 0),
) -> None:
    """Draw text like ``ImageDraw.text``, from a cached sprite: labels repeat from frame to frame, and shaping
    text costs far more than pasting it."""
    image, left, top = _text_sprite(text, size, fill, anchor, stroke, stroke_fill)
    canvas.paste(image, (round(xy[0]) + left, round(xy[1]) + top), image)


@lru_cache(maxsize=1024)
def text_width(text: str, size: int) -> int:
    """Advance width of ``text`` at ``size`` pixels (cached, like the text sprites)."""
    return round(font(size).getlength(text))
