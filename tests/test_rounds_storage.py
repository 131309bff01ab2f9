"""Live rounds in storage, on SQLite and on a real PostgreSQL server: start, answer, the count and the tally, the
reveal when everyone there answered, next / pause / end, refusals (closed, doubled, not in the class, a removed
learner, not an option, a stale press), answers counted in mastery, and answers racing from many threads; a
tap-to-play question's moves (an illegal one refused with the engine's reason and not kept, a forged index)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
import sqlalchemy as sa

from app.storage.accounts import SchoolSettings
from app.storage.accounts_sql import SqlAccounts
from app.storage.classes_sql import SqlClassBook
from app.storage.progress import Learner
from app.storage.progress_sql import SqlProgressStore, live_rounds, round_answers
from app.storage.rounds_sql import Count, Given, SqlRounds
from engine import parse_move
from lessons import load_library
from practice import mastery, question_from_code
from practice.rounds import Item, RoundRefused, Settings

LIBRARY = load_library()
CODES = ("must-12", "lacks-4821")


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'progress.db'}"
    return request.getfixturevalue("postgres_server").create_database()


@pytest.fixture
def rounds(url: str) -> Iterator[SqlRounds]:
    made = SqlRounds.from_url(url, LIBRARY.lesson)
    yield made
    made.engine.dispose()


@pytest.fixture
def school(url: str, rounds: SqlRounds):
    """A teacher, a class of three and a learner of another class."""
    book = SqlClassBook.from_url(url)
    teacher = SqlAccounts.from_url(url, SchoolSettings()).sign_up("Ms Rosa", "tiles on the table at noon")
    mine = book.create("5B", teacher)
    other = book.create("6C", teacher)
    issued = book.add_learners(mine, ["Ana", "Ben", "Cy"])
    stranger = book.add_learners(other, ["Dee"])[0]
    pupils = [Learner(i.nickname, mine.code, i.key) for i in issued]
    yield book, teacher, mine, pupils, Learner(stranger.nickname, other.code, stranger.key)
    book.engine.dispose()


def right_and_wrong(code: str) -> tuple[int, int]:
    question = question_from_code(code)
    (right,) = question.correct
    return right, next(i for i in range(len(question.options)) if i != right)


def start(rounds: SqlRounds, school, seconds: int = 0, codes=CODES):
    _book, teacher, mine, _pupils, _stranger = school
    return rounds.start(mine.code, teacher.id, [Item.code(code) for code in codes], Settings(seconds))


def test_a_round_starts_open_and_every_phone_reads_it(rounds: SqlRounds, school) -> None:
    made = start(rounds, school)
    found = rounds.current(school[2].code)
    assert found == made
    assert (found.number, found.phase, found.item) == (0, "open", Item.code("must-12"))
    assert rounds.current(school[4].class_code) is None  # another class has no round


def test_answers_are_counted_tallied_and_reveal_when_everyone_there_answered(rounds: SqlRounds, school) -> None:
    pupils = school[3]
    made = start(rounds, school)
    right, wrong = right_and_wrong("must-12")
    for pupil in pupils:
        rounds.join(made, pupil)
    rounds.join(made, pupils[0])  # a reload joins again: counted once
    assert rounds.count(made).present == 3
    assert rounds.answer(made.id, pupils[0], 0, right).right is True
    assert rounds.answer(made.id, pupils[1], 0, wrong).right is False
    assert rounds.count(made).answered == 2
    assert rounds.current(made.class_code).phase == "open"
    rounds.answer(made.id, pupils[2], 0, right)
    revealed = rounds.current(made.class_code)
    assert revealed.phase == "revealed" and revealed.version == made.version + 1
    picks = rounds.picks(revealed)
    assert sorted(picks) == sorted([right, wrong, right])
    assert rounds.mine(made.id, pupils[1].key)[0].option == wrong


def test_refusals_leave_nothing_recorded(rounds: SqlRounds, school) -> None:
    book, _teacher, mine, pupils, stranger = school
    made = start(rounds, school)
    for pupil in pupils:
        rounds.join(made, pupil)
    right, _wrong = right_and_wrong("must-12")
    rounds.answer(made.id, pupils[0], 0, right)
    refusals = [
        (lambda: rounds.answer(made.id, pupils[0], 0, right), "answered"),  # doubled
        (lambda: rounds.answer(made.id, stranger, 0, right), "not_in_class"),
        (lambda: rounds.answer(made.id, pupils[1], 0, 17), "not_an_option"),
        (lambda: rounds.answer(made.id, pupils[1], 1, right), "closed"),  # not the question under way
    ]
    for attempt, code in refusals:
        with pytest.raises(RoundRefused) as refused:
            attempt()
        assert refused.value.code == code
    assert book.remove(pupils[2].key, mine)
    with pytest.raises(RoundRefused) as refused:
        rounds.answer(made.id, pupils[2], 0, right)
    assert refused.value.code == "not_in_class"
    rounds.act(made.id, "reveal")
    with pytest.raises(RoundRefused) as refused:
        rounds.answer(made.id, pupils[1], 0, right)  # answered after the reveal
    assert refused.value.code == "revealed"
    with pytest.raises(RoundRefused) as refused:
        rounds.answer(made.id, pupils[0], 0, right)  # doubled after the reveal: it is the learner's own answer
    assert refused.value.code == "answered"
    with rounds.engine.connect() as conn:
        given = conn.scalar(sa.select(sa.func.count()).select_from(round_answers).where(round_answers.c.number >= 0))
    assert given == 1


def test_answers_count_in_mastery_and_the_class_record(rounds: SqlRounds, school, url: str) -> None:
    book, _teacher, mine, pupils, _stranger = school
    made = start(rounds, school)
    right, _wrong = right_and_wrong("must-12")
    rounds.answer(made.id, pupils[0], 0, right)
    progress = SqlProgressStore.from_url(url).load(pupils[0])
    assert [(a.skill, a.code, a.correct) for a in progress.answers] == [("must", "must-12", True)]
    assert mastery(progress.answers)["must"].answered == 1
    report = book.report(mine)
    ana = next(learner for learner in report.learners if learner.key == pupils[0].key)
    assert ana.answers["must"] == (1, 1)


def test_next_pause_end_and_a_stale_press(rounds: SqlRounds, school) -> None:
    made = start(rounds, school, seconds=30)
    paused = rounds.act(made.id, "pause", made.version)
    assert paused.phase == "paused"
    with pytest.raises(RoundRefused) as refused:
        rounds.act(made.id, "next", made.version)  # pressed on the round as it was before the pause
    assert refused.value.code == "stale"
    right, _ = right_and_wrong("must-12")
    with pytest.raises(RoundRefused) as refused:
        rounds.answer(made.id, school[3][0], 0, right)
    assert refused.value.code == "paused"
    second = rounds.act(made.id, "next", paused.version)
    assert (second.number, second.phase) == (1, "open")
    over = rounds.act(made.id, "next")
    assert over.phase == "over"
    assert rounds.current(made.class_code).phase == "over"  # shown a while after it ended
    with pytest.raises(RoundRefused) as refused:
        rounds.answer(made.id, school[3][0], 1, 0)
    assert refused.value.code == "closed"


def test_a_countdown_run_out_is_revealed_by_the_first_reader(rounds: SqlRounds, school) -> None:
    made = start(rounds, school, seconds=5)
    with rounds.engine.begin() as conn:  # five seconds and more went by
        conn.execute(live_rounds.update().where(live_rounds.c.id == made.id)
                     .values(phase_at=made.phase_at - timedelta(seconds=6)))
    found = rounds.current(made.class_code)
    assert found.phase == "revealed" and found.version == made.version + 1
    assert rounds.current(made.class_code).version == found.version  # the next reader changes nothing


def test_a_new_round_ends_the_one_running(rounds: SqlRounds, school) -> None:
    first = start(rounds, school)
    second = start(rounds, school, codes=("lacks-4821",))
    assert rounds.get(first.id).phase == "over"
    assert rounds.current(second.class_code).id == second.id


def test_a_lesson_question_round(rounds: SqlRounds, school) -> None:
    _book, teacher, mine, pupils, _ = school
    made = rounds.start(mine.code, teacher.id, [Item.lesson_step("salida", 3)], Settings())
    step = LIBRARY.lesson("salida").steps[2]
    right = [option.value for option in step.options].index(step.answer)
    assert rounds.answer(made.id, pupils[0], 0, right).right is True
    with pytest.raises(RoundRefused):
        rounds.start(mine.code, teacher.id, [Item.lesson_step("salida", 1)], Settings())  # a text step


def test_answers_racing_from_many_threads_are_each_recorded_once(rounds: SqlRounds, school) -> None:
    book, _teacher, mine, pupils, _ = school
    more = [Learner(i.nickname, mine.code, i.key) for i in book.add_learners(mine, [f"P{n}" for n in range(12)])]
    everyone = [*pupils, *more]
    made = start(rounds, school)
    for pupil in everyone:
        rounds.join(made, pupil)
    right, _ = right_and_wrong("must-12")
    refused: list[str] = []

    def answer(pupil: Learner) -> None:
        for _twice in range(2):  # every phone answers twice at once
            try:
                rounds.answer(made.id, pupil, 0, right)
            except RoundRefused as no:
                refused.append(no.code)

    threads = [threading.Thread(target=answer, args=(pupil,)) for pupil in everyone]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(set(refused)) == ["answered"] and len(refused) == len(everyone)
    assert len(rounds.picks(rounds.get(made.id))) == len(everyone)
    assert rounds.current(made.class_code).phase == "revealed"  # the last one there to answer revealed it


def _answers_kept(rounds: SqlRounds) -> list[tuple[str, str, bool]]:
    with rounds.engine.connect() as conn:
        rows = conn.execute(sa.select(round_answers.c.learner_key, round_answers.c.answer, round_answers.c.right)
                            .where(round_answers.c.number >= 0)
                            .order_by(round_answers.c.answered_at, round_answers.c.learner_key)).all()
    return [(row[0], row[1], bool(row[2])) for row in rows]


def test_a_tap_to_play_round_keeps_each_legal_move_once_and_refuses_the_rest(rounds: SqlRounds, school,
                                                                           url: str) -> None:
    _book, teacher, mine, pupils, stranger = school
    made = rounds.start(mine.code, teacher.id, [Item.lesson_step("pegar", 4)], Settings())
    for pupil in pupils:
        rounds.join(made, pupil)
    ana, ben, cy = pupils
    # an illegal move: the engine's reason, nothing kept, and Ana may try again
    with pytest.raises(RoundRefused) as refused:
        rounds.answer(made.id, ana, 0, parse_move("plays 6-6 right"))
    assert refused.value.code == "illegal" and refused.value.error.code == "no-match"
    assert _answers_kept(rounds) == []
    # a legal move that is not the step's: kept as its place among the engine's legal moves, wrong
    given = rounds.answer(made.id, ana, 0, parse_move("plays 5-4 left"))
    assert (given.option, given.right) == (1, False)
    assert rounds.answer(made.id, ben, 0, parse_move("plays 5-2 right")).right is True
    refusals = [
        (lambda: rounds.answer(made.id, ana, 0, parse_move("plays 5-2 right")), "answered"),  # a second answer
        (lambda: rounds.answer(made.id, ana, 0, parse_move("plays 6-6 right")), "answered"),  # even an illegal one
        (lambda: rounds.answer(made.id, stranger, 0, parse_move("plays 5-2 right")), "not_in_class"),
        (lambda: rounds.answer(made.id, cy, 0, 3), "not_an_option"),  # a forged move index
        (lambda: rounds.answer(made.id, cy, 0, -1), "not_an_option"),
    ]
    for attempt, code in refusals:
        with pytest.raises(RoundRefused) as refused:
            attempt()
        assert refused.value.code == code
    assert rounds.picks(rounds.get(made.id)) in ((1, 2), (2, 1))
    assert rounds.count(rounds.get(made.id)) == Count(2, 3)
    rounds.act(made.id, "reveal")
    with pytest.raises(RoundRefused) as refused:
        rounds.answer(made.id, cy, 0, parse_move("plays 5-2 right"))  # after the question closed
    assert refused.value.code == "revealed"
    assert sorted(_answers_kept(rounds)) == sorted([(ana.key, "1", False), (ben.key, "2", True)])
    assert rounds.mine(made.id, ana.key)[0] == Given(0, 1, False)
    # a lesson step counts in no practice skill: nothing in the learners' practice answers
    assert SqlProgressStore.from_url(url).load(ana).answers == ()


def test_a_tap_to_play_round_reveals_when_everyone_there_played(rounds: SqlRounds, school) -> None:
    _book, teacher, mine, pupils, _stranger = school
    made = rounds.start(mine.code, teacher.id, [Item.lesson_step("dobles", 5)], Settings())
    for pupil in pupils[:2]:
        rounds.join(made, pupil)
    assert rounds.answer(made.id, pupils[0], 0, parse_move("plays 6-3 left")).right is True
    assert rounds.answer(made.id, pupils[1], 0, parse_move("plays 6-3 right")).right is True  # both ways count
    assert rounds.current(mine.code).phase == "revealed"
