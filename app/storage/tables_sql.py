"""Class tables in the progress database (``class_tables``, ``table_seats``): opening a table, sitting, leaving, moves
and what the computers do, each one transaction that writes only on the version it read (compare-and-swap), so two
phones, two tabs or two app servers acting at once cannot both win. Nothing lives only in one server's memory: any
server reads the table, and the first reader after it is due (an idle seat, the next hand) advances it.

The rules of the table are `play.class_match`'s; this module only loads, checks who asks, and stores.
"""

from __future__ import annotations

import json
import logging
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine, Row

from app.storage.progress_sql import (
    _INSERTS,
    DATABASE_ERRORS,
    SchemaTooNewError,
    StorageSettings,
    _as_utc,
    _now,
    _streamlit_engine,
    class_tables,
    ensure_schema,
    learners,
    make_engine,
    read_storage_settings,
    table_seats,
    write_transaction,
)
from engine import Move
from play.class_match import CLOSED, OVER, ClassMatch, Refused, Seat
from play.game import Setup, new_seed

log = logging.getLogger(__name__)

#: Tables of one class listed at most (in the order they were opened): a class plays at ten or so at once.
LISTED = 30
#: Tables read whole, kept by (id, version) and shared by every phone this server draws (read-only).
CACHED = 128
#: A learner's finished tables offered for review at most, and how many of their latest are looked at to find them
#: (a table the teacher closed in the middle of a hand has no review).
FINISHED = 3
FINISHED_LOOKED_AT = 10


@dataclass(frozen=True)
class SeatNow:
    """A seat as the others see it: its learner (key and nickname; None: a computer) and whether they are away."""

    learner: str | None
    nickname: str | None
    away: bool = False


@dataclass(frozen=True)
class TableNow:
    """A class table as read: its id, class, the match (read-only: a change goes through `SqlTables`), its seats
    with nicknames, and when it last changed."""

    id: str
    class_code: str
    match: ClassMatch
    seats: tuple[SeatNow, ...]
    moved_at: datetime
    number: int = 0

    @property
    def version(self) -> int:
        """The table's version: every change makes a new one."""
        return self.match.version

    def reviewable_by(self, learner: str) -> bool:
        """Whether ``learner`` may review their moves here: they hold a seat, and the hand is over."""
        return self.match.seat_of(learner) is not None and self.match.game.hand_over


