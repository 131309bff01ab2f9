"""The "Other tables" course: its lessons as data (spinner positions, leaders the rules find, the new questions and
checks, the course field), and the coverage of every fact G1–G11 and S1–S7 by an interactive step."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Rules, seat_role
from lessons import Coverage, LessonRunner, Library, check_coverage
from lessons.coverage import Fact
from lessons.structure import read_lesson
from practice.drills import make_drill
from wording.seats import seat_key, side_key

COURSE = "other_tables"


def lesson_data(*steps: dict[str, Any], rules: str = "all_fives", **fields: Any) -> dict[str, Any]:
    """A lesson file's data with these steps (and a remember box, as every lesson ends)."""
    return {"id": "t", "order": 1, "title": "title", "rules": rules, **fields,
            "steps": [*steps, {"kind": "remember", "points": ["a", "b"]}]}


def read(data: dict[str, Any]) -> Any:
    reading = read_lesson(data, "t", "lessons/data/t.toml")
    return reading


def spinner_position(**extra: Any) -> dict[str, Any]:
    return {"hands": ["5-4 6-4 3-2 1-0", "1-1 2-2"], "line": "6-0 0-0 0-3", "spinner": 1, "up": "0-4",
            "stock": "2-0 5-5", "to_move": 0, "partial": True, **extra}


def question(query: str, position: dict[str, Any], **fields: Any) -> dict[str, Any]:
    wrong = fields.pop("wrong", None) or [{"answer": d, "feedback": "w"} for d in fields["distractors"]]
    return {"kind": "question", "text": "ask", "position": position, "query": query, "hints": ["h1", "h2"],
            "wrong": wrong, **fields}


def filler() -> dict[str, Any]:
    """A second interactive step, as every lesson needs two."""
    return question("open_ends", spinner_position(), distractors=[2])


# ----------------------------------------------------------------------------------------------- the course


def other_tables(library: Library) -> list[Any]:
    return [lesson for lesson in library.lessons if lesson.course == COURSE]


def test_the_course_has_at_least_six_lessons_each_with_two_interactive_steps(library: Library) -> None:
    lessons = other_tables(library)
    assert len(lessons) >= 6
    for lesson in lessons:
        assert sum(step.interactive for step in lesson.steps) >= 2, lesson.id
        assert lesson.steps[0].kind == "explain", f"{lesson.id} opens with the table it plays"
        assert lesson.rules.name not in ("one_vs_one", "partnership"), lesson.id


def test_la_plaza_lessons_stay_in_their_course_and_come_first(library: Library) -> None:
    courses = [lesson.course for lesson in library.lessons]
    assert courses == sorted(courses, key=lambda course: course != "la_plaza")
    assert {"pila", "partida"} <= {lesson.id for lesson in library.lessons if lesson.course == "la_plaza"}


def test_every_lesson_of_the_course_plays_through_with_three_stars(library: Library) -> None:
    for lesson in other_tables(library):
        runner = LessonRunner(lesson, seed=7, drills=make_drill)
        for slot in lesson.steps:
            runner.goto(slot.number)
            step = runner.step  # a drill slot: the question made for this learner
            if step.kind == "act":
                for move in step.solution:
                    assert runner.act(move).kind != "error", (lesson.id, step.number, move)
            elif step.kind == "question":
                runner.answer_value(step.answer)
            assert runner.done, (lesson.id, step.number)
        assert runner.finished and runner.stars == 3
        assert sum(1 for slot in lesson.steps if slot.drill) == 3 and lesson.steps[-2].drill


def test_every_other_table_fact_is_taught_by_an_interactive_step(lesson_coverage: Coverage, library: Library) -> None:
    facts = [fact for fact in lesson_coverage.facts if fact.id[0] in "GS"]
    assert {fact.section for fact in facts} == {f"G{n}" for n in range(1, 12)} | {f"S{n}" for n in range(1, 8)}
    lessons = {lesson.id: lesson for lesson in library.lessons}
    for fact in facts:
        assert fact.steps, fact.id
        for ref in fact.steps:
            lesson_id, number = ref.split(":")
            assert lessons[lesson_id].step(int(number)).interactive, ref
    assert [p for p in check_coverage(lesson_coverage, library) if p.fact[0] in "GS"] == []


def test_the_coverage_check_catches_a_missing_or_untaught_other_table_fact(lesson_coverage: Coverage,
                                                                          library: Library) -> None:
    facts = [fact for fact in lesson_coverage.facts if fact.section != "S4"]
    facts = [Fact(fact.id, fact.text, ()) if fact.id == "G8c" else fact for fact in facts]
    facts.append(Fact("G5b", "an explanation only", ("site_table:1",)))
    problems = {(p.fact, p.kind) for p in check_coverage(Coverage(tuple(facts)), library)}
    assert {("S4", "missing-section"), ("G8c", "no-step"), ("G5b", "not-interactive")} <= problems


