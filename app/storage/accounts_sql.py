"""Accounts in the progress database: teachers (Argon2 password hashes, or single sign-on), learners signing in with
their personal code, guests kept on the server, the tokens that reopen them, and failed tries slowed down — shared
by every app server on the same database (``progress_sql.py`` holds the tables and their upgrades)."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from app.storage.accounts import (
    DUMMY_HASH,
    FORGET_AFTER,
    AccountRefused,
    Claims,
    SchoolSettings,
    Tokens,
    check_teacher_name,
    code_hash,
    hash_password,
    name_key,
    needs_rehash,
    new_key,
    new_record_key,
    normal_personal_code,
    password_problem,
    read_school_settings,
    verify_password,
    wait_after,
)
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
    app_keys,
    attempts,
    classes,
    ensure_schema,
    learner_puzzle_ratings,
    learners,
    lesson_progress,
    make_engine,
    moved_learners,
    puzzle_attempts,
    read_storage_settings,
    review_cards,
    review_items,
    step_results,
    teachers,
    write_transaction,
)
from practice.plan import items_of_skill

log = logging.getLogger(__name__)

TOKEN_KEY_NAME = "token_key"
GUEST_NICKNAME = "guest"
GUEST_KEPT = timedelta(days=180)  # a guest's record lasts half a year after the guest was last seen


@dataclass(frozen=True)
class Teacher:
    """A teacher account: its id, the name shown, the epoch its tokens carry, and whether it signs in through the
    school's single sign-on (then it has no password here)."""

    id: str
    name: str
    epoch: int = 0
    sso: bool = False


