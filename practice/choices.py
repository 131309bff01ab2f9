"""Building a question's options: the engine's answer among believable wrong values, labels in the language files'
words, and the names of seats and sides as the learner sees them."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from engine import Rules, Tile
from wording.seats import seat_key, side_key
from wording.table_words import counted, spell
from wording.texts import Message, Ref

from .question import Choice

Options = tuple[tuple[Choice, ...], frozenset[int]]


def seat_name(rules: Rules, viewer: int, seat: int) -> Ref:
    """A seat as the learner at ``viewer`` calls it (the picture's label)."""
    return Ref(seat_key(rules, viewer, seat))


def side_name(rules: Rules, viewer: int, side: int | None) -> Ref:
    """A side (or nobody) as the learner at ``viewer`` calls it."""
    return Ref(side_key(rules, viewer, side))


def other_seat(rng: random.Random, rules: Rules, seat: int) -> int:
    """Any seat but ``seat``."""
    return rng.choice([s for s in range(rules.players) if s != seat])


def spelled(tiles: Sequence[Tile]) -> tuple[str, ...]:
    """Tiles written as the engine writes them."""
    return tuple(spell(tile) for tile in tiles)


def shuffled(
    rng: random.Random, answer: Hashable, wrong: Sequence[Hashable], label: Callable[[Any], Message], count: int = 3
) -> Options:
    """The engine's answer and up to ``count`` distinct wrong values (any equal to the answer dropped), shuffled."""
    distinct: list[Hashable] = []
    for value in wrong:
        if value != answer and value not in distinct:
            distinct.append(value)
    values = [answer, *rng.sample(distinct, min(count, len(distinct)))]
    rng.shuffle(values)
    return tuple(Choice(v, label(v)) for v in values), frozenset([values.index(answer)])


def every(values: Sequence[Hashable], answer: Hashable, label: Callable[[Any], Message]) -> Options:
    """All the values of a small closed set, in a fixed order, the engine's answer marked."""
    if answer not in values:
        raise AssertionError(f"the engine's answer {answer!r} is not among {values!r}")
    return tuple(Choice(v, label(v)) for v in values), frozenset([values.index(answer)])


def points(value: int) -> Message:
    """A number of points as an option ("1 point", "16 points")."""
    return counted("practice.option.points", value, points=value)


def near(rng: random.Random, value: int, count: int = 2) -> list[int]:
    """Near-miss numbers around ``value`` (never negative)."""
    steps = rng.sample([-5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 10], count)
    return [value + step for step in steps if value + step >= 0]


def numbers(value: tuple[int, ...]) -> Message:
    """Numbers a seat is known to lack, as an option ("nothing is known" when none)."""
    if not value:
        return Message("practice.lacks.nothing")
    return Message.of("answer.numbers", numbers=value)


def count_rule(rules: Rules) -> Message:
    """The counting rule of the table, in words (which hands the winners count)."""
    return Message(f"practice.rule.count_{rules.count}")


def ends_words(left: int, right: int) -> Message:
    """The two open ends in words ("4 and 6", or "4 at both" when they show the same number)."""
    if left == right:
        return Message.of("practice.ends.same", n=left)
    return Message.of("practice.ends.two", left=left, right=right)
