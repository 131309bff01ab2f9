"""Classes and learners made straight in a progress database, as a teacher's page would: a teacher account, a class,
a roster with each learner's personal code (the only moment a code is known)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.storage.accounts import SchoolSettings
from app.storage.accounts_sql import SqlAccounts, Teacher
from app.storage.browser import BROWSER_KEY
from app.storage.classes import SchoolClass
from app.storage.classes_sql import SqlClassBook
from tests.app_support import click, open_app, texts, visit

PASSWORD = "a long enough passphrase"


@dataclass(frozen=True)
class Roster:
    """A teacher's class and its learners' codes by nickname."""

    teacher: Teacher
    school_class: SchoolClass
    codes: dict[str, str]
    keys: dict[str, str]


def make_roster(url: str, *nicknames: str, teacher: str = "Ms Maria", class_name: str = "5B") -> Roster:
    """A teacher (signed up on the database at ``url``, or found again), a class and learners with their codes."""
    accounts = SqlAccounts.from_url(url, SchoolSettings())
    try:
        made = accounts.sign_up(teacher, PASSWORD)
    except ValueError:  # already signed up in this database
        made = accounts.sign_in_teacher(teacher, PASSWORD, ())
    book = SqlClassBook.from_url(url)
    school_class = book.create(class_name, made)
    issued = book.add_learners(school_class, nicknames)
    accounts.engine.dispose()
    book.engine.dispose()
    return Roster(made, school_class, {i.nickname: i.code for i in issued}, {i.nickname: i.key for i in issued})


def reload_with(at: Any, kept: Any) -> None:
    """The browser reports what it kept (as after a reload), and the app runs."""
    at.session_state[BROWSER_KEY] = {"stored": {"value": kept}}
    at.run()
    assert not at.exception, at.exception


def signed_in_app(code: str, lang: str = "en", lesson: str | None = None) -> Any:
    """A new visit (a phone) whose browser kept nothing, signed in with ``code`` on the home page; then on
    ``lesson``, when given."""
    at = open_app(lang=lang)
    reload_with(at, None)
    at.text_input(key="signin_code").set_value(code)
    click(at, "sign_in")
    assert visit(at).account.signed_in, texts(at, "error")
    if lesson is not None:
        click(at, f"open_{lesson}")
    return at
