""""Continue where I left off": the lesson saved last, or the next unfinished one after it; once the lesson visited
last is finished, the next lesson (on the home page too)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from app.pages.home import continue_with, resume
from app.storage.progress import LessonProgress, Progress
from tests.app_support import LIBRARY, click, open_app, solve_step

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


def test_after_finishing_the_lesson_visited_last_continue_leads_to_the_next_one() -> None:
    progress = _progress(("pila", 9, True, 3), ("pegar", 8, True, 1), ("pasa", 4, False, 2))
    assert continue_with("pila", progress, ORDER) == "dobles"  # not pila's last step: the next unfinished lesson
    assert continue_with("pasa", progress, ORDER) == "pasa"  # unfinished: where the learner is
    assert continue_with(None, progress, ORDER) == "dobles"  # a new visit: the same from the saved progress


def test_the_home_page_offers_the_next_lesson_once_one_is_finished() -> None:
    at = open_app(lesson="pila", lang="en")
    count = len(LIBRARY.lesson("pila").steps)
    for number in range(1, count + 1):
        solve_step(at, "pila")
        if number < count:
            click(at, "next")
    click(at, "all_lessons")
    label = at.button(key="continue").label
    assert LIBRARY.texts.get("en", "title", "pegar") in label and "step" not in label, label
