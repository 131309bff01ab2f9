"""Goal checks: small predicates over what the learner did in a step, combined with all / any / not.

Each check can also say why a trail misses it ("goal.ends wants the ends to show 4 and 2; they show 5 and 2"),
which is how the loader tells a lesson author what went wrong with a solution.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine import Draw, Event, Pass, Play, Position, Tile

from .errors import FormatError


@dataclass(frozen=True)
class Trail:
    """What happened in a step: the position before, the position after, and the learner's events in between."""

    start: Position
    end: Position

    @property
    def events(self) -> tuple[Event, ...]:
        """The learner's events in this step (replies are not part of a trail)."""
        return self.end.history[len(self.start.history) :]

    @property
    def plays(self) -> list[Play]:
        """The learner's plays, in order."""
        return [event.move for event in self.events if isinstance(event.move, Play)]


@dataclass(frozen=True)
class Check:
    """A parsed goal: ``spec`` is the TOML it came from, ``test`` the predicate, ``why_not`` what a miss shows."""

    spec: Any
    test: Callable[[Trail], bool]
    why_not: Callable[[Trail], str]

    def __call__(self, trail: Trail) -> bool:
        """Whether the trail satisfies this check."""
        return self.test(trail)

    def explain(self, trail: Trail) -> str | None:
        """Why the trail misses this check (which part, and what the position showed instead); None if it holds."""
        return None if self.test(trail) else self.why_not(trail)


@dataclass(frozen=True)
class _Leaf:
    """One simple check: its predicate, what it wants in words, and what a trail shows instead."""

    test: Callable[[Trail], bool]
    wants: str
    shows: Callable[[Trail], str]


def _flag(name: str, value: Any, field: str) -> None:
    if value is not True:
        raise FormatError(field, f"check {name!r} takes true (use {{ not = ... }} for the opposite), got {value!r}")


def _tile(value: Any, field: str) -> Tile:
    try:
        return Tile.parse(value)
    except (ValueError, TypeError) as error:
        raise FormatError(field, f"not a tile: {value!r} ({error})") from None


def _moves(trail: Trail) -> str:
    events = trail.events
    return f"the moves were {', '.join(str(e.move) for e in events)}" if events else "no move was made"


def _ending(trail: Trail) -> str:
    outcome = trail.end.outcome
    if outcome is None:
        return "the hand is not over"
    winner = "nobody" if outcome.winner is None else f"side {outcome.winner}"
    capicu = ", a capicú" if outcome.capicu else ""
    return f"the hand ended {'in a domino' if outcome.reason == 'domino' else 'blocked'}{capicu}, won by {winner}"


def _drew_until_fit(trail: Trail) -> bool:
    events = trail.events
    draws = [e for e in events if isinstance(e.move, Draw)]
    if not draws or not events or not isinstance(events[-1].move, Play):
        return False
    return events[-1].move.tile == draws[-1].drawn


def _outcome(trail: Trail, test: Callable[[Any], bool]) -> bool:
    return trail.end.outcome is not None and test(trail.end.outcome)


def _ends(value: Any, field: str) -> _Leaf:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 6 for n in value)
    ):
        raise FormatError(field, f"expected 2 numbers 0–6, got {value!r}")
    wanted = sorted(value)

    def test(trail: Trail) -> bool:
        ends = trail.end.ends
        return ends is not None and sorted(ends) == wanted

    def shows(trail: Trail) -> str:
        ends = trail.end.ends
        return "the line is empty" if ends is None else f"they show {ends[0]} and {ends[1]}"

    return _Leaf(test, f"the ends to show {value[0]} and {value[1]}", shows)


def _drew(value: Any, field: str) -> _Leaf:
    def count(trail: Trail) -> int:
        return sum(isinstance(e.move, Draw) for e in trail.events)

    def shows(trail: Trail) -> str:
        return f"{count(trail)} draws were made"

    if value is True:
        return _Leaf(lambda t: count(t) > 0, "a draw", shows)
    if isinstance(value, int) and not isinstance(value, bool) and value > 0:
        return _Leaf(lambda t: count(t) == value, f"exactly {value} draws", shows)
    raise FormatError(field, f"check 'drew' takes true or a number of draws, got {value!r}")


def _played(value: Any, field: str) -> _Leaf:
    tile = _tile(value, field)
    return _Leaf(lambda t: any(p.tile == tile for p in t.plays), f"a play of the {tile}", _moves)


def _at_end(value: Any, field: str) -> _Leaf:
    if value not in ("left", "right", "up", "down"):
        raise FormatError(field, f"check 'at_end' takes \"left\", \"right\", \"up\" or \"down\", got {value!r}")

    def shows(trail: Trail) -> str:
        plays = trail.plays
        if not plays:
            return "nothing was played"
        return "the last play was a lead" if plays[-1].end is None else f"the last play went {plays[-1].end}"

    return _Leaf(lambda t: bool(t.plays) and t.plays[-1].end == value, f"the last play at the {value} end", shows)


