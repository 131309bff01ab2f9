"""Classroom mode, for a teacher at a projector: every hand face up on request, the answer revealed, the table
reset, a link that opens this step in classroom mode — with keys A (answer) and X (reset)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from app import urls
from app.i18n import Words
from app.pages import lesson_actions
from app.state import Visit
from app.widgets import print_downloads
from lessons import Lesson, LessonRunner, StepView


def reveal(visit: Visit, runner: LessonRunner) -> None:
    """Show (or hide again) the answer of the current step."""
    key = (runner.lesson.id, runner.number)
    visit.place.revealed.symmetric_difference_update({key})


def reset(visit: Visit, runner: LessonRunner) -> None:
    """Put the step's table back as it started."""
    lesson_actions.retry(visit, runner)
    visit.place.revealed.discard((runner.lesson.id, runner.number))


def answer_text(runner: LessonRunner, view: StepView, words: Words) -> str | None:
    """The step's answer in words: the right option of a question, the moves left in an act step."""
    step = runner.step
    if step.kind == "question":
        for option in step.options:
            if option.value == step.answer:
                return words("classroom.answer_is", answer=words.render(option.label))
    if step.kind == "act":
        events = runner.solution_events()
        if events:
            moves = " ".join(words.event(event, runner.lesson.rules, view.viewer) for event in events)
            return words("classroom.solution_is", moves=moves)
    return None


def _toggle_face_up(visit: Visit, runner: LessonRunner) -> None:
    visit.settings.face_up = not visit.settings.face_up


def tools(lesson: Lesson, runner: LessonRunner, view: StepView, visit: Visit, words: Words,
          call: Callable[..., Any]) -> None:
    """The teacher's buttons, under the step's own controls."""
    with st.container(border=True):
        with st.container(horizontal=True, gap="small"):
            st.button(words("classroom.reveal"), key="reveal", icon=":material/visibility:", shortcut="A",
                      disabled=view.kind not in ("act", "question"), on_click=call, args=(reveal, lesson.id))
            st.button(words("classroom.reset"), key="reset", icon=":material/restart_alt:", shortcut="X",
                      disabled=view.position is None, on_click=call, args=(reset, lesson.id))
            st.button(words("classroom.face_up"), key="face_up", icon=":material/style:",
                      type="primary" if visit.settings.face_up else "secondary", disabled=view.position is None,
                      on_click=call, args=(_toggle_face_up, lesson.id))
        if (lesson.id, view.number) in visit.place.revealed:
            text = answer_text(runner, view, words)
            if text:
                st.info(text, icon=":material/visibility:")
        st.caption(words("classroom.keys"))
        link = urls.classroom_link(lesson.id, view.number, visit.settings.lang)
        st.markdown(f"[{words('classroom.link')}]({link})")
        print_downloads.lesson_card_button(lesson.id, words)
