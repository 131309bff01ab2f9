"""Class tables on the pages (AppTest): learners open a table and sit from their phones, moves made with the button
twins reach the other phone, a move out of turn or on a table that changed is refused in the learner's language, a
reload comes back to the seat, the coach speaks to each alone, and the teacher opens tables, sees them all and
watches one with its hands hidden."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from app.pages import table_phone
from app.storage.progress_sql import URL_VARIABLE
from app.widgets.picture import tap_value
from engine import Tile
from render import HandTile
from tests.app_support import LIBRARY, click, open_app, texts, visit
from tests.identity_support import PASSWORD, Roster, make_roster, reload_with, signed_in_app


@pytest.fixture
def roster(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Roster]:
    url = f"sqlite:///{tmp_path / 'progress.db'}"
    monkeypatch.setenv(URL_VARIABLE, url)
    monkeypatch.setenv("LA_PLAZA_SECRETS", str(tmp_path / "secrets.toml"))
    (tmp_path / "secrets.toml").write_text("", encoding="utf-8")
    yield make_roster(url, "Ana", "Ben", "Carla")


def phone(roster: Roster, name: str, lang: str = "en") -> AppTest:
    """A learner's phone, signed in, on the class page."""
    at = signed_in_app(roster.codes[name], lang=lang)
    at.query_params["lesson"] = "class"
    at.run()
    assert not at.exception, at.exception
    return at


def mine(lang: str, key: str, **args: object) -> str:
    return LIBRARY.texts.get(lang, key, table_phone.SCOPE).format(**args)


def keys(at: AppTest) -> list[str]:
    return [button.key for button in at.button]


def again(at: AppTest) -> AppTest:
    at.run()
    assert not at.exception, at.exception
    return at


def seated_pair(roster: Roster) -> tuple[AppTest, AppTest]:
    """Ana opens a 1-vs-1 table and sits; Ben sits in the other seat: the match starts by itself."""
    ana = phone(roster, "Ana")
    click(ana, "phone_table_open")
    click(ana, next(key for key in keys(ana) if key.startswith("sit_") and key.endswith("_0")))
    assert mine("en", "class_table.start") in [button.label for button in ana.button]
    ben = phone(roster, "Ben")
    sits = [key for key in keys(ben) if key.startswith("sit_")]
    assert len(sits) == 1 and sits[0].endswith("_1")  # seat 0 is taken: Ben is offered seat 1 only
    click(ben, sits[0])
    return again(ana), ben


def to_move(ana: AppTest, ben: AppTest) -> tuple[AppTest, AppTest]:
    """(the phone whose turn it is, the other)."""
    if "**Your turn.**" in texts(ana, "markdown"):
        return ana, ben
    assert "**Your turn.**" in texts(ben, "markdown")
    return ben, ana


def lead(at: AppTest) -> str:
    """Lift the first tile and lead it (the first hand's lead is free at 1-vs-1); return it."""
    tile = next(key for key in keys(at) if key.startswith("table_tile_"))
    click(at, tile)
    click(at, "table_end_lead")
    return tile.removeprefix("table_tile_")


def test_two_phones_play_one_table_and_see_each_others_moves(roster: Roster) -> None:
    ana, ben = seated_pair(roster)
    mover, other = to_move(ana, ben)
    tile = lead(mover)
    assert not texts(mover, "error"), texts(mover, "error")
    again(other)
    happened = " ".join(texts(other, "markdown"))
    assert tile in happened  # the other phone tells the move ("Your opponent leads 6-4")
    assert "**Your turn.**" in texts(other, "markdown") or "table_draw" in keys(other)
    assert f"table_tile_{tile}" not in keys(mover)  # the tile left the mover's hand


def tap_picture(at: AppTest, region: object) -> None:
    """Tap the class table's picture at a region's centre, as the browser component reports it."""
    state = at.session_state[table_phone.STATE_KEY]
    click_map = state.taps.click_map[2]
    rect = click_map.rect_of(region)
    assert rect is not None, region
    tap_picture.stamp = getattr(tap_picture, "stamp", 0) + 1  # type: ignore[attr-defined]
    at.session_state[table_phone.IMAGE_KEY] = tap_value(*rect.center, click_map.width, click_map.height,
                                                        f"t{tap_picture.stamp}")  # type: ignore[attr-defined]
    again(at)


