"""Progress that lasts: the progress store over SQLAlchemy, an SQLite file by default or PostgreSQL for a school server.

In the app, ``open_store(read_storage_settings())`` goes through ``st.connection("progress", type="sql")``; tests and
scripts build ``SqlProgressStore.from_url(url)`` without Streamlit. The schema is created and migrated by the code.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
import time
import tomllib
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import SQLAlchemyError

from app.storage.progress import (
    MOVE_SEPARATOR,
    Answer,
    Learner,
    LearnerGone,
    LessonProgress,
    Progress,
    ProgressStore,
    SessionProgressStore,
    StepResult,
    merge_lesson,
)
from practice.plan import Item, items_of_skill, review

log = logging.getLogger(__name__)

APP_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATABASE = APP_ROOT / "progress.db"
SECRETS_FILE = Path(".streamlit") / "secrets.toml"
CONNECTION_NAME = "progress"
URL_VARIABLE = "LA_PLAZA_PROGRESS_URL"

SQLITE_BUSY_MS = 10_000
POSTGRES_CONNECT_SECONDS = 5
# Any fixed number shared by all app instances: serializes schema migrations on one PostgreSQL database.
_MIGRATION_LOCK = int.from_bytes(b"LaPlaza", "big")

metadata = sa.MetaData()

schema_version = sa.Table(
    "schema_version",
    metadata,
    sa.Column("version", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("applied_at", sa.DateTime(timezone=True), nullable=False),
)

learners = sa.Table(
    "learners",
    metadata,
    sa.Column("key", sa.String(200), primary_key=True),
    sa.Column("nickname", sa.String(100), nullable=False),
    sa.Column("class_code", sa.String(100), nullable=False, server_default=""),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    # Version 3: the hash of the learner's personal sign-in code (None: no code, as a guest's), the epoch a token
    # must carry (bumped when the code is reissued, so devices signed in with the old one are signed out), a guest's
    # record (reopened only by its token), and when the learner last signed in or did something.
    sa.Column("code_hash", sa.String(64), nullable=True),
    sa.Column("epoch", sa.Integer, nullable=False, server_default="0"),
    sa.Column("guest", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("last_seen_at", sa.DateTime(timezone=True), nullable=True),
)

lesson_progress = sa.Table(
    "lesson_progress",
    metadata,
    sa.Column("learner_key", sa.String(200), sa.ForeignKey("learners.key"), primary_key=True),
    sa.Column("lesson_id", sa.String(100), primary_key=True),
    sa.Column("step", sa.Integer, nullable=False),
    sa.Column("stars", sa.Integer, nullable=False),
    sa.Column("finished", sa.Boolean, nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("moves", sa.String(600), nullable=False, server_default=""),  # the step's moves, ";"-joined
)

answers = sa.Table(
    "answers",
    metadata,
    sa.Column("id", sa.BigInteger().with_variant(sa.Integer, "sqlite"), primary_key=True, autoincrement=True),
    sa.Column("learner_key", sa.String(200), sa.ForeignKey("learners.key"), nullable=False),
    sa.Column("skill", sa.String(100), nullable=False),
    sa.Column("code", sa.String(100), nullable=False),
    sa.Column("correct", sa.Boolean, nullable=False),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    # Loading reads one learner's answers in the order they were given.
    sa.Index("answers_by_learner", "learner_key", "id"),
)


classes = sa.Table(
    "classes",
    metadata,
    sa.Column("code", sa.String(20), primary_key=True),  # as learners type it: "KMR-482"
    sa.Column("name", sa.String(100), nullable=False),
    sa.Column("secret_hash", sa.String(64), nullable=False, unique=True),  # SHA-256 of the teacher link's secret
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    # Version 3: the teacher account that owns the class (None: a class made before accounts, claimed with its old
    # teacher link), and its name as compared, so making a class twice makes it once.
    sa.Column("teacher_id", sa.String(40), nullable=True),
    sa.Column("name_key", sa.String(100), nullable=True),
)

teachers = sa.Table(
    "teachers",
    metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    sa.Column("name", sa.String(100), nullable=False),
    sa.Column("name_key", sa.String(100), nullable=False, unique=True),  # two names that read the same are one
    sa.Column("password_hash", sa.String(200), nullable=True),  # Argon2id; None for a single sign-on account
    sa.Column("sso_subject", sa.String(300), nullable=True, unique=True),  # "issuer sub" of a single sign-on account
    sa.Column("epoch", sa.Integer, nullable=False, server_default="0"),  # bumped by "sign out on every device"
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)

# What the server's own lesson runner saw in each step: done, and the mistakes and hints it took.
step_results = sa.Table(
    "step_results",
    metadata,
    sa.Column("learner_key", sa.String(200), sa.ForeignKey("learners.key"), primary_key=True),
    sa.Column("lesson_id", sa.String(100), primary_key=True),
    sa.Column("step", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("done", sa.Boolean, nullable=False),
    sa.Column("mistakes", sa.Integer, nullable=False),
    sa.Column("hints", sa.Integer, nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
)

# Failed sign-in tries per scope (a visit, an address, a teacher's name), shared by every app server.
attempts = sa.Table(
    "attempts",
    metadata,
    sa.Column("scope", sa.String(200), primary_key=True),
    sa.Column("failures", sa.Integer, nullable=False),
    sa.Column("last_at", sa.DateTime(timezone=True), nullable=False),
)

# The key that signs the browser's tokens, made once, the same for every app server on this database.
app_keys = sa.Table(
    "app_keys",
    metadata,
    sa.Column("name", sa.String(40), primary_key=True),
    sa.Column("value", sa.String(200), nullable=False),
)

# A learner moved into a class gets a new key; a visit still signed in under the old one writes on to the new.
moved_learners = sa.Table(
    "moved_learners",
    metadata,
    sa.Column("old_key", sa.String(200), primary_key=True),
    sa.Column("new_key", sa.String(200), nullable=False, index=True),
)

# Version 5: the live classroom. A round is a teacher's run of questions shown on the projector and answered on the
# class's phones; a class table is a match that learners of one class play together from their own phones. Their
# state is here, never only in one app server, so a learner's phone may be served by another server than the
# teacher's. Every change bumps ``version``: a phone that follows a round or a table reads one number to know
# whether anything changed.
live_rounds = sa.Table(
    "live_rounds",
    metadata,
    sa.Column("id", sa.String(24), primary_key=True),  # random, never shown
    sa.Column("class_code", sa.String(20), nullable=False, index=True),
    sa.Column("teacher_id", sa.String(40), nullable=False),
    sa.Column("questions", sa.Text, nullable=False),  # JSON: the round's questions, in order
    sa.Column("number", sa.Integer, nullable=False),  # the question under way, from 0
    sa.Column("phase", sa.String(12), nullable=False),  # "open", "paused", "revealed", "over"
    sa.Column("settings", sa.Text, nullable=False),  # JSON: seconds per question (0: until all answered), board
    sa.Column("phase_at", sa.DateTime(timezone=True), nullable=False),  # when the phase began
    sa.Column("seconds_left", sa.Float, nullable=True),  # a paused countdown's time left
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)

# One answer per learner per question of a round, as the server checked it (the key makes a second one impossible);
# a row of number -1 says that the learner's phone joined the round (app/storage/rounds_sql.py counts them).
round_answers = sa.Table(
    "round_answers",
    metadata,
    sa.Column("round_id", sa.String(24), sa.ForeignKey("live_rounds.id"), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("learner_key", sa.String(200), primary_key=True),
    sa.Column("answer", sa.String(200), nullable=False),
    sa.Column("right", sa.Boolean, nullable=False),
    sa.Column("answered_at", sa.DateTime(timezone=True), nullable=False),
)

class_tables = sa.Table(
    "class_tables",
    metadata,
    sa.Column("id", sa.String(24), primary_key=True),  # random, never shown
    sa.Column("class_code", sa.String(20), nullable=False, index=True),
    sa.Column("setup", sa.Text, nullable=False),  # JSON: the table (preset, players), its target, the idle limit
    sa.Column("record", sa.Text, nullable=False),  # every move of every hand so far (play.game's record form)
    sa.Column("state", sa.String(12), nullable=False),  # "waiting", "playing", "over", "closed"
    sa.Column("version", sa.Integer, nullable=False),  # bumped by every move: a move is made only on the version seen
    sa.Column("moved_at", sa.DateTime(timezone=True), nullable=False),  # the last move (or the opening)
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    # When the table moves by itself if nobody acts (an idle seat played, the next hand dealt); None: never. A phone
    # that follows the table reads it with the version, and advances the table once it is past.
    sa.Column("due_at", sa.DateTime(timezone=True), nullable=True),
)

# Who sits where at a class table: a learner's key, or None for a computer seat.
table_seats = sa.Table(
    "table_seats",
    metadata,
    sa.Column("table_id", sa.String(24), sa.ForeignKey("class_tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("learner_key", sa.String(200), nullable=True, index=True),
    sa.Column("seen_at", sa.DateTime(timezone=True), nullable=True),  # the seat's phone last asked
    sa.Column("away", sa.Boolean, nullable=False, server_default=sa.false()),  # the computer plays for its learner
)

# Version 6: puzzle ratings (app/storage/puzzle_ratings.py). Each signed-in learner's Glicko-2 puzzle rating, each
# puzzle's rating (shared by everyone: every learner's attempts rate it), and every attempt, so the next puzzle is
# not one the learner solved lately.
learner_puzzle_ratings = sa.Table(
    "learner_puzzle_ratings",
    metadata,
    sa.Column("learner_key", sa.String(200), sa.ForeignKey("learners.key"), primary_key=True),
    sa.Column("rating", sa.Float, nullable=False),
    sa.Column("deviation", sa.Float, nullable=False),
    sa.Column("volatility", sa.Float, nullable=False),
    sa.Column("attempts", sa.Integer, nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
)

puzzle_ratings = sa.Table(
    "puzzle_ratings",
    metadata,
    sa.Column("puzzle_id", sa.String(60), primary_key=True),
    sa.Column("rating", sa.Float, nullable=False),
    sa.Column("deviation", sa.Float, nullable=False),
    sa.Column("volatility", sa.Float, nullable=False),
    sa.Column("attempts", sa.Integer, nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
)

puzzle_attempts = sa.Table(
    "puzzle_attempts",
    metadata,
    sa.Column("id", sa.BigInteger().with_variant(sa.Integer, "sqlite"), primary_key=True, autoincrement=True),
    sa.Column("learner_key", sa.String(200), sa.ForeignKey("learners.key"), nullable=False),
    sa.Column("puzzle_id", sa.String(60), nullable=False),
    sa.Column("solved", sa.Boolean, nullable=False),  # right on the first try
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    # The next puzzle reads one learner's last attempts.
    sa.Index("puzzle_attempts_by_learner", "learner_key", "id"),
)

# Version 7: the daily plan (practice/plan.py). A signed-in learner's FSRS card for each practice skill and puzzle
# theme they answered: the card as ``fsrs`` serialises it, and when it is due (indexed, to find what is due now).
review_cards = sa.Table(
    "review_cards",
    metadata,
    sa.Column("learner_key", sa.String(200), sa.ForeignKey("learners.key"), primary_key=True),
    sa.Column("kind", sa.String(10), primary_key=True),  # "skill" or "theme"
    sa.Column("item", sa.String(60), primary_key=True),
    sa.Column("card", sa.Text, nullable=False),
    sa.Column("due_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    sa.Index("review_cards_by_due", "learner_key", "due_at"),
)

learners_by_class = sa.Index("learners_by_class", learners.c.class_code, learners.c.key)
learners_by_code = sa.Index("learners_by_code", learners.c.code_hash, unique=True)
classes_by_teacher = sa.Index("classes_by_teacher", classes.c.teacher_id, classes.c.name_key, unique=True)


def _migrate_to_1(conn: Connection) -> None:
    """Version 1: learners, their lesson progress and their practice answers."""
    metadata.create_all(conn, tables=[learners, lesson_progress, answers], checkfirst=True)


def _migrate_to_2(conn: Connection) -> None:
    """Version 2: teachers' classes, learners found by class, and where moved learners went."""
    classes.create(conn, checkfirst=True)
    moved_learners.create(conn, checkfirst=True)
    learners_by_class.create(conn, checkfirst=True)