class SqlAccounts:
    """Teacher and learner accounts in an SQL database (SQLite or PostgreSQL); each change is one transaction."""

    def __init__(self, engine: Engine, settings: SchoolSettings | None = None) -> None:
        if engine.dialect.name not in _INSERTS:
            raise ValueError(f"database {engine.dialect.name!r}: accounts are stored in SQLite or PostgreSQL only")
        self.engine = engine
        self.settings = settings or read_school_settings()
        ensure_schema(engine)
        self._insert = _INSERTS[engine.dialect.name]
        self.tokens = Tokens(self.settings.secret_key or self._stored_key())

    @classmethod
    def from_url(cls, url: str, settings: SchoolSettings | None = None) -> SqlAccounts:
        """The accounts in the database at ``url`` (made and migrated if needed)."""
        return cls(make_engine(url), settings)

    def _stored_key(self) -> str:
        """The token key kept in the database, made by the first server that needed it (the others read it). Read
        first: every visit opens the accounts, and only the very first one needs to write."""
        wanted = sa.select(app_keys.c.value).where(app_keys.c.name == TOKEN_KEY_NAME)
        with self.engine.connect() as conn, conn.begin():
            found = conn.scalar(wanted)
        if found is not None:
            return str(found)
        with write_transaction(self.engine) as conn:
            conn.execute(self._insert(app_keys).values(name=TOKEN_KEY_NAME, value=new_key())
                         .on_conflict_do_nothing(index_elements=[app_keys.c.name]))
            return str(conn.scalar(wanted))

    # --- learners ---------------------------------------------------------------------------------------------------

    def new_guest(self) -> Learner:
        """A guest's record on the server, reopened later only by its token."""
        guest = Learner(GUEST_NICKNAME, key=new_record_key("g"), guest=True)
        with write_transaction(self.engine) as conn:
            now = _now()
            conn.execute(learners.insert().values(key=guest.key, nickname=guest.nickname, class_code="", guest=True,
                                                  created_at=now, last_seen_at=now))
        return guest

    def learner_token(self, learner: Learner) -> str:
        """The token the browser keeps to reopen ``learner``'s record (while their epoch stays the same)."""
        with self.engine.connect() as conn, conn.begin():
            epoch = conn.scalar(sa.select(learners.c.epoch).where(learners.c.key == learner.key))
        return self.tokens.issue("learner", learner.key, int(epoch or 0))

    def open_learner_token(self, token: object) -> Learner | None:
        """The learner a token reopens, or None: a token this server did not sign, one expired, or one whose record
        is gone (removed) or has moved on (its code was reissued)."""
        claims = self.tokens.read(token)
        if claims is None or claims.kind != "learner":
            return None
        return self.learner_now(claims)

    def learner_now(self, claims: Claims) -> Learner | None:
        """The learner ``claims`` name, if their record is still there and still at the claims' epoch."""
        with self.engine.connect() as conn, conn.begin():
            row = conn.execute(sa.select(learners.c.nickname, learners.c.class_code, learners.c.guest,
                                         learners.c.epoch).where(learners.c.key == claims.subject)).first()
        if row is None or int(row[3]) != claims.epoch:
            return None
        return Learner(row[0], row[1], claims.subject, bool(row[2]))

    def still_signed_in(self, learner: Learner, epoch: int) -> bool:
        """Whether ``learner``'s record is still there at ``epoch`` (a teacher may have removed them or reissued
        their code since): the check made at each of their actions."""
        return self.learner_now(Claims("learner", learner.key, epoch)) is not None

    def epoch_of(self, learner: Learner) -> int | None:
        """The epoch of ``learner``'s record now (None: no such record)."""
        with self.engine.connect() as conn, conn.begin():
            epoch = conn.scalar(sa.select(learners.c.epoch).where(learners.c.key == learner.key))
        return None if epoch is None else int(epoch)

    def sign_in_code(self, typed: str, scopes: Iterable[str]) -> Learner:
        """The learner whose personal code was typed; `AccountRefused` with ``"wait"`` (and the seconds) while
        failed tries in one of ``scopes`` (this visit, this address) are being slowed down, ``"not_a_code"`` for
        text that cannot be a code and ``"unknown_code"`` for a code nobody has (both count as failed tries)."""
        scopes = tuple(scopes)
        self.check_wait(scopes)
        symbols = normal_personal_code(typed)
        found = None
        if symbols is not None:
            with self.engine.connect() as conn, conn.begin():
                row = conn.execute(sa.select(learners.c.key, learners.c.nickname, learners.c.class_code)
                                   .where(learners.c.code_hash == code_hash(symbols))).first()
            if row is not None:
                found = Learner(row[1], row[2], row[0])
        if found is None:
            self.failed(scopes)
            raise AccountRefused("not_a_code" if symbols is None else "unknown_code", "no learner has that code")
        self.forget_failures(scopes[:1])  # the visit starts afresh; an address shared by a class keeps its count
        self.touch(found)
        return found

    def forget_idle_guests(self, idle: timedelta = GUEST_KEPT) -> int:
        """Delete the records of guests not seen for ``idle`` (their browsers still hold a token, which then opens
        nothing: the visitor starts afresh); the number deleted."""
        before = _now() - idle
        with write_transaction(self.engine) as conn:
            keys = [row[0] for row in conn.execute(
                sa.select(learners.c.key).where(learners.c.guest.is_(True),
                                                sa.func.coalesce(learners.c.last_seen_at, learners.c.created_at)
                                                < before).limit(1000))]
            for key in keys:
                delete_learner(conn, key)
        return len(keys)

    def class_name(self, code: str) -> str | None:
        """The name of the class with this code (None: no such class)."""
        with self.engine.connect() as conn, conn.begin():
            return conn.scalar(sa.select(classes.c.name).where(classes.c.code == code))

    def touch(self, learner: Learner) -> None:
        """Note that ``learner`` signed in or came back now (the teacher's view shows them at once)."""
        with write_transaction(self.engine) as conn:
            conn.execute(learners.update().where(learners.c.key == learner.key).values(last_seen_at=_now()))

    def carry_over(self, guest: Learner, learner: Learner) -> None:
        """Move what the server recorded for ``guest`` into ``learner``'s record (best stars, every answer, the step
        results added up, the plan's cards reviewed with those answers), then delete the guest's record: the guest
        signed in with a personal code."""
        if not guest.guest or guest.key == learner.key:
            return
        with write_transaction(self.engine) as conn:
            if conn.scalar(sa.select(learners.c.guest).where(learners.c.key == guest.key)) is not True:
                return  # not a guest's record (any more): nothing to carry
            _merge_lessons(conn, self._insert, guest.key, learner.key)
            _merge_steps(conn, self._insert, guest.key, learner.key)
            carried = conn.execute(sa.select(answers.c.skill, answers.c.correct, answers.c.at)
                                   .where(answers.c.learner_key == guest.key).order_by(answers.c.id)).all()
            conn.execute(answers.update().where(answers.c.learner_key == guest.key).values(learner_key=learner.key))
            for skill, correct, at in carried:  # the daily plan starts from what the guest already answered
                review_items(conn, learner.key, items_of_skill(skill), bool(correct), _as_utc(at))
            delete_learner(conn, guest.key)

    # --- teachers ---------------------------------------------------------------------------------------------------

    def sign_up(self, name: str, password: str, invitation: str = "") -> Teacher:
        """A new teacher account; `AccountRefused` when sign-up is closed, the invitation code is wrong, the name is
        unusable or taken, or the password too weak."""
        if self.settings.sign_up == "closed":
            raise AccountRefused("sign_up_closed", "this school makes teacher accounts itself")
        if self.settings.sign_up == "invitation" and not self.settings.invitation_ok(invitation):
            raise AccountRefused("bad_invitation", "the invitation code is not this school's")
        name = check_teacher_name(name)
        problem = password_problem(password, name)
        if problem is not None:
            raise AccountRefused(problem, "the password cannot be used")
        teacher = Teacher(new_record_key("t"), name)
        try:
            with write_transaction(self.engine) as conn:
                conn.execute(teachers.insert().values(id=teacher.id, name=name, name_key=name_key(name),
                                                      password_hash=hash_password(password), created_at=_now()))
        except IntegrityError:
            raise AccountRefused("name_taken", "a teacher already has that name") from None
        return teacher

    def sign_in_teacher(self, name: str, password: str, scopes: Iterable[str]) -> Teacher:
        """The teacher whose name and password these are; `AccountRefused` with ``"wait"`` while failed tries of
        this name, visit or address are slowed down, ``"wrong_password"`` otherwise (the same for an unknown name)."""
        key = name_key(" ".join(str(name).split()))
        scopes = (*scopes, f"teacher:{key}")
        self.check_wait(scopes)
        with self.engine.connect() as conn, conn.begin():
            row = conn.execute(sa.select(teachers.c.id, teachers.c.name, teachers.c.epoch, teachers.c.password_hash)
                               .where(teachers.c.name_key == key)).first()
        if row is None:
            verify_password(DUMMY_HASH, password)  # as slow as a real check: a refusal does not tell who exists
            self.failed(scopes)
            raise AccountRefused("wrong_password", "wrong name or password")
        if not verify_password(row[3], password):
            self.failed(scopes)
            raise AccountRefused("wrong_password", "wrong name or password")
        if needs_rehash(row[3]):
            with write_transaction(self.engine) as conn:
                conn.execute(teachers.update().where(teachers.c.id == row[0])
                             .values(password_hash=hash_password(password)))
        self.forget_failures(scopes)
        return Teacher(row[0], row[1], int(row[2]))

    def sso_teacher(self, issuer: str, subject: str, name: str, email: str = "") -> Teacher:
        """The teacher account of a single sign-on user, made at their first sign-in; `AccountRefused`
        (``"sso_domain"``) when the school lets only some e-mail domains be teachers and this one is not among them."""
        domains = self.settings.sso_domains
        domain = email.rpartition("@")[2].casefold()
        if domains and domain not in domains:
            raise AccountRefused("sso_domain", "this account's domain is not one of the school's")
        sso = f"{issuer} {subject}"[:300]
        with write_transaction(self.engine) as conn:
            row = conn.execute(sa.select(teachers.c.id, teachers.c.name, teachers.c.epoch)
                               .where(teachers.c.sso_subject == sso)).first()
            if row is not None:
                return Teacher(row[0], row[1], int(row[2]), sso=True)
            shown = " ".join(str(name or email or subject).split())[:60] or subject[:60]
            teacher = Teacher(new_record_key("t"), shown, sso=True)
            conn.execute(teachers.insert().values(id=teacher.id, name=shown, name_key=f"sso {sso}"[:100],
                                                  sso_subject=sso, created_at=_now()))
        return teacher

    def teacher_token(self, teacher: Teacher) -> str:
        """The token the browser keeps to reopen ``teacher``'s account (until they sign out on every device)."""
        return self.tokens.issue("teacher", teacher.id, teacher.epoch)

    def open_teacher_token(self, token: object) -> Teacher | None:
        """The teacher a token reopens, or None (forged, expired, or signed out on every device since)."""
        claims = self.tokens.read(token)
        if claims is None or claims.kind != "teacher":
            return None
        return self.teacher_now(claims.subject, claims.epoch)

    def teacher_now(self, teacher_id: str, epoch: int) -> Teacher | None:
        """The teacher account ``teacher_id`` if it still accepts tokens of ``epoch``."""
        with self.engine.connect() as conn, conn.begin():
            row = conn.execute(sa.select(teachers.c.name, teachers.c.epoch, teachers.c.sso_subject)
                               .where(teachers.c.id == teacher_id)).first()
        if row is None or int(row[1]) != epoch:
            return None
        return Teacher(teacher_id, row[0], int(row[1]), sso=row[2] is not None)

    def sign_out_everywhere(self, teacher: Teacher) -> None:
        """Every token of ``teacher``'s account stops working (on every device, this one included)."""
        with write_transaction(self.engine) as conn:
            conn.execute(teachers.update().where(teachers.c.id == teacher.id).values(epoch=teachers.c.epoch + 1))

    # --- slowing down failed tries ----------------------------------------------------------------------------------

    def check_wait(self, scopes: Iterable[str]) -> None:
        """`AccountRefused` (``"wait"``, with ``wait`` seconds) while any of ``scopes`` must still wait."""
        wait = self.wait_for(scopes)
        if wait > 0:
            raise AccountRefused("wait", f"too many failed tries: wait {wait} s", wait=wait)

    def wait_for(self, scopes: Iterable[str], now: datetime | None = None) -> int:
        """Seconds before the next try may be made in every one of ``scopes`` (0: now)."""
        now = now or _now()
        scopes = [scope[:200] for scope in scopes]
        with self.engine.connect() as conn, conn.begin():
            rows = conn.execute(sa.select(attempts.c.failures, attempts.c.last_at)
                                .where(attempts.c.scope.in_(scopes))).all()
        waits = [0]
        for failures, last_at in rows:
            since = (now - _as_utc(last_at)).total_seconds()
            if since < FORGET_AFTER:
                waits.append(int(wait_after(int(failures)) - since + 0.999))
        return max(waits)

    def failed(self, scopes: Iterable[str]) -> None:
        """Count one failed try in each of ``scopes`` (a scope quiet for an hour starts again from one)."""
        now = _now()
        forgotten = now - timedelta(seconds=FORGET_AFTER)
        with write_transaction(self.engine) as conn:
            for scope in dict.fromkeys(scope[:200] for scope in scopes):
                insert = self._insert(attempts).values(scope=scope, failures=1, last_at=now)
                stored = attempts.c
                conn.execute(insert.on_conflict_do_update(
                    index_elements=[stored.scope],
                    set_={"failures": sa.case((stored.last_at < forgotten, 1), else_=stored.failures + 1),
                          "last_at": now},
                ))

    def forget_failures(self, scopes: Iterable[str]) -> None:
        """Forget the failed tries of ``scopes`` (after a success)."""
        with write_transaction(self.engine) as conn:
            conn.execute(attempts.delete().where(attempts.c.scope.in_([scope[:200] for scope in scopes])))


