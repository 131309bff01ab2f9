"""Teachers' classes in the progress database: making a class, finding it by its code or its teacher link, the class
view's queries, moving a learner in and removing one. Same database, engine and schema upgrades as the progress
store (``progress_sql.py`` holds the tables)."""

from __future__ import annotations

import logging
from collections import defaultdict
from contextlib import AbstractContextManager
from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from practice import SKILL_IDS, skill_mastery
from practice.mastery import RECENT

from .classes import (
    ClassLearner,
    ClassRefused,
    ClassReport,
    MissedQuestion,
    NewClass,
    SchoolClass,
    Unclassed,
    check_class_name,
    new_class_code,
    new_secret,
    normal_code,
    same_hash,
    secret_hash,
)
from .progress import Answer, Learner, LessonProgress
from .progress_sql import (
    _INSERTS,
    DATABASE_ERRORS,
    SchemaTooNewError,
    StorageSettings,
    _as_utc,
    _now,
    _streamlit_engine,
    answers,
    classes,
    ensure_schema,
    learners,
    lesson_progress,
    make_engine,
    moved_learners,
    read_storage_settings,
    write_transaction,
)

log = logging.getLogger(__name__)

MISSED_SHOWN = 10
UNCLASSED_SHOWN = 50
_CODE_TRIES = 20


