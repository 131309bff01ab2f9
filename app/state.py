"""One visitor's tab, kept in ``st.session_state["tutorial"]`` as a `Visit` made of four parts, one per concern:
how they want the app (`Settings`), who is learning and where their progress goes (`Account`), where they are in
the lessons and the practice (`Place`), and the bookkeeping that keeps taps from being handled twice (`Taps`).

Every page and every widget callback gets it the same way: ``visit = current_visit()``.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import streamlit as st

from app.storage.progress import Learner, ProgressStore, SessionProgressStore
from lessons import Lesson, LessonRunner
from practice import PracticeSet, Question, Result
from practice.drills import make_drill
from render import ClickMap
from wording import Message

T = TypeVar("T")

KEY = "tutorial"
GUEST = Learner("guest", key="guest", guest=True)  # a guest whose progress is kept for this visit only (so far)
DEFAULT_LANG = "en"


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
class Settings:
    """How the visitor wants the app: language, classroom mode, every hand face up, beginner help."""

    lang: str
    classroom: bool = False
    face_up: bool = False
    beginner: bool = False


@dataclass
class Account:
    """Who is learning and where their progress goes, and who teaches in this tab.

    A visitor starts as `GUEST`, with progress kept in the visit. With a database, the first thing worth keeping
    makes a guest's record on the server (``learner.guest``); signing in with a personal code reopens a learner of
    a class. Either way the browser keeps only ``token``, signed by the server, which reopens the same record on a
    reload; ``epoch`` is the record's epoch that token carries, checked at every action (a removed learner, or one
    whose code was reissued, is signed out). ``teacher`` is the teacher signed in in this tab, if any.
    """

    store: ProgressStore = field(default_factory=SessionProgressStore)
    learner: Learner = GUEST
    lasting: ProgressStore | None = None  # the visit's opened database store (None until opened)
    accounts: Any = None  # the visit's `SqlAccounts` (None until opened, or when there is no database)
    store_unavailable: bool = False  # the database could not be opened: to be said once
    store_failure_shown: bool = False  # a database fault during the visit was announced
    signin_problem: Message | None = None  # why the last sign-in was refused
    restored: bool = False  # what the browser kept from an earlier visit has been read back (app/storage/browser.py)
    #: what was last written to the store, by lesson: the step, the stars, the moves made in the step
    saved: dict[str, tuple[int, int | None, tuple[str, ...]]] = field(default_factory=dict)
    steps_saved: dict[tuple[str, int], tuple[bool, int, int]] = field(default_factory=dict)  # runner counts written
    token: str | None = None  # the learner's (or guest's) token for the browser to keep
    epoch: int = 0
    teacher: Any = None  # the signed-in `Teacher` of this tab
    teacher_token: str | None = None
    visit_id: str = field(default_factory=lambda: secrets.token_hex(8))  # failed tries are counted per visit too
    code_taken: bool = False  # the code a card's QR code brought was tried (once per visit)

    @property
    def signed_in(self) -> bool:
        """Whether a learner of a class signed in with their personal code (else a guest)."""
        return not self.learner.guest

    @property
    def recorded(self) -> bool:
        """Whether the visit's progress goes to a record on the server (a learner's or a guest's)."""
        return self.learner is not GUEST


@dataclass
class Place:
    """Where the visitor is: a lesson runner per lesson opened, the practice drill, what classroom mode revealed,
    and the notices to show at the top of the page (each stays until the learner acts or leaves the page: a rerun the
    browser asks for by itself, as right after a page opens, must not take it away unread)."""

    runners: dict[str, LessonRunner] = field(default_factory=dict)
    last_lesson: str | None = None
    drill: Drill | None = None
    drills: int = 0  # practice drills started during this visit
    revealed: set[tuple[str, int]] = field(default_factory=set)  # classroom: steps whose answer is shown
    replies_shown: set[tuple[str, int]] = field(default_factory=set)  # steps whose scripted replies were played out
    url_written: dict[str, str] | None = None  # the query string this app last wrote (anything else came from outside)
    url_replaced: list[tuple[dict[str, str], float]] = field(default_factory=list)  # (query, when) it wrote before
    address: tuple[dict[str, str], dict[str, str]] | None = None  # (from, to): the browser is to replace its address
    notices: list[Message] = field(default_factory=list)  # new, not shown yet
    notices_shown: list[Message] = field(default_factory=list)
    notices_at: tuple[int, str] | None = None  # (actions so far, page) when the shown ones appeared
    offers: dict[str, int] = field(default_factory=dict)  # lesson → the saved step offered after a sign-in

    def resume(self, runner: LessonRunner, moves: tuple[str, ...]) -> None:
        """Give back the table of the step a learner left before a reload (the moves the server saved, checked
        again by the engine); replies they already saw are not played again."""
        if runner.resume(moves) and runner.done:
            self.replies_shown.add((runner.lesson.id, runner.number))


