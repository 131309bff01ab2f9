"""A practice question as a value: the position to show, the prompt, the options, the engine's answer and why.

A generator returns a `Draft` (what it asks and on what table); `generate` adds the skill, the seed and the lesson
step that teaches it, making the `Question`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import Any

from engine import Position, Tile
from lessons.model import Option
from wording.seats import seat_key
from wording.table_words import describe_position, spell
from wording.texts import Message, Ref

#: One option of a question: the lessons' own answer option (a value compared with the engine's, and its label).
Choice = Option


@dataclass(frozen=True, eq=False, kw_only=True)
class Draft:
    """What a generator makes: one question on one table. ``correct`` holds the indexes of the right options
    (several when ``multiple``).

    ``turn_hidden``: whose turn it is would give the answer away (who leads), so the picture should not say it.
    ``notes`` are lines to show under the prompt (what happened earlier in the hand); ``subject`` holds the
    particulars the question is about (a tile, a seat, the lot, the match's hands) for tests and the app.
    ``pictured``: whether the table helps answer (a question about the lot is about two turned tiles only).
    ``conceal``: what the picture and its words keep out while the question is open (``"scores"``: the score line
    would say the points asked), as a lesson question's ``Step.conceal``.
    """

    position: Position
    viewer: int
    prompt: Message
    options: tuple[Choice, ...]
    correct: frozenset[int]
    reason: Message
    fact: str
    multiple: bool = False
    face_up: frozenset[int] = frozenset()
    badges: tuple[tuple[int, str], ...] = ()
    loose: tuple[tuple[int, tuple[Tile, ...]], ...] = ()
    notes: tuple[Message, ...] = ()
    turn_hidden: bool = False
    subject: tuple[tuple[str, Any], ...] = ()
    pictured: bool = True
    conceal: frozenset[str] = frozenset()

    @property
    def hidden(self) -> frozenset[str]:
        """Everything the picture keeps out while the question is open: ``conceal``, and whose turn it is when
        ``turn_hidden``."""
        return self.conceal | ({"turn"} if self.turn_hidden else frozenset())


@dataclass(frozen=True, eq=False, kw_only=True)
class Question(Draft):
    """One generated question: a draft with its skill, its seed, and the lesson step that teaches its fact."""

    skill: str
    seed: int
    lesson: str
    step: int

    @classmethod
    def of(cls, draft: Draft, skill: str, seed: int, lesson: str, step: int) -> Question:
        """The question a draft makes for a skill and a seed."""
        parts = {f.name: getattr(draft, f.name) for f in fields(Draft)}
        return cls(**parts, skill=skill, seed=seed, lesson=lesson, step=step)

    @property
    def code(self) -> str:
        """The short code that gives this very question back (``"lacks-4821"``)."""
        return f"{self.skill}-{self.seed}"

    @property
    def link(self) -> str:
        """The lesson step teaching what the question asks, as the coverage map writes it (``"salida:5"``)."""
        return f"{self.lesson}:{self.step}"

    @property
    def answer(self) -> tuple[Any, ...]:
        """The values of the right options."""
        return tuple(self.options[i].value for i in sorted(self.correct))

    def about(self, name: str) -> Any:
        """One particular of ``subject`` by name (``KeyError`` if the question has none)."""
        return dict(self.subject)[name]

    def is_correct(self, choice: int | Iterable[int]) -> bool:
        """Whether a pick is right: one index, or for ``multiple`` exactly the set of right indexes."""
        chosen = frozenset([choice] if isinstance(choice, int) else choice)
        if not all(isinstance(i, int) and 0 <= i < len(self.options) for i in chosen):
            raise ValueError(f"choice {choice!r}: options are numbered 0 to {len(self.options) - 1}")
        if not self.multiple and len(chosen) != 1:
            raise ValueError(f"choice {choice!r}: this question takes exactly one option")
        return chosen == self.correct

    def table_view(self) -> dict[str, Any]:
        """Keyword arguments for ``render.TableView``: no hint marks, hands face up where the question shows them."""
        return {
            "viewer": self.viewer,
            "hint": False,
            "dim_unplayable": False,
            "face_up": self.face_up,
            "badges": dict(self.badges),
            "loose": {seat: tiles for seat, tiles in self.loose},
            "show_turn": not self.turn_hidden,
        }

    def describe(self) -> tuple[Message, ...]:
        """The table in words (the alt text; the lessons' one builder), then the turned-up tiles, then the notes."""
        messages = list(describe_position(self.position, self.viewer, face_up=self.face_up,
                                          show_turn=not self.turn_hidden))
        for seat, tiles in self.loose:
            seat_name = Ref(seat_key(self.position.rules, self.viewer, seat))
            messages.append(Message.of("practice.note.turned", seat=seat_name, tiles=tuple(spell(t) for t in tiles)))
        return (*messages, *self.notes)
