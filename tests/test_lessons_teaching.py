"""How the lessons teach (issue 10): what happened before a step is shown, nothing gives a question's answer away,
every wrong answer has its own feedback, hints are graded, no question is asked twice, texts stay short, tiles
are written one way, and every player has one name."""

from __future__ import annotations

import re

import pytest

from engine import Draw, Pass
from lessons import Lesson, LessonRunner, Library, Step
from lessons.queries import NEEDS_DISTRACTORS
from practice.drills import make_drill

NUMBER = r"(?<![\w-]){}(?![\w-])"
TILE = re.compile(r"(?<![\w-])([0-6])-([0-6])(?![\w-])")


PLAZA = "la_plaza"  # the course issue 10 rewrote; other courses keep their own standards and tests


def _questions(library: Library) -> list[tuple[Lesson, Step]]:
    return [(lesson, step) for lesson in library.lessons for step in lesson.steps
            if step.kind == "question" and not step.drill and lesson.course == PLAZA]


def _says(text: str, number: int) -> bool:
    return re.search(NUMBER.format(number), text) is not None


def _texts_of(lesson: Lesson, step: Step) -> list[str]:
    keys = [k for k in (step.text, step.feedback) if k] + list(step.points)
    keys += [hint.key for hint in step.hints or ()] + [w.feedback for w in step.wrong]
    keys += [m.label for m in step.marks if m.label]
    return keys


def test_what_happened_before_a_step_is_shown_from_its_start(lesson_step: tuple[Lesson, Step]) -> None:
    lesson, step = lesson_step
    runner = LessonRunner(lesson, seed=1, drills=make_drill)
    runner.goto(step.number)
    view = runner.view()
    assert view.frames == runner.step.prelude
    assert all(frame.prelude and frame.scripted for frame in view.frames)
    if view.frames:
        assert view.frames[-1].position is runner.step.position


def test_the_scripted_passes_and_draws_before_a_step_are_frames(library: Library) -> None:
    moves = {(lesson.id, step.number): [type(frame.event.move) for frame in step.prelude]
             for lesson in library.lessons for step in lesson.steps}
    assert Draw in moves["pasa", 6] and Pass in moves["salida", 5] and Draw in moves["konta", 2]
    assert Pass in moves["kaba", 4] and moves["pasa", 7].count(Draw) == 4


def test_no_question_gives_its_answer_away(library: Library) -> None:
    """Neither the table in words nor the step's own text says a number the question asks for."""
    for lesson, step in _questions(library):
        assert step.query is not None
        if step.query.kind.type not in NEEDS_DISTRACTORS:
            continue
        runner = LessonRunner(lesson, drills=make_drill)
        runner.goto(step.number)
        view = runner.view()
        answer = step.answer if isinstance(step.answer, tuple) else (step.answer,)
        for lang in library.texts.languages:
            said = [library.texts.render(m, lang, lesson.id) for m in view.describe()]
            said.append(library.texts.render(view.prompt, lang, lesson.id) if view.prompt else "")
            for text in said:
                assert not answer or not all(_says(text, n) for n in answer), (lesson.id, step.number, lang, text)


def test_a_question_about_the_stock_or_an_end_conceals_it_until_answered(library: Library) -> None:
    concealed = 0
    for lesson, step in _questions(library):
        runner = LessonRunner(lesson, drills=make_drill)
        runner.goto(step.number)
        assert runner.view().conceal == step.conceal
        if step.query is not None and step.query.name in ("stock_size", "ends.left", "ends.right"):
            assert step.conceal and runner.view().conceal
            concealed += 1
        runner.answer_value(step.answer)
        assert runner.view().conceal == frozenset()
    assert concealed >= 3


def test_every_wrong_answer_has_its_own_feedback(library: Library) -> None:
    for lesson, step in _questions(library):
        offered = {repr(option.value) for option in step.options} - {repr(step.answer)}
        explained = [repr(wrong.answer) for wrong in step.wrong]
        assert sorted(explained) == sorted(offered), (lesson.id, step.number)
        assert len({w.feedback for w in step.wrong}) == len(step.wrong), (lesson.id, step.number)


def test_no_question_is_asked_twice(library: Library) -> None:
    seen: dict[str, str] = {}
    for lesson, step in _questions(library):
        assert step.query is not None and step.position is not None
        asked = f"{step.query!r} {step.position.rules!r} {step.position!r} {[str(e) for e in step.position.history]}"
        assert asked not in seen, f"{lesson.id}:{step.number} asks what {seen.get(asked)} asks"
        seen[asked] = f"{lesson.id}:{step.number}"


def test_every_lesson_ends_with_three_drills_then_its_remember_box(plaza_lesson: Lesson) -> None:
    lesson = plaza_lesson
    *_, first, second, third, last = lesson.steps
    assert last.kind == "remember"
    assert all(step.drill and step.kind == "question" for step in (first, second, third))
    assert not any(step.drill for step in lesson.steps[:-4])


def test_fid_is_spelled_out_where_it_first_appears(library: Library) -> None:
    for lang in library.texts.languages:
        for lesson in (lesson for lesson in library.lessons if lesson.course == PLAZA):
            texts = [library.texts.find(lang, key, lesson.id) or "" for step in lesson.steps
                     for key in _texts_of(lesson, step)]
            first = next((text for text in texts if "FID" in text), None)
            if first is not None:
                assert re.search(r"FID \(([\w-]+ ?){3,}\)", first), (lang, lesson.id, first)
                break


@pytest.mark.parametrize("words", [65])
def test_every_step_text_reads_in_under_twenty_seconds(plaza_lesson: Lesson, library: Library, words: int) -> None:
    lesson = plaza_lesson
    for step in lesson.steps:
        if step.text is None:
            continue
        for lang in library.texts.languages:
            text = library.texts.find(lang, step.text, lesson.id) or ""
            assert len(text.split()) <= words, (lesson.id, step.number, lang, len(text.split()))


def test_tiles_off_the_line_are_written_as_the_engine_writes_them(plaza_lesson: Lesson, library: Library) -> None:
    lesson = plaza_lesson
    for lang in library.texts.languages:
        for key, text in library.texts.tables[lang].get(lesson.id, {}).items():
            for high, low in TILE.findall(text):
                assert high >= low, (lang, lesson.id, key, f"{high}-{low}")


def test_no_text_speaks_of_seat_numbers(library: Library) -> None:
    numbered = re.compile(r"\b(seat|asiento|silla|stul|lugá)\s*\d", re.IGNORECASE)
    for lang in library.texts.languages:
        for scope, table in library.texts.tables[lang].items():
            for key, text in table.items():
                assert not numbered.search(text), (lang, scope, key, text)
