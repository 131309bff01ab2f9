"""Class tables in storage, on SQLite and on a real PostgreSQL server: opening, sitting, moves written only on the
version read (two phones, two tabs, two servers at once: one wins), idle seats advanced by whoever reads next (once),
a removed learner's seat taken by the computer, the last learner out closing the table, a move from outside, and
a learner's last finished tables (to review)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from app.storage.accounts import SchoolSettings
from app.storage.accounts_sql import SqlAccounts
from app.storage.classes import SchoolClass
from app.storage.classes_sql import SqlClassBook
from app.storage.tables_sql import SqlTables, TableNow
from engine import Play
from play.class_match import CLOSED, PLAYING, WAITING

START = datetime(2026, 3, 1, 10, 0, tzinfo=UTC)


def later(seconds: float) -> datetime:
    return START + timedelta(seconds=seconds)


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'progress.db'}"
    return request.getfixturevalue("postgres_server").create_database()


@pytest.fixture
def book(url: str) -> Iterator[SqlClassBook]:
    book = SqlClassBook.from_url(url)
    yield book
    book.engine.dispose()


@pytest.fixture
def tables(url: str, book: SqlClassBook) -> Iterator[SqlTables]:
    tables = SqlTables.from_url(url)
    yield tables
    tables.engine.dispose()


@pytest.fixture
def school_class(url: str, book: SqlClassBook) -> SchoolClass:
    accounts = SqlAccounts.from_url(url, SchoolSettings())
    teacher = accounts.sign_up("Ms Rosa", "tiles on the table at noon")
    accounts.engine.dispose()
    return book.create("5B", teacher)


@pytest.fixture
def keys(book: SqlClassBook, school_class: SchoolClass) -> dict[str, str]:
    issued = book.add_learners(school_class, ["Ana", "Ben", "Carla", "Dion"])
    return {code.nickname: code.key for code in issued}


def playing(tables: SqlTables, school_class: SchoolClass, keys: dict[str, str], table: str = "one_vs_one",
            seated: tuple[str, ...] = ("Ana", "Ben"), idle: int = 60) -> str:
    table_id = tables.open(school_class.code, table, target=30, idle=idle, seed=7, now=START)
    for seat, name in enumerate(seated):
        assert tables.sit(table_id, keys[name], seat, now=later(1)) is None
    if tables.read(table_id, now=later(1)).match.state == WAITING:  # type: ignore[union-attr]
        assert tables.start(table_id, keys[seated[0]], now=later(2)) is None
    return table_id


def mover(table: TableNow) -> str:
    seat = table.match.to_move
    assert seat is not None and table.seats[seat].learner is not None
    return table.seats[seat].learner  # type: ignore[return-value]


def test_a_table_is_opened_listed_and_sat_at(tables: SqlTables, school_class: SchoolClass,
                                             keys: dict[str, str]) -> None:
    table_id = tables.open(school_class.code, "partnership", target=50, idle=45, now=START)
    listed = tables.tables(school_class.code)
    assert [table.id for table in listed] == [table_id]
    assert listed[0].match.state == WAITING and listed[0].match.game.rules.target == 50
    assert tables.sit(table_id, keys["Ana"], 0, now=later(1)) is None
    assert tables.sit(table_id, keys["Ben"], 0, now=later(2)).code == "seat_taken"  # type: ignore[union-attr]
    assert tables.sit(table_id, keys["Ben"], 2, now=later(2)) is None
    table = tables.read(table_id, now=later(3))
    assert table is not None
    assert [seat.nickname for seat in table.seats] == ["Ana", None, "Ben", None]
    assert tables.start(table_id, keys["Ben"], now=later(4)) is None
    assert tables.read(table_id, now=later(5)).match.state == PLAYING  # type: ignore[union-attr]


def test_a_move_is_kept_and_replayed_or_out_of_turn_or_from_outside_refused(
        tables: SqlTables, school_class: SchoolClass, keys: dict[str, str]) -> None:
    table_id = playing(tables, school_class, keys)
    table = tables.read(table_id, now=later(3))
    assert table is not None
    who, version = mover(table), table.version
    other = keys["Ben"] if who == keys["Ana"] else keys["Ana"]
    move = table.match.game.position.legal_moves()[0]
    assert tables.move(table_id, keys["Carla"], move, version, now=later(4)).code == "not_seated"  # type: ignore[union-attr]
    assert tables.move(table_id, "m:not-a-learner", move, version, now=later(4)).code == "not_in_class"  # type: ignore[union-attr]
    assert tables.move(table_id, other, move, version, now=later(4)).code == "not_your_turn"  # type: ignore[union-attr]
    assert tables.move(table_id, who, move, version, now=later(5)) is None
    assert tables.move(table_id, who, move, version, now=later(6)).code == "stale"  # type: ignore[union-attr]
    after = tables.read(table_id, now=later(7))
    assert after is not None and after.version > version
    assert [event.move for event in after.match.game.position.history][:1] == [move]
    assert sum(1 for event in after.match.game.position.history if event.move == move) == 1


def test_an_illegal_move_is_refused_with_the_engines_reason(tables: SqlTables, school_class: SchoolClass,
                                                           keys: dict[str, str]) -> None:
    table_id = playing(tables, school_class, keys)
    table = tables.read(table_id, now=later(3))
    assert table is not None
    position = table.match.game.position
    not_held = position.hands[1 - position.to_move][0]
    refused = tables.move(table_id, mover(table), Play(not_held, None), table.version, now=later(4))
    assert refused is not None and refused.code == "illegal" and refused.error is not None
    assert tables.version(table_id)[0] == table.version  # type: ignore[index]


def test_two_phones_of_one_learner_moving_at_once_make_one_move(tables: SqlTables, school_class: SchoolClass,
                                                               keys: dict[str, str]) -> None:
    table_id = playing(tables, school_class, keys)
    table = tables.read(table_id, now=later(3))
    assert table is not None
    who, version = mover(table), table.version
    moves = table.match.game.position.legal_moves()
    results: list[object] = []
    barrier = threading.Barrier(4)

    def tap(move: object) -> None:
        barrier.wait()
        results.append(tables.move(table_id, who, move, version, now=later(4)))  # type: ignore[arg-type]

    threads = [threading.Thread(target=tap, args=(moves[index % len(moves)],)) for index in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sum(result is None for result in results) == 1
    assert all(result is None or result.code == "stale" for result in results)  # type: ignore[attr-defined]
    after = tables.read(table_id, now=later(5))
    assert after is not None
    assert sum(1 for event in after.match.game.position.history if event.seat == table.match.to_move) >= 1
    first = after.match.game.position.history[0]
    assert first.seat == table.match.to_move and first.move in moves


def test_an_idle_seat_is_advanced_once_by_whoever_reads_next(tables: SqlTables, school_class: SchoolClass,
                                                            keys: dict[str, str]) -> None:
    table_id = playing(tables, school_class, keys, idle=30)
    table = tables.read(table_id, now=later(3))
    assert table is not None
    seat = table.match.to_move
    version, due = tables.version(table_id)  # type: ignore[misc]
    assert due is not None and due <= later(35)
    assert tables.read(table_id, now=due - timedelta(seconds=1)).version == version  # type: ignore[union-attr]
    readers = [threading.Thread(target=tables.read, args=(table_id, due + timedelta(seconds=1)))
               for _ in range(3)]
    for reader in readers:
        reader.start()
    for reader in readers:
        reader.join()
    after = tables.read(table_id, now=due + timedelta(seconds=1))
    assert after is not None and after.seats[seat].away  # type: ignore[index]
    moves = len(after.match.game.position.history)
    assert moves >= 1 and after.match.game.position.history[0].seat == seat
    # three readers at once made the computer's move once: the record has one move for that turn, not three
    replay = tables.read(table_id, now=due + timedelta(seconds=2))
    assert replay is not None and len(replay.match.game.position.history) == moves
    assert tables.back(table_id, after.seats[seat].learner, now=due + timedelta(seconds=3)) is None  # type: ignore[arg-type,index]
    assert not tables.read(table_id, now=due + timedelta(seconds=4)).seats[seat].away  # type: ignore[index,union-attr]


def test_a_removed_learners_seat_is_played_by_the_computer(tables: SqlTables, book: SqlClassBook,
                                                          school_class: SchoolClass, keys: dict[str, str]) -> None:
    table_id = playing(tables, school_class, keys, table="partnership", seated=("Ana", "Ben", "Carla"))
    assert book.remove(keys["Ben"], school_class)
    table = tables.read(table_id, now=later(3))
    assert table is not None and table.seats[1].learner is None  # shown as the computer's already
    version = table.version
    move = table.match.game.position.legal_moves()[0]
    assert tables.move(table_id, keys["Ben"], move, version, now=later(4)).code == "not_in_class"  # type: ignore[union-attr]
    # the next action by anyone writes the seat as the computer's, and the table never waits for Ben
    tables.read(table_id, now=later(200))
    after = tables.read(table_id, now=later(400))
    assert after is not None and after.match.seats[1].learner is None
    assert after.match.to_move in (0, 2, None)


def test_the_last_learner_out_closes_the_table(tables: SqlTables, school_class: SchoolClass,
                                               keys: dict[str, str]) -> None:
    table_id = playing(tables, school_class, keys, table="partnership", seated=("Ana", "Ben"))
    assert tables.leave(table_id, keys["Ana"], now=later(3)) is None
    assert tables.read(table_id, now=later(4)).match.state == PLAYING  # type: ignore[union-attr]
    assert tables.leave(table_id, keys["Ben"], now=later(5)) is None
    closed = tables.read(table_id, now=later(1000))
    assert closed is not None and closed.match.state == CLOSED and closed.match.learners == ()
    assert tables.tables(school_class.code) == ()
    assert [table.id for table in tables.tables(school_class.code, closed=True)] == [table_id]


def test_the_teacher_closes_only_their_classs_table(tables: SqlTables, school_class: SchoolClass,
                                                    keys: dict[str, str]) -> None:
    table_id = playing(tables, school_class, keys)
    assert not tables.close(table_id, "ZZZ-999", now=later(3))
    assert tables.close(table_id, school_class.code, now=later(4))
    assert tables.read(table_id, now=later(5)).match.state == CLOSED  # type: ignore[union-attr]


def test_a_whole_match_is_played_by_reading_alone(tables: SqlTables, school_class: SchoolClass,
                                                  keys: dict[str, str]) -> None:
    """Both learners gone quiet: the idle limit, the computer and the readers play the match to its target."""
    table_id = playing(tables, school_class, keys, idle=5)
    now = later(3)
    for _ in range(3000):
        table = tables.read(table_id, now=now)
        assert table is not None
        if table.match.state != PLAYING:
            break
        now += timedelta(seconds=6)
    assert table.match.game.match.is_over and table.match.state == "over"


def played_out(tables: SqlTables, school_class: SchoolClass, keys: dict[str, str], seated: tuple[str, str],
               at: datetime, *, close_after_hand: bool = False) -> str:
    """A 1-vs-1 table opened at ``at`` whose two learners go quiet: the computer plays it by reading alone to the
    match's end (to 10: a hand or two), or, ``close_after_hand``, to the end of the first hand of a match to 100,
    when the teacher closes it."""
    target = 100 if close_after_hand else 10
    table_id = tables.open(school_class.code, "one_vs_one", target=target, idle=5, seed=7, now=at)
    for seat, name in enumerate(seated):
        assert tables.sit(table_id, keys[name], seat, now=at) is None
    now = at
    for _ in range(300):
        table = tables.read(table_id, now=now)
        assert table is not None
        if table.match.state != PLAYING or (close_after_hand and table.match.game.hand_over):
            break
        now += timedelta(seconds=6)
    if close_after_hand:
        assert table.match.state == PLAYING and tables.close(table_id, school_class.code, now=now)
    return table_id


def test_a_learners_finished_tables_are_theirs_latest_first_and_a_few(tables: SqlTables, school_class: SchoolClass,
                                                                      keys: dict[str, str]) -> None:
    hour = timedelta(hours=1)
    oldest = played_out(tables, school_class, keys, ("Ana", "Ben"), START)
    left = played_out(tables, school_class, keys, ("Ana", "Ben"), START + hour)
    assert tables.leave(left, keys["Ben"], now=START + 1.5 * hour) is None  # Ben got up once it was over
    closed = played_out(tables, school_class, keys, ("Ben", "Ana"), START + 2 * hour, close_after_hand=True)
    latest = played_out(tables, school_class, keys, ("Ana", "Ben"), START + 3 * hour)
    others = played_out(tables, school_class, keys, ("Carla", "Dion"), START + 4 * hour)
    mid_hand = tables.open(school_class.code, "one_vs_one", target=10, idle=600, seed=7, now=START + 5 * hour)
    for seat, name in enumerate(("Ana", "Ben")):
        assert tables.sit(mid_hand, keys[name], seat, now=START + 5 * hour) is None
    assert tables.close(mid_hand, school_class.code, now=START + 6 * hour)  # in the middle of a hand: no review
    between_hands = tables.open(school_class.code, "one_vs_one", target=100, idle=600, seed=7)  # (real time)
    for seat, name in enumerate(("Ana", "Ben")):
        assert tables.sit(between_hands, keys[name], seat) is None
    for _ in range(100):  # its first hand played out, the next not dealt yet: still open, so no review from here
        table = tables.read(between_hands)
        assert table is not None and table.match.state == PLAYING
        if table.match.game.hand_over:
            break
        assert tables.move(between_hands, mover(table), table.match.game.position.legal_moves()[0],
                           table.version) is None

    ana = tables.finished(school_class.code, keys["Ana"])
    assert [table.id for table in ana] == [latest, closed, left]  # latest first, three at most: not `oldest`
    assert [table.match.state for table in ana] == ["over", CLOSED, "over"]
    assert [table.match.seat_of(keys["Ana"]) for table in ana] == [0, 1, 0]
    assert all(table.match.game.hand_over for table in ana)
    assert [table.id for table in tables.finished(school_class.code, keys["Ben"])] == [latest, closed, oldest]
    assert [table.id for table in tables.finished(school_class.code, keys["Carla"])] == [others]
    assert tables.finished("ZZZ-999", keys["Ana"]) == ()  # another class's list: none of hers
    assert between_hands not in {table.id for key in keys.values() for table in tables.finished(school_class.code, key)}
