"""Question queries: the right answer of a question step, asked of the engine on the step's position."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine import Match, Outcome, Position

from .errors import FormatError

#: An answer value: a number, a sorted tuple of numbers, a seat/side (or None = nobody), a bool or a word.
Answer = Any


@dataclass(frozen=True)
class QueryKind:
    """How one query is asked: its argument names, the type of its answer, and the engine call."""

    args: tuple[str, ...]
    type: str  # number | numbers | seat | side | side_or_none | bool | reason | action
    ask: Callable[..., Answer]


def _outcome(position: Position) -> Outcome:
    if position.outcome is None:
        raise FormatError("query", "this query needs a finished hand: end the step's prelude with the last tile")
    return position.outcome


def _match(position: Position, finished: Sequence[Position]) -> Match:
    match = Match(position.rules)
    for hand in [*finished, position]:
        if hand.outcome is not None:
            match.record(hand.outcome)
    if not match.outcomes:
        raise FormatError("match", "match queries need finished hands: list them in 'match' or finish the position")
    return match


def _must(position: Position) -> str:
    action = position.required_action()
    if action is None:
        raise FormatError("query", "the hand is over: nobody has to move")
    return action


def _can_play(position: Position, seat: int | None = None) -> bool:
    return bool(position.playable_tiles(seat))


def _leader(position: Position) -> int:
    if position.placed:
        raise FormatError("query", "leader asks who leads an empty table: use a position without a line")
    return position.to_move


def _out_of_play(position: Position) -> int:
    """The tiles of the set nobody holds, in a game without a stock (none can ever be drawn)."""
    if position.rules.uses_stock:
        raise FormatError("query", "out_of_play needs a game without a stock: there the undealt tiles are the stock")
    return 28 - len(position.placed) - sum(len(hand) for hand in position.hands)


QUERIES: dict[str, QueryKind] = {
    "known_lacks": QueryKind(("seat",), "numbers", lambda p, m, seat: tuple(sorted(p.known_lacks(seat)))),
    "ends.left": QueryKind((), "number", lambda p, m: _ends(p)[0]),
    "ends.right": QueryKind((), "number", lambda p, m: _ends(p)[1]),
    "stock_size": QueryKind((), "number", lambda p, m: len(p.stock)),
    "hand_pips": QueryKind(("seat",), "number", lambda p, m, seat: sum(t.pips for t in p.hands[seat])),
    "can_play": QueryKind(("seat",), "bool", lambda p, m, seat=None: _can_play(p, seat)),
    "must": QueryKind((), "action", lambda p, m: _must(p)),
    "outcome.points": QueryKind((), "number", lambda p, m: _outcome(p).points),
    "outcome.pips": QueryKind(("seat",), "number", lambda p, m, seat: _outcome(p).pips[seat]),
    "outcome.winner": QueryKind((), "side_or_none", lambda p, m: _outcome(p).winner),
    "outcome.next_leader": QueryKind((), "seat", lambda p, m: _outcome(p).next_leader),
    "outcome.blocker": QueryKind((), "seat", lambda p, m: _blocker(p)),
    "outcome.capicu": QueryKind((), "bool", lambda p, m: _outcome(p).capicu),
    "outcome.reason": QueryKind((), "reason", lambda p, m: _outcome(p).reason),
    "match.score": QueryKind(("side",), "number", lambda p, m, side: _match(p, m).scores[side]),
    "match.winner": QueryKind((), "side_or_none", lambda p, m: _match(p, m).winner),
    "match.sapatu": QueryKind((), "bool", lambda p, m: _match(p, m).sapatu),
    "match.next_leader": QueryKind((), "seat", lambda p, m: _match(p, m).next_leader),
    # The other tables (RULES.md G, S): who leads a fresh deal, the all-fives count, points per side.
    "leader": QueryKind((), "seat", lambda p, m: _leader(p)),
    "out_of_play": QueryKind((), "number", lambda p, m: _out_of_play(p)),
    "open_ends": QueryKind((), "number", lambda p, m: len(p.open_ends)),
    "end_count": QueryKind((), "number", lambda p, m: p.end_count),
    "hand_points": QueryKind(("side",), "number", lambda p, m, side: p.hand_points[side]),
    "outcome.scores": QueryKind(("side",), "number", lambda p, m, side: _outcome(p).scores[side]),
    "match.loser": QueryKind((), "side_or_none", lambda p, m: _match(p, m).loser),
}

#: Queries whose options come from the file's ``distractors``; the others list every possible value.
NEEDS_DISTRACTORS = frozenset({"number", "numbers"})


def _ends(position: Position) -> tuple[int, int]:
    if position.ends is None:
        raise FormatError("query", "the line is empty: there are no ends yet")
    return position.ends


def _blocker(position: Position) -> int:
    outcome = _outcome(position)
    if outcome.blocker is None:
        raise FormatError("query", "outcome.blocker needs a blocked hand")
    return outcome.blocker


@dataclass(frozen=True)
class Query:
    """A named engine query with its arguments, as a question step declares it."""

    name: str
    args: tuple[tuple[str, int], ...] = ()

    @property
    def kind(self) -> QueryKind:
        """The query's definition."""
        return QUERIES[self.name]

    def ask(self, position: Position, finished: Sequence[Position] = ()) -> Answer:
        """The engine's answer on ``position`` (``finished``: earlier hands of a match)."""
        return self.kind.ask(position, tuple(finished), **dict(self.args))


