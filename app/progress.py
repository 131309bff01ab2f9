"""Where a learner's progress lives: one small interface, kept in the session or in a database behind it."""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Protocol

NICKNAME_MAX = 24
_NICKNAME = re.compile(r"^[\w][\w .'-]*$")


class NameRefused(ValueError):
    """A nickname or class code that cannot be used. ``code`` is stable, for the page to say it in the learner's
    language: ``"empty"``, ``"too_long"`` or ``"characters"``; ``field`` is ``"nickname"`` or ``"class_code"``."""

    def __init__(self, code: str, field: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.field = field


def check_nickname(text: str, field: str = "nickname") -> str:
    """A learner's nickname (or, with ``field="class_code"``, a class code), trimmed; `NameRefused` when it is
    not usable. The one check of both: letters (any alphabet, accents welcome), digits, spaces, dots, apostrophes
    and hyphens; 1 to 24 characters."""
    what = field.replace("_", " ")
    name = " ".join(str(text).split())
    if not name:
        raise NameRefused("empty", field, f"the {what} is empty")
    if len(name) > NICKNAME_MAX:
        raise NameRefused("too_long", field, f"the {what} is longer than {NICKNAME_MAX} characters")
    if not _NICKNAME.match(name):
        raise NameRefused("characters", field,
                          f"the {what} may hold only letters, digits, spaces, dots, apostrophes and hyphens")
    return name


@dataclass(frozen=True)
class Learner:
    """Who is learning: a nickname, and optionally the class code a teacher gave (no password, no e-mail)."""

    nickname: str
    class_code: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "nickname", check_nickname(self.nickname))
        if self.class_code:
            object.__setattr__(self, "class_code", check_nickname(self.class_code, "class_code"))

    @property
    def key(self) -> str:
        """The storage key: nicknames are per class, compared without regard to case."""
        return f"{self.class_code.casefold()}/{self.nickname.casefold()}"


@dataclass(frozen=True)
class LessonProgress:
    """One lesson for one learner: the step to reopen (1-based), the best stars so far (0-3), finished or not,
    and when it was last saved (UTC; ``None`` if never), so "continue where I left off" knows the latest."""

    lesson_id: str
    step: int = 1
    stars: int = 0
    finished: bool = False
    updated: datetime | None = field(default=None, compare=False)  # not part of what the progress is


@dataclass(frozen=True)
class Answer:
    """One practice answer: which skill, the question's code, right or wrong, and when (UTC)."""

    skill: str
    code: str
    correct: bool
    at: datetime = field(default_factory=lambda: datetime.now(UTC))


@dataclass(frozen=True)
class Progress:
    """Everything stored for a learner, as read in one go."""

    lessons: dict[str, LessonProgress] = field(default_factory=dict)
    answers: tuple[Answer, ...] = ()

    def lesson(self, lesson_id: str) -> LessonProgress:
        """The learner's progress in one lesson (a fresh one if never opened)."""
        return self.lessons.get(lesson_id, LessonProgress(lesson_id))


class ProgressStore(Protocol):
    """What the app needs from storage. ``persistent`` is False when progress lasts only for this visit."""

    persistent: bool

    def load(self, learner: Learner) -> Progress:
        """Everything stored for ``learner`` (empty progress for a new one)."""
        ...

    def save_lesson(self, learner: Learner, lesson_id: str, step: int, stars: int | None = None) -> None:
        """Remember the step to reopen; with ``stars`` (a finished lesson) keep the best stars ever earned."""
        ...

    def record_answer(self, learner: Learner, answer: Answer) -> None:
        """Add one practice answer; answers are only ever added, never replaced."""
        ...


class SessionProgressStore:
    """Progress kept in memory for this visit only: the default, and the fallback when a database is unreachable."""

    persistent = False

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._data: dict[str, Progress] = {}

    def load(self, learner: Learner) -> Progress:
        """Everything stored for ``learner`` (empty progress for a new one)."""
        with self._lock:
            progress = self._data.get(learner.key, Progress())
            return Progress(dict(progress.lessons), progress.answers)

    def save_lesson(self, learner: Learner, lesson_id: str, step: int, stars: int | None = None) -> None:
        """Remember the step to reopen; with ``stars`` (a finished lesson) keep the best stars ever earned."""
        with self._lock:
            progress = self._data.get(learner.key, Progress())
            lesson = merge_lesson(progress.lesson(lesson_id), step, stars)
            self._data[learner.key] = replace(progress, lessons={**progress.lessons, lesson_id: lesson})

    def record_answer(self, learner: Learner, answer: Answer) -> None:
        """Add one practice answer."""
        with self._lock:
            progress = self._data.get(learner.key, Progress())
            self._data[learner.key] = replace(progress, answers=(*progress.answers, answer))

    def put(self, learner: Learner, progress: Progress) -> None:
        """Hold ``progress`` as everything known for ``learner`` (a copy of what a database gave back)."""
        with self._lock:
            self._data[learner.key] = Progress(dict(progress.lessons), tuple(progress.answers))


def merge_lesson(current: LessonProgress, step: int, stars: int | None) -> LessonProgress:
    """The stored lesson after a save: the new step, the best stars, finished once any finish was saved."""
    if step < 1:
        raise ValueError(f"step {step!r}: steps are numbered from 1")
    now = datetime.now(UTC)
    if stars is None:
        return replace(current, step=step, updated=now)
    if not 0 <= stars <= 3:
        raise ValueError(f"stars {stars!r}: a lesson earns 0 to 3 stars")
    return replace(current, step=step, stars=max(current.stars, stars), finished=True, updated=now)