def _migrate_to_3(conn: Connection) -> None:
    """Version 3: teacher accounts owning classes, personal sign-in codes, guests kept on the server, what each
    lesson step took, failed sign-in tries, and the token key. Learners and classes of version 2 are kept (they get
    codes once their teacher claims the class)."""
    _add_missing_columns(conn, "learners", [
        "code_hash VARCHAR(64)", "epoch INTEGER NOT NULL DEFAULT 0", "guest BOOLEAN NOT NULL DEFAULT false",
        "last_seen_at TIMESTAMP WITH TIME ZONE"])
    _add_missing_columns(conn, "classes", ["teacher_id VARCHAR(40)", "name_key VARCHAR(100)"])
    metadata.create_all(conn, tables=[teachers, step_results, attempts, app_keys], checkfirst=True)
    learners_by_code.create(conn, checkfirst=True)
    classes_by_teacher.create(conn, checkfirst=True)


def _migrate_to_4(conn: Connection) -> None:
    """Version 4: the moves made in the step to reopen, so a reload gives back the step's table as it was."""
    _add_missing_columns(conn, "lesson_progress", ["moves VARCHAR(600) NOT NULL DEFAULT ''"])


def _migrate_to_5(conn: Connection) -> None:
    """Version 5: the live classroom's rounds and their answers, class tables and their seats."""
    metadata.create_all(conn, tables=[live_rounds, round_answers, class_tables, table_seats], checkfirst=True)


