"""Puzzle ratings and choice: an attempt moves the learner's and the puzzle's Glicko-2 ratings the right way (the
numbers are the glicko2 package's), the next puzzle is near the learner's rating and not one solved lately, the
puzzle of the day is one a date, a code or a link opens its puzzle and anything else is refused; the ratings kept in
the database come back, a visitor's stay in the visit."""

from __future__ import annotations

import random
from datetime import date, timedelta
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

from app.pages.puzzles_page import PUZZLE_PARAM, puzzle_link
from app.storage.progress import Learner, LearnerGone
from app.storage.progress_sql import SqlProgressStore
from app.storage.puzzle_ratings import SessionPuzzleRatings, SqlPuzzleRatings
from practice.puzzle_choice import (
    PuzzleCodeError,
    find_puzzle,
    next_puzzle,
    puzzle_of_the_day,
    recently_solved,
    with_themes,
)
from practice.puzzle_rating import START_DEVIATION, Rating, first_guess, rate, updated
from practice.puzzles import load_puzzles

PUZZLES = load_puzzles()


@pytest.mark.parametrize(("learner", "puzzle"), [(Rating(), Rating()), (Rating(1300.0, 200.0), Rating(1700.0)),
                                                 (Rating(1800.0), Rating(1400.0, 120.0))])
def test_a_solve_raises_the_learner_and_lowers_the_puzzle_a_miss_the_reverse(learner: Rating, puzzle: Rating) -> None:
    won, beaten = rate(learner, puzzle, solved=True)
    assert won.rating > learner.rating and beaten.rating < puzzle.rating
    lost, held = rate(learner, puzzle, solved=False)
    assert lost.rating < learner.rating and held.rating > puzzle.rating
    for before, after in ((learner, won), (puzzle, beaten), (learner, lost), (puzzle, held)):
        assert after.deviation < before.deviation  # every attempt makes both ratings surer
        assert after.attempts == before.attempts + 1


def test_a_surprise_moves_the_ratings_more_than_the_expected() -> None:
    weak, strong = Rating(1200.0, 100.0), Rating(1800.0, 100.0)
    upset = rate(weak, strong, solved=True)[0].rating - weak.rating
    expected = rate(strong, weak, solved=True)[0].rating - strong.rating
    assert upset > expected > 0


def test_first_guesses_stay_on_the_scale_and_start_unsure() -> None:
    guesses = [first_guess(puzzle) for puzzle in PUZZLES]
    assert all(1200 <= guess.rating <= 1800 and guess.deviation == START_DEVIATION for guess in guesses)
    assert len({round(guess.rating) for guess in guesses}) > 5  # the puzzles are not all guessed alike


def test_the_next_puzzle_is_near_the_learner_and_not_one_solved_lately() -> None:
    ratings = {puzzle.id: Rating(1000.0 + 20.0 * index) for index, puzzle in enumerate(PUZZLES)}
    learner = Rating(1500.0)
    rng = random.Random(4)
    nearest = sorted(PUZZLES, key=lambda puzzle: abs(ratings[puzzle.id].rating - learner.rating))
    for _ in range(20):
        chosen = next_puzzle(PUZZLES, learner, lambda puzzle: ratings[puzzle.id], set(), rng)
        assert chosen in nearest[:3]
    solved = {puzzle.id for puzzle in nearest[:3]}
    chosen = next_puzzle(PUZZLES, learner, lambda puzzle: ratings[puzzle.id], solved, rng)
    assert chosen is not None and chosen.id not in solved and chosen in nearest[3:6]
    far = next_puzzle(PUZZLES, Rating(2200.0), lambda puzzle: ratings[puzzle.id], set(), rng)
    assert far is not None and abs(ratings[far.id].rating - 2200.0) <= 20.0  # 2180, 2200 or 2220


def test_recently_solved_counts_only_the_last_attempts_that_were_solved() -> None:
    attempts = [("a-001", True), ("b-001", False), *((f"c-{n:03}", False) for n in range(30)), ("d-001", True)]
    assert recently_solved(attempts, recent=20) == {"d-001"}
    assert recently_solved(attempts, recent=40) == {"a-001", "d-001"}


def test_the_theme_filter_keeps_puzzles_about_a_chosen_theme() -> None:
    chosen = with_themes(PUZZLES, ["block_to_win", "score_fives"])
    assert chosen and all({"block_to_win", "score_fives"} & set(puzzle.themes) for puzzle in chosen)
    assert len(chosen) < len(PUZZLES) and with_themes(PUZZLES, []) == list(PUZZLES)
    assert next_puzzle([], Rating(), first_guess, set(), random.Random(1)) is None


def test_the_puzzle_of_the_day_is_one_a_date_and_changes_with_it() -> None:
    day = date(2026, 12, 6)
    assert puzzle_of_the_day(PUZZLES, day) == puzzle_of_the_day(tuple(PUZZLES), date(2026, 12, 6))
    month = {puzzle_of_the_day(PUZZLES, day + timedelta(days=n)).id for n in range(30)}
    assert len(month) > 10


