"""Classroom mode under AppTest: opened by a link, a large table, free back and forth, the answer revealed, the
table reset, all hands face up, and the N B A X H keys on the buttons."""

from __future__ import annotations

from app.widgets.lesson_table import CLASSROOM_SCALE, PHONE_SCALE, PHONE_SIZE, PROJECTOR_SIZE
from tests.app_support import LIBRARY, click, open_app, play_by_buttons, runner, texts, visit


def test_a_link_opens_classroom_mode_at_a_step_with_a_large_table() -> None:
    at = open_app(lesson="pegar", step="2", lang="pap", classroom="1")
    assert visit(at).settings.classroom
    assert runner(at, "pegar").number == 2
    click_map = visit(at).taps.click_map[2]
    assert click_map.width == PROJECTOR_SIZE[0] * CLASSROOM_SCALE >= 2 * 400
    shortcuts = {button.key: button.proto.shortcut.upper() for button in at.button}
    assert {shortcuts[k] for k in ("next", "back", "reveal", "reset", "hint")} == {"N", "B", "A", "X", "H"}


def test_the_toggle_switches_classroom_mode_and_back() -> None:
    at = open_app(lesson="pegar", lang="en")
    assert visit(at).taps.click_map[2].width == PHONE_SIZE[0] * PHONE_SCALE
    at.sidebar.toggle(key="classroom_pick").set_value(True).run()
    assert visit(at).settings.classroom and visit(at).taps.click_map[2].width == PROJECTOR_SIZE[0] * CLASSROOM_SCALE
    assert "1" in str(at.query_params["classroom"])
    at.sidebar.toggle(key="classroom_pick").set_value(False).run()
    assert not visit(at).settings.classroom


def test_teacher_moves_freely_reveals_and_resets() -> None:
    at = open_app(lesson="pegar", step="2", lang="en", classroom="1")
    click(at, "next")  # not done, but a teacher may move on
    assert runner(at, "pegar").number == 3
    click(at, "reveal")
    run = runner(at, "pegar")
    label = next(LIBRARY.texts.render(o.label, "en") for o in run.step.options if o.value == run.step.answer)
    assert LIBRARY.texts.get("en", "classroom.answer_is").format(answer=label) in texts(at, "info")
    click(at, "back")
    click(at, "reveal")
    assert any(text.startswith("Solution:") for text in texts(at, "info"))
    play_by_buttons(at, "plays 5-1 right")
    assert runner(at, "pegar").done
    click(at, "reset")
    assert not runner(at, "pegar").done


def test_all_hands_face_up_on_request() -> None:
    at = open_app(lesson="pegar", step="2", lang="en", classroom="1")
    assert not any("Your opponent shows" in text for text in texts(at, "markdown"))
    click(at, "face_up")
    assert visit(at).settings.face_up
    assert any("Your opponent shows: 0-0, 1-0, 3-1, 4-3, 6-2, 6-5" in text for text in texts(at, "markdown"))
