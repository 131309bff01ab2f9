"""Teachers' classes in storage, on SQLite and on a real PostgreSQL server: a class per teacher and name (made once,
however often asked for), opened only by its own teacher, claimed with an old teacher link; the class list with its
personal codes (only their hashes stored; look-alike names refused, all or nothing), a new code, removing a learner;
the class view's queries; and a database made before accounts keeping its learners for their teacher to claim."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import sqlalchemy as sa

from app.storage.accounts import AccountRefused, SchoolSettings
from app.storage.accounts_sql import SqlAccounts, Teacher
from app.storage.classes import ClassRefused, SchoolClass, normal_code, secret_hash
from app.storage.classes_sql import SqlClassBook
from app.storage.progress import Answer, Learner, LessonProgress, StepResult
from app.storage.progress_sql import MIGRATIONS, SCHEMA_VERSION, SqlProgressStore, classes, make_engine, schema_version

PASSWORD = "tiles on the table at noon"
SCOPES = ("visit:test",)


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
def accounts(url: str, book: SqlClassBook) -> Iterator[SqlAccounts]:
    accounts = SqlAccounts.from_url(url, SchoolSettings())
    yield accounts
    accounts.engine.dispose()


@pytest.fixture
def store(url: str, book: SqlClassBook) -> Iterator[SqlProgressStore]:
    store = SqlProgressStore.from_url(url)
    yield store
    store.engine.dispose()


@pytest.fixture
def rosa(accounts: SqlAccounts) -> Teacher:
    return accounts.sign_up("Ms Rosa", PASSWORD)


@pytest.fixture
def ben(accounts: SqlAccounts) -> Teacher:
    return accounts.sign_up("Mr Ben", PASSWORD)


def at(minute: int, correct: bool = True, skill: str = "fits", code: str = "fits-1") -> Answer:
    return Answer(skill, code, correct, datetime(2026, 3, 1, 10, minute, tzinfo=UTC))


def learner(school_class: SchoolClass, issued: object) -> Learner:
    return Learner(issued.nickname, school_class.code, issued.key)


# --------------------------------------------------------------------------------------------- classes


def test_a_class_is_made_once_per_teacher_and_name(book: SqlClassBook, rosa: Teacher, ben: Teacher) -> None:
    made = book.create("  5B   maths ", rosa)
    assert re.fullmatch(r"[B-Z]{3}-[2-9]{3}", made.code) and made.name == "5B maths"
    assert book.create("5b MATHS", rosa) == made  # a double click, a second tab: the same class
    assert book.create("5B maths", ben) != made  # another teacher's class of the same name is theirs
    assert book.classes_of(rosa) == (made,)
    with book.engine.connect() as conn:
        assert conn.scalar(sa.select(sa.func.count()).select_from(classes)) == 2


def test_the_teachers_classes_come_newest_first_and_every_code_is_new(book: SqlClassBook, rosa: Teacher) -> None:
    made = [book.create(f"class {n}", rosa) for n in range(8)]
    assert len({school_class.code for school_class in made}) == 8
    assert [school_class.name for school_class in book.classes_of(rosa)] == [f"class {n}" for n in range(7, -1, -1)]


def test_a_class_opens_only_for_its_own_teacher(book: SqlClassBook, rosa: Teacher, ben: Teacher) -> None:
    hers = book.create("5B", rosa)
    assert book.owned(rosa, hers.code.lower().replace("-", " ")) == hers
    assert book.owned(ben, hers.code) is None
    assert book.owned(rosa, "KMR-999") is None and book.owned(rosa, "'; DROP TABLE classes; --") is None
    assert book.find(f" {hers.code.lower()} ") == hers


@pytest.mark.parametrize(("name", "code"), [("", "name_empty"), ("   ", "name_empty"), ("x" * 61, "name_too_long")])
def test_an_unusable_class_name_is_refused_and_nothing_made(book: SqlClassBook, rosa: Teacher, name: str,
                                                            code: str) -> None:
    with pytest.raises(ClassRefused) as refused:
        book.create(name, rosa)
    assert refused.value.code == code
    assert book.classes_of(rosa) == ()


def old_class(book: SqlClassBook, store: SqlProgressStore, secret: str, *nicknames: str) -> SchoolClass:
    """A class as the app made it before teacher accounts: no teacher, a link's secret, learners without codes."""
    made = SchoolClass("KMR-482", "4A", datetime.now(UTC))
    with book.engine.begin() as conn:
        conn.execute(classes.insert().values(code=made.code, name=made.name, secret_hash=secret_hash(secret),
                                             created_at=made.created))
    for nickname in nicknames:
        store.add_learner(Learner(nickname, made.code))
        store.save_lesson(Learner(nickname, made.code), "pila", 3)
    return made


