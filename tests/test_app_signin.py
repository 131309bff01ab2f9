"""Sign-in with a personal code and lasting progress under AppTest: stars, the place in each lesson and practice
mastery survive an app restart; a guest's progress comes along; an unreachable database or a failing write leaves the
app usable and says so; nicknames stay plain text; a wrong code is refused in the learner's language."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy.exc import OperationalError

from app.signin import EXAMPLE_CODE
from app.storage.accounts import FREE_TRIES, wait_after
from app.storage.progress import Learner
from app.storage.progress_sql import URL_VARIABLE, GuardedStore, SqlProgressStore
from tests.app_support import LANGUAGES, LIBRARY, click, open_app, runner, solve_step, texts, visit
from tests.identity_support import make_roster, reload_with, signed_in_app
from tests.test_app_browser_memory import browser_data
from tests.test_app_practice import answer as answer_practice

PEGAR_STEPS = len(LIBRARY.lesson("pegar").steps)


def sign_in(at, code: str) -> None:
    """Type a personal code into the home page's sign-in form and send it."""
    at.text_input(key="signin_code").set_value(code)
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
    roster = make_roster(database, "Ana")
    code = roster.codes["Ana"]
    at = open_app(lang="en")
    sign_in(at, code)
    assert visit(at).account.signed_in and visit(at).account.store.persistent
    assert visit(at).account.learner.nickname == "Ana" and "Ana" in texts(at, "text")
    assert "5B" in texts(at, "text") and roster.school_class.code not in texts(at, "text")  # the class, by its name
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

    learner = Learner("Ana", roster.school_class.code, roster.keys["Ana"])
    stored = SqlProgressStore.from_url(database).load(learner)
    assert stored.lesson("pegar").stars >= 1 and stored.lesson("pegar").finished and stored.lesson("kaba").step == 2
    assert stored.steps_done("pegar") == PEGAR_STEPS  # every step, as the server's runner saw it done
    assert [(a.code, a.correct) for a in stored.answers] == [(question.code, True)]

    again = open_app(lang="en")  # a new session: the app restarted, the learner comes back on another phone
    assert not visit(again).account.signed_in
    sign_in(again, code.lower().replace("-", " "))  # any case, any separator
    assert visit(again).account.learner == learner
    markdown = " ".join(texts(again, "markdown"))
    assert "★" in markdown
    assert ui("practice.mastery.learning", right=1, answered=1) in markdown
    kaba = LIBRARY.texts.find("en", "title", "kaba")
    assert again.button(key="continue").label == ui("home.continue", lesson=kaba, step=2)
    click(again, "continue")
    assert visit(again).place.last_lesson == "kaba" and runner(again, "kaba").number == 2


def test_a_nickname_alone_signs_nobody_in(database: str) -> None:
    make_roster(database, "Ana")
    at = open_app(lang="en")
    assert not [field for field in at.text_input if field.key != "signin_code"]  # the code is the only field
    sign_in(at, "Ana")
    assert not visit(at).account.signed_in
    assert texts(at, "error") == [ui("signin.not_a_code", example=EXAMPLE_CODE)]


def test_a_guest_keeps_what_was_done_when_signing_in(database: str) -> None:
    roster = make_roster(database, "Bea")
    at = open_app(lesson="pegar", lang="en")
    reload_with(at, None)  # the browser kept nothing: a guest's record is made once there is something to keep
    click(at, "next")
    guest = visit(at).account.learner
    assert guest.guest and visit(at).account.recorded and visit(at).account.store.persistent
    assert SqlProgressStore.from_url(database).load(guest).lesson("pegar").step == 2
    click(at, "all_lessons")
    assert not visit(at).account.signed_in
    assert ui("signin.guest") in texts(at, "caption")
    sign_in(at, roster.codes["Bea"])
    bea = Learner("Bea", roster.school_class.code, roster.keys["Bea"])
    assert visit(at).account.learner == bea
    stored = SqlProgressStore.from_url(database)
    assert stored.load(bea).lesson("pegar").step == 2
    assert stored.load(bea).steps_done("pegar") >= 1
    assert stored.load(guest).lessons == {}  # the guest's record was carried over and is gone
    click(at, "sign_out")
    assert not visit(at).account.signed_in and not visit(at).account.recorded
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
    sign_in(at, "BCD-FGH-JKM")
    assert not visit(at).account.signed_in and not visit(at).account.store.persistent
    assert texts(at, "error") == [ui("signin.no_database")]
    click(at, "open_pegar")
    click(at, "next")
    solve_step(at, "pegar")
    assert runner(at, "pegar").done
    assert visit(at).account.store.load(visit(at).account.learner).lesson("pegar").step == 2


