"""Where puzzle ratings are kept: a signed-in learner's, with every puzzle's and each attempt, in the progress
database (``learner_puzzle_ratings``, ``puzzle_ratings``, ``puzzle_attempts``); a visitor's in the visit only.

Ratings are worked out on the server from what the server checked (the answer the engine's puzzle holds), never
taken from a browser. An attempt is one transaction: both ratings are read under a lock, updated by
``practice.puzzle_rating.rate`` and written back, so two learners solving the same puzzle at once both count.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from app.storage.progress import Learner
from app.storage.progress_sql import (
    _INSERTS,
    DATABASE_ERRORS,
    SchemaTooNewError,
    StorageSettings,
    _now,
    _streamlit_engine,
    ensure_schema,
    key_for_write,
    learner_puzzle_ratings,
    make_engine,
    puzzle_attempts,
    puzzle_ratings,
    read_storage_settings,
    review_items,
    stored_key,
    write_transaction,
)
from practice.plan import theme_items
from practice.puzzle_rating import Rating, first_guess, rate
from practice.puzzles import Puzzle

log = logging.getLogger(__name__)

#: How many of a learner's last attempts are read back to leave out the puzzles solved lately.
ATTEMPTS_READ = 40


class PuzzleRatings(Protocol):
    """What the Puzzles page needs from where ratings are kept. ``persistent``: kept beyond this visit."""

    persistent: bool

    def learner(self, learner: Learner) -> Rating:
        """The learner's puzzle rating (a new learner's starting one)."""
        ...

    def puzzles(self, puzzles: Iterable[Puzzle]) -> dict[str, Rating]:
        """Every puzzle's rating, by id (a puzzle nobody tried has its first guess)."""
        ...

    def attempts(self, learner: Learner) -> tuple[tuple[str, bool], ...]:
        """The learner's last attempts, oldest first: (puzzle id, solved on the first try)."""
        ...

    def attempt(self, learner: Learner, puzzle: Puzzle, solved: bool) -> tuple[Rating, Rating]:
        """Rate one attempt and keep it: the learner's and the puzzle's ratings after it."""
        ...


class SessionPuzzleRatings:
    """A visitor's ratings, kept in the visit only; the puzzles start from ``base`` (the server's ratings, when it
    could be read) and the visitor's attempts move them here only, never on the server."""

    persistent = False

    def __init__(self, base: Mapping[str, Rating] | None = None) -> None:
        self._lock = threading.Lock()
        self._learner = Rating()
        self._puzzles: dict[str, Rating] = dict(base or {})
        self._attempts: list[tuple[str, bool]] = []

    def learner(self, learner: Learner) -> Rating:
        """The visitor's puzzle rating."""
        return self._learner

    def puzzles(self, puzzles: Iterable[Puzzle]) -> dict[str, Rating]:
        """Every puzzle's rating as this visit sees it."""
        with self._lock:
            return {puzzle.id: self._puzzles.get(puzzle.id) or first_guess(puzzle) for puzzle in puzzles}

    def attempts(self, learner: Learner) -> tuple[tuple[str, bool], ...]:
        """The visit's last attempts, oldest first."""
        with self._lock:
            return tuple(self._attempts[-ATTEMPTS_READ:])

    def results(self) -> tuple[tuple[str, bool], ...]:
        """Every attempt of the visit, oldest first, each as the server judged it: what a sign-in replays."""
        with self._lock:
            return tuple(self._attempts)

    def attempt(self, learner: Learner, puzzle: Puzzle, solved: bool) -> tuple[Rating, Rating]:
        """Rate one attempt in the visit."""
        with self._lock:
            before = self._puzzles.get(puzzle.id) or first_guess(puzzle)
            self._learner, self._puzzles[puzzle.id] = rate(self._learner, before, solved)
            self._attempts.append((puzzle.id, solved))
            return self._learner, self._puzzles[puzzle.id]


