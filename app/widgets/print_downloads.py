"""The download buttons of the printable material: on the Teacher page (a lesson's card, the whole course, a
worksheet from a code) and beside the lesson in classroom mode. The PDF is made only when the button is pressed."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, partial

import streamlit as st

from app import navigation, urls
from app.i18n import Words
from app.library import library
from app.printing import course, lesson_card, new_worksheet_code, parse_worksheet_code, worksheet
from practice import skills_of_lesson

PDF = "application/pdf"
SCOPE_KEY, SHEET_KEY, CARD_KEY = "print_scope", "print_sheet_code", "print_card_lesson"
MIXED = ""


@lru_cache(maxsize=32)
def card_pdf(lesson_id: str, lang: str, base: str) -> bytes:
    """One lesson's card as PDF (kept: the same card is often printed by several teachers)."""
    return lesson_card(library(), lesson_id, lang, base).pdf()


@lru_cache(maxsize=3)
def course_pdf(lang: str, base: str) -> bytes:
    """The whole course as PDF."""
    return course(library(), lang, base).pdf()


@lru_cache(maxsize=8)
def worksheet_pdf(code: str, lang: str) -> bytes:
    """A worksheet and its answers as PDF."""
    return worksheet(library(), code, lang).pdf()


def lesson_card_button(lesson_id: str, words: Words, key: str = "print_card") -> None:
    """The download of one lesson's card in the visitor's language."""
    base = urls.app_address(lesson_id)
    _download(words("teacher.print.card_button"), partial(card_pdf, lesson_id, words.lang, base),
              f"{lesson_id}-{words.lang}.pdf", key)


def teacher_downloads(words: Words) -> None:
    """The Teacher page's printing section: a lesson's card, the whole course, and a worksheet from a code."""
    lib = library()
    lessons = [lesson.id for lesson in lib.lessons]
    base = urls.app_address(navigation.TEACHER)
    with st.container(border=True):
        st.subheader(words("teacher.print.title"))
        st.markdown(words("teacher.print.intro"))
        with st.container(horizontal=True, vertical_alignment="bottom"):
            lesson_id = st.selectbox(words("teacher.print.lesson_pick"), lessons, key=CARD_KEY,
                                     format_func=lambda i: f"{lessons.index(i) + 1}. {_title(words, i)}")
            if lesson_id is not None:
                _download(words("teacher.print.card_button"), partial(card_pdf, lesson_id, words.lang, base),
                          f"{lesson_id}-{words.lang}.pdf", "print_card")
        _download(words("teacher.print.course_button"), partial(course_pdf, words.lang, base),
                  f"la-plaza-{words.lang}.pdf", "print_course")
        _worksheet(words, [i for i in lessons if skills_of_lesson(i)])


def _worksheet(words: Words, lessons: list[str]) -> None:
    """A worksheet: its questions' lessons, its code (kept, so the same sheet can be printed again), download."""
    scope = st.selectbox(words("teacher.print.worksheet_scope"), [MIXED, *lessons], key=SCOPE_KEY,
                         format_func=lambda i: _title(words, i) if i else words("teacher.print.worksheet_mixed"),
                         on_change=_new_code)
    if not st.session_state.get(SHEET_KEY):
        st.session_state[SHEET_KEY] = new_worksheet_code(scope or None)
    with st.container(horizontal=True, vertical_alignment="bottom"):
        st.text_input(words("teacher.print.worksheet_code_field"), key=SHEET_KEY, max_chars=40)
        st.button(words("teacher.print.worksheet_new"), key="print_sheet_new", icon=":material/casino:",
                  on_click=_new_code)
    code = str(st.session_state.get(SHEET_KEY) or "").strip().lower()
    try:
        parse_worksheet_code(code)
    except ValueError:
        st.error(words("teacher.print.worksheet_bad_code"), icon=":material/error:")
        return
    _download(words("teacher.print.worksheet_button"), partial(worksheet_pdf, code, words.lang),
              f"{code}-{words.lang}.pdf", "print_sheet")


def _new_code() -> None:
    st.session_state[SHEET_KEY] = new_worksheet_code(st.session_state.get(SCOPE_KEY) or None)


def _download(label: str, make: Callable[[], bytes], file_name: str, key: str) -> None:
    st.download_button(label, data=make, file_name=file_name, mime=PDF, key=key, icon=":material/print:",
                       on_click="ignore")


def _title(words: Words, lesson_id: str) -> str:
    return words.texts.find(words.lang, "title", lesson_id) or lesson_id
