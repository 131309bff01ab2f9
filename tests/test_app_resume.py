""""Continue where I left off": the lesson saved last, or the next unfinished one after it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from app.home import resume
from app.progress import LessonProgress, Progress

ORDER = ["pila", "pegar", "dobles", "pasa", "salida"]
T0 = datetime(2026, 11, 1, tzinfo=UTC)


def _progress(*lessons: tuple[str, int, bool, int]) -> Progress:
    """Lessons as (id, step, finished, minutes after T0 when last saved)."""
    return Progress({lesson_id: LessonProgress(lesson_id, step, 3 if finished else 0, finished,
                                               T0 + timedelta(minutes=minutes))
                     for lesson_id, step, finished, minutes in lessons})


def test_nothing_saved_means_nothing_to_continue() -> None:
    assert resume(Progress(), ORDER) is None


def test_the_lesson_saved_last_wins_over_one_further_on() -> None:
    progress = _progress(("salida", 3, False, 1), ("pegar", 2, False, 5))
    assert resume(progress, ORDER) == "pegar"


def test_after_finishing_a_lesson_the_next_unfinished_one_follows() -> None:
    progress = _progress(("pila", 7, True, 1), ("pegar", 5, True, 2), ("dobles", 6, True, 3), ("salida", 2, False, 0))
    assert resume(progress, ORDER) == "pasa"


def test_everything_finished_from_there_on_leaves_nothing() -> None:
    progress = _progress(*[(lesson_id, 1, True, n) for n, lesson_id in enumerate(ORDER)])
    assert resume(progress, ORDER) is None
