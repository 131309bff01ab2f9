"""What the browser keeps across a reload (app/browser.py), under AppTest: the browser's report is played by setting
the component's state as the real component does. A signed-in learner comes back signed in, a guest gets back
finished lessons and stars, anything unreadable starts a fresh guest; nothing is written before it was read."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest

from app.browser import BROWSER_KEY, VERSION, progress_from, progress_to
from app.progress import Answer, LessonProgress, Progress
from app.state import GUEST
from tests.app_support import LIBRARY, click, open_app, texts, visit


def browser_data(at: Any) -> dict[str, Any]:
    """What the app gave the browser link in its last run."""
    found = [e for e in at.get("bidi_component") if e.proto.component_name == "la_plaza_browser"]
    assert len(found) == 1
    return json.loads(found[0].proto.json)


def reload_with(at: Any, kept: Any) -> None:
    """The browser reports what it kept (as after a reload), and the app runs."""
    at.session_state[BROWSER_KEY] = {"stored": {"value": kept}}
    at.run()
    assert not at.exception, at.exception


def test_guest_progress_survives_the_trip_through_json() -> None:
    moment = datetime(2026, 11, 2, 9, 30, tzinfo=UTC)
    progress = Progress({"pegar": LessonProgress("pegar", 5, 3, True, moment)},
                        (Answer("fits", "fits-17", True, moment),))
    assert progress_from(json.loads(json.dumps(progress_to(progress)))) == progress


def test_nothing_is_written_to_the_browser_before_it_was_read() -> None:
    at = open_app(lesson="pegar", lang="es")
    data = browser_data(at)
    assert data["restored"] is False and data["save"] is None
    assert data["lang"] == "es"  # the page's <html lang>
    reload_with(at, None)  # a browser that kept nothing
    data = browser_data(at)
    assert data["restored"] is True
    assert data["save"] == {"v": VERSION, "guest": progress_to(visit(at).account.store.load(GUEST))}


def test_a_signed_in_learner_comes_back_signed_in_and_signing_out_forgets() -> None:
    at = open_app(lang="en")
    reload_with(at, {"v": VERSION, "learner": {"nickname": "Rita", "class_code": "5B"}})
    assert visit(at).account.signed_in and visit(at).account.learner.nickname == "Rita"
    assert "Rita" in texts(at, "text")
    assert browser_data(at)["save"]["learner"] == {"nickname": "Rita", "class_code": "5B"}
    click(at, "sign_out")
    assert browser_data(at)["save"] == {"v": VERSION, "guest": {"lessons": {}, "answers": []}}


def test_a_guest_gets_back_finished_lessons_and_stars() -> None:
    at = open_app(lang="en")
    kept = Progress({"pegar": LessonProgress("pegar", 5, 2, True, datetime(2026, 11, 1, tzinfo=UTC))})
    reload_with(at, {"v": VERSION, "guest": progress_to(kept)})
    assert not visit(at).account.signed_in
    saved = visit(at).account.store.load(GUEST).lesson("pegar")
    assert saved.finished and saved.stars == 2
    assert any("★★☆" in text for text in texts(at, "markdown"))
    assert browser_data(at)["save"]["guest"]["lessons"]["pegar"][:3] == [5, 2, True]


def test_what_this_visit_did_before_the_report_is_kept_with_the_best_stars() -> None:
    at = open_app(lesson="pegar", step="3", lang="en")  # the first run saves step 3 before the browser reports
    kept = Progress({"pegar": LessonProgress("pegar", 5, 3, True, datetime(2026, 11, 1, tzinfo=UTC))})
    reload_with(at, {"v": VERSION, "guest": progress_to(kept)})
    saved = visit(at).account.store.load(GUEST).lesson("pegar")
    assert (saved.step, saved.stars, saved.finished) == (3, 3, True)


@pytest.mark.parametrize("kept", [
    "garbage", 42, {"v": 99, "learner": {"nickname": "X"}}, {"v": VERSION, "learner": {"nickname": "<b>"}},
    {"v": VERSION, "guest": {"lessons": {"pegar": [0, 9, True, "yesterday"]}}},
    {"v": VERSION, "guest": {"lessons": {"pegar": "nonsense"}}},
])
def test_anything_unreadable_starts_a_fresh_guest(kept: Any) -> None:
    at = open_app(lang="en")
    reload_with(at, kept)
    assert not visit(at).account.signed_in and visit(at).account.restored
    assert visit(at).account.store.load(GUEST).lessons == {}
    assert LIBRARY.texts.get("en", "home.welcome") in [t.value for t in at.title]


def test_an_action_asks_for_the_feedback_to_be_brought_into_view() -> None:
    at = open_app(lesson="pegar", step="2", lang="en")
    before = browser_data(at)["focus"]
    at.run()
    assert browser_data(at)["focus"] == before  # a rerun that is no action moves nothing
    click(at, "hint")
    assert browser_data(at)["focus"] == before + 1
    assert browser_data(at)["feedback"] == "feedback"
