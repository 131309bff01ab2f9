"""Spelling of every texts file in every language: Debian's hunspell dictionaries where a language has one
(named in lessons/languages.toml), plus a short project word list per language (lessons/spelling/<lang>.txt);
Papiamentu, which has no dictionary, against its word list alone (the reviewed texts' words), one spelling per
word: the variants lessons/spelling/pap_variants.txt rejects are in no list and no text."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pytest

from tests.spelling_support import (
    SPELLING,
    Misspelling,
    dictionaries,
    dictionary_problem,
    misspellings,
    spelling_forms,
    word_list,
    word_list_path,
)
from tests.wording_support import WORD, Text, languages_with_texts, texts_of, words

LANGUAGES = languages_with_texts()


def variants_path(lang: str) -> Path:
    """A language's rejected spellings, each with the one its texts use: ``lessons/spelling/<lang>_variants.txt``."""
    return SPELLING / f"{lang}_variants.txt"


def rejected_variants(lang: str) -> dict[str, str]:
    """Each spelling a language's texts do not use → the one they use ("bal" → "bale", "dunabo" → "duna bo")."""
    lines = (line.split("#", 1)[0].strip() for line in variants_path(lang).read_text(encoding="utf-8").splitlines())
    return {rejected.lower(): chosen for rejected, chosen in (line.split(None, 1) for line in lines if line)}


def variants_used(texts: Iterable[Text], lang: str) -> list[Misspelling]:
    """Every rejected spelling (``<lang>_variants.txt``) found in the texts, with the texts it is in."""
    rejected = rejected_variants(lang)
    where: dict[str, list[str]] = {}
    for text in texts:
        for word in text.words:
            if word.lower() in rejected:
                where.setdefault(word.lower(), []).append(f"{text.file} {text.key!r}")
    return [Misspelling(word, tuple(places)) for word, places in sorted(where.items())]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_can_be_checked(lang: str) -> None:
    """A language has a dictionary that is installed, or else a word list to be checked against."""
    dictionary = dictionaries().get(lang)
    if dictionary is None:
        assert word_list(lang), f"{lang!r} has no hunspell dictionary and no word list {word_list_path(lang)}"
    else:
        assert dictionary_problem(dictionary) is None, dictionary_problem(dictionary)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_texts_are_spelled_right(lang: str) -> None:
    wrong = misspellings(texts_of(lang), lang)
    assert wrong == [], (
        f"unknown {lang} words — fix the text, or, if the word is right, add it to {word_list_path(lang)}:\n"
        + "\n".join(str(problem) for problem in wrong)
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_typo_is_caught(lang: str) -> None:
    """A real word of the language with two letters swapped and one doubled is reported, with its text."""
    longest = max((word for text in texts_of(lang) for word in text.words if "-" not in word and "'" not in word),
                  key=len)
    typo = longest[0] + longest[2] + longest[1] + longest[3:] + longest[-1]
    found = misspellings([Text(f"lessons/texts/{lang}/made_up.toml", "typo", f"{longest} {typo}.")], lang)
    assert [problem.word for problem in found] == [typo]
    assert found[0].where == (f"lessons/texts/{lang}/made_up.toml 'typo'",)


def test_placeholders_markup_and_tiles_are_not_words() -> None:
    assert words("**{seat}** plays the 6-4 (or 5–5) at [the end](/pegar?step=3&lang=en): code lacks-4821.") == [
        "plays", "the", "or", "at", "the", "end", "code",
    ]
    assert words("Γι' αυτό, don't — pon'é, the players' tiles") == [
        "Γι'", "αυτό", "don't", "pon'é", "the", "players", "tiles",
    ]


@pytest.mark.parametrize("lang", sorted(set(LANGUAGES) | set(dictionaries())))
def test_word_lists_hold_single_words(lang: str) -> None:
    """One word a line, so that a list can be read and extended by hand."""
    assert [entry for entry in word_list(lang) if WORD.fullmatch(entry) is None] == []


def test_words_the_dictionary_builds_but_does_not_list() -> None:
    """Greek "διάβασέ το", "τα πλακίδιά σου" and Spanish "súmalas" are checked as "διάβασε", "πλακίδια", "suma"; a
    misplaced accent is still caught."""
    assert spelling_forms("διάβασέ", "el") == ("διάβασέ", "διάβασε")
    assert spelling_forms("πλακίδιο", "el") == ("πλακίδιο",)
    assert spelling_forms("Súmalas", "es") == ("Súmalas", "Suma")
    assert spelling_forms("casa", "es") == ("casa",)
    text = Text("t", "k", "Τα πλακίδιά σου, τα πλακιδιά σου.")
    assert [problem.word for problem in misspellings([text], "el")] == ["πλακιδιά"]
    assert [problem.word for problem in misspellings([Text("t", "k", "Súmalas y súmalaz.")], "es")] == ["súmalaz"]


def test_papiamentu_has_one_spelling_per_word() -> None:
    """Curaçao's official orthography, one spelling per word: no rejected variant on the word list, and the
    spelling each variant gives way to is on it (every word of it), so the list cannot hold both."""
    rejected = rejected_variants("pap")
    listed = word_list("pap")
    assert len(rejected) >= 10, variants_path("pap")
    assert sorted(rejected.keys() & listed) == [], f"rejected variants on {word_list_path('pap')}"
    assert [chosen for chosen in rejected.values() if not all(word.lower() in listed for word in chosen.split())] == []


def test_papiamentu_texts_use_no_rejected_variant() -> None:
    used = variants_used(texts_of("pap"), "pap")
    assert used == [], f"spellings {variants_path('pap')} rejects — use the chosen one:\n" + "\n".join(
        f"{problem} → {rejected_variants('pap')[problem.word]}" for problem in used)


def test_a_rejected_variant_in_a_text_is_caught() -> None:
    text = Text("lessons/texts/pap/made_up.toml", "typo", "Un 0-0 ta bal 25, por ehempel; Niun hende no sa.")
    assert [(problem.word, problem.where) for problem in variants_used([text], "pap")] == [
        ("bal", ("lessons/texts/pap/made_up.toml 'typo'",)),
        ("ehempel", ("lessons/texts/pap/made_up.toml 'typo'",)),
        ("niun", ("lessons/texts/pap/made_up.toml 'typo'",)),
    ]


def test_the_variants_file_is_sorted_and_one_pair_a_line() -> None:
    lines = [line for line in variants_path("pap").read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith("#")]
    assert lines == sorted(lines)
    assert all(len(line.split()) >= 2 and WORD.fullmatch(line.split()[0]) for line in lines)
