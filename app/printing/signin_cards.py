"""Learners' sign-in cards as PDF: A4 sheets of eight cards to cut out, each with the learner's nickname, class,
personal code and a QR code that opens the app and signs the learner in (the code rides in the address's
``#fragment``, which a browser never sends to the server)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import segno
from PIL import Image, ImageDraw, ImageFont

from app.i18n import Words
from app.printing.page import A4, BOX, HEADING, INK, MUTED, RULE, Document, font, wrap
from app.storage.classes import IssuedCode

Box = tuple[int, int, int, int]

COLUMNS, ROWS = 2, 4
PER_PAGE = COLUMNS * ROWS
#: Paper a printer may not reach, round the sheet's grid of cards (about 6 mm).
SHEET_MARGIN = 36
CARD = ((A4[0] - 2 * SHEET_MARGIN) // COLUMNS, (A4[1] - 2 * SHEET_MARGIN) // ROWS)  # 584 × 420 px: 99 × 71 mm
PAD = 22
#: The QR code with its quiet zone (four modules, as the standard asks) fits this square: a module of 5 or 6 pixels
#: (about a millimetre) and a code of 3 cm or more, which a phone's camera reads at arm's length.
QR_BOX = 216
QR_BORDER = 4
QR_MAX_MODULE = 7
QR_GAP = 14  # between the texts and the QR code's quiet zone
#: The code, under the texts and the QR code: its symbols each in a cell of the same width (a hyphen in half a cell),
#: so that it reads like a ticket's typewriter letters and its three groups stand apart.
CODE_SIZE, CODE_CELL, CODE_SPACING, CODE_ROW = 50, 46, 8, 72
TOP_BAND = 212  # the texts beside the QR code: app, card title, nickname, class
DASH = (10, 8)  # the cut line round a card: drawn, left out (pixels)


def signin_link(base: str, code: str) -> str:
    """The address a card's QR code opens: the app, with the code in the fragment (never sent to the server)."""
    return f"{base.rstrip('/')}/#signin={code}"


def signin_cards(issued: Sequence[IssuedCode], class_name: str, words: Words, base: str) -> bytes:
    """The sign-in cards of ``issued`` learners of the class ``class_name`` as a PDF, in ``words``' language;
    ``base`` is the app's address as the browser reached it."""
    doc, _placed = card_sheets(issued, class_name, words, base)
    return doc.pdf()


@dataclass(frozen=True)
class PlacedCard:
    """Where one learner's card went: its page, the card's box, its QR code's box (quiet zone included), and the
    spot (left end of the baseline) and size its nickname was written at, in page pixels — to read it back."""

    issued: IssuedCode
    page: int
    box: Box
    qr: Box
    nickname_at: tuple[int, int]
    nickname_size: int


def card_sheets(issued: Sequence[IssuedCode], class_name: str, words: Words,
                base: str) -> tuple[Document, tuple[PlacedCard, ...]]:
    """The sheets of cards, row by row, eight to a page, with where each card went."""
    doc = Document(words("teacher.cards.document", name=class_name))
    texts = CardTexts.of(words, class_name)
    placed = []
    for number, learner in enumerate(issued):
        if number % PER_PAGE == 0:
            doc.new_page()
        row, column = divmod(number % PER_PAGE, COLUMNS)
        left, top = SHEET_MARGIN + column * CARD[0], SHEET_MARGIN + row * CARD[1]
        card = Card(doc.pages[-1], (left, top, left + CARD[0], top + CARD[1]))
        placed.append(card.draw(learner, texts, signin_link(base, learner.code), len(doc.pages) - 1))
    return doc, tuple(placed)


