"""The spelling check: a language's words against its hunspell dictionary (Debian's, named in
lessons/languages.toml) and its project word list (lessons/spelling/<lang>.txt)."""

from __future__ import annotations

import re
import shutil
import subprocess
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from lessons.files import read_languages
from tests.wording_support import LESSONS, Text

SPELLING = LESSONS / "spelling"
ACUTE = "\u0301"
#: Pronouns Spanish joins to an imperative: "súma-las", "quíta-le", "escríbe-lo".
_SPANISH_CLITIC = re.compile(r"(?:me|te|se|nos|os|lo|la|le|los|las|les)$", re.IGNORECASE)
HUNSPELL_DIRS = (Path("/usr/share/hunspell"), Path("/usr/share/myspell"), Path("/usr/share/myspell/dicts"))


@dataclass(frozen=True)
class Misspelling:
    """A word neither the dictionary nor the word list knows, with the texts it is in."""

    word: str
    where: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.word!r} in {', '.join(self.where[:3])}{' …' if len(self.where) > 3 else ''}"


def dictionaries() -> dict[str, str]:
    """The hunspell dictionary of each language that has one (``en`` → ``en_US``), as languages.toml names it."""
    languages, errors = read_languages(LESSONS)
    assert not errors, [str(error) for error in errors]
    return {language.code: language.dictionary for language in languages if language.dictionary}


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


def hunspell_rejects(words: Sequence[str], dictionary: str) -> list[list[str]]:
    """For each word, the parts of it hunspell's dictionary rejects (none when it knows the word). Pipe mode, one
    word a line, so that each answer stays with its word even where hunspell splits one ("e-mail")."""
    found = subprocess.run(
        ["hunspell", "-a", "-d", dictionary, "-i", "utf-8"], input="".join(f"^{word}\n" for word in words),
        capture_output=True, text=True, encoding="utf-8", check=True,
    )
    answers = iter(found.stdout.splitlines()[1:])
    rejected: list[list[str]] = []
    for _ in words:
        parts = []
        for line in answers:
            if not line:
                break
            if line[0] in "&#":
                parts.append(line.split()[1])
        rejected.append(parts)
    return rejected


def spelling_forms(word: str, lang: str) -> tuple[str, ...]:
    """The word, and the form the dictionary may know it by where the language builds words it does not list:
    Greek adds a second accent before an enclitic ("διάβασέ το"), Spanish joins pronouns to an imperative and
    accents it ("súmalas"). The word is right when any of its forms is."""
    letters = unicodedata.normalize("NFD", word)
    accents = letters.count(ACUTE)
    if lang == "el" and accents >= 2:
        last = letters.rindex(ACUTE)
        return word, unicodedata.normalize("NFC", letters[:last] + letters[last + 1:])
    clitic = _SPANISH_CLITIC.search(word)
    if lang == "es" and clitic and accents == 1:
        stem = unicodedata.normalize("NFD", word[: clitic.start()]).replace(ACUTE, "")
        return word, unicodedata.normalize("NFC", stem)
    return (word,)


def misspellings(texts: Iterable[Text], lang: str) -> list[Misspelling]:
    """Every word of the texts that is neither in the language's dictionary (if it has one) nor on its list."""
    where: dict[str, list[str]] = {}
    for text in texts:
        for word in text.words:
            where.setdefault(word, []).append(f"{text.file} {text.key!r}")
    forms = {word: spelling_forms(word, lang) for word in where}
    asked = sorted({form for word_forms in forms.values() for form in word_forms})
    dictionary = dictionaries().get(lang)
    rejected = (dict(zip(asked, hunspell_rejects(asked, dictionary), strict=True)) if dictionary
                else {form: [form] for form in asked})
    listed = word_list(lang)
    wrong = [word for word, word_forms in forms.items()
             if not any(all(part.lower() in listed for part in rejected[form]) for form in word_forms)]
    return [Misspelling(word, tuple(where[word])) for word in sorted(wrong, key=str.lower)]
