"""The printing downloads under AppTest, in every language: on the Teacher page (card, course, worksheet from a
code, a bad code refused) and beside the lesson in classroom mode; what each button serves is a real PDF."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from app.printing import parse_worksheet_code
from app.widgets import print_downloads
from tests.app_support import LANGUAGES, LIBRARY, click, open_app, texts


def ui(lang: str, key: str) -> str:
    return LIBRARY.texts.get(lang, key)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_teacher_page_offers_a_card_the_course_and_a_worksheet(lang: str) -> None:
    at = open_app(lesson="teacher", lang=lang)
    labels = [button.label for button in at.get("download_button")]
    assert labels == [ui(lang, "teacher.print.card_button"), ui(lang, "teacher.print.course_button"),
                      ui(lang, "teacher.print.worksheet_button")]
    first = at.text_input(key=print_downloads.SHEET_KEY).value
    assert parse_worksheet_code(first) == (None, int(first.split("-")[-1]))
    click(at, "print_sheet_new")
    assert at.text_input(key=print_downloads.SHEET_KEY).value != first
    at.selectbox(key=print_downloads.SCOPE_KEY).set_value("pasa").run()
    assert parse_worksheet_code(at.text_input(key=print_downloads.SHEET_KEY).value)[0] == "pasa"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_bad_worksheet_code_is_told_in_the_learners_language_and_offers_no_download(lang: str) -> None:
    at = open_app(lesson="teacher", lang=lang)
    at.text_input(key=print_downloads.SHEET_KEY).set_value("sheet-abc").run()
    assert texts(at, "error") == [ui(lang, "teacher.print.worksheet_bad_code")]
    assert ui(lang, "teacher.print.worksheet_button") not in [b.label for b in at.get("download_button")]
    at.text_input(key=print_downloads.SHEET_KEY).set_value(" Sheet-12 ").run()
    assert not texts(at, "error")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_classroom_mode_has_the_lessons_card_beside_it(lang: str) -> None:
    at = open_app(lesson="kaba", lang=lang, classroom="1")
    assert [b.label for b in at.get("download_button")] == [ui(lang, "teacher.print.card_button")]
    plain = open_app(lesson="kaba", lang=lang)
    assert not plain.get("download_button")


def test_what_the_buttons_serve_is_the_pdf_asked_for() -> None:
    card = PdfReader(io.BytesIO(print_downloads.card_pdf("kaba", "pap", "")))
    assert len(card.pages) == 1 and LIBRARY.texts.get("pap", "title", "kaba") in card.metadata.title
    sheet = PdfReader(io.BytesIO(print_downloads.worksheet_pdf("sheet-12", "es")))
    assert "sheet-12" in sheet.metadata.title and len(sheet.pages) >= 3
