"""Class tables on the pages (AppTest): learners open a table and sit from their phones, moves made with the button
twins reach the other phone, a move out of turn or on a table that changed is refused in the learner's language, a
reload comes back to the seat, the coach speaks to each alone, and the teacher opens tables, sees them all and
watches one with its hands hidden."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from app.pages import table_phone
from app.storage.progress_sql import URL_VARIABLE
from app.widgets.picture import tap_value
from engine import Tile
from render import HandTile
from tests.app_support import LIBRARY, click, open_app, shown_picture, texts, visit
from tests.identity_support import PASSWORD, Roster, make_roster, reload_with, signed_in_app


def app_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A fresh SQLite progress database the app uses, with an empty secrets file: its address."""
    url = f"sqlite:///{tmp_path / 'progress.db'}"
    monkeypatch.setenv(URL_VARIABLE, url)
    monkeypatch.setenv("LA_PLAZA_SECRETS", str(tmp_path / "secrets.toml"))
    (tmp_path / "secrets.toml").write_text("", encoding="utf-8")
    return url


@pytest.fixture
def roster(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Roster]:
    yield make_roster(app_database(tmp_path, monkeypatch), "Ana", "Ben", "Carla")


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
    # one move since the other phone drew its table: the new table at once, no pause on the one it already shows
    assert shown_picture(other, table_phone.IMAGE_KEY)["frames"] == []


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


# ------------------------------------------------------------------------------ seen at a glance (issue 23's walk)


def in_order(at: AppTest) -> list[object]:
    """The page's elements in the order they are drawn (blocks opened)."""
    found: list[object] = []

    def walk(node: object) -> None:
        children = getattr(node, "children", None)
        if isinstance(children, dict):
            for child in children.values():
                walk(child)
        else:
            found.append(node)
    walk(at.main)
    return found


def overview(at: AppTest) -> list[list[str]]:
    """The teacher's overview, row by row."""
    return [[str(cell) for cell in row] for row in at.table[0].value.to_numpy().tolist()]


def test_tables_keep_one_number_on_the_teachers_and_the_learners_screens(roster: Roster) -> None:
    at = teacher(roster)
    click(at, "teacher_table_open")
    at.selectbox(key="teacher_table_kind").set_value("partnership")
    again(at)
    click(at, "teacher_table_open")
    store = table_phone.open_tables()
    assert store is not None
    first, second = store.tables(roster.school_class.code)  # in the order they were opened
    assert [row[0].split(":")[0] for row in overview(at)] == ["Table 1", "Table 2"]
    assert [at.button(key=f"teacher_watch_{table.id}").label for table in (first, second)] == [
        mine("en", "class_table.teacher.watch", number=1), mine("en", "class_table.teacher.watch", number=2)]
    ana = phone(roster, "Ana")
    names = [text for text in texts(ana, "markdown") if text.startswith("**Table ")]
    assert [name.split(" · ")[0] for name in names] == ["**Table 1", "**Table 2"]
    assert "partnership" in names[1].casefold() or "4 players" in names[1]
    assert store.close(first.id, roster.school_class.code)
    again(at)
    assert [row[0].split(":")[0] for row in overview(at)] == ["Table 2"]  # its number did not move up
    assert at.button(key=f"teacher_watch_{second.id}").label == mine("en", "class_table.teacher.watch", number=2)
    click(ana, f"sit_{second.id}_0")
    kind = LIBRARY.texts.get("en", "tables.preset.partnership", "play")
    assert [header.value for header in ana.header][:1] == [
        f"{mine('en', 'class_table.numbered.table', number=2)} · {kind[:1].upper()}{kind[1:]}"]


def test_the_teachers_empty_list_speaks_to_the_teacher(roster: Roster) -> None:
    at = teacher(roster)
    captions = texts(at, "caption")
    assert mine("en", "class_table.teacher.none_open") in captions
    assert mine("en", "class_table.none_open") not in captions  # the learners' words ("wait for your teacher")


def test_whose_turn_stands_above_the_picture_on_the_phone(roster: Roster) -> None:
    ana, ben = seated_pair(roster)
    mover, other = to_move(ana, ben)
    for at, said in ((mover, "**Your turn.**"), (other, "is thinking")):
        drawn = in_order(at)
        turn = next(index for index, element in enumerate(drawn)
                    if getattr(element, "type", "") == "markdown" and said in str(getattr(element, "value", "")))
        picture = next(index for index, element in enumerate(drawn)
                       if str(getattr(element, "proto", "")).startswith("id: ") and table_phone.IMAGE_KEY in
                       str(element.proto).split("\n")[0])  # type: ignore[attr-defined]
        assert turn < picture, (said, turn, picture)


def test_the_teacher_sees_the_score_by_names_and_who_is_away(roster: Roster) -> None:
    seated_pair(roster)
    store = table_phone.open_tables()
    assert store is not None
    (table,) = store.tables(roster.school_class.code)
    idle = table.match.idle
    mover = table.match.to_move
    assert mover is not None
    late = datetime.now(UTC) + timedelta(seconds=idle + 5)
    assert store.read(table.id, now=late) is not None  # the mover let the limit pass: the computer played for them
    away = table.seats[mover].nickname
    at = teacher(roster)
    (row,) = overview(at)
    assert mine("en", "class_table.away_name", name=away) in row[1]
    assert row[2] == "Ana 0 – Ben 0"  # whose score is whose, by name
    click(at, f"teacher_watch_{table.id}")
    glance = [text for text in texts(at, "markdown") if text.startswith("**Score:**")]
    assert glance and "Ana 0 – Ben 0" in glance[0] and "**Turn:**" in glance[0] and "**Last move:**" in glance[0]
