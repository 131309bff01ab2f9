"""The daily plan: every practice skill and puzzle theme is a card scheduled by FSRS (the ``fsrs`` package); each
answer reviews its card, and "today's five" are the cards due now, most overdue first, then new ones.

Pure Python: the cards go in and out as the JSON ``fsrs`` writes, so the storage keeps them as text.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from itertools import zip_longest

from fsrs import Card, Rating, Scheduler

from .puzzles import THEMES
from .skills import SKILL_IDS

SKILL, THEME = "skill", "theme"
PLAN_SIZE = 5
#: One short step, for learning and relearning alike: a wrong answer comes back within the day (ten minutes on),
#: a right one on a new card goes straight to days ahead — a daily plan has no use for minute-long steps.
STEP = timedelta(minutes=10)
#: Without fuzzing the intervals are the model's own: the same answers give the same days for every learner (a
#: teacher can compare, tests can check), and a couple of dozen cards do not pile up on one day anyway.
SCHEDULER = Scheduler(learning_steps=(STEP,), relearning_steps=(STEP,), enable_fuzzing=False)


@dataclass(frozen=True, order=True)
class Item:
    """What a card is about: a practice skill (``kind="skill"``) or a puzzle theme (``kind="theme"``), by id."""

    kind: str
    id: str

    def __post_init__(self) -> None:
        known = SKILL_IDS if self.kind == SKILL else THEMES if self.kind == THEME else None
        if known is None:
            raise ValueError(f"plan item kind {self.kind!r}: use {SKILL!r} or {THEME!r}")
        if self.id not in known:
            raise ValueError(f"unknown {self.kind} {self.id!r}; known: {', '.join(known)}")


def skill_item(skill_id: str) -> Item:
    """The plan item of a practice skill."""
    return Item(SKILL, skill_id)


def items_of_skill(skill_id: str) -> tuple[Item, ...]:
    """The plan item of an answer's skill; none for a skill this app does not have (the answers keep any name)."""
    return (skill_item(skill_id),) if skill_id in SKILL_IDS else ()


def theme_items(themes: Iterable[str]) -> tuple[Item, ...]:
    """The plan items of a puzzle's themes."""
    return tuple(Item(THEME, theme) for theme in themes)


@dataclass(frozen=True)
class Reviewed:
    """A card after an answer: its state as ``fsrs`` serialises it, and when it is due next (UTC)."""

    card: str
    due: datetime


def review(stored: str | None, right: bool, at: datetime) -> Reviewed:
    """Review a card (``None``: a new one) with one answer at ``at``: right on the first try is Good, wrong is
    Again. A time before the card's last review (answers replayed late) counts as that review's time."""
    when = at.astimezone(UTC)
    card = Card.from_json(stored) if stored else Card(card_id=0, due=when)
    if card.last_review is not None and when < card.last_review:
        when = card.last_review.astimezone(UTC)
    after, _log = SCHEDULER.review_card(card, Rating.Good if right else Rating.Again, when)
    return Reviewed(after.to_json(), after.due.astimezone(UTC))


def new_items(themes: Sequence[str] = THEMES) -> tuple[Item, ...]:
    """Every item a learner may start, skills and ``themes`` taken in turn (skills in lesson order)."""
    pairs = zip_longest((skill_item(s) for s in SKILL_IDS), theme_items(themes))
    return tuple(item for pair in pairs for item in pair if item is not None)


def todays_plan(due: Mapping[Item, datetime], now: datetime, candidates: Sequence[Item],
                size: int = PLAN_SIZE) -> tuple[Item, ...]:
    """Up to ``size`` items: those due by ``now``, most overdue first; then ``candidates`` never reviewed, in order;
    then, when everything was seen and is not due yet, those due soonest."""
    overdue = sorted((item for item, when in due.items() if when <= now), key=lambda item: (due[item], item))
    unseen = [item for item in dict.fromkeys(candidates) if item not in due]
    later = sorted((item for item, when in due.items() if when > now), key=lambda item: (due[item], item))
    return tuple([*overdue, *unseen, *later][:size])


__all__ = ["PLAN_SIZE", "SCHEDULER", "SKILL", "STEP", "THEME", "Item", "Reviewed", "items_of_skill",
           "new_items", "review", "skill_item", "theme_items", "todays_plan"]
