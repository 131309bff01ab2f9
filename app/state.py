"""One visitor's state, kept in ``st.session_state["tutorial"]``: language, classroom settings, a lesson runner per
lesson, the learner and the progress store, the practice set under way, and the bookkeeping that keeps taps and URLs
from being handled twice."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import streamlit as st

from lessons import Lesson, LessonRunner, Message
from practice import PracticeSet, Question, Result

from .progress import Learner, ProgressStore, SessionProgressStore

KEY = "tutorial"
GUEST = Learner("guest")


@dataclass
class Drill:
    """The practice page's state: a set under way, or one question opened by its code; the answer on show."""

    skills: tuple[str, ...]
    serial: int  # new for every drill, so answer widgets start empty
    run: PracticeSet | None = None
    single: Question | None = None
    shown: Result | None = None  # the answer just given, with its feedback, until Next

    @property
    def current(self) -> Question | None:
        """The question on screen (the one just answered while its feedback shows); None once the set is done."""
        if self.shown is not None:
            return self.shown.question
        if self.single is not None:
            return self.single
        return self.run.current if self.run is not None else None


@dataclass
class Session:
    """Everything one visitor's tab remembers between reruns."""

    lang: str
    classroom: bool = False
    face_up: bool = False
    beginner: bool = False
    store: ProgressStore = field(default_factory=SessionProgressStore)  # the learner's; a guest's lasts this visit
    learner: Learner = GUEST
    lasting: ProgressStore | None = None  # the visit's opened database store (None until opened)
    store_message: str = ""  # why progress lasts for this visit only (shown once), empty when the database answers
    store_failure_shown: bool = False  # a database fault during the visit was announced
    signin_problem: Message | None = None  # why the last sign-in was refused
    drill: Drill | None = None
    drills: int = 0  # practice drills started during this visit
    runners: dict[str, LessonRunner] = field(default_factory=dict)
    last_lesson: str | None = None
    handled_click: Any = None  # unix_time of the last picture tap handled (the component repeats its last value)
    url_written: dict[str, str] | None = None  # the query string this app last wrote (anything else came from outside)
    notices: list[Message] = field(default_factory=list)  # shown once at the top of the next page drawn
    tap_notice: Message | None = None  # what a tap that did nothing says, until the next action
    wrong: tuple[Any, str | None] | None = None  # the last refused (tile, end), drawn crossed out on the table
    revealed: set[tuple[str, int]] = field(default_factory=set)  # classroom: steps whose answer is shown
    replies_shown: set[tuple[str, int]] = field(default_factory=set)  # steps whose scripted replies were played out
    generation: int = 0  # bumped on retry/reset so answer widgets start empty again
    click_map: tuple[str, int, Any] | None = None  # (lesson, step, ClickMap) of the picture last shown
    saved: dict[str, tuple[int, int | None]] = field(default_factory=dict)  # what was last written to the store

    @property
    def signed_in(self) -> bool:
        """Whether a learner signed in with a nickname (a guest's progress lasts this visit only)."""
        return self.learner is not GUEST

    def runner(self, lesson: Lesson) -> LessonRunner:
        """The learner's runner for ``lesson``, created at the saved step on first visit."""
        runner = self.runners.get(lesson.id)
        if runner is None or runner.lesson is not lesson:  # a reloaded library holds new Lesson objects
            runner = LessonRunner(lesson)
            saved = self.store.load(self.learner).lesson(lesson.id).step
            if 1 <= saved <= len(lesson.steps):
                runner.goto(saved)
            self.runners[lesson.id] = runner
        return runner

    def clear_marks(self) -> None:
        """Forget the last tap's notice and crossed-out attempt (a new action starts)."""
        self.tap_notice = None
        self.wrong = None


def session(default_lang: str) -> Session:
    """This visitor's session state, created on first use with ``default_lang``."""
    state = st.session_state.get(KEY)
    if not isinstance(state, Session):
        state = Session(lang=default_lang)
        st.session_state[KEY] = state
    return state
