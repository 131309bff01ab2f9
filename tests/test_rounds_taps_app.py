"""Tap-to-play questions in live rounds under AppTest: the teacher picks a lesson's "play the tile" step (labelled so),
each phone shows the step's table with the lessons' gesture — a tap on a tile, then on its end, or the button twins —
and the server has the engine check the move: an illegal one is refused with the engine's reason in the learner's
language and the learner tries again; a legal one is kept once. The projector tallies by move played, each bar the
move in words; after the reveal each phone says right or wrong and why (the step's feedback for that move)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from app.pages import round_phone
from app.storage.progress_sql import URL_VARIABLE
from app.storage.rounds_sql import SqlRounds
from app.widgets.picture import tap_value
from engine import parse_move
from practice.rounds import ask_step, question_steps
from render import HandTile, OpenEnd
from tests.app_support import LIBRARY, click, shown_picture, texts
from tests.identity_support import Roster, make_roster
from tests.test_rounds_app import boxes, phone, said, teacher
from wording import Message, refusal

LESSON, STEP = "pegar", 4
ASKED = ask_step(LIBRARY.lesson(LESSON), STEP)
POSITION = ASKED.step.position  # type: ignore[union-attr]
RIGHT_MOVE, WRONG_MOVE, ILLEGAL_MOVE = "plays 5-2 right", "plays 5-4 left", "plays 6-6 right"


@pytest.fixture
def database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    url = f"sqlite:///{tmp_path / 'progress.db'}"
    monkeypatch.setenv(URL_VARIABLE, url)
    return url


def lesson_said(lang: str, message: Message) -> str:
    return LIBRARY.texts.render(message, lang, LESSON)


def move_words(lang: str, move: str) -> str:
    index = [str(m) for m in ASKED.moves].index(move)
    return LIBRARY.texts.render(ASKED.options[index].label, lang, "rounds")


def start_tap_round(at: AppTest) -> None:
    at.segmented_control(key="round_source").set_value("lesson").run()
    at.selectbox(key="round_lesson").set_value(LESSON).run()
    at.selectbox(key=f"round_step_{LESSON}").set_value(STEP).run()
    at.number_input(key="round_seconds").set_value(0).run()
    click(at, "round_start")


_stamp = [0]


def tap(at: AppTest, region: Any) -> None:
    """Tap the phone's picture at a region's centre, as the browser reports it (a picture shown at half size)."""
    shown = at.session_state[round_phone.KEY].taps.click_map
    assert shown is not None, "the picture takes no taps now"
    click_map = shown[2]
    rect = click_map.rect_of(region)
    assert rect is not None, region
    _stamp[0] += 1
    x, y = rect.center
    at.session_state[round_phone.IMAGE_KEY] = tap_value(x / 2, y / 2, click_map.width / 2, click_map.height / 2,
                                                        f"round-{_stamp[0]}")
    at.run()
    assert not at.exception, at.exception


def play_by_taps(at: AppTest, move_text: str) -> None:
    move = parse_move(move_text)
    tap(at, HandTile("hand", 0, move.tile))  # type: ignore[union-attr]
    tap(at, OpenEnd("end", move.end))  # type: ignore[union-attr]


def play_by_buttons(at: AppTest, move_text: str) -> None:
    move = parse_move(move_text)
    click(at, f"round_tile_{move.tile}")  # type: ignore[union-attr]
    click(at, f"round_end_{move.end}")  # type: ignore[union-attr]


def keys(at: AppTest) -> set[str]:
    return {button.key for button in at.button if button.key}


def kept(database: str, roster: Roster) -> list[tuple[int, bool]]:
    rounds = SqlRounds.from_url(database, LIBRARY.lesson)
    found = rounds.current(roster.school_class.code)
    assert found is not None
    return sorted((given.option, given.right) for key in roster.keys.values()
                  for given in rounds.mine(found.id, key).values())


def test_the_teacher_sees_play_the_tile_steps_labelled(database: str) -> None:
    roster = make_roster(database, "Ana", class_name="taps 1")
    desk = teacher(roster)
    desk.segmented_control(key="round_source").set_value("lesson").run()
    desk.selectbox(key="round_lesson").set_value(LESSON).run()
    shown = [str(option) for option in desk.selectbox(key=f"round_step_{LESSON}").options]
    lesson = LIBRARY.lesson(LESSON)
    steps = question_steps(lesson)
    assert len(shown) == len(steps)
    for number, label in zip(steps, shown, strict=True):  # each act step said to be "play the tile"
        tap = lesson.step(number).kind == "act"
        assert label.startswith(f"Step {number} · play the tile: " if tap else f"Step {number}: "), label
    assert sum(lesson.step(number).kind == "act" for number in steps) == 2


def test_a_tap_question_played_by_taps_and_by_buttons_then_revealed(database: str) -> None:
    roster = make_roster(database, "Ana", "Ben", "Cy", class_name="taps 2")
    desk = teacher(roster)
    start_tap_round(desk)
    ana, ben, cy = phone(roster, "Ana"), phone(roster, "Ben", lang="es"), phone(roster, "Cy", lang="el")
    for at in (ana, ben, cy):  # the table to play on, tappable, with the button twins; no option buttons
        assert shown_picture(at, round_phone.IMAGE_KEY)["tappable"]
        assert {"round_tile_5-2", "round_end_left", "round_end_right", "round_pass"} <= keys(at)
        assert not any(key.startswith("round_option_") for key in keys(at))
    assert lesson_said("en", ASKED.prompt) in " ".join(texts(ana, "markdown"))
    # an illegal move by taps: refused with the engine's reason, in Ana's language; she may try again
    play_by_taps(ana, ILLEGAL_MOVE)
    error = POSITION.check(parse_move(ILLEGAL_MOVE))
    assert error is not None
    reason = LIBRARY.texts.render(refusal(error), "en", "rounds")
    assert any(reason in text for text in texts(ana, "error"))
    assert kept(database, roster) == []
    assert "round_tile_5-2" in keys(ana)
    # then a legal move that is not the step's, by taps: kept, the phone waits
    play_by_taps(ana, WRONG_MOVE)
    assert said("en", "round.answered", answer=move_words("en", WRONG_MOVE)) in texts(ana, "info")
    assert not shown_picture(ana, round_phone.IMAGE_KEY)["tappable"]
    assert "round_tile_5-2" not in keys(ana)
    # Ben in Spanish with the button twins: an illegal one first, its reason in Spanish, then the right move
    play_by_buttons(ben, ILLEGAL_MOVE)
    assert any(LIBRARY.texts.render(refusal(error), "es", "rounds") in text for text in texts(ben, "error"))
    play_by_buttons(ben, RIGHT_MOVE)
    assert said("es", "round.answered", answer=move_words("es", RIGHT_MOVE)) in texts(ben, "info")
    desk.run()
    assert any("2 of 3 answered" in text for text in texts(desk, "markdown"))
    assert any(said("en", "round.projector.tap") in text for text in texts(desk, "markdown"))  # no move listed yet
    assert not desk.get("progress")
    before = shown_picture(desk, "round_projector_table")["src"]
    click(desk, "round_reveal")
    assert shown_picture(desk, "round_projector_table")["src"] != before  # the right move marked on the table
    bars = [element.proto.text for element in desk.get("progress")]
    assert bars == [  # the moves played and the right one, each in words; the move nobody played left out
        said("en", "round.projector.bar", option=move_words("en", WRONG_MOVE), count=1),
        said("en", "round.projector.bar_right", option=move_words("en", RIGHT_MOVE), count=1)]
    assert [element.proto.value for element in desk.get("progress")] == [50, 50]  # each its share of two answers
    answer = said("en", "round.projector.answer_is", answer=move_words("en", RIGHT_MOVE))
    assert any(answer in text for text in texts(desk, "success"))
    assert lesson_said("en", ASKED.reason) in " ".join(texts(desk, "success"))  # the step's explanation
    for at in (ana, ben, cy):
        at.run()
    shown = boxes(ana)
    assert said("en", "round.wrong") in shown
    assert lesson_said("en", Message("wrong_five_four_first")) in shown  # the step's feedback for that very move
    assert lesson_said("en", ASKED.reason) in shown
    assert said("es", "round.right") in boxes(ben)
    assert said("el", "round.missed") in boxes(cy)
    assert lesson_said("el", ASKED.reason) in boxes(cy)
    assert "round_tile_5-2" not in keys(cy)  # closed: nothing to play any more
    assert kept(database, roster) == [(1, False), (2, True)]


def test_a_move_after_the_close_and_a_second_tab_are_refused(database: str) -> None:
    roster = make_roster(database, "Ana", "Ben", class_name="taps 3")
    desk = teacher(roster)
    start_tap_round(desk)
    first, second = phone(roster, "Ana", lang="pap"), phone(roster, "Ana", lang="pap")
    third = phone(roster, "Ana", lang="pap")
    ben = phone(roster, "Ben", lang="eo")
    click(second, "round_tile_5-4")  # the tile lifted in the second tab ...
    click(third, "round_tile_5-2")  # (and the right one in a third)
    play_by_buttons(first, RIGHT_MOVE)  # ... the first tab answers ...
    click(second, "round_end_left")  # ... and the second, still showing the table, plays too
    assert said("pap", "round.refused.answered") in texts(second, "error")
    assert said("pap", "round.answered", answer=move_words("pap", RIGHT_MOVE)) in texts(second, "info")
    click(third, "round_end_right")  # ... the third plays the very move kept: no refusal, nothing doubled
    assert texts(third, "error") == []
    assert said("pap", "round.answered", answer=move_words("pap", RIGHT_MOVE)) in texts(third, "info")
    click(ben, "round_tile_5-2")
    click(desk, "round_reveal")
    click(ben, "round_end_right")  # Ben's phone still showed the table
    shown = " ".join([*texts(ben, "error"), *texts(ben, "info")])
    assert said("eo", "round.refused.closed") in shown or said("eo", "round.refused.revealed") in shown
    assert kept(database, roster) == [(2, True)]
