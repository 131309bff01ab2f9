"""The live rounds' pure logic: what a round asks, its phases and countdown, checking answers, tally, leaderboard."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

from engine import parse_move
from lessons import load_library
from practice import question_from_code
from practice.rounds import (
    Item,
    Round,
    RoundRefused,
    Settings,
    ask_question,
    ask_step,
    draw_set,
    items_from_json,
    items_to_json,
    leaderboard,
    question_steps,
    resolve,
    tally,
)

T0 = datetime(2026, 12, 2, 10, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def library():
    return load_library()


def a_round(seconds: int = 20, items: int = 2) -> Round:
    codes = ("lacks-4821", "must-12", "where-7")[:items]
    return Round("r1", "KMR-482", tuple(Item.code(code) for code in codes), 0, "open", Settings(seconds), T0)


def one_answer(code: str = "must-12"):
    return ask_question(question_from_code(code))


def test_item_stored_form_round_trips_and_refuses_junk():
    items = (Item.code("LACKS-4821 "), Item.lesson_step("salida", 3))
    assert items[0].text == "code:lacks-4821"
    assert items[1].text == "lesson:salida:3"
    assert items_from_json(items_to_json(items)) == items
    for junk in ("lesson:salida:x", "nothing", "code:nope-1", "lesson::3"):
        with pytest.raises(ValueError):
            Item.parse(junk)


def test_practice_question_is_asked_with_the_drill_reasons():
    question = question_from_code("must-12")
    asked = ask_question(question)
    (right,) = question.correct
    assert asked.correct == right
    assert asked.skill == "must"
    assert asked.is_right(right)
    wrong = next(i for i in range(len(asked.options)) if i != right)
    assert not asked.is_right(wrong)
    # A wrong pick is told its own reason first (when the generator named one), then the question's reason.
    told = asked.why(wrong)
    assert told[-1] == question.reason
    if question.options[wrong].why is not None:
        assert told[0] == question.options[wrong].why
    assert asked.why(right) == (question.reason,)


def test_pick_all_question_is_refused():
    with pytest.raises(RoundRefused) as refused:
        ask_question(question_from_code("fits-5"))
    assert refused.value.code == "multiple"


def test_not_an_option_is_refused():
    asked = one_answer()
    for bad in (-1, len(asked.options), True, "1"):
        with pytest.raises(RoundRefused) as refused:
            asked.is_right(bad)  # type: ignore[arg-type]
        assert refused.value.code == "not_an_option"


def test_lesson_question_step_uses_the_step_answer_and_feedback(library):
    salida = library.lesson("salida")
    step = salida.steps[2]  # step 3: "who leads the next hand" with declared wrong feedback
    asked = ask_step(salida, 3)
    assert asked.options[asked.correct].value == step.answer
    assert asked.lesson == "salida"
    assert asked.reason == step.hints[1]
    for index, option in enumerate(step.options):
        if option.value != step.answer and step.wrong_feedback(answer=option.value):
            assert asked.options[index].why is not None
            assert asked.options[index].why.key == step.wrong_feedback(answer=option.value)
    assert 3 in question_steps(salida)
    assert 1 not in question_steps(salida)  # a text step is no question
    with pytest.raises(RoundRefused):
        ask_step(salida, 1)
    with pytest.raises(RoundRefused):
        resolve(Item.lesson_step("no_such_lesson", 1), library.lesson)


def test_set_for_the_round_draws_one_answer_codes_of_the_skills(library):
    items = draw_set(["lacks", "must", "fits"], 6, random.Random(3))
    assert len(items) == 6 == len(set(items))
    skills = {item.ref.split("-")[0] for item in items}
    assert skills <= {"lacks", "must"}  # fits (pick-all) never comes
    assert {"lacks", "must"} <= skills
    for item in items:
        resolve(item, library.lesson)  # each one is a question the round can ask
    assert draw_set(["lacks"], 3, random.Random(9)) == draw_set(["lacks"], 3, random.Random(9))
    with pytest.raises(ValueError):
        draw_set(["lacks"], 0, random.Random(1))
    with pytest.raises(ValueError):
        draw_set([], 2, random.Random(1))


def test_countdown_reveals_when_time_is_up():
    round_ = a_round(seconds=20)
    assert round_.time_left(T0 + timedelta(seconds=5)) == pytest.approx(15)
    assert round_.phase_now(T0 + timedelta(seconds=19)) == "open"
    assert round_.phase_now(T0 + timedelta(seconds=20)) == "revealed"
    assert round_.settled(T0 + timedelta(seconds=5)) is None
    settled = round_.settled(T0 + timedelta(seconds=21))
    assert settled is not None and settled.phase == "revealed" and settled.version == round_.version + 1


def test_until_everyone_answered_reveals_when_all_present_answered():
    round_ = a_round(seconds=0)
    assert round_.time_left(T0 + timedelta(hours=1)) is None
    assert round_.phase_now(T0 + timedelta(hours=1)) == "open"
    assert round_.settled(T0, answered=2, present=3) is None
    assert round_.settled(T0, answered=0, present=0) is None  # nobody there yet: it waits
    settled = round_.settled(T0, answered=3, present=3)
    assert settled is not None and settled.phase == "revealed"


def test_phases_open_revealed_next_over():
    round_ = a_round(items=2)
    revealed = round_.reveal(T0)
    assert revealed.phase == "revealed"
    with pytest.raises(RoundRefused):
        revealed.reveal(T0)
    second = revealed.next(T0 + timedelta(seconds=3))
    assert (second.number, second.phase, second.phase_at) == (1, "open", T0 + timedelta(seconds=3))
    over = second.next(T0)
    assert over.phase == "over"
    assert [r.version for r in (round_, revealed, second, over)] == [1, 2, 3, 4]
    for action in (over.next, over.reveal, over.end, over.pause):
        with pytest.raises(RoundRefused) as refused:
            action(T0)
        assert refused.value.code == "closed"


def test_pause_keeps_the_time_left_and_resume_goes_on_from_there():
    round_ = a_round(seconds=30)
    paused = round_.pause(T0 + timedelta(seconds=10))
    assert paused.phase == "paused"
    assert paused.time_left(T0 + timedelta(minutes=5)) == pytest.approx(20)  # time stands still while paused
    assert paused.phase_now(T0 + timedelta(minutes=5)) == "paused"
    resumed = paused.pause(T0 + timedelta(minutes=5))  # P again goes on
    assert resumed.phase == "open"
    assert resumed.time_left(T0 + timedelta(minutes=5, seconds=5)) == pytest.approx(15)


def test_answers_are_checked_against_the_phase_and_the_question_shown():
    asked = one_answer()
    round_ = a_round(seconds=20)
    assert round_.check(T0, 0, asked, asked.correct) is True
    with pytest.raises(RoundRefused) as refused:
        round_.check(T0, 1, asked, asked.correct)  # a phone still showing another question
    assert refused.value.code == "closed"
    with pytest.raises(RoundRefused) as refused:
        round_.check(T0 + timedelta(seconds=25), 0, asked, asked.correct)  # time up, not yet stored as revealed
    assert refused.value.code == "closed"
    with pytest.raises(RoundRefused) as refused:
        round_.reveal(T0).check(T0, 0, asked, asked.correct)
    assert refused.value.code == "revealed"
    with pytest.raises(RoundRefused) as refused:
        round_.pause(T0).check(T0, 0, asked, asked.correct)
    assert refused.value.code == "paused"
    with pytest.raises(RoundRefused) as refused:
        round_.end(T0).check(T0, 0, asked, asked.correct)
    assert refused.value.code == "closed"


def test_tally_and_leaderboard():
    asked = one_answer()
    picks = [0, 0, 1, 0, 99, -1]
    counts = tally(asked, picks)
    assert len(counts) == len(asked.options)
    assert counts[0] == 3 and counts[1] == 1 and sum(counts) == 4
    board = leaderboard([("Ana", True), ("Ben", True), ("Ana", True), ("Ben", False), ("Cy", False), ("Dee", True),
                         ("Dee", True)], size=3)
    assert [(s.nickname, s.right, s.answered) for s in board] == [("Ana", 2, 2), ("Dee", 2, 2), ("Ben", 1, 2)]


def test_settings_bounds_and_stored_form():
    assert Settings.from_json(Settings(15, True).to_json()) == Settings(15, True)
    assert Settings() == Settings(0, False)  # until everyone answered, no leaderboard
    for bad in (-1, 601, True):
        with pytest.raises(ValueError):
            Settings(bad)


# ------------------------------------------------------------------------------------------------ tap-to-play


def test_a_one_move_act_step_is_asked_as_the_engine_legal_moves(library):
    lesson = library.lesson("pegar")
    step = lesson.step(4)
    asked = ask_step(lesson, 4)
    assert asked.taps
    assert asked.moves == tuple(step.position.legal_moves())  # the engine's moves, in its order
    assert [option.value for option in asked.options] == ["plays 5-2 left", "plays 5-4 left", "plays 5-2 right"]
    assert asked.rights == (2,)  # the step's one accepted move
    assert asked.prompt == step.message
    # each wrong move is told the step's declared feedback for it, the right one nothing
    assert asked.options[0].why.key == "wrong_covered_five"
    assert asked.options[1].why.key == "wrong_five_four_first"
    assert asked.options[2].why is None
    assert asked.reason == step.hints[1]  # the step's showing hint explains the right move
    assert [m.key for m in asked.why(1)] == ["wrong_five_four_first", step.hints[1].key]
    assert [m.key for m in asked.why(2)] == [step.hints[1].key]


def test_a_step_accepting_two_ways_counts_both_right(library):
    asked = ask_step(library.lesson("dobles"), 5)
    assert [str(move) for move in asked.moves] == ["plays 6-3 left", "plays 6-3 right"]
    assert asked.rights == (0, 1)
    assert asked.is_right(0) and asked.is_right(1)


def test_a_move_is_checked_by_the_engine_and_a_forged_index_refused(library):
    asked = ask_step(library.lesson("pegar"), 4)
    assert asked.option_of("plays 5-2 right") == 2
    with pytest.raises(RoundRefused) as refused:
        asked.option_of("plays 6-6 right")  # the 6-6 has no 2: the engine says so
    assert refused.value.code == "illegal"
    assert refused.value.error is not None and refused.value.error.code == "no-match"
    with pytest.raises(RoundRefused) as refused:
        asked.option_of("passes")  # a tile fits: no passing
    assert refused.value.error.code == "has-playable"
    with pytest.raises(RoundRefused) as refused:
        asked.option_of("plays 0-0 up")  # no top end on this table
    assert refused.value.code == "illegal"
    with pytest.raises(RoundRefused) as refused:
        asked.option_of("juggles the tiles")
    assert refused.value.code == "not_a_move"
    for forged in (3, -1, True, "2"):
        with pytest.raises(RoundRefused) as refused:
            asked.is_right(forged)  # type: ignore[arg-type]
        assert refused.value.code == "not_an_option"


def test_an_option_question_takes_no_move(library):
    asked = one_answer()
    assert not asked.taps
    with pytest.raises(RoundRefused) as refused:
        asked.option_of("plays 6-6")
    assert refused.value.code == "not_an_option"


def test_the_round_checks_a_move_only_while_the_question_is_open(library):
    asked = ask_step(library.lesson("pegar"), 4)
    going = Round("r1", "KMR-482", (Item.lesson_step("pegar", 4),), 0, "open", Settings(20), T0)
    assert going.checked(T0, 0, asked, parse_move("plays 5-4 left")) == (1, False)
    assert going.checked(T0, 0, asked, parse_move("plays 5-2 right")) == (2, True)
    with pytest.raises(RoundRefused) as refused:
        going.checked(T0 + timedelta(seconds=21), 0, asked, parse_move("plays 6-6 right"))
    assert refused.value.code == "closed"  # too late is said before the move is judged
    with pytest.raises(RoundRefused) as refused:
        going.reveal(T0).checked(T0, 0, asked, parse_move("plays 5-2 right"))
    assert refused.value.code == "revealed"


def test_question_steps_offer_one_move_act_steps_only(library):
    pegar = library.lesson("pegar")
    offered = question_steps(pegar)
    acts = [n for n in offered if pegar.step(n).kind == "act"]
    assert acts == [2, 4]
    pila = library.lesson("pila")
    assert pila.step(3).kind == "act" and 3 not in question_steps(pila)  # three draws, then a play: no one move
    with pytest.raises(RoundRefused):
        ask_step(pila, 3)
    assert pila.step(5).kind == "act" and 5 in question_steps(pila)  # one pass


def test_the_tally_counts_moves_played(library):
    asked = ask_step(library.lesson("pegar"), 4)
    assert tally(asked, [2, 2, 1, 7, -1]) == (0, 1, 2)


def test_moves_are_labelled_in_words_in_every_language(library):
    asked = ask_step(library.lesson("pegar"), 4)
    for lang in ("pap", "es", "en", "el", "eo"):
        labels = [library.texts.render(option.label, lang, "rounds") for option in asked.options]
        assert all("5-" in text and "{" not in text for text in labels), labels
        assert len(set(labels)) == 3  # the left and right plays of the 5-2 are told apart
    lead = ask_step(library.lesson("salida"), 2)
    assert "6-6" in library.texts.render(lead.options[0].label, "en", "rounds")
    passing = ask_step(library.lesson("pasa"), 2)
    assert library.texts.render(passing.options[0].label, "es", "rounds") == "pasar"