def delete_learner(conn: Connection, key: str) -> None:
    """Delete a learner's record and every record of theirs, in the caller's transaction."""
    moved = moved_learners.c
    conn.execute(moved_learners.delete().where(sa.or_(moved.new_key == key, moved.old_key == key)))
    for table in (lesson_progress, answers, step_results, learner_puzzle_ratings, puzzle_attempts, review_cards):
        conn.execute(table.delete().where(table.c.learner_key == key))
    conn.execute(learners.delete().where(learners.c.key == key))


def _merge_lessons(conn: Connection, insert: object, source: str, target: str) -> None:
    """Carry ``source``'s lessons into ``target``: a lesson ``target`` has not opened comes whole; one both opened
    keeps ``target``'s step, the best stars and finished if either finished it."""
    rows = conn.execute(sa.select(lesson_progress).where(lesson_progress.c.learner_key == source)).mappings().all()
    for row in rows:
        values = {**row, "learner_key": target}
        statement = insert(lesson_progress).values(**values)  # type: ignore[operator]  # the dialect's insert
        stored, new = lesson_progress.c, statement.excluded
        conn.execute(statement.on_conflict_do_update(
            index_elements=[stored.learner_key, stored.lesson_id],
            set_={"stars": sa.case((new.stars > stored.stars, new.stars), else_=stored.stars),
                  "finished": sa.or_(stored.finished, new.finished)},
        ))
    conn.execute(lesson_progress.delete().where(lesson_progress.c.learner_key == source))


