"""The loaded, checked form of a lesson: frozen values the runner plays and the renderer draws."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine import Event, Position, Rules
from wording.texts import Message

from .checks import Check
from .queries import Answer, Query

StepKind = Literal["explain", "act", "question", "remember"]
INTERACTIVE: frozenset[str] = frozenset({"act", "question"})


@dataclass(frozen=True)
class Frame:
    """One event to show, in order, with the position after it: a scripted event before the step (its prelude),
    the learner's move, or a scripted reply. ``scripted`` is true for everything the learner did not do."""

    event: Event
    position: Position
    scripted: bool
    prelude: bool = False


@dataclass(frozen=True)
class Mark:
    """Something drawn over the table picture: an end, a tile, an arrow, a seat or a button, maybe labelled; or
    a part of the table a lesson turns on: the open ends' ``count`` written out, the tiles ``out_of_play``.

    ``hint`` is the hint level from which it shows (0: always).
    """

    kind: Literal["end", "tile", "arrow", "seat", "button", "count", "out_of_play"]
    tile: str | None = None  # as the engine writes it ("6-5"), read as a tile when loaded
    end: Literal["left", "right", "up", "down"] | None = None
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
    """One answer a question offers: its value (compared with the engine's) and its label; ``why`` is what a
    wrong option is told (a drill's generator names the reason from the engine's facts: the tile that fits, the
    end it needs, the side with fewer points)."""

    value: Answer
    label: Message
    why: Message | None = None


@dataclass(frozen=True, eq=False)
class Step:
    """One step of a lesson, checked against the engine when loaded.

    ``text`` is the step's text key; a drill made by the practice engine has a ``prompt`` message instead.
    ``prelude`` holds the scripted events before the step (passes, draws, plays), shown as what happened;
    ``conceal`` names what the picture and its words keep out while the question asks it
    (``"stock_count"``, ``"end_numbers"``); ``drill`` holds the facts a drill slot practises (its question is
    made fresh by the runner for each learner).
    """

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
    hints: tuple[Message, Message] | None = None
    query: Query | None = None
    answer: Answer = None
    options: tuple[Option, ...] = ()
    points: tuple[str, ...] = ()
    end_position: Position | None = None  # after the solution and the replies
    prelude: tuple[Frame, ...] = ()
    conceal: frozenset[str] = frozenset()
    face_up: bool = False  # every hand shown face up (who leads, who holds what)
    match: tuple[Position, ...] = ()  # the match's earlier hands, finished, that a question counts
    prompt: Message | None = None
    miss: Message | None = None  # the feedback for a wrong answer no `wrong` entry names (drills)
    drill: tuple[str, ...] = ()
    # A step starting from "previous" after an act step that accepts several ways: the step as it leads on from
    # each other way (the way, then the step read on the table it left); ``follows`` is that act step's number.
    variants: tuple[tuple[tuple[str, ...], Step], ...] = ()
    follows: int | None = None

    @property
    def interactive(self) -> bool:
        """Whether the learner acts or answers in this step."""
        return self.kind in INTERACTIVE

    @property
    def message(self) -> Message | None:
        """The step's text as a message: its drill prompt, or its text key."""
        if self.prompt is not None:
            return self.prompt
        return Message(self.text) if self.text is not None else None

    def wrong_feedback(self, moves: tuple[str, ...] = (), answer: Answer = None) -> str | None:
        """The feedback key this step declares for a mistake, if any."""
        for wrong in self.wrong:
            if (self.kind == "act" and wrong.moves == moves) or (self.kind == "question" and wrong.answer == answer):
                return wrong.feedback
        return None


@dataclass(frozen=True, eq=False)
class Lesson:
    """A whole lesson: id, title key, rules, steps; ``file`` is where it was read from; ``course`` the course it
    belongs to (``"la_plaza"``, ``"other_tables"``: the home page groups the lessons by it)."""

    id: str
    order: int
    title: str
    rules: Rules
    steps: tuple[Step, ...]
    file: str
    course: str = "la_plaza"

    def step(self, number: int) -> Step:
        """A step by its 1-based number."""
        return self.steps[number - 1]

