"""Every lesson played through the runner: its solution gives 3 stars, every declared mistake its feedback."""

from __future__ import annotations

import pytest

from engine import Tile
from lessons import Lesson, LessonRunner, Library, Step
from practice.drills import make_drill

SEED = 7  # drills are fresh for every learner; the tests pick theirs


def runner_of(lesson: Lesson) -> LessonRunner:
    """A runner with reproducible drills."""
    return LessonRunner(lesson, seed=SEED, drills=make_drill)


def solve(runner: LessonRunner) -> None:
    """Play the current step's scripted solution."""
    step = runner.step
    if step.kind == "act":
        for move in runner.remaining_solution():
            feedback = runner.act(move)
            assert feedback.kind in ("success", "info"), feedback
    elif step.kind == "question":
        feedback = runner.answer_value(step.answer)
        assert feedback.kind == "success"


def test_solution_completes_the_lesson_with_three_stars(lesson: Lesson) -> None:
    runner = runner_of(lesson)
    while True:
        solve(runner)
        assert runner.done
        if not runner.next():
            break
    assert runner.number == len(lesson.steps)
    assert runner.finished
    assert runner.stars == 3


def test_declared_mistake_gives_its_feedback_and_leaves_the_step_open(
    lesson_wrong: tuple[Lesson, Step, int], library: Library
) -> None:
    lesson, step, index = lesson_wrong
    wrong = step.wrong[index]
    runner = runner_of(lesson)
    runner.goto(step.number)
    if step.kind == "act":
        for move in wrong.moves[:-1]:
            assert runner.act(move).kind == "info"
        before = runner.state.position
        feedback = runner.act(wrong.moves[-1])
        assert runner.state.position is before
    else:
        feedback = runner.answer_value(wrong.answer)
    assert feedback.kind == "error"
    assert feedback.key == wrong.feedback
    assert not runner.done
    assert runner.mistakes == {step.number: 1}
    for lang in library.texts.languages:
        text = library.texts.render(feedback, lang, lesson.id)
        assert text and not text.startswith("[") and "{" not in text, (lang, text)
    solve(runner)
    assert runner.done
    assert runner.stars < 3


def test_two_hint_levels_then_solution(lesson_step: tuple[Lesson, Step], library: Library) -> None:
    lesson, step = lesson_step
    runner = runner_of(lesson)
    runner.goto(step.number)
    first, second = runner.hint(), runner.hint()
    assert first.kind == second.kind == "info"
    assert first.key != second.key or first.args != second.args
    assert runner.view().hint_level == 2
    for lang in library.texts.languages:
        for feedback in (first, second):
            text = library.texts.render(feedback, lang, lesson.id)
            assert "{" not in text and not text.startswith("["), (lang, text)
    if step.kind == "act":
        marks = runner.view().marks
        assert any(mark.hint == 2 for mark in marks)
    solve(runner)
    assert runner.done
    assert runner.hints_used == {step.number: 2}


def test_every_picture_has_words(lesson_step: tuple[Lesson, Step], library: Library) -> None:
    lesson, step = lesson_step
    runner = runner_of(lesson)
    runner.goto(step.number)
    view = runner.view()
    messages = view.describe()
    assert bool(messages) == (view.position is not None)  # a drill about the lot alone shows no table
    for lang in library.texts.languages:
        for message in messages:
            text = library.texts.render(message, lang, lesson.id)
            assert "{" not in text and not text.startswith("[")


@pytest.fixture
def pegar(library: Library) -> LessonRunner:
    """A runner of the pegar lesson, at its first step."""
    return LessonRunner(library.lesson("pegar"), drills=make_drill)


def test_illegal_move_is_explained_with_its_engine_code_and_arguments(pegar: LessonRunner, library: Library) -> None:
    runner = pegar
    runner.goto(2)
    feedback = runner.play("0-6", "right")
    assert (feedback.kind, feedback.key) == ("error", "illegal.no-match")
    assert library.texts.render(feedback, "en", "pegar") == "The 6-0 has no 5, so it doesn't fit at the right end."
    assert library.texts.render(feedback, "pap", "pegar") == (
        "E 6-0 no tin 5, p'esei e no ta pega na e punta di banda drechi."
    )
    assert runner.play("3-3", "left").key == "illegal.not-in-hand"
    assert runner.pass_turn().key == "illegal.has-playable"


def test_right_move_is_praised_and_the_replies_come_as_frames(pegar: LessonRunner) -> None:
    runner = pegar
    runner.goto(2)
    feedback = runner.play("5-1", "right")
    assert feedback.kind == "success" and feedback.key.startswith("praise.")
    frames = runner.state.frames
    assert [str(frame.event) for frame in frames] == ["0 plays 5-1 right", "1 plays 3-1 right"]
    assert [frame.scripted for frame in frames] == [False, True]
    assert runner.state.position.ends == (2, 3)
    assert runner.play("4-4", "left").key == "step.done"