class SqlTables:
    """The class tables kept in an SQL database (SQLite or PostgreSQL)."""

    def __init__(self, engine: Engine) -> None:
        if engine.dialect.name not in _INSERTS:
            raise ValueError(f"database {engine.dialect.name!r}: tables are stored in SQLite or PostgreSQL only")
        self.engine = engine
        ensure_schema(engine)
        self._cache: OrderedDict[tuple[str, int], TableNow] = OrderedDict()
        self._lock = threading.Lock()

    @classmethod
    def from_url(cls, url: str) -> SqlTables:
        """The tables in the database at ``url`` (made and migrated if needed)."""
        return cls(make_engine(url))

    # --- opening and listing ----------------------------------------------------------------------------------------

    def open(self, class_code: str, table: str, *, players: int | None = None, target: int | None = None,
             idle: int = 60, seed: int | None = None, now: datetime | None = None) -> str:
        """Open a table of ``class_code`` (every seat free) and return its id; a bad table, target or idle limit is
        a ValueError saying which."""
        now = now or _now()
        setup = Setup(table, players, seed=new_seed() if seed is None else seed, target=target)
        match = ClassMatch.open(setup, idle, now.timestamp())
        table_id = secrets.token_hex(12)
        with write_transaction(self.engine) as conn:
            opened = conn.scalar(sa.select(sa.func.count()).select_from(class_tables)
                                 .where(class_tables.c.class_code == class_code)) or 0
            settings = {"table": table, "players": match.game.rules.players, "target": match.game.rules.target,
                        "idle": idle, "number": int(opened) + 1}
            conn.execute(class_tables.insert().values(
                id=table_id, class_code=class_code, setup=json.dumps(settings), record=match.record,
                state=match.state, version=match.version, moved_at=now, created_at=now, due_at=None))
            conn.execute(table_seats.insert(), [{"table_id": table_id, "seat": seat, "learner_key": None,
                                                 "seen_at": None, "away": False}
                                                for seat in range(len(match.seats))])
        return table_id

    def tables(self, class_code: str, *, closed: bool = False) -> tuple[TableNow, ...]:
        """The class's tables, in the order they were opened (those over or closed only with ``closed``); each read
        as it is now."""
        shown = class_tables.c
        query = sa.select(shown.id).where(shown.class_code == class_code)
        if not closed:
            query = query.where(shown.state.not_in((CLOSED, OVER)))
        with self.engine.connect() as conn:
            ids = conn.scalars(query.order_by(shown.created_at, shown.id).limit(LISTED)).all()
        found = [self.read(table_id) for table_id in ids]
        return tuple(table for table in found if table is not None)

    def finished(self, class_code: str, learner: str) -> tuple[TableNow, ...]:
        """``learner``'s last finished tables of ``class_code`` (over, or closed) where they still hold a seat and a
        hand is over, latest first, at most `FINISHED`: the matches whose review they may open again."""
        shown, seats = class_tables.c, table_seats.c
        query = (sa.select(shown.id).join(table_seats, seats.table_id == shown.id)
                 .where(shown.class_code == class_code, shown.state.in_((OVER, CLOSED)), seats.learner_key == learner)
                 .order_by(shown.moved_at.desc(), shown.id.desc()).limit(FINISHED_LOOKED_AT))
        with self.engine.connect() as conn:
            ids = conn.scalars(query).all()
        found: list[TableNow] = []
        for table_id in ids:
            table = self.read(table_id)
            if table is not None and table.reviewable_by(learner):
                found.append(table)
                if len(found) == FINISHED:
                    break
        return tuple(found)

    def versions(self, class_code: str) -> tuple[tuple[str, int], ...]:
        """The cheap read a phone at the list of tables makes: each open table's id and version, in the order of
        `tables`."""
        shown = class_tables.c
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(shown.id, shown.version)
                                .where(shown.class_code == class_code, shown.state.not_in((CLOSED, OVER)))
                                .order_by(shown.created_at, shown.id).limit(LISTED)).all()
        return tuple((row[0], int(row[1])) for row in rows)

    def version(self, table_id: str) -> tuple[int, datetime | None] | None:
        """The cheap read a phone makes every second or two: the table's version and when it is due to move by
        itself (None: no such table)."""
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(class_tables.c.version, class_tables.c.due_at)
                               .where(class_tables.c.id == table_id)).first()
        if row is None:
            return None
        return int(row[0]), _as_utc(row[1]) if row[1] is not None else None

    def read(self, table_id: str, now: datetime | None = None) -> TableNow | None:
        """The table as it is now (advanced first if it is due: the computer plays an idle seat, the next hand is
        dealt); None if there is no such table."""
        now = now or _now()
        found = self.version(table_id)
        if found is None:
            return None
        version, due = found
        if due is not None and due <= now:
            self._act(table_id, None, _advance, now)
            version = (self.version(table_id) or (version, None))[0]
        with self._lock:
            cached = self._cache.get((table_id, version))
            if cached is not None:
                self._cache.move_to_end((table_id, version))
                return cached
        with self.engine.connect() as conn:
            loaded = _load(conn, table_id)
        if loaded is None:
            return None
        table = _table_now(*loaded)
        with self._lock:
            self._cache[(table_id, table.version)] = table
            while len(self._cache) > CACHED:
                self._cache.popitem(last=False)
        return table

    # --- acting at a table ------------------------------------------------------------------------------------------

    def sit(self, table_id: str, learner: str, seat: int, now: datetime | None = None) -> Refused | None:
        """``learner`` (of the table's class) takes ``seat``, or comes back to it."""
        return self._act(table_id, learner, lambda match, at: match.sit(learner, seat, at), now)

    def leave(self, table_id: str, learner: str, now: datetime | None = None) -> Refused | None:
        """``learner`` gets up; the computer takes the seat (the last learner out closes the table)."""
        return self._act(table_id, learner, lambda match, at: match.leave(learner, at), now)

    def start(self, table_id: str, learner: str, now: datetime | None = None) -> Refused | None:
        """Start the match with computers in the empty seats."""
        return self._act(table_id, learner, lambda match, at: match.start(learner, at), now)

    def back(self, table_id: str, learner: str, now: datetime | None = None) -> Refused | None:
        """The learner is back: the computer stops playing their seat."""
        return self._act(table_id, learner, lambda match, at: match.back(learner, at), now)

    def move(self, table_id: str, learner: str, move: Move, version: int,
             now: datetime | None = None) -> Refused | None:
        """A move from ``learner``'s phone, which saw the table at ``version``; the computers' moves that follow
        are made in the same transaction."""
        return self._act(table_id, learner, lambda match, at: match.move(learner, move, version, at), now)

    def next_hand(self, table_id: str, learner: str, version: int, now: datetime | None = None) -> Refused | None:
        """Deal the next hand (one ask deals once: a second one, on the same version, is stale)."""
        return self._act(table_id, learner, lambda match, at: match.next_hand(learner, version, at), now)

    def close(self, table_id: str, class_code: str, now: datetime | None = None) -> bool:
        """The teacher closes a table of their class (its record is kept); False if it is not theirs."""
        now = now or _now()
        with write_transaction(self.engine) as conn:
            done = conn.execute(class_tables.update()
                                .where(class_tables.c.id == table_id, class_tables.c.class_code == class_code)
                                .values(state=CLOSED, version=class_tables.c.version + 1, moved_at=now,
                                        due_at=None))
        return bool(done.rowcount)

    def _act(self, table_id: str, learner: str | None, action: Callable[[ClassMatch, float], Refused | None],
             now: datetime | None) -> Refused | None:
        """Load the table, check who asks (a learner of the table's class, still on its roster), act, and write the
        result only on the version read: one transaction, so a second action on the same version finds it stale."""
        now = now or _now()
        try:
            return self._write(table_id, learner, action, now)
        except _Lost:
            return Refused("stale")

    def _write(self, table_id: str, learner: str | None, action: Callable[[ClassMatch, float], Refused | None],
               now: datetime) -> Refused | None:
        with write_transaction(self.engine) as conn:
            loaded = _load(conn, table_id)
            if loaded is None:
                return Refused("no_table")
            row, seats = loaded
            if learner is not None and not _in_class(conn, learner, row.class_code):
                return Refused("not_in_class")
            match = _match(row, seats)
            read_version = match.version
            # a learner removed from the class since: their seat is the computer's
            removed = [match.removed(seat.learner_key) for seat in seats
                       if seat.learner_key is not None and seat.nickname is None]
            refused = action(match, now.timestamp())
            if match.version == read_version:
                if not removed:
                    return refused
                match.version += 1
            due = match.due()
            done = conn.execute(class_tables.update()
                                .where(class_tables.c.id == table_id, class_tables.c.version == read_version)
                                .values(record=match.record, state=match.state, version=match.version,
                                        moved_at=datetime.fromtimestamp(match.moved_at, UTC),
                                        due_at=datetime.fromtimestamp(due, UTC) if due is not None else None))
            if done.rowcount != 1:  # another server wrote first: nothing of this one is kept
                raise _Lost
            for number, (before, after) in enumerate(zip(seats, match.seats, strict=True)):
                if (before.learner_key, bool(before.away)) != (after.learner, after.away):
                    conn.execute(table_seats.update()
                                 .where(table_seats.c.table_id == table_id, table_seats.c.seat == number)
                                 .values(learner_key=after.learner, away=after.away, seen_at=now))
        return refused