def _migrate_to_6(conn: Connection) -> None:
    """Version 6: puzzle ratings of learners and of puzzles, and the learners' puzzle attempts."""
    metadata.create_all(conn, tables=[learner_puzzle_ratings, puzzle_ratings, puzzle_attempts], checkfirst=True)


def _migrate_to_7(conn: Connection) -> None:
    """Version 7: the daily plan's review cards of signed-in learners."""
    review_cards.create(conn, checkfirst=True)


def _add_missing_columns(conn: Connection, table: str, columns: list[str]) -> None:
    """Add each column (its DDL) that ``table`` lacks: a database made by version 1 or 2 has none of them, one
    made fresh has them all already (the tables above describe the newest schema)."""
    present = {column["name"] for column in sa.inspect(conn).get_columns(table)}
    for column in columns:
        if column.split()[0] not in present:
            conn.exec_driver_sql(f"ALTER TABLE {table} ADD COLUMN {column}")


# Step n brings a database from version n - 1 to n. Append new steps; never edit or reorder applied ones
# (a later step writes its own DDL instead of relying on the tables above, which describe the newest schema).
MIGRATIONS: tuple[Callable[[Connection], None], ...] = (_migrate_to_1, _migrate_to_2, _migrate_to_3,
                                                        _migrate_to_4, _migrate_to_5, _migrate_to_6, _migrate_to_7)
