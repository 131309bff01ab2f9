"""Driving the app under AppTest: open a lesson, play moves through the button twins or the picture, read texts."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from streamlit.testing.v1 import AppTest

from app.state import KEY, Visit
from app.widgets.common import answer_key
from app.widgets.picture import IMAGE_KEY, tap_value
from engine import Draw, Pass, Play, parse_move
from lessons import LessonRunner, load_library
from render import HandTile, OpenEnd, Region

os.environ["LAPLAZA_REPLY_DELAY"] = "0"  # scripted replies all at once under test
# The app's progress database under test: a throwaway SQLite file, never the repository's progress.db.
os.environ["LA_PLAZA_PROGRESS_URL"] = f"sqlite:///{tempfile.mkdtemp(prefix='laplaza-')}/progress.db"
APP = str(Path(__file__).resolve().parents[1] / "tutorial_app.py")
LIBRARY = load_library()
LANGUAGES = [language.code for language in LIBRARY.languages]


def open_app(**params: str) -> AppTest:
    """The app after its first run, with these query parameters (``lesson=pegar`` opens a lesson)."""
    at = AppTest.from_file(APP, default_timeout=60)
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception, at.exception
    return at


def visit(at: AppTest) -> Visit:
    """The app's visit object."""
    return at.session_state[KEY]


def runner(at: AppTest, lesson_id: str) -> LessonRunner:
    """The app's runner for a lesson."""
    return visit(at).place.runners[lesson_id]


def current(at: AppTest) -> LessonRunner:
    """The runner of the lesson on screen."""
    return runner(at, visit(at).place.last_lesson)


def shown_picture(at: AppTest, key: str) -> dict[str, Any]:
    """What the picture component with ``key`` was given to show: its ``src``, native ``width`` and ``height``,
    ``alt`` text, whether it is ``tappable``, the reply ``frames`` to play, its layout ``boxes``."""
    for element in at.get("bidi_component"):
        if element.proto.component_name == "la_plaza_table_picture" and element.proto.id.endswith(key):
            return json.loads(element.proto.json)
    raise AssertionError(f"no picture {key!r} on the page")


def click(at: AppTest, key: str) -> AppTest:
    """Press a button by key and rerun; no exception allowed."""
    at.button(key=key).click().run()
    assert not at.exception, at.exception
    return at


def texts(at: AppTest, kind: str) -> list[str]:
    """The values of every element of one kind (``success``, ``error``, ``info``, ``warning``, ``markdown``)."""
    return [element.value for element in getattr(at, kind)]


def play_by_buttons(at: AppTest, move_text: str) -> None:
    """One move through the button twins: tile then end, or Draw, or Pass."""
    move = parse_move(move_text)
    if isinstance(move, Play):
        if current(at).selected != move.tile:  # a tap on a lifted tile cancels
            click(at, f"tile_{move.tile}")
        click(at, "end_lead" if move.end is None else f"end_{move.end}")
    elif isinstance(move, Draw):
        click(at, "draw")
    elif isinstance(move, Pass):
        click(at, "pass")


_stamp = [0]


def tap(at: AppTest, region: Region | None, point: tuple[float, float] | None = None, shrink: float = 0.5) -> None:
    """Tap the picture the way the browser component reports it: at a region's centre (or ``point``), in a
    picture displayed at ``shrink`` times its own size."""
    shown = visit(at).taps.click_map
    assert shown is not None
    click_map = shown[2]
    if point is None:
        rect = click_map.rect_of(region)
        assert rect is not None, region
        point = rect.center
    _stamp[0] += 1
    at.session_state[IMAGE_KEY] = tap_value(point[0] * shrink, point[1] * shrink, click_map.width * shrink,
                                            click_map.height * shrink, 1_000 + _stamp[0])
    at.run()
    assert not at.exception, at.exception


def play_by_picture(at: AppTest, move_text: str) -> None:
    """One move by tapping the picture: the tile, then its end."""
    move = parse_move(move_text)
    assert isinstance(move, Play)
    if current(at).selected != move.tile:
        tap(at, HandTile("hand", current(at).step.viewer, move.tile))
    tap(at, OpenEnd("lead", None) if move.end is None else OpenEnd("end", move.end))


def answer(at: AppTest, lesson_id: str, value: Any) -> None:
    """Answer the current question step with the option whose value is ``value``."""
    run = runner(at, lesson_id)
    index = [option.value for option in run.step.options].index(value)
    at.radio(key=answer_key(lesson_id, run.number, visit(at).taps.generation)).set_value(index).run()
    assert not at.exception, at.exception


def solve_step(at: AppTest, lesson_id: str, by_picture: bool = False) -> None:
    """Complete the current step through the app (its scripted solution or the right answer)."""
    run = runner(at, lesson_id)
    step = run.step
    if step.kind == "act":
        for move in run.remaining_solution():
            if by_picture and isinstance(parse_move(move), Play):
                play_by_picture(at, move)
            else:
                play_by_buttons(at, move)
    elif step.kind == "question":
        answer(at, lesson_id, step.answer)
