"""Live rounds in the progress database (``live_rounds``, ``round_answers``): starting a round for a class, the
teacher's next / reveal / pause / end, a phone joining and answering, and the cheap reads the projector and the
phones follow. Every change is one transaction on the round's row, taken under a lock and bumping its ``version``
(a compare-and-swap: two tabs or two servers acting at once cannot both win); the answers' primary key makes a second
answer impossible. What is allowed is decided by ``practice.rounds``; this module only keeps it.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from app.storage.progress import Learner
from app.storage.progress_sql import (
    _INSERTS,
    DATABASE_ERRORS,
    SchemaTooNewError,
    StorageSettings,
    _as_utc,
    _now,
    _streamlit_engine,
    answers,
    ensure_schema,
    learners,
    live_rounds,
    make_engine,
    read_storage_settings,
    review_items,
    round_answers,
    write_transaction,
)
from engine import Move
from lessons.model import Lesson
from practice.plan import items_of_skill
from practice.rounds import (
    Asked,
    Item,
    Phase,
    Round,
    RoundRefused,
    Settings,
    Standing,
    items_from_json,
    items_to_json,
    leaderboard,
    resolve,
)

log = logging.getLogger(__name__)

#: ``round_answers`` rows of this number say that a learner's phone joined the round (how many are "there").
JOINED = -1
#: A round over this long ago is no longer shown on the phones.
OVER_SHOWN = timedelta(minutes=10)

Action = Callable[[Round, datetime], Round]
ACTIONS: dict[str, Action] = {"reveal": Round.reveal, "next": Round.next, "pause": Round.pause, "end": Round.end}


@dataclass(frozen=True)
class Given:
    """One learner's answer to a question of the round, as the server checked it."""

    number: int
    option: int
    right: bool


@dataclass(frozen=True)
class Count:
    """How many of the learners there (phones that joined) have answered the question under way."""

    answered: int
    present: int


