"""Learners' sign-in cards read back from the PDF with independent readers: pypdf for the pages and their images,
zxing-cpp for every QR code (each opens ``<app>/#signin=<that learner's code>``, with its quiet zone and a size a
phone reads), and the nickname compared with the same words written afresh; the card's texts in every language,
with a glyph for every letter."""

from __future__ import annotations

import io
from urllib.parse import urlsplit

import pytest
import zxingcpp
from PIL import Image, ImageChops, ImageDraw
from pypdf import PdfReader

from app.i18n import Words
from app.printing import DPI, PlacedCard, card_sheets, signin_cards, signin_link
from app.printing.page import A4, INK, PAPER, font
from app.printing.signin_cards import CardTexts
from app.storage.accounts import new_personal_code, normal_personal_code
from app.storage.classes import IssuedCode
from tests.app_support import LANGUAGES, LIBRARY

BASE = "https://plaza.school.example"
A4_POINTS = (595.2, 841.92)
CARD_KEYS = ("teacher.cards.document", "teacher.cards.title", "teacher.cards.class", "teacher.cards.scan",
             "teacher.cards.private")
#: Nicknames in every alphabet a class may use (the longest a nickname may be, too) and a long class name.
NICKNAMES = ["Ana", "Ζωή Παπαδοπούλου", "Тимофей", "Jean-Baptiste O'Neil", "WWWWWWWWWWWWWWWWWWWWWWWW", "Ĉiuĵaŭde",
             "Shanaïra", "Ελένη", "Мария-Луиза"]
CLASS = "4B — Juffrouw Rosa's afternoon dominoes, room 12"


def roster(nicknames: list[str]) -> list[IssuedCode]:
    """Learners just put on a roster, each with a fresh personal code."""
    return [IssuedCode(nickname, f"m:{number}", new_personal_code()) for number, nickname in enumerate(nicknames)]


def read_pdf(data: bytes) -> PdfReader:
    """The PDF parsed by pypdf."""
    assert data.startswith(b"%PDF-")
    return PdfReader(io.BytesIO(data))


def page_images(reader: PdfReader) -> list[Image.Image]:
    """The one picture each page is made of, decoded from the PDF."""
    images = []
    for page in reader.pages:
        (image,) = page.images
        images.append(image.image.convert("RGB"))
    return images


def qr_codes(image: Image.Image) -> list[zxingcpp.Barcode]:
    """Every QR code zxing-cpp finds on a page image."""
    return [found for found in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode) if found.valid]


def corners(found: zxingcpp.Barcode) -> tuple[int, int, int, int]:
    """The box round a decoded QR code's symbol (its quiet zone outside it), in page pixels."""
    points = [found.position.top_left, found.position.top_right, found.position.bottom_right,
              found.position.bottom_left]
    return (min(p.x for p in points), min(p.y for p in points), max(p.x for p in points), max(p.y for p in points))


def inside(box: tuple[int, int, int, int], outer: tuple[int, int, int, int]) -> bool:
    return outer[0] <= box[0] and outer[1] <= box[1] and box[2] <= outer[2] and box[3] <= outer[3]


def test_the_link_carries_the_code_in_the_fragment_only() -> None:
    """The code never rides in the path or the query, which reach the server and its logs."""
    for base in (BASE, f"{BASE}/", "http://127.0.0.1:8501", "https://school.example/plaza"):
        link = urlsplit(signin_link(base, "K4M-R8X-2PQ"))
        assert (link.query, link.fragment) == ("", "signin=K4M-R8X-2PQ")
        assert "K4M" not in link.path and not link.path.endswith("//")
    assert signin_link(BASE, "K4M-R8X-2PQ") == f"{BASE}/#signin=K4M-R8X-2PQ"


def test_a_class_of_30_prints_on_4_a4_pages_and_each_qr_code_signs_in_its_own_learner() -> None:
    issued = roster([f"Learner {number}" for number in range(1, 31)])
    doc, placed = card_sheets(issued, "4B", Words(LIBRARY.texts, "en"), BASE)
    reader = read_pdf(signin_cards(issued, "4B", Words(LIBRARY.texts, "en"), BASE))
    assert len(reader.pages) == 4
    for page in reader.pages:
        box = page.mediabox
        assert (round(float(box.width), 1), round(float(box.height), 1)) == (A4_POINTS[0], round(A4_POINTS[1], 1))
    assert "4B" in reader.metadata.title
    images = page_images(reader)
    assert [image.size for image in images] == [A4] * 4
    decoded = {}
    for number, image in enumerate(images):
        for found in qr_codes(image):
            card = next(card for card in placed if card.page == number and inside(corners(found), card.box))
            decoded[card.issued.key] = found.text
    assert decoded == {learner.key: f"{BASE}/#signin={learner.code}" for learner in issued}
    codes = [urlsplit(link).fragment.removeprefix("signin=") for link in decoded.values()]
    assert sorted(codes) == sorted(learner.code for learner in issued)
    assert all(normal_personal_code(code) for code in codes)
    assert [card.page for card in placed] == [0] * 8 + [1] * 8 + [2] * 8 + [3] * 6
    assert len(doc.pages) == 4


