"""Joining a teacher's class at sign-in, under AppTest in every language: the code names a class (any case), an
unknown code is refused, and a second "Ana" in a class is told so — the same Ana carries on with "that's me"."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.classes_sql import SqlClassBook
from app.progress import Learner
from app.progress_sql import URL_VARIABLE, SqlProgressStore
from tests.app_support import LANGUAGES, LIBRARY, click, open_app, texts, visit


@pytest.fixture
def database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A fresh SQLite progress database for the app."""
    url = f"sqlite:///{tmp_path / 'progress.db'}"
    monkeypatch.setenv(URL_VARIABLE, url)
    return url


def sign_in(at, nickname: str, class_code: str = "") -> None:
    at.text_input(key="signin_nickname").set_value(nickname)
    at.text_input(key="signin_class").set_value(class_code)
    click(at, "sign_in")


def ui(lang: str, key: str, **args: object) -> str:
    return LIBRARY.texts.get(lang, key).format(**args)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_class_code_in_any_case_joins_that_class(database: str, lang: str) -> None:
    code = SqlClassBook.from_url(database).create("5B").school_class.code
    at = open_app(lang=lang)
    sign_in(at, "Ana", f" {code.lower()} ")
    assert visit(at).account.learner == Learner("Ana", code)
    assert visit(at).account.learner.class_code == code  # the class's own spelling, so the teacher sees Ana
    assert not texts(at, "error")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_unknown_class_code_is_refused_in_the_learners_language(database: str, lang: str) -> None:
    at = open_app(lang=lang)
    sign_in(at, "Ana", "XYZ-999")
    assert not visit(at).account.signed_in
    assert texts(at, "error") == [ui(lang, "teacher.join.unknown_class", code="XYZ-999")]
    sign_in(at, "Ana", "")  # without a code she may still sign in
    assert visit(at).account.learner == Learner("Ana")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_second_ana_in_a_class_is_told_so_and_the_same_ana_carries_on(database: str, lang: str) -> None:
    code = SqlClassBook.from_url(database).create("5B").school_class.code
    SqlProgressStore.from_url(database).save_lesson(Learner("Ana", code), "pila", 3)
    at = open_app(lang=lang)
    sign_in(at, "ANA", code)
    assert not visit(at).account.signed_in
    assert texts(at, "error") == [ui(lang, "teacher.join.nickname_taken")]
    assert at.button(key="signin_same").label == ui(lang, "teacher.join.same_learner")
    sign_in(at, "Anabel", code)  # another nickname: in at once
    assert visit(at).account.learner == Learner("Anabel", code)


def test_that_s_me_signs_in_to_the_stored_progress(database: str) -> None:
    code = SqlClassBook.from_url(database).create("5B").school_class.code
    SqlProgressStore.from_url(database).save_lesson(Learner("Ana", code), "pila", 3)
    at = open_app(lang="pap")
    sign_in(at, "ana", code)
    click(at, "signin_same")
    assert visit(at).account.learner == Learner("ana", code)
    assert visit(at).account.store.load(visit(at).account.learner).lesson("pila").step == 3
    assert not texts(at, "error")
