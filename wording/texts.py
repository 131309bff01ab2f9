"""Texts in every language: messages as data (a key plus arguments), and their rendering in one language.

A text that cannot be shown as written — a key no language has, a ``{placeholder}`` its message does not fill — is
a bug. In strict mode (every test: ``tests/conftest.py`` sets ``LAPLAZA_STRICT_TEXTS=1``, which the app servers the
browser tests start inherit) it raises ``TextError`` naming the key, the language and what is missing. In
production it is logged and the learner sees the sentence with "…" where a word is missing (a missing translation
shows another language's text first): never a traceback, a ``{tile}`` or a ``[key]``.
"""

from __future__ import annotations

import logging
import os
import string
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from engine import ILLEGAL_MOVE_CODES, IllegalMove

UI = "ui"
#: The environment variable that turns strict mode on for every ``Texts`` whose ``strict`` is not given.
STRICT_VARIABLE = "LAPLAZA_STRICT_TEXTS"
#: What stands for a missing word in production: a reader sees an ellipsis, not code.
MISSING = "…"

_log = logging.getLogger(__name__)


class TextError(LookupError):
    """A text that cannot be shown as written (strict mode): an unknown key or a placeholder left unfilled."""


class _Blanks(dict[str, Any]):
    """Format arguments that stand a missing one in with ``MISSING`` (production only)."""

    def __missing__(self, name: str) -> str:
        return MISSING

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
    """Every text of every language: ``tables[lang][scope][key]`` where scope is ``"ui"`` or a lesson id.

    ``strict``: raise ``TextError`` on a text that cannot be shown as written; ``None`` (the default) follows the
    ``LAPLAZA_STRICT_TEXTS`` environment variable, read when such a text turns up.
    """

    def __init__(
        self,
        tables: Mapping[str, Mapping[str, Mapping[str, str]]],
        languages: tuple[str, ...],
        strict: bool | None = None,
    ) -> None:
        self.tables = {lang: {scope: dict(keys) for scope, keys in scopes.items()} for lang, scopes in tables.items()}
        self.languages = languages
        self.strict = strict

    @property
    def is_strict(self) -> bool:
        """Whether a text that cannot be shown as written raises (tests) rather than being logged (production)."""
        if self.strict is not None:
            return self.strict
        return os.environ.get(STRICT_VARIABLE, "") not in ("", "0")

    def _fault(self, problem: str) -> None:
        if self.is_strict:
            raise TextError(problem)
        _log.warning("text shown with a gap: %s", problem)

    def find(self, lang: str, key: str, lesson: str | None = None) -> str | None:
        """The text for a key (lesson texts first, then ui), or None."""
        scopes = self.tables.get(lang, {})
        if lesson is not None and key in scopes.get(lesson, {}):
            return scopes[lesson][key]
        return scopes.get(UI, {}).get(key)

    def get(self, lang: str, key: str, lesson: str | None = None) -> str:
        """The text for a key. A key missing in ``lang`` raises ``TextError`` in strict mode; in production the
        first language that has it stands in, else ``MISSING``."""
        text = self.find(lang, key, lesson)
        if text is not None:
            return text
        where = f" (lesson {lesson!r})" if lesson else ""
        self._fault(f"no text {key!r} in {lang!r}{where}")
        for language in self.languages:
            text = self.find(language, key, lesson)
            if text is not None:
                return text
        return MISSING

    def render(self, message: Message | Feedback, lang: str, lesson: str | None = None) -> str:
        """A message in one language, its arguments filled in (text-key arguments translated too). A placeholder
        the message leaves unfilled raises ``TextError`` in strict mode; in production it shows as ``MISSING``."""
        args = {name: self._arg(value, lang, lesson) for name, value in message.args}
        text = self.get(lang, message.key, lesson)
        try:
            return text.format(**args)
        except (KeyError, IndexError, ValueError) as error:
            missing = sorted(placeholders(text) - set(args))
            self._fault(f"text {message.key!r} in {lang!r} left {missing or error!s} unfilled: {text!r}")
        try:
            return string.Formatter().vformat(text, (), _Blanks(args))
        except (IndexError, ValueError):
            return text.replace("{", "").replace("}", "")

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
