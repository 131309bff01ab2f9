"""Printable PDFs read back with an independent reader (pypdf): pages counted, A4 size, and tiles' pips counted
from the page images inside the PDF; worksheets reproducible from their code; a font for every language."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops
from pypdf import PdfReader

from app.printing import (
    SHEET_SIZE,
    Document,
    PlacedPicture,
    course,
    key_step,
    lesson_card,
    parse_worksheet_code,
    worksheet,
    worksheet_code,
    worksheet_questions,
)
from app.printing.page import font
from engine import Tile
from practice import skills_of_lesson
from render import HandTile, Rect
from tests.app_support import LANGUAGES, LIBRARY
from tests.render_support import count_blobs

A4_POINTS = (595.2, 841.92)


def read(doc: Document) -> PdfReader:
    """The document's PDF, parsed by pypdf."""
    data = doc.pdf()
    assert data.startswith(b"%PDF-")
    return PdfReader(io.BytesIO(data))


def page_image(reader: PdfReader, number: int) -> Image.Image:
    """The one picture a page of ours is made of, decoded from the PDF."""
    (image,) = reader.pages[number].images
    return image.image.convert("RGB")


def tile_on_page(placed: PlacedPicture, seat: int, tile: Tile) -> Rect:
    """Where a hand tile of the picture landed on the page."""
    rect = placed.picture.click_map.rect_of(HandTile("hand", seat, tile))
    assert rect is not None, tile
    x0, y0 = placed.box[0], placed.box[1]
    r = placed.ratio
    return Rect(round(x0 + rect.x0 * r), round(y0 + rect.y0 * r), round(x0 + rect.x1 * r), round(y0 + rect.y1 * r))


def assert_hand_pips_read_back(reader: PdfReader, placed: PlacedPicture, seat: int, hand: tuple[Tile, ...]) -> None:
    image = page_image(reader, placed.page)
    for tile in hand:
        rect = tile_on_page(placed, seat, tile)
        margin = max(2, round((rect.x1 - rect.x0) * 0.08))
        assert count_blobs(image, rect, margin) == tile.high + tile.low, (tile, rect)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("lesson_id", ["pegar", "salida"])
def test_a_lesson_card_is_one_a4_page_whose_table_shows_the_real_pips(lang: str, lesson_id: str) -> None:
    doc = lesson_card(LIBRARY, lesson_id, lang, "https://plaza.school")
    reader = read(doc)
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (round(float(box.width), 1), round(float(box.height), 1)) == (A4_POINTS[0], round(A4_POINTS[1], 1))
    title = LIBRARY.texts.get(lang, "title", lesson_id)
    assert title in reader.metadata.title
    (placed,) = doc.pictures
    step = key_step(LIBRARY.lesson(lesson_id))
    assert step is not None and step.position is not None
    assert page_image(reader, 0).size == doc.pages[0].size
    assert_hand_pips_read_back(reader, placed, step.viewer, step.position.hands[step.viewer])


def test_the_key_table_is_where_the_lesson_points_at_what_it_teaches() -> None:
    for lesson in LIBRARY.lessons:
        step = key_step(lesson)
        assert step is not None and step.position is not None, lesson.id
        assert any(mark.hint == 0 for mark in step.marks) or not any(
            other.marks for other in lesson.steps if other.position is not None), lesson.id


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_whole_course_has_a_cover_and_a_card_per_lesson(lang: str) -> None:
    doc = course(LIBRARY, lang)
    reader = read(doc)
    lessons = [lesson for lesson in LIBRARY.lessons if lesson.course == "la_plaza"]
    assert len(reader.pages) == 1 + len(lessons)
    assert [placed.page for placed in doc.pictures] == list(range(1, 1 + len(lessons)))
    last = doc.pictures[-1]
    step = key_step(lessons[-1])
    assert_hand_pips_read_back(reader, last, step.viewer, step.position.hands[step.viewer])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_worksheet_has_ten_pictured_questions_then_an_answer_page(lang: str) -> None:
    doc = worksheet(LIBRARY, "sheet-4821", lang)
    reader = read(doc)
    assert len(reader.pages) == len(doc.pages) >= 3
    assert len(doc.pictures) == SHEET_SIZE
    assert max(placed.page for placed in doc.pictures) < len(doc.pages) - 1  # the last page: answers, no table
    answers = page_image(reader, len(doc.pages) - 1)
    green = sum(1 for r, g, b in answers.get_flattened_data() if g > r + 40 and g > b + 20)
    assert green < 0.01 * answers.width * answers.height
    questions = worksheet_questions("sheet-4821")
    for placed, question in list(zip(doc.pictures, questions, strict=True))[:3]:
        assert_hand_pips_read_back(reader, placed, question.viewer, question.position.hands[question.viewer])


def test_the_same_code_gives_the_same_sheet_and_another_code_another() -> None:
    first, again = worksheet(LIBRARY, "sheet-4821", "en"), worksheet(LIBRARY, " SHEET-4821 ", "en")
    assert [q.code for q in worksheet_questions("sheet-4821")] == [q.code for q in worksheet_questions("sheet-4821")]
    assert len(first.pages) == len(again.pages)
    assert all(ImageChops.difference(a, b).getbbox() is None for a, b in zip(first.pages, again.pages, strict=True))
    assert [q.code for q in worksheet_questions("sheet-4822")] != [q.code for q in worksheet_questions("sheet-4821")]
    codes = [q.code for q in worksheet_questions("sheet-4821")]
    assert len(set(codes)) == SHEET_SIZE


def test_a_lesson_worksheet_asks_only_that_lessons_skills() -> None:
    skills = {skill.id for skill in skills_of_lesson("pasa")}
    questions = worksheet_questions(worksheet_code(77, "pasa"))
    assert len(questions) == SHEET_SIZE and {q.skill for q in questions} == skills


@pytest.mark.parametrize("code", ["", "sheet", "sheet-", "sheet-1234567", "lacks-4821", "sheet-pila-12x",
                                  "sheet-nolesson-3", None])
def test_a_bad_worksheet_code_is_refused_with_the_code_quoted(code: str | None) -> None:
    with pytest.raises(ValueError, match="worksheet code"):
        parse_worksheet_code(code)  # type: ignore[arg-type]


def _notdef(face) -> bytes:
    return bytes(face.getmask("\U0010fffd"))


def test_the_print_font_covers_every_language_and_greek_and_esperanto() -> None:
    samples = {text for lang in LANGUAGES for table in LIBRARY.texts.tables[lang].values() for text in table.values()}
    samples |= {"Καλημέρα, δόμινο! Ἀλέξανδρος", "Ĉiuĵaŭde ŝi manĝas ĝis la ŭ-sono ĥoro"}
    for bold in (False, True):
        face = font(30, bold)
        missing = _notdef(face)
        chars = {char for text in samples for char in text if not char.isspace()}
        lacking = sorted(char for char in chars if bytes(face.getmask(char)) == missing)
        assert lacking == [], lacking
