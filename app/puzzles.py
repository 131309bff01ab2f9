"""The Puzzles page's logic, apart from the screen: the puzzles loaded once, a learner's move judged with the coach's
words (why the answer is better, what every choice is worth), the attempt rated and kept where the learner's ratings
live, a visitor's attempts counted for the learner who signs in, and the next puzzle chosen near the learner's
rating."""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from functools import cache

from app.state import Taps, Visit, tab_state
from app.storage.progress import Learner
from app.storage.progress_sql import DATABASE_ERRORS
from app.storage.puzzle_ratings import PuzzleRatings, SessionPuzzleRatings, open_puzzle_ratings
from engine import Move, Play, Position, Tile, parse_move
from play.choices import same_choice
from play.coach import Remark, move_words, why_better
from practice.puzzle_choice import next_puzzle, puzzle_of_the_day, recently_solved, with_themes
from practice.puzzle_rating import Rating
from practice.puzzles import THEMES, Puzzle, load_puzzles
from wording import Message

log = logging.getLogger(__name__)

STATE_KEY = "puzzles"  # the tab's `PuzzleState` in the session


@cache
def puzzles() -> tuple[Puzzle, ...]:
    """Every stored puzzle, replayed and checked once per server process."""
    return load_puzzles()


def themes_present() -> tuple[str, ...]:
    """The themes some puzzle is about, in the order `practice.puzzles.THEMES` lists them."""
    found = {theme for puzzle in puzzles() for theme in puzzle.themes}
    return tuple(theme for theme in THEMES if theme in found)


def today() -> date:
    """The date the puzzle of the day goes by: the same for everyone (UTC)."""
    return datetime.now(UTC).date()


@dataclass(frozen=True)
class Row:
    """One choice the seat had: the play in the coach's words, its expected points for the seat's side (from the
    puzzle's stored analysis), and whether it is the answer and the learner's move."""

    move: Message
    points: float
    answer: bool
    chosen: bool


@dataclass(frozen=True)
class Judgement:
    """A learner's move on a puzzle: solved or not, the coach's reason the answer is better (than the learner's move,
    or when solved than the next best choice), and every choice with its expected points, best first."""

    move: Move
    solved: bool
    reason: Remark | None
    rows: tuple[Row, ...]


def judge(puzzle: Puzzle, move: Move) -> Judgement:
    """Judge a legal move of the puzzle's seat: the facts come from play/ (which plays are one choice, the coach's
    reason), the points from the puzzle's stored values."""
    view = puzzle.view
    answer = puzzle.answer_move
    values = [(_play(text), points) for text, points in puzzle.values]
    chosen = next((option for option, _ in values if same_choice(view, option, move)), None)
    solved = chosen is not None and same_choice(view, answer, move)
    rows = tuple(Row(move_words(view, option), points, option == answer, option == chosen)
                 for option, points in values)
    worth = dict(values)
    reason = None
    if isinstance(answer, Play):
        other = values[1][0] if solved and len(values) > 1 else chosen
        if isinstance(other, Play) and other != answer:
            reason = why_better(view, answer, other, worth[answer] - worth[other])
    return Judgement(move, solved, reason, rows)


def _play(text: str) -> Play:
    """A stored choice as a play (a puzzle's choices are all plays: a seat that may draw or pass has no choice)."""
    move = parse_move(text)
    if not isinstance(move, Play):
        raise ValueError(f"a puzzle's choice {text!r} is not a play")
    return move


@dataclass
class Rated:
    """What an attempt did to the ratings: the learner's before and after, the puzzle's after."""

    before: Rating
    after: Rating
    puzzle: Rating


@dataclass
class PuzzleState:
    """The page's memory between runs: the puzzle on show (and the date, if it is the puzzle of the day), the lifted
    tile, the taps' bookkeeping, the engine's refusal of a move, the judgement of the answer and what it did to the
    ratings, an answer still to rate, the address code already taken in, and a visitor's ratings."""

    puzzle: Puzzle | None = None
    daily: date | None = None
    selected: Tile | None = None
    taps: Taps = field(default_factory=Taps)
    error: Message | None = None
    judgement: Judgement | None = None
    rated: Rated | None = None
    pending: bool = False
    code_read: str | None = None
    visitor: SessionPuzzleRatings | None = None
    not_saved: bool = False  # the database failed during the visit: ratings go on in the visit

    @property
    def position(self) -> Position | None:
        """The table on show: the puzzle's, or after the learner's move once answered."""
        if self.puzzle is None:
            return None
        if self.judgement is not None:
            return self.puzzle.position.apply(self.judgement.move)
        return self.puzzle.position

    def show(self, puzzle: Puzzle, daily: date | None = None) -> None:
        """Put ``puzzle`` on show, nothing lifted, answered or refused."""
        self.puzzle, self.daily = puzzle, daily
        self.selected = self.error = self.judgement = self.rated = None
        self.pending = False
        self.taps.clear()


