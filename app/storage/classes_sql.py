"""Teachers' classes in the progress database: making a class, finding it by its code or its teacher link, the class
view's queries, moving a learner in and removing one. Same database, engine and schema upgrades as the progress
store (``progress_sql.py`` holds the tables)."""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Iterable
from contextlib import AbstractContextManager
from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from app.storage.accounts import code_hash as personal_code_hash
from app.storage.accounts import name_look, new_personal_code, new_record_key, normal_personal_code, scripts_of
from app.storage.accounts_sql import Teacher, delete_learner
from app.storage.classes import (
    ClassLearner,
    ClassRefused,
    ClassReport,
    IssuedCode,
    MissedQuestion,
    SchoolClass,
    check_class_name,
    new_class_code,
    new_secret,
    normal_code,
    same_hash,
    secret_hash,
)
from app.storage.progress import Answer, Learner, LessonProgress, NameRefused, StepResult
from app.storage.progress_sql import (
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
    read_storage_settings,
    step_results,
    write_transaction,
)
from practice import SKILL_IDS, skill_mastery
from practice.mastery import RECENT

log = logging.getLogger(__name__)

MISSED_SHOWN = 10
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

    def create(self, name: str, teacher: Teacher) -> SchoolClass:
        """Make a class named ``name`` for ``teacher`` with a fresh code; a class of that name the teacher already has
        is that class (a double click, a second tab or a second server make one class). `ClassRefused` for an
        unusable name."""
        name = check_class_name(name)
        key = name_look(name)[:100]
        for _attempt in range(_CODE_TRIES):
            found = self._named(teacher, key)
            if found is not None:
                return found
            school_class = SchoolClass(new_class_code(), name, _now())
            try:
                with self._writing() as conn:
                    conn.execute(classes.insert().values(code=school_class.code, name=name,
                                                         secret_hash=secret_hash(new_secret()),  # nobody knows it
                                                         created_at=school_class.created, teacher_id=teacher.id,
                                                         name_key=key))
            except IntegrityError:  # that code is taken already, or the same class was made at the same moment
                continue
            return school_class
        raise RuntimeError(f"no free class code after {_CODE_TRIES} tries")

    def _named(self, teacher: Teacher, key: str) -> SchoolClass | None:
        with self.engine.connect() as conn, conn.begin():
            row = conn.execute(sa.select(classes.c.code, classes.c.name, classes.c.created_at)
                               .where(classes.c.teacher_id == teacher.id, classes.c.name_key == key)).first()
        return SchoolClass(row[0], row[1], _as_utc(row[2])) if row else None

    def classes_of(self, teacher: Teacher) -> tuple[SchoolClass, ...]:
        """The teacher's classes, newest first."""
        with self.engine.connect() as conn, conn.begin():
            rows = conn.execute(sa.select(classes.c.code, classes.c.name, classes.c.created_at)
                                .where(classes.c.teacher_id == teacher.id)
                                .order_by(classes.c.created_at.desc(), classes.c.code)).all()
        return tuple(SchoolClass(row[0], row[1], _as_utc(row[2])) for row in rows)

    def owned(self, teacher: Teacher, code: str) -> SchoolClass | None:
        """``teacher``'s class with this code, or None (no such class, or another teacher's)."""
        with self.engine.connect() as conn, conn.begin():
            row = conn.execute(sa.select(classes.c.code, classes.c.name, classes.c.created_at)
                               .where(classes.c.code == normal_code(code), classes.c.teacher_id == teacher.id)).first()
        return SchoolClass(row[0], row[1], _as_utc(row[2])) if row else None

    def find(self, code: str) -> SchoolClass | None:
        """The class whose code is ``code`` (in any case, with or without its hyphen), or None."""
        with self.engine.connect() as conn, conn.begin():
            row = conn.execute(sa.select(classes.c.code, classes.c.name, classes.c.created_at)
                               .where(classes.c.code == normal_code(code))).first()
        return SchoolClass(row[0], row[1], _as_utc(row[2])) if row else None

    def claim(self, teacher: Teacher, secret: str) -> SchoolClass | None:
        """Give ``teacher`` the class made before teacher accounts whose old teacher link's secret this is; None when
        the secret opens no class, or one that a teacher account already owns."""
        if not secret or not secret.strip():
            return None
        wanted = secret_hash(secret)
        with self._writing() as conn:
            row = conn.execute(sa.select(classes.c.code, classes.c.name, classes.c.created_at, classes.c.secret_hash,
                                         classes.c.teacher_id).where(classes.c.secret_hash == wanted)).first()
            if row is None or not same_hash(row[3], wanted) or row[4] is not None:
                return None
            conn.execute(classes.update().where(classes.c.code == row[0])
                         .values(teacher_id=teacher.id, name_key=f"{name_look(row[1])} {row[0]}"[:100]))
        return SchoolClass(row[0], row[1], _as_utc(row[2]))

    # --- the roster -------------------------------------------------------------------------------------------------

    def add_learners(self, school_class: SchoolClass, names: Iterable[str]) -> tuple[IssuedCode, ...]:
        """Put learners on the class roster, each with a new personal code (returned: the only moment it is known).
        All or nothing: `ClassRefused` names the first nickname that cannot be used — not a nickname, letters of
        two alphabets (``"nickname_mixed"``), or reading the same as one in the class or the list
        (``"nickname_taken"``)."""
        wanted = [" ".join(str(name).split()) for name in names]
        wanted = [name for name in wanted if name]
        with self._writing() as conn:
            looks = {name_look(row[0]) for row in conn.execute(
                sa.select(learners.c.nickname).where(learners.c.class_code == school_class.code))}
            made = []
            for typed in wanted:
                learner = _roster_learner(typed, school_class)
                look = name_look(learner.nickname)
                if look in looks:
                    raise ClassRefused("nickname_taken", f"the class already has {typed!r}", typed)
                looks.add(look)
                code = new_personal_code()
                conn.execute(learners.insert().values(key=learner.key, nickname=learner.nickname,
                                                      class_code=school_class.code, created_at=_now(),
                                                      code_hash=personal_code_hash(normal_personal_code(code) or "")))
                made.append(IssuedCode(learner.nickname, learner.key, code))
        return tuple(made)

    def reissue(self, school_class: SchoolClass, key: str) -> IssuedCode:
        """A new personal code for a learner of the class: the old one stops working at once, and every device
        signed in with it is signed out at its next action. `ClassRefused` (``"unknown_learner"``) if no such
        learner is in the class."""
        code = new_personal_code()
        with self._writing() as conn:
            nickname = conn.scalar(sa.select(learners.c.nickname)
                                   .where(learners.c.key == key, learners.c.class_code == school_class.code))
            if nickname is None:
                raise ClassRefused("unknown_learner", f"no learner {key!r} in class {school_class.code}")
            conn.execute(learners.update().where(learners.c.key == key)
                         .values(code_hash=personal_code_hash(normal_personal_code(code) or ""),
                                 epoch=learners.c.epoch + 1))
        return IssuedCode(nickname, key, code)

    def without_code(self, school_class: SchoolClass) -> tuple[tuple[str, str], ...]:
        """The (key, nickname) of the class's learners who have no personal code yet (kept from before codes)."""
        with self.engine.connect() as conn, conn.begin():
            rows = conn.execute(sa.select(learners.c.key, learners.c.nickname)
                                .where(learners.c.class_code == school_class.code, learners.c.code_hash.is_(None))
                                .order_by(learners.c.nickname)).all()
        return tuple((row[0], row[1]) for row in rows)

    def remove(self, key: str, school_class: SchoolClass) -> bool:
        """Delete a learner of ``school_class`` and every record of theirs (their devices are signed out at their next
        action); False if no such learner is in it."""
        with self._writing() as conn:
            found = conn.scalar(sa.select(sa.func.count()).where(learners.c.key == key,
                                                                 learners.c.class_code == school_class.code))
            if not found:
                return False
            delete_learner(conn, key)
        return True

    # --- the class view ---------------------------------------------------------------------------------------------

    def report(self, school_class: SchoolClass, missed: int = MISSED_SHOWN) -> ClassReport:
        """Everything the class view shows, read in one transaction."""
        code = school_class.code
        with self.engine.connect() as conn, conn.begin():
            members = conn.execute(sa.select(learners.c.key, learners.c.nickname, learners.c.last_seen_at,
                                             learners.c.code_hash.is_not(None))
                                   .where(learners.c.class_code == code)).all()
            lessons = _lessons(conn, code)
            steps = _steps(conn, code)
            recent = _recent_answers(conn, code)
            last_answer = _last_answers(conn, code)
            totals = _answer_totals(conn, code)
            missed_rows = _missed(conn, code, missed)
        shown = []
        for key, nickname, seen_at, has_code in members:
            seen = [when for when in (*(p.updated for p in lessons[key].values()), last_answer.get(key),
                                      _as_utc(seen_at) if seen_at else None) if when]
            mastery = {skill: skill_mastery(recent[key], skill) for skill in SKILL_IDS}
            # Games played stay None (no column) until the Play page keeps a record of games: the seam to fill.
            shown.append(ClassLearner(nickname, key, max(seen) if seen else None, lessons[key], mastery,
                                      steps=steps[key], answers=totals.get(key, {}), has_code=bool(has_code)))
        shown.sort(key=lambda learner: (learner.nickname.casefold(), learner.key))
        return ClassReport(school_class, tuple(shown), missed_rows)

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