def parse_query(name: Any, step: dict[str, Any], players: int, sides: int = 2) -> Query:
    """Read a question's query and its arguments from the step table (seats 0 to ``players`` - 1, sides 0 to
    ``sides`` - 1)."""
    if name not in QUERIES:
        raise FormatError("query", f"unknown query {name!r}; known: {', '.join(QUERIES)}")
    args = []
    for arg in QUERIES[name].args:
        if arg not in step:
            if name == "can_play":
                continue
            raise FormatError(arg, f"query {name!r} needs {arg!r}")
        value = step[arg]
        limit = players if arg == "seat" else sides
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < limit:
            raise FormatError(arg, f"{arg} must be a number from 0 to {limit - 1}, got {value!r}")
        args.append((arg, value))
    return Query(name, tuple(args))


def read_answer(value: Any, type_: str, field: str) -> Answer:
    """Turn an answer written in a file (a wrong answer, a distractor) into the form queries return."""
    ok = True
    if type_ == "number":
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif type_ == "numbers":
        ok = isinstance(value, list) and all(isinstance(n, int) and not isinstance(n, bool) for n in value)
        value = tuple(sorted(set(value))) if ok else value
    elif type_ in ("seat", "side", "side_or_none"):
        if type_ == "side_or_none" and value == "none":
            return None
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif type_ == "bool":
        ok = isinstance(value, bool)
    elif type_ == "reason":
        ok = value in ("domino", "blocked")
    elif type_ == "action":
        ok = value in ("play", "draw", "pass")
    if not ok:
        raise FormatError(field, f"{value!r} is not a possible answer of this question ({type_})")
    return value


def all_values(type_: str, players: int, sides: int = 2) -> tuple[Answer, ...] | None:
    """Every possible answer of a type with a small closed set of values (None for number types)."""
    return {
        "seat": tuple(range(players)),
        "side": tuple(range(sides)),
        "side_or_none": (*range(sides), None),
        "bool": (True, False),
        "reason": ("domino", "blocked"),
        "action": ("play", "draw", "pass"),
    }.get(type_)


def sort_key(value: Answer) -> tuple[int, Any]:
    """A stable order for options of any type (None last)."""
    if value is None:
        return (2, 0)
    if isinstance(value, tuple):
        return (0, (len(value), value))
    if isinstance(value, bool):
        return (0, not value)
    return (0, value) if isinstance(value, int) else (1, value)
