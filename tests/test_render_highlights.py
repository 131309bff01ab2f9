"""A lesson's highlights on the picture: each kind changes pixels at its target and nowhere far away, tiles keep
their pips, labels stay whole inside the canvas, and the description lists every highlight."""

from __future__ import annotations

import json

import pytest
from PIL import ImageChops

from engine import Position, Rules, Tile
from render import Highlight, HighlightDescription, Rect, TableView, draw_table
from render.marks import shortened, tag_size
from tests.render_support import count_blobs, lesson_table, partnership_table

LABELS = {"you": "Bo", "opponent": "Kòntrario", "partner": "Partner", "left_opponent": "Left",
          "right_opponent": "Right"}


def _changed(position: Position, view: TableView, *highlights: Highlight) -> tuple[Rect | None, object]:
    """The box of the pixels that the highlights change, and the highlighted picture."""
    plain = draw_table(position, view)
    marked = draw_table(position, TableView(**{**view.__dict__, "highlights": highlights}))
    diff = ImageChops.difference(plain.image.convert("RGB"), marked.image.convert("RGB")).convert("L")
    box = diff.point(lambda v: 255 if v > 16 else 0).getbbox()
    return (Rect(*box) if box else None), marked


def _near(box: Rect | None, target: Rect, by: int) -> None:
    assert box is not None, "the highlight changed nothing"
    assert box.inside(target.grown(by)), f"{box} reaches beyond {target} grown by {by}"


