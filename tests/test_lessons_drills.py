"""Drills: each lesson's drill steps get fresh questions from the practice engine, on the lesson's own facts; to the
app they are ordinary question steps, answered, hinted and counted in the stars like any other."""

from __future__ import annotations

from lessons import Lesson, LessonRunner, Library, Step
from practice.drills import DRILL_KINDS, kinds_for, make_drill
from wording.texts import Message, Ref

SEEDS = range(6)


def _drills(lesson: Lesson) -> list[Step]:
    return [step for step in lesson.steps if step.drill]


def _keys(value: object) -> set[str]:
    if isinstance(value, Message):
        return {value.key} | {k for _, arg in value.args for k in _keys(arg)}
    if isinstance(value, Ref):
        return {value.key}
    if isinstance(value, tuple):
        return {k for item in value for k in _keys(item)}
    return set()


def test_every_drill_step_names_facts_the_practice_engine_drills(lesson: Lesson) -> None:
    for step in _drills(lesson):
        assert kinds_for(step.drill), (lesson.id, step.number, step.drill)


def test_drills_are_ordinary_questions_in_every_language(plaza_lesson: Lesson, library: Library) -> None:
    lesson = plaza_lesson  # a course whose lessons end with drills
    for seed in SEEDS:
        runner = LessonRunner(lesson, seed=seed, drills=make_drill)
        for slot in _drills(lesson):
            runner.goto(slot.number)
            view, step = runner.view(), runner.step
            assert view.kind == "question" and step.kind == "question" and step.interactive
            assert len(view.options) >= 2 and [o.value for o in view.options].count(step.answer) == 1
            assert step.hints is not None and view.prompt is not None and set(step.drill) == set(slot.drill)
            messages = [view.prompt, *step.hints, *(o.label for o in view.options), *view.describe()]
            for lang in library.texts.languages:
                for message in messages:
                    assert all(library.texts.find(lang, key, lesson.id) for key in _keys(message)), (lang, message)
                    text = library.texts.render(message, lang, lesson.id)
                    assert text and "{" not in text and "[" not in text, (lesson.id, lang, text)


def test_drills_are_fresh_for_every_learner_and_never_repeat_within_a_lesson(plaza_lesson: Lesson) -> None:
    lesson = plaza_lesson  # a course whose lessons end with drills
    seen: set[str] = set()
    for seed in SEEDS:
        runner = LessonRunner(lesson, seed=seed, drills=make_drill)
        asked = []
        for slot in _drills(lesson):
            runner.goto(slot.number)
            step = runner.step
            asked.append(f"{step.prompt!r} {step.position!r} {[repr(o) for o in step.options]}")
        assert len(set(asked)) == len(asked)
        seen.update(asked)
    assert len(seen) > len(_drills(lesson)) * 3  # different learners get different drills


def test_a_wrong_drill_answer_nudges_and_counts_against_the_stars(plaza_lesson: Lesson, library: Library) -> None:
    lesson = plaza_lesson  # a course whose lessons end with drills
    runner = LessonRunner(lesson, seed=3, drills=make_drill)
    slot = _drills(lesson)[0]
    runner.goto(slot.number)
    step = runner.step
    wrong = next(i for i, option in enumerate(step.options) if option.value != step.answer)
    feedback = runner.answer(wrong)
    assert feedback.kind == "error" and feedback.key == "drill.wrong_why"  # the option's own reason
    assert dict(feedback.args)["why"] == step.options[wrong].why
    for lang in library.texts.languages:
        text = library.texts.render(feedback, lang, lesson.id)
        assert library.texts.render(step.options[wrong].label, lang, lesson.id) in text
        assert library.texts.render(step.options[wrong].why, lang, lesson.id) in text
    assert not runner.done and runner.mistakes == {slot.number: 1}
    assert runner.hint().key == step.hints[0].key  # the nudge first, then the reason
    assert runner.hint().key == step.hints[1].key
    runner.answer_value(step.answer)
    assert runner.done and runner.stars < 3


def test_trying_a_drill_again_puts_the_same_question_back(plaza_lesson: Lesson) -> None:
    lesson = plaza_lesson  # a course whose lessons end with drills
    runner = LessonRunner(lesson, seed=5, drills=make_drill)
    slot = _drills(lesson)[-1]
    runner.goto(slot.number)
    before = runner.step
    runner.answer_value(before.answer)
    runner.retry()  # like the classroom's reset: the table as the step started, not another question
    assert not runner.done and runner.step is before
    assert runner.view().position is before.position


def test_the_lessons_drills_go_round_their_kinds_and_answers(library: Library) -> None:
    pila = library.lesson("pila")
    runner = LessonRunner(pila, seed=11, drills=make_drill)
    answers = []
    for slot in _drills(pila):
        runner.goto(slot.number)
        answers.append(runner.step.answer)
    assert sorted(answers) == ["draw", "pass", "play"]  # play, draw and pass all come up in three drills


def test_every_drill_kind_is_used_by_some_lesson(library: Library) -> None:
    used = {kind.id for lesson in library.lessons for step in _drills(lesson) for kind in kinds_for(step.drill)}
    assert used == {kind.id for kind in DRILL_KINDS}
