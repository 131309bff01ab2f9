"""Question codes: a skill and a seed (``"lacks-4821"``), so anyone opening a code sees the very same question."""

from __future__ import annotations

import random
import re

from .generators import generate
from .question import Question
from .skills import SKILL_IDS, get_skill

#: Seeds are 0 to SEED_LIMIT - 1: at most six digits, short enough to read out to a class.
SEED_LIMIT = 1_000_000
_CODE = re.compile(r"^(?P<skill>[a-z]+)-(?P<seed>[0-9]{1,6})$")


def format_code(skill_id: str, seed: int) -> str:
    """The code of a skill's question for a seed."""
    get_skill(skill_id)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < SEED_LIMIT:
        raise ValueError(f"seed {seed!r}: use a whole number from 0 to {SEED_LIMIT - 1}")
    return f"{skill_id}-{seed}"


def parse_code(code: str) -> tuple[str, int]:
    """Read a code into (skill id, seed); ``ValueError`` quoting the code when it is not one."""
    text = code.strip().lower() if isinstance(code, str) else None
    match = _CODE.match(text) if text else None
    if match is None:
        raise ValueError(
            f"not a practice code: {code!r}; write a skill and a number of up to 6 digits, like 'lacks-4821' "
            f"(skills: {', '.join(SKILL_IDS)})"
        )
    if match["skill"] not in SKILL_IDS:
        raise ValueError(f"not a practice code: {code!r}; unknown skill {match['skill']!r} "
                         f"(skills: {', '.join(SKILL_IDS)})")
    return match["skill"], int(match["seed"])


def question_from_code(code: str) -> Question:
    """The question a code stands for."""
    skill_id, seed = parse_code(code)
    return generate(skill_id, seed)


def new_seed(rng: random.Random) -> int:
    """A fresh seed for a new question."""
    return rng.randrange(SEED_LIMIT)