def test_praise_varies(library: Library) -> None:
    keys = set()
    for lesson in library.lessons:
        runner = runner_of(lesson)
        for step in lesson.steps:
            runner.goto(step.number)
            if step.interactive:
                solve(runner)
                keys.add(runner.state.feedback.key)
    assert len(keys) >= 3


def test_legal_but_wrong_move_is_taken_back_with_the_steps_feedback(pegar: LessonRunner) -> None:
    runner = pegar
    runner.goto(4)
    feedback = runner.play("2-5", "left")
    assert (feedback.kind, feedback.key) == ("error", "wrong_covered_five")
    assert runner.state.position.ends == (5, 2)
    assert runner.play("2-5", "right").kind == "success"
    assert runner.state.frames[0].position.ends == (5, 5)  # then the opponent answers on a 5
    assert runner.state.position.ends == (6, 5)


def test_drawing_towards_the_goal_is_progress_not_a_mistake(library: Library) -> None:
    runner = LessonRunner(library.lesson("pasa"), drills=make_drill)
    runner.goto(5)
    feedback = runner.draw()
    assert (feedback.kind, feedback.key, dict(feedback.args)) == ("info", "progress.drew", {"tile": "2-2"})
    assert runner.mistakes == {}
    assert runner.pass_turn().kind == "success"


def test_retry_keeps_mistakes_and_hints_for_the_teacher_and_the_best_try_counts(pegar: LessonRunner) -> None:
    runner = pegar
    runner.goto(2)
    runner.hint()
    runner.play("0-6", "left")
    runner.play("5-1", "right")
    assert runner.done
    slipped = runner.credit[2]
    assert 0 < slipped < 1
    runner.retry()
    assert not runner.done
    assert runner.state.position.ends == (2, 5)
    runner.play("5-1", "right")
    assert runner.credit[2] == 1  # the clean try is the step's best
    assert (runner.total_mistakes, runner.total_hints) == (1, 1)  # the teacher still sees both
    assert runner.mistakes == {2: 1} and runner.hints_used == {2: 1}
    runner.retry()
    runner.play("0-6", "left")
    runner.play("5-1", "right")
    assert runner.credit[2] == 1 and runner.total_mistakes == 2  # a worse try later takes nothing away


def _play_lesson(lesson: Lesson, slips: set[int], drill_slips: set[int] = frozenset()) -> LessonRunner:
    """Play a lesson to its end, one wrong answer or move (then the solution) in each step of ``slips``."""
    runner = runner_of(lesson)
    while True:
        step = runner.step
        if runner.number in slips | drill_slips and step.interactive:
            if step.kind == "question":
                wrong = next(o.value for o in step.options if o.value != step.answer)
                assert runner.answer_value(wrong).kind == "error"
            else:
                assert runner.act(step.wrong[0].moves[-1]).kind == "error" if len(step.wrong[0].moves) == 1 \
                    else runner.hint().kind == "info"
        solve(runner)
        if not runner.next():
            return runner


def test_a_few_slips_put_right_keep_two_stars_and_say_what_the_third_needs(library: Library) -> None:
    lesson = library.lesson("pegar")
    scripted = [s.number for s in lesson.steps if s.interactive and not s.drill
                and (s.kind == "question" or len(s.wrong[0].moves) == 1)]
    runner = _play_lesson(lesson, set(scripted[:2]))
    assert runner.finished and runner.total_mistakes == 2
    assert runner.stars == 2  # two honest slips, each put right after its explanation: not 1 star
    stars, steps = runner.next_star()  # type: ignore[misc]
    assert stars == 3 and 1 <= steps <= 2
    for number in scripted[:steps]:  # trying those steps again, cleanly, earns the third star
        runner.goto(number)
        runner.retry()
        solve(runner)
    assert runner.stars == 3 and runner.next_star() is None
    assert runner.total_mistakes == 2  # still reported


def test_a_drill_counts_by_its_first_answer(library: Library) -> None:
    lesson = library.lesson("pegar")
    drills = [s.number for s in lesson.steps if s.drill]
    runner = _play_lesson(lesson, set(), set(drills))
    assert runner.finished and all(runner.credit[n] == 0 for n in drills)
    runner.goto(drills[0])
    runner.retry()
    solve(runner)
    assert runner.credit[drills[0]] == 0  # the same question again proves nothing new
    assert runner.stars < 3 and runner.next_star() is not None
    clean = _play_lesson(lesson, set())
    assert all(clean.credit[n] == 1 for n in drills) and clean.stars == 3