def page_state() -> PuzzleState:
    """This tab's Puzzles page state (made on first use)."""
    return tab_state(STATE_KEY, PuzzleState)


def carry_visit(visit: Visit, learner: Learner) -> None:
    """A visitor signs in with their code: the puzzles answered during the visit count for ``learner``. The visit's
    results (each judged by the server when answered) are replayed into the learner's stored rating, never the
    visit's rating number; the new rating is said. Without a database the visit's ratings go on in the visit."""
    state = page_state()
    visitor = state.visitor
    results = visitor.results() if visitor is not None else ()
    store = open_puzzle_ratings() if results else None
    if store is None:
        return
    known = {puzzle.id: puzzle for puzzle in puzzles()}
    try:
        rating, counted = store.replay(learner, [(known[code], solved) for code, solved in results if code in known])
    except DATABASE_ERRORS:
        _failed(state)
        return
    state.visitor = state.rated = None  # the learner's stored rating is the one shown from now on
    if counted:
        visit.place.notices.append(Message.of("signin.puzzles_carried", count=counted, rating=rating.shown))


def forget_visit() -> None:
    """At sign-out: the visit's puzzle ratings are forgotten with the rest (the next learner starts from nothing)."""
    state = page_state()
    state.visitor = state.rated = None


def ratings(visit: Visit, state: PuzzleState) -> PuzzleRatings:
    """Where this visit's ratings live: the database for a signed-in learner (while it works), else the visit."""
    if visit.account.signed_in and not state.not_saved:
        found = open_puzzle_ratings()
        if found is not None:
            return found
    if state.visitor is None:
        state.visitor = SessionPuzzleRatings(_server_ratings())
    return state.visitor


def _server_ratings() -> dict[str, Rating]:
    """The puzzles' ratings on the server, for a visitor to start from (none when there is no database)."""
    found = open_puzzle_ratings()
    if found is None:
        return {}
    try:
        return found.puzzles(puzzles())
    except DATABASE_ERRORS:
        log.warning("puzzle ratings could not be read; a visitor starts from the first guesses", exc_info=True)
        return {}


def learner_rating(visit: Visit, state: PuzzleState) -> Rating:
    """The learner's puzzle rating now."""
    try:
        return ratings(visit, state).learner(visit.account.learner)
    except DATABASE_ERRORS:
        _failed(state)
        return ratings(visit, state).learner(visit.account.learner)


def settle(visit: Visit, state: PuzzleState) -> None:
    """Rate and keep the answer given since the last run (done in the page's run, not in a widget callback, so a
    removed learner is signed out as on every page)."""
    if not state.pending or state.puzzle is None or state.judgement is None:
        return
    state.pending = False
    learner, solved = visit.account.learner, state.judgement.solved
    try:
        store = ratings(visit, state)
        before = store.learner(learner)
        after, puzzle_after = store.attempt(learner, state.puzzle, solved)
    except DATABASE_ERRORS:
        _failed(state)
        store = ratings(visit, state)
        before = store.learner(learner)
        after, puzzle_after = store.attempt(learner, state.puzzle, solved)
    state.rated = Rated(before, after, puzzle_after)


def _failed(state: PuzzleState) -> None:
    log.warning("puzzle ratings database failed; this visit's ratings stay in the visit", exc_info=True)
    state.not_saved = True


def choose_next(visit: Visit, state: PuzzleState, themes: Sequence[str], rng: random.Random) -> Puzzle | None:
    """The next puzzle about ``themes`` (any, when empty) near the learner's rating, none they solved lately nor
    the one on show; None when no puzzle is about those themes."""
    pool = with_themes(puzzles(), themes)
    try:
        store = ratings(visit, state)
        learner = store.learner(visit.account.learner)
        rated = store.puzzles(pool)
        avoid = set(recently_solved(store.attempts(visit.account.learner)))
    except DATABASE_ERRORS:
        _failed(state)
        return choose_next(visit, state, themes, rng)
    if state.puzzle is not None:
        avoid.add(state.puzzle.id)
    return next_puzzle(pool, learner, lambda puzzle: rated[puzzle.id], avoid, rng)


def daily_puzzle(day: date | None = None) -> Puzzle:
    """The puzzle of the day (today's by default)."""
    return puzzle_of_the_day(puzzles(), day or today())


__all__ = ["STATE_KEY", "Judgement", "PuzzleState", "Rated", "Row", "carry_visit", "choose_next", "daily_puzzle",
           "forget_visit", "judge", "learner_rating", "page_state", "puzzles", "ratings", "settle", "themes_present",
           "today"]