# ----------------------------------------------------------------------------------------------- the format


def test_a_spinner_position_with_arms_is_built_by_the_engine() -> None:
    reading = read(lesson_data(
        question("end_count", spinner_position(), distractors=[12, 14]),
        question("open_ends", spinner_position(), distractors=[2, 3]),
    ))
    assert reading.errors == []
    count, ends = reading.lesson.steps[:2]
    assert count.answer == 13 and ends.answer == 4
    assert [p.arm for p in count.position.placed] == ["left", "lead", "right", "up"]
    assert count.conceal == {"end_count", "scores"}


def test_a_spinner_needs_a_line_and_a_rule_set_that_spins() -> None:
    no_line = read(lesson_data(question("end_count", {"hands": ["5-4", "1-1"], "spinner": 0}, distractors=[1]),
                               filler()))
    assert "a spinner is a tile of the line" in str(no_line.errors[0])
    greek = read(lesson_data(question("end_count", spinner_position(stock=None), distractors=[12]),
                             rules="block_game"))
    assert "has no spinner" in str(greek.errors[0])


def test_without_to_move_the_rules_find_the_leader() -> None:
    hands = ["0-0 2-2 5-1", "1-1 6-5", "3-3 4-0"]
    reading = read(lesson_data(
        question("leader", {"hands": hands, "stock": "6-6", "partial": True},
                 wrong=[{"answer": a, "feedback": "w"} for a in (0, 2)]),
        question("leader", {"hands": ["5-5 3-1", "6-4 2-0"], "stock": "6-6 6-5", "first_hand": True,
                            "rules": "international_two", "partial": True},
                 wrong=[{"answer": 0, "feedback": "w"}]),
        rules="draw_game", options={"players": 3},
    ))
    assert reading.errors == []
    lowest, highest = reading.lesson.steps[:2]
    assert lowest.answer == 1 and [o.value for o in lowest.options] == [0, 1, 2]
    assert highest.answer == 1
    assert lowest.conceal == {"turn"}


def test_three_sides_are_offered_and_named_like_their_seats() -> None:
    position = {"hands": ["4-1 2-0 6-2 1-1", "5-0 4-2 1-0", "0-3 6-1 5-2 4-0 2-2"],
                "line": "3-1 1-2 2-3 3-3 3-4 4-5 5-3 3-6 6-0", "to_move": 2, "prelude": ["2 plays 3-0 right"]}
    every_wrong = [{"answer": a, "feedback": "w"} for a in (0, 2, "none")]  # each wrong answer its own feedback
    reading = read(lesson_data(question("outcome.winner", position, wrong=every_wrong),
                               question("outcome.scores", position, side=2, distractors=[3]),
                               rules="block_game", options={"players": 3}))
    assert reading.errors == []
    winner, scores = reading.lesson.steps[:2]
    assert winner.answer == 1
    assert [(o.value, o.label.key) for o in winner.options] == [
        (0, "role.you"), (1, "role.right_opponent"), (2, "role.left_opponent"), (None, "side.nobody")]
    assert scores.answer == 0


def test_a_side_out_of_range_is_refused() -> None:
    reading = read(lesson_data(question("hand_points", spinner_position(), side=2, distractors=[1]), filler()))
    assert "side must be a number from 0 to 1" in str(reading.errors[0])


def test_scored_goal_and_the_up_and_down_ends() -> None:
    act = {"kind": "act", "text": "task", "position": spinner_position(), "goal": {"scored": 15},
           "solution": ["plays 6-4 up"], "wrong": [{"action": "plays 5-4 up", "feedback": "w"}],
           "marks": [{"kind": "end", "end": "down"}, {"kind": "count"}]}
    down = {"kind": "act", "text": "task", "position": spinner_position(), "goal": {"at_end": "down"},
            "solution": ["plays 1-0 down"], "wrong": [{"action": "plays 6-4 up", "feedback": "w"}]}
    reading = read(lesson_data(act, down))
    assert reading.errors == []
    step = reading.lesson.steps[0]
    assert step.paths == (("plays 6-4 up",),) and [m.kind for m in step.marks] == ["end", "count"]
    assert reading.lesson.steps[1].paths == (("plays 1-0 down",),)
    assert reading.lesson.steps[1].solution == ("plays 1-0 down",)
    bad = read(lesson_data({**act, "goal": {"scored": 12}}))
    assert "positive multiple of 5" in str(bad.errors[0])


