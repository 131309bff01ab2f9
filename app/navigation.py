"""The pages: home, practice, and one page per lesson file (url path = lesson id), built from the lesson data each
run."""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from app.i18n import Words
from lessons import Library

HOME = "home"
PRACTICE = "practice"
PLAY = "play"
PUZZLES = "puzzles"
TEACHER = "teacher"
CLASS = "class"
_PAGES = "pages"  # session-state key: this run's pages by id, for buttons that switch page


def build(library: Library, words: Words, home: Callable[[], None],
          lesson_page: Callable[[str], Callable[[], None]], practice: Callable[[], None],
          teacher: Callable[[], None] | None = None,
          play: tuple[Callable[[], None], str] | None = None,
          class_page: Callable[[], None] | None = None,
          puzzles: tuple[Callable[[], None], str] | None = None) -> list[st.Page]:
    """Home first (the default page), practice, the Play page, the Puzzles page, the class page, then every lesson
    file, course after
    course, numbered on through them (a broken one says so), then the Teacher page. (One flat list: the sidebar's
    sections are not marked up as lists for screen readers.)"""
    pages = {
        HOME: st.Page(home, title=words("app.home"), icon=":material/home:", url_path=HOME, default=True),
        PRACTICE: st.Page(practice, title=words("practice.title"), icon=":material/quiz:", url_path=PRACTICE),
    }
    if play is not None:  # (the page, its title)
        pages[PLAY] = st.Page(play[0], title=play[1], icon=":material/casino:", url_path=PLAY)
    if puzzles is not None:  # (the page, its title)
        pages[PUZZLES] = st.Page(puzzles[0], title=puzzles[1], icon=":material/extension:", url_path=PUZZLES)
    if class_page is not None:
        pages[CLASS] = st.Page(class_page, title=words("class_page.title"), icon=":material/groups:",
                               url_path=CLASS)
    loaded = {lesson.id: lesson for lesson in library.lessons}
    ordered = [lesson_id for _, ids in courses(library) for lesson_id in ids]
    for number, lesson_id in enumerate(ordered, start=1):
        lesson = loaded.get(lesson_id)
        title = words.texts.get(words.lang, lesson.title, lesson_id) if lesson else lesson_id
        pages[lesson_id] = st.Page(lesson_page(lesson_id), title=f"{number}. {title}", url_path=lesson_id)
    if teacher is not None:
        pages[TEACHER] = st.Page(teacher, title=words("teacher.title"), icon=":material/co_present:",
                                 url_path=TEACHER)
    st.session_state[_PAGES] = pages
    return list(pages.values())


def courses(library: Library) -> list[tuple[str, list[str]]]:
    """The courses in order (La Plaza's first), each with its lesson ids in order; a lesson file that could not be
    loaded is listed in La Plaza's course, where the home page says it is broken."""
    grouped: dict[str, list[str]] = {"la_plaza": []}
    for lesson in library.lessons:
        grouped.setdefault(lesson.course, []).append(lesson.id)
    loaded = {lesson.id for lesson in library.lessons}
    grouped["la_plaza"] += [lesson_id for lesson_id in library.lesson_files if lesson_id not in loaded]
    return [(course, ids) for course, ids in grouped.items() if ids]


def page(page_id: str) -> st.Page | None:
    """This run's page for a lesson id (or ``"home"``, ``"practice"``)."""
    return st.session_state.get(_PAGES, {}).get(page_id)


def lesson_ids() -> list[str]:
    """Every lesson page id, in order."""
    return [page_id for page_id in st.session_state.get(_PAGES, {})
            if page_id not in (HOME, PRACTICE, PLAY, PUZZLES, CLASS, TEACHER)]


def go(page_id: str, **params: str) -> None:
    """Switch to a page (never from a callback), carrying query parameters."""
    target = page(page_id)
    if target is not None:
        st.switch_page(target, query_params=params or None)
