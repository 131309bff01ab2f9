"""The app under AppTest: deep links, the URL following the learner, polite fallbacks for bad URLs, and bad input
(empty felt, the opponent's tiles, double taps, Next too early, a broken lesson file, a reload) never raising."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from app import urls
from app.library import LESSONS_ENV
from lessons import LESSONS_DIR
from render import HandTile, SeatTiles, Stock
from tests.app_support import LIBRARY, click, open_app, play_by_buttons, runner, solve_step, tap, texts, visit


def param(at, key: str) -> str:
    value = at.query_params[key]
    return value[0] if isinstance(value, list) else value


def test_deep_link_opens_lesson_step_and_language() -> None:
    at = open_app(lesson="tranque", step="3", lang="pap")
    assert runner(at, "tranque").number == 3
    assert visit(at).settings.lang == "pap"
    assert (param(at, "step"), param(at, "lang")) == ("3", "pap")


def test_url_follows_the_learner_and_a_reload_reopens_the_same_place() -> None:
    at = open_app(lesson="pegar", lang="es")
    click(at, "next")
    assert param(at, "step") == "2"
    # a reload is a new session with the same URL
    again = open_app(lesson="pegar", step=param(at, "step"), lang=param(at, "lang"))
    assert runner(again, "pegar").number == 2 and visit(again).settings.lang == "es"


def test_an_action_right_after_next_carrying_the_old_address_keeps_the_learner_where_they_are() -> None:
    at = open_app(lesson="pegar", lang="en")
    click(at, "next")
    at.query_params["step"] = "1"  # the browser had not caught up with the address "Next" wrote
    play_by_buttons(at, "plays 5-1 right")
    assert runner(at, "pegar").number == 2 and param(at, "step") == "2"
    assert runner(at, "pegar").state.done  # the move was made on step 2, not lost on a trip back to step 1


def test_an_address_edited_in_the_same_visit_is_followed() -> None:
    at = open_app(lesson="pegar", lang="en")
    click(at, "next")
    at.query_params["step"] = "4"  # not an address the app wrote: an instruction
    at.run()
    assert runner(at, "pegar").number == 4


def test_an_old_address_is_an_echo_only_for_a_moment() -> None:
    at = open_app(lesson="pegar", lang="en")
    click(at, "next")
    seen = visit(at)
    (old, when), *_ = seen.place.url_replaced
    assert old["step"] == "1"
    assert urls.is_echo(seen, old, when + 0.1)
    assert not urls.is_echo(seen, old, when + urls.ECHO_SECONDS + 0.1)  # later, going back to it is an instruction


@pytest.mark.parametrize(
    ("params", "notice"),
    [
        ({"lesson": "nonsense"}, "notice.unknown_lesson"),
        ({"lesson": "pegar", "step": "99"}, "notice.unknown_step"),
        ({"lesson": "pegar", "step": "two"}, "notice.unknown_step"),
        ({"lesson": "pegar", "lang": "xx"}, "notice.unknown_lang"),
        ({"lang": "klingon"}, "notice.unknown_lang"),
    ],
)
def test_bad_urls_fall_back_with_a_notice(params: dict[str, str], notice: str) -> None:
    at = open_app(**params)
    assert not at.exception
    start = LIBRARY.texts.get("en", notice).split("{")[0][:12]
    assert any(start in text for text in texts(at, "warning")), texts(at, "warning")
    assert visit(at).settings.lang in ("pap", "es", "en")


def test_a_notice_stays_through_a_rerun_the_browser_asks_for_and_goes_once_the_learner_acts() -> None:
    at = open_app(lesson="pegar", step="two", lang="es")
    start = LIBRARY.texts.get("es", "notice.unknown_step").split("{")[0][:12]
    at.run()  # the browser's own rerun right after the page opens (it reports what it keeps)
    assert sum(start in text for text in texts(at, "warning")) == 1
    click(at, "next")
    assert not any(start in text for text in texts(at, "warning"))


def test_taps_on_empty_felt_and_opponent_tiles_explain_and_change_nothing() -> None:
    at = open_app(lesson="pegar", step="2", lang="en")
    run = runner(at, "pegar")
    before = run.state.position
    tap(at, None, point=(5, 200))
    assert LIBRARY.texts.get("en", "notice.empty_felt") in texts(at, "info")
    tap(at, SeatTiles("seat", 1))
    assert any("Your opponent" in text for text in texts(at, "info"))
    assert run.state.position is before and run.mistakes == {}


def test_a_double_tap_is_handled_once_and_a_second_tap_cancels() -> None:
    at = open_app(lesson="pegar", step="2", lang="en")
    run = runner(at, "pegar")
    tap(at, HandTile("hand", 0, run.state.position.hands[0][0]))
    lifted = run.state.selected
    assert lifted is not None
    at.run()  # the component repeats its last value on every rerun: no second toggle
    assert run.state.selected == lifted
    tap(at, HandTile("hand", 0, lifted))
    assert run.state.selected is None


def test_tapping_the_stock_draws() -> None:
    at = open_app(lesson="pila", step="3", lang="en")
    run = runner(at, "pila")
    tap(at, Stock("stock"))
    assert len(run.state.moves) == 1 and run.state.moves[0] == "draws"


def test_next_before_finishing_says_so() -> None:
    at = open_app(lesson="pegar", step="2", lang="en")
    click(at, "next")
    assert runner(at, "pegar").number == 2
    assert LIBRARY.texts.get("en", "notice.finish_step") in texts(at, "info")


def test_a_broken_lesson_file_shows_a_message_and_the_others_work(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "lessons"
    shutil.copytree(LESSONS_DIR, root, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    (root / "data" / "dobles.toml").write_text("id = 'dobles'\norder = [\n", encoding="utf-8")
    monkeypatch.setenv(LESSONS_ENV, str(root))
    at = open_app(lang="en")
    assert any(LIBRARY.texts.get("en", "home.broken") in text for text in texts(at, "markdown"))
    for lang in ("pap", "es", "en"):
        at = open_app(lesson="dobles", lang=lang)
        assert LIBRARY.texts.get(lang, "notice.broken_lesson") in texts(at, "warning")
        assert [expander.label for expander in at.expander] == [LIBRARY.texts.get(lang, "page.details")]
    at = open_app(lesson="pegar", lang="en")
    click(at, "next")
    assert runner(at, "pegar").number == 2


def test_home_continues_where_the_learner_left_off() -> None:
    at = open_app(lesson="kaba", step="2", lang="en")
    click(at, "all_lessons")
    assert at.button(key="continue").label.startswith("Continue where I left off")
    click(at, "continue")
    assert visit(at).place.last_lesson == "kaba" and runner(at, "kaba").number == 2


def test_a_new_language_alone_adds_no_history_entry() -> None:
    at = open_app(lesson="pegar", lang="en")
    click(at, "next")
    at.selectbox(key="lang_pick").set_value("el").run()
    assert visit(at).settings.lang == "el"
    # Streamlit's page would push an entry for a new query string: the browser replaces its address itself
    assert param(at, "lang") == "en" and urls.address(visit(at)) == "?lang=el&step=2"
    at.run()  # a run carrying the old address (the browser had not replaced it yet) is no instruction
    assert visit(at).settings.lang == "el" and runner(at, "pegar").number == 2
    solve_step(at, "pegar")
    click(at, "next")  # a new step: a new entry, in the new language
    assert (param(at, "step"), param(at, "lang")) == ("3", "el") and urls.address(visit(at)) is None


def test_the_browsers_back_and_forward_move_a_step_but_never_bring_an_old_language_back(monkeypatch) -> None:
    at = open_app(lesson="pegar", lang="en")
    click(at, "next")
    monkeypatch.setattr(urls, "history_navigation", lambda: True)  # the run Streamlit's page asks for on Back
    at.query_params["step"] = "1"  # at once: no echo of the address the app replaced, but Back
    at.query_params["lang"] = "es"
    at.run()
    assert runner(at, "pegar").number == 1 and visit(at).settings.lang == "en"
    assert (param(at, "step"), param(at, "lang")) == ("1", "en")  # the entry put right (Streamlit replaces it)
