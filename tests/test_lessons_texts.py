"""Texts: every engine code explained in every language, the same keys everywhere, nothing left untranslated."""

from __future__ import annotations

import re

import pytest

from engine import ILLEGAL_MOVE_CODES
from lessons import REQUIRED_UI_KEYS, load_library
from lessons.texts import UI, placeholders

LIBRARY = load_library()
TEXTS = LIBRARY.texts
LANGUAGES = [language.code for language in LIBRARY.languages]
REFERENCE = "en"
#: Texts that are rightly the same word in a language and in English.
SAME_WORD = {("es", "ui", "answer.no")}


def _scopes() -> list[str]:
    return sorted({scope for lang in LANGUAGES for scope in TEXTS.tables[lang]})


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("code", ILLEGAL_MOVE_CODES)
def test_every_engine_code_has_a_text(code: str, lang: str) -> None:
    assert TEXTS.find(lang, f"illegal.{code}")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_required_ui_key_is_there(lang: str) -> None:
    missing = [key for key in REQUIRED_UI_KEYS if TEXTS.find(lang, key) is None]
    assert missing == []


@pytest.mark.parametrize("scope", _scopes())
def test_every_key_is_in_every_language_with_the_same_placeholders(scope: str) -> None:
    tables = {lang: TEXTS.tables[lang].get(scope, {}) for lang in LANGUAGES}
    keys = set().union(*tables.values())
    for lang, table in tables.items():
        assert sorted(keys - set(table)) == [], f"{lang}/{scope}.toml lacks these keys"
        for key in keys:
            assert placeholders(table[key]) == placeholders(tables[REFERENCE][key]), (lang, scope, key)


@pytest.mark.parametrize("scope", _scopes())
@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != REFERENCE])
def test_no_text_is_an_untranslated_copy_of_english(lang: str, scope: str) -> None:
    english = TEXTS.tables[REFERENCE].get(scope, {})
    copies = []
    for key, text in TEXTS.tables[lang].get(scope, {}).items():
        if (lang, scope, key) in SAME_WORD:
            continue
        if not re.search(r"[^\W\d_]", re.sub(r"\{\w*\}", "", text)):
            continue  # only placeholders, digits or punctuation: nothing to translate
        if text == english.get(key):
            copies.append(key)
    assert copies == []


def test_remember_title_uses_the_vocabulary() -> None:
    assert [TEXTS.get(lang, "remember.title") for lang in ("pap", "es", "en")] == ["Kòrda", "Para recordar", "Remember"]


def test_ui_scope_is_named_ui() -> None:
    assert all(UI in TEXTS.tables[lang] for lang in LANGUAGES)