def test_guessing_on_costs_more_than_a_slip_put_right(library: Library) -> None:
    lesson = library.lesson("pegar")
    number = next(s.number for s in lesson.steps if s.kind == "question" and not s.drill)
    credits = []
    for guesses in (1, 2):
        runner = runner_of(lesson)
        runner.goto(number)
        step = runner.step
        wrong = [o.value for o in step.options if o.value != step.answer]
        for value in (wrong * 2)[:guesses]:
            runner.answer_value(value)
        solve(runner)
        credits.append(runner.credit[number])
    assert 0 <= credits[1] < credits[0] < 1


def test_next_waits_for_the_step_and_goto_and_back_move_freely(pegar: LessonRunner) -> None:
    runner = pegar
    assert runner.done and runner.next()  # an explain step is done on arrival
    assert not runner.next()
    assert runner.back() and runner.number == 1
    assert not runner.back()
    last = len(runner.lesson.steps)
    runner.goto(last)
    assert runner.view().kind == "remember" and runner.view().points
    with pytest.raises(ValueError, match=f"steps 1 to {last}"):
        runner.goto(last + 1)
    assert not runner.finished


def test_view_gives_the_renderer_position_viewer_marks_and_hint_marks(pegar: LessonRunner) -> None:
    runner = pegar
    view = runner.view()
    assert view.position is not None and view.viewer == 0
    assert [(m.kind, m.end) for m in view.marks] == [("end", "left"), ("end", "right")]
    runner.goto(2)
    runner.select("5-1")
    assert runner.view().selected is not None
    runner.hint()  # first the nudge: where to look, the two open ends, not the tile
    assert [(m.kind, m.end) for m in runner.view().marks] == [("end", "left"), ("end", "right")]
    runner.hint()  # then the move itself
    assert [(m.kind, m.tile, m.end) for m in runner.view().marks] == [("tile", "5-1", None), ("arrow", "5-1", "right")]
    runner.goto(3)
    assert runner.view().marks == ()  # its mark shows from hint level 1
    runner.hint()
    assert [m.tile for m in runner.view().marks] == ["3-1"]  # read as a tile, written as the engine writes it


def test_question_options_come_from_the_engine(library: Library) -> None:
    runner = LessonRunner(library.lesson("pasa"), drills=make_drill)
    runner.goto(4)
    step = runner.step
    assert step.answer == (2, 3)
    labels = [library.texts.render(option.label, "es") for option in runner.view().options]
    assert "2 y 3" in labels


def test_a_step_resumed_after_a_reload_has_its_moves_and_counts_nothing_twice(library: Library) -> None:
    runner = runner_of(library.lesson("pila"))
    runner.goto(3)
    assert runner.resume(("draws", "draws"))
    assert runner.state.moves == ("draws", "draws") and len(runner.state.frames) == 2
    assert runner.attempts == {} and runner.mistakes == {}
    assert not runner.resume(("draws",))  # a step already under way is not replayed over


def test_moves_that_no_longer_fit_the_step_leave_it_fresh(library: Library) -> None:
    for moves in (("plays 6-6 left",), ("draws", "passes"), ("not a move",), ("draws",) * 9):
        runner = runner_of(library.lesson("pila"))
        runner.goto(3)
        assert not runner.resume(moves), moves
        assert runner.state.moves == () and runner.mistakes == {} and runner.attempts == {}
    question = runner_of(library.lesson("pila"))
    assert not question.resume(("draws",))  # step 1 is not a move step


def test_a_step_from_previous_leads_on_from_the_move_the_learner_made(library: Library) -> None:
    """Tranque step 2 takes the last 3 at either end; step 3 shows the 3-3 where the learner laid it, and a
    retried step 2 laid at the other end changes step 3's table with it."""
    runner = LessonRunner(library.lesson("tranque"), seed=1)
    runner.goto(2)
    assert runner.act("plays 3-3 right").kind == "success"
    runner.next()
    placed = {p.tile: p.arm for p in runner.view().position.placed}
    assert placed[Tile.parse("3-3")] == "right"
    assert runner.answer_value(40).kind == "success"  # both hands counted, wherever the 3-3 went
    runner.back()
    runner.retry()
    runner.act("plays 3-3 left")
    runner.next()
    assert not runner.done
    assert {p.tile: p.arm for p in runner.view().position.placed}[Tile.parse("3-3")] == "left"


def test_a_step_with_one_way_on_keeps_its_text_true(library: Library) -> None:
    """Pasa step 4 says "you laid your 2-1 on the 2": in step 3 the 2-1 is the only tile that fits."""
    step = library.lesson("pasa").step(3)
    assert step.paths == (("plays 2-1 right",),)
    assert not library.lesson("pasa").step(4).variants
