"""Checking texts across languages: every key a lesson names exists in every language, no language has keys the
others lack, placeholders agree, and the app's own ui keys are all there. Each error names the texts file to edit."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .errors import LessonError
from .files import SourceFile, TextFile
from .structure import LessonReading
from .texts import REQUIRED_UI_KEYS, UI, placeholders

#: Every texts file read, by (language code, scope); the scope is ``"ui"`` or a lesson id.
TextFiles = Mapping[tuple[str, str], TextFile]


def text_file(code: str, scope: str) -> str:
    """The texts file a teacher edits for one language and scope: ``lessons/texts/es/pegar.toml``."""
    return f"lessons/texts/{code}/{scope}.toml"


def _texts(files: TextFiles, code: str, scope: str) -> dict[str, str]:
    found = files.get((code, scope))
    return found.texts if found is not None else {}


def _line(files: TextFiles, code: str, scope: str, key: str) -> int | None:
    found = files.get((code, scope))
    return found.source.key_line(key) if found is not None and found.source is not None else None


def placeholder_errors(files: TextFiles, codes: Sequence[str], scope: str, lesson: str | None) -> list[LessonError]:
    """Texts whose ``{placeholders}`` differ from the first language's."""
    reference = _texts(files, codes[0], scope)
    errors = []
    for code in codes[1:]:
        for key, text in sorted(_texts(files, code, scope).items()):
            if key in reference and placeholders(text) != placeholders(reference[key]):
                errors.append(LessonError(
                    text_file(code, scope), f"text {key!r} uses {sorted(placeholders(text))}, {codes[0]!r} uses "
                    f"{sorted(placeholders(reference[key]))}", lesson, field=key, line=_line(files, code, scope, key),
                ))
    return errors


def ui_errors(files: TextFiles, codes: Sequence[str]) -> list[LessonError]:
    """The app's own texts: every required key in every language, the same keys as the first, same placeholders."""
    errors = []
    reference = _texts(files, codes[0], UI)
    for code in codes:
        table = _texts(files, code, UI)
        for key in REQUIRED_UI_KEYS:
            if key not in table:
                errors.append(LessonError(text_file(code, UI), f"text missing: {key!r}", field=key))
        for key in sorted(set(reference) - set(table) - set(REQUIRED_UI_KEYS)):
            errors.append(LessonError(text_file(code, UI), f"text missing in {code!r}: {key!r}", field=key))
        for key in sorted(set(table) - set(reference)):
            errors.append(LessonError(text_file(code, UI), f"unknown text key {key!r} (not in {codes[0]!r})",
                                      field=key, line=_line(files, code, UI, key)))
    return errors + placeholder_errors(files, codes, UI, None)


def shared_text_errors(files: TextFiles, codes: Sequence[str], scope: str) -> list[LessonError]:
    """A shared texts file (``play.toml``): once the first language has it, every language has the same keys, with
    the same placeholders, and its own errors (bad TOML, empty texts) are reported."""
    errors = [error for code in codes if (code, scope) in files for error in files[code, scope].errors]
    if (codes[0], scope) not in files:
        return errors + [LessonError(text_file(code, scope), f"{scope}.toml exists only in some languages; "
                                     f"{codes[0]!r} has none") for code in codes if (code, scope) in files]
    reference = _texts(files, codes[0], scope)
    for code in codes[1:]:
        if (code, scope) not in files:
            errors.append(LessonError(text_file(code, scope), f"text file missing for language {code!r}"))
            continue
        table = _texts(files, code, scope)
        for key in sorted(set(reference) - set(table)):
            errors.append(LessonError(text_file(code, scope), f"text missing in {code!r}: {key!r}", field=key))
        for key in sorted(set(table) - set(reference)):
            errors.append(LessonError(text_file(code, scope), f"unknown text key {key!r} (not in {codes[0]!r})",
                                      field=key, line=_line(files, code, scope, key)))
    return errors + placeholder_errors(files, codes, scope, None)


def lesson_text_errors(
    reading: LessonReading, files: TextFiles, codes: Sequence[str], data: SourceFile
) -> list[LessonError]:
    """A lesson's texts: each key it names exists in every language (a missing one names that language's file),
    each key of its texts files is used, placeholders agree."""
    lesson_id = reading.lesson_id
    data_file = data.name
    errors = []
    used = set()
    for use in reading.keys:
        used.add(use.key)
        missing = [code for code in codes
                   if use.key not in _texts(files, code, lesson_id) and use.key not in _texts(files, code, UI)]
        if len(missing) == len(codes):
            errors.append(LessonError(data_file, f"unknown text key {use.key!r}: no language has it", lesson_id,
                                      use.step, use.field, data.field_line(use.step, use.field)))
            continue
        where = f"step {use.step}, field {use.field!r}" if use.step is not None else f"field {use.field!r}"
        for code in missing:
            errors.append(LessonError(
                text_file(code, lesson_id), f"text {use.key!r} missing in {code}: {data_file} uses it ({where})",
                lesson_id, use.step, use.key,
            ))
    for code in codes:
        for key in sorted(set(_texts(files, code, lesson_id)) - used):
            errors.append(LessonError(text_file(code, lesson_id), f"unknown text key {key!r}: the lesson never uses it",
                                      lesson_id, field=key, line=_line(files, code, lesson_id, key)))
    return errors + placeholder_errors(files, codes, lesson_id, lesson_id)
