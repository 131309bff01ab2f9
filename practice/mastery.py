"""Mastery from the recent answers: per skill (share right among the last ones, with a minimum count) and per
lesson (its skills together), for the home page's lesson map."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal, Protocol

from .skills import SKILLS, get_skill, skills_of_lesson

#: How many of a skill's latest answers count, how many are needed before a skill can be mastered, and the share.
RECENT = 10
MINIMUM = 5
THRESHOLD = 0.8

Level = Literal["new", "learning", "mastered"]


class AnswerLike(Protocol):
    """Anything with a skill id and whether it was right (``app.storage.progress.Answer``, a session's ``Result``)."""

    @property
    def skill(self) -> str: ...

    @property
    def correct(self) -> bool: ...


@dataclass(frozen=True)
class SkillMastery:
    """One skill: how many recent answers, how many right, the share right (None before any), and the level."""

    skill: str
    answered: int
    right: int
    level: Level

    @property
    def share(self) -> float | None:
        """Share right among the recent answers."""
        return self.right / self.answered if self.answered else None


@dataclass(frozen=True)
class LessonMastery:
    """One lesson: its skills' mastery, their recent answers pooled, and a level (mastered when all skills are)."""

    lesson: str
    skills: tuple[SkillMastery, ...]
    level: Level

    @property
    def answered(self) -> int:
        """Recent answers over the lesson's skills."""
        return sum(s.answered for s in self.skills)

    @property
    def share(self) -> float | None:
        """Share right over the lesson's skills' recent answers."""
        answered = self.answered
        return sum(s.right for s in self.skills) / answered if answered else None


def skill_mastery(answers: Iterable[AnswerLike], skill_id: str, recent: int = RECENT, minimum: int = MINIMUM,
                  threshold: float = THRESHOLD) -> SkillMastery:
    """A skill's mastery from answers oldest first: the last ``recent`` of that skill count."""
    get_skill(skill_id)
    window = [a.correct for a in answers if a.skill == skill_id][-recent:]
    right = sum(window)
    if not window:
        level: Level = "new"
    elif len(window) >= minimum and right / len(window) >= threshold:
        level = "mastered"
    else:
        level = "learning"
    return SkillMastery(skill_id, len(window), right, level)


def mastery(answers: Iterable[AnswerLike]) -> dict[str, SkillMastery]:
    """Every skill's mastery, by skill id."""
    answers = list(answers)
    return {skill.id: skill_mastery(answers, skill.id) for skill in SKILLS}


def lesson_mastery(answers: Iterable[AnswerLike]) -> dict[str, LessonMastery]:
    """Mastery of every lesson that some skill practises, by lesson id."""
    per_skill = mastery(answers)
    lessons = [lesson for skill in SKILLS for lesson in skill.lessons]
    result = {}
    for lesson in dict.fromkeys(lessons):
        skills = tuple(per_skill[s.id] for s in skills_of_lesson(lesson))
        if all(s.level == "new" for s in skills):
            level: Level = "new"
        elif all(s.level == "mastered" for s in skills):
            level = "mastered"
        else:
            level = "learning"
        result[lesson] = LessonMastery(lesson, skills, level)
    return result