def test_a_failing_write_switches_to_session_progress_and_says_so(database: str) -> None:
    roster = make_roster(database, "Ana")
    at = open_app(lang="en")
    sign_in(at, roster.codes["Ana"])
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
    roster = make_roster(database, nickname)
    at = open_app(lang="en")
    sign_in(at, roster.codes[nickname])
    assert visit(at).account.learner.nickname == nickname
    assert nickname in texts(at, "text")  # st.text: never read as markdown or HTML
    assert nickname in [element.value for element in at.sidebar.text]
    assert not any(nickname in text for kind in ("markdown", "caption", "success", "info") for text in texts(at, kind))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_wrong_code_is_refused_in_the_learners_language_and_tries_are_slowed_down(database: str, lang: str) -> None:
    roster = make_roster(database, "Ana")
    at = open_app(lang=lang)
    sign_in(at, "Ana")
    assert texts(at, "error") == [LIBRARY.texts.get(lang, "signin.not_a_code").format(example=EXAMPLE_CODE)]
    sign_in(at, "BCD-FGH-JKM")  # the right shape, nobody's code
    assert texts(at, "error") == [LIBRARY.texts.get(lang, "signin.unknown_code")]
    wait = LIBRARY.texts.get(lang, "signin.wait")
    before, after = wait.split("{wait}")
    for tries in range(3, FREE_TRIES + 6):
        sign_in(at, f"BCD-FGH-{'JKMNPQRST'[tries]}XZ")
        (said,) = texts(at, "error")
        if said.startswith(before) and said.endswith(after):
            break
    assert FREE_TRIES < tries <= FREE_TRIES + 5, tries  # the first tries are free, then each one waits longer
    assert 1 <= int(said[len(before):len(said) - len(after)]) <= wait_after(tries)
    sign_in(at, roster.codes["Ana"])  # while waiting, even the right code is not looked at
    assert texts(at, "error")[0].startswith(before) and not visit(at).account.signed_in


def test_a_step_link_opens_that_step_for_a_signed_in_learner_and_offers_the_saved_place(database: str) -> None:
    roster = make_roster(database, "Ana")
    first = signed_in_app(roster.codes["Ana"], lesson="kaba")
    click(first, "next")
    token = browser_data(first)["save"]["learner"]
    link = open_app(lesson="kaba", step="1", lang="en")  # a link to step 1, opened in the same browser later
    reload_with(link, {"v": 2, "learner": token})
    assert visit(link).account.signed_in and runner(link, "kaba").number == 1  # the link wins
    assert ui("player.saved_place").format(step=2) in texts(link, "info")
    click(link, "saved_place")
    assert runner(link, "kaba").number == 2


def test_a_question_link_opens_that_question_for_a_signed_in_learner(database: str) -> None:
    roster = make_roster(database, "Ana")
    first = signed_in_app(roster.codes["Ana"])
    token = browser_data(first)["save"]["learner"]
    link = open_app(lesson="practice", code="count-758688", lang="en")
    reload_with(link, {"v": 2, "learner": token})  # the browser signs her in as the question opens
    assert visit(link).account.signed_in
    drill = visit(link).place.drill
    assert drill is not None and drill.current is not None and drill.current.code == "count-758688"
    assert link.query_params["code"] == "count-758688"  # the address still names the question