@dataclass
class Taps:
    """The input's bookkeeping (the visit's for the lessons, the Play page's own for its match): the picture last
    shown (to resolve a tap on it), the last tap handled (a tap counts once), what a tap that did nothing says, the
    refused attempt drawn crossed out, the answer widgets' generation (bumped on retry, reset and sign-in, so they
    start empty again), a count of actions (each one brings the feedback into view) and a count of step changes
    (each one brings the new step's instruction into view)."""

    handled: Any = None  # the stamp of the last picture tap handled
    click_map: tuple[Any, Any, ClickMap] | None = None  # (lesson, step) or (hand, moves played), and the click map
    # of the picture last shown: a tap resolves on it only while the page still shows that table
    notice: Message | None = None  # what a tap that did nothing says, until the next action
    wrong: tuple[Any, str | None] | None = None  # the last refused (tile, end), drawn crossed out on the table
    generation: int = 0
    acted: int = 0  # actions so far: a new one brings the feedback into view
    runs: int = 0  # runs drawn so far, shown on the page so automation can tell a new run has been drawn
    step_shown: tuple[str, int] | None = None  # (lesson, step) the last run drew
    stepped: int = 0  # times the step drawn changed: a new one brings the step's instruction into view
    feedback_seen: tuple[Any, int] | None = None  # (feedback, actions so far) when that feedback first showed

    def show_step(self, lesson_id: str, number: int) -> None:
        """Note the step this run draws; a step other than the last one drawn is a step change."""
        if self.step_shown != (lesson_id, number):
            self.stepped += 1
            self.step_shown = (lesson_id, number)

    def show_page(self, page_id: str) -> None:
        """Note the page (not a lesson: it notes its steps) this run draws; another page than the last one drawn
        opens at its top, its title in view (else Streamlit keeps the last page's scroll: home opened halfway)."""
        self.show_step(page_id, 0)

    def open_at_top(self) -> None:
        """The page drawn next opens at its top, as a new page does (after a sign-in: its notices in view)."""
        self.step_shown = None

    def is_stale(self, feedback: Any) -> bool:
        """Whether ``feedback`` (a runner's, or None) is an error about an action before the last one: the learner
        has acted since it first showed (lifted another tile, ...), so it no longer speaks of what is on screen."""
        if feedback is None:
            self.feedback_seen = None
            return False
        if self.feedback_seen is None or self.feedback_seen[0] is not feedback:
            self.feedback_seen = (feedback, self.acted)
        return getattr(feedback, "kind", None) == "error" and self.feedback_seen[1] != self.acted

    def clear(self) -> None:
        """Forget the last tap's notice and crossed-out attempt (a new action starts)."""
        self.notice = None
        self.wrong = None


@dataclass
class Visit:
    """Everything one visitor's tab remembers between reruns."""

    settings: Settings
    account: Account = field(default_factory=Account)
    place: Place = field(default_factory=Place)
    taps: Taps = field(default_factory=Taps)

    def runner(self, lesson: Lesson) -> LessonRunner:
        """The learner's runner for ``lesson``, created on first visit at the saved step with the moves already made
        there (the server's own record, each move checked again by the engine)."""
        runner = self.place.runners.get(lesson.id)
        if runner is None or runner.lesson is not lesson:  # a reloaded library holds new Lesson objects
            runner = LessonRunner(lesson, drills=make_drill)  # the app hands the lessons the practice engine's drills
            saved = self.account.store.load(self.account.learner).lesson(lesson.id)
            if 1 <= saved.step <= len(lesson.steps):
                runner.goto(saved.step)
                self.place.resume(runner, saved.moves)
            self.place.runners[lesson.id] = runner
        return runner


def tab_state(key: str, kind: type[T], make: Callable[[], T] | None = None) -> T:
    """This tab's object of ``kind`` kept in the session under ``key``, made on first use (by ``make``, or by
    calling ``kind``): the one way pages keep their own state between reruns."""
    found = st.session_state.get(key)
    if not isinstance(found, kind):
        found = make() if make is not None else kind()
        st.session_state[key] = found
    return found


def current_visit(default_lang: str = DEFAULT_LANG) -> Visit:
    """This visitor's `Visit`, from a page or a widget callback alike; created on first use with ``default_lang``
    (the app's entry passes the browser's language; later calls find the visit already there)."""
    return tab_state(KEY, Visit, lambda: Visit(Settings(lang=default_lang)))
