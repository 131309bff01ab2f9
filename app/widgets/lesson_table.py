"""The table picture of a lesson step: which view to draw, and the drawing itself (cached)."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from PIL import Image

from app.widgets.lesson_table_extras import view_options
from engine import Draw, Pass, Position
from lessons import StepView
from render import Highlight, TablePicture, TableView, draw_table
from render.view import CONCEALABLE

#: The canvas at 1x and the picture's pixels per canvas pixel. The renderer's sizes are canvas pixels designed to
#: be shown about one CSS pixel each (a learner's tile 46 wide, an end circle 46 across: touch targets of at
#: least 44 CSS px). PHONE_SIZE is designed for a 358 CSS px wide column (a 390 px phone; desktop columns of
#: 400-450 px show it larger); PHONE_SCALE 1.5 keeps it sharp on high-density screens. PROJECTOR_SIZE (classroom
#: mode) is designed for a column of 1,000-1,150 CSS px on a 1920 x 1080 projector: at CLASSROOM_SCALE 2 a canvas
#: pixel is shown about 1.8 CSS px, so everything reads from the back of a room.
PHONE_SIZE = (360, 420)
PROJECTOR_SIZE = (600, 400)
PHONE_SCALE = 1.5
CLASSROOM_SCALE = 2.0


def badges(view: StepView) -> dict[int, str]:
    """Who passed or drew during this step, as the picture's seat badges (the last thing each seat did)."""
    marks: dict[int, str] = {}
    for frame in view.frames:
        move = frame.event.move
        if isinstance(move, Pass):
            marks[frame.event.seat] = "pass"
        elif isinstance(move, Draw):
            marks[frame.event.seat] = "draw"
        else:
            marks.pop(frame.event.seat, None)
    return marks


def highlights(view: StepView, text: Callable[[str], str] | None = None) -> tuple[Highlight, ...]:
    """The step's marks (already filtered by hint level) as picture highlights, labels put in the learner's language
    by ``text``; button marks stay on their buttons."""
    return tuple(
        Highlight(mark.kind, end=mark.end, tile=mark.tile, seat=mark.seat,
                  label=text(mark.label) if (mark.label and text is not None) else None)
        for mark in view.marks if mark.kind not in ("button", "count", "out_of_play")  # those two: parts turned on
    )


def table_view(
    view: StepView,
    position: Position,
    labels: dict[str, str],
    *,
    classroom: bool = False,
    face_up: bool = False,
    beginner: bool = False,
    wrong: tuple[Any, str | None] | None = None,
    text: Callable[[str], str] | None = None,
    start: Position | None = None,
    conceal: frozenset[str] = frozenset(),
) -> TableView:
    """How to draw a step: hints only when asked for (hint button or the beginner setting), never by default;
    the step's marks drawn as highlights, labelled in the learner's language when ``text`` translates keys. At the
    other tables the score line and what the lesson turns on are added (``start``: where the step began, to see
    what each play scored); ``conceal`` keeps out what an open question asks."""
    players = position.rules.players
    everyone = frozenset(range(players))
    # At the end of a hand everybody shows their tiles; some steps show every hand from the start.
    show_all = face_up or view.face_up or position.outcome is not None
    marked_ends = any(mark.kind == "end" for mark in view.marks)
    helped = beginner or view.hint_level > 0
    return TableView(
        viewer=view.viewer,
        selected=view.selected,
        hint=helped,
        dim_unplayable=helped and view.kind == "act",
        face_up=everyone if show_all else frozenset(),
        wrong=wrong,
        badges=badges(view),
        label_ends=helped or marked_ends or view.kind == "explain",
        labels=labels,
        highlights=highlights(view, text),
        show_turn="turn" not in conceal,
        conceal=conceal & set(CONCEALABLE),
        scale=CLASSROOM_SCALE if classroom else PHONE_SCALE,
        size=PROJECTOR_SIZE if classroom else PHONE_SIZE,
        **view_options(view, position, start, conceal),
    )


@lru_cache(maxsize=64)
def picture(position: Position, view: TableView) -> tuple[TablePicture, Image.Image]:
    """The drawn table and its 256-colour palette copy, whose PNG is about a hundredth of the raw one (cached:
    a rerun that changes nothing on the table draws and quantizes nothing)."""
    drawn = draw_table(position, view)
    palette = drawn.image.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.FLOYDSTEINBERG)
    return drawn, palette

