"""The app under AppTest: wrong moves and answers show their feedback at once, in the learner's language; the
language can change at any moment without losing progress; hints and retries work from the buttons."""

from __future__ import annotations

import pytest

from engine import Play, parse_move
from lessons import Step, WrongAction
from tests.app_support import (
    LIBRARY,
    answer,
    click,
    open_app,
    play_by_buttons,
    runner,
    solve_step,
    texts,
    visit,
)


def _reachable(step: Step, wrong: WrongAction) -> bool:
    """Whether the app's buttons can make this mistake (a tile must be in the learner's hand to be lifted)."""
    position = step.position
    hand = position.hands[step.viewer]
    last = parse_move(wrong.moves[-1])
    return not isinstance(last, Play) or last.tile in hand or len(wrong.moves) > 1


WRONGS = [
    pytest.param(lesson.id, step.number, i, id=f"{lesson.id}:{step.number}:wrong{i}")
    for lesson in LIBRARY.lessons
    for step in lesson.steps
    for i, wrong in enumerate(step.wrong)
    if step.kind == "question" or _reachable(step, wrong)
]


@pytest.mark.parametrize(("lesson_id", "number", "index"), WRONGS)
def test_a_declared_mistake_shows_its_feedback(lesson_id: str, number: int, index: int) -> None:
    lang = ("pap", "es", "en")[index % 3]
    at = open_app(lesson=lesson_id, step=str(number), lang=lang)
    run = runner(at, lesson_id)
    assert run.number == number
    wrong = run.step.wrong[index]
    if run.step.kind == "act":
        for move in wrong.moves:
            play_by_buttons(at, move)
    else:
        answer(at, lesson_id, wrong.answer)
    expected = LIBRARY.texts.render(run.state.feedback, lang, lesson_id)
    assert run.state.feedback.key == wrong.feedback
    assert expected in texts(at, "error")
    assert not run.done
    solve_step(at, lesson_id)
    assert run.done


def test_language_switch_keeps_progress() -> None:
    at = open_app(lesson="pegar", lang="en")
    click(at, "next")
    solve_step(at, "pegar")
    click(at, "next")
    run = runner(at, "pegar")
    assert run.number == 3 and run.states[2].done
    at.sidebar.selectbox(key="lang_pick").set_value("pap").run()
    assert not at.exception
    assert visit(at).settings.lang == "pap"
    assert runner(at, "pegar") is run and run.number == 3 and run.states[2].done
    assert at.query_params["step"] == ["3"] or at.query_params["step"] == "3"
    ask = LIBRARY.texts.get("pap", "ask_new_end", "pegar")
    assert ask in texts(at, "markdown")
    click(at, "back")
    count = len(LIBRARY.lesson("pegar").steps)
    assert LIBRARY.texts.get("pap", "player.step").format(number=2, count=count) in [p.text for p in at.get("progress")]
    click(at, "next")
    at.sidebar.selectbox(key="lang_pick").set_value("es").run()
    assert visit(at).settings.lang == "es" and runner(at, "pegar").number == 3


def test_hint_then_retry() -> None:
    at = open_app(lesson="pegar", step="2", lang="en")
    click(at, "hint")
    assert LIBRARY.texts.render(runner(at, "pegar").state.feedback, "en", "pegar") in texts(at, "info")
    click(at, "hint")
    assert runner(at, "pegar").state.selected is not None  # the second hint lifts the tile to play
    play_by_buttons(at, "plays 5-1 right")
    assert runner(at, "pegar").done and runner(at, "pegar").stars < 3
    click(at, "retry")
    assert not runner(at, "pegar").done


def test_language_follows_the_browser_locale() -> None:
    from streamlit.testing.v1 import AppTest

    from tests.app_support import APP

    at = AppTest.from_file(APP, default_timeout=60)
    at.context["locale"] = "es-ES"
    at.run()
    assert visit(at).settings.lang == "es"
    assert LIBRARY.texts.get("es", "home.welcome") in [t.value for t in at.title]


def test_an_error_goes_away_when_the_learner_acts_again() -> None:
    at = open_app(lesson="pila", step="3", lang="en")
    play_by_buttons(at, "plays 6-6 left")
    assert texts(at, "error")
    at.run()  # a run the browser asks for by itself is no new action: the error stays
    assert texts(at, "error")
    click(at, "tile_1-0")  # another tile lifted: the error spoke of the last attempt, no longer on the table
    assert not texts(at, "error")
    play_by_buttons(at, "plays 1-0 left")  # the same mistake again is said again
    assert texts(at, "error")
