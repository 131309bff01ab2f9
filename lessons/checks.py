"""Goal checks: small predicates over what the learner did in a step, combined with all / any / not."""

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
    """A parsed goal: ``spec`` is the TOML it came from, ``test`` the predicate."""

    spec: Any
    test: Callable[[Trail], bool]

    def __call__(self, trail: Trail) -> bool:
        """Whether the trail satisfies this check."""
        return self.test(trail)


def _flag(name: str, value: Any, field: str) -> None:
    if value is not True:
        raise FormatError(field, f"check {name!r} takes true (use {{ not = ... }} for the opposite), got {value!r}")


def _tile(value: Any, field: str) -> Tile:
    try:
        return Tile.parse(value)
    except (ValueError, TypeError) as error:
        raise FormatError(field, f"not a tile: {value!r} ({error})") from None


def _drew_until_fit(trail: Trail) -> bool:
    events = trail.events
    draws = [e for e in events if isinstance(e.move, Draw)]
    if not draws or not events or not isinstance(events[-1].move, Play):
        return False
    return events[-1].move.tile == draws[-1].drawn


def _outcome(trail: Trail, test: Callable[[Any], bool]) -> bool:
    return trail.end.outcome is not None and test(trail.end.outcome)


def _ends_are(wanted: tuple[int, int]) -> Callable[[Trail], bool]:
    def test(trail: Trail) -> bool:
        ends = trail.end.ends
        return ends is not None and sorted(ends) == sorted(wanted)

    return test


def _drew(value: Any, field: str) -> Callable[[Trail], bool]:
    if value is True:
        return lambda t: any(isinstance(e.move, Draw) for e in t.events)
    if isinstance(value, int) and not isinstance(value, bool) and value > 0:
        return lambda t: sum(isinstance(e.move, Draw) for e in t.events) == value
    raise FormatError(field, f"check 'drew' takes true or a number of draws, got {value!r}")


def _numbers(value: Any, field: str, count: int) -> tuple[int, ...]:
    if (
        not isinstance(value, list)
        or len(value) != count
        or not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 6 for n in value)
    ):
        raise FormatError(field, f"expected {count} numbers 0–6, got {value!r}")
    return tuple(value)


def _simple(name: str, value: Any, field: str) -> Callable[[Trail], bool]:
    """The leaf checks; each validates its own value."""
    if name == "played":
        tile = _tile(value, field)
        return lambda t: any(p.tile == tile for p in t.plays)
    if name == "at_end":
        if value not in ("left", "right"):
            raise FormatError(field, f"check 'at_end' takes \"left\" or \"right\", got {value!r}")
        return lambda t: bool(t.plays) and t.plays[-1].end == value
    if name == "drew":
        return _drew(value, field)
    if name == "ends":
        wanted = _numbers(value, field, 2)
        return _ends_are((wanted[0], wanted[1]))
    if name == "winner":
        if not isinstance(value, int) or isinstance(value, bool) or value not in (0, 1):
            raise FormatError(field, f"check 'winner' takes a side, 0 or 1, got {value!r}")
        return lambda t: _outcome(t, lambda o: o.winner == value)
    flags: dict[str, Callable[[Trail], bool]] = {
        "played_any": lambda t: bool(t.plays),
        "led": lambda t: any(p.end is None for p in t.plays),
        "drew_until_fit": _drew_until_fit,
        "passed": lambda t: any(isinstance(e.move, Pass) for e in t.events),
        "domino": lambda t: _outcome(t, lambda o: o.reason == "domino"),
        "blocked": lambda t: _outcome(t, lambda o: o.reason == "blocked"),
        "capicu": lambda t: _outcome(t, lambda o: o.capicu),
        "hand_over": lambda t: t.end.outcome is not None,
    }
    if name in flags:
        _flag(name, value, field)
        return flags[name]
    raise FormatError(field, f"unknown check {name!r}; known: {', '.join(CHECK_NAMES)}")


CHECK_NAMES: tuple[str, ...] = (
    "all",
    "any",
    "not",
    "played",
    "at_end",
    "played_any",
    "led",
    "drew",
    "drew_until_fit",
    "passed",
    "ends",
    "domino",
    "blocked",
    "capicu",
    "winner",
    "hand_over",
)


def parse_check(spec: Any, field: str = "goal") -> Check:
    """Read a check from its TOML form (a table with exactly one key); raise `FormatError` naming the field."""
    if not isinstance(spec, dict) or len(spec) != 1:
        raise FormatError(field, f"a check is a table with exactly one key, like {{ played = \"6-5\" }}; got {spec!r}")
    ((name, value),) = spec.items()
    if name in ("all", "any"):
        if not isinstance(value, list) or not value:
            raise FormatError(field, f"check {name!r} takes a non-empty list of checks, got {value!r}")
        parts = [parse_check(item, f"{field}.{name}[{i}]") for i, item in enumerate(value)]
        combine = all if name == "all" else any
        return Check(spec, lambda t: combine(part(t) for part in parts))
    if name == "not":
        inner = parse_check(value, f"{field}.not")
        return Check(spec, lambda t: not inner(t))
    return Check(spec, _simple(name, value, f"{field}.{name}"))