def test_every_code_and_link_opens_its_puzzle() -> None:
    for puzzle in PUZZLES:
        assert find_puzzle(PUZZLES, puzzle.id) == puzzle
        link = urlparse(puzzle_link(puzzle.id, "pap", "https://example.org/app"))
        assert link.path == "/app/puzzles"
        assert find_puzzle(PUZZLES, parse_qs(link.query)[PUZZLE_PARAM][0]) == puzzle
    assert find_puzzle(PUZZLES, "  Katsika-003\n").id == "katsika-003"


@pytest.mark.parametrize(("code", "reason"), [
    ("one_vs_one-999", "unknown"), ("katsika-000", "unknown"), ("one_vs_one-1", "shape"), ("", "shape"),
    ("<b>one_vs_one-001</b>", "shape"), ("../puzzles.json", "shape"), ("one_vs_one-001; drop table", "shape"),
])
def test_a_forged_code_is_refused_quoting_it(code: str, reason: str) -> None:
    with pytest.raises(PuzzleCodeError) as refused:
        find_puzzle(PUZZLES, code)
    assert refused.value.reason == reason and repr(code) in str(refused.value)


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh progress database: SQLite, or PostgreSQL as a school runs it."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'progress.db'}"
    return str(request.getfixturevalue("postgres_server").create_database())


def test_ratings_kept_in_the_database_come_back(url: str) -> None:
    ana = Learner("Ana", "5B", "m:ana")
    SqlProgressStore.from_url(url).add_learner(ana)
    store = SqlPuzzleRatings.from_url(url)
    first, second = PUZZLES[0], PUZZLES[1]
    after, puzzle_after = store.attempt(ana, first, solved=True)
    assert after.rating > 1500 > 0 and puzzle_after.rating < first_guess(first).rating
    store.attempt(ana, second, solved=False)
    again = SqlPuzzleRatings.from_url(url)  # another server, or the next visit
    assert again.learner(ana).attempts == 2 and again.learner(ana).rating < after.rating
    assert again.puzzles(PUZZLES)[first.id] == puzzle_after
    assert again.puzzles(PUZZLES)[PUZZLES[2].id] == first_guess(PUZZLES[2])
    assert again.attempts(ana) == ((first.id, True), (second.id, False))
    with pytest.raises(LearnerGone):
        again.attempt(Learner("Bo", "5B", "m:bo"), first, solved=True)  # no record: nothing is written


def test_a_visit_replayed_at_sign_in_rates_each_new_puzzle_once_in_order(url: str) -> None:
    ana = Learner("Ana", "5B", "m:ana")
    SqlProgressStore.from_url(url).add_learner(ana)
    store = SqlPuzzleRatings.from_url(url)
    first, second, third = PUZZLES[0], PUZZLES[1], PUZZLES[2]
    before, _ = store.attempt(ana, first, solved=False)  # answered before the visit: not counted again
    rating, counted = store.replay(ana, [(first, True), (second, True), (second, False), (third, True)])
    expected, _ = rate(before, first_guess(second), True)
    expected, _ = rate(expected, first_guess(third), True)
    assert counted == 2 and rating == expected == store.learner(ana)
    assert store.attempts(ana) == ((first.id, False), (second.id, True), (third.id, True))


def test_a_visitors_ratings_stay_in_the_visit() -> None:
    base = {PUZZLES[0].id: Rating(1600.0, 80.0)}
    visit = SessionPuzzleRatings(base)
    guest = Learner("guest", key="guest", guest=True)
    learner, puzzle = visit.attempt(guest, PUZZLES[0], solved=False)
    assert learner.rating < 1500 and puzzle.rating > 1600 and visit.learner(guest) == learner
    assert base[PUZZLES[0].id] == Rating(1600.0, 80.0)  # the server's ratings it started from are untouched
    assert not visit.persistent and visit.attempts(guest) == ((PUZZLES[0].id, False),)


def test_removing_a_learner_removes_their_puzzle_ratings_and_attempts(tmp_path: Path) -> None:
    from app.storage.accounts_sql import delete_learner
    from app.storage.progress_sql import write_transaction

    url = f"sqlite:///{tmp_path / 'progress.db'}"
    ana = Learner("Ana", "5B", "m:ana")
    SqlProgressStore.from_url(url).add_learner(ana)
    store = SqlPuzzleRatings.from_url(url)
    _, puzzle_after = store.attempt(ana, PUZZLES[0], solved=True)
    with write_transaction(store.engine) as conn:
        delete_learner(conn, ana.key)
    assert store.learner(ana) == Rating() and store.attempts(ana) == ()
    assert store.puzzles(PUZZLES)[PUZZLES[0].id] == puzzle_after  # the puzzle keeps what the attempt taught it


def test_the_rating_follows_glickmans_worked_example() -> None:
    """Glickman's own example of the Glicko-2 system (a player of 1500, deviation 200, volatility 0.06 beats a
    1400/30 and loses to a 1550/100 and a 1700/300 in one period): 1464.06, 151.52, 0.05999."""
    after = updated(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0),
                                               (Rating(1700, 300), 0.0)])
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)
    assert after.attempts == 3
