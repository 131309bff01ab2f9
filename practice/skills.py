"""The practice skills: what each one trains, the lesson teaching it, and the coverage-map facts it exercises."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from lessons.coverage import Coverage, load_coverage


@dataclass(frozen=True)
class Skill:
    """One kind of practice question: its id (used in codes), its lesson, and the facts (§…, H…) it exercises."""

    id: str
    lesson: str
    facts: tuple[str, ...]

    @property
    def title(self) -> str:
        """The ui text key naming the skill."""
        return f"practice.skill.{self.id}"

    @property
    def lessons(self) -> tuple[str, ...]:
        """Every lesson teaching one of the skill's facts (its own lesson first), from the coverage map."""
        found = [self.lesson]
        for fact in self.facts:
            for ref in coverage().steps_for(fact):
                lesson = ref.split(":")[0]
                if lesson not in found:
                    found.append(lesson)
        return tuple(found)


#: Every skill, in the order of the lessons that teach them.
SKILLS: tuple[Skill, ...] = (
    Skill("fits", "pegar", ("§3a", "§4a")),
    Skill("where", "pegar", ("§3a", "§3c", "§4a")),
    Skill("must", "pasa", ("§6a", "§6b", "§6c", "§6d")),
    Skill("lacks", "pasa", ("§7a", "§7b", "§7c")),
    Skill("lead", "salida", ("§5a", "§5b", "§5c", "§5d")),
    Skill("count", "konta", ("§10a", "§10b", "§6e", "§8b", "H1")),
    Skill("tranque", "tranque", ("§9b", "§9c", "H1", "H2")),
    Skill("capicu", "capicu", ("§11a",)),
    Skill("score", "partida", ("§12a", "§12b", "§12c", "H4")),
    # The other tables (practice/table_questions.py).
    Skill("leader", "greek_lead", ("G3a", "G3b", "G4a", "G4b")),
    Skill("katsika", "katsika", ("G8b", "G8d")),
    Skill("fives", "all_fives", ("S5a", "S5b", "S5c")),
    Skill("rounding", "fives_end", ("S6a", "S6b")),
)
SKILL_IDS: tuple[str, ...] = tuple(skill.id for skill in SKILLS)
_BY_ID = {skill.id: skill for skill in SKILLS}


def get_skill(skill_id: str) -> Skill:
    """A skill by its id; ``ValueError`` naming the known ids otherwise."""
    try:
        return _BY_ID[skill_id]
    except (KeyError, TypeError):
        raise ValueError(f"unknown practice skill {skill_id!r}; known: {', '.join(SKILL_IDS)}") from None


def skills_of_lesson(lesson_id: str) -> tuple[Skill, ...]:
    """The skills practising something a lesson teaches (for the home page's lesson map)."""
    return tuple(skill for skill in SKILLS if lesson_id in skill.lessons)


@cache
def coverage() -> Coverage:
    """The lessons' coverage map, read once."""
    return load_coverage()


def lesson_step(fact: str, lesson: str | None = None) -> tuple[str, int]:
    """The lesson step teaching ``fact`` (the first one in ``lesson`` if it has one there), as (lesson id, step)."""
    refs = coverage().steps_for(fact)
    chosen = next((ref for ref in refs if ref.split(":")[0] == lesson), refs[0])
    lesson_id, step = chosen.split(":")
    return lesson_id, int(step)
