"""Attacks on identity and progress, each played as a prankster in the class would (issue 19): a classmate's
nickname, a guessed code, a removed learner carrying on, a reissued code, two tabs, a replayed token. The server
decides every time; nothing the browser sends is taken as fact."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from app.storage.accounts import FREE_TRIES, PERSONAL_BITS, AccountRefused, SchoolSettings, new_personal_code
from app.storage.accounts_sql import SqlAccounts
from app.storage.classes_sql import SqlClassBook
from app.storage.progress import Learner
from app.storage.progress_sql import URL_VARIABLE, SqlProgressStore, _now, learners
from tests.app_support import LIBRARY, click, open_app, runner, texts, visit
from tests.identity_support import make_roster, reload_with, signed_in_app
from tests.test_app_browser_memory import browser_data


@pytest.fixture
def database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A fresh SQLite progress database for the app."""
    url = f"sqlite:///{tmp_path / 'progress.db'}"
    monkeypatch.setenv(URL_VARIABLE, url)
    return url


def ui(key: str, lang: str = "en") -> str:
    return LIBRARY.texts.get(lang, key)


def test_personal_codes_are_long_enough_not_to_be_guessed() -> None:
    assert PERSONAL_BITS >= 40
    codes = {new_personal_code() for _ in range(2000)}
    assert len(codes) == 2000  # no repeats in a school's worth of codes


def test_guessing_codes_is_slowed_down_per_visit_and_per_address(database: str) -> None:
    roster = make_roster(database, "Ana")
    accounts = SqlAccounts.from_url(database, SchoolSettings())
    one_visit, other_visit, address = "visit:a", "visit:b", "address:10.0.0.7"
    for _ in range(FREE_TRIES):
        with pytest.raises(AccountRefused) as refused:
            accounts.sign_in_code("BCD-FGH-JKM", (one_visit, address))
        assert refused.value.code == "unknown_code"
    with pytest.raises(AccountRefused) as refused:
        accounts.sign_in_code(roster.codes["Ana"], (one_visit, address))  # even the right code waits now
    assert refused.value.code == "wait" and refused.value.args_for_text["wait"] >= 1
    with pytest.raises(AccountRefused) as refused:  # a new visit from the same address waits as well
        accounts.sign_in_code(roster.codes["Ana"], (other_visit, address))
    assert refused.value.code == "wait"
    # the waits grow with every further failure, up to a cap, and end once their time is over
    later = _now() + timedelta(seconds=3)
    assert accounts.wait_for((address,), later) == 0
    accounts.failed((address,))
    accounts.failed((address,))
    assert accounts.wait_for((address,)) > accounts.wait_for((one_visit,))
    assert accounts.sign_in_code(roster.codes["Ana"], ("visit:c",)).nickname == "Ana"  # another address: fine


def test_a_classmates_nickname_signs_nobody_in(database: str) -> None:
    make_roster(database, "Ana", "Bo")
    at = open_app(lang="en")
    reload_with(at, None)
    for typed in ("Ana", "ana", "5B/ana", "Ana 5B"):
        at.text_input(key="signin_code").set_value(typed)
        click(at, "sign_in")
        assert not visit(at).account.signed_in
    assert "That's me" not in str([button.label for button in at.button])


def test_a_removed_learner_is_signed_out_at_the_next_action_and_not_made_again(database: str) -> None:
    roster = make_roster(database, "Ana")
    at = signed_in_app(roster.codes["Ana"], lang="pap", lesson="pila")
    token = browser_data(at)["save"]["learner"]
    click(at, "next")
    book = SqlClassBook.from_url(database)
    assert book.remove(roster.keys["Ana"], roster.school_class)
    click(at, "next")  # her next action
    assert not visit(at).account.signed_in
    assert ui("signin.signed_out_by_teacher", "pap") in texts(at, "warning")
    assert book.report(roster.school_class).learners == ()  # nothing was made again by that action
    with SqlProgressStore.from_url(database).engine.connect() as conn:
        assert conn.exec_driver_sql("SELECT count(*) FROM learners WHERE class_code != ''").scalar() == 0
    saved = browser_data(at)["save"]
    assert saved["learner"] != token and saved["guest"] is True  # the browser forgets her token; she goes on as a guest


