"""Today's five, apart from the screen: a signed-in learner's plan from the review cards the server keeps (what is
due, then new skills and puzzle themes), and the code of a fresh practice question for a skill of the plan."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Literal

from app.puzzles import themes_present
from app.state import Visit
from practice import format_code, new_seed
from practice.plan import Item, new_items, todays_plan

Status = Literal["due", "new", "early"]


@dataclass(frozen=True)
class Entry:
    """One of today's five: the skill or theme, and whether it is due for review, new, or reviewed early (everything
    else was seen and is not due yet)."""

    item: Item
    status: Status


def todays_five(visit: Visit, now: datetime | None = None) -> tuple[Entry, ...]:
    """The signed-in learner's five for today (none for a guest: the plan is kept for signed-in learners only)."""
    if not visit.account.signed_in:
        return ()
    now = now or datetime.now(UTC)
    due = visit.account.store.plan(visit.account.learner)
    items = todays_plan(due, now, new_items(themes_present()))

    def status(item: Item) -> Status:
        if item not in due:
            return "new"
        return "due" if due[item] <= now else "early"

    return tuple(Entry(item, status(item)) for item in items)


def practice_code(skill_id: str, rng: random.Random | None = None) -> str:
    """The code of a fresh practice question of ``skill_id`` (the practice page opens it as any shared code)."""
    return format_code(skill_id, new_seed(rng or random.Random()))


__all__ = ["Entry", "Status", "practice_code", "todays_five"]
