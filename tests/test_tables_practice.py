"""Practice at the other tables: each new skill's answer is the engine's, its link goes to the lesson step that
teaches the fact, and its questions come back the same from their codes."""

from __future__ import annotations

import pytest

from engine import Match, Play
from engine.outcome import round_to_five
from lessons import Library
from practice import generate, get_skill, question_from_code, skills_of_lesson
from tests.practice_support import fingerprint

NEW = ("leader", "katsika", "fives", "rounding")
SEEDS = range(40)


def questions(skill: str) -> list:
    return [generate(skill, seed) for seed in SEEDS]


def test_fives_is_the_count_and_what_the_play_scored() -> None:
    kinds = set()
    for q in questions("fives"):
        ((count, scored),) = q.answer
        position = q.position
        assert count == position.end_count
        last = position.history[-1]
        assert isinstance(last.move, Play) and last.seat == q.about("seat")
        side = position.rules.side_of(last.seat)
        before = position.hand_points[side] - scored
        assert before >= 0 and before % 5 == 0 and scored % 5 == 0
        assert (scored > 0) == (count > 0 and count % 5 == 0)  # checked against S5 here, never in the product
        kinds.add(scored > 0)
        assert all(value != q.answer[0] for i, value in enumerate(o.value for o in q.options) if i not in q.correct)
    assert kinds == {True, False}


def test_leader_is_the_seat_the_rules_give_the_lead() -> None:
    kinds = set()
    for q in questions("leader"):
        position = q.position
        (answer,) = q.answer
        if position.outcome is None:
            assert answer == position.to_move and not position.placed
            assert q.turn_hidden  # the turn marker would give the answer away
            kinds.add(position.rules.lead_rule)
        else:
            match = Match(position.rules)
            match.record(position.outcome)
            assert answer == match.next_leader
            kinds.add("winner")
        assert q.face_up == frozenset(range(position.rules.players))
        assert [o.value for o in q.options] == list(range(position.rules.players))
    assert kinds == {"lowest_double", "highest_tile", "winner"}


def test_katsika_is_a_losing_sides_penalty() -> None:
    for q in questions("katsika"):
        outcome = q.position.outcome
        side = q.about("side")
        assert outcome is not None and outcome.winner != side
        assert q.answer == (outcome.scores[side],) and outcome.scores[side] > 0
        assert outcome.scores[outcome.winner] == 0
        assert q.fact in ("G8b", "G8d") and (q.fact == "G8d") == (outcome.scores[side] != outcome.side_pips[side])


def test_rounding_is_the_hands_end_rounded_to_five() -> None:
    reasons = set()
    for q in questions("rounding"):
        outcome = q.position.outcome
        assert outcome is not None and outcome.winner is not None
        (answer,) = q.answer
        others = sum(outcome.side_pips) - outcome.side_pips[outcome.winner]
        assert answer == outcome.points == round_to_five(others) and answer % 5 == 0
        reasons.add(outcome.reason)
        assert q.fact == ("S6b" if outcome.reason == "blocked" else "S6a")
    assert reasons == {"domino", "blocked"}


@pytest.mark.parametrize("skill", NEW)
def test_each_links_to_an_interactive_step_of_its_lesson(skill: str, library: Library) -> None:
    lesson = library.lesson(get_skill(skill).lesson)
    for q in questions(skill)[:10]:
        assert q.lesson == lesson.id and q.link == f"{lesson.id}:{q.step}"
        assert lesson.step(q.step).interactive
    assert skill in [s.id for s in skills_of_lesson(lesson.id)]


@pytest.mark.parametrize("skill", NEW)
def test_a_code_gives_the_very_same_question(skill: str) -> None:
    q = generate(skill, 4821)
    assert q.code == f"{skill}-4821"
    assert fingerprint(question_from_code(q.code)) == fingerprint(q)
