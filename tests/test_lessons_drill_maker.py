"""The runner makes its drills with the maker its caller hands in (the app hands the practice engine's; the lessons
never import practice): a test can hand its own, and a runner handed none says so at the first drill step."""

from __future__ import annotations

import random

import pytest

from lessons import LessonRunner, Library, Step
from lessons.drills import NoDrillMaker


def _drill_numbers(library: Library) -> tuple[str, list[int]]:
    for lesson in library.lessons:
        numbers = [step.number for step in lesson.steps if step.drill]
        if numbers:
            return lesson.id, numbers
    raise AssertionError("no lesson has a drill step")


def _a_question(library: Library) -> Step:
    return next(step for lesson in library.lessons for step in lesson.steps
                if step.kind == "question" and not step.drill)


def test_a_drill_step_is_the_question_the_handed_maker_makes(library: Library) -> None:
    lesson_id, numbers = _drill_numbers(library)
    lesson = library.lesson(lesson_id)
    question = _a_question(library)
    asked: list[tuple[int, int, float]] = []

    def maker(slot: Step, index: int, rng: random.Random) -> Step:
        asked.append((slot.number, index, rng.random()))
        return question

    runner = LessonRunner(lesson, seed=4, drills=maker)
    for number in numbers:
        runner.goto(number)
        assert runner.step is question
    assert [(number, index) for number, index, _ in asked] == [(number, i) for i, number in enumerate(numbers)]
    again = LessonRunner(lesson, seed=4, drills=maker)
    again.goto(numbers[0])
    assert again.step is question and asked[-1][2] == asked[0][2]  # the same seed draws the same question


def test_a_runner_handed_no_maker_plays_the_other_steps_and_names_the_drill_it_cannot_make(library: Library) -> None:
    lesson_id, numbers = _drill_numbers(library)
    lesson = library.lesson(lesson_id)
    runner = LessonRunner(lesson)
    first = next(step.number for step in lesson.steps if not step.drill)
    runner.goto(first)
    assert runner.step is lesson.step(first)
    runner.goto(numbers[0])
    with pytest.raises(NoDrillMaker, match=f"{lesson_id}:{numbers[0]} "):
        runner.step  # noqa: B018 (the property makes the drill)