SCHEMA_VERSION = len(MIGRATIONS)


class SchemaTooNewError(RuntimeError):
    """The database was migrated by a newer version of the app than this one."""


@dataclass(frozen=True)
class StorageSettings:
    """Where progress is stored: an SQLAlchemy URL, and where that choice came from (for messages)."""

    url: str
    source: str = "default"

    @property
    def shown_url(self) -> str:
        """The URL with any password masked, safe to log or show."""
        return make_url(self.url).render_as_string(hide_password=True)


def default_settings(root: Path = APP_ROOT) -> StorageSettings:
    """The no-set-up default: an SQLite file ``progress.db`` next to the app (git-ignored)."""
    return StorageSettings(f"sqlite:///{root / DEFAULT_DATABASE.name}", "default")


def read_storage_settings(root: Path = APP_ROOT, environ: Mapping[str, str] | None = None) -> StorageSettings:
    """The storage settings: ``$LA_PLAZA_PROGRESS_URL``, else ``[connections.progress] url`` in secrets, else SQLite.

    The secrets file is ``<root>/.streamlit/secrets.toml``, the one Streamlit reads when the app is started from
    the repository root; it is read here too because under ``AppTest`` Streamlit's secrets do not reach
    ``st.connection``.
    """
    environ = os.environ if environ is None else environ
    if environ.get(URL_VARIABLE):
        return StorageSettings(environ[URL_VARIABLE], f"${URL_VARIABLE}")
    secrets = root / SECRETS_FILE
    if secrets.is_file():
        with secrets.open("rb") as file:
            section = tomllib.load(file).get("connections", {}).get(CONNECTION_NAME, {})
        if section.get("url"):
            return StorageSettings(str(section["url"]), str(SECRETS_FILE))
    return default_settings(root)


def engine_options(url: str) -> dict[str, Any]:
    """Keyword arguments for ``create_engine`` (and ``st.connection``) that suit the database behind ``url``."""
    backend = make_url(url).get_backend_name()
    if backend == "sqlite":
        return {"connect_args": {"timeout": SQLITE_BUSY_MS / 1000}}
    if backend == "postgresql":
        return {"connect_args": {"connect_timeout": POSTGRES_CONNECT_SECONDS}, "pool_pre_ping": True}
    return {}