class SqlClassBook:
    """The classes kept in an SQL database (SQLite or PostgreSQL); each change is one transaction."""

    def __init__(self, engine: Engine) -> None:
        if engine.dialect.name not in _INSERTS:
            raise ValueError(f"database {engine.dialect.name!r}: classes are stored in SQLite or PostgreSQL only")
        self.engine = engine
        ensure_schema(engine)
        self._insert = _INSERTS[engine.dialect.name]

    @classmethod
    def from_url(cls, url: str) -> SqlClassBook:
        """The classes in the database at ``url`` (made and migrated if needed)."""
        return cls(make_engine(url))

    # --- classes ----------------------------------------------------------------------------------------------------

    def create(self, name: str) -> NewClass:
        """Make a class named ``name`` with a fresh code and teacher link; `ClassRefused` for an unusable name."""
        name = check_class_name(name)
        secret = new_secret()
        for _attempt in range(_CODE_TRIES):
            school_class = SchoolClass(new_class_code(), name, _now())
            try:
                with self._writing() as conn:
                    conn.execute(classes.insert().values(code=school_class.code, name=name,
                                                         secret_hash=secret_hash(secret),
                                                         created_at=school_class.created))
            except IntegrityError:  # that code is taken already: draw another
                continue
            return NewClass(school_class, secret)
        raise RuntimeError(f"no free class code after {_CODE_TRIES} tries")

    def find(self, code: str) -> SchoolClass | None:
        """The class whose code is ``code`` (in any case, spaces around), or None."""
        with self.engine.connect() as conn, conn.begin():
            row = conn.execute(sa.select(classes.c.code, classes.c.name, classes.c.created_at)
                               .where(classes.c.code == normal_code(code))).first()
        return SchoolClass(row[0], row[1], _as_utc(row[2])) if row else None

    def by_secret(self, secret: str) -> SchoolClass | None:
        """The class a teacher link's secret opens, or None (a wrong or empty secret opens nothing)."""
        if not secret or not secret.strip():
            return None
        wanted = secret_hash(secret)
        with self.engine.connect() as conn, conn.begin():
            row = conn.execute(sa.select(classes.c.code, classes.c.name, classes.c.created_at, classes.c.secret_hash)
                               .where(classes.c.secret_hash == wanted)).first()
        if row is None or not same_hash(row[3], wanted):
            return None
        return SchoolClass(row[0], row[1], _as_utc(row[2]))

    def nickname_taken(self, learner: Learner) -> bool:
        """Whether a learner with this nickname (any case) is already in the learner's class."""
        with self.engine.connect() as conn, conn.begin():
            return conn.scalar(sa.select(sa.func.count()).where(learners.c.key == learner.key)) > 0

    # --- the class view ---------------------------------------------------------------------------------------------

    def report(self, school_class: SchoolClass, missed: int = MISSED_SHOWN) -> ClassReport:
        """Everything the class view shows, read in one transaction."""
        code = school_class.code
        with self.engine.connect() as conn, conn.begin():
            members = conn.execute(sa.select(learners.c.key, learners.c.nickname, learners.c.created_at)
                                   .where(learners.c.class_code == code)).all()
            lessons = _lessons(conn, code)
            recent = _recent_answers(conn, code)
            last_answer = _last_answers(conn, code)
            missed_rows = _missed(conn, code, missed)
        shown = []
        for key, nickname, _created in members:
            seen = [when for when in (*(p.updated for p in lessons[key].values()), last_answer.get(key)) if when]
            mastery = {skill: skill_mastery(recent[key], skill) for skill in SKILL_IDS}
            # Games played stay None (no column) until the Play page keeps a record of games: the seam to fill.
            shown.append(ClassLearner(nickname, key, max(seen) if seen else None, lessons[key], mastery))
        shown.sort(key=lambda learner: (learner.nickname.casefold(), learner.key))
        return ClassReport(school_class, tuple(shown), missed_rows)

    def unclassed(self, since: datetime, limit: int = UNCLASSED_SHOWN) -> tuple[Unclassed, ...]:
        """Learners without a class code who did something since ``since``, latest first (a teacher moves in those
        who forgot the code)."""
        last_lesson = (sa.select(lesson_progress.c.learner_key.label("key"),
                                 sa.func.max(lesson_progress.c.updated_at).label("at"))
                       .group_by(lesson_progress.c.learner_key))
        last_answer = sa.select(answers.c.learner_key.label("key"), sa.func.max(answers.c.at).label("at")) \
            .group_by(answers.c.learner_key)
        activity = sa.union_all(last_lesson, last_answer).subquery()
        latest = sa.func.max(activity.c.at)
        query = (sa.select(learners.c.key, learners.c.nickname, latest)
                 .join(activity, activity.c.key == learners.c.key)
                 .where(learners.c.class_code == "", learners.c.key.not_in(sa.select(moved_learners.c.old_key)))
                 .group_by(learners.c.key, learners.c.nickname)
                 .having(latest >= since)
                 .order_by(latest.desc(), learners.c.key)
                 .limit(limit))
        with self.engine.connect() as conn, conn.begin():
            rows = conn.execute(query).all()
        return tuple(Unclassed(row[1], row[0], _as_utc(row[2])) for row in rows)

    # --- changes ----------------------------------------------------------------------------------------------------

    def move_in(self, key: str, school_class: SchoolClass) -> Learner:
        """Move the learner stored under ``key`` into ``school_class`` with all their progress; a visit still signed
        in under the old key goes on writing to the new one. `ClassRefused` if the class already has that nickname
        (``"nickname_taken"``) or the learner is gone (``"unknown_learner"``)."""
        with self._writing() as conn:
            row = conn.execute(sa.select(learners.c.nickname, learners.c.created_at)
                               .where(learners.c.key == key)).first()
            if row is None:
                raise ClassRefused("unknown_learner", f"no learner is stored under {key!r}")
            moved = Learner(row[0], school_class.code)
            if conn.scalar(sa.select(sa.func.count()).where(learners.c.key == moved.key)):
                raise ClassRefused("nickname_taken", f"class {school_class.code} already has a {row[0]!r}")
            conn.execute(learners.insert().values(key=moved.key, nickname=moved.nickname,
                                                  class_code=moved.class_code, created_at=row[1]))
            for table in (lesson_progress, answers):
                conn.execute(table.update().where(table.c.learner_key == key).values(learner_key=moved.key))
            conn.execute(moved_learners.update().where(moved_learners.c.new_key == key).values(new_key=moved.key))
            conn.execute(moved_learners.insert().values(old_key=key, new_key=moved.key))
            conn.execute(learners.delete().where(learners.c.key == key))
        return moved

    def remove(self, key: str, school_class: SchoolClass) -> bool:
        """Delete a learner of ``school_class`` and every record of theirs; False if no such learner is in it."""
        with self._writing() as conn:
            found = conn.scalar(sa.select(sa.func.count()).where(learners.c.key == key,
                                                                 learners.c.class_code == school_class.code))
            if not found:
                return False
            conn.execute(moved_learners.delete().where(sa.or_(moved_learners.c.new_key == key,
                                                              moved_learners.c.old_key == key)))
            for table in (lesson_progress, answers):
                conn.execute(table.delete().where(table.c.learner_key == key))
            conn.execute(learners.delete().where(learners.c.key == key))
        return True

    def _writing(self) -> AbstractContextManager[Connection]:
        """A connection in a write transaction (see `write_transaction`)."""
        return write_transaction(self.engine)


