"""Today's five on the home page under AppTest: a signed-in learner sees five items, the most overdue first and
then new ones, each opening a practice question of its skill or a puzzle of its theme, and an answer from the plan
moves its card; a guest is told that signing in with their code keeps a daily plan."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from app.puzzles import STATE_KEY, PuzzleState
from app.storage.progress import Answer, Learner
from app.storage.progress_sql import URL_VARIABLE, SqlProgressStore
from practice.plan import skill_item
from tests.app_support import LANGUAGES, LIBRARY, click, open_app, texts, visit
from tests.identity_support import make_roster, signed_in_app
from tests.test_app_practice import answer, pick
from tests.test_table_pages import in_order


def say(lang: str, key: str, scope: str | None = None, **args: object) -> str:
    """A ui text in ``lang`` (``scope``: a page's own texts)."""
    text = LIBRARY.texts.get(lang, key, scope)
    return text.format(**args) if args else text


def plan_buttons(at: AppTest) -> list[tuple[str, str]]:
    """Today's five as read: (key, label) of each button, in order (a no-break space read as a space)."""
    return [(button.key, " ".join(button.label.split())) for button in at.button if str(button.key).startswith("plan_")]


@pytest.mark.parametrize("lang", ["en", "pap"])
def test_a_guest_is_told_that_signing_in_keeps_a_daily_plan(lang: str) -> None:
    at = open_app(lang=lang)
    assert say(lang, "home.plan.guest") in texts(at, "caption")
    assert plan_buttons(at) == []


def position(at: AppTest, wanted: str) -> int:
    """Where the element whose value or label is ``wanted`` is drawn on the page (the first one)."""
    drawn = [getattr(node, "label", None) or getattr(node, "value", None) for node in in_order(at)]
    return next(i for i, shown in enumerate(drawn) if isinstance(shown, str) and wanted in shown)


def test_a_guests_reason_to_sign_in_sits_just_above_the_sign_in() -> None:
    at = open_app(lang="en")
    reason, puzzles = position(at, say("en", "home.plan.guest")), position(at, say("en", "puzzles.go", "puzzles"))
    assert puzzles < reason < position(at, say("en", "home.map"))


@pytest.fixture
def database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A fresh SQLite progress database for the app."""
    url = f"sqlite:///{tmp_path / 'progress.db'}"
    monkeypatch.setenv(URL_VARIABLE, url)
    return url


def _ana_with_answers(database: str) -> tuple[str, Learner, SqlProgressStore]:
    """Ana, signed up on a roster, with a wrong ``lacks`` two hours ago, a wrong ``fits`` an hour ago and a right
    ``must`` just now: the first two are due, the most overdue first; ``must`` is not."""
    roster = make_roster(database, "Ana")
    ana = Learner("Ana", roster.school_class.code, roster.keys["Ana"])
    store = SqlProgressStore.from_url(database)
    now = datetime.now(UTC)
    store.record_answer(ana, Answer("lacks", "lacks-4821", False, now - timedelta(hours=2)))
    store.record_answer(ana, Answer("fits", "fits-17", False, now - timedelta(hours=1)))
    store.record_answer(ana, Answer("must", "must-5", True, now))
    return roster.codes["Ana"], ana, store


def test_a_signed_in_learner_sees_five_with_the_due_items_first(database: str) -> None:
    code, _ana, _store = _ana_with_answers(database)
    at = signed_in_app(code)
    shown = plan_buttons(at)
    # Due first (lacks is the more overdue), then new skills and themes in turn; must is seen and not due.
    assert [key for key, _ in shown] == ["plan_skill_lacks", "plan_skill_fits", "plan_theme_block_to_win",
                                         "plan_skill_where", "plan_theme_ends_opponent_lacks"]
    due, new = say("en", "home.plan.due"), say("en", "home.plan.new")
    assert shown[0][1] == f"{say('en', 'home.plan.skill', skill=say('en', 'practice.skill.lacks'))} · {due}"
    assert all(label.endswith(f" · {new}") for _, label in shown[2:])
    raw = at.button(key="plan_skill_lacks").label  # the status wraps as one piece on a phone, never halved
    assert raw.endswith(" ·\u00a0" + due.replace(" ", "\u00a0")), repr(raw)
    assert say("en", "home.plan.title") in [header.value for header in at.subheader]
    # the day's main things come first, right under the welcome: the next lesson, then the five, then the
    # introduction and the other ways to practise
    title, start = position(at, say("en", "home.plan.title")), position(at, say("en", "home.start"))
    assert start < title < position(at, say("en", "home.intro").split("{")[0])
    assert title < position(at, say("en", "home.practice"))


def test_a_skill_of_the_plan_opens_a_practice_question_and_the_answer_moves_its_card(database: str) -> None:
    code, ana, store = _ana_with_answers(database)
    at = signed_in_app(code)
    click(at, "plan_skill_lacks")
    drill = visit(at).place.drill
    assert drill is not None and drill.single is not None and drill.single.skill == "lacks"
    assert at.query_params["code"] == drill.single.code  # the practice page's own code, in the address
    before = store.plan(ana)[skill_item("lacks")]
    answer(at, drill.single, pick(drill.single, right=True))
    after = store.plan(ana)[skill_item("lacks")]
    assert before < datetime.now(UTC) < after  # was due, and the right answer put it off
    again = signed_in_app(code)  # another visit reads the plan back from the server
    assert [key for key, _ in plan_buttons(again)][:1] == ["plan_skill_fits"]  # lacks is no longer due


def test_a_theme_of_the_plan_opens_a_puzzle_about_it(database: str) -> None:
    code, _ana, _store = _ana_with_answers(database)
    at = signed_in_app(code)
    click(at, "plan_theme_ends_opponent_lacks")
    state = at.session_state[STATE_KEY]
    assert isinstance(state, PuzzleState) and state.puzzle is not None
    assert "ends_opponent_lacks" in state.puzzle.themes
    assert at.query_params["puzzle"] == state.puzzle.id


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_plan_reads_in_every_language(database: str, lang: str) -> None:
    code, _ana, _store = _ana_with_answers(database)
    at = signed_in_app(code, lang=lang)
    labels = [label for _, label in plan_buttons(at)]
    assert len(labels) == 5 and not any("{" in label for label in labels), labels
    assert labels[0].endswith(f" · {say(lang, 'home.plan.due')}")
