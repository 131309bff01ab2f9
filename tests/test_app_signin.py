"""Sign-in and lasting progress under AppTest: stars, the place in each lesson and practice mastery survive an app
restart; an unreachable database or a failing write leaves the app usable and says so; nicknames stay plain text."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy.exc import OperationalError

from app.classes_sql import SqlClassBook
from app.progress import Learner
from app.progress_sql import URL_VARIABLE, GuardedStore, SqlProgressStore
from tests.app_support import LANGUAGES, LIBRARY, click, open_app, runner, solve_step, texts, visit
from tests.test_app_practice import answer as answer_practice

PEGAR_STEPS = len(LIBRARY.lesson("pegar").steps)


def sign_in(at, nickname: str, class_code: str = "") -> None:
    """Fill in the home page's sign-in form and send it."""
    at.text_input(key="signin_nickname").set_value(nickname)
    at.text_input(key="signin_class").set_value(class_code)
    click(at, "sign_in")


def ui(key: str, **args: object) -> str:
    """An English ui text."""
    return LIBRARY.texts.get("en", key).format(**args) if args else LIBRARY.texts.get("en", key)


@pytest.fixture
def database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A fresh SQLite progress database for the app."""
    url = f"sqlite:///{tmp_path / 'progress.db'}"
    monkeypatch.setenv(URL_VARIABLE, url)
    return url


def test_progress_survives_an_app_restart(database: str) -> None:
    five_b = SqlClassBook.from_url(database).create("5B").school_class.code
    at = open_app(lang="en")
    sign_in(at, "Ana", five_b)
    assert visit(at).account.signed_in and visit(at).account.store.persistent
    click(at, "open_pegar")
    for number in range(1, PEGAR_STEPS + 1):
        solve_step(at, "pegar")
        if number < PEGAR_STEPS:
            click(at, "next")
    assert runner(at, "pegar").finished
    click(at, "all_lessons")
    click(at, "open_kaba")
    click(at, "next")
    assert runner(at, "kaba").number == 2
    click(at, "all_lessons")
    click(at, "practise_pasa")
    question = visit(at).place.drill.current
    answer_practice(at, question, question.correct)

    stored = SqlProgressStore.from_url(database).load(Learner("Ana", five_b))
    assert stored.lesson("pegar").stars == 3 and stored.lesson("kaba").step == 2
    assert [(a.code, a.correct) for a in stored.answers] == [(question.code, True)]

    again = open_app(lang="en")  # a new session: the app restarted, the learner comes back
    assert not visit(again).account.signed_in
    sign_in(again, "ana", five_b.lower())  # nicknames and class codes are the same whatever the case
    assert texts(again, "error") == [ui("teacher.join.nickname_taken")]  # the class has an Ana: is it you?
    click(again, "signin_same")
    markdown = " ".join(texts(again, "markdown"))
    assert "★★★" in markdown and ui("home.stars", stars=3) in markdown
    assert ui("practice.mastery.learning", right=1, answered=1) in markdown
    kaba = LIBRARY.texts.find("en", "title", "kaba")
    assert again.button(key="continue").label == ui("home.continue", lesson=kaba, step=2)
    click(again, "continue")
    assert visit(again).place.last_lesson == "kaba" and runner(again, "kaba").number == 2


def test_a_guest_keeps_what_was_done_when_signing_in(database: str) -> None:
    at = open_app(lesson="pegar", lang="en")
    click(at, "next")
    click(at, "all_lessons")
    assert not visit(at).account.signed_in and not visit(at).account.store.persistent
    assert ui("signin.guest") in texts(at, "caption")
    sign_in(at, "Bea")
    assert SqlProgressStore.from_url(database).load(Learner("Bea")).lesson("pegar").step == 2
    click(at, "sign_out")
    assert not visit(at).account.signed_in
    assert visit(at).account.store.load(visit(at).account.learner).lessons == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_unreachable_database_is_said_in_the_learners_language(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    monkeypatch.setenv(URL_VARIABLE, "postgresql+psycopg://u:secret@127.0.0.1:1/x")
    at = open_app(lang=lang)
    assert texts(at, "warning") == [LIBRARY.texts.get(lang, "notice.progress_visit_only")]
    assert texts(at, "text") == []  # the database's own (English, technical) words go to the log only


def test_an_unreachable_database_leaves_the_app_usable_with_a_notice(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(URL_VARIABLE, "postgresql+psycopg://u:secret@127.0.0.1:1/x")
    at = open_app(lang="en")
    assert ui("notice.progress_visit_only") in texts(at, "warning")
    assert not any("secret" in text for kind in ("text", "warning", "markdown") for text in texts(at, kind))
    at.run()
    assert ui("notice.progress_visit_only") not in texts(at, "warning")  # said once
    sign_in(at, "Ana")
    assert visit(at).account.signed_in and not visit(at).account.store.persistent
    assert ui("signin.visit_only") in texts(at, "caption")
    click(at, "open_pegar")
    click(at, "next")
    solve_step(at, "pegar")
    assert runner(at, "pegar").done
    assert visit(at).account.store.load(visit(at).account.learner).lesson("pegar").step == 2


def test_a_failing_write_switches_to_session_progress_and_says_so(database: str) -> None:
    at = open_app(lang="en")
    sign_in(at, "Ana")
    store = visit(at).account.store
    assert isinstance(store, GuardedStore)

    def broken(*args: object, **kwargs: object) -> None:
        raise OperationalError("UPDATE lesson_progress", {}, Exception("disk I/O error"))

    store.primary.save_lesson = broken  # type: ignore[method-assign]
    store.primary.record_answer = broken  # type: ignore[method-assign]
    click(at, "open_pegar")
    assert ui("notice.progress_write_failed") in texts(at, "warning")
    click(at, "next")
    assert not store.persistent and store.error == "disk I/O error"
    assert store.load(visit(at).account.learner).lesson("pegar").step == 2
    assert ui("notice.progress_write_failed") not in texts(at, "warning")  # said once
    solve_step(at, "pegar")
    click(at, "next")
    assert store.load(visit(at).account.learner).lesson("pegar").step == 3


@pytest.mark.parametrize("nickname", ["__Ana__", "O'Brien", "Zoë-María d'Abreu", "_x_ 3.0"])
def test_odd_nicknames_are_shown_as_plain_text(database: str, nickname: str) -> None:
    at = open_app(lang="en")
    sign_in(at, nickname)
    assert visit(at).account.learner.nickname == nickname
    assert nickname in texts(at, "text")  # st.text: never read as markdown or HTML
    assert nickname in [element.value for element in at.sidebar.text]
    assert not any(nickname in text for kind in ("markdown", "caption", "success", "info") for text in texts(at, kind))


@pytest.mark.parametrize(
    ("nickname", "class_code", "problem"),
    [
        ("<script>x</script>", "", ui("signin.characters")),
        ("**bold**", "", ui("signin.characters")),
        ('Ana "La Reina"', "", ui("signin.characters")),
        ("   ", "", ui("signin.empty")),
        ("x" * 30, "", ui("signin.too_long", max=24)),
        ("Ana", "<b>5B</b>", ui("signin.characters")),
    ],
)
def test_an_unusable_nickname_or_class_code_gives_a_plain_message(database: str, nickname: str, class_code: str,
                                                                   problem: str) -> None:
    at = open_app(lang="en")
    sign_in(at, nickname, class_code)
    assert not visit(at).account.signed_in
    field = ui("signin.class_code") if class_code else ui("signin.nickname")
    assert f"{field}: {problem}" in texts(at, "error")
    shown = [text for kind in ("markdown", "text", "caption", "error") for text in texts(at, kind)]
    assert not any(nickname.strip() and nickname in text for text in shown)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_of_the_one_name_check_has_words_in_every_language(lang: str) -> None:
    from app.progress import NameRefused, check_nickname
    from app.signin import problem

    for text, code in (("  ", "empty"), ("x" * 30, "too_long"), ("<b>", "characters")):
        for field in ("nickname", "class_code"):
            try:
                check_nickname(text, field)
            except NameRefused as refused:
                assert (refused.code, refused.field) == (code, field)
            else:
                raise AssertionError(f"{text!r} passed the check")
            said = LIBRARY.texts.render(problem(text, field), lang)
            assert said.startswith(LIBRARY.texts.get(lang, f"signin.{field}"))
            assert LIBRARY.texts.get(lang, f"signin.{code}").split("{")[0] in said