def test_a_class_made_before_accounts_is_claimed_once_with_its_secret(book: SqlClassBook, store: SqlProgressStore,
                                                                      rosa: Teacher, ben: Teacher) -> None:
    made = old_class(book, store, "an-old-secret-0123456789", "Ana", "Ben")
    for wrong in ("", "   ", "an-old-secret-012345678", "x" * 300):
        assert book.claim(rosa, wrong) is None
    assert book.claim(rosa, " an-old-secret-0123456789 ") == made
    assert book.owned(rosa, made.code) == made and book.classes_of(rosa) == (made,)
    assert book.claim(ben, "an-old-secret-0123456789") is None  # claimed already: it stays hers
    assert book.create("4A", rosa) != made  # her new "4A" is another class (the old one keeps its own name key)
    assert [nickname for _key, nickname in book.without_code(made)] == ["Ana", "Ben"]


# --------------------------------------------------------------------------------------------- the class list


def test_learners_get_personal_codes_stored_only_as_hashes(book: SqlClassBook, accounts: SqlAccounts,
                                                           rosa: Teacher) -> None:
    four_a = book.create("4A", rosa)
    issued = book.add_learners(four_a, [" Ana ", "Ben  Ali", "", "Zoë"])
    assert [code.nickname for code in issued] == ["Ana", "Ben Ali", "Zoë"]
    assert len({code.code for code in issued}) == 3 and all(re.fullmatch(r"\w{3}-\w{3}-\w{3}", c.code) for c in issued)
    for code in issued:
        found = accounts.sign_in_code(code.code.lower().replace("-", " "), SCOPES)
        assert found == learner(four_a, code) and not found.guest
    with book.engine.connect() as conn:
        stored = " ".join(str(value) for row in conn.execute(sa.text("SELECT * FROM learners")) for value in row)
    assert not any(code.code.replace("-", "") in stored.replace("-", "").upper() for code in issued)
    report = book.report(four_a)
    assert [(one.nickname, one.has_code) for one in report.learners] == [("Ana", True), ("Ben Ali", True),
                                                                        ("Zoë", True)]
    assert book.without_code(four_a) == ()


@pytest.mark.parametrize(("names", "code", "nickname"), [
    (["Ana", "Тоm"], "nickname_mixed", "Тоm"),  # a Cyrillic Т and о among Latin letters
    (["Ana", "Том"], "nickname_taken", "Том"),  # all Cyrillic, and reads "Tom": the class has a Tom
    (["Ana", "TOM"], "nickname_taken", "TOM"),
    (["Ana", "Zoë", "zoe"], "nickname_taken", "zoe"),  # twice in the list, accents aside
    (["Ana", "x" * 25], "nickname_too_long", "x" * 25),
    (["Ana", "<b>x</b>"], "nickname_characters", "<b>x</b>"),
])
def test_a_class_list_is_all_or_nothing_and_names_the_name_it_refuses(book: SqlClassBook, rosa: Teacher,
                                                                       names: list[str], code: str,
                                                                       nickname: str) -> None:
    four_a = book.create("4A", rosa)
    book.add_learners(four_a, ["Tom"])
    with pytest.raises(ClassRefused) as refused:
        book.add_learners(four_a, names)
    assert (refused.value.code, refused.value.nickname) == (code, nickname)
    assert [one.nickname for one in book.report(four_a).learners] == ["Tom"]


def test_a_name_in_another_class_is_no_problem(book: SqlClassBook, rosa: Teacher) -> None:
    four_a, five_b = book.create("4A", rosa), book.create("5B", rosa)
    book.add_learners(four_a, ["Ana"])
    assert [code.nickname for code in book.add_learners(five_b, ["ana"])] == ["ana"]


