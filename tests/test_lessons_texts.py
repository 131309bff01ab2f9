"""Texts: every engine code explained in every language, the same keys everywhere, nothing left untranslated,
one name for each player (the picture's labels are the words the texts and answers use)."""

from __future__ import annotations

import re

import pytest

from engine import ILLEGAL_MOVE_CODES
from lessons import Library
from wording import REQUIRED_UI_KEYS
from wording.seats import ROLES
from wording.texts import UI, placeholders

REFERENCE = "en"
#: Texts that are rightly the same word in a language and in English.
SAME_WORD = {("es", "ui", "answer.no")}


def _scopes(library: Library) -> list[str]:
    return sorted({scope for lang in library.texts.languages for scope in library.texts.tables[lang]})


@pytest.mark.parametrize("code", ILLEGAL_MOVE_CODES)
def test_every_engine_code_has_a_text(code: str, language: str, library: Library) -> None:
    assert library.texts.find(language, f"illegal.{code}")


def test_every_required_ui_key_is_there(language: str, library: Library) -> None:
    missing = [key for key in REQUIRED_UI_KEYS if library.texts.find(language, key) is None]
    assert missing == []


def test_every_key_is_in_every_language_with_the_same_placeholders(library: Library) -> None:
    texts = library.texts
    for scope in _scopes(library):
        tables = {lang: texts.tables[lang].get(scope, {}) for lang in texts.languages}
        keys = set().union(*tables.values())
        for lang, table in tables.items():
            assert sorted(keys - set(table)) == [], f"{lang}/{scope}.toml lacks these keys"
            for key in keys:
                assert placeholders(table[key]) == placeholders(tables[REFERENCE][key]), (lang, scope, key)


def test_no_text_is_an_untranslated_copy_of_english(language: str, library: Library) -> None:
    if language == REFERENCE:
        return
    texts = library.texts
    copies = []
    for scope in _scopes(library):
        english = texts.tables[REFERENCE].get(scope, {})
        for key, text in texts.tables[language].get(scope, {}).items():
            if (language, scope, key) in SAME_WORD:
                continue
            if not re.search(r"[^\W\d_]", re.sub(r"\{\w*\}", "", text)):
                continue  # only placeholders, digits or punctuation: nothing to translate
            if text == english.get(key):
                copies.append(f"{scope}:{key}")
    assert copies == []


def test_remember_title_uses_the_vocabulary(library: Library) -> None:
    titles = [library.texts.get(lang, "remember.title") for lang in ("pap", "es", "en")]
    assert titles == ["Kòrda", "Para recordar", "Remember"]


def test_ui_scope_is_named_ui(library: Library) -> None:
    assert all(UI in library.texts.tables[lang] for lang in library.texts.languages)


def test_every_seat_has_a_name_of_its_own(language: str, library: Library) -> None:
    names = [library.texts.find(language, f"role.{role}") for role in ROLES]
    assert all(names) and len(set(names)) == len(names)