def test_a_move_out_of_turn_is_refused_in_the_learners_language(roster: Roster) -> None:
    ana, ben = seated_pair(roster)
    mover, waiting = to_move(ana, ben)
    tile = next(key for key in keys(waiting) if key.startswith("table_tile_"))
    assert waiting.button(key=tile).disabled  # the buttons are off out of turn; a tap on the picture says why
    seat = waiting.session_state[table_phone.STATE_KEY].taps.click_map
    assert seat is not None
    viewer = 0 if waiting is ana else 1
    tap_picture(waiting, HandTile("hand", viewer, Tile.parse(tile.removeprefix("table_tile_"))))
    assert LIBRARY.texts.get("en", "play.wait", "play").split("{")[0] in " ".join(texts(waiting, "info")) or any(
        "turn" in text for text in texts(waiting, "info"))
    tap_picture(mover, HandTile("hand", 1 - viewer, Tile.parse(
        next(key for key in keys(mover) if key.startswith("table_tile_")).removeprefix("table_tile_"))))
    assert mover.session_state[table_phone.STATE_KEY].selected is not None  # the mover's tap lifts the tile


def test_a_second_tab_moving_on_an_old_table_is_told_it_changed(roster: Roster) -> None:
    ana, ben = seated_pair(roster)
    mover, _ = to_move(ana, ben)
    name = visit(mover).account.learner.nickname
    second = phone(roster, name, lang="es")  # the same learner in another tab, in Spanish
    assert "table_end_lead" in keys(second)  # back at the same seat
    tile = next(key for key in keys(second) if key.startswith("table_tile_"))
    click(second, tile)  # lifted in this tab, which then shows the table before the move made in the first
    lead(mover)
    second.button(key="table_end_lead").click()
    again(second)
    # refused: the table it now reads is the other's turn (or, had it still been this seat's, an old version)
    wait = LIBRARY.texts.get("es", "play.wait", "play").split("{seat}")[-1].strip()
    said = texts(second, "info") + texts(second, "error")
    assert any(wait in text for text in said) or mine("es", "class_table.refused.stale") in said, said
    store = table_phone.open_tables()
    assert store is not None
    table = store.read(second.session_state[table_phone.STATE_KEY].table_id)
    assert table is not None and len(table.match.game.position.history) == 1  # one lead, made by the first tab


def test_a_reload_comes_back_to_the_seat(roster: Roster) -> None:
    ana, _ = seated_pair(roster)
    hand = sorted(key for key in keys(ana) if key.startswith("table_tile_"))
    reloaded = signed_in_app(roster.codes["Ana"])
    reloaded.query_params["lesson"] = "class"
    again(reloaded)
    assert sorted(key for key in keys(reloaded) if key.startswith("table_tile_")) == hand
    assert not [key for key in keys(reloaded) if key.startswith("sit_")]


def test_the_coach_speaks_to_each_learner_alone(roster: Roster) -> None:
    ana, ben = seated_pair(roster)
    mover, other = to_move(ana, ben)
    lot_you = LIBRARY.texts.get("en", "coach.lead.lot_you", "play").split(",")[0]
    assert any(text.startswith(":material/gavel: " + lot_you) for text in texts(mover, "markdown"))
    assert not any(lot_you in text for text in texts(other, "markdown"))  # the other hears it about their opponent


def test_leaving_gives_the_seat_to_the_computer_and_the_lobby_back(roster: Roster) -> None:
    ana, ben = seated_pair(roster)
    click(ana, "class_table_leave")
    assert any(key.startswith("sit_") for key in keys(ana))  # Ana sees the open table, her seat free again
    again(ben)
    assert any("computer" in text for text in texts(ben, "caption"))


def test_a_guest_sees_no_tables(roster: Roster) -> None:
    at = open_app(lesson="class")
    reload_with(at, None)
    assert not any(key.startswith("sit_") for key in keys(at)) and "phone_table_open" not in keys(at)


# --------------------------------------------------------------------------------------------- the teacher


def teacher(roster: Roster) -> AppTest:
    at = open_app(lesson="teacher")
    reload_with(at, None)
    at.text_input(key="teacher_name").set_value(roster.teacher.name)
    at.text_input(key="teacher_password").set_value(PASSWORD)
    click(at, "teacher_sign_in")
    click(at, f"teacher_open_{roster.school_class.code}")
    return at


def test_the_teacher_opens_tables_sees_them_all_and_watches_one(roster: Roster) -> None:
    at = teacher(roster)
    at.number_input(key="teacher_table_count").set_value(2)
    click(at, "teacher_table_open")
    watch = [key for key in keys(at) if key.startswith("teacher_watch_")]
    assert len(watch) == 2
    ana = phone(roster, "Ana")
    assert len([key for key in keys(ana) if key.startswith("sit_")]) == 2 * 2  # two 1-vs-1 tables, two seats each
    click(ana, next(key for key in keys(ana) if key.startswith("sit_")))
    again(at)
    shown = " ".join(map(str, at.table[0].value.to_numpy().ravel()))
    assert "Ana" in shown and roster.codes["Ana"] not in shown  # nicknames only, never a code
    click(at, watch[0] if watch[0] in keys(at) else keys(at)[0])
    assert mine("en", "class_table.teacher.hidden") in texts(at, "caption")
    click(at, "teacher_watch_back")
    assert any(key.startswith("teacher_watch_") for key in keys(at))
