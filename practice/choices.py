"""Building a question's options: the engine's answer among believable wrong values, labels in the language files'
words, and the names of seats and sides as the learner sees them."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

from engine import Draw, Move, Pass, Play, Position, Rules, Tile
from wording.seats import seat_key, side_key
from wording.table_words import counted, spell
from wording.texts import Message, Ref, refusal

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


#: Why a wrong value is wrong, in words (``None``: the question has nothing specific to say).
Why = Callable[[Any], Message | None]


def shuffled(
    rng: random.Random, answer: Hashable, wrong: Sequence[Hashable], label: Callable[[Any], Message], count: int = 3,
    why: Why | None = None,
) -> Options:
    """The engine's answer and up to ``count`` distinct wrong values (any equal to the answer dropped), shuffled;
    each wrong one told ``why``."""
    distinct: list[Hashable] = []
    for value in wrong:
        if value != answer and value not in distinct:
            distinct.append(value)
    values = [answer, *rng.sample(distinct, min(count, len(distinct)))]
    rng.shuffle(values)
    return _choices(values, answer, label, why), frozenset([values.index(answer)])


def every(values: Sequence[Hashable], answer: Hashable, label: Callable[[Any], Message],
          why: Why | None = None) -> Options:
    """All the values of a small closed set, in a fixed order, the engine's answer marked; each wrong one told
    ``why``."""
    if answer not in values:
        raise AssertionError(f"the engine's answer {answer!r} is not among {values!r}")
    return _choices(values, answer, label, why), frozenset([values.index(answer)])


def _choices(values: Sequence[Hashable], answer: Hashable, label: Callable[[Any], Message],
             why: Why | None) -> tuple[Choice, ...]:
    return tuple(Choice(v, label(v), None if why is None or v == answer else why(v)) for v in values)


def reasons(table: Mapping[Any, Message]) -> Why:
    """A ``why`` from wrong values each paired with its reason (the first reason given for a value stands)."""
    return table.get


def because(key: str, **args: Any) -> Message:
    """A wrong option's reason: the ``drill.why.<key>`` text with its facts."""
    return Message.of(f"drill.why.{key}", **args)


def off_by(value: int, answer: int) -> Message:
    """A near-miss number: how far it is from the right count, and which way."""
    return because("near_more" if value > answer else "near_less", points=value, diff=abs(value - answer))


def refused(position: Position, move: Move) -> Message | None:
    """The engine's refusal of ``move`` in words (``illegal.<code>`` with the tile, the end, the number there)."""
    error = position.check(move)
    return None if error is None else refusal(error)


def fitting(position: Position, tile: Tile | None = None) -> Play:
    """A play the engine allows: of ``tile``, or of any tile of the mover's."""
    moves = position.moves_for(tile) if tile is not None else position.legal_moves()
    return next(move for move in moves if isinstance(move, Play))


def end_args(position: Position, end: str | None) -> dict[str, Any]:
    """An end's name and the number the engine says shows there."""
    return {"end": Ref(f"end.{end}"), "number": position.end_number(end)}  # type: ignore[arg-type]  # a play on a laid line names its end


def action_why(position: Position) -> Why:
    """Why playing, drawing or passing is wrong here, from the engine's refusal of that move (the tile that fits and
    where, the stock still to draw from) or, for a play, from the open ends nothing of the mover's fits."""
    ends = tuple(number for _, number in position.open_ends)

    def why(choice: str) -> Message | None:
        if choice == "play":
            return because("nothing_fits", ends=ends)
        error = position.check(Draw() if choice == "draw" else Pass())
        if error is None:
            return None
        if error.code == "has-playable":
            play = fitting(position)
            return because(f"no_{choice}_fits", tile=str(play.tile), **end_args(position, play.end))
        if error.code == "must-draw":
            return because("no_pass_stock", ends=ends)
        return because("no_draw_empty" if position.rules.uses_stock else "no_draw_none", ends=ends)

    return why


def place_why(position: Position, tile: Tile, capicu: bool = False) -> Why:
    """Why a tile does not go where an option says (left, right, both/either, capicú, nowhere): the engine's
    refusal at an end it does not fit, where it does fit, or that it fits the other end as well."""
    fits = {move.end for move in position.moves_for(tile)}
    left, right = position.ends or (0, 0)

    def why(choice: str) -> Message | None:
        if choice in ("nowhere", "none"):
            play = fitting(position, tile)
            return because("fits_at", tile=str(tile), **end_args(position, play.end))
        wanted = (choice,) if choice in ("left", "right") else ("left", "right")
        for end in wanted:
            if end not in fits:
                refusal = refused(position, Play(tile, end))  # type: ignore[arg-type]  # "left" or "right", from `wanted`
                if choice in ("left", "right"):
                    return refusal
                return because("no_capicu" if choice == "capicu" else "not_both", why=refusal)
        if choice in ("left", "right"):
            if capicu:
                return because("capicu_too", tile=str(tile), at=Ref(f"end.{choice}"), left=left, right=right)
            other = "right" if choice == "left" else "left"
            return because("also_fits", tile=str(tile), at=Ref(f"end.{choice}"), **end_args(position, other))
        if choice == "either":  # it fits both ends, and they differ
            return because("is_capicu", tile=str(tile), left=left, right=right)
        return because("same_ends", number=left)  # "capicu" chosen: both ends show one number

    return why


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
