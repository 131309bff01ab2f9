"""The daily plan: FSRS moves a card the right way (a right answer later than a wrong one, a wrong one due soon),
today's five put the most overdue first and then new items, and the cards are stored with the answers and puzzle
attempts of signed-in learners (never of guests), read back, and removed with the learner."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import sqlalchemy as sa
from fsrs import Card

from app.storage.accounts import SchoolSettings
from app.storage.accounts_sql import SqlAccounts, delete_learner
from app.storage.classes_sql import SqlClassBook
from app.storage.progress import Answer, Learner
from app.storage.progress_sql import SqlProgressStore, review_cards, write_transaction
from app.storage.puzzle_ratings import SqlPuzzleRatings
from app.storage.rounds_sql import SqlRounds
from lessons import load_library
from practice import question_from_code
from practice.plan import STEP, Item, new_items, review, skill_item, theme_items, todays_plan
from practice.puzzles import load_puzzles
from practice.rounds import Item as RoundItem
from practice.rounds import Settings

NOW = datetime(2026, 12, 6, 12, 0, tzinfo=UTC)


def test_a_right_answer_pushes_the_card_later_than_a_wrong_one() -> None:
    right, wrong = review(None, True, NOW), review(None, False, NOW)
    assert right.due > wrong.due
    assert right.due - NOW >= timedelta(days=1)  # a daily plan: a right answer is not back the same day
    assert wrong.due - NOW <= STEP  # a wrong answer is due again soon


def test_answers_keep_moving_the_card_the_right_way() -> None:
    first = review(None, True, NOW)
    again_right = review(first.card, True, first.due)
    again_wrong = review(first.card, False, first.due)
    assert again_right.due - first.due > first.due - NOW  # the interval grows with each right answer
    assert again_wrong.due - first.due <= STEP  # a lapse brings it back soon
    assert Card.from_json(again_right.card).due == again_right.due  # what is stored says the same due time


def test_a_late_replayed_answer_counts_at_the_cards_last_review() -> None:
    first = review(None, True, NOW)
    replayed = review(first.card, False, NOW - timedelta(hours=3))
    assert replayed.due == NOW + STEP


def test_todays_five_puts_the_most_overdue_first_then_new_items() -> None:
    due = {skill_item("fits"): NOW - timedelta(hours=1), skill_item("lacks"): NOW - timedelta(days=2),
           skill_item("must"): NOW + timedelta(days=3), theme_items(["capicu"])[0]: NOW}
    plan = todays_plan(due, NOW, new_items())
    assert plan[:3] == (skill_item("lacks"), skill_item("fits"), Item("theme", "capicu"))
    assert len(plan) == 5 and all(item not in due for item in plan[3:])  # filled up with items never seen
    assert skill_item("must") not in plan  # not due, and there are new items to fill with


def test_todays_five_when_everything_was_seen_takes_the_soonest_due() -> None:
    items = new_items()
    due = {item: NOW + timedelta(days=number + 1) for number, item in enumerate(reversed(items))}
    assert todays_plan(due, NOW, items) == tuple(reversed(items))[:5]


def test_an_unknown_item_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown skill 'juggling'"):
        skill_item("juggling")
    with pytest.raises(ValueError, match="kind"):
        Item("lesson", "pegar")


@pytest.fixture
def url(tmp_path: Path) -> str:
    """A fresh SQLite progress database."""
    return f"sqlite:///{tmp_path / 'progress.db'}"


def test_practice_answers_of_a_signed_in_learner_are_stored_as_cards_and_read_back(url: str) -> None:
    store = SqlProgressStore.from_url(url)
    ana = Learner("Ana", "5B", "m:ana")
    store.add_learner(ana)
    assert store.plan(ana) == {}
    store.record_answer(ana, Answer("fits", "fits-17", True, NOW))
    store.record_answer(ana, Answer("lacks", "lacks-4821", False, NOW))
    plan = SqlProgressStore.from_url(url).plan(ana)  # read back through another store, as another server would
    assert plan == {skill_item("fits"): review(None, True, NOW).due, skill_item("lacks"): NOW + STEP}
    assert todays_plan(plan, NOW + timedelta(hours=1), new_items())[0] == skill_item("lacks")
    with store.engine.connect() as conn:
        stored = conn.scalar(sa.select(review_cards.c.card).where(review_cards.c.item == "fits"))
    assert stored == review(None, True, NOW).card  # the card as fsrs serialises it


def test_a_guests_answers_keep_no_cards(url: str) -> None:
    store = SqlProgressStore.from_url(url)
    guest = Learner("guest", key="g:abc", guest=True)
    store.add_learner(guest)
    store.record_answer(guest, Answer("fits", "fits-17", True, NOW))
    assert len(store.load(guest).answers) == 1 and store.plan(guest) == {}


def test_a_puzzle_attempt_reviews_each_of_its_themes_and_removing_the_learner_takes_the_cards(url: str) -> None:
    store = SqlProgressStore.from_url(url)
    ana = Learner("Ana", "5B", "m:ana")
    store.add_learner(ana)
    puzzle = next(p for p in load_puzzles() if len(p.themes) >= 2)
    SqlPuzzleRatings(store.engine).attempt(ana, puzzle, False)
    plan = store.plan(ana)
    assert set(plan) == set(theme_items(puzzle.themes))
    assert all(when - datetime.now(UTC) <= STEP for when in plan.values())  # a wrong attempt: due soon
    with write_transaction(store.engine) as conn:
        delete_learner(conn, ana.key)  # the foreign key would refuse it if the cards stayed
    with store.engine.connect() as conn:
        assert conn.scalar(sa.select(sa.func.count()).select_from(review_cards)) == 0


def test_an_answer_of_a_skill_the_app_no_longer_has_is_kept_without_a_card(url: str) -> None:
    store = SqlProgressStore.from_url(url)
    ana = Learner("Ana", "5B", "m:ana")
    store.add_learner(ana)
    store.record_answer(ana, Answer("who-leads", "lead-3", False, NOW))
    assert len(store.load(ana).answers) == 1 and store.plan(ana) == {}


def test_a_live_round_answer_reviews_the_card_of_its_skill(url: str) -> None:
    rounds = SqlRounds.from_url(url, load_library().lesson)
    book = SqlClassBook.from_url(url)
    teacher = SqlAccounts.from_url(url, SchoolSettings()).sign_up("Ms Rosa", "tiles on the table at noon")
    mine = book.create("5B", teacher)
    issued = book.add_learners(mine, ["Ana"])[0]
    ana = Learner(issued.nickname, mine.code, issued.key)
    made = rounds.start(mine.code, teacher.id, [RoundItem.code("must-12")], Settings(0))
    (right,) = question_from_code("must-12").correct
    rounds.answer(made.id, ana, 0, right)
    plan = SqlProgressStore(rounds.engine).plan(ana)
    assert list(plan) == [skill_item("must")] and plan[skill_item("must")] > datetime.now(UTC) + timedelta(days=1)


def test_a_guest_who_signs_in_brings_their_answers_into_the_plan(url: str) -> None:
    accounts = SqlAccounts.from_url(url, SchoolSettings())
    store = SqlProgressStore(accounts.engine)
    guest = accounts.new_guest()
    store.record_answer(guest, Answer("lacks", "lacks-4821", False, NOW))
    assert store.plan(guest) == {}  # a guest keeps no plan
    ana = Learner("Ana", "5B", "m:ana")
    store.add_learner(ana)
    accounts.carry_over(guest, ana)
    assert store.plan(ana) == {skill_item("lacks"): NOW + STEP}
