"""Practice questions: for every skill and many seeds the right answer is the engine's and every wrong option is
really wrong, asked of the engine again here; every text exists in every language; links follow the coverage map."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Draw, Match, Pass, Play, Position, Tile
from lessons import Coverage, Library
from practice import SKILL_IDS, SKILLS, Question, generate, get_skill
from wording.texts import Message, Ref

SEEDS = range(200)


def _questions(skill: str) -> list[Question]:
    return [generate(skill, seed) for seed in SEEDS]


def _wrong(question: Question) -> list[Any]:
    return [c.value for i, c in enumerate(question.options) if i not in question.correct]


def _right(question: Question) -> list[Any]:
    return [c.value for i, c in enumerate(question.options) if i in question.correct]


def _one_right(question: Question, expected: Any) -> None:
    assert _right(question) == [expected], question.code
    assert expected not in _wrong(question), question.code
    assert len(_wrong(question)) >= 1, question.code


def test_fits_agrees_with_the_engine() -> None:
    for q in _questions("fits"):
        assert q.multiple and q.viewer == q.position.to_move and q.position.outcome is None
        assert [c.value for c in q.options] == list(q.position.hands[q.viewer])
        for i, choice in enumerate(q.options):
            assert bool(q.position.moves_for(choice.value)) == (i in q.correct), q.code
        assert 0 < len(q.correct) < len(q.options)


def _where(position: Position, tile: Tile) -> str:
    ends = {move.end for move in position.moves_for(tile)}
    return {frozenset(): "nowhere", frozenset({"left"}): "left", frozenset({"right"}): "right"}.get(
        frozenset(ends), "both")


def test_where_agrees_with_the_engine() -> None:
    seen = set()
    for q in _questions("where"):
        tile = q.about("tile")
        assert tile in q.position.hands[q.viewer] and q.viewer == q.position.to_move
        _one_right(q, _where(q.position, tile))
        seen.add(_where(q.position, tile))
    assert seen == {"left", "right", "both", "nowhere"}


def test_must_agrees_with_the_engine() -> None:
    seen = set()
    for q in _questions("must"):
        position = q.position
        legal = {
            "play": any(isinstance(m, Play) for m in position.legal_moves()),
            "draw": position.is_legal(Draw()),
            "pass": position.is_legal(Pass()),
        }
        assert [value for value, ok in legal.items() if ok] == _right(q), q.code
        assert not any(legal[value] for value in _wrong(q))
        seen.add((position.rules.name, _right(q)[0]))
    assert seen == {("one_vs_one", "play"), ("one_vs_one", "draw"), ("one_vs_one", "pass"),
                    ("partnership", "play"), ("partnership", "pass")}


def test_lacks_agrees_with_the_engine() -> None:
    for q in _questions("lacks"):
        seat = q.about("seat")
        assert seat != q.viewer and q.position.history[-1].seat == seat
        _one_right(q, tuple(sorted(q.position.known_lacks(seat))))
        assert q.notes, q.code


def test_lead_agrees_with_the_engine() -> None:
    kinds = set()
    for q in _questions("lead"):
        subject = dict(q.subject)
        if "lot" in subject:
            lot, index = subject["lot"], subject["round"]
            for turned in lot.rounds[:-1]:  # every round but the last was a tie at the top
                assert sorted(t.pips for t in turned)[-1] == sorted(t.pips for t in turned)[-2]
            _one_right(q, lot.leader if index == len(lot.rounds) - 1 else "again")
            kinds.add("lot-tie" if index < len(lot.rounds) - 1 else "lot")
        elif q.position.outcome is None:
            assert q.position.first_hand and q.position.legal_moves() == [Play(Tile(6, 6))]
            holder = q.position.to_move
            assert all(Tile(6, 6) not in q.position.hands[seat] for seat in _wrong(q))
            _one_right(q, holder)
            kinds.add("first")
        else:
            match = Match(q.position.rules)
            match.record(q.position.outcome)
            _one_right(q, match.next_leader)
            kinds.add(q.position.outcome.reason)
    assert kinds == {"first", "lot", "lot-tie", "domino", "blocked"}


def test_count_agrees_with_the_engine() -> None:
    kinds = set()
    for q in _questions("count"):
        outcome = q.position.outcome
        assert outcome is not None and outcome.reason == "domino"
        _one_right(q, outcome.points)
        if q.position.rules.uses_stock:
            loser = 1 - outcome.seat
            assert q.position.drawn_tiles(loser), "1-vs-1 count questions have drawn tiles to count"
        kinds.add((q.position.rules.name, q.position.rules.count))
    assert kinds == {("one_vs_one", "all"), ("partnership", "all"), ("partnership", "losers")}


def test_tranque_agrees_with_the_engine() -> None:
    ties = 0
    for q in _questions("tranque"):
        outcome = q.position.outcome
        assert outcome is not None and outcome.reason == "blocked"
        _one_right(q, (outcome.winner, outcome.points))
        ties += outcome.winner is None
        ends = q.position.ends
        assert ends[0] == ends[1] and sum(t.has(ends[0]) for t in q.position.line) == 7
    assert 30 < ties < 150


def test_capicu_agrees_with_the_engine() -> None:
    seen = set()
    for q in _questions("capicu"):
        tile = q.about("tile")
        assert q.position.hands[q.viewer] == (tile,) and q.viewer == q.position.to_move
        moves = q.position.moves_for(tile)
        outcomes = [q.position.apply(move).outcome for move in moves]
        if not moves:
            expected = "none"
        elif any(o.capicu for o in outcomes):
            expected = "capicu"
        elif len(moves) == 2:
            expected = "either"
        else:
            expected = moves[0].end
        assert all(o.reason == "domino" for o in outcomes)
        _one_right(q, expected)
        seen.add(expected)
    assert seen == {"capicu", "either", "left", "right", "none"}


def test_score_agrees_with_the_engine() -> None:
    seen = set()
    for q in _questions("score"):
        match = Match(q.about("rules"))
        for outcome in q.about("outcomes"):
            match.record(outcome)
        assert q.position.outcome == match.outcomes[-1]
        _one_right(q, (match.scores, match.winner, match.sapatu))
        seen.add("sapatu" if match.sapatu else "won" if match.is_over else "on")
    assert seen == {"on", "won", "sapatu"}


@pytest.mark.parametrize("skill", SKILL_IDS)
def test_questions_are_well_formed(skill: str, lesson_coverage: Coverage, library: Library) -> None:
    facts = {fact.id: fact.steps for fact in lesson_coverage.facts}
    for seed in range(60):
        q = generate(skill, seed)
        values = [c.value for c in q.options]
        assert len(values) == len(set(map(repr, values))) >= 2, q.code
        assert q.correct and (q.multiple or len(q.correct) == 1)
        assert q.fact in get_skill(skill).facts and q.link in facts[q.fact]
        taught = library.lesson(q.lesson).step(q.step)  # the review link opens the step that teaches it
        assert taught.interactive and not taught.drill, q.code
        view = q.table_view()
        assert view["hint"] is False and view["viewer"] == q.viewer


def _keys(value: Any) -> set[str]:
    if isinstance(value, Message):
        return {value.key} | {k for _, arg in value.args for k in _keys(arg)}
    if isinstance(value, Ref):
        return {value.key}
    if isinstance(value, tuple):
        return {k for item in value for k in _keys(item)}
    return set()


@pytest.mark.parametrize("skill", SKILL_IDS)
def test_every_text_exists_and_renders_in_every_language(skill: str, library: Library) -> None:
    texts = library.texts
    for seed in range(40):
        q = generate(skill, seed)
        messages = (q.prompt, q.reason, *(c.label for c in q.options), *q.notes, *q.describe())
        for lang in texts.languages:
            for message in messages:
                assert all(texts.find(lang, key) for key in _keys(message)), (q.code, lang, _keys(message))
                text = texts.render(message, lang)
                assert "{" not in text and "[" not in text, (q.code, lang, text)


def test_every_skill_has_a_title_and_a_lesson(library: Library) -> None:
    lessons = {lesson.id for lesson in library.lessons}
    for skill in SKILLS:
        assert skill.lesson in lessons and set(skill.lessons) <= lessons
        assert all(library.texts.find(lang, skill.title) for lang in library.texts.languages)