def test_a_new_code_stops_the_old_one_and_signs_the_learner_out(book: SqlClassBook, accounts: SqlAccounts,
                                                                 rosa: Teacher) -> None:
    four_a = book.create("4A", rosa)
    ana, ben = book.add_learners(four_a, ["Ana", "Ben"])
    signed = accounts.sign_in_code(ana.code, SCOPES)
    epoch = accounts.epoch_of(signed)
    new = book.reissue(four_a, ana.key)
    assert (new.nickname, new.key) == ("Ana", ana.key) and new.code != ana.code
    with pytest.raises(AccountRefused) as refused:
        accounts.sign_in_code(ana.code, SCOPES)
    assert refused.value.code == "unknown_code"
    assert not accounts.still_signed_in(signed, epoch)
    assert accounts.sign_in_code(new.code, SCOPES).key == ana.key
    assert accounts.sign_in_code(ben.code, SCOPES).key == ben.key
    with pytest.raises(ClassRefused) as unknown:
        book.reissue(book.create("5B", rosa), ana.key)  # not a learner of that class
    assert unknown.value.code == "unknown_learner"


def test_learners_kept_from_before_codes_get_codes_when_their_teacher_asks(book: SqlClassBook,
                                                                            store: SqlProgressStore,
                                                                            accounts: SqlAccounts,
                                                                            rosa: Teacher) -> None:
    made = old_class(book, store, "an-old-secret-0123456789", "Ana")
    book.claim(rosa, "an-old-secret-0123456789")
    ((key, nickname),) = book.without_code(made)
    assert not book.report(made).learners[0].has_code
    issued = book.reissue(made, key)
    assert book.without_code(made) == () and book.report(made).learners[0].has_code
    ana = accounts.sign_in_code(issued.code, SCOPES)
    assert (ana.nickname, ana.key) == (nickname, key) and store.load(ana).lesson("pila").step == 3


def test_removing_a_learner_deletes_their_records_and_nobody_elses(book: SqlClassBook, accounts: SqlAccounts,
                                                                   store: SqlProgressStore, rosa: Teacher,
                                                                   url: str) -> None:
    four_a, five_b = book.create("4A", rosa), book.create("5B", rosa)
    ana_code, ben_code = book.add_learners(four_a, ["Quirina", "Ben"])
    ana, ben = learner(four_a, ana_code), learner(four_a, ben_code)
    store.save_lesson(ana, "pila", 2)
    store.record_answer(ana, at(1))
    store.save_steps(ana, "pila", {1: StepResult(True, 1, 0)})
    store.record_answer(ben, at(2))
    assert not book.remove(ana.key, five_b)  # not a learner of that class
    assert book.remove(ana.key, four_a)
    assert [one.nickname for one in book.report(four_a).learners] == ["Ben"]
    with make_engine(url).connect() as conn:
        for table in ("learners", "lesson_progress", "answers", "step_results"):
            rows = conn.execute(sa.text(f"SELECT * FROM {table}")).all()
            assert not any(ana.key in str(value) or "Quirina" in str(value) for row in rows for value in row), table
    with pytest.raises(AccountRefused):
        accounts.sign_in_code(ana_code.code, SCOPES)
    assert store.load(ben).answers == (at(2),)
    assert not book.remove(ana.key, four_a)


# --------------------------------------------------------------------------------------------- the class view


def test_learners_appear_on_the_class_view_as_soon_as_they_are_on_the_list(book: SqlClassBook,
                                                                            accounts: SqlAccounts,
                                                                            rosa: Teacher) -> None:
    four_a = book.create("4A", rosa)
    ana, _ben = book.add_learners(four_a, ["Ana", "ben"])
    report = book.report(four_a)
    assert [(one.nickname, one.last_seen) for one in report.learners] == [("Ana", None), ("ben", None)]
    before = datetime.now(UTC) - timedelta(seconds=1)
    accounts.sign_in_code(ana.code, SCOPES)  # signed in, nothing done yet: seen now
    seen = book.report(four_a).learners[0].last_seen
    assert seen is not None and seen >= before