def test_a_qr_code_has_its_quiet_zone_a_size_a_phone_reads_and_error_correction_m_or_q() -> None:
    issued = roster(["Ana", "Tom"])
    doc, placed = card_sheets(issued, "4B", Words(LIBRARY.texts, "en"), "https://dominoes.colegio-example.cw/plaza")
    (image,) = page_images(read_pdf(doc.pdf()))
    found = qr_codes(image)
    assert len(found) == 2
    for code in found:
        assert code.ec_level in ("M", "Q")
        left, top, right, bottom = corners(code)
        assert (right - left) / DPI * 2.54 >= 2.5  # the symbol alone is at least 2.5 cm across on paper
        module = (right - left) / (17 + 4 * int(code.extra["Version"]))
        zone = round(4 * module)
        ring = image.convert("L").crop((left - zone, top - zone, right + zone, bottom + zone))
        ring.paste(255, (zone, zone, ring.width - zone, ring.height - zone))
        assert ring.getextrema()[0] > 200, "something is printed in the QR code's quiet zone"
        card = next(card for card in placed if inside((left, top, right, bottom), card.qr))
        assert inside((left - zone, top - zone, right + zone, bottom + zone), card.box)


def written(card: PlacedCard, nickname: str, size: tuple[int, int]) -> Image.Image:
    """A blank page with ``nickname`` written where the card's nickname went, as the card writes it."""
    page = Image.new("RGB", size, PAPER)
    ImageDraw.Draw(page).text(card.nickname_at, nickname, font=font(card.nickname_size, bold=True), fill=INK,
                              anchor="ls")
    return page.convert("L")


def difference(image: Image.Image, other: Image.Image, box: tuple[int, int, int, int]) -> float:
    """How far two pictures differ in ``box``: the mean of their pixels' difference, 0 to 255."""
    diff = ImageChops.difference(image.crop(box), other.crop(box))
    return sum(value * count for value, count in enumerate(diff.histogram())) / (diff.width * diff.height)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_card_shows_its_learners_nickname_in_any_alphabet_within_the_card(lang: str) -> None:
    """The nickname on the page image is the learner's, written in full (Greek, Cyrillic, accents, the longest a
    nickname may be) left of the QR code — and not a neighbour's."""
    issued = roster(NICKNAMES)
    doc, placed = card_sheets(issued, CLASS, Words(LIBRARY.texts, lang), BASE)
    images = [image.convert("L") for image in page_images(read_pdf(doc.pdf()))]
    assert len(images) == 2
    for card in placed:
        image = images[card.page]
        mine = written(card, card.issued.nickname, image.size)
        ink = ImageChops.invert(mine).point(lambda value: 255 * (value > 40)).getbbox()
        assert ink is not None and inside(ink, card.box) and ink[2] < card.qr[0], card.issued.nickname
        box = (ink[0] - 4, ink[1] - 4, ink[2] + 4, ink[3] + 4)
        other = next(learner.nickname for learner in issued if learner.nickname != card.issued.nickname)
        assert difference(image, mine, box) < 6, card.issued.nickname
        assert difference(image, written(card, other, image.size), box) > 3 * difference(image, mine, box) + 6


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_card_speaks_every_language_with_a_glyph_for_every_letter(lang: str) -> None:
    words = Words(LIBRARY.texts, lang)
    assert all(LIBRARY.texts.find(lang, key) for key in CARD_KEYS), lang
    texts = CardTexts.of(words, CLASS)
    english = CardTexts.of(Words(LIBRARY.texts, "en"), CLASS)
    assert lang == "en" or (texts.title, texts.how) != (english.title, english.how)
    assert CLASS in texts.class_line and "{" not in "".join((texts.title, texts.class_line, *texts.how))
    missing = {bold: bytes(font(30, bold).getmask("\U0010fffd")) for bold in (False, True)}
    letters = {char for text in (texts.app, texts.title, texts.class_line, *texts.how, *NICKNAMES) for char in text
               if not char.isspace()}
    lacking = sorted(char for char in letters for bold in (False, True)
                     if bytes(font(30, bold).getmask(char)) == missing[bold])
    assert lacking == []
    ana = roster(["Ана"])
    (image,) = page_images(read_pdf(signin_cards(ana, CLASS, words, BASE)))
    assert [found.text for found in qr_codes(image)] == [signin_link(BASE, ana[0].code)]