def qr_picture(link: str) -> Image.Image:
    """The QR code of ``link`` with its quiet zone, black on white, at whole pixels a module, as big as fits
    `QR_BOX` (error correction M, or Q where the same size allows it)."""
    code = segno.make(link, error="m", micro=False)
    modules = code.symbol_size(scale=1, border=QR_BORDER)[0]
    rows = code.matrix_iter(scale=1, border=QR_BORDER)
    small = Image.frombytes("L", (modules, modules), bytes(0 if dark else 255 for row in rows for dark in row))
    scale = max(1, min(QR_MAX_MODULE, QR_BOX // modules))
    return small.resize((modules * scale, modules * scale), Image.Resampling.NEAREST)


@dataclass(frozen=True)
class CardTexts:
    """The words every card of a class shares, in the teacher's language."""

    app: str
    title: str
    class_line: str
    how: tuple[str, str]  # how to sign in with the card; keep it to yourself

    @classmethod
    def of(cls, words: Words, class_name: str) -> CardTexts:
        """The card's words in ``words``' language, for the class ``class_name``."""
        return cls(words("app.title"), words("teacher.cards.title"), words("teacher.cards.class", name=class_name),
                   (words("teacher.cards.scan"), words("teacher.cards.private")))


@dataclass
class Card:
    """One card being drawn into ``box`` of a sheet."""

    page: Image.Image
    box: Box

    def draw(self, learner: IssuedCode, texts: CardTexts, link: str, page_number: int) -> PlacedCard:
        """The card of ``learner``: texts on the left and the QR code on the right, the code across under them, how
        to use the card at the bottom, and a dashed line round it to cut along."""
        pen = ImageDraw.Draw(self.page)
        left, top, right, bottom = self.box
        _dashed_box(pen, self.box)
        picture = qr_picture(link)
        qr = (right - PAD // 2 - picture.width, top + PAD // 2, right - PAD // 2, top + PAD // 2 + picture.height)
        self.page.paste(picture, qr[:2])
        column = qr[0] - QR_GAP - (left + PAD)
        x, y = left + PAD, top + PAD
        y = _write(pen, (x, y), [texts.app], font(21), MUTED)
        title_size, title = _one_line(texts.title, column, bold=True, sizes=range(30, 17, -2))
        y = _write(pen, (x, y), [title], font(title_size, bold=True), HEADING) + 8
        size, name = _one_line(learner.nickname, column, bold=True, sizes=range(44, 9, -2))
        nickname_at = (x, y + size)
        pen.text(nickname_at, name, font=font(size, bold=True), fill=INK, anchor="ls")
        y += round(size * 1.3)
        class_size, class_lines = _fitted(texts.class_line, column, sizes=range(22, 13, -2), max_lines=2)
        _write(pen, (x, y), class_lines, font(class_size), MUTED)
        y = max(qr[3], top + TOP_BAND) + 4
        _code(self.page, (x, y, right - PAD, y + CODE_ROW), learner.code)
        y += CODE_ROW + 12
        how_size, how = _fitted_all(texts.how, right - left - 2 * PAD, bottom - PAD // 2 - y, sizes=range(21, 12, -1))
        for lines, color in zip(how, (INK, MUTED), strict=True):
            y = _write(pen, (x, y), lines, font(how_size), color)
        return PlacedCard(learner, page_number, self.box, qr, nickname_at, size)


def _write(pen: ImageDraw.ImageDraw, at: tuple[int, int], lines: Sequence[str], face: ImageFont.FreeTypeFont,
           color: tuple[int, int, int]) -> int:
    """Lines from ``at`` down; the height under the last one."""
    x, y = at
    step = round(face.size * 1.3)
    for line in lines:
        pen.text((x, y + face.size), line, font=face, fill=color, anchor="ls")
        y += step
    return y


def _one_line(text: str, width: int, *, bold: bool, sizes: range) -> tuple[int, str]:
    """The biggest of ``sizes`` that writes ``text`` on one line ``width`` wide (a nickname is never broken)."""
    for size in sizes:
        if font(size, bold).getlength(text) <= width:
            break
    return size, text


def _fitted(text: str, width: int, *, sizes: range, max_lines: int) -> tuple[int, list[str]]:
    """The biggest of ``sizes`` that wraps ``text`` into at most ``max_lines`` lines (at the smallest, the lines
    beyond are left out, with an ellipsis)."""
    for size in sizes:
        lines = wrap(text, font(size), width)
        if len(lines) <= max_lines:
            return size, lines
    return size, [*lines[: max_lines - 1], lines[max_lines - 1] + "…"]


def _fitted_all(texts: Sequence[str], width: int, height: int, *, sizes: range) -> tuple[int, list[list[str]]]:
    """The biggest of ``sizes`` at which the paragraphs ``texts``, wrapped to ``width``, fit ``height``."""
    for size in sizes:
        paragraphs = [wrap(text, font(size), width) for text in texts]
        if sum(map(len, paragraphs)) * round(size * 1.3) <= height:
            break
    return size, paragraphs


@lru_cache(maxsize=64)
def code_symbol(char: str) -> tuple[Image.Image, int]:
    """A symbol of the printed code as a mask of its ink (255), no wider than a cell less its spacing (a wide letter,
    M or W, is narrowed, as a typewriter's is), and how far its top is from the baseline (negative: above it)."""
    face = font(CODE_SIZE, bold=True)
    left, top, right, bottom = face.getbbox(char, anchor="ls")
    mask = Image.new("L", (right - left, bottom - top), 0)
    ImageDraw.Draw(mask).text((-left, -top), char, font=face, fill=255, anchor="ls")
    widest = CODE_CELL - CODE_SPACING
    return (mask if mask.width <= widest else mask.resize((widest, mask.height), Image.Resampling.LANCZOS)), top


def _code(page: Image.Image, box: Box, code: str) -> None:
    """The personal code in large letters on a light band, each symbol centred in a cell of its own."""
    ImageDraw.Draw(page).rounded_rectangle(box, radius=12, fill=BOX, outline=RULE, width=2)
    cells = [CODE_CELL // 2 if char == "-" else CODE_CELL for char in code]
    x = box[0] + (box[2] - box[0] - sum(cells)) // 2
    cap = font(CODE_SIZE, bold=True).getbbox("H", anchor="ls")[1]  # the capitals' height (negative: up)
    baseline = (box[1] + box[3] - cap) // 2
    for char, cell in zip(code, cells, strict=True):
        mask, top = code_symbol(char)
        at = (x + (cell - mask.width) // 2, baseline + top)
        page.paste(MUTED if char == "-" else INK, (*at, at[0] + mask.width, at[1] + mask.height), mask)
        x += cell


def _dashed_box(pen: ImageDraw.ImageDraw, box: Box) -> None:
    """A light dashed line round ``box``: where to cut (two neighbours' lines fall on each other)."""
    left, top, right, bottom = box
    on, off = DASH
    for start in range(left, right, on + off):
        for y in (top, bottom):
            pen.line((start, y, min(start + on, right), y), fill=RULE, width=2)
    for start in range(top, bottom, on + off):
        for x in (left, right):
            pen.line((x, start, x, min(start + on, bottom)), fill=RULE, width=2)
