"""Loads every lesson: reads the files, checks each lesson's structure against the engine and its texts in every
language, and puts the good lessons in order.

`load_library` is a pure function of the files under ``lessons/`` (cache it freely); one broken lesson
never takes the others down — it is left out and its errors are listed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from wording.texts import UI, Texts

from .errors import LessonError
from .files import Language, TextFile, read_languages, read_texts, read_toml, relative
from .model import Lesson
from .structure import read_lesson
from .text_checks import hint_errors, lesson_text_errors, shared_text_errors, ui_errors, way_errors

LESSONS_DIR = Path(__file__).resolve().parent

#: Texts files beside ui.toml that belong to no lesson, one per language: ``play`` holds the coach's words for
#: games against the computer (play/), ``rounds`` the live rounds' and ``tables`` the class tables' words. Once the
#: first language has one, every language needs it, with its keys.
SHARED_TEXTS: tuple[str, ...] = ("play", "puzzles", "rounds", "tables")

__all__ = ["LESSONS_DIR", "Language", "Library", "load_library"]


@dataclass(frozen=True, eq=False)
class Library:
    """Everything loaded: the good lessons in order, the errors found, the texts and the languages."""

    lessons: tuple[Lesson, ...]
    errors: tuple[LessonError, ...]
    texts: Texts
    languages: tuple[Language, ...]  # the languages the app offers: every one not marked as a draft
    lesson_files: tuple[str, ...] = field(default=())  # ids of every lesson file found, good or broken
    # Languages marked `draft = true` in languages.toml: the app never shows them, and what their texts still lack
    # is listed in draft_errors (with the file and line to edit) instead of taking a lesson down in every language.
    drafts: tuple[Language, ...] = field(default=())
    draft_errors: tuple[LessonError, ...] = field(default=())

    def lesson(self, lesson_id: str) -> Lesson:
        """A loaded lesson by id (KeyError if it is missing or broken)."""
        for lesson in self.lessons:
            if lesson.id == lesson_id:
                return lesson
        raise KeyError(lesson_id)


def _read_all_texts(root: Path, codes: list[str], lesson_ids: list[str]) -> dict[tuple[str, str], TextFile]:
    """Every texts file: ui.toml, the shared ones and one per lesson, in every language (a missing lesson file is an
    error)."""
    files = {}
    for code in codes:
        folder = root / "texts" / code
        files[code, UI] = read_texts(folder / "ui.toml", root, None)
        for scope in SHARED_TEXTS:
            if (folder / f"{scope}.toml").exists():
                files[code, scope] = read_texts(folder / f"{scope}.toml", root, None)
        for lesson_id in lesson_ids:
            path = folder / f"{lesson_id}.toml"
            if path.exists():
                files[code, lesson_id] = read_texts(path, root, lesson_id)
            else:
                missing = LessonError(relative(path, root), f"text file missing for language {code!r}", lesson_id)
                files[code, lesson_id] = TextFile({}, (missing,), None)
    return files


def _load_lesson(path: Path, root: Path, files: dict[tuple[str, str], TextFile], texts: Texts,
                 codes: list[str]) -> tuple[Lesson | None, list[LessonError]]:
    """One lesson file read and checked, with the errors of its texts files."""
    lesson_id = path.stem
    errors = [error for code in codes for error in files[code, lesson_id].errors]
    source = read_toml(path, root, lesson_id)
    if isinstance(source, LessonError):
        return None, [*errors, source]
    reading = read_lesson(source.data, lesson_id, source.name)
    for error in reading.errors:
        line = source.field_line(error.step, error.field)
        errors.append(LessonError(source.name, error.message, lesson_id, error.step, error.field, line))
    if codes and not reading.errors:  # keys of a broken step are unknown: skip the text check then
        text_errors = lesson_text_errors(reading, files, codes, source)
        errors.extend(text_errors)
        if reading.lesson is not None and not text_errors:
            errors.extend(hint_errors(reading.lesson, texts, codes, files))
            errors.extend(way_errors(reading.lesson, texts, codes, files))
    return reading.lesson, errors


def load_library(root: Path | str = LESSONS_DIR) -> Library:
    """Read every language, ui text and lesson under ``root`` (``lessons/``); never raises for a bad lesson."""
    root = Path(root)
    listed, errors = read_languages(root)
    languages = tuple(language for language in listed if not language.draft)
    drafts = tuple(language for language in listed if language.draft)
    codes = [language.code for language in languages]
    paths = sorted((root / "data").glob("*.toml"))
    files = _read_all_texts(root, codes, [path.stem for path in paths])
    errors.extend(error for code in codes for error in files[code, UI].errors)
    if codes:
        errors.extend(ui_errors(files, codes))
        for scope in SHARED_TEXTS:
            errors.extend(shared_text_errors(files, codes, scope))
    tables: dict[str, dict[str, dict[str, str]]] = {code: {} for code in codes}
    for (code, scope), text_file in files.items():
        tables[code][scope] = text_file.texts
    texts = Texts(tables, tuple(codes))
    lessons = []
    for path in paths:
        lesson, lesson_errors = _load_lesson(path, root, files, texts, codes)
        if lesson_errors or lesson is None:
            errors.extend(lesson_errors)
        else:
            lessons.append(lesson)
    lessons.sort(key=lambda lesson: (lesson.order, lesson.id))
    draft_errors = [error for draft in drafts if codes for error in _draft_errors(root, codes[0], draft.code, paths)]
    return Library(tuple(lessons), tuple(errors), texts, languages, tuple(p.stem for p in paths), drafts,
                   tuple(draft_errors))


def _draft_errors(root: Path, reference: str, draft: str, paths: list[Path]) -> list[LessonError]:
    """What a draft language's texts still lack or get wrong: the checks every language passes, run on the draft
    beside the reference language, keeping the errors in the draft's own files."""
    pair = [reference, draft]
    files = _read_all_texts(root, pair, [path.stem for path in paths])
    found = [error for (code, _), text_file in files.items() if code == draft for error in text_file.errors]
    found += ui_errors(files, pair)
    for scope in SHARED_TEXTS:
        found += shared_text_errors(files, pair, scope)
    tables: dict[str, dict[str, dict[str, str]]] = {code: {} for code in pair}
    for (code, scope), text_file in files.items():
        tables[code][scope] = text_file.texts
    texts = Texts(tables, tuple(pair))
    for path in paths:
        found += _load_lesson(path, root, files, texts, pair)[1]
    folder = f"{relative(root / 'texts' / draft, root)}/"
    unique = {str(error): error for error in found if error.file.startswith(folder)}
    return list(unique.values())

