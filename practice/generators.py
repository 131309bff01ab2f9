"""One generator per skill: a seeded position (random play or a seeded set-up), asked of the engine, with
believable wrong options each checked against the engine's answer. The generators live by topic in
`play_questions`, `lead_questions` and `end_questions`; this module names them and makes a question from a code."""

from __future__ import annotations

import random
from collections.abc import Callable

from .end_questions import capicu, count, going_out, score, tranque
from .lead_questions import lead
from .play_questions import fits, lacks, must, where, where_tile_goes
from .question import Draft, Question
from .skills import get_skill, lesson_step
from .table_questions import fives, katsika, leader, rounding

Generator = Callable[[random.Random], Draft]

__all__ = ["GENERATORS", "Generator", "generate", "going_out", "where_tile_goes"]

#: The generator of every skill, by skill id.
GENERATORS: dict[str, Generator] = {
    "fits": fits,
    "where": where,
    "must": must,
    "lacks": lacks,
    "lead": lead,
    "count": count,
    "tranque": tranque,
    "capicu": capicu,
    "score": score,
    "leader": leader,
    "katsika": katsika,
    "fives": fives,
    "rounding": rounding,
}


def generate(skill_id: str, seed: int) -> Question:
    """The question of a skill for a seed: the same for everyone, every time."""
    skill = get_skill(skill_id)
    rng = random.Random(f"{skill.id}-{seed}")
    draft = GENERATORS[skill.id](rng)
    lesson, step = lesson_step(draft.fact, skill.lesson)
    return Question.of(draft, skill.id, seed, lesson, step)
