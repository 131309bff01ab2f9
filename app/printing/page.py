"""Printed pages made with Pillow: A4 sheets laid out top to bottom (text wrapped in DejaVu Sans, which covers every
language the app speaks and Greek and Esperanto too, and table pictures), saved as one PDF."""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from render import TablePicture

DPI = 150
A4 = (1240, 1754)  # 210 × 297 mm at 150 dots per inch
MARGIN = 110
WIDTH = A4[0] - 2 * MARGIN
PAPER = (255, 255, 255)
INK = (24, 28, 26)
MUTED = (88, 94, 90)
HEADING = (20, 84, 50)
RULE = (196, 200, 192)
BOX = (242, 246, 240)
JPEG_QUALITY = 92  # pips and letters stay crisp; a page is about 200 kB

FONTS = Path(__file__).resolve().parents[2] / "render" / "fonts"
REGULAR, BOLD = FONTS / "DejaVuSans.ttf", FONTS / "DejaVuSans-Bold.ttf"

# Text sizes in pixels at 150 dpi (a point is 150/72 pixels): body about 12 pt.
TITLE, HEADER, BODY, SMALL = 54, 36, 26, 21


@lru_cache(maxsize=32)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans (regular or bold) at ``size`` pixels, bundled in ``render/fonts``."""
    return ImageFont.truetype(str(BOLD if bold else REGULAR), size)


def wrap(text: str, face: ImageFont.FreeTypeFont, width: int) -> list[str]:
    """``text`` broken into lines no wider than ``width`` pixels, at spaces (a word too long for a line is cut)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if face.getlength(candidate) <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            while face.getlength(word) > width:  # a link or a very long word: cut it where it overflows
                cut = max(1, next(i for i in range(len(word), 0, -1) if face.getlength(word[:i]) <= width))
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


@dataclass(frozen=True)
class PlacedPicture:
    """Where a table picture went: its page, its box on the page (pixels) and the picture as drawn, so a reader
    can map the picture's click map onto the page."""

    page: int
    box: tuple[int, int, int, int]
    picture: TablePicture

    @property
    def ratio(self) -> float:
        """Page pixels per picture pixel."""
        return (self.box[2] - self.box[0]) / self.picture.image.width


@dataclass
class Document:
    """A printed document being laid out: blocks go down the page; one that does not fit starts a new page."""

    title: str
    footer: str = ""
    pages: list[Image.Image] = field(default_factory=list)
    pictures: list[PlacedPicture] = field(default_factory=list)
    y: int = MARGIN

    def new_page(self) -> None:
        """Start a fresh sheet (with the footer, if any)."""
        page = Image.new("RGB", A4, PAPER)
        if self.footer:
            face = font(SMALL)
            ImageDraw.Draw(page).text((MARGIN, A4[1] - MARGIN // 2), self.footer, font=face, fill=MUTED,
                                      anchor="ls")
        self.pages.append(page)
        self.y = MARGIN

    @property
    def room(self) -> int:
        """Pixels left on the current page."""
        return A4[1] - MARGIN - self.y if self.pages else 0

    def keep(self, height: int) -> None:
        """Make sure ``height`` pixels fit on the current page (else start a new one)."""
        if not self.pages or height > self.room:
            self.new_page()

    @property
    def draw(self) -> ImageDraw.ImageDraw:
        """A pen on the current page."""
        return ImageDraw.Draw(self.pages[-1])

    def text(self, text: str, size: int = BODY, *, bold: bool = False, color: tuple[int, int, int] = INK,
             indent: int = 0, after: int = 12, width: int = WIDTH) -> None:
        """A paragraph, wrapped to the page's width (minus ``indent``); lines go to the next page if needed."""
        face = font(size, bold)
        step = round(size * 1.35)
        for line in wrap(text, face, width - indent):
            self.keep(step)
            self.draw.text((MARGIN + indent, self.y), line, font=face, fill=color)
            self.y += step
        self.y += after

    def height_of(self, text: str, size: int = BODY, *, bold: bool = False, indent: int = 0) -> int:
        """How tall `text` would be."""
        return len(wrap(text, font(size, bold), WIDTH - indent)) * round(size * 1.35)

    def bullets_height(self, items: list[str], size: int = BODY, mark: str = "•") -> int:
        """How tall ``bullets(items)`` would be."""
        indent = round(font(size).getlength(f"{mark}  "))
        return sum(self.height_of(item, size, indent=indent) + 8 for item in items)

    def bullets(self, items: list[str], size: int = BODY, mark: str = "•") -> None:
        """A list, one item per paragraph, with a mark hanging at the left."""
        indent = round(font(size).getlength(f"{mark}  "))
        for item in items:
            self.keep(round(size * 1.35))
            self.draw.text((MARGIN, self.y), mark, font=font(size, True), fill=HEADING)
            self.text(item, size, indent=indent, after=8)

    def rule(self, after: int = 24) -> None:
        """A thin line across the page."""
        self.keep(2 + after)
        self.draw.line((MARGIN, self.y, MARGIN + WIDTH, self.y), fill=RULE, width=2)
        self.y += 2 + after

    def picture(self, drawn: TablePicture, max_height: int, after: int = 20) -> PlacedPicture:
        """A table picture centred across the page, shrunk to fit ``max_height`` and the page's width."""
        image = drawn.image
        ratio = min(WIDTH / image.width, max_height / image.height, 1.0)
        size = (round(image.width * ratio), round(image.height * ratio))
        self.keep(size[1] + after)
        left = MARGIN + (WIDTH - size[0]) // 2
        shown = image.convert("RGB") if ratio == 1.0 else image.convert("RGB").resize(size, Image.Resampling.LANCZOS)
        self.pages[-1].paste(shown, (left, self.y))
        placed = PlacedPicture(len(self.pages) - 1, (left, self.y, left + size[0], self.y + size[1]), drawn)
        self.pictures.append(placed)
        self.y += size[1] + after
        return placed

    def pdf(self) -> bytes:
        """The document as PDF: one page image per A4 sheet."""
        if not self.pages:
            self.new_page()
        out = io.BytesIO()
        first, *rest = self.pages
        first.save(out, "PDF", save_all=True, append_images=rest, resolution=DPI, quality=JPEG_QUALITY,
                   title=self.title, author="La Plaza dominoes", producer="La Plaza dominoes (Pillow)")
        return out.getvalue()
