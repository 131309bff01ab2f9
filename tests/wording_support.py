"""The words of every texts file, ready to check: a language's texts (file, key, text), the text as plain prose
(placeholders, markdown and tile notation stripped) and its words. Used by the spelling and glossary tests."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from wording.texts import flatten

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
TEXTS = LESSONS / "texts"

_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_URL = re.compile(r"(?:https?://|www\.)\S+|(?<!\w)/[\w/.-]*\?\S*|\?[a-z]+=\S*")
_TILE = re.compile(r"\b\d+\s*[-–−]\s*\d+\b")
_CODE = re.compile(r"\b[\w]+-\d+\b|\b[A-Z]{2,}-\d+\b")
_MARKUP = re.compile(r"[*_`#>|~]")
_GREEK = re.compile(r"[\u0370-\u03ff\u1f00-\u1fff]")
#: A word: letters (any script), with inner apostrophes or hyphens ("don't", "pon'é", "all-fives", "Γι'").
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+|-[^\W\d_]+)*['’]?")


@dataclass(frozen=True)
class Text:
    """One text of a language: the file it is in (``lessons/texts/en/pila.toml``), its key and its words."""

    file: str
    key: str
    text: str

    @property
    def words(self) -> list[str]:
        """The text's words, in order, as written."""
        return words(self.text)


def languages_with_texts() -> list[str]:
    """Every language that has a texts folder, registered or not yet."""
    return sorted(path.name for path in TEXTS.iterdir() if path.is_dir())


def texts_of(lang: str) -> Iterator[Text]:
    """Every text value of one language's texts files (comments and keys are not texts)."""
    for path in sorted((TEXTS / lang).glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for key, value in flatten(data).items():
            for text in value if isinstance(value, list) else [value]:
                if isinstance(text, str):
                    yield Text(f"lessons/texts/{lang}/{path.name}", key, text)


def plain(text: str) -> str:
    """A text as prose: no ``{placeholders}``, links reduced to their words, no addresses, tile notation
    (``6-4``), question codes (``lacks-4821``) or markdown marks."""
    text = _PLACEHOLDER.sub(" ", text)
    text = _LINK.sub(r"\1", text)
    text = _URL.sub(" ", text)
    text = _TILE.sub(" ", text)
    text = _CODE.sub(" ", text)
    return _MARKUP.sub(" ", text)


def words(text: str) -> list[str]:
    """The words of a text, after :func:`plain`. A trailing apostrophe stays on a Greek word only, where it marks an
    elision ("Γι' αυτό"); elsewhere it closes a quotation or a plural possessive ("players'")."""
    found = []
    for word in WORD.findall(plain(text)):
        word = word.replace("’", "'")
        if word.endswith("'") and not _GREEK.search(word):
            word = word.rstrip("'")
        found.append(word)
    return found