def make_engine(url: str) -> Engine:
    """An SQLAlchemy engine for ``url``; an SQLite file's folder is made if missing."""
    _make_sqlite_folder(url)
    return sa.create_engine(url, **engine_options(url))


def _make_sqlite_folder(url: str) -> None:
    """Create the folder of an SQLite database file, so that the first run needs no set-up."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite" and parsed.database and parsed.database != ":memory:":
        Path(parsed.database).expanduser().parent.mkdir(parents=True, exist_ok=True)


_PREPARE_LOCK = threading.Lock()


def _sqlite_on_connect(dbapi_connection: Any, _record: Any) -> None:
    """Set each new SQLite connection up: our own BEGIN, WAL, a busy timeout, foreign keys."""
    # pysqlite's own implicit BEGIN skips DDL and cannot take the write lock up front; begin ourselves instead.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_MS}")
    _use_wal(cursor)
    cursor.execute("PRAGMA synchronous = NORMAL")
    cursor.execute("PRAGMA foreign_keys = ON")
    cursor.close()


def _use_wal(cursor: Any) -> None:
    """Switch the database file to WAL (readers never wait for the writer); it stays so once done."""
    if str(cursor.execute("PRAGMA journal_mode").fetchone()[0]).lower() == "wal":
        return
    # The switch needs the file to itself and SQLite does not wait for that, so first connections retry a while.
    deadline = time.monotonic() + SQLITE_BUSY_MS / 1000
    while True:
        try:
            cursor.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.01)


def _sqlite_on_begin(conn: Connection) -> None:
    """Begin an SQLite transaction; a write takes the write lock at once so concurrent writers queue, never fail."""
    write = conn.get_execution_options().get("progress_write", False)
    conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")


def _prepare_engine(engine: Engine) -> None:
    """Install the SQLite connection hooks once per engine (also on one made by ``st.connection``)."""
    if engine.dialect.name != "sqlite":
        return
    with _PREPARE_LOCK:
        if event.contains(engine, "begin", _sqlite_on_begin):
            return
        event.listen(engine, "connect", _sqlite_on_connect)
        event.listen(engine, "begin", _sqlite_on_begin)
        engine.dispose()  # connections pooled before the hooks were installed would miss them


def ensure_schema(engine: Engine) -> int:
    """Create or migrate the schema to ``SCHEMA_VERSION`` in one transaction (idempotent); return the version."""
    _prepare_engine(engine)
    with engine.connect() as conn:
        conn.execution_options(progress_write=True)
        with conn.begin():
            if engine.dialect.name == "postgresql":
                # Several app instances may start at once: one migrates, the others wait and find it done.
                conn.execute(sa.select(sa.func.pg_advisory_xact_lock(_MIGRATION_LOCK)))
            schema_version.create(conn, checkfirst=True)
            current = conn.scalar(sa.select(sa.func.max(schema_version.c.version))) or 0
            if current > SCHEMA_VERSION:
                raise SchemaTooNewError(
                    f"the progress database has schema version {current}, newer than this app's {SCHEMA_VERSION}"
                )
            for version in range(current + 1, SCHEMA_VERSION + 1):
                MIGRATIONS[version - 1](conn)
                conn.execute(schema_version.insert().values(version=version, applied_at=_now()))
    return max(current, SCHEMA_VERSION)


class SqlProgressStore:
    """A ``ProgressStore`` in an SQL database (SQLite or PostgreSQL); each write is one transaction."""

    persistent = True

    def __init__(self, engine: Engine) -> None:
        if engine.dialect.name not in _INSERTS:
            raise ValueError(f"database {engine.dialect.name!r}: progress is stored in SQLite or PostgreSQL only")
        self.engine = engine
        self.schema_version = ensure_schema(engine)
        self._insert = _INSERTS[engine.dialect.name]

    @classmethod
    def from_url(cls, url: str) -> SqlProgressStore:
        """A store on the database at ``url`` (made and migrated if needed); raises if it cannot be reached."""
        return cls(make_engine(url))

    def load(self, learner: Learner) -> Progress:
        """Everything stored for ``learner`` (empty progress for a new one)."""
        with self.engine.connect() as conn, conn.begin():
            key = stored_key(conn, learner)
            lesson_rows = conn.execute(
                sa.select(
                    lesson_progress.c.lesson_id,
                    lesson_progress.c.step,
                    lesson_progress.c.stars,
                    lesson_progress.c.finished,
                    lesson_progress.c.updated_at,
                    lesson_progress.c.moves,
                ).where(lesson_progress.c.learner_key == key)
            ).all()
            answer_rows = conn.execute(
                sa.select(answers.c.skill, answers.c.code, answers.c.correct, answers.c.at)
                .where(answers.c.learner_key == key)
                .order_by(answers.c.id)
            ).all()
            step_rows = conn.execute(
                sa.select(step_results.c.lesson_id, step_results.c.step, step_results.c.done,
                          step_results.c.mistakes, step_results.c.hints)
                .where(step_results.c.learner_key == key)
            ).all()
        lessons = {row[0]: LessonProgress(row[0], row[1], row[2], bool(row[3]), _as_utc(row[4]), _moves(row[5]))
                   for row in lesson_rows}
        steps = {(row[0], row[1]): StepResult(bool(row[2]), row[3], row[4]) for row in step_rows}
        return Progress(lessons, tuple(Answer(row[0], row[1], bool(row[2]), _as_utc(row[3])) for row in answer_rows),
                        steps)

    def add_learner(self, learner: Learner) -> None:
        """Make sure ``learner`` has a record (the first spelling of the nickname is kept). Saving never makes one:
        records are made by sign-in, by a class roster or for a guest, so a removed learner cannot come back."""
        with self._writing() as conn:
            conn.execute(
                self._insert(learners)
                .values(key=learner.key, nickname=learner.nickname, class_code=learner.class_code,
                        guest=learner.guest, created_at=_now())
                .on_conflict_do_nothing(index_elements=[learners.c.key])
            )

    def save_lesson(self, learner: Learner, lesson_id: str, step: int, stars: int | None = None,
                    moves: tuple[str, ...] = ()) -> None:
        """Remember the step to reopen and the moves made in it; with ``stars`` (a finished lesson) keep the best
        stars ever earned."""
        fresh = merge_lesson(LessonProgress(lesson_id), step, stars, moves)  # checked as the session store does
        now = _now()
        with self._writing() as conn:
            insert = self._insert(lesson_progress).values(
                learner_key=key_for_write(conn, learner, now),
                lesson_id=lesson_id,
                step=fresh.step,
                stars=fresh.stars,
                finished=fresh.finished,
                updated_at=now,
                moves=MOVE_SEPARATOR.join(fresh.moves),
            )
            stored, new = lesson_progress.c, insert.excluded
            # One statement, so the database keeps the best stars even when two saves race.
            conn.execute(insert.on_conflict_do_update(
                index_elements=[stored.learner_key, stored.lesson_id],
                set_={
                    "step": new.step,
                    "stars": sa.case((new.stars > stored.stars, new.stars), else_=stored.stars),
                    "finished": sa.or_(stored.finished, new.finished),
                    "updated_at": new.updated_at,
                    "moves": new.moves,
                },
            ))

    def record_answer(self, learner: Learner, answer: Answer) -> None:
        """Add one practice answer; answers are only ever added, never replaced."""
        with self._writing() as conn:
            key = key_for_write(conn, learner, _now())
            conn.execute(
                answers.insert().values(
                    learner_key=key,
                    skill=answer.skill,
                    code=answer.code,
                    correct=answer.correct,
                    at=_as_utc(answer.at),
                )
            )
            review_items(conn, key, items_of_skill(answer.skill), answer.correct, _as_utc(answer.at))

    def plan(self, learner: Learner) -> dict[Item, datetime]:
        """When each of the learner's review cards is due (none for a guest)."""
        with self.engine.connect() as conn, conn.begin():
            return read_plan(conn, stored_key(conn, learner))

    def save_steps(self, learner: Learner, lesson_id: str, results: dict[int, StepResult]) -> None:
        """Add what the lesson runner saw in these steps since the last save; a step once done stays done."""
        if not results:
            return
        now = _now()
        with self._writing() as conn:
            key = key_for_write(conn, learner, now)
            for number, result in sorted(results.items()):
                if number < 1 or result.mistakes < 0 or result.hints < 0:
                    raise ValueError(f"step {number!r}: {result!r}")
                insert = self._insert(step_results).values(
                    learner_key=key, lesson_id=lesson_id, step=number, done=result.done,
                    mistakes=result.mistakes, hints=result.hints, updated_at=now)
                stored, new = step_results.c, insert.excluded
                conn.execute(insert.on_conflict_do_update(
                    index_elements=[stored.learner_key, stored.lesson_id, stored.step],
                    set_={"done": sa.or_(stored.done, new.done), "mistakes": stored.mistakes + new.mistakes,
                          "hints": stored.hints + new.hints, "updated_at": new.updated_at},
                ))

    def _writing(self) -> AbstractContextManager[Connection]:
        """A connection in a write transaction (see `write_transaction`)."""
        return write_transaction(self.engine)


