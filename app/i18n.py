"""The learner's language: picking it from the browser or the URL, and every text the app shows in it."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Any

from engine import Draw, Event, Pass, Play
from lessons import Language
from render import TableDescription
from wording import Message, Texts, table_in_words
from wording.seats import seat_key
from wording.table_extras import TableExtras
from wording.table_words import SeatShown


def language_from_locale(locale: str | None, languages: Iterable[Language], default: str = "en") -> str:
    """The tutorial language for a browser locale such as ``es-ES`` or ``nl-NL``: the first language of
    ``languages.toml`` that takes it (``default`` otherwise). A draft language is never chosen for a browser."""
    offered = tuple(language for language in languages if not language.draft)
    if locale:
        primary = locale.replace("_", "-").split("-")[0].casefold()
        for language in offered:
            if language.takes(primary):
                return language.code
    codes = [language.code for language in offered]
    return default if default in codes else codes[0]


#: Characters that mean something to Streamlit's markdown (emphasis, links, images, code, headings, lists, tables,
#: directives such as ``:red[…]`` and ``:material/…:``, maths, HTML): each one a person typed is escaped.
_MARKUP = set("\\`*_{}[]()#+-.!|<>~$:&=\"'@/")
#: Where a bare address would begin: after "://", between "www" and its dot, after "@". Streamlit's markdown links
#: ``http://…``, ``www.…`` and ``name@host`` even with every character escaped (it finds them in the text once
#: the escapes are undone), so an invisible word joiner goes there.
_ADDRESS = re.compile(r"(?<=:)(?=//)|(?<=www)(?=\.)|(?<=@)", re.IGNORECASE)
_JOINER = "\u2060"
#: Characters that would change the lines or the direction of the text around the value: line breaks and other
#: controls become spaces, bidirectional overrides and isolates go.
_BIDI = dict.fromkeys(map(ord, "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"))
_BREAKS = ("Cc", "Zl", "Zp")


def plain(text: object, limit: int | None = None) -> str:
    """Text a person typed (a nickname, a class name, an address parameter …), made safe to put into markdown: it is
    shown exactly as typed, on one line, and never becomes a link, an image, a heading or HTML. ``limit``: at most
    that many characters are shown, then "…"."""
    shown = str(text)
    if limit is not None and len(shown) > limit:
        shown = f"{shown[:limit]}…"
    shown = "".join(" " if unicodedata.category(char) in _BREAKS else char for char in shown.translate(_BIDI))
    shown = _ADDRESS.sub(_JOINER, shown)
    return "".join(f"\\{char}" if char in _MARKUP else char for char in shown)


class Words:
    """Texts in one language, bound to a lesson (its own keys first): ``words("button.next")``."""

    def __init__(self, texts: Texts, lang: str, lesson: str | None = None) -> None:
        self.texts = texts
        self.lang = lang
        self.lesson = lesson

    def __call__(self, key: str, **args: Any) -> str:
        """The text for ``key`` with its ``{placeholders}`` filled in (text-key arguments translated too)."""
        return self.texts.render(Message.of(key, **args), self.lang, self.lesson)

    def render(self, message: Any) -> str:
        """A `Message` or `Feedback` from the lessons, in this language."""
        return self.texts.render(message, self.lang, self.lesson)

    def decimal(self, value: float, signed: bool = False) -> str:
        """A number to one decimal place with this language's decimal mark (``+`` before a positive one if
        ``signed``)."""
        return f"{value:{'+' if signed else ''}.1f}".replace(".", self("word.decimal_mark"))

    def role_labels(self) -> dict[str, str]:
        """The seat names and badges written on the table picture."""
        roles = ("you", "opponent", "partner", "right_opponent", "left_opponent", "across_opponent")
        labels = {role: self(f"role.{role}") for role in roles}
        labels.update({badge: self(f"badge.{badge}") for badge in ("pass", "draw")})
        return labels

    def seat(self, rules: Any, viewer: int, seat: int) -> str:
        """A seat named as the learner sees it (you, your opponent, your partner …)."""
        return self(seat_key(rules, viewer, seat))

    def event(self, event: Event, rules: Any, viewer: int) -> str:
        """One move as it happened, in words."""
        seat = self.seat(rules, viewer, event.seat)
        move = event.move
        if isinstance(move, Play):
            if move.end is None:
                return self("event.lead", seat=seat, tile=str(move.tile))
            return self("event.play", seat=seat, tile=str(move.tile), end=self(f"end.{move.end}"))
        if isinstance(move, Draw):
            if event.drawn is not None and event.seat == viewer:
                return self("event.draw_seen", seat=seat, tile=str(event.drawn))
            return self("event.draw", seat=seat)
        if isinstance(move, Pass):
            return self("event.pass", seat=seat)
        return str(event)

    def table(self, description: TableDescription, rules: Any, conceal: Iterable[str] = ()) -> list[str]:
        """The table picture in words, sentence by sentence: the text alternative shown beside it (the lessons'
        one builder, so practice and lessons say a table the same way; ``conceal``: what a question asks). The
        other tables' parts of the picture (a spinner's arms, the count, the scores) are said too."""
        seats = [SeatShown(seat.seat, seat.count, seat.tiles) for seat in description.seats]
        extras = TableExtras(description.spinner, tuple((end.end, end.number) for end in description.ends),
                             description.count, description.totals, description.target, description.target_loses,
                             description.danger, rules.partners, description.scored, description.out_of_play)
        fits = None
        if any(end.fits is not None for end in description.ends):
            fits = tuple(end.end for end in description.ends if end.fits)
        messages = table_in_words(
            description.players, description.viewer, description.line, seats, description.stock,
            description.to_move, over=description.hand_over, selected=description.selected, fits=fits,
            conceal=frozenset(conceal), extras=extras,
        )
        return [self.render(message) for message in messages]
