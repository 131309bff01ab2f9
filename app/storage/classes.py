"""A teacher's class as values: its code for learners, the private teacher link's secret (only its hash is ever
stored), and what the class view shows — learners × lessons, practice mastery, the questions missed most.

Pure Python; the SQL behind it is ``classes_sql.py``.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass, field
from datetime import datetime

from app.storage.progress import LessonProgress, StepResult, check_nickname
from practice import SkillMastery

#: Class codes are read out to a class and typed on phones: consonants without look-alikes (no L, no vowels, so no
#: words), a hyphen, and digits without 0 and 1 (no O/I confusion): ``KMR-482``.
CODE_LETTERS = "BCDFGHJKMNPQRSTVWXZ"
CODE_DIGITS = "23456789"
_CODE = re.compile(rf"^[{CODE_LETTERS}]{{3}}-[{CODE_DIGITS}]{{3}}$")
CLASS_NAME_MAX = 60
SECRET_BYTES = 18  # 144 bits: the link cannot be guessed, so a plain SHA-256 of it is a safe thing to store


class ClassRefused(ValueError):
    """Something about a class that cannot be done; ``code`` is stable, for the page to say it in the learner's
    language: ``"name_empty"``, ``"name_too_long"``, ``"nickname_taken"``, ``"unknown_learner"``."""

    def __init__(self, code: str, message: str, nickname: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.nickname = nickname


def new_class_code(rng: secrets.SystemRandom | None = None) -> str:
    """A fresh random class code such as ``KMR-482``."""
    rng = rng or secrets.SystemRandom()
    letters = "".join(rng.choice(CODE_LETTERS) for _ in range(3))
    digits = "".join(rng.choice(CODE_DIGITS) for _ in range(3))
    return f"{letters}-{digits}"


def normal_code(text: str) -> str:
    """A class code as typed (any case, with or without its hyphen, spaces anywhere) in its one stored spelling
    (``"kmr 482"``, ``"QMD958"`` → ``"KMR-482"``, ``"QMD-958"``); any other text is returned trimmed."""
    trimmed = " ".join(str(text).split())
    symbols = re.sub(r"[\s\-_.·/]+", "", trimmed).upper()
    joined = f"{symbols[:3]}-{symbols[3:]}"
    return joined if _CODE.match(joined) else trimmed


def is_class_code(text: str) -> bool:
    """Whether ``text``, as typed (any case, with or without its hyphen), is the shape of a class code."""
    return bool(_CODE.match(normal_code(text)))


def new_secret() -> str:
    """The secret of a new teacher link (URL-safe, shown once and never stored)."""
    return secrets.token_urlsafe(SECRET_BYTES)


def secret_hash(secret: str) -> str:
    """What is stored for a teacher link's secret: its SHA-256, in hex."""
    return hashlib.sha256(secret.strip().encode()).hexdigest()


def same_hash(a: str, b: str) -> bool:
    """Compare two hashes in constant time."""
    return hmac.compare_digest(a.encode(), b.encode())


def check_class_name(text: str) -> str:
    """A class's name, trimmed; `ClassRefused` when empty or longer than ``CLASS_NAME_MAX``."""
    name = " ".join(str(text).split())
    if not name:
        raise ClassRefused("name_empty", "the class name is empty")
    if len(name) > CLASS_NAME_MAX:
        raise ClassRefused("name_too_long", f"the class name is longer than {CLASS_NAME_MAX} characters")
    return name


@dataclass(frozen=True)
class SchoolClass:
    """One class: the code learners type, the teacher's name for it, and when it was made."""

    code: str
    name: str
    created: datetime | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "code", check_nickname(normal_code(self.code), "class_code"))


@dataclass(frozen=True)
class IssuedCode:
    """A learner's personal sign-in code just made (on the roster, or reissued): the only moment it is known — it
    goes on the learner's card and is never stored, only its hash."""

    nickname: str
    key: str
    code: str


@dataclass(frozen=True)
class ClassLearner:
    """One learner of a class as the teacher sees them: lessons, practice mastery per skill, games played, and
    when they last did anything (``None`` when they never saved a thing)."""

    nickname: str
    key: str
    last_seen: datetime | None
    lessons: dict[str, LessonProgress] = field(default_factory=dict)
    mastery: dict[str, SkillMastery] = field(default_factory=dict)
    games: int | None = None  # None: the Play page keeps no record of games yet
    steps: dict[tuple[str, int], StepResult] = field(default_factory=dict)  # what the server saw in each step
    answers: dict[str, tuple[int, int]] = field(default_factory=dict)  # per skill: (right, answered)
    has_code: bool = True  # False: kept from before personal codes, the teacher still has to issue one

    def lesson(self, lesson_id: str) -> LessonProgress:
        """The learner's progress in one lesson (a fresh one if never opened)."""
        return self.lessons.get(lesson_id, LessonProgress(lesson_id))


@dataclass(frozen=True)
class MissedQuestion:
    """A practice question the class got wrong: its code and skill, how many answers were wrong out of how many,
    and by how many learners."""

    code: str
    skill: str
    wrong: int
    answered: int
    learners: int


@dataclass(frozen=True)
class ClassReport:
    """Everything the class view shows, read in one go: the class, its learners (by nickname), the questions
    missed most (most wrong answers first)."""

    school_class: SchoolClass
    learners: tuple[ClassLearner, ...] = ()
    missed: tuple[MissedQuestion, ...] = ()


