"""The progress stores, held to the same tests: in the session, in an SQLite file, and in a real PostgreSQL server."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest
import sqlalchemy as sa

from app.storage.progress import (
    Answer,
    Learner,
    LearnerGone,
    LessonProgress,
    Progress,
    ProgressStore,
    SessionProgressStore,
    StepResult,
    check_nickname,
)
from app.storage.progress_sql import (
    SCHEMA_VERSION,
    SchemaTooNewError,
    SqlProgressStore,
    StorageSettings,
    ensure_schema,
    make_engine,
    open_store,
    read_storage_settings,
)
from tests.postgres import PostgresServer, PostgresUnavailable

ANA = Learner("Ana", "5B")


class EnrollingStore(SqlProgressStore):
    """The database store with every learner a test writes for already on record: in the app, records are made by
    a class roster, a sign-in or a guest's first save, never by a save itself (see the tests of that below)."""

    def save_lesson(self, learner: Learner, lesson_id: str, step: int, stars: int | None = None,
                    moves: tuple[str, ...] = ()) -> None:
        self.add_learner(learner)
        super().save_lesson(learner, lesson_id, step, stars, moves)

    def record_answer(self, learner: Learner, answer: Answer) -> None:
        self.add_learner(learner)
        super().record_answer(learner, answer)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A PostgreSQL server for the whole run; its absence fails the PostgreSQL tests (CI installs it), never skips."""
    try:
        server = PostgresServer().start()
    except PostgresUnavailable as exc:
        pytest.fail(f"the storage tests need a PostgreSQL server and could not start one:\n{exc}", pytrace=False)
    yield server
    server.stop()


@dataclass
class Backend:
    """One kind of store under test; ``open()`` makes a new store object on the same data (an app restart)."""

    name: str
    url: str | None
    _session: SessionProgressStore = field(default_factory=SessionProgressStore)
    _stores: list[SqlProgressStore] = field(default_factory=list)

    def open(self) -> ProgressStore:
        """A store on this backend's data; the session store is one object for the whole visit."""
        if self.url is None:
            return self._session
        store = EnrollingStore.from_url(self.url)
        self._stores.append(store)
        return store

    def close(self) -> None:
        """Release every connection the test opened."""
        for store in self._stores:
            store.engine.dispose()


def _backend(name: str, request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Backend]:
    """A fresh, empty backend of kind ``name``."""
    if name == "session":
        backend = Backend(name, None)
    elif name == "sqlite":
        backend = Backend(name, f"sqlite:///{tmp_path / 'progress.db'}")
    else:
        backend = Backend(name, request.getfixturevalue("postgres_server").create_database())
    yield backend
    backend.close()