def stored_key(conn: Connection, learner: Learner) -> str:
    """The key ``learner``'s records are kept under: their own, or the new one a teacher moved them to."""
    moved = conn.scalar(sa.select(moved_learners.c.new_key).where(moved_learners.c.old_key == learner.key))
    return moved or learner.key


def key_for_write(conn: Connection, learner: Learner, now: datetime) -> str:
    """The key to write ``learner``'s records under (`stored_key`), noting that they were seen now; `LearnerGone`
    when the record is not there (removed)."""
    key = stored_key(conn, learner)
    seen = conn.execute(learners.update().where(learners.c.key == key).values(last_seen_at=now))
    if not seen.rowcount:
        raise LearnerGone(f"no learner is stored under {key!r}")
    return key


_INSERTS: dict[str, Callable[[sa.Table], Any]] = {"sqlite": sqlite.insert, "postgresql": postgresql.insert}


@contextmanager
def write_transaction(engine: Engine) -> Iterator[Connection]:
    """A connection in a write transaction (BEGIN IMMEDIATE on SQLite), committed or, on any error, rolled back."""
    with engine.connect() as conn:
        conn.execution_options(progress_write=True)
        with conn.begin():
            yield conn


def review_items(conn: Connection, key: str, items: Iterable[Item], right: bool, at: datetime) -> None:
    """Review the cards of ``items`` of the learner stored under ``key`` with one answer, in the caller's transaction
    (a card moves with the answer it comes from, or not at all); a guest's record keeps no plan."""
    guest = conn.scalar(sa.select(learners.c.guest).where(learners.c.key == key))
    if guest is None or guest:
        return
    insert = _INSERTS[conn.dialect.name]
    cards = review_cards.c
    now = _now()
    for item in dict.fromkeys(items):
        mine = sa.and_(cards.learner_key == key, cards.kind == item.kind, cards.item == item.id)
        stored = conn.scalar(sa.select(cards.card).where(mine).with_for_update())
        after = review(stored, right, at)
        values = {"card": after.card, "due_at": after.due, "updated_at": now}
        conn.execute(insert(review_cards).values(learner_key=key, kind=item.kind, item=item.id, **values)
                     .on_conflict_do_update(index_elements=[cards.learner_key, cards.kind, cards.item], set_=values))