def test_the_class_view_shows_its_own_learners_lessons_steps_answers_and_mastery(book: SqlClassBook,
                                                                                 store: SqlProgressStore,
                                                                                 rosa: Teacher) -> None:
    four_a, five_b = book.create("4A", rosa), book.create("5B", rosa)
    ana_code, ben_code = book.add_learners(four_a, ["Ana", "ben"])
    ana, ben = learner(four_a, ana_code), learner(four_a, ben_code)
    (other,) = book.add_learners(five_b, ["Ana"])
    store.save_lesson(ana, "pila", 5, stars=3)
    store.save_lesson(ana, "pegar", 2)
    store.save_steps(ana, "pila", {1: StepResult(True, 2, 1), 2: StepResult(False, 1, 0)})
    store.save_steps(ana, "pila", {2: StepResult(True, 1, 1)})  # the counts add up, a step once done stays done
    for n in range(6):
        store.record_answer(ana, at(n, correct=n != 0))  # 5 right of 6: fits mastered
    store.record_answer(ben, at(1, correct=False, skill="lacks", code="lacks-3"))
    store.save_lesson(learner(five_b, other), "kaba", 3)  # another class
    report = book.report(four_a)
    first, second = report.learners
    assert first.lesson("pila") == LessonProgress("pila", 5, 3, True)
    assert first.lesson("pegar") == LessonProgress("pegar", 2, 0, False)
    assert first.lesson("kaba") == LessonProgress("kaba")
    assert first.steps == {("pila", 1): StepResult(True, 2, 1), ("pila", 2): StepResult(True, 2, 1)}
    assert first.answers == {"fits": (5, 6)} and second.answers == {"lacks": (0, 1)}
    assert first.mastery["fits"].level == "mastered" and second.mastery["lacks"].level == "learning"
    assert second.last_seen is not None and first.games is None


def test_the_questions_missed_most_come_first_with_how_many_learners_missed_them(book: SqlClassBook,
                                                                                  store: SqlProgressStore,
                                                                                  rosa: Teacher) -> None:
    four_a = book.create("4A", rosa)
    ana, ben, cy = (learner(four_a, code) for code in book.add_learners(four_a, ["Ana", "Ben", "Cy"]))
    (dee,) = book.add_learners(book.create("5B", rosa), ["Dee"])
    store.record_answer(ana, at(1, False, "lacks", "lacks-4821"))
    store.record_answer(ben, at(2, False, "lacks", "lacks-4821"))
    store.record_answer(cy, at(3, True, "lacks", "lacks-4821"))
    store.record_answer(ana, at(4, False, "count", "count-17"))
    store.record_answer(ana, at(5, False, "count", "count-17"))
    store.record_answer(ana, at(6, False, "fits", "fits-9"))
    store.record_answer(ana, at(7, True, "where", "where-2"))  # never missed: not listed
    store.record_answer(Learner("Dee", "5B", dee.key), at(8, False, "where", "where-2"))  # outside the class
    missed = book.report(four_a).missed
    assert [(m.code, m.skill, m.wrong, m.answered, m.learners) for m in missed] == [
        ("lacks-4821", "lacks", 2, 3, 2), ("count-17", "count", 2, 2, 1), ("fits-9", "fits", 1, 1, 1)]
    assert len(book.report(four_a, missed=1).missed) == 1


def test_a_database_made_before_classes_is_upgraded_and_keeps_its_learners(url: str) -> None:
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
        assert conn.scalar(sa.select(sa.func.max(schema_version.c.version))) == SCHEMA_VERSION >= 3
        assert conn.scalar(sa.text("SELECT nickname FROM learners WHERE key = '/ana'")) == "Ana"
    accounts = SqlAccounts(book.engine, SchoolSettings())
    teacher = accounts.sign_up("Ms Rosa", PASSWORD)
    assert [one.nickname for one in book.report(book.create("4A", teacher)).learners] == []
    book.engine.dispose()


def test_class_codes_are_read_in_any_case() -> None:
    assert normal_code(" kmr-482 ") == "KMR-482" and normal_code("qmd 958") == "QMD-958"
    assert normal_code("Klas 5'B") == "Klas 5'B"  # not one of ours: left as typed
    assert SchoolClass("kmr-482", "x").code == "KMR-482"