@pytest.fixture(params=["session", "sqlite", "postgresql"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Backend]:
    """Every kind of store."""
    yield from _backend(request.param, request, tmp_path)


@pytest.fixture(params=["sqlite", "postgresql"])
def sql_backend(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Backend]:
    """The kinds of store that keep progress beyond a visit."""
    yield from _backend(request.param, request, tmp_path)


def answer(skill: str = "fits", code: str = "fits-1", correct: bool = True, minute: int = 0) -> Answer:
    """A practice answer at a fixed time, so that answers compare equal after a round trip."""
    return Answer(skill, code, correct, datetime(2026, 3, 1, 10, minute, 7, 123456, tzinfo=UTC))


# --- the same tests for every store ---------------------------------------------------------------------------------


def test_a_new_learner_has_empty_progress(backend: Backend) -> None:
    progress = backend.open().load(ANA)
    assert progress == Progress()
    assert progress.lesson("pila") == LessonProgress("pila")


def test_the_moves_made_in_the_step_to_reopen_round_trip(backend: Backend) -> None:
    store = backend.open()
    store.save_lesson(ANA, "pila", 3, moves=("draws", "draws"))
    assert store.load(ANA).lesson("pila").moves == ("draws", "draws")
    store.save_lesson(ANA, "pila", 4)  # the next step: nothing made there yet
    assert store.load(ANA).lesson("pila") == LessonProgress("pila", step=4)
    for bad in (("draws;passes",), ("",), ("draws",) * 25):
        with pytest.raises(ValueError):
            store.save_lesson(ANA, "pila", 4, moves=bad)


def test_lessons_and_answers_round_trip(backend: Backend) -> None:
    store = backend.open()
    store.save_lesson(ANA, "pila", 4)
    store.save_lesson(ANA, "pegar", 6, stars=2)
    store.record_answer(ANA, answer("fits", "fits-17", True, 1))
    store.record_answer(ANA, answer("who-leads", "lead-3", False, 2))
    progress = store.load(ANA)
    assert progress.lessons == {
        "pila": LessonProgress("pila", step=4, stars=0, finished=False),
        "pegar": LessonProgress("pegar", step=6, stars=2, finished=True),
    }
    assert progress.answers == (answer("fits", "fits-17", True, 1), answer("who-leads", "lead-3", False, 2))
    assert all(a.at.utcoffset() == timedelta(0) for a in progress.answers)


def test_the_best_stars_are_kept(backend: Backend) -> None:
    store = backend.open()
    store.save_lesson(ANA, "tranque", 9, stars=2)
    store.save_lesson(ANA, "tranque", 9, stars=1)
    assert store.load(ANA).lesson("tranque") == LessonProgress("tranque", 9, 2, True)
    store.save_lesson(ANA, "tranque", 9, stars=3)
    store.save_lesson(ANA, "tranque", 9, stars=0)
    assert store.load(ANA).lesson("tranque").stars == 3


def test_the_step_follows_the_learner_and_a_finish_stays(backend: Backend) -> None:
    store = backend.open()
    store.save_lesson(ANA, "salida", 2)
    store.save_lesson(ANA, "salida", 5)
    assert store.load(ANA).lesson("salida") == LessonProgress("salida", 5, 0, False)
    store.save_lesson(ANA, "salida", 7, stars=1)
    store.save_lesson(ANA, "salida", 3)  # reopened later and left at step 3: stars and the finish remain
    assert store.load(ANA).lesson("salida") == LessonProgress("salida", 3, 1, True)


@pytest.mark.parametrize(("step", "stars"), [(0, None), (-1, 2), (2, 4), (2, -1)])
def test_an_impossible_step_or_stars_is_refused_and_nothing_stored(backend: Backend, step: int, stars: int) -> None:
    store = backend.open()
    with pytest.raises(ValueError, match=r"step|stars"):
        store.save_lesson(ANA, "kaba", step, stars)
    assert store.load(ANA) == Progress()


def test_each_lesson_remembers_when_it_was_last_saved(backend: Backend) -> None:
    store = backend.open()
    before = datetime.now(UTC)
    store.save_lesson(ANA, "salida", 2)
    store.save_lesson(ANA, "pegar", 4, stars=3)
    store.save_lesson(ANA, "salida", 3)
    lessons = store.load(ANA).lessons
    assert all(lesson.updated is not None and lesson.updated.tzinfo is not None for lesson in lessons.values())
    assert before - timedelta(seconds=1) <= lessons["pegar"].updated <= lessons["salida"].updated  # type: ignore[operator]


def test_answers_are_only_ever_added(backend: Backend) -> None:
    store = backend.open()
    same = answer("pass-tells", "pass-5", False, 3)
    store.record_answer(ANA, same)
    store.record_answer(ANA, same)  # the same question answered twice counts twice
    store.record_answer(ANA, answer("pass-tells", "pass-5", True, 4))
    assert store.load(ANA).answers == (same, same, answer("pass-tells", "pass-5", True, 4))


def test_learners_are_apart_per_class_and_the_same_whatever_the_case(backend: Backend) -> None:
    store = backend.open()
    store.record_answer(Learner("Ana", "5B"), answer(code="a"))
    store.record_answer(Learner("Ana", "6A"), answer(code="b"))
    store.record_answer(Learner("Ana"), answer(code="c"))
    store.record_answer(Learner("ANA", "5b"), answer(code="d"))
    assert [a.code for a in store.load(Learner("ana", "5B")).answers] == ["a", "d"]
    assert [a.code for a in store.load(Learner("Ana", "6A")).answers] == ["b"]
    assert [a.code for a in store.load(Learner("Ana")).answers] == ["c"]


def test_answer_times_come_back_as_the_same_moment_in_utc(backend: Backend) -> None:
    store = backend.open()
    curaçao = timezone(timedelta(hours=-4))
    store.record_answer(ANA, Answer("count", "count-2", True, datetime(2026, 3, 1, 22, 30, 0, 5, tzinfo=curaçao)))
    (back,) = store.load(ANA).answers
    assert back.at == datetime(2026, 3, 2, 2, 30, 0, 5, tzinfo=UTC)
    if backend.url is not None:  # a database hands times back in UTC; the session store keeps the very object
        assert back.at.utcoffset() == timedelta(0)


ODD_NICKNAMES = [
    "O'Brien",
    "Zoë-Ñandú Martínez",
    "x' OR '1'-'1",
    "Robert' DROP TABLE learn",
    "Ἀλέξανδρος",
    "محمد",
    "小明",
    "Ana -- comment",
    "a.b.c",
]


@pytest.mark.parametrize("nickname", ODD_NICKNAMES)
def test_odd_nicknames_and_texts_are_stored_verbatim(backend: Backend, nickname: str) -> None:
    store = backend.open()
    learner = Learner(nickname, "Klas 5'B")
    lesson = "pila'); DROP TABLE lesson_progress; --"
    odd = Answer('skill "quoted"', "code'; DELETE FROM answers; --", True, answer().at)
    store.save_lesson(learner, lesson, 2, stars=3)
    store.record_answer(learner, odd)
    progress = backend.open().load(Learner(nickname, "Klas 5'B"))
    assert progress.lessons == {lesson: LessonProgress(lesson, 2, 3, True)}
    assert progress.answers == (odd,)
    assert store.load(ANA) == Progress()  # nothing leaked to, or dropped from, anyone else
    if backend.url is not None:
        with make_engine(backend.url).connect() as conn:
            row = conn.execute(sa.text("SELECT nickname, class_code FROM learners")).one()
        assert tuple(row) == (nickname, "Klas 5'B")


def test_concurrent_writers_for_one_learner_lose_nothing(backend: Backend) -> None:
    # Two app instances (or two tabs) of the same learner, several threads each, all writing at once.
    stores = [backend.open(), backend.open()]
    threads, answers_each = 8, 25
    lessons = ["pila", "pegar"]
    plans = [[random.Random(n).randint(0, 3) for _ in range(answers_each)] for n in range(threads)]
    best = {
        lesson: max(plan[i] for plan in plans for i in range(k, answers_each, 2)) for k, lesson in enumerate(lessons)
    }
    barrier = threading.Barrier(threads)
    errors: list[BaseException] = []

    def learner_tab(number: int) -> None:
        store = stores[number % 2]
        barrier.wait()
        try:
            for i, stars in enumerate(plans[number]):
                store.record_answer(ANA, answer("fits", f"t{number}-{i}", i % 3 == 0))
                store.save_lesson(ANA, lessons[i % 2], 1 + i, stars=stars)
        except BaseException as exc:
            errors.append(exc)
            raise

    _run_threads(learner_tab, threads)
    assert not errors, errors
    progress = backend.open().load(ANA)
    assert sorted(a.code for a in progress.answers) == sorted(
        f"t{n}-{i}" for n in range(threads) for i in range(answers_each)
    )
    for n in range(threads):  # each tab's answers keep their order
        assert [a.code for a in progress.answers if a.code.startswith(f"t{n}-")] == [
            f"t{n}-{i}" for i in range(answers_each)
        ]
    assert {lesson: p.stars for lesson, p in progress.lessons.items()} == best
    assert all(p.finished for p in progress.lessons.values())


def _run_threads(target: Callable[[int], None], count: int) -> None:
    """Run ``target(0..count-1)`` in threads and wait for all of them."""
    workers = [threading.Thread(target=target, args=(n,)) for n in range(count)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=120)
    assert not any(worker.is_alive() for worker in workers), "a writer hung"


def test_a_learner_with_many_answers_loads_them_all_in_order(backend: Backend) -> None:
    store = backend.open()
    many = [answer("fits", f"fits-{i}", i % 2 == 0, i % 60) for i in range(1000)]
    for one in many:
        store.record_answer(ANA, one)
    assert store.load(ANA).answers == tuple(many)


def test_the_store_says_whether_progress_lasts(backend: Backend) -> None:
    assert backend.open().persistent is (backend.url is not None)


# --- databases only -------------------------------------------------------------------------------------------------


def test_a_save_never_makes_a_record_so_a_removed_learner_cannot_come_back(sql_backend: Backend) -> None:
    assert sql_backend.url is not None
    store = SqlProgressStore.from_url(sql_backend.url)
    try:
        with pytest.raises(LearnerGone):
            store.save_lesson(ANA, "pila", 2)
        with pytest.raises(LearnerGone):
            store.record_answer(ANA, answer())
        with pytest.raises(LearnerGone):
            store.save_steps(ANA, "pila", {1: StepResult(True, 1, 0)})
        assert store.load(ANA) == Progress()
        store.add_learner(ANA)
        store.save_lesson(ANA, "pila", 2)
        assert store.load(ANA).lesson("pila").step == 2
    finally:
        store.engine.dispose()


def test_step_results_add_up_and_a_done_step_stays_done(backend: Backend) -> None:
    store = backend.open()
    if isinstance(store, SqlProgressStore):
        store.add_learner(ANA)
    store.save_steps(ANA, "pila", {2: StepResult(False, 1, 0), 3: StepResult(True, 0, 1)})
    store.save_steps(ANA, "pila", {2: StepResult(True, 2, 1), 3: StepResult(False, 0, 0)})
    progress = store.load(ANA)
    assert progress.steps == {("pila", 2): StepResult(True, 3, 1), ("pila", 3): StepResult(True, 0, 1)}
    assert progress.steps_done("pila") == 2 and progress.steps_done("pegar") == 0


def test_progress_survives_a_restart(sql_backend: Backend) -> None:
    first = sql_backend.open()
    first.save_lesson(ANA, "konta", 3, stars=2)
    first.save_lesson(ANA, "capicu", 2)
    first.record_answer(ANA, answer("count", "count-9", True))
    expected = first.load(ANA)
    assert isinstance(first, SqlProgressStore)
    first.engine.dispose()  # the old app process is gone
    again = sql_backend.open()
    assert again.load(ANA) == expected
    again.save_lesson(ANA, "konta", 4, stars=1)
    assert again.load(ANA).lesson("konta") == LessonProgress("konta", 4, 2, True)


def test_the_schema_version_is_recorded_and_reopening_changes_nothing(sql_backend: Backend) -> None:
    store = sql_backend.open()
    assert isinstance(store, SqlProgressStore)
    assert store.schema_version == SCHEMA_VERSION
    store.record_answer(ANA, answer())
    for _ in range(3):
        assert sql_backend.open().schema_version == SCHEMA_VERSION
        assert ensure_schema(store.engine) == SCHEMA_VERSION
    with store.engine.connect() as conn:
        versions = conn.execute(sa.text("SELECT version FROM schema_version ORDER BY version")).scalars().all()
        tables = set(sa.inspect(conn).get_table_names())
    assert versions == list(range(1, SCHEMA_VERSION + 1))
    assert {"schema_version", "learners", "lesson_progress", "answers"} <= tables
    assert store.load(ANA).answers == (answer(),)


def test_several_instances_starting_at_once_make_the_schema_once(sql_backend: Backend) -> None:
    opened: list[int] = []
    barrier = threading.Barrier(4)

    def start_instance(_number: int) -> None:
        barrier.wait()
        opened.append(sql_backend.open().schema_version)  # type: ignore[attr-defined]

    _run_threads(start_instance, 4)
    assert opened == [SCHEMA_VERSION] * 4
    with make_engine(sql_backend.url or "").connect() as conn:
        assert conn.execute(sa.text("SELECT count(*) FROM schema_version")).scalar() == SCHEMA_VERSION


def test_a_database_from_a_newer_app_is_not_touched(sql_backend: Backend) -> None:
    store = sql_backend.open()
    assert isinstance(store, SqlProgressStore)
    with store.engine.begin() as conn:
        conn.execute(sa.text("INSERT INTO schema_version (version, applied_at) VALUES (99, :at)"), {"at": answer().at})
    with pytest.raises(SchemaTooNewError, match="99"):
        sql_backend.open()
    opened = open_store(StorageSettings(sql_backend.url or ""), use_streamlit=False)
    assert not opened.persistent
    assert "this visit only" in opened.message


def test_a_failed_write_leaves_nothing_behind(sql_backend: Backend) -> None:
    store = SqlProgressStore.from_url(sql_backend.url or "")
    store.add_learner(Learner("Nuevo"))
    broken = Answer(None, "code", True, answer().at)  # type: ignore[arg-type]  # NOT NULL fails after "seen now"
    with pytest.raises(sa.exc.IntegrityError):
        store.record_answer(Learner("Nuevo"), broken)
    with make_engine(sql_backend.url or "").connect() as conn:
        assert conn.execute(sa.text("SELECT count(*) FROM answers")).scalar() == 0
        assert conn.execute(sa.text("SELECT last_seen_at FROM learners")).scalar() is None  # rolled back too
    store.record_answer(Learner("Nuevo"), answer())
    assert store.load(Learner("Nuevo")).answers == (answer(),)


# --- opening the store for the app ----------------------------------------------------------------------------------


def test_open_store_uses_the_database_when_it_answers(sql_backend: Backend) -> None:
    opened = open_store(StorageSettings(sql_backend.url or ""), use_streamlit=False)
    assert opened.persistent and opened.message == ""
    assert isinstance(opened.store, SqlProgressStore)
    opened.store.add_learner(ANA)
    opened.store.record_answer(ANA, answer())
    assert sql_backend.open().load(ANA).answers == (answer(),)
    opened.store.engine.dispose()


def test_open_store_through_streamlit_connection(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'made' / 'on' / 'first-run.db'}"
    opened = open_store(StorageSettings(url))
    assert opened.persistent, opened.message
    assert isinstance(opened.store, SqlProgressStore)
    opened.store.add_learner(ANA)
    opened.store.save_lesson(ANA, "pila", 2, stars=3)
    assert SqlProgressStore.from_url(url).load(ANA).lesson("pila").stars == 3
    assert open_store(StorageSettings(url)).store.load(ANA).lesson("pila").stars == 3  # cached connection reused


def _closed_port() -> int:
    """A loopback port with nobody listening."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.parametrize(
    "url",
    [
        "postgresql+psycopg://teacher:s3cret@127.0.0.1:{port}/plaza",
        "postgresql+psycopg://teacher:s3cret@no-such-host.invalid/plaza",
        "sqlite:////proc/no-such-folder/progress.db",
        "mysql://teacher:s3cret@127.0.0.1/plaza",
    ],
)
def test_an_unreachable_database_leaves_the_app_usable_on_session_progress(url: str) -> None:
    url = url.format(port=_closed_port())
    opened = open_store(StorageSettings(url, ".streamlit/secrets.toml"), use_streamlit=False)
    assert not opened.persistent
    assert isinstance(opened.store, SessionProgressStore)
    assert opened.message.startswith("Progress is kept for this visit only")
    assert ".streamlit/secrets.toml" in opened.message
    assert "s3cret" not in opened.message
    opened.store.save_lesson(ANA, "pila", 3, stars=1)
    assert opened.store.load(ANA).lesson("pila").stars == 1


# --- settings and nicknames -----------------------------------------------------------------------------------------


def test_settings_default_to_an_sqlite_file_next_to_the_app(tmp_path: Path) -> None:
    settings = read_storage_settings(tmp_path, environ={})
    assert settings.url == f"sqlite:///{tmp_path / 'progress.db'}"
    assert settings.source == "default"


def test_settings_read_the_url_from_streamlit_secrets(tmp_path: Path) -> None:
    (tmp_path / ".streamlit").mkdir()
    (tmp_path / ".streamlit" / "secrets.toml").write_text(
        '[connections.progress]\nurl = "postgresql+psycopg://plaza:pw@db.school.local:5432/plaza"\n', encoding="utf-8"
    )
    settings = read_storage_settings(tmp_path, environ={})
    assert settings.url == "postgresql+psycopg://plaza:pw@db.school.local:5432/plaza"
    assert settings.source == ".streamlit/secrets.toml"
    assert settings.shown_url == "postgresql+psycopg://plaza:***@db.school.local:5432/plaza"
    override = read_storage_settings(tmp_path, environ={"LA_PLAZA_PROGRESS_URL": "sqlite:////srv/plaza.db"})
    assert override.url == "sqlite:////srv/plaza.db"


def test_secrets_without_a_progress_connection_keep_the_default(tmp_path: Path) -> None:
    (tmp_path / ".streamlit").mkdir()
    (tmp_path / ".streamlit" / "secrets.toml").write_text('[connections.other]\nurl = "sqlite://"\n', encoding="utf-8")
    assert read_storage_settings(tmp_path, environ={}).source == "default"


@pytest.mark.parametrize("nickname", ODD_NICKNAMES)
def test_odd_but_allowed_nicknames_pass_the_check_unchanged(nickname: str) -> None:
    assert check_nickname(nickname) == nickname


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("x" * 25, "longer than 24"),
        ("<b>Ana</b>", "only letters"),
        ("Ana; DROP TABLE learners", "only letters"),
        ('say "hi"', "only letters"),
        ("'quoted first", "only letters"),
        ("**bold**", "only letters"),
    ],
)
def test_unusable_nicknames_are_refused_with_a_reason(text: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        Learner(text)


def test_nicknames_are_trimmed_and_spaces_collapsed() -> None:
    assert Learner("  Ana   María ").nickname == "Ana María"
