"""Texts in every language: messages as data (a key plus arguments), and their rendering in one language."""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from engine import ILLEGAL_MOVE_CODES, IllegalMove

UI = "ui"
PRAISE_KEYS: tuple[str, ...] = tuple(f"praise.{n}" for n in range(1, 6))

#: Keys every language's ui.toml must define; the code uses them by name.
REQUIRED_UI_KEYS: tuple[str, ...] = (
    *(f"illegal.{code}" for code in ILLEGAL_MOVE_CODES),
    *PRAISE_KEYS,
    "wrong.generic",
    "wrong.answer",
    "progress.drew",
    "progress.move",
    "step.done",
    "hint.match",
    "hint.match_ends",
    "hint.lead_nudge",
    "hint.check",
    "hint.end",
    "hint.draw",
    "hint.pass",
    "hint.lead",
    "hint.none",
    "remember.title",
    "answer.number",
    "answer.numbers",
    "answer.none",
    "answer.yes",
    "answer.no",
    "answer.domino",
    "answer.blocked",
    "answer.play",
    "answer.draw",
    "answer.pass",
    "role.you",
    "role.opponent",
    "role.partner",
    "role.right_opponent",
    "role.left_opponent",
    "side.yours",
    "side.theirs",
    "side.nobody",
    "end.left",
    "end.right",
    "word.and",
    "button.draw",
    "button.pass",
    "button.hint",
    "button.retry",
    "button.next",
    "button.back",
    "lesson.done",
    "lesson.stars",
    "picture.empty",
    "picture.line",
    "picture.line_only",
    "picture.hand",
    "picture.hand_empty",
    "picture.shown",
    "picture.shown_empty",
    "picture.other.one",
    "picture.other.many",
    "picture.stock.one",
    "picture.stock.many",
    "picture.stock_empty",
    "picture.stock_hidden",
    "picture.selected",
    "picture.fits",
    "picture.fits_nowhere",
    "picture.to_move",
    "picture.over",
)


@dataclass(frozen=True)
class Ref:
    """An argument that is itself a text key (an end name, a seat name), translated when rendered."""

    key: str


@dataclass(frozen=True)
class Message:
    """A text to show, as data: a key and its format arguments (rendered later, in the learner's language)."""

    key: str
    args: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, key: str, **args: Any) -> Message:
        """A message with keyword arguments."""
        return cls(key, tuple(sorted(args.items())))


def refusal_args(error: IllegalMove) -> dict[str, Any]:
    """The facts a refusal quotes, as the ``illegal.<code>`` texts' arguments: the tile, the end, the number there."""
    args: dict[str, Any] = {}
    if error.tile is not None:
        args["tile"] = str(error.tile)
    if error.end is not None:
        args["end"] = Ref(f"end.{error.end}")
    if error.number is not None:
        args["number"] = error.number
    return args


def refusal(error: IllegalMove) -> Message:
    """The engine's refusal of a move in words: its ``illegal.<code>`` text with the facts the refusal carries."""
    return Message.of(f"illegal.{error.code}", **refusal_args(error))


FeedbackKind = Literal["success", "error", "info"]


@dataclass(frozen=True)
class Feedback:
    """The answer to a learner's action: success, error or info, with the message to show."""

    kind: FeedbackKind
    key: str
    args: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, kind: FeedbackKind, key: str, **args: Any) -> Feedback:
        """Feedback with keyword arguments."""
        return cls(kind, key, tuple(sorted(args.items())))

    @property
    def message(self) -> Message:
        """The message part."""
        return Message(self.key, self.args)


def placeholders(text: str) -> frozenset[str]:
    """The ``{name}`` placeholders a text uses."""
    try:
        return frozenset(name for _, name, _, _ in string.Formatter().parse(text) if name)
    except ValueError:
        return frozenset({"<unbalanced braces>"})


def flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """Nested TOML tables as one dict with dotted keys."""
    flat: dict[str, Any] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            flat.update(flatten(value, f"{name}."))
        else:
            flat[name] = value
    return flat


class Texts:
    """Every text of every language: ``tables[lang][scope][key]`` where scope is ``"ui"`` or a lesson id."""

    def __init__(self, tables: Mapping[str, Mapping[str, Mapping[str, str]]], languages: tuple[str, ...]) -> None:
        self.tables = {lang: {scope: dict(keys) for scope, keys in scopes.items()} for lang, scopes in tables.items()}
        self.languages = languages

    def find(self, lang: str, key: str, lesson: str | None = None) -> str | None:
        """The text for a key (lesson texts first, then ui), or None."""
        scopes = self.tables.get(lang, {})
        if lesson is not None and key in scopes.get(lesson, {}):
            return scopes[lesson][key]
        return scopes.get(UI, {}).get(key)

    def get(self, lang: str, key: str, lesson: str | None = None) -> str:
        """The text for a key; falls back to the first language, then to ``[key]`` (never raises)."""
        for language in (lang, *self.languages):
            text = self.find(language, key, lesson)
            if text is not None:
                return text
        return f"[{key}]"

    def render(self, message: Message | Feedback, lang: str, lesson: str | None = None) -> str:
        """A message in one language, its arguments filled in (text-key arguments translated too)."""
        args = {name: self._arg(value, lang, lesson) for name, value in message.args}
        text = self.get(lang, message.key, lesson)
        try:
            return text.format(**args)
        except (KeyError, IndexError, ValueError):
            return text

    def _arg(self, value: Any, lang: str, lesson: str | None) -> str:
        if isinstance(value, Ref):
            return self.get(lang, value.key, lesson)
        if isinstance(value, Message):
            return self.render(value, lang, lesson)
        if isinstance(value, bool):
            return self.get(lang, "answer.yes" if value else "answer.no")
        if isinstance(value, tuple):
            items = [self._arg(item, lang, lesson) for item in value]
            if not items:
                return self.get(lang, "answer.none")
            if all(isinstance(item, Message) for item in value):
                return " ".join(items)  # sentences
            if len(items) == 1 or not all(isinstance(item, int) for item in value):
                return ", ".join(items)
            return f"{', '.join(items[:-1])} {self.get(lang, 'word.and')} {items[-1]}"
        return str(value)