class SqlRounds:
    """The live rounds in an SQL database (SQLite or PostgreSQL). ``lesson`` finds a loaded lesson by id (the app's
    library), for rounds that ask a lesson's question."""

    def __init__(self, engine: Engine, lesson: Callable[[str], Lesson]) -> None:
        if engine.dialect.name not in _INSERTS:
            raise ValueError(f"database {engine.dialect.name!r}: rounds are stored in SQLite or PostgreSQL only")
        self.engine = engine
        ensure_schema(engine)
        self._insert = _INSERTS[engine.dialect.name]
        self._lesson = lesson
        self.asked = lru_cache(maxsize=256)(self._asked)

    @classmethod
    def from_url(cls, url: str, lesson: Callable[[str], Lesson]) -> SqlRounds:
        """The rounds in the database at ``url`` (made and migrated if needed)."""
        return cls(make_engine(url), lesson)

    def _asked(self, item: Item) -> Asked:
        """What an item asks (kept: the same item asks the same question every time)."""
        return resolve(item, self._lesson)

    # --- the teacher ------------------------------------------------------------------------------------------------

    def start(self, class_code: str, teacher_id: str, items: Sequence[Item], settings: Settings) -> Round:
        """Start a round of ``items`` for a class, its first question open at once; a round the class still had
        running ends. `RoundRefused` when an item is no question a round can ask (checked before anything is kept)."""
        if not items:
            raise RoundRefused("not_a_question", "a round needs at least one question")
        for item in items:
            self.asked(item)
        now = _now()
        made = Round(secrets.token_hex(12), class_code, tuple(items), 0, "open", settings, now)
        with self._writing() as conn:
            conn.execute(live_rounds.update()
                         .where(live_rounds.c.class_code == class_code, live_rounds.c.phase != "over")
                         .values(phase="over", phase_at=now, version=live_rounds.c.version + 1))
            conn.execute(live_rounds.insert().values(
                id=made.id, class_code=class_code, teacher_id=teacher_id, questions=items_to_json(items), number=0,
                phase="open", settings=settings.to_json(), phase_at=now, seconds_left=None, version=made.version,
                created_at=now))
        return made

    def act(self, round_id: str, action: str, version: int | None = None) -> Round:
        """The teacher's ``action`` (``reveal``, ``next``, ``pause``, ``end``) on the round as they saw it
        (``version``: a press on a round changed since is refused, ``stale``, so a doubled N skips no question)."""
        move = ACTIONS[action]
        with self._writing() as conn:
            found = _locked(conn, round_id)
            if found is None:
                raise RoundRefused("closed", f"no round {round_id!r}")
            if version is not None and found.version != version:
                raise RoundRefused("stale", f"the round is at version {found.version}, not {version}")
            changed = move(found, _now())
            _store(conn, changed, found.version)
        return changed

    # --- reading (cheap: one row by its index) ----------------------------------------------------------------------

    def current(self, class_code: str) -> Round | None:
        """The class's round: the one running, or the one over in the last few minutes (None: no round), settled
        first (a countdown run out is revealed: whoever reads first stores it, the version says so to the rest)."""
        with self.engine.connect() as conn, conn.begin():
            row = conn.execute(_columns().where(live_rounds.c.class_code == class_code)
                               .order_by(live_rounds.c.created_at.desc()).limit(1)).first()
        found = _round(row) if row is not None else None
        if found is None:
            return None
        if found.phase == "over" and _now() - found.phase_at > OVER_SHOWN:
            return None
        return self.settle(found)

    def get(self, round_id: str) -> Round | None:
        """A round by its id."""
        with self.engine.connect() as conn, conn.begin():
            row = conn.execute(_columns().where(live_rounds.c.id == round_id)).first()
        return _round(row) if row is not None else None

    def settle(self, found: Round) -> Round:
        """``found`` as it stands now: when its countdown ran out it is stored revealed (once, whoever comes first)."""
        now = _now()
        if found.settled(now) is None:
            return found
        with self._writing() as conn:
            fresh = _locked(conn, found.id)
            if fresh is None:
                return found
            changed = fresh.settled(now)
            if changed is None:
                return fresh
            _store(conn, changed, fresh.version)
        return changed

    def count(self, found: Round) -> Count:
        """How many of the learners there have answered the question under way (learners removed since are not
        counted)."""
        with self.engine.connect() as conn, conn.begin():
            return _count(conn, found.id, found.number)

    def picks(self, found: Round) -> tuple[int, ...]:
        """Every option picked for the question under way (for the tally), by learners still in the class."""
        with self.engine.connect() as conn, conn.begin():
            rows = conn.execute(sa.select(round_answers.c.answer)
                                .join(learners, learners.c.key == round_answers.c.learner_key)
                                .where(round_answers.c.round_id == found.id,
                                       round_answers.c.number == found.number)).all()
        return tuple(int(row[0]) for row in rows)

    def mine(self, round_id: str, learner_key: str) -> dict[int, Given]:
        """A learner's answers in the round, by question number."""
        with self.engine.connect() as conn, conn.begin():
            rows = conn.execute(sa.select(round_answers.c.number, round_answers.c.answer, round_answers.c.right)
                                .where(round_answers.c.round_id == round_id,
                                       round_answers.c.learner_key == learner_key,
                                       round_answers.c.number != JOINED)).all()
        return {row[0]: Given(row[0], int(row[1]), bool(row[2])) for row in rows}

    def standings(self, found: Round, size: int = 10) -> tuple[Standing, ...]:
        """The round's leaderboard so far, by nickname (questions still open are not counted)."""
        counted = found.number + (1 if found.phase in ("revealed", "over") else 0)
        with self.engine.connect() as conn, conn.begin():
            rows = conn.execute(sa.select(learners.c.nickname, round_answers.c.right)
                                .join(learners, learners.c.key == round_answers.c.learner_key)
                                .where(round_answers.c.round_id == found.id, round_answers.c.number >= 0,
                                       round_answers.c.number < counted)).all()
        return leaderboard(((row[0], bool(row[1])) for row in rows), size)

    # --- the phones -------------------------------------------------------------------------------------------------

    def join(self, found: Round, learner: Learner) -> None:
        """Count a learner's phone as there for the round (once; a learner not in the class is not counted)."""
        with self._writing() as conn:
            if not _in_class(conn, learner, found.class_code):
                return
            conn.execute(self._insert(round_answers)
                         .values(round_id=found.id, number=JOINED, learner_key=learner.key, answer="", right=False,
                                 answered_at=_now())
                         .on_conflict_do_nothing())

    def answer(self, round_id: str, learner: Learner, number: int, option: int | Move) -> Given:
        """Take a learner's answer to question ``number`` (the one their phone showed) in one transaction: checked
        by the round (`RoundRefused`: ``closed``, ``revealed``, ``paused``, ``not_an_option``), refused for a learner
        not in the class (``not_in_class``) and for a second answer (``answered``). A tap-to-play question takes the
        move made on the table: the engine checks it (an illegal move is refused, ``illegal`` with the engine's
        reason, and nothing is kept: the learner may try again) and its place among the legal moves is kept as the
        option (an option number sent instead is checked to be one). Recorded in the round and, for a
        practice question, among the learner's practice answers (mastery, the class record). When it was the last
        learner there to answer, the question is revealed in the same transaction."""
        now = _now()
        try:
            with self._writing() as conn:
                found = _locked(conn, round_id)
                if found is None:
                    raise RoundRefused("closed", f"no round {round_id!r}")
                if not _in_class(conn, learner, found.class_code):
                    raise RoundRefused("not_in_class", learner.key)
                if _given(conn, round_id, number, learner.key):  # said before "revealed": it is the learner's own
                    raise RoundRefused("answered", f"{learner.key} answered question {number + 1} already")
                asked = self.asked(found.item)
                picked, right = found.checked(now, number, asked, option)
                conn.execute(round_answers.insert().values(round_id=round_id, number=number,
                                                           learner_key=learner.key, answer=str(picked), right=right,
                                                           answered_at=now))
                conn.execute(self._insert(round_answers)
                             .values(round_id=round_id, number=JOINED, learner_key=learner.key, answer="",
                                     right=False, answered_at=now)
                             .on_conflict_do_nothing())
                if asked.skill is not None:
                    conn.execute(answers.insert().values(learner_key=learner.key, skill=asked.skill,
                                                         code=found.item.ref, correct=right, at=now))
                    review_items(conn, learner.key, items_of_skill(asked.skill), right, now)
                conn.execute(learners.update().where(learners.c.key == learner.key).values(last_seen_at=now))
                counted = _count(conn, round_id, number)
                settled = found.settled(now, counted.answered, counted.present)
                if settled is not None:
                    _store(conn, settled, found.version)
        except IntegrityError:
            raise RoundRefused("answered", f"{learner.key} answered question {number + 1} already") from None
        return Given(number, picked, right)

    def _writing(self) -> AbstractContextManager[Connection]:
        """A connection in a write transaction (see `write_transaction`)."""
        return write_transaction(self.engine)