class _Lost(Exception):
    """Another transaction changed the table since it was read: this one is rolled back."""


def _advance(match: ClassMatch, now: float) -> None:
    match.advance(now)


def _load(conn: Connection, table_id: str) -> tuple[Row[Any], list[Row[Any]]] | None:
    """The table's row and its seats (with the learners' nicknames; None where no learner is, or one is gone)."""
    row = conn.execute(sa.select(class_tables).where(class_tables.c.id == table_id)).first()
    if row is None:
        return None
    seats = conn.execute(
        sa.select(table_seats.c.seat, table_seats.c.learner_key, table_seats.c.away, learners.c.nickname)
        .join(learners, learners.c.key == table_seats.c.learner_key, isouter=True)
        .where(table_seats.c.table_id == table_id).order_by(table_seats.c.seat)).all()
    return row, list(seats)


def _match(row: Row[Any], seats: list[Row[Any]]) -> ClassMatch:
    settings = json.loads(row.setup)
    return ClassMatch.rebuild(row.record, [Seat(seat.learner_key, bool(seat.away)) for seat in seats],
                              int(settings["idle"]), row.state, int(row.version), _as_utc(row.moved_at).timestamp())


def _table_now(row: Row[Any], seats: list[Row[Any]]) -> TableNow:
    match = _match(row, seats)
    shown = []
    for seat in seats:
        gone = seat.learner_key is not None and seat.nickname is None
        shown.append(SeatNow(None if gone else seat.learner_key, seat.nickname, bool(seat.away) and not gone))
    number = int(json.loads(row.setup).get("number", 0))  # 0: opened before the tables were numbered
    return TableNow(row.id, row.class_code, match, tuple(shown), _as_utc(row.moved_at), number)


def _in_class(conn: Connection, learner: str, class_code: str) -> bool:
    return bool(conn.scalar(sa.select(sa.func.count()).where(learners.c.key == learner,
                                                             learners.c.class_code == class_code)))


def open_tables(settings: StorageSettings | None = None) -> SqlTables | None:
    """The class tables in the app's progress database, through Streamlit's cached connection; None (logged) when
    the database cannot be used."""
    settings = settings or read_storage_settings()
    try:
        return _shared(settings)
    except (*DATABASE_ERRORS, ImportError, ValueError, SchemaTooNewError) as exc:
        log.warning("class tables unavailable: progress database %s: %s", settings.shown_url, exc)
        return None


_SHARED: dict[str, SqlTables] = {}
_SHARED_LOCK = threading.Lock()


def _shared(settings: StorageSettings) -> SqlTables:
    """One `SqlTables` per database for the whole server, so its cache of tables read serves every phone."""
    with _SHARED_LOCK:
        found = _SHARED.get(settings.url)
        if found is None:
            found = _SHARED[settings.url] = SqlTables(_streamlit_engine(settings))
        return found
