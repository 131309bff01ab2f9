"""Errors the lesson loader reports: each names the file to edit, its line when known, the lesson, step and field."""

from __future__ import annotations

from dataclasses import dataclass


class FormatError(ValueError):
    """A problem in one field of a lesson file, raised while reading it and turned into a `LessonError`."""

    def __init__(self, field: str, message: str, step: int | None = None) -> None:
        super().__init__(message)
        self.field = field
        self.message = message
        self.step = step


@dataclass(frozen=True)
class LessonError:
    """One problem found while loading: where it is (file, line, lesson, step, field) and what is wrong.

    ``file`` is the file a teacher edits to fix it (a missing Spanish text names ``lessons/texts/es/<id>.toml``);
    ``line`` is 1-based, ``None`` when the problem has no single line (a file that is missing altogether).
    """

    file: str
    message: str
    lesson: str | None = None
    step: int | None = None
    field: str | None = None
    line: int | None = None

    def __str__(self) -> str:
        where = [self.file if self.line is None else f"{self.file}:{self.line}"]
        if self.lesson is not None:
            where.append(f"lesson {self.lesson!r}")
        if self.step is not None:
            where.append(f"step {self.step}")
        if self.field is not None:
            where.append(f"field {self.field!r}")
        return f"{', '.join(where)}: {self.message}"
