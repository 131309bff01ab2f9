"""A live round's question as the projector and the phones draw it: the table picture (a practice question's, or a
lesson step's through the lessons' own view; a tap-to-play question's tappable on the phone, with the lessons'
lifted tile and crossed-out refused play) with its words, the prompt, and the reasons after the reveal; and the
rounds' storage, opened once per server process."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import streamlit as st

from app.i18n import Words
from app.library import library
from app.storage.progress_sql import StorageSettings, read_storage_settings
from app.storage.rounds_sql import SqlRounds, open_rounds
from app.widgets import lesson_table_extras
from app.widgets.lesson_table import CLASSROOM_SCALE, PHONE_SCALE, PHONE_SIZE, PROJECTOR_SIZE, picture, table_view
from app.widgets.picture import layout_boxes, tap_picture
from engine import Tile
from lessons import Lesson, LessonRunner
from practice.rounds import Asked
from render import ClickMap, TableView
from wording import Texts


def _lesson(lesson_id: str) -> Lesson:
    return library().lesson(lesson_id)


@st.cache_resource(show_spinner=False)
def _rounds(url: str) -> SqlRounds | None:
    return open_rounds(_lesson, StorageSettings(url))


def rounds_store() -> SqlRounds | None:
    """The live rounds (one store per database, shared by every session of this server); None without a database."""
    return _rounds(read_storage_settings().url)


def round_words(texts: Texts, lang: str) -> Words:
    """The words of the rounds' own texts (``rounds.toml``, then ui.toml) in ``lang``."""
    return Words(texts, lang, "rounds")


def words_for(asked: Asked, words: Words) -> Words:
    """The learner's words, bound to the lesson whose texts a lesson question's keys belong to."""
    return Words(words.texts, words.lang, asked.lesson) if asked.lesson else words


def prompt(asked: Asked, words: Words) -> str:
    """The question in the learner's language."""
    return words_for(asked, words).render(asked.prompt)


def notes(asked: Asked, words: Words) -> str:
    """What happened before the question (a practice question's notes), as a markdown list ("" for none)."""
    said = words_for(asked, words)
    return "\n".join(f"- {said.render(note)}" for note in asked.notes)


def option_labels(asked: Asked, words: Words) -> list[str]:
    """The options in the learner's language (a tap-to-play question's: its moves in words, the rounds' texts)."""
    said = words if asked.taps else words_for(asked, words)
    return [said.render(option.label) for option in asked.options]


def answer_text(asked: Asked, words: Words, labels: list[str]) -> str:
    """The right answer (or the right moves, when a step accepts several ways) in words."""
    return f" {words('round.either')} ".join(labels[index] for index in asked.rights)


def reasons(asked: Asked, words: Words, option: int | None) -> str:
    """Why (after the reveal): what was wrong with ``option`` when the drill names it, then why the answer is right."""
    said = words_for(asked, words)
    return "  \n".join(said.render(message) for message in asked.why(option))


def draw_table(asked: Asked, words: Words, key: str, projector: bool = False, *, selected: Tile | None = None,
               wrong: tuple[Any, str | None] | None = None, on_tap: Callable[[], None] | None = None,
               answer: bool = False) -> ClickMap | None:
    """The question's table (without hints, what the question asks kept out) and the same table in words; for a
    tap-to-play question on a phone, the ``selected`` tile lifted, the ``wrong`` play crossed out and ``on_tap``
    taking its taps, and with ``answer`` (after the reveal) the right move marked as the lesson's showing hint marks
    it (the tile, an arrow to its end). The picture's click map (None: no picture)."""
    said = words_for(asked, words)
    if asked.question is not None:
        question = asked.question
        if not question.pictured:
            return None
        view = TableView(**question.table_view(), labels=said.role_labels(),
                         scale=CLASSROOM_SCALE if projector else PHONE_SCALE,
                         size=PROJECTOR_SIZE if projector else PHONE_SIZE)
        drawn, palette = picture(question.position, view)
        described = question.describe()
        in_words = " ".join(said.render(line) for line in described[: len(described) - len(question.notes)])
    elif asked.step is not None and asked.lesson is not None and asked.step.position is not None:
        runner = LessonRunner(_lesson(asked.lesson))
        runner.goto(asked.step.number)
        if answer and asked.taps:
            runner.hint()
            runner.hint()  # the second level marks the move itself
        step_view = replace(runner.view(), selected=selected)
        position = step_view.position
        if position is None:
            return None
        conceal = step_view.conceal
        look = table_view(step_view, position, lesson_table_extras.labels(said, position.rules),
                          classroom=projector, text=said, start=asked.step.position, conceal=conceal, wrong=wrong)
        drawn, palette = picture(position, look)
        in_words = " ".join(said.table(drawn.description, position.rules, conceal))
    else:
        return None
    tap_picture(palette, in_words, key=key, classroom=projector, on_tap=on_tap,
                boxes=layout_boxes(drawn) if on_tap is not None else None)
    st.caption(f"**{said('player.in_words')}.** {in_words}")
    return drawn.click_map

