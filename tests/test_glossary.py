"""The vocabulary (lessons/glossary.toml) against the texts: every concept has a word in every language that has
texts, the texts use that word, and none of them uses a word the glossary rules out for the same concept."""

from __future__ import annotations

import re
import tomllib
from functools import cache

import pytest

from tests.wording_support import LESSONS, Text, languages_with_texts, plain, texts_of

GLOSSARY = LESSONS / "glossary.toml"


@cache
def glossary() -> dict[str, dict]:
    """The glossary: concept → its table."""
    return tomllib.loads(GLOSSARY.read_text(encoding="utf-8"))


@cache
def corpus(lang: str) -> tuple[Text, ...]:
    """Every text of one language."""
    return tuple(texts_of(lang))


def headwords(entry: str) -> list[str]:
    """The words a glossary line names: ``kohe (for di pila)`` → ``kohe``; ``fit / match`` → ``fit``, ``match``."""
    without_notes = re.sub(r"\(.*?\)", "", entry)
    return [word.strip(" \"«»") for word in without_notes.split("/") if word.strip(" \"«»")]


def occurs(phrase: str, text: str) -> bool:
    """Whether a word or phrase occurs in a text as whole words, in any case."""
    return re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", plain(text), re.IGNORECASE) is not None


CONCEPTS = sorted(glossary())
LANGUAGES = languages_with_texts()


def test_glossary_names_concepts_in_english() -> None:
    """Every concept says what it is, so a translator knows which sense of a word is meant."""
    assert CONCEPTS, "the glossary is empty"
    assert [name for name in CONCEPTS if not glossary()[name].get("about")] == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_concept_has_a_word_in_every_language(lang: str) -> None:
    missing = [name for name in CONCEPTS if not isinstance(glossary()[name].get(lang), str)]
    assert missing == [], f"lessons/glossary.toml: no {lang!r} word for {missing}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_texts_use_the_glossary_word(lang: str) -> None:
    """The glossary word (or one of its listed forms) appears in the language's texts: the glossary is the
    vocabulary the texts really use, not a wish list."""
    unused = []
    for name in CONCEPTS:
        entry = glossary()[name]
        if not isinstance(entry.get(lang), str):
            continue
        forms = entry.get("forms", {}).get(lang) or headwords(entry[lang])
        if not any(occurs(form, text.text) for form in forms for text in corpus(lang)):
            unused.append(f"{name}: {forms}")
    assert unused == [], f"no {lang} text uses these glossary words (fix the text or the glossary): {unused}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_text_uses_a_word_the_glossary_rules_out(lang: str) -> None:
    """One word per concept: a synonym listed under ``avoid`` found in a text names the text and the word to use."""
    found = [
        f"{text.file} {text.key!r}: {word!r} — the glossary's word for {name} is {glossary()[name][lang]!r}"
        for name in CONCEPTS
        for word in glossary()[name].get("avoid", {}).get(lang, [])
        for text in corpus(lang)
        if occurs(word, text.text)
    ]
    assert found == []


def test_avoided_words_are_not_the_words_themselves() -> None:
    """An ``avoid`` list never rules out the glossary's own word or one of its forms (that would fail every text)."""
    clashes = [
        (name, lang, word)
        for name in CONCEPTS
        for lang, words in glossary()[name].get("avoid", {}).items()
        for word in words
        if word.lower() in {form.lower() for form in glossary()[name].get("forms", {}).get(lang, [])}
        | {head.lower() for head in headwords(glossary()[name].get(lang, ""))}
    ]
    assert clashes == []


def test_the_check_finds_a_word_the_glossary_rules_out() -> None:
    """The matcher itself: whole words in any case, never inside a longer word, placeholders ignored."""
    assert occurs("piece", "Take a Piece.")
    assert not occurs("piece", "a masterpiece")
    assert not occurs("seat", "{seat} plays")
    assert occurs("open end", "the open   end".replace("   ", " "))
