"""The spelling check: a language's words against its hunspell dictionary (Debian's, named in
lessons/spelling/dictionaries.toml) and its project word list (lessons/spelling/<lang>.txt)."""

from __future__ import annotations

import shutil
import subprocess
import tomllib
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from tests.wording_support import LESSONS, Text

SPELLING = LESSONS / "spelling"
ACUTE = "\u0301"
HUNSPELL_DIRS = (Path("/usr/share/hunspell"), Path("/usr/share/myspell"), Path("/usr/share/myspell/dicts"))


@dataclass(frozen=True)
class Misspelling:
    """A word neither the dictionary nor the word list knows, with the texts it is in."""

    word: str
    where: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.word!r} in {', '.join(self.where[:3])}{' …' if len(self.where) > 3 else ''}"


def dictionaries() -> dict[str, str]:
    """The hunspell dictionary of each language that has one (``en`` → ``en_US``)."""
    return tomllib.loads((SPELLING / "dictionaries.toml").read_text(encoding="utf-8"))


def word_list_path(lang: str) -> Path:
    """The project word list of a language: ``lessons/spelling/<lang>.txt``."""
    return SPELLING / f"{lang}.txt"


def word_list(lang: str) -> frozenset[str]:
    """The words a language's list adds (lower case; ``#`` starts a comment); empty if it has no list."""
    path = word_list_path(lang)
    if not path.exists():
        return frozenset()
    lines = (line.split("#", 1)[0].strip() for line in path.read_text(encoding="utf-8").splitlines())
    return frozenset(line.lower() for line in lines if line)


def dictionary_problem(name: str) -> str | None:
    """Why a hunspell dictionary cannot be used here (hunspell or the dictionary missing), or None."""
    if shutil.which("hunspell") is None:
        return "hunspell is not installed: run `make system` (Debian's hunspell and its dictionaries)"
    if not any((folder / f"{name}.dic").exists() for folder in HUNSPELL_DIRS):
        return f"the hunspell dictionary {name!r} is not installed: run `make system`"
    return None


def hunspell_unknown(words: Iterable[str], dictionary: str) -> set[str]:
    """The words hunspell's dictionary does not accept (as hunspell writes them)."""
    found = subprocess.run(
        ["hunspell", "-d", dictionary, "-i", "utf-8", "-l"], input="\n".join(words), capture_output=True,
        text=True, encoding="utf-8", check=True,
    )
    return set(found.stdout.split())


def spelling_form(word: str, lang: str) -> str:
    """The word as the dictionary knows it. Greek puts a second accent on a word's last syllable before an enclitic
    pronoun ("διάβασέ το", "τα πλακίδιά σου"); the dictionary has the word with its own accent only."""
    if lang != "el":
        return word
    letters = unicodedata.normalize("NFD", word)
    if letters.count(ACUTE) < 2:
        return word
    last = letters.rindex(ACUTE)
    return unicodedata.normalize("NFC", letters[:last] + letters[last + 1:])


def misspellings(texts: Iterable[Text], lang: str) -> list[Misspelling]:
    """Every word of the texts that is neither in the language's dictionary (if it has one) nor on its list."""
    where: dict[str, list[str]] = {}
    for text in texts:
        for word in text.words:
            where.setdefault(spelling_form(word, lang), []).append(f"{text.file} {text.key!r}")
    listed = word_list(lang)
    dictionary = dictionaries().get(lang)
    unknown = hunspell_unknown(where, dictionary) if dictionary else set(where)
    wrong = sorted({word for word in unknown if word.lower() not in listed}, key=str.lower)
    return [Misspelling(word, tuple(_places(word, where))) for word in wrong]


def _places(token: str, where: dict[str, list[str]]) -> list[str]:
    """The texts a token hunspell reported comes from (hunspell may split a word at a hyphen or apostrophe)."""
    if token in where:
        return where[token]
    return sorted({place for word, places in where.items() if token in word for place in places})
