"""Errors the lesson loader reports: each names the file, the lesson, the step and the field."""

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
    """One problem found while loading: where it is (file, lesson, step, field) and what is wrong."""

    file: str
    message: str
    lesson: str | None = None
    step: int | None = None
    field: str | None = None

    def __str__(self) -> str:
        where = [self.file]
        if self.lesson is not None:
            where.append(f"lesson {self.lesson!r}")
        if self.step is not None:
            where.append(f"step {self.step}")
        if self.field is not None:
            where.append(f"field {self.field!r}")
        return f"{', '.join(where)}: {self.message}"
