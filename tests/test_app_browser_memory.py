"""What the browser keeps across a reload (app/storage/browser.py), under AppTest: the browser's report is played by
setting the component's state as the real component does. The browser keeps only tokens the server signed: a learner
comes back signed in, a guest gets back their record from the server, anything else — every form an older version
wrote, an edited, truncated or forged token — is ignored with a plain notice; nothing is written before it was read."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from app.storage.accounts import Tokens
from app.storage.browser import VERSION
from app.storage.progress_sql import URL_VARIABLE, SqlProgressStore
from tests.app_support import LIBRARY, click, open_app, texts, visit
from tests.identity_support import make_roster, reload_with, signed_in_app


@pytest.fixture
def database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A fresh SQLite progress database for the app."""
    url = f"sqlite:///{tmp_path / 'progress.db'}"
    monkeypatch.setenv(URL_VARIABLE, url)
    return url


def browser_data(at: Any) -> dict[str, Any]:
    """What the app gave the browser link in its last run."""
    found = [e for e in at.get("bidi_component") if e.proto.component_name == "la_plaza_browser"]
    assert len(found) == 1
    return json.loads(found[0].proto.json)


def ui(key: str) -> str:
    """An English ui text."""
    return LIBRARY.texts.get("en", key)


def test_nothing_is_written_to_the_browser_before_it_was_read(database: str) -> None:
    at = open_app(lesson="pegar", lang="es")
    data = browser_data(at)
    assert data["restored"] is False and data["save"] is None
    assert data["lang"] == "es"  # the page's <html lang>
    reload_with(at, None)  # a browser that kept nothing
    data = browser_data(at)
    assert data["restored"] is True
    assert data["save"] == {"v": VERSION, "learner": None, "guest": True, "teacher": None}  # nothing kept yet


def test_a_guests_record_lives_on_the_server_and_a_reload_brings_it_back(database: str) -> None:
    at = open_app(lesson="pegar", lang="en")
    reload_with(at, None)
    click(at, "next")
    saved = browser_data(at)["save"]
    assert saved["guest"] is True and isinstance(saved["learner"], str)  # an opaque token, no progress
    assert "pegar" not in json.dumps(saved)
    guest = visit(at).account.learner
    again = open_app(lang="en")  # a reload: a new session in the same browser
    reload_with(again, saved)
    assert visit(again).account.learner == guest and not visit(again).account.signed_in
    assert visit(again).account.store.load(guest).lesson("pegar").step == 2
    assert not texts(again, "warning")


def test_a_signed_in_learner_comes_back_signed_in_and_signing_out_forgets(database: str) -> None:
    roster = make_roster(database, "Rita")
    saved = browser_data(signed_in_app(roster.codes["Rita"]))["save"]
    assert saved["guest"] is False and "Rita" not in json.dumps(saved) and roster.codes["Rita"] not in json.dumps(saved)
    again = open_app(lang="en")
    reload_with(again, saved)
    assert visit(again).account.signed_in and visit(again).account.learner.nickname == "Rita"
    assert "Rita" in texts(again, "text")
    click(again, "sign_out")
    assert browser_data(again)["save"] == {"v": VERSION, "learner": None, "guest": True, "teacher": None}


def _signed_token(database: str) -> str:
    """A real learner token for Rita, as the browser would keep it."""
    roster = make_roster(database, "Rita")
    return browser_data(signed_in_app(roster.codes["Rita"]))["save"]["learner"]


def _forgeries(token: str) -> list[Any]:
    """Every form of edited browser storage: what older versions wrote (a nickname, a guest's progress as data),
    tokens edited, truncated, signed with another key, or naming another record."""
    payload, _, signature = token.partition(".")
    other = Tokens("not the school's key")
    return [
        {"v": 1, "learner": {"nickname": "Rita", "class_code": "5B"}},
        {"v": 1, "guest": {"lessons": {f"l{n}": [1, 3, True, None] for n in range(18)},
                           "answers": [["[x](http://ev.il) ![t](http://ev.il/x.png)", "c-1", True, None]]}},
        {"v": VERSION, "learner": {"nickname": "Rita"}},
        {"v": VERSION, "learner": token[:-3]},
        # the last character changed in the bits it carries (A to D differ only in the padding bits: the same bytes)
        {"v": VERSION, "learner": token[:-1] + ("A" if token[-1] not in "ABCD" else "Q")},
        {"v": VERSION, "learner": f"{payload[:-2]}xx.{signature}"},
        {"v": VERSION, "learner": other.issue("learner", "m:someone", 0)},
        {"v": VERSION, "learner": other.issue("teacher", "t:someone", 0)},
        {"v": VERSION, "learner": None, "teacher": token},  # a learner's token as a teacher's
        {"v": VERSION, "learner": "x" * 5000},
        "garbage", 42, [token],
    ]


def test_every_forged_or_edited_storage_is_ignored_with_a_plain_notice(database: str) -> None:
    token = _signed_token(database)
    for kept in _forgeries(token):
        at = open_app(lang="en")
        reload_with(at, kept)
        account = visit(at).account
        assert not account.signed_in and account.teacher is None, kept
        assert account.store.load(account.learner).lessons == {}, kept
        warnings = texts(at, "warning")
        assert len(warnings) == 1 and warnings[0] in {ui("notice.storage_ignored"), ui("notice.token_refused"),
                                                      ui("notice.teacher_token_refused")}, (kept, warnings)
        assert LIBRARY.texts.get("en", "home.welcome") in [t.value for t in at.title]
    learners = SqlProgressStore.from_url(database)
    with learners.engine.connect() as conn:
        count = conn.exec_driver_sql("SELECT count(*) FROM lesson_progress").scalar()
    assert count == 0  # no forged lesson ever reached the database


def test_an_action_asks_for_the_feedback_to_be_brought_into_view(database: str) -> None:
    at = open_app(lesson="pegar", step="2", lang="en")
    before = browser_data(at)["focus"]
    at.run()
    assert browser_data(at)["focus"] == before  # a rerun that is no action moves nothing
    click(at, "hint")
    assert browser_data(at)["focus"] == before + 1
    assert browser_data(at)["feedback"] == "feedback"


def test_a_reload_in_the_middle_of_a_step_gives_back_its_table(database: str) -> None:
    at = open_app(lesson="pila", lang="en")
    reload_with(at, None)
    visit(at).place.runners["pila"].goto(3)
    at.run()
    for _ in range(2):
        click(at, "draw")
    drawn = visit(at).place.runners["pila"].state
    assert drawn.moves == ("draws", "draws")
    saved = browser_data(at)["save"]
    assert "draws" not in json.dumps(saved)  # the moves are the server's record, not the browser's
    again = open_app(lesson="pila", step="3", lang="en")  # a reload (the address follows the step)
    reload_with(again, saved)
    back = visit(again).place.runners["pila"]
    assert back.number == 3 and back.state.moves == ("draws", "draws")
    assert back.state.position.hands == drawn.position.hands and back.state.position.stock == drawn.position.stock
    assert back.mistakes == {} and back.attempts == {}  # made again, not counted again
    click(again, "draw")
    assert back.state.moves == ("draws", "draws", "draws")