def _merge_steps(conn: Connection, insert: object, source: str, target: str) -> None:
    """Carry ``source``'s step results into ``target``'s, adding the counts up."""
    rows = conn.execute(sa.select(step_results).where(step_results.c.learner_key == source)).mappings().all()
    for row in rows:
        statement = insert(step_results).values(**{**row, "learner_key": target})  # type: ignore[operator]
        stored, new = step_results.c, statement.excluded
        conn.execute(statement.on_conflict_do_update(
            index_elements=[stored.learner_key, stored.lesson_id, stored.step],
            set_={"done": sa.or_(stored.done, new.done), "mistakes": stored.mistakes + new.mistakes,
                  "hints": stored.hints + new.hints},
        ))
    conn.execute(step_results.delete().where(step_results.c.learner_key == source))


_last_cleanup: list[float] = []  # when this process last forgot idle guests (monotonic seconds)
CLEANUP_EVERY = 24 * 3600


def open_accounts(settings: StorageSettings | None = None) -> SqlAccounts | None:
    """The accounts in the app's progress database, through Streamlit's cached connection; None (logged) when the
    database cannot be used — signing in needs a database; without one, progress lasts for the visit. Once a day
    per process, idle guests' records are forgotten."""
    settings = settings or read_storage_settings()
    try:
        accounts = SqlAccounts(_streamlit_engine(settings))
        if not _last_cleanup or time.monotonic() - _last_cleanup[-1] > CLEANUP_EVERY:
            _last_cleanup[:] = [time.monotonic()]
            accounts.forget_idle_guests()
        return accounts
    except (*DATABASE_ERRORS, ImportError, ValueError, SchemaTooNewError) as exc:
        log.warning("accounts unavailable: progress database %s: %s", settings.shown_url, exc)
        return None


__all__ = ["DATABASE_ERRORS", "SqlAccounts", "Teacher", "delete_learner", "open_accounts"]