@pytest.mark.parametrize("scale", [1, 2])
def test_tile_in_hand_ring_stays_around_it_and_pips_read(scale: int) -> None:
    view = TableView(scale=scale, labels=LABELS)
    box, picture = _changed(lesson_table(), view, Highlight("tile", tile="6-3"))
    rect = picture.click_map.rect_of(("hand", 0, Tile(6, 3)))
    assert rect is not None
    _near(box, rect, 9 * scale)
    top, bottom = Rect(rect.x0, rect.y0, rect.x1, rect.y0 + rect.height // 2), \
        Rect(rect.x0, rect.y0 + rect.height // 2, rect.x1, rect.y1)
    margin = max(1, rect.width // 12)
    assert [count_blobs(picture.image, half, margin) for half in (top, bottom)] == [6, 3]
    assert picture.description.highlights == (HighlightDescription("tile", tile=Tile(6, 3), seat=0, place="hand"),)


@pytest.mark.parametrize("scale", [1, 2])
def test_every_line_tile_highlighted_keeps_its_pips(scale: int) -> None:
    view = TableView(scale=scale)
    for tile in ("3-4", "4-4", "4-5", "5-5", "5-2"):
        box, picture = _changed(lesson_table(), view, Highlight("tile", tile=tile, label="this one"))
        spot = next(s for s in picture.line.spots if s.tile == Tile.parse(tile))
        assert box is not None and box.overlaps(spot.rect)
        margin = max(1, picture.line.unit // 8)
        counts = [count_blobs(picture.image, half, margin) for half in spot.halves]
        assert counts == [spot.first, spot.second], tile
        assert picture.description.highlights[0].place == "line"


def test_tile_in_a_face_up_hand_and_a_face_down_one() -> None:
    view = TableView(face_up=[2], labels=LABELS)
    box, picture = _changed(partnership_table(), view, Highlight("tile", tile="6-0"))
    partner = picture.geometry.seat(2)
    rect = partner.tiles[picture.description.seats[2].tiles.index(Tile(6, 0))]
    _near(box, rect, 9)
    assert picture.description.highlights[0].place == "hand"
    assert picture.description.highlights[0].seat == 2
    # Face down, the tile is not given away: nothing drawn, described as not shown.
    box, picture = _changed(partnership_table(), TableView(labels=LABELS), Highlight("tile", tile="6-0", label="here"))
    assert box is None
    assert not picture.description.highlights[0].shown
    assert picture.description.highlights[0].label == "here"


@pytest.mark.parametrize(("end", "scale"), [("left", 1), ("right", 2)])
def test_end_ring_sits_on_the_end(end: str, scale: int) -> None:
    view = TableView(scale=scale, label_ends=True)
    box, picture = _changed(lesson_table(), view, Highlight("end", end=end))
    target = next(e.target for e in picture.line.ends if e.end == end)
    _near(box, target, 1)  # the dashed ring lies inside the end's square, round its circle
    number = dict(zip(("left", "right"), lesson_table().ends, strict=True))[end]
    assert picture.description.highlights == (HighlightDescription("end", end=end, number=number, place="end"),)


def test_arrow_runs_from_the_tile_to_the_end() -> None:
    view = TableView(selected="5-1")
    box, picture = _changed(lesson_table(), view, Highlight("arrow", tile="5-1", end="right"))
    tile = picture.click_map.rect_of(("hand", 0, Tile(5, 1)))
    cell = next(e.target for e in picture.line.ends if e.end == "right")
    assert tile is not None
    _near(box, tile.union(cell), picture.line.unit)
    # The shaft crosses the felt half way: those pixels change too.
    plain = draw_table(lesson_table(), view).image.convert("RGB")
    (tx, ty), (cx, cy) = tile.center, cell.center
    mx, my = round((tx + cx) / 2), round((ty + cy) / 2)
    changed = ImageChops.difference(plain, picture.image.convert("RGB")).crop((mx - 4, my - 4, mx + 5, my + 5))
    assert changed.convert("L").getextrema()[1] > 60
    h = picture.description.highlights[0]
    assert (h.kind, h.tile, h.end, h.number, h.place, h.seat) == ("arrow", Tile(5, 1), "right", 2, "hand", 0)


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_seat_frame_surrounds_its_nameplate(seat: int) -> None:
    view = TableView(labels=LABELS, show_turn=False)
    box, picture = _changed(partnership_table(), view, Highlight("seat", seat=seat))
    plate = picture.geometry.seat(seat).plate
    assert box is not None and plate.width
    assert plate.inside(box) and box.inside(plate.grown(8))  # a frame round the name, close to it
    assert box.inside(Rect(0, 0, *picture.image.size))
    assert picture.description.highlights == (HighlightDescription("seat", seat=seat, place="seat"),)


def test_highlights_are_drawn_in_every_theme() -> None:
    for theme in ("light", "dark", "high_contrast"):
        box, _ = _changed(lesson_table(), TableView(theme=theme), Highlight("tile", tile="5-5", label="crosswise"))
        assert box is not None, theme


# ---------------------------------------------------------------------------------------------------- labels


EDGE_CASES = [
    (Highlight("seat", seat=1, label="your opponent drew a great many tiles from the stock today"), 1),
    (Highlight("end", end="left", label="open end"), 1),
    (Highlight("end", end="right", label="still a five"), 2),
    (Highlight("tile", tile="4-0", label="the last tile of your hand"), 1),
    (Highlight("tile", tile="2-2", label="fits"), 2),
]


@pytest.mark.parametrize(("highlight", "scale"), EDGE_CASES)
def test_labels_stay_whole_inside_the_canvas(highlight: Highlight, scale: int) -> None:
    view = TableView(scale=scale, labels=LABELS, label_ends=True)
    bare = Highlight(highlight.kind, highlight.end, highlight.tile, highlight.seat)
    without, _ = _changed(lesson_table(), view, bare)
    box, picture = _changed(lesson_table(), view, highlight)
    assert box is not None and without is not None
    assert box != without, "the label drew nothing"
    width, height = picture.image.size
    # Nothing touches the border: the tag is whole, not cut by the canvas.
    assert box.inside(Rect(1, 1, width - 1, height - 1)), box
    assert box.width <= width * 0.5 + 3 * without.width  # long labels are shortened


def test_long_labels_are_shortened_with_an_ellipsis() -> None:
    text = "your opponent drew a great many tiles from the stock today"
    short = shortened(text, 13, 200)
    assert short.endswith("…") and text.startswith(short[:-1])
    assert tag_size(short, 13)[0] <= 200
    assert shortened("fits", 13, 200) == "fits"


def test_two_labels_do_not_cover_each_other() -> None:
    view = TableView(labels=LABELS)
    _, picture = _changed(lesson_table(), view, Highlight("tile", tile="5-1", label="two to go"),
                          Highlight("tile", tile="2-2", label="two to go"))
    _, one = _changed(lesson_table(), view, Highlight("tile", tile="5-1", label="two to go"),
                      Highlight("tile", tile="2-2"))
    # The second tag adds its own pixels: it was not drawn over the first one.
    diff = ImageChops.difference(picture.image.convert("RGB"), one.image.convert("RGB")).getbbox()
    assert diff is not None


# ---------------------------------------------------------------------------------------------------- data


def test_description_lists_highlights_in_order_as_json() -> None:
    view = TableView(highlights=(
        Highlight("end", end="left", label="open end"),
        Highlight("tile", tile="5-5", label="crosswise"),
        Highlight("arrow", tile="5-1", end="right"),
        Highlight("seat", seat=1, label="drew"),
        Highlight("tile", tile="6-6"),  # face down in the opponent's hand
    ), labels=LABELS)
    data = draw_table(lesson_table(), view).description.to_dict()["highlights"]
    json.dumps(data)
    assert [(h["kind"], h["place"], h["shown"]) for h in data] == [
        ("end", "end", True), ("tile", "line", True), ("arrow", "hand", True), ("seat", "seat", True),
        ("tile", None, False),
    ]
    assert data[0]["number"] == 3 and data[1]["tile"] == "5-5" and data[3]["label"] == "drew"


def test_highlights_are_off_by_default_and_views_stay_hashable() -> None:
    assert TableView().highlights == ()
    assert draw_table(lesson_table()).description.highlights == ()
    view = TableView(highlights=[Highlight("tile", tile="6-3", label="fits")])
    assert isinstance(view.highlights, tuple)
    assert hash(view) == hash(TableView(highlights=(Highlight("tile", tile=Tile(6, 3), label="fits"),)))


def test_an_end_of_an_empty_line_is_described_as_not_shown() -> None:
    position = Position.setup(Rules.one_vs_one(), hands=[["5-1"], ["6-6"]], line=[], stock=["0-0"])
    box, picture = _changed(position, TableView(), Highlight("end", end="left", label="here"))
    assert box is None
    assert picture.description.highlights == (HighlightDescription("end", label="here", end="left"),)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"kind": "end"}, "needs end"),
    ({"kind": "arrow", "tile": "5-1"}, "needs end"),
    ({"kind": "tile"}, "needs tile"),
    ({"kind": "seat"}, "needs seat"),
    ({"kind": "button"}, "kind must be one of"),
    ({"kind": "end", "end": "middle"}, "'left' or 'right'"),
])
def test_bad_highlights_are_refused(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Highlight(**kwargs)


def test_only_highlights_go_in_highlights() -> None:
    with pytest.raises(TypeError, match="Highlight"):
        TableView(highlights=[("tile", "6-3")])  # type: ignore[list-item]


# ---------------------------------------------------------------------------------------------------- the app


def test_app_draws_a_steps_marks_with_labels_in_the_learners_language() -> None:
    from app.i18n import Words
    from app.widgets.lesson_table import table_view
    from lessons import LessonRunner, load_library
    from practice.drills import make_drill

    library = load_library()
    lesson = library.lesson("pila")
    runner = LessonRunner(lesson, drills=make_drill)
    runner.goto(next(step.number for step in lesson.steps if step.kind == "explain" and step.marks))
    view = runner.view()
    words = Words(library.texts, "pap", lesson.id)
    table = table_view(view, view.position, words.role_labels(), text=words)
    labelled = [m for m in view.marks if m.kind != "button"]
    assert [(h.kind, str(h.tile), h.label) for h in table.highlights] == [
        (m.kind, str(Tile.parse(m.tile)), words(m.label)) for m in labelled
    ]
    assert any(m.kind == "button" for m in view.marks)  # the Draw button's mark stays on the button
    picture = draw_table(view.position, table)
    assert all(h.shown for h in picture.description.highlights)


END_NAMES = {"end_left": "left end", "end_right": "right end", "end_up": "top end", "end_down": "bottom end"}


def _named_ends(position: Position) -> dict[str, str | None]:
    drawn = draw_table(position, TableView(label_ends=True, labels=END_NAMES))
    return {h.end: h.label for h in drawn.description.highlights if h.kind == "end" and h.place == "end"}


def test_a_line_snaking_its_left_end_to_the_right_names_both_ends_on_the_picture() -> None:
    """Tranque's long line: the left end's circle lies right of the right end's, so each carries its name."""
    line = "3-1 1-1 1-4 4-0 0-3 3-6 6-1 1-5 5-5 5-3 3-2 2-2 2-6 6-4 4-4 4-5 5-2 2-4 4-3"
    snake = Position.setup(Rules.one_vs_one(), [["3-3", "1-0", "2-0"], ["0-0", "2-1", "5-0", "6-0", "6-5", "6-6"]],
                           line.split())
    drawn = draw_table(snake, TableView(label_ends=True, labels=END_NAMES))
    left, right = (end.target.center[0] for end in drawn.line.ends)
    assert left >= right  # the premise: drawn as it snakes, "left" is not on the left
    assert _named_ends(snake) == {"left": "left end", "right": "right end"}
    short = Position.setup(Rules.one_vs_one(), [["3-3"], ["6-6"]], ["3-1", "1-4"], stock=["2-2"])
    assert _named_ends(short) == {}  # a line that reads left to right needs no names
    marked = draw_table(snake, TableView(label_ends=True, labels=END_NAMES,
                                         highlights=(Highlight("end", end="left", label="the last 3"),)))
    labels = [(h.end, h.label) for h in marked.description.highlights if h.kind == "end"]
    assert labels == [("left", "the last 3"), ("right", "right end")]  # a lesson's own mark keeps its words


def test_a_spinner_top_circle_set_beside_its_arm_is_named_and_one_above_is_not() -> None:
    """Spinner step 5 on a phone: the opponent's hand leaves no felt above the top arm, so its circle sits beside
    it and carries its name; the bottom one lies right below its arm and needs none."""
    hands = [["1-1", "2-1", "3-2", "5-4", "6-4"], ["3-1", "3-3", "4-0", "5-0", "6-0"]]
    stock = "0-0 4-4 4-3 6-5 2-2 4-2 6-6 3-0 1-0 2-0 6-3 6-1 4-1 6-2"
    spinner = Position.setup(Rules.all_fives(), hands, ["3-5", "5-5", "5-1"], stock=stock.split(), spinner=1,
                             up=["5-2"])
    drawn = draw_table(spinner, TableView(label_ends=True, labels=END_NAMES))
    ends = {end.end: end for end in drawn.line.ends}
    named = _named_ends(spinner)
    for end in ("up", "down"):
        cell, target = ends[end].cell, ends[end].target
        straight = cell.x0 <= target.center[0] <= cell.x1 and (
            target.y1 <= cell.y1 if end == "up" else target.y0 >= cell.y0)
        assert (end in named) == (not straight), (end, cell, target)
    assert named == {"up": "top end"}