def test_face_up_and_the_matches_earlier_hands_reach_the_step() -> None:
    hand = {"rules": "katsika", "hands": ["6-5", "4-0", "3-2", "5-5 1-1"], "line": "6-6 6-2 2-2 2-0",
            "to_move": 1, "prelude": ["1 plays 4-0 right"]}
    reading = read(lesson_data(
        question("match.loser", hand, match=["earlier"], face_up=True,
                 wrong=[{"answer": a, "feedback": "w"} for a in (0, 1)]),
        question("outcome.scores", hand, side=0, distractors=[0]),
        rules="katsika", positions={"earlier": hand},
    ))
    assert reading.errors == []
    step = reading.lesson.steps[0]
    assert step.face_up and len(step.match) == 1 and step.answer is None  # 32 is short of 100
    view = LessonRunner(reading.lesson, drills=make_drill).view()
    assert view.face_up and view.match == step.match
    broken = read(lesson_data(question("match.loser", hand, face_up="yes", wrong=[{"answer": 1, "feedback": "w"}]),
                              filler(), rules="katsika"))
    assert broken.errors[0].field == "face_up"


@pytest.mark.parametrize("course, ok", [("other_tables", True), ("Other Tables", False), (3, False)])
def test_the_course_field(course: Any, ok: bool) -> None:
    reading = read(lesson_data(filler(), filler(), course=course))
    assert (reading.errors == []) is ok
    if ok:
        assert reading.lesson.course == course
        assert any(use.key == f"course.{course}" for use in reading.keys)


def test_out_of_play_is_asked_only_without_a_stock() -> None:
    reading = read(lesson_data(question("out_of_play", spinner_position(), distractors=[1]), filler()))
    assert "needs a game without a stock" in str(reading.errors[0])


# ----------------------------------------------------------------------------------------------- seats and sides


def test_every_table_names_its_seats_and_sides() -> None:
    assert [seat_role(3, 0, seat) for seat in range(3)] == ["you", "right_opponent", "left_opponent"]
    assert [seat_role(4, 1, seat, partners=False) for seat in range(4)] == [
        "left_opponent", "you", "right_opponent", "across_opponent"]
    assert seat_role(4, 0, 2) == "partner"
    free_for_all = Rules.block_game(players=4)
    assert seat_key(free_for_all, 0, 2) == "role.across_opponent"
    assert side_key(free_for_all, 0, 3) == "role.left_opponent"
    assert side_key(Rules.katsika(), 0, 1) == "side.theirs"


# ----------------------------------------------------------------------------------------------- the spinner's arms


def _spinner_down_step(library: Library) -> tuple[Any, LessonRunner]:
    """The spinner lesson's step that asks for the 5-4 on the spinner's bottom side (four open ends)."""
    lesson = next(lesson for lesson in library.lessons if lesson.id == "spinner")
    step = next(step for step in lesson.steps if step.text == "task_down")
    runner = LessonRunner(lesson, seed=7, drills=make_drill)
    runner.goto(step.number)
    return lesson, runner


def test_a_tile_refused_at_a_spinner_arm_is_told_the_number_showing_there(library: Library) -> None:
    lesson, runner = _spinner_down_step(library)
    position = runner.state.position
    refusal = position.check("plays 6-4 down")
    assert refusal is not None and refusal.number == position.end_number("down") == 5
    feedback = runner.act("plays 6-4 down")
    assert feedback.key == "illegal.no-match"
    assert dict(feedback.args)["number"] == refusal.number
    for lang in library.texts.languages:
        template = library.texts.get(lang, "illegal.no-match", lesson.id)
        shown = library.texts.render(feedback, lang, lesson.id)
        assert shown == template.format(tile="6-4", number=5, end=library.texts.get(lang, "end.down")), lang


def test_the_first_hint_at_a_spinner_names_and_rings_every_open_end(library: Library) -> None:
    lesson, runner = _spinner_down_step(library)
    position = runner.state.position
    assert len(position.open_ends) == 4
    hint = runner.hint()
    numbers = tuple(number for _, number in position.open_ends)
    assert dict(hint.args)["numbers"] == numbers
    rings = {mark.end for mark in runner.view().marks if mark.kind == "end"}
    assert rings == {end for end, _ in position.open_ends}
    for lang in library.texts.languages:
        shown = library.texts.render(hint, lang, lesson.id)
        assert "{" not in shown and all(str(n) in shown for n in numbers), lang


def test_a_lesson_table_no_deal_gives_loads_only_when_it_says_partial() -> None:
    eight = {"hands": ["0-0 0-1 0-2 0-3 0-4 0-5 0-6 1-1", "6-6 2-2"], "line": "3-4"}
    refused = read(lesson_data(*(question("open_ends", eight, distractors=[1]) for _ in range(2)), rules="block_game"))
    assert refused.errors and "hand 0 holds 8 tiles" in str(refused.errors[0])
    partial = {**eight, "partial": True}
    allowed = read(lesson_data(*(question("open_ends", partial, distractors=[1]) for _ in range(2)),
                               rules="block_game"))
    assert allowed.errors == []
