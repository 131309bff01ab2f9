"""A database of the shape the app had before teacher accounts (schema version 2) opens with this version: its
learners, their progress and their classes are kept; a teacher claims a class with its old teacher link and gives
its learners personal codes, with which they find their progress again. SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
import sqlalchemy as sa

from app.storage.accounts import SchoolSettings
from app.storage.accounts_sql import SqlAccounts
from app.storage.classes import secret_hash
from app.storage.classes_sql import SqlClassBook
from app.storage.progress import Learner
from app.storage.progress_sql import SCHEMA_VERSION, SqlProgressStore, make_engine
from tests.postgres import PostgresServer

OLD_SECRET = "old-teacher-link-secret-0123456789"
WHEN = datetime(2026, 10, 1, 9, 0, tzinfo=UTC)

# The tables as version 2 made them (app/storage/progress_sql.py at commit 3d010a2), written out so the test keeps them.
V2 = """
CREATE TABLE schema_version (version INTEGER NOT NULL PRIMARY KEY, applied_at TIMESTAMP WITH TIME ZONE NOT NULL);
CREATE TABLE learners (key VARCHAR(200) NOT NULL PRIMARY KEY, nickname VARCHAR(100) NOT NULL,
    class_code VARCHAR(100) DEFAULT '' NOT NULL, created_at TIMESTAMP WITH TIME ZONE NOT NULL);
CREATE TABLE lesson_progress (learner_key VARCHAR(200) NOT NULL REFERENCES learners (key),
    lesson_id VARCHAR(100) NOT NULL, step INTEGER NOT NULL, stars INTEGER NOT NULL, finished BOOLEAN NOT NULL,
    updated_at TIMESTAMP WITH TIME ZONE NOT NULL, PRIMARY KEY (learner_key, lesson_id));
CREATE TABLE answers (id {id} PRIMARY KEY, learner_key VARCHAR(200) NOT NULL REFERENCES learners (key),
    skill VARCHAR(100) NOT NULL, code VARCHAR(100) NOT NULL, correct BOOLEAN NOT NULL,
    at TIMESTAMP WITH TIME ZONE NOT NULL);
CREATE INDEX answers_by_learner ON answers (learner_key, id);
CREATE TABLE classes (code VARCHAR(20) NOT NULL PRIMARY KEY, name VARCHAR(100) NOT NULL,
    secret_hash VARCHAR(64) NOT NULL UNIQUE, created_at TIMESTAMP WITH TIME ZONE NOT NULL);
CREATE TABLE moved_learners (old_key VARCHAR(200) NOT NULL PRIMARY KEY, new_key VARCHAR(200) NOT NULL);
CREATE INDEX ix_moved_learners_new_key ON moved_learners (new_key);
CREATE INDEX learners_by_class ON learners (class_code, key);
"""


@pytest.fixture(params=["sqlite", "postgresql"])
def old_database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A database in version 2's shape, with a class of two learners and their progress, and an unclassed one."""
    if request.param == "sqlite":
        url, identity = f"sqlite:///{tmp_path / 'old.db'}", "INTEGER"
    else:
        server: PostgresServer = request.getfixturevalue("postgres_server")
        url, identity = server.create_database(), "BIGSERIAL"
    engine = make_engine(url)
    with engine.begin() as conn:
        for statement in V2.format(id=identity).split(";"):
            if statement.strip():
                conn.exec_driver_sql(statement)
        conn.execute(sa.text("INSERT INTO schema_version VALUES (1, :t), (2, :t)"), {"t": WHEN})
        conn.execute(sa.text("INSERT INTO classes VALUES ('KMR-482', '5B', :h, :t)"),
                     {"h": secret_hash(OLD_SECRET), "t": WHEN})
        for key, nickname, code in (("kmr-482/ana", "Ana", "KMR-482"), ("kmr-482/bo", "Bo", "KMR-482"),
                                    ("/cy", "Cy", "")):
            conn.execute(sa.text("INSERT INTO learners VALUES (:k, :n, :c, :t)"),
                         {"k": key, "n": nickname, "c": code, "t": WHEN})
        conn.execute(sa.text("INSERT INTO lesson_progress VALUES ('kmr-482/ana', 'pegar', 6, 3, true, :t)"),
                     {"t": WHEN})
        conn.execute(sa.text("INSERT INTO answers (learner_key, skill, code, correct, at) "
                             "VALUES ('kmr-482/ana', 'fits', 'fits-17', true, :t)"), {"t": WHEN})
    engine.dispose()
    yield url


def test_an_old_database_opens_and_keeps_its_learners(old_database: str) -> None:
    store = SqlProgressStore.from_url(old_database)
    assert store.schema_version == SCHEMA_VERSION == 7
    ana = Learner("Ana", "KMR-482", "kmr-482/ana")
    assert store.load(ana).lesson("pegar").stars == 3 and len(store.load(ana).answers) == 1
    store.engine.dispose()
    again = SqlProgressStore.from_url(old_database)  # opening twice migrates once
    assert again.load(ana).lesson("pegar").step == 6
    again.engine.dispose()


def test_a_teacher_claims_the_old_class_and_gives_its_learners_codes(old_database: str) -> None:
    accounts = SqlAccounts.from_url(old_database, SchoolSettings())
    book = SqlClassBook.from_url(old_database)
    teacher = accounts.sign_up("Ms Maria", "a long enough passphrase")
    other = accounts.sign_up("Mr Other", "another long passphrase")
    assert book.owned(teacher, "KMR-482") is None  # nobody owns it before the claim
    assert book.claim(teacher, "not the secret") is None
    claimed = book.claim(teacher, OLD_SECRET)
    assert claimed is not None and claimed.code == "KMR-482" and claimed.name == "5B"
    assert book.claim(other, OLD_SECRET) is None  # claimed once, by one teacher
    assert book.owned(other, "kmr482") is None and book.owned(teacher, "kmr482") == claimed
    waiting = book.without_code(claimed)
    assert [nickname for _key, nickname in waiting] == ["Ana", "Bo"]
    issued = {nickname: book.reissue(claimed, key) for key, nickname in waiting}
    assert book.without_code(claimed) == ()
    ana = accounts.sign_in_code(issued["Ana"].code, ("visit:x",))
    assert ana.key == "kmr-482/ana"
    assert SqlProgressStore.from_url(old_database).load(ana).lesson("pegar").stars == 3
    report = book.report(claimed)
    assert [learner.nickname for learner in report.learners] == ["Ana", "Bo"]
    assert all(learner.has_code for learner in report.learners)
