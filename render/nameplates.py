"""A seat's nameplate: the turn marker, the seat's name (wrapped onto lines where it is long) and a pass/draw
badge, laid out once so that the table's geometry knows its size before anything is drawn."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, NamedTuple

from PIL import Image, ImageDraw

from . import marks
from .fonts import draw_text, text_width
from .geometry import Rect
from .theme import Theme

PartKind = Literal["turn", "text", "badge"]
Align = Literal["left", "middle", "right"]


class Part(NamedTuple):
    """One piece of a nameplate line and its width: the turn marker, some words of the name, or the badge."""

    kind: PartKind
    width: int
    text: str | None = None


@dataclass(frozen=True)
class Nameplate:
    """A nameplate laid out in lines, at one font size."""

    lines: tuple[tuple[Part, ...], ...]
    size: int
    line_height: int

    @property
    def gap(self) -> int:
        """Between two parts of a line."""
        return round(self.size * 0.45)

    def line_width(self, line: tuple[Part, ...]) -> int:
        return sum(p.width for p in line) + self.gap * (len(line) - 1)

    @property
    def width(self) -> int:
        return max((self.line_width(line) for line in self.lines), default=0)

    @property
    def height(self) -> int:
        return self.line_height * len(self.lines)


@lru_cache(maxsize=256)
def nameplate(text: str | None, to_move: bool, badge: str | None, badge_text: str | None, size: int,
              line_height: int, max_width: int, stacked: bool) -> Nameplate:
    """Lay out a nameplate no wider than ``max_width`` (a single word longer than that stays whole): the name's
    words wrapped onto lines, the turn marker before the first, the badge after the last or (``stacked``, a side
    seat, or when it does not fit) on a line of its own."""
    gap = round(size * 0.45)
    turn = Part("turn", size) if to_move else None
    first_room = max_width - (size + gap if turn else 0)
    lines: list[list[Part]] = [[Part("text", text_width(t, size), t)] for t in _wrap(text or "", size, first_room,
                                                                                      max_width)]
    if turn is not None:
        if lines:
            lines[0].insert(0, turn)
        else:
            lines.append([turn])
    if badge:
        pad = round(size * 0.4)
        words = text_width(badge_text, size) + pad if badge_text else 0
        part = Part("badge", pad + round(size * 0.9) + pad + words + 1)
        last = lines[-1] if lines else None
        if last is None or stacked or sum(p.width + gap for p in last) + part.width > max_width:
            lines.append([part])
        else:
            last.append(part)
    return Nameplate(tuple(tuple(line) for line in lines), size, line_height)


def _wrap(text: str, size: int, first: int, rest: int) -> list[str]:
    """``text`` cut between words into lines, the first no wider than ``first``, the others than ``rest``."""
    lines: list[str] = []
    for word in text.split():
        room = first if not lines else rest
        if lines and text_width(f"{lines[-1]} {word}", size) <= room:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


_POINTING = {"bottom": "up", "top": "down", "left": "right", "right": "left"}


def draw_nameplate(draw: ImageDraw.ImageDraw, image: Image.Image, plate: Nameplate, box: Rect, align: Align,
                   place: str, badge: str, badge_text: str | None, theme: Theme) -> None:
    """Draw ``plate`` in ``box``, each line aligned left, centred or right; the turn marker points to the
    middle of the table from ``place``."""
    size = plate.size
    for row, line in enumerate(plate.lines):
        width = plate.line_width(line)
        x = {"left": box.x0, "right": box.x1 - width}.get(align, box.x0 + (box.width - width) // 2)
        mid = box.y0 + row * plate.line_height + plate.line_height // 2
        for part in line:
            if part.kind == "turn":
                marks.triangle(draw, x + part.width / 2, mid, part.width, _POINTING[place], theme.accent,
                               theme.badge_bg)
            elif part.kind == "text":
                draw_text(image, (x, mid + round(size * 0.36)), part.text or "", size, theme.text, "ls",
                          max(1, size // 12), theme.badge_bg)
            else:
                marks.badge(draw, image, x, mid, badge, badge_text, theme, size)
            x += part.width + plate.gap
