"""Teachers' classes in storage, on SQLite and on a real PostgreSQL server: codes and hashed teacher links, the class
view's queries, moving a learner in, removing one, and the schema upgrade from a database made before classes."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import sqlalchemy as sa

from app.classes import ClassRefused, SchoolClass, normal_code, secret_hash
from app.classes_sql import SqlClassBook
from app.progress import Answer, Learner, LessonProgress
from app.progress_sql import MIGRATIONS, SCHEMA_VERSION, SqlProgressStore, make_engine, schema_version


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'progress.db'}"
    return request.getfixturevalue("postgres_server").create_database()


@pytest.fixture
def book(url: str) -> Iterator[SqlClassBook]:
    book = SqlClassBook.from_url(url)
    yield book
    book.engine.dispose()


@pytest.fixture
def store(url: str, book: SqlClassBook) -> Iterator[SqlProgressStore]:
    store = SqlProgressStore.from_url(url)
    yield store
    store.engine.dispose()


def at(minute: int, correct: bool = True, skill: str = "fits", code: str = "fits-1") -> Answer:
    return Answer(skill, code, correct, datetime(2026, 3, 1, 10, minute, tzinfo=UTC))


def test_a_new_class_has_a_short_code_and_a_link_whose_secret_is_only_stored_hashed(book: SqlClassBook) -> None:
    made = book.create("  5B   maths ")
    assert re.fullmatch(r"[B-Z]{3}-[2-9]{3}", made.school_class.code)
    assert made.school_class.name == "5B maths"
    assert book.find(made.school_class.code.lower()) == made.school_class
    assert book.find(f" {made.school_class.code} ") == made.school_class
    assert book.by_secret(made.secret) == made.school_class
    with book.engine.connect() as conn:
        stored = [tuple(row) for row in conn.execute(sa.text("SELECT * FROM classes"))]
    assert len(stored) == 1
    assert secret_hash(made.secret) in stored[0]
    assert not any(made.secret in str(value) for value in stored[0])


@pytest.mark.parametrize("secret", ["", "   ", "not-the-secret", "x" * 300])
def test_a_wrong_or_missing_secret_opens_no_class(book: SqlClassBook, secret: str) -> None:
    made = book.create("6A")
    assert book.by_secret(secret) is None
    assert book.by_secret(made.secret[:-1]) is None
    assert book.find("no such class") is None


def test_every_class_gets_its_own_code_and_secret(book: SqlClassBook) -> None:
    made = [book.create(f"class {n}") for n in range(12)]
    assert len({m.school_class.code for m in made}) == 12
    assert len({m.secret for m in made}) == 12
    assert all(book.by_secret(m.secret) == m.school_class for m in made)


@pytest.mark.parametrize(("name", "code"), [("", "name_empty"), ("   ", "name_empty"), ("x" * 61, "name_too_long")])
def test_an_unusable_class_name_is_refused_and_nothing_made(book: SqlClassBook, name: str, code: str) -> None:
    with pytest.raises(ClassRefused) as refused:
        book.create(name)
    assert refused.value.code == code
    with book.engine.connect() as conn:
        assert conn.scalar(sa.text("SELECT count(*) FROM classes")) == 0


def test_a_nickname_is_taken_within_its_class_only_whatever_the_case(book: SqlClassBook,
                                                                       store: SqlProgressStore) -> None:
    five_b = book.create("5B").school_class
    store.save_lesson(Learner("Ana", five_b.code), "pila", 2)
    assert book.nickname_taken(Learner("ANA", five_b.code))
    assert book.nickname_taken(Learner(" ana ", five_b.code.lower()))
    assert not book.nickname_taken(Learner("Ana"))
    assert not book.nickname_taken(Learner("Anna", five_b.code))


def test_the_class_view_shows_its_own_learners_lessons_mastery_and_last_seen(book: SqlClassBook,
                                                                              store: SqlProgressStore) -> None:
    five_b, six_a = book.create("5B").school_class, book.create("6A").school_class
    ana, ben = Learner("Ana", five_b.code), Learner("ben", five_b.code)
    before = datetime.now(UTC) - timedelta(seconds=1)
    store.save_lesson(ana, "pila", 5, stars=3)
    store.save_lesson(ana, "pegar", 2)
    for n in range(6):
        store.record_answer(ana, at(n, correct=n != 0))  # 5 right of 6: fits mastered
    store.record_answer(ben, at(1, correct=False, skill="lacks", code="lacks-3"))
    store.save_lesson(Learner("Ana", six_a.code), "kaba", 3)  # another class
    store.save_lesson(Learner("Zoë"), "kaba", 3)  # no class

    report = book.report(five_b)
    assert report.school_class == five_b
    assert [learner.nickname for learner in report.learners] == ["Ana", "ben"]
    first, second = report.learners
    assert first.lesson("pila") == LessonProgress("pila", 5, 3, True)
    assert first.lesson("pegar") == LessonProgress("pegar", 2, 0, False)
    assert first.lesson("kaba") == LessonProgress("kaba")
    assert first.mastery["fits"].level == "mastered" and first.mastery["fits"].answered == 6
    assert first.mastery["lacks"].level == "new"
    assert second.mastery["lacks"].level == "learning" and second.mastery["lacks"].right == 0
    assert first.last_seen is not None and first.last_seen >= before  # the lesson saved just now
    assert second.last_seen == at(1).at  # only an answer, given at that time
    assert first.games is None  # the Play page keeps no record of games yet


def test_mastery_in_the_class_view_counts_only_each_skills_latest_answers(book: SqlClassBook,
                                                                          store: SqlProgressStore) -> None:
    five_b = book.create("5B").school_class
    ana = Learner("Ana", five_b.code)
    for n in range(20):
        store.record_answer(ana, at(n % 60, correct=n >= 10))  # ten wrong long ago, then ten right
    fits = book.report(five_b).learners[0].mastery["fits"]
    assert (fits.answered, fits.right, fits.level) == (10, 10, "mastered")


def test_the_questions_missed_most_come_first_with_how_many_learners_missed_them(book: SqlClassBook,
                                                                                  store: SqlProgressStore) -> None:
    five_b = book.create("5B").school_class
    ana, ben, cy = (Learner(name, five_b.code) for name in ("Ana", "Ben", "Cy"))
    store.record_answer(ana, at(1, False, "lacks", "lacks-4821"))
    store.record_answer(ben, at(2, False, "lacks", "lacks-4821"))
    store.record_answer(cy, at(3, True, "lacks", "lacks-4821"))
    store.record_answer(ana, at(4, False, "count", "count-17"))
    store.record_answer(ana, at(5, False, "count", "count-17"))
    store.record_answer(ana, at(6, False, "fits", "fits-9"))
    store.record_answer(ana, at(7, True, "where", "where-2"))  # never missed: not listed
    store.record_answer(Learner("Dee"), at(8, False, "where", "where-2"))  # outside the class
    missed = book.report(five_b).missed
    assert [(m.code, m.skill, m.wrong, m.answered, m.learners) for m in missed] == [
        ("lacks-4821", "lacks", 2, 3, 2),
        ("count-17", "count", 2, 2, 1),
        ("fits-9", "fits", 1, 1, 1),
    ]
    assert len(book.report(five_b, missed=1).missed) == 1


def test_a_learner_without_the_code_is_listed_and_moved_in_with_all_their_progress(book: SqlClassBook,
                                                                                  store: SqlProgressStore) -> None:
    five_b = book.create("5B").school_class
    forgot = Learner("Ana")
    store.save_lesson(forgot, "pila", 4, stars=2)
    store.record_answer(forgot, at(1))
    store.save_lesson(Learner("Old"), "pila", 1)
    listed = book.unclassed(datetime.now(UTC) - timedelta(minutes=5))
    assert [u.nickname for u in listed][:2] in (["Old", "Ana"], ["Ana", "Old"])
    assert all(u.last_seen is not None for u in listed)
    assert book.unclassed(datetime.now(UTC) + timedelta(minutes=5)) == ()

    moved = book.move_in(forgot.key, five_b)
    assert moved == Learner("Ana", five_b.code)
    assert store.load(moved).lesson("pila") == LessonProgress("pila", 4, 2, True)
    assert [learner.nickname for learner in book.report(five_b).learners] == ["Ana"]
    assert [u.nickname for u in book.unclassed(datetime.now(UTC) - timedelta(minutes=5))] == ["Old"]
    # Ana's open visit is still signed in without the code: what she does now lands in the class.
    store.save_lesson(forgot, "pegar", 3)
    store.record_answer(forgot, at(2, correct=False))
    assert store.load(forgot) == store.load(moved)
    assert book.report(five_b).learners[0].lesson("pegar").step == 3
    assert "Ana" not in [u.nickname for u in book.unclassed(datetime.now(UTC) - timedelta(minutes=5))]


def test_moving_in_a_second_ana_is_refused_and_changes_nothing(book: SqlClassBook, store: SqlProgressStore) -> None:
    five_b = book.create("5B").school_class
    store.save_lesson(Learner("ana", five_b.code), "pila", 2)
    store.save_lesson(Learner("Ana"), "kaba", 3)
    with pytest.raises(ClassRefused) as refused:
        book.move_in(Learner("Ana").key, five_b)
    assert refused.value.code == "nickname_taken"
    assert store.load(Learner("Ana")).lesson("kaba").step == 3
    assert set(book.report(five_b).learners[0].lessons) == {"pila"}
    with pytest.raises(ClassRefused) as gone:
        book.move_in("/nobody", five_b)
    assert gone.value.code == "unknown_learner"


def test_removing_a_learner_deletes_their_records_and_nobody_elses(book: SqlClassBook, url: str,
                                                                   store: SqlProgressStore) -> None:
    five_b, six_a = book.create("5B").school_class, book.create("6A").school_class
    ana, ben = Learner("Ana"), Learner("Ben", five_b.code)
    store.save_lesson(ana, "pila", 2)
    store.record_answer(ana, at(1))
    moved = book.move_in(ana.key, five_b)
    store.record_answer(ben, at(2))
    assert not book.remove(moved.key, six_a)  # not a learner of that class
    assert book.remove(moved.key, five_b)
    assert [learner.nickname for learner in book.report(five_b).learners] == ["Ben"]
    with make_engine(url).connect() as conn:
        for table in ("learners", "lesson_progress", "answers"):
            rows = conn.execute(sa.text(f"SELECT * FROM {table}")).all()
            assert not any("ana" in str(value).lower() for row in rows for value in row), (table, rows)
        assert conn.scalar(sa.text("SELECT count(*) FROM moved_learners")) == 0
    assert store.load(ben).answers == (at(2),)
    assert not book.remove(moved.key, five_b)


def test_a_database_made_before_classes_is_upgraded_and_keeps_its_progress(url: str) -> None:
    engine = make_engine(url)
    with engine.begin() as conn:  # a version-1 database, as the app made it before classes existed
        schema_version.create(conn)
        MIGRATIONS[0](conn)
        conn.execute(schema_version.insert().values(version=1, applied_at=datetime.now(UTC)))
        conn.execute(sa.text("INSERT INTO learners (key, nickname, class_code, created_at) "
                             "VALUES ('/ana', 'Ana', '', :now)"), {"now": datetime.now(UTC)})
    engine.dispose()
    book = SqlClassBook.from_url(url)
    with book.engine.connect() as conn:
        assert conn.scalar(sa.select(sa.func.max(schema_version.c.version))) == SCHEMA_VERSION >= 2
    five_b = book.create("5B").school_class
    moved = book.move_in("/ana", five_b)
    assert [learner.nickname for learner in book.report(five_b).learners] == [moved.nickname]
    book.engine.dispose()


def test_class_codes_are_read_in_any_case() -> None:
    assert normal_code(" kmr-482 ") == "KMR-482"
    assert normal_code("Klas 5'B") == "Klas 5'B"  # not one of ours: left as typed
    assert SchoolClass("kmr-482", "x").code == "KMR-482"
