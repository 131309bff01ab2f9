"""The learner's language: picking it from the browser or the URL, and every text the app shows in it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine import Draw, Event, Pass, Play
from lessons import Message, Texts
from lessons.model import seat_key
from render import TableDescription

#: Browser languages without a text set of their own, mapped to the one its speakers most likely read.
#: Curaçao and Aruba browsers often report Dutch; Papiamentu is what their players speak at the table.
LOCALE_FALLBACK = {"nl": "pap"}


def language_from_locale(locale: str | None, codes: Iterable[str], default: str = "en") -> str:
    """The tutorial language for a browser locale such as ``es-ES`` or ``pap-CW`` (``default`` otherwise)."""
    codes = tuple(codes)
    if locale:
        primary = locale.replace("_", "-").split("-")[0].casefold()
        if primary in codes:
            return primary
        if LOCALE_FALLBACK.get(primary) in codes:
            return LOCALE_FALLBACK[primary]
    return default if default in codes else codes[0]


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

    def role_labels(self) -> dict[str, str]:
        """The seat names and badges written on the table picture."""
        roles = ("you", "opponent", "partner", "right_opponent", "left_opponent")
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

    def table(self, description: TableDescription, rules: Any) -> list[str]:
        """The table picture in words, sentence by sentence: the text alternative shown beside it."""
        viewer = description.viewer
        lines = []
        if not description.line:
            lines.append(self("picture.empty"))
        else:
            left, right = (end.number for end in description.ends)
            tiles = tuple(f"{placed.left}-{placed.right}" for placed in description.line)  # as laid, left to right
            lines.append(self.render(Message.of("picture.line", tiles=tiles, left=left, right=right)))
        for seat in description.seats:
            name = self.seat(rules, viewer, seat.seat)
            shown = tuple(str(tile) for tile in seat.tiles) if seat.tiles is not None else None
            if seat.seat == viewer:
                lines.append(self.render(Message.of("picture.hand", tiles=shown or ())))
            elif shown is not None:
                lines.append(self.render(Message.of("table_words.seat_tiles", seat=name, tiles=shown or ())))
            else:
                lines.append(self("picture.other", seat=name, count=seat.count))
        if description.stock is not None:
            lines.append(self("picture.stock", count=description.stock))
        if description.selected is not None:
            tile = str(description.selected)
            lines.append(self("table_words.selected", tile=tile))
            fitting = tuple(self(f"end.{end.end}") for end in description.ends if end.fits)
            if any(end.fits is not None for end in description.ends):
                key = "table_words.fits" if fitting else "table_words.fits_nowhere"
                lines.append(self.render(Message.of(key, tile=tile, ends=fitting)))
        if description.to_move is not None:
            lines.append(self("picture.to_move", seat=self.seat(rules, viewer, description.to_move)))
        else:
            lines.append(self("picture.over"))
        return lines
