"""Every lesson position as the app draws it, in every language, on the phone and the projector canvas.

Over the start of every step, the position after each move of its solution and replies, a lifted tile with its
hints, a wrong attempt, both hint levels' marks and all hands face up, the picture's own boxes show that no label
covers a tile, an end circle or another label, that no end circle covers a tile, that every tile of the learner's
hand and every end circle is a touch target of at least 44 CSS px at the width the canvas is shown, and that each
seat's name sits right by its tiles. A tile played at an end is still at that end in the next picture, and the
tiles already on the line stay where they were unless the whole line is drawn smaller.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from app.i18n import Words
from app.widgets.lesson_table import CLASSROOM_SCALE, PHONE_SCALE, PHONE_SIZE, PROJECTOR_SIZE, table_view
from engine import Play, Position, parse_move
from lessons import Lesson, LessonRunner, StepView, load_library
from practice.drills import make_drill
from render import Box, Rect, TablePicture, draw_table

LIBRARY = load_library()
LANGUAGES = [language.code for language in LIBRARY.languages]
TOUCH_CSS = 44  # WCAG 2.5.5: the smallest target a finger is sure to hit
# The narrowest width each canvas is shown at, in CSS px: the phone canvas in a 390 px phone's column, the
# projector canvas in classroom mode's column on a 1920 x 1080 projector.
SHOWN_WIDTH = {"phone": 358, "projector": 1000}


@dataclass(frozen=True)
class State:
    """One picture a learner can see: where it comes from, the position and how the app draws it."""

    name: str
    view: StepView
    position: Position
    selected: bool = False
    wrong: tuple | None = None
    face_up: bool = False


DRILL_SEED = 7  # a drill is made afresh for each learner; this test checks one fixed sample of them


def _states(lesson: Lesson) -> Iterator[State]:
    """The pictures of a lesson: each step's start, its solution move by move, and what the learner can change (the
    drills made with a fixed seed, so that every run checks the same pictures)."""
    runner = LessonRunner(lesson, seed=DRILL_SEED, drills=make_drill)
    for step in lesson.steps:
        runner.goto(step.number)
        runner.retry()
        view = runner.view()
        if view.position is None:
            continue
        name = f"{lesson.id}:{step.number}"
        yield State(f"{name} start", view, view.position)
        yield State(f"{name} face up", view, view.position, face_up=True)
        hand = view.position.hands[view.viewer]
        if step.kind == "act" and hand:
            runner.select(hand[-1])
            yield State(f"{name} lifted", runner.view(), view.position, selected=True)
            for wrong in step.wrong:
                move = parse_move(wrong.moves[0])
                if isinstance(move, Play) and move.tile in hand:
                    runner.select(move.tile if move.tile != hand[-1] else None)
                    runner.select(move.tile)
                    yield State(f"{name} wrong {move}", runner.view(), view.position, selected=True,
                                wrong=(move.tile, move.end))
                    break
        runner.retry()
        runner.hint()
        runner.hint()
        yield State(f"{name} hints", runner.view(), view.position)
        runner.retry()
        if step.kind == "act":
            for move in runner.remaining_solution():
                runner.act(move)
            after = runner.view()
            for k, frame in enumerate(after.frames):
                yield State(f"{name} after {k + 1}: {frame.event}", after, frame.position)


def _draw(state: State, lang: str, canvas: str) -> TablePicture:
    words = Words(LIBRARY.texts, lang, state.view.lesson)
    view = table_view(state.view, state.position, words.role_labels(), classroom=canvas == "projector",
                      face_up=state.face_up, beginner=state.selected, wrong=state.wrong, text=words)
    return draw_table(state.position, view)


STATES = [state for lesson in LIBRARY.lessons for state in _states(lesson)]


def test_every_lesson_gives_pictures_to_check() -> None:
    assert {state.view.lesson for state in STATES} == {lesson.id for lesson in LIBRARY.lessons}
    assert any(state.selected for state in STATES) and any(state.wrong for state in STATES)
    assert any(" after " in state.name for state in STATES)


def _shown(rect: Rect, factor: float) -> tuple[float, float]:
    return rect.width * factor, rect.height * factor


def _near(a: Rect, b: Rect, by: int) -> bool:
    return a.grown(by).overlaps(b)


def check_picture(picture: TablePicture, canvas: str, where: str, hand_touch: bool = True) -> None:
    """The picture's boxes as a person would check them on the screen (``hand_touch``: the learner's tiles must
    be touch targets too)."""
    width, height = picture.image.size
    factor = SHOWN_WIDTH[canvas] / width
    whole = Rect(0, 0, width, height)
    boxes = picture.boxes
    assert not picture.clashes(), (where, picture.clashes()[:3])
    for box in boxes:
        assert box.rect.inside(whole), (where, box)
    viewer = picture.description.viewer
    for box in boxes:
        if (hand_touch and box.kind == "tile" and box.where == "hand" and box.seat == viewer) or box.kind == "end":
            w, h = _shown(box.rect, factor)
            assert w >= TOUCH_CSS and h >= TOUCH_CSS, (where, box, f"{w:.1f} x {h:.1f} CSS px")
    # Each seat's name sits right by its tiles: just above them, or below the learner's hand.
    gap = round(12 * picture.geometry.scale)
    for seat in picture.geometry.seats:
        plates = [b for b in boxes if b.kind == "label" and b.where == "seat" and b.seat == seat.seat]
        tiles = [b.rect for b in boxes if b.kind == "tile" and b.where == "hand" and b.seat == seat.seat]
        if not plates or not tiles:
            continue
        hand = tiles[0]
        for rect in tiles[1:]:
            hand = hand.union(rect)
        plate = plates[0].rect
        assert _near(plate, hand, gap + picture.geometry.lift * (seat.seat == viewer)), (where, seat, plate, hand)


@pytest.mark.parametrize("canvas", ["phone", "projector"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_label_covers_a_tile_and_targets_are_large_enough(lang: str, canvas: str) -> None:
    for state in STATES:
        check_picture(_draw(state, lang, canvas), canvas, f"{state.name} [{lang}, {canvas}]")


def test_the_canvases_are_the_ones_checked() -> None:
    assert PHONE_SIZE[0] * PHONE_SCALE > SHOWN_WIDTH["phone"]  # sharp on a phone's dense screen
    assert PROJECTOR_SIZE[0] * CLASSROOM_SCALE >= SHOWN_WIDTH["projector"]
    assert PHONE_SIZE[1] / PHONE_SIZE[0] <= 1.2  # the whole picture, hand included, fits on a phone's screen


def _line_places(picture: TablePicture) -> dict:
    return {spot.tile: (spot.rect, spot.arm) for spot in picture.line.spots}


@pytest.mark.parametrize("canvas", ["phone", "projector"])
def test_a_tile_played_at_an_end_stays_at_that_end(canvas: str) -> None:
    checked = 0
    for state in STATES:
        if not state.name.endswith(" start") or state.view.kind != "act":
            continue
        runner = LessonRunner(LIBRARY.lesson(state.view.lesson), drills=make_drill)
        runner.goto(state.view.number)
        for move in runner.remaining_solution():
            runner.act(move)
        frames = runner.view().frames
        for before, frame in zip([state.position] + [f.position for f in frames], frames, strict=False):
            move = frame.event.move
            if not isinstance(move, Play) or move.end is None:
                continue
            a = _draw(State(state.name, state.view, before), "en", canvas)
            b = _draw(State(state.name, state.view, frame.position), "en", canvas)
            where = f"{state.name}, {frame.event} [{canvas}]"
            old, new = _line_places(a), _line_places(b)
            assert {tile: arm for tile, (_, arm) in old.items()} == {t: new[t][1] for t in old}, where
            tip = b.line.spots[0 if move.end == "left" else -1]
            assert tip.tile == move.tile, (where, tip)
            if a.line.unit == b.line.unit:
                assert all(new[t][0] == rect for t, (rect, _) in old.items()), f"{where}: the line jumped"
            else:
                assert b.line.unit < a.line.unit, f"{where}: a growing line is drawn larger"
            checked += 1
    assert checked


def test_boxes_name_what_they_show_and_keep_face_down_tiles_hidden() -> None:
    state = next(s for s in STATES if s.selected)
    picture = _draw(state, "en", "phone")
    kinds = {(box.kind, box.where) for box in picture.boxes}
    assert {("tile", "hand"), ("tile", "line"), ("end", "end"), ("label", "seat")} <= kinds
    viewer = state.view.viewer
    for box in picture.boxes:
        if box.kind == "tile" and box.where == "hand":
            shown = box.seat == viewer
            assert (box.tile is not None) == shown, box
            if shown:
                assert picture.click_map.resolve(*box.rect.center) == ("hand", viewer, box.tile)
        if box.kind == "end" and box.where == "end":
            assert picture.click_map.resolve(*box.rect.center) == ("end", box.end)
    assert isinstance(picture.boxes[0], Box)
