"""Lesson cards to print: per lesson and language, one A4 page with the title, the lesson's key table picture, what
it shows, the "Remember" points and the lesson's short link — and "the whole course" as one PDF."""

from __future__ import annotations

from dataclasses import replace

from app.i18n import Words
from app.printing.page import BODY, HEADER, HEADING, MUTED, SMALL, TITLE, Document
from app.widgets.lesson_table import PROJECTOR_SIZE, picture, table_view
from lessons import Lesson, LessonRunner, Library
from lessons.model import Step
from practice.drills import make_drill

#: The card's picture: drawn at this scale, then fitted to the page's width.
CARD_SCALE = 2.0
CARD_PICTURE_HEIGHT = 760
MIN_PICTURE_HEIGHT = 420  # smaller than this and the tiles' pips get hard to count on paper
PICTURE_AFTER = 20  # the gap under a picture (Document.picture's default)


def key_step(lesson: Lesson) -> Step | None:
    """The step whose table the card shows: the first with a table and marks always on show (where a lesson points
    at what it teaches), else the first with a table; None for a lesson without any table."""
    tables = [step for step in lesson.steps if step.position is not None]
    marked = [step for step in tables if any(mark.hint == 0 and mark.kind != "button" for mark in step.marks)]
    return (marked or tables or [None])[0]


def lesson_link(lesson_id: str, lang: str, base: str = "") -> str:
    """The lesson's short link (``base`` is the app's address; without it, the path alone)."""
    return f"{base}/{lesson_id}?lang={lang}"


def add_card(doc: Document, library: Library, lesson: Lesson, lang: str, base: str = "") -> None:
    """One lesson card, on a page of its own."""
    words = Words(library.texts, lang, lesson.id)
    same_course = [item.id for item in library.lessons if item.course == lesson.course]  # numbered within it
    number = same_course.index(lesson.id) + 1
    doc.new_page()
    doc.text(f"{words('app.title')} · {words('teacher.print.lesson_of', number=number, count=len(same_course))}",
             SMALL, color=MUTED, after=6)
    doc.text(words(lesson.title), TITLE, bold=True, color=HEADING, after=10)
    doc.rule()
    step = key_step(lesson)
    points = [point for step in lesson.steps if step.kind == "remember" for point in step.points]
    link = lesson_link(lesson.id, lang, base)
    if step is not None:
        runner = LessonRunner(lesson, drills=make_drill)
        runner.goto(step.number)
        view = runner.view()
        look = replace(table_view(view, view.position, words.role_labels(), classroom=True, text=words),
                       scale=CARD_SCALE, size=PROJECTOR_SIZE)
        drawn, _palette = picture(view.position, look)
        below = _height_below_picture(doc, words, words(step.text) if step.text else None, points, link)
        doc.picture(drawn, max(MIN_PICTURE_HEIGHT, min(CARD_PICTURE_HEIGHT, doc.room - below - PICTURE_AFTER)))
        if step.text:
            doc.text(words(step.text), BODY, color=MUTED, after=24)
    if points:
        doc.keep(doc.height_of(words("remember.title"), HEADER, bold=True) + 80)
        doc.text(words("remember.title"), HEADER, bold=True, color=HEADING, after=8)
        doc.bullets([words(point) for point in points])
    doc.y += 16
    doc.text(words("teacher.print.open_lesson"), SMALL, color=MUTED, after=2)
    doc.text(link, BODY, bold=True)


def _height_below_picture(doc: Document, words: Words, step_text: str | None, points: list[str], link: str) -> int:
    """How tall a card's text under its picture is, so the picture can shrink to keep the card on one page (a
    language with longer sentences, like Greek, would otherwise spill onto a second sheet)."""
    height = doc.height_of(step_text, BODY) + 24 if step_text else 0
    if points:
        height += doc.height_of(words("remember.title"), HEADER, bold=True) + 8 + doc.bullets_height(
            [words(point) for point in points])
    return height + 16 + doc.height_of(words("teacher.print.open_lesson"), SMALL) + 2 + doc.height_of(link, BODY,
                                                                                                       bold=True)


def lesson_card(library: Library, lesson_id: str, lang: str, base: str = "") -> Document:
    """The card of one lesson in one language."""
    lesson = library.lesson(lesson_id)
    words = Words(library.texts, lang, lesson_id)
    doc = Document(f"{words('app.title')} — {words(lesson.title)}")
    add_card(doc, library, lesson, lang, base)
    return doc


def course(library: Library, lang: str, base: str = "", course: str = "la_plaza") -> Document:
    """A whole course (La Plaza's ten lessons by default): a cover listing every lesson with its link, then every
    lesson's card."""
    lessons = [lesson for lesson in library.lessons if lesson.course == course]
    words = Words(library.texts, lang)
    doc = Document(f"{words('app.title')} — {words('teacher.print.course')}")
    doc.new_page()
    doc.text(words("app.title"), TITLE, bold=True, color=HEADING, after=6)
    doc.text(words("teacher.print.course"), HEADER, color=MUTED, after=10)
    doc.rule()
    doc.text(words("teacher.print.course_intro"), BODY, after=24)
    for number, lesson in enumerate(lessons, start=1):
        title = library.texts.get(lang, lesson.title, lesson.id)
        doc.text(f"{number}. {title}", BODY, bold=True, after=2)
        doc.text(lesson_link(lesson.id, lang, base), SMALL, color=MUTED, indent=36, after=14)
    for lesson in lessons:
        add_card(doc, library, lesson, lang, base)
    return doc