def _columns() -> Any:
    c = live_rounds.c
    return sa.select(c.id, c.class_code, c.questions, c.number, c.phase, c.settings, c.phase_at, c.seconds_left,
                     c.version)


def _round(row: Any) -> Round:
    """A stored round."""
    phase: Phase = row[4]
    return Round(row[0], row[1], items_from_json(row[2]), int(row[3]), phase, Settings.from_json(row[5]),
                 _as_utc(row[6]), row[7], int(row[8]))


def _locked(conn: Connection, round_id: str) -> Round | None:
    """The round, its row locked until the transaction ends (PostgreSQL; SQLite's write lock is already held)."""
    row = conn.execute(_columns().where(live_rounds.c.id == round_id).with_for_update()).first()
    return _round(row) if row is not None else None


def _store(conn: Connection, changed: Round, seen: int) -> None:
    """Write a changed round over the version it was worked out from; `RoundRefused` (``stale``) if another
    change came first."""
    done = conn.execute(live_rounds.update()
                        .where(live_rounds.c.id == changed.id, live_rounds.c.version == seen)
                        .values(number=changed.number, phase=changed.phase, phase_at=changed.phase_at,
                                seconds_left=changed.seconds_left, version=changed.version))
    if done.rowcount != 1:
        raise RoundRefused("stale", f"round {changed.id} changed since version {seen}")


def _in_class(conn: Connection, learner: Learner, class_code: str) -> bool:
    """Whether the learner's record is there, in that class (a removed learner's is not)."""
    found = conn.scalar(sa.select(sa.func.count()).where(learners.c.key == learner.key,
                                                         learners.c.class_code == class_code))
    return bool(found)


def _given(conn: Connection, round_id: str, number: int, key: str) -> bool:
    """Whether the learner answered question ``number`` of the round already."""
    return conn.scalar(sa.select(sa.func.count()).where(
        round_answers.c.round_id == round_id, round_answers.c.number == number,
        round_answers.c.learner_key == key)) > 0


def _count(conn: Connection, round_id: str, number: int) -> Count:
    rows = conn.execute(sa.select(round_answers.c.number, sa.func.count())
                        .join(learners, learners.c.key == round_answers.c.learner_key)
                        .where(round_answers.c.round_id == round_id, round_answers.c.number.in_((JOINED, number)))
                        .group_by(round_answers.c.number)).all()
    found = {row[0]: int(row[1]) for row in rows}
    answered = found.get(number, 0)
    return Count(answered, max(found.get(JOINED, 0), answered))


def open_rounds(lesson: Callable[[str], Lesson], settings: StorageSettings | None = None) -> SqlRounds | None:
    """The rounds in the app's progress database, through Streamlit's cached connection; None (logged) when the
    database cannot be used (rounds need one)."""
    settings = settings or read_storage_settings()
    try:
        return SqlRounds(_streamlit_engine(settings), lesson)
    except (*DATABASE_ERRORS, ImportError, ValueError, SchemaTooNewError) as exc:
        log.warning("rounds unavailable: progress database %s: %s", settings.shown_url, exc)
        return None