def _lessons(conn: Connection, code: str) -> defaultdict[str, dict[str, LessonProgress]]:
    """Every lesson of every learner of the class, by learner key."""
    rows = conn.execute(
        sa.select(lesson_progress.c.learner_key, lesson_progress.c.lesson_id, lesson_progress.c.step,
                  lesson_progress.c.stars, lesson_progress.c.finished, lesson_progress.c.updated_at)
        .join(learners, learners.c.key == lesson_progress.c.learner_key)
        .where(learners.c.class_code == code)
    ).all()
    found: defaultdict[str, dict[str, LessonProgress]] = defaultdict(dict)
    for key, lesson_id, step, stars, finished, updated in rows:
        found[key][lesson_id] = LessonProgress(lesson_id, step, stars, bool(finished), _as_utc(updated))
    return found


def _recent_answers(conn: Connection, code: str) -> defaultdict[str, list[Answer]]:
    """The answers mastery looks at — each learner's latest few per skill — oldest first, by learner key."""
    ranked = (
        sa.select(answers.c.learner_key, answers.c.skill, answers.c.code, answers.c.correct, answers.c.at,
                  answers.c.id,
                  sa.func.row_number().over(partition_by=(answers.c.learner_key, answers.c.skill),
                                            order_by=answers.c.id.desc()).label("rank"))
        .join(learners, learners.c.key == answers.c.learner_key)
        .where(learners.c.class_code == code, answers.c.skill.in_(SKILL_IDS))
        .subquery()
    )
    rows = conn.execute(sa.select(ranked.c.learner_key, ranked.c.skill, ranked.c.code, ranked.c.correct,
                                  ranked.c.at)
                        .where(ranked.c.rank <= RECENT).order_by(ranked.c.id)).all()
    found: defaultdict[str, list[Answer]] = defaultdict(list)
    for key, skill, question, correct, at in rows:
        found[key].append(Answer(skill, question, bool(correct), _as_utc(at)))
    return found


def _last_answers(conn: Connection, code: str) -> dict[str, datetime]:
    """When each learner of the class last answered a practice question."""
    rows = conn.execute(
        sa.select(answers.c.learner_key, sa.func.max(answers.c.at))
        .join(learners, learners.c.key == answers.c.learner_key)
        .where(learners.c.class_code == code)
        .group_by(answers.c.learner_key)
    ).all()
    return {key: _as_utc(at) for key, at in rows}


def _missed(conn: Connection, code: str, limit: int) -> tuple[MissedQuestion, ...]:
    """The practice questions the class answered wrong most often (ties: more learners, then the code)."""
    wrong = sa.func.sum(sa.case((answers.c.correct, 0), else_=1))
    who = sa.func.count(sa.distinct(sa.case((answers.c.correct, None), else_=answers.c.learner_key)))
    rows = conn.execute(
        sa.select(answers.c.code, answers.c.skill, wrong, sa.func.count(), who)
        .join(learners, learners.c.key == answers.c.learner_key)
        .where(learners.c.class_code == code)
        .group_by(answers.c.code, answers.c.skill)
        .having(wrong > 0)
        .order_by(wrong.desc(), who.desc(), answers.c.code)
        .limit(limit)
    ).all()
    return tuple(MissedQuestion(row[0], row[1], int(row[2]), int(row[3]), int(row[4])) for row in rows)


def open_class_book(settings: StorageSettings | None = None) -> SqlClassBook | None:
    """The classes in the app's progress database, through Streamlit's cached connection; None (logged) when the
    database cannot be used — classes need a database, a visit-only store has none."""
    settings = settings or read_storage_settings()
    try:
        return SqlClassBook(_streamlit_engine(settings))
    except (*DATABASE_ERRORS, ImportError, ValueError, SchemaTooNewError) as exc:
        log.warning("classes unavailable: progress database %s: %s", settings.shown_url, exc)
        return None
