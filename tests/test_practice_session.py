"""Practice sets (seeded, wrong skills come back more often) and mastery per skill and per lesson."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import pytest

from practice import PracticeSet, lesson_mastery, mastery, skill_mastery, skill_weights, skills_of_lesson
from practice.question import Question


@dataclass(frozen=True)
class Answer:
    skill: str
    correct: bool


def right(q: Question) -> list[int]:
    return sorted(q.correct)


def wrong(q: Question) -> list[int]:
    if q.multiple:
        return [i for i in range(len(q.options)) if i not in q.correct] or [0]
    return [next(i for i in range(len(q.options)) if i not in q.correct)]


def test_a_set_has_its_size_score_streak_and_mistakes() -> None:
    practice_set = PracticeSet(size=6, seed=11)
    plan = [True, False, True, True, True, False]
    for ok in plan:
        q = practice_set.current
        assert q is not None
        result = practice_set.answer(right(q) if ok else wrong(q))
        assert result.correct is ok and result.question is q
    assert practice_set.done and practice_set.current is None
    assert practice_set.score == 4 and practice_set.best_streak == 3 and practice_set.streak == 0
    assert [r.correct for r in practice_set.mistakes] == [False, False]
    assert all(r.reason == r.question.reason and r.question.link for r in practice_set.mistakes)
    with pytest.raises(ValueError, match="over"):
        practice_set.answer(0)


def test_a_seeded_set_is_reproducible_and_has_no_repeated_question() -> None:
    def codes(seed: int) -> list[str]:
        practice_set = PracticeSet(size=10, seed=seed)
        out = []
        while not practice_set.done:
            out.append(practice_set.current.code)
            practice_set.answer(wrong(practice_set.current) if len(out) % 3 == 0 else right(practice_set.current))
        return out

    assert codes(5) == codes(5)
    assert codes(5) != codes(6)
    assert len(set(codes(5))) == 10


def test_one_skill_sets_stay_on_that_skill() -> None:
    practice_set = PracticeSet(size=5, skills=["capicu"], seed=3)
    while not practice_set.done:
        assert practice_set.current.skill == "capicu"
        practice_set.answer(right(practice_set.current))


def test_bad_sets_fail_clearly() -> None:
    with pytest.raises(ValueError, match="at least one question"):
        PracticeSet(size=0)
    with pytest.raises(ValueError, match="unknown practice skill 'nope'"):
        PracticeSet(skills=["nope"])
    with pytest.raises(ValueError, match="one option"):
        PracticeSet(size=1, skills=["where"], seed=1).answer([0, 1])


def test_weights_grow_with_recent_wrong_answers() -> None:
    answers = [Answer("fits", False)] * 3 + [Answer("where", True)] * 3 + [Answer("fits", True)] * 2
    weights = skill_weights(["fits", "where", "must"], answers)
    assert weights == {"fits": 7.0, "where": 1.0, "must": 1.0}
    # Only the last five of a skill count: old mistakes fade.
    assert skill_weights(["fits"], [Answer("fits", False)] + [Answer("fits", True)] * 5) == {"fits": 1.0}


def test_wrongly_answered_skills_come_back_more_often() -> None:
    asked: Counter[str] = Counter()
    for seed in range(4):
        practice_set = PracticeSet(size=40, skills=["fits", "where"], seed=seed)
        while not practice_set.done:
            q = practice_set.current
            asked[q.skill] += 1
            practice_set.answer(wrong(q) if q.skill == "fits" else right(q))
    assert asked["fits"] > 2 * asked["where"]


def test_recent_answers_weight_the_first_question_too() -> None:
    recent = [Answer("lacks", False)] * 5
    firsts = Counter(PracticeSet(size=1, skills=["lacks", "must"], seed=s, recent=recent).current.skill
                     for s in range(60))
    assert firsts["lacks"] > 3 * firsts["must"]


def test_skill_mastery_needs_enough_recent_right_answers() -> None:
    assert skill_mastery([], "fits").level == "new"
    assert skill_mastery([Answer("fits", True)] * 4, "fits").level == "learning"
    five = skill_mastery([Answer("fits", True)] * 5, "fits")
    assert five.level == "mastered" and five.share == 1.0
    history = [Answer("fits", False)] * 20 + [Answer("fits", True)] * 8 + [Answer("fits", False)] * 2
    late = skill_mastery(history, "fits")
    assert (late.answered, late.right, late.level) == (10, 8, "mastered")
    assert skill_mastery(history + [Answer("fits", False)], "fits").level == "learning"
    assert skill_mastery([Answer("where", True)] * 9, "fits").level == "new"


def test_lesson_mastery_pools_the_lesson_skills() -> None:
    answers = [Answer("must", True)] * 6 + [Answer("lacks", True)] * 4 + [Answer("lacks", False)] * 2
    lessons = lesson_mastery(answers)
    assert {s.skill for s in lessons["pasa"].skills} == {s.id for s in skills_of_lesson("pasa")} >= {"must", "lacks"}
    assert lessons["pasa"].level == "learning" and lessons["pasa"].answered == 12
    assert lessons["pasa"].share == pytest.approx(10 / 12)
    assert lessons["capicu"].level == "new" and lessons["capicu"].share is None
    everything = [Answer(skill, True) for skill in mastery([]) for _ in range(5)]
    assert all(lesson.level == "mastered" for lesson in lesson_mastery(everything).values())
    assert set(lesson_mastery([])) >= {"pegar", "pasa", "salida", "konta", "tranque", "capicu", "partida", "pila"}