class SqlPuzzleRatings:
    """Signed-in learners' puzzle ratings, every puzzle's rating and the attempts, in the progress database."""

    persistent = True

    def __init__(self, engine: Engine) -> None:
        if engine.dialect.name not in _INSERTS:
            raise ValueError(f"database {engine.dialect.name!r}: ratings are stored in SQLite or PostgreSQL only")
        self.engine = engine
        ensure_schema(engine)
        self._insert = _INSERTS[engine.dialect.name]

    @classmethod
    def from_url(cls, url: str) -> SqlPuzzleRatings:
        """The ratings in the database at ``url`` (made and migrated if needed)."""
        return cls(make_engine(url))

    def learner(self, learner: Learner) -> Rating:
        """The learner's puzzle rating as stored (a new learner's starting one)."""
        with self.engine.connect() as conn:
            key = stored_key(conn, learner)
            row = conn.execute(sa.select(*_rating_columns(learner_puzzle_ratings))
                               .where(learner_puzzle_ratings.c.learner_key == key)).first()
        return Rating() if row is None else Rating(*row)

    def puzzles(self, puzzles: Iterable[Puzzle]) -> dict[str, Rating]:
        """Every puzzle's stored rating, by id (its first guess until someone has tried it)."""
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(puzzle_ratings.c.puzzle_id, *_rating_columns(puzzle_ratings))).all()
        stored = {row[0]: Rating(*row[1:]) for row in rows}
        return {puzzle.id: stored.get(puzzle.id) or first_guess(puzzle) for puzzle in puzzles}

    def attempts(self, learner: Learner) -> tuple[tuple[str, bool], ...]:
        """The learner's last attempts, oldest first."""
        with self.engine.connect() as conn:
            key = stored_key(conn, learner)
            rows = conn.execute(sa.select(puzzle_attempts.c.puzzle_id, puzzle_attempts.c.solved)
                                .where(puzzle_attempts.c.learner_key == key)
                                .order_by(puzzle_attempts.c.id.desc()).limit(ATTEMPTS_READ)).all()
        return tuple((row[0], bool(row[1])) for row in reversed(rows))

    def attempt(self, learner: Learner, puzzle: Puzzle, solved: bool) -> tuple[Rating, Rating]:
        """Rate one attempt in one transaction (both ratings read under a lock) and keep it, reviewing the learner's
        cards of the puzzle's themes with it; `LearnerGone` when the learner's record is no longer there."""
        now = _now()
        with write_transaction(self.engine) as conn:
            key = key_for_write(conn, learner, now)
            return self._rate(conn, key, puzzle, solved, now)

    def replay(self, learner: Learner, results: Sequence[tuple[Puzzle, bool]]) -> tuple[Rating, int]:
        """Rate a visit's attempts, oldest first, for the learner who signed in at its end, in one transaction and
        each as `attempt` would have: a puzzle once, and none the learner had answered before. The learner's rating
        after, and how many attempts counted."""
        now = _now()
        with write_transaction(self.engine) as conn:
            key = key_for_write(conn, learner, now)
            answered = set(conn.execute(sa.select(puzzle_attempts.c.puzzle_id)
                                        .where(puzzle_attempts.c.learner_key == key)).scalars())
            rating, counted = self._learner_rating(conn, key), 0
            for puzzle, solved in results:
                if puzzle.id not in answered:
                    answered.add(puzzle.id)
                    rating, _ = self._rate(conn, key, puzzle, solved, now)
                    counted += 1
        return rating, counted

    def _rate(self, conn: Connection, key: str, puzzle: Puzzle, solved: bool, now: Any) -> tuple[Rating, Rating]:
        """One attempt inside a write transaction: both ratings read under a lock, rated, written back, the attempt
        kept and the learner's cards of the puzzle's themes reviewed."""
        mine = self._learner_rating(conn, key)  # the learner's row first, then the puzzle's: always in this order
        its = conn.execute(sa.select(*_rating_columns(puzzle_ratings))
                           .where(puzzle_ratings.c.puzzle_id == puzzle.id).with_for_update()).first()
        learner_after, puzzle_after = rate(mine, first_guess(puzzle) if its is None else Rating(*its), solved)
        self._upsert(conn, learner_puzzle_ratings, {"learner_key": key}, learner_after, now)
        self._upsert(conn, puzzle_ratings, {"puzzle_id": puzzle.id}, puzzle_after, now)
        conn.execute(puzzle_attempts.insert().values(learner_key=key, puzzle_id=puzzle.id, solved=solved, at=now))
        review_items(conn, key, theme_items(puzzle.themes), solved, now)  # the daily plan's theme cards
        return learner_after, puzzle_after

    def _learner_rating(self, conn: Connection, key: str) -> Rating:
        """The learner's stored rating, read under a lock (a new learner's starting one)."""
        mine = conn.execute(sa.select(*_rating_columns(learner_puzzle_ratings))
                            .where(learner_puzzle_ratings.c.learner_key == key).with_for_update()).first()
        return Rating() if mine is None else Rating(*mine)

    def _upsert(self, conn: Connection, table: sa.Table, key: dict[str, str], rating: Rating, now: Any) -> None:
        values = {"rating": rating.rating, "deviation": rating.deviation, "volatility": rating.volatility,
                  "attempts": rating.attempts, "updated_at": now}
        insert = self._insert(table).values(**key, **values)
        conn.execute(insert.on_conflict_do_update(index_elements=list(key), set_=values))


def _rating_columns(table: sa.Table) -> tuple[sa.Column[Any], ...]:
    return table.c.rating, table.c.deviation, table.c.volatility, table.c.attempts


_SHARED: dict[str, SqlPuzzleRatings] = {}
_SHARED_LOCK = threading.Lock()


def open_puzzle_ratings(settings: StorageSettings | None = None) -> SqlPuzzleRatings | None:
    """The puzzle ratings in the app's progress database, through Streamlit's cached connection; None (logged) when
    the database cannot be used."""
    settings = settings or read_storage_settings()
    try:
        with _SHARED_LOCK:
            found = _SHARED.get(settings.url)
            if found is None:
                found = _SHARED[settings.url] = SqlPuzzleRatings(_streamlit_engine(settings))
            return found
    except (*DATABASE_ERRORS, ImportError, ValueError, SchemaTooNewError) as exc:
        log.warning("puzzle ratings unavailable: progress database %s: %s", settings.shown_url, exc)
        return None


__all__ = ["ATTEMPTS_READ", "PuzzleRatings", "SessionPuzzleRatings", "SqlPuzzleRatings", "open_puzzle_ratings"]
