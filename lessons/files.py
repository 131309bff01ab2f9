"""Reading the lesson files from disk: TOML (a syntax error keeps its line), the languages, the texts files, and the
line where a step's field or a text's key sits, so that every error can point a teacher at the line to edit."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wording.texts import flatten

from .errors import LessonError

_TOML_PLACE = re.compile(r"\s*\(at line (?P<line>\d+), column \d+\)\s*$")
_STEP_HEADER = re.compile(r"^\s*\[\[\s*steps\s*\]\]")
_ANY_HEADER = re.compile(r"^\s*\[")


@dataclass(frozen=True)
class Language:
    """A language the tutorial speaks, as ``languages.toml`` lists it: its code (``pap``), its own name
    (``Papiamentu``), the browser languages sent to it (``pap``, ``nl``), the hunspell dictionary its texts are
    spell-checked against and its Debian package (none for Papiamentu), and whether it is still a draft."""

    code: str
    name: str
    locales: tuple[str, ...] = ()
    dictionary: str | None = None
    package: str | None = None
    draft: bool = False

    def takes(self, locale: str) -> bool:
        """Whether a browser language (the first part of a locale: ``nl`` of ``nl-NL``) is sent to this one."""
        return locale == self.code or locale in self.locales


@dataclass(frozen=True)
class SourceFile:
    """A TOML file read from disk: its path as a teacher writes it (``lessons/data/pegar.toml``), text and data."""

    name: str
    text: str
    data: dict[str, Any]

    def field_line(self, step: int | None, field: str | None) -> int | None:
        """The line of a lesson field (``wrong[0].feedback`` of step 3, ``positions.table``), best effort."""
        return field_line(self.text, step, field)

    def key_line(self, key: str) -> int | None:
        """The line of a text key (``hint_1``, ``picture.line``), best effort."""
        return key_line(self.text, key)


def relative(path: Path, root: Path) -> str:
    """A path under the lessons folder as the README and the errors write it: ``lessons/data/pegar.toml``."""
    try:
        return str(Path("lessons") / path.relative_to(root))
    except ValueError:
        return str(path)


def read_toml(path: Path, root: Path, lesson: str | None = None) -> SourceFile | LessonError:
    """A TOML file, or the error that stops it from being read (a syntax error gives its line)."""
    name = relative(path, root)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        return LessonError(name, f"cannot read: {error}", lesson)
    try:
        return SourceFile(name, text, tomllib.loads(text))
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        place = _TOML_PLACE.search(message)
        line = int(place["line"]) if place else None
        reason = _TOML_PLACE.sub("", message)
        quoted = f" — the line reads: {_line_text(text, line)!r}" if line else ""
        return LessonError(name, f"not valid TOML: {reason}{quoted}", lesson, line=line)


def read_languages(root: Path) -> tuple[tuple[Language, ...], list[LessonError]]:
    """The languages listed in ``languages.toml``, in picker order."""
    source = read_toml(root / "languages.toml", root)
    if isinstance(source, LessonError):
        return (), [source]
    languages, errors = [], []
    for i, entry in enumerate(source.data.get("languages", [])):
        problem = _language_problem(entry)
        if problem:
            errors.append(LessonError(source.name, f"entry {i + 1}: {problem}", field="languages"))
            continue
        languages.append(Language(entry["code"], entry["name"], tuple(entry.get("locales", ())),
                                  entry.get("dictionary"), entry.get("package"), entry.get("draft", False)))
    if not languages:
        errors.append(LessonError(source.name, "no languages listed", field="languages"))
    return tuple(languages), errors


_LANGUAGE_FIELDS = {"code", "name", "locales", "dictionary", "package", "draft"}


def _language_problem(entry: object) -> str | None:
    """What is wrong with one entry of ``languages.toml``, if anything."""
    if not isinstance(entry, dict) or not isinstance(entry.get("code"), str) or not isinstance(entry.get("name"), str):
        return "needs code and name"
    unknown = sorted(set(entry) - _LANGUAGE_FIELDS)
    if unknown:
        return f"unknown field {unknown[0]!r}; known: {', '.join(sorted(_LANGUAGE_FIELDS))}"
    locales = entry.get("locales", [])
    if not isinstance(locales, list) or not all(isinstance(locale, str) and locale for locale in locales):
        return "locales is a list of browser languages, such as [\"pap\", \"nl\"]"
    if any(not isinstance(entry.get(name, ""), str) for name in ("dictionary", "package")):
        return "dictionary and package are names, such as \"es_ES\" and \"hunspell-es\""
    if ("dictionary" in entry) != ("package" in entry):
        return "a dictionary needs its Debian package, and a package its dictionary"
    if not isinstance(entry.get("draft", False), bool):
        return "draft is true or false"
    return None


@dataclass(frozen=True)
class TextFile:
    """One texts file read: its texts by dotted key, the errors in it, and its source (for the lines of keys)."""

    texts: dict[str, str]
    errors: tuple[LessonError, ...]
    source: SourceFile | None


def read_texts(path: Path, root: Path, lesson: str | None) -> TextFile:
    """The texts of one file (``texts/es/pegar.toml``) as dotted keys; every value must be non-empty text."""
    source = read_toml(path, root, lesson)
    if isinstance(source, LessonError):
        return TextFile({}, (source,), None)
    texts, errors = {}, []
    for key, value in flatten(source.data).items():
        if isinstance(value, str) and value.strip():
            texts[key] = value
        else:
            errors.append(LessonError(source.name, f"text {key!r} must be a non-empty string", lesson, field=key,
                                      line=source.key_line(key)))
    return TextFile(texts, tuple(errors), source)


# ---------------------------------------------------------------------------------------------------------- lines


def _line_text(text: str, line: int | None) -> str:
    lines = text.splitlines()
    return lines[line - 1].strip() if line is not None and 0 < line <= len(lines) else ""


def _find(lines: list[str], pattern: re.Pattern[str], start: int, stop: int) -> int | None:
    for index in range(start, stop):
        if pattern.search(lines[index]):
            return index
    return None


def _assignment(name: str) -> re.Pattern[str]:
    return re.compile(rf"^\s*\"?{re.escape(name)}\"?\s*=")


def _table(name: str) -> re.Pattern[str]:
    dotted = r"\s*\.\s*".join(re.escape(part) for part in name.split("."))
    return re.compile(rf"^\s*\[\s*{dotted}\s*\]")


def _in_table(lines: list[str], table: str, key: str | None, start: int, stop: int) -> int | None:
    """The line of ``[table]`` (or of ``key = ...`` inside it) between ``start`` and ``stop``."""
    header = _find(lines, _table(table), start, stop)
    if header is None:
        return None
    if key is None:
        return header
    end = _find(lines, _ANY_HEADER, header + 1, stop)
    found = _find(lines, _assignment(key), header + 1, stop if end is None else end)
    return header if found is None else found


def field_line(text: str, step: int | None, field: str | None) -> int | None:
    """The 1-based line of a field of a lesson file: inside step ``step``'s ``[[steps]]`` block when given."""
    lines = text.splitlines()
    parts = [part for part in re.split(r"[.\[\]]", field or "") if part and not part.isdigit()]
    if parts and parts[0] == "positions" and len(parts) > 1:  # a named position, wherever the error arose
        found = _in_table(lines, f"positions.{parts[1]}", parts[2] if len(parts) > 2 else None, 0, len(lines))
        return None if found is None else found + 1
    headers = [i for i, line in enumerate(lines) if _STEP_HEADER.search(line)]
    if step is None:
        start, stop = 0, headers[0] if headers else len(lines)
    elif 0 < step <= len(headers):
        start = headers[step - 1]
        stop = headers[step] if step < len(headers) else len(lines)
    else:
        return None
    found = None
    if parts:
        found = _find(lines, _assignment(parts[0]), start, stop)
        if found is None:
            table = f"steps.{parts[0]}" if step is not None else parts[0]
            found = _in_table(lines, table, parts[1] if len(parts) > 1 else None, start, stop)
    if found is None:
        found = start if step is not None else None
    return None if found is None else found + 1


def key_line(text: str, key: str) -> int | None:
    """The 1-based line where a text key is defined: ``key = ...`` at the top, or ``name = ...`` under ``[table]``."""
    lines = text.splitlines()
    *table, name = key.split(".")
    if table:
        found = _in_table(lines, ".".join(table), name, 0, len(lines))
        if found is not None:
            return found + 1
    first_header = _find(lines, _ANY_HEADER, 0, len(lines))
    found = _find(lines, _assignment(key), 0, len(lines) if first_header is None else first_header)
    return None if found is None else found + 1