def test_a_reissued_code_signs_out_every_device_of_the_old_one(database: str) -> None:
    roster = make_roster(database, "Ana")
    old = roster.codes["Ana"]
    phone = signed_in_app(old, lesson="pila")
    token = browser_data(phone)["save"]["learner"]
    new = SqlClassBook.from_url(database).reissue(roster.school_class, roster.keys["Ana"])
    click(phone, "next")
    assert not visit(phone).account.signed_in
    assert ui("signin.signed_out_by_teacher") in texts(phone, "warning")
    replay = open_app(lang="en")  # the old token, replayed from a copied browser storage
    reload_with(replay, {"v": 2, "learner": token})
    assert not visit(replay).account.signed_in and ui("notice.signed_out") in texts(replay, "warning")
    retry = open_app(lang="en")
    reload_with(retry, None)
    retry.text_input(key="signin_code").set_value(old)
    click(retry, "sign_in")
    assert texts(retry, "error") == [ui("signin.unknown_code")]
    assert visit(signed_in_app(new.code)).account.learner.nickname == "Ana"


def test_two_tabs_of_one_learner_both_save_and_one_signing_out_leaves_the_other(database: str) -> None:
    roster = make_roster(database, "Ana")
    first = signed_in_app(roster.codes["Ana"], lesson="pegar")
    second = open_app(lang="en")
    reload_with(second, {"v": 2, "learner": browser_data(first)["save"]["learner"]})  # a new tab, same browser
    click(second, "open_kaba")
    assert visit(second).account.learner == visit(first).account.learner
    click(first, "next")
    click(second, "next")
    learner = Learner("Ana", roster.school_class.code, roster.keys["Ana"])
    stored = SqlProgressStore.from_url(database).load(learner)
    assert stored.lesson("pegar").step == 2 and stored.lesson("kaba").step == 2
    click(first, "all_lessons")
    click(first, "sign_out")
    click(second, "back")
    assert visit(second).account.signed_in and runner(second, "kaba").number == 1
    assert SqlProgressStore.from_url(database).load(learner).lesson("kaba").step == 1


def test_forged_progress_never_reaches_the_teacher(database: str) -> None:
    roster = make_roster(database, "Ana")
    at = open_app(lang="en")
    forged = {"v": 1, "guest": {"lessons": {lesson.id: [1, 3, True, None] for lesson in LIBRARY.lessons},
                                "answers": [["[Your session expired](http://ev.il) ![t](http://ev.il/x.png)",
                                             "x", False, None]] * 5}}
    reload_with(at, forged)
    at.text_input(key="signin_code").set_value(roster.codes["Ana"])
    click(at, "sign_in")
    report = SqlClassBook.from_url(database).report(roster.school_class)
    (ana,) = report.learners
    assert ana.lessons == {} and report.missed == ()


def test_idle_guests_are_forgotten_and_their_tokens_then_open_nothing(database: str) -> None:
    accounts = SqlAccounts.from_url(database, SchoolSettings())
    idle, active = accounts.new_guest(), accounts.new_guest()
    token = accounts.learner_token(idle)
    with accounts.engine.begin() as conn:
        long_ago = _now() - timedelta(days=400)
        conn.execute(learners.update().where(learners.c.key == idle.key).values(last_seen_at=long_ago))
    roster = make_roster(database, "Ana")
    assert accounts.forget_idle_guests() == 1
    assert accounts.open_learner_token(token) is None
    assert accounts.open_learner_token(accounts.learner_token(active)) == active
    assert accounts.sign_in_code(roster.codes["Ana"], ("visit:z",)).nickname == "Ana"  # learners are never idle guests
