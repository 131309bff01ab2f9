"""The loaded, checked form of a lesson: frozen values the runner plays and the renderer draws."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine import Position, Rules

from .checks import Check
from .queries import Answer, Query
from .texts import Message

StepKind = Literal["explain", "act", "question", "remember"]
INTERACTIVE: frozenset[str] = frozenset({"act", "question"})


@dataclass(frozen=True)
class Mark:
    """Something drawn over the table picture: an end, a tile, an arrow, a seat or a button, maybe labelled.

    ``hint`` is the hint level from which it shows (0: always).
    """

    kind: Literal["end", "tile", "arrow", "seat", "button"]
    tile: str | None = None
    end: Literal["left", "right"] | None = None
    seat: int | None = None
    button: Literal["draw", "pass"] | None = None
    label: str | None = None
    hint: int = 0


@dataclass(frozen=True)
class WrongAction:
    """A mistake a step declares, and the feedback key it must produce (the tests try each one)."""

    feedback: str
    moves: tuple[str, ...] = ()  # act steps: earlier moves (a way towards the goal), then the wrong one
    answer: Answer = None  # question steps


@dataclass(frozen=True)
class Option:
    """One answer a question offers: its value (compared with the engine's) and its label."""

    value: Answer
    label: Message


@dataclass(frozen=True, eq=False)
class Step:
    """One step of a lesson, checked against the engine when loaded."""

    number: int  # 1-based, as in error messages and the coverage map
    kind: StepKind
    text: str | None = None
    position: Position | None = None
    viewer: int = 0
    marks: tuple[Mark, ...] = ()
    goal: Check | None = None
    solution: tuple[str, ...] = ()
    paths: tuple[tuple[str, ...], ...] = ()  # every move sequence that reaches the goal; the solution first
    replies: tuple[str, ...] = ()
    wrong: tuple[WrongAction, ...] = ()
    feedback: str | None = None
    hints: tuple[str, str] | None = None
    query: Query | None = None
    answer: Answer = None
    options: tuple[Option, ...] = ()
    points: tuple[str, ...] = ()
    end_position: Position | None = None  # after the solution and the replies

    @property
    def interactive(self) -> bool:
        """Whether the learner acts or answers in this step."""
        return self.kind in INTERACTIVE

    def wrong_feedback(self, moves: tuple[str, ...] = (), answer: Answer = None) -> str | None:
        """The feedback key this step declares for a mistake, if any."""
        for wrong in self.wrong:
            if (self.kind == "act" and wrong.moves == moves) or (self.kind == "question" and wrong.answer == answer):
                return wrong.feedback
        return None


@dataclass(frozen=True, eq=False)
class Lesson:
    """A whole lesson: id, title key, rules, steps; ``file`` is where it was read from."""

    id: str
    order: int
    title: str
    rules: Rules
    steps: tuple[Step, ...]
    file: str

    def step(self, number: int) -> Step:
        """A step by its 1-based number."""
        return self.steps[number - 1]


def seat_key(rules: Rules, viewer: int, seat: int) -> str:
    """The ui key naming ``seat`` as the learner at ``viewer`` sees it (you, opponent, partner, ...)."""
    relative = (seat - viewer) % rules.players
    if rules.players == 2:
        return ("seat.you", "seat.opponent")[relative]
    return ("seat.you", "seat.next", "seat.partner", "seat.previous")[relative]


def side_key(rules: Rules, viewer: int, side: int | None) -> str:
    """The ui key naming a side (or nobody) as the learner sees it."""
    if side is None:
        return "side.nobody"
    return "side.yours" if side == rules.side_of(viewer) else "side.theirs"