def read_plan(conn: Connection, key: str) -> dict[Item, datetime]:
    """When each review card of the learner stored under ``key`` is due; a card of a skill or theme the app no
    longer has is left out."""
    rows = conn.execute(sa.select(review_cards.c.kind, review_cards.c.item, review_cards.c.due_at)
                        .where(review_cards.c.learner_key == key)).all()
    found: dict[Item, datetime] = {}
    for kind, item_id, due in rows:  # (the due time is kept beside the card: no card is parsed to read it)
        try:
            found[Item(str(kind), str(item_id))] = _as_utc(due)
        except ValueError:
            log.warning("review card %s %r of %r left out: not a card of this app", kind, item_id, key)
    return found


def _now() -> datetime:
    """The current time in UTC."""
    return datetime.now(UTC)


def _moves(stored: str | None) -> tuple[str, ...]:
    """A step's saved moves as stored (``";"``-joined; empty for none)."""
    return tuple(move for move in (stored or "").split(MOVE_SEPARATOR) if move)


def _as_utc(moment: datetime) -> datetime:
    """``moment`` in UTC; a naive time (as SQLite gives back) is taken to be UTC already."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


@dataclass(frozen=True)
class OpenedStore:
    """The store the app should use, and a plain message when progress will last for this visit only."""

    store: ProgressStore
    message: str = ""

    @property
    def persistent(self) -> bool:
        """True when progress is kept in a database and will be there next visit."""
        return self.store.persistent


def open_store(settings: StorageSettings | None = None, *, use_streamlit: bool = True) -> OpenedStore:
    """The progress store for the app: the database in ``settings``, or session-only progress if it is unreachable.

    With ``use_streamlit`` the engine comes from ``st.connection("progress", type="sql", url=...)``, which Streamlit
    caches per process; call this once per visit (keep the result in ``st.session_state``), since a fallback store
    holds that visit's progress.
    """
    settings = settings or read_storage_settings()
    try:
        engine = _streamlit_engine(settings) if use_streamlit else make_engine(settings.url)
        return OpenedStore(SqlProgressStore(engine))
    except (SQLAlchemyError, OSError, ImportError, ValueError, SchemaTooNewError) as exc:
        log.warning("progress database %s unreachable: %s", settings.shown_url, exc)
        cause = getattr(exc, "orig", None) or exc  # the driver's own words, without SQLAlchemy's wrapping
        reason = str(cause).strip().splitlines()[0] if str(cause).strip() else type(cause).__name__
        return OpenedStore(
            SessionProgressStore(),
            f"Progress is kept for this visit only: the progress database ({settings.shown_url}, "
            f"from {settings.source}) cannot be used ({reason}).",
        )


def _streamlit_engine(settings: StorageSettings) -> Engine:
    """The engine of Streamlit's cached ``st.connection`` for the progress database."""
    import streamlit as st  # only the app needs Streamlit; tests and scripts use make_engine

    _make_sqlite_folder(settings.url)
    connection = st.connection(CONNECTION_NAME, type="sql", url=settings.url, **engine_options(settings.url))
    return connection.engine