def _scored(value: Any, field: str) -> _Leaf:
    """The learner's side scored during the step (all-fives, S5): any points (true) or exactly ``value``."""
    if value is not True and (not isinstance(value, int) or isinstance(value, bool) or value <= 0 or value % 5):
        raise FormatError(field, f"check 'scored' takes true or a positive multiple of 5, got {value!r}")

    def points(trail: Trail) -> int:
        if not trail.events:
            return 0
        rules = trail.end.rules
        side = rules.side_of(trail.events[-1].seat)
        return sum(event.scored for event in trail.events if rules.side_of(event.seat) == side)

    wants = "points scored during the step" if value is True else f"{value} points scored during the step"
    return _Leaf(lambda t: points(t) > 0 if value is True else points(t) == value, wants,
                 lambda t: f"{points(t)} were scored; {_moves(t)}")


def _winner(value: Any, field: str) -> _Leaf:
    if not isinstance(value, int) or isinstance(value, bool) or value not in (0, 1, 2, 3):
        raise FormatError(field, f"check 'winner' takes a side, 0 to 3, got {value!r}")
    return _Leaf(lambda t: _outcome(t, lambda o: o.winner == value), f"side {value} to win the hand", _ending)


#: Checks that take ``true``: what each tests, what it wants in words, and what a miss shows.
_FLAGS: dict[str, tuple[Callable[[Trail], bool], str, Callable[[Trail], str]]] = {
    "played_any": (lambda t: bool(t.plays), "a play", _moves),
    "led": (lambda t: any(p.end is None for p in t.plays), "a lead", _moves),
    "drew_until_fit": (_drew_until_fit, "draws until a drawn tile fits, then its play", _moves),
    "passed": (lambda t: any(isinstance(e.move, Pass) for e in t.events), "a pass", _moves),
    "domino": (lambda t: _outcome(t, lambda o: o.reason == "domino"), "a domino", _ending),
    "blocked": (lambda t: _outcome(t, lambda o: o.reason == "blocked"), "a blocked hand", _ending),
    "capicu": (lambda t: _outcome(t, lambda o: o.capicu), "a capicú", _ending),
    "hand_over": (lambda t: t.end.outcome is not None, "the end of the hand", _ending),
}
_VALUED: dict[str, Callable[[Any, str], _Leaf]] = {
    "played": _played,
    "at_end": _at_end,
    "drew": _drew,
    "ends": _ends,
    "winner": _winner,
    "scored": _scored,
}

CHECK_NAMES: tuple[str, ...] = ("all", "any", "not", "played", "at_end", "played_any", "led", "drew",
                                "drew_until_fit", "passed", "ends", "domino", "blocked", "capicu", "winner",
                                "hand_over", "scored")


def _leaf(name: str, value: Any, field: str) -> _Leaf:
    """The leaf checks; each validates its own value."""
    if name in _VALUED:
        return _VALUED[name](value, field)
    if name in _FLAGS:
        _flag(name, value, field)
        return _Leaf(*_FLAGS[name])
    raise FormatError(field, f"unknown check {name!r}; known: {', '.join(CHECK_NAMES)}")


def parse_check(spec: Any, field: str = "goal") -> Check:
    """Read a check from its TOML form (a table with exactly one key); raise `FormatError` naming the field."""
    if not isinstance(spec, dict) or len(spec) != 1:
        raise FormatError(field, f"a check is a table with exactly one key, like {{ played = \"6-5\" }}; got {spec!r}")
    ((name, value),) = spec.items()
    if name in ("all", "any"):
        if not isinstance(value, list) or not value:
            raise FormatError(field, f"check {name!r} takes a non-empty list of checks, got {value!r}")
        parts = [parse_check(item, f"{field}.{name}[{i}]") for i, item in enumerate(value)]
        if name == "all":
            return Check(spec, lambda t: all(part(t) for part in parts),
                         lambda t: next(part.why_not(t) for part in parts if not part(t)))
        return Check(spec, lambda t: any(part(t) for part in parts),
                     lambda t: f"{field}.any: none holds — " + "; ".join(part.why_not(t) for part in parts))
    if name == "not":
        inner = parse_check(value, f"{field}.not")
        return Check(spec, lambda t: not inner(t),
                     lambda t: f"{field}.not wants {inner.spec!r} not to hold, but it does")
    leaf = _leaf(name, value, f"{field}.{name}")
    where = f"{field}.{name}"
    return Check(spec, leaf.test, lambda t: f"{where} wants {leaf.wants}; {leaf.shows(t)}")
