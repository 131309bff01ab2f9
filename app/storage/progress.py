"""Where a learner's progress lives: one small interface, kept in the session or in a database behind it."""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Protocol

from practice.plan import Item

NICKNAME_MAX = 24
_NICKNAME = re.compile(r"^[\w][\w .'-]*$")


#: The most moves a step's saved table keeps (a lesson step takes a handful), and how they are joined when stored.
MAX_STEP_MOVES = 24
MOVE_SEPARATOR = ";"


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
    """Whose progress it is: a nickname, the class code of their class ("" for none), and the key their record is
    stored under — random for a learner a teacher put on a class roster (``"m:…"``) and for a guest (``"g:…"``),
    never typed by anyone. Without a key (tests, a visit without a database) it is made from class and nickname."""

    nickname: str
    class_code: str = ""
    key: str = ""
    guest: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "nickname", check_nickname(self.nickname))
        if self.class_code:
            object.__setattr__(self, "class_code", check_nickname(self.class_code, "class_code"))
        if not self.key:
            object.__setattr__(self, "key", f"{self.class_code.casefold()}/{self.nickname.casefold()}")


class LearnerGone(LookupError):
    """The learner's record is no longer there (a teacher removed them): nothing is saved, the visit signs out."""


@dataclass(frozen=True)
class LessonProgress:
    """One lesson for one learner: the step to reopen (1-based), the best stars so far (0-3), finished or not,
    when it was last saved (UTC; ``None`` if never), so "continue where I left off" knows the latest, and the moves
    already made in the step to reopen (as the engine writes them), so a reload gives back the table as it was."""

    lesson_id: str
    step: int = 1
    stars: int = 0
    finished: bool = False
    updated: datetime | None = field(default=None, compare=False)  # not part of what the progress is
    moves: tuple[str, ...] = ()


@dataclass(frozen=True)
class Answer:
    """One practice answer: which skill, the question's code, right or wrong, and when (UTC)."""

    skill: str
    code: str
    correct: bool
    at: datetime = field(default_factory=lambda: datetime.now(UTC))


@dataclass(frozen=True)
class StepResult:
    """What the server's lesson runner saw in one step: whether it was done, and the mistakes and hints it took."""

    done: bool = False
    mistakes: int = 0
    hints: int = 0


@dataclass(frozen=True)
class Progress:
    """Everything stored for a learner, as read in one go (``steps``: by lesson and step number)."""

    lessons: dict[str, LessonProgress] = field(default_factory=dict)
    answers: tuple[Answer, ...] = ()
    steps: dict[tuple[str, int], StepResult] = field(default_factory=dict)

    def steps_done(self, lesson_id: str) -> int:
        """How many of a lesson's steps the learner did (as the server checked them)."""
        return sum(1 for (lesson, _step), result in self.steps.items() if lesson == lesson_id and result.done)

    def lesson(self, lesson_id: str) -> LessonProgress:
        """The learner's progress in one lesson (a fresh one if never opened)."""
        return self.lessons.get(lesson_id, LessonProgress(lesson_id))


class ProgressStore(Protocol):
    """What the app needs from storage. ``persistent`` is False when progress lasts only for this visit."""

    persistent: bool

    def load(self, learner: Learner) -> Progress:
        """Everything stored for ``learner`` (empty progress for a new one)."""
        ...

    def save_lesson(self, learner: Learner, lesson_id: str, step: int, stars: int | None = None,
                    moves: tuple[str, ...] = ()) -> None:
        """Remember the step to reopen and the moves made in it; with ``stars`` (a finished lesson) keep the best
        stars ever earned."""
        ...

    def record_answer(self, learner: Learner, answer: Answer) -> None:
        """Add one practice answer; answers are only ever added, never replaced."""
        ...

    def save_steps(self, learner: Learner, lesson_id: str, results: dict[int, StepResult]) -> None:
        """Add what the lesson runner saw in these steps since the last save (``results``: done, and the mistakes
        and hints since then); a step once done stays done."""
        ...

    def plan(self, learner: Learner) -> dict[Item, datetime]:
        """When each of the learner's review cards (the daily plan) is due; empty for a guest."""
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
            return Progress(dict(progress.lessons), progress.answers, dict(progress.steps))

    def save_lesson(self, learner: Learner, lesson_id: str, step: int, stars: int | None = None,
                    moves: tuple[str, ...] = ()) -> None:
        """Remember the step to reopen and the moves made in it; with ``stars`` (a finished lesson) keep the best
        stars ever earned."""
        with self._lock:
            progress = self._data.get(learner.key, Progress())
            lesson = merge_lesson(progress.lesson(lesson_id), step, stars, moves)
            self._data[learner.key] = replace(progress, lessons={**progress.lessons, lesson_id: lesson})

    def record_answer(self, learner: Learner, answer: Answer) -> None:
        """Add one practice answer."""
        with self._lock:
            progress = self._data.get(learner.key, Progress())
            self._data[learner.key] = replace(progress, answers=(*progress.answers, answer))

    def save_steps(self, learner: Learner, lesson_id: str, results: dict[int, StepResult]) -> None:
        """Add what the lesson runner saw in these steps since the last save; a step once done stays done."""
        with self._lock:
            progress = self._data.get(learner.key, Progress())
            steps = dict(progress.steps)
            for number, result in results.items():
                steps[(lesson_id, number)] = merge_step(steps.get((lesson_id, number)), result)
            self._data[learner.key] = replace(progress, steps=steps)

    def plan(self, learner: Learner) -> dict[Item, datetime]:
        """No plan: review cards are kept on the server only, for signed-in learners."""
        return {}

    def put(self, learner: Learner, progress: Progress) -> None:
        """Hold ``progress`` as everything known for ``learner`` (a copy of what a database gave back)."""
        with self._lock:
            self._data[learner.key] = Progress(dict(progress.lessons), tuple(progress.answers), dict(progress.steps))

    def forget(self, learner: Learner) -> None:
        """Drop everything held for ``learner`` (it was carried over to a lasting record)."""
        with self._lock:
            self._data.pop(learner.key, None)


def merge_step(current: StepResult | None, new: StepResult) -> StepResult:
    """A step's stored result after a save of ``new`` (the mistakes and hints since the last save): done once ever
    done, the counts added up over every time the learner went through the step."""
    if current is None:
        return new
    return StepResult(current.done or new.done, current.mistakes + new.mistakes, current.hints + new.hints)


def merge_lesson(current: LessonProgress, step: int, stars: int | None,
                 moves: tuple[str, ...] = ()) -> LessonProgress:
    """The stored lesson after a save: the new step and its moves, the best stars, finished once any finish was
    saved."""
    if step < 1:
        raise ValueError(f"step {step!r}: steps are numbered from 1")
    if len(moves) > MAX_STEP_MOVES or any(not move or MOVE_SEPARATOR in move for move in moves):
        raise ValueError(f"moves {moves!r}: at most {MAX_STEP_MOVES} moves as the engine writes them")
    now = datetime.now(UTC)
    if stars is None:
        return replace(current, step=step, updated=now, moves=moves)
    if not 0 <= stars <= 3:
        raise ValueError(f"stars {stars!r}: a lesson earns 0 to 3 stars")
    return replace(current, step=step, stars=max(current.stars, stars), finished=True, updated=now, moves=moves)
