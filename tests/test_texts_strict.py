"""Texts cannot fail silently: under test an unknown key or an unfilled placeholder raises, naming what is wrong;
in production the same text is logged and shown with "…" in the gap, never a traceback, a {placeholder} or a key."""

from __future__ import annotations

import logging
import os

import pytest

from wording import Message
from wording.texts import MISSING, STRICT_VARIABLE, TextError, Texts

TABLES = {
    "en": {"ui": {"illegal.no-match": "The {tile} has no {number}, so it doesn't fit at the {end} end.",
                  "end.left": "left", "only.en": "Only in English."}},
    "es": {"ui": {"illegal.no-match": "La {tile} no tiene {number}: no entra en la punta {end}.",
                  "end.left": "izquierda"}},
}


def texts(strict: bool | None) -> Texts:
    return Texts(TABLES, ("en", "es"), strict=strict)


def test_every_test_runs_strict() -> None:
    assert os.environ.get(STRICT_VARIABLE) == "1"
    assert texts(None).is_strict


def test_strict_an_unfilled_placeholder_raises_and_names_it() -> None:
    with pytest.raises(TextError, match=r"illegal\.no-match.*'en'.*\['end', 'number', 'tile'\]"):
        texts(True).render(Message("illegal.no-match"), "en")


def test_strict_an_unknown_key_raises_and_names_it() -> None:
    with pytest.raises(TextError, match=r"no text 'nowhere\.key' in 'es'"):
        texts(True).render(Message("nowhere.key"), "es")
    with pytest.raises(TextError, match=r"no text 'only\.en' in 'es'"):
        texts(True).get("es", "only.en")


def test_strict_a_text_filled_in_renders_as_written() -> None:
    message = Message.of("illegal.no-match", tile="6-4", number=5, end="left")
    assert texts(True).render(message, "en") == "The 6-4 has no 5, so it doesn't fit at the left end."


def test_in_production_a_gap_is_logged_and_shown_as_an_ellipsis(caplog: pytest.LogCaptureFixture) -> None:
    production = texts(False)
    with caplog.at_level(logging.WARNING, logger="wording.texts"):
        shown = production.render(Message.of("illegal.no-match", tile="6-4"), "en")
    assert shown == f"The 6-4 has no {MISSING}, so it doesn't fit at the {MISSING} end."
    assert "illegal.no-match" in caplog.text and "number" in caplog.text
    assert production.render(Message("nowhere.key"), "es") == MISSING
    assert production.get("es", "only.en") == "Only in English."  # another language's text before nothing


def test_in_production_broken_braces_never_reach_the_learner() -> None:
    broken = Texts({"en": {"ui": {"odd": "A {tile} and {0} and an {unclosed"}}}, ("en",), strict=False)
    shown = broken.render(Message.of("odd", tile="6-4"), "en")
    assert "{" not in shown and "}" not in shown