#: What a database fault looks like to the app: the driver's errors (wrapped by SQLAlchemy) and the OS's.
DATABASE_ERRORS: tuple[type[BaseException], ...] = (SQLAlchemyError, OSError, sqlite3.Error)


class GuardedStore:
    """A lasting store that, at its first database fault, goes on with session-only progress instead of failing.

    A mirror in memory follows everything read and written, so the switch keeps what the visit already showed;
    ``error`` holds the fault's plain reason once it happened (the app says so).
    """

    def __init__(self, store: ProgressStore) -> None:
        self.primary = store
        self.mirror = SessionProgressStore()
        self.failed = False
        self.error = ""

    @property
    def persistent(self) -> bool:
        """True while progress still goes to the database."""
        return not self.failed and self.primary.persistent

    def load(self, learner: Learner) -> Progress:
        """Everything stored for ``learner``: from the database, or from the mirror once it failed."""
        if not self.failed:
            try:
                progress = self.primary.load(learner)
            except DATABASE_ERRORS as exc:
                self._fail(exc)
            else:
                self.mirror.put(learner, progress)
                return progress
        return self.mirror.load(learner)

    def save_lesson(self, learner: Learner, lesson_id: str, step: int, stars: int | None = None,
                    moves: tuple[str, ...] = ()) -> None:
        """Remember the step and its moves (and stars); kept for this visit only if the database fails."""
        if not self.failed:
            try:
                self.primary.save_lesson(learner, lesson_id, step, stars, moves)
            except DATABASE_ERRORS as exc:
                self._fail(exc)
        self.mirror.save_lesson(learner, lesson_id, step, stars, moves)

    def record_answer(self, learner: Learner, answer: Answer) -> None:
        """Add one practice answer; kept for this visit only if the database fails."""
        if not self.failed:
            try:
                self.primary.record_answer(learner, answer)
            except DATABASE_ERRORS as exc:
                self._fail(exc)
        self.mirror.record_answer(learner, answer)

    def save_steps(self, learner: Learner, lesson_id: str, results: dict[int, StepResult]) -> None:
        """Add what the lesson runner saw in these steps; kept for this visit only if the database fails."""
        if not self.failed:
            try:
                self.primary.save_steps(learner, lesson_id, results)
            except DATABASE_ERRORS as exc:
                self._fail(exc)
        self.mirror.save_steps(learner, lesson_id, results)

    def plan(self, learner: Learner) -> dict[Item, datetime]:
        """When each of the learner's review cards is due; none once the database failed (the plan lives there)."""
        if not self.failed:
            try:
                return self.primary.plan(learner)
            except DATABASE_ERRORS as exc:
                self._fail(exc)
        return {}

    def _fail(self, exc: BaseException) -> None:
        log.warning("progress database failed, keeping progress for this visit only: %s", exc)
        cause = getattr(exc, "orig", None) or exc
        text = str(cause).strip()
        self.failed = True
        self.error = text.splitlines()[0] if text else type(cause).__name__