def _steps(conn: Connection, code: str) -> defaultdict[str, dict[tuple[str, int], StepResult]]:
    """What every learner of the class did in each lesson step, by learner key."""
    rows = conn.execute(
        sa.select(step_results.c.learner_key, step_results.c.lesson_id, step_results.c.step, step_results.c.done,
                  step_results.c.mistakes, step_results.c.hints)
        .join(learners, learners.c.key == step_results.c.learner_key)
        .where(learners.c.class_code == code)
    ).all()
    found: defaultdict[str, dict[tuple[str, int], StepResult]] = defaultdict(dict)
    for key, lesson_id, step, done, mistakes, hints in rows:
        found[key][(lesson_id, step)] = StepResult(bool(done), int(mistakes), int(hints))
    return found


def _answer_totals(conn: Connection, code: str) -> dict[str, dict[str, tuple[int, int]]]:
    """Every learner's practice answers per skill, right and in all, by learner key."""
    right = sa.func.sum(sa.case((answers.c.correct, 1), else_=0))
    rows = conn.execute(
        sa.select(answers.c.learner_key, answers.c.skill, right, sa.func.count())
        .join(learners, learners.c.key == answers.c.learner_key)
        .where(learners.c.class_code == code)
        .group_by(answers.c.learner_key, answers.c.skill)
    ).all()
    found: dict[str, dict[str, tuple[int, int]]] = defaultdict(dict)
    for key, skill, good, total in rows:
        found[key][skill] = (int(good), int(total))
    return found


def _roster_learner(typed: str, school_class: SchoolClass) -> Learner:
    """The learner a typed roster name makes (a new random key); `ClassRefused` for a name that cannot be one."""
    try:
        learner = Learner(typed, school_class.code, new_record_key("m"))
    except NameRefused as refused:
        raise ClassRefused(f"nickname_{refused.code}", f"{typed!r}: {refused}", typed) from None
    if len(scripts_of(learner.nickname)) > 1:
        raise ClassRefused("nickname_mixed", f"{typed!r} mixes letters of two alphabets", typed)
    return learner


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
