"""draw_table as lessons call it: the description data, marks taken from the engine, options and their checks, what a
question conceals, and the boxes of what is drawn."""

import ast
import json
from pathlib import Path

import pytest

from engine import Position, Rules, Tile
from render import Box, Highlight, Rect, TableView, clashes, draw_table
from tests.render_support import lesson_table


def test_description_lists_line_ends_hands_stock() -> None:
    position = lesson_table()
    d = draw_table(position, TableView(labels={"you": "Bo"})).description
    assert d.players == 2 and d.viewer == 0
    assert d.line == position.placed and d.lead_index == position.lead_index
    assert [(e.end, e.number) for e in d.ends] == [("left", 3), ("right", 2)]
    you, opponent = d.seats
    assert (you.role, you.place, you.tiles, you.count) == ("you", "bottom", position.hands[0], 4)
    assert (opponent.role, opponent.place, opponent.tiles, opponent.count) == ("opponent", "top", None, 3)
    assert d.stock == 2 and d.to_move == 0 and you.to_move
    data = d.to_dict()
    assert data["seats"][0]["tiles"] == [str(t) for t in position.hands[0]]
    assert data["line"][0] == {"tile": "4-3", "left": 3, "right": 4}


def test_hint_comes_from_the_engine() -> None:
    position = lesson_table()
    for text in ("6-3", "2-2", "5-1"):
        d = draw_table(position, TableView(selected=text, hint=True)).description
        legal = {m.end for m in position.moves_for(Tile.parse(text))}
        assert {e.end for e in d.ends if e.fits} == legal
    no_hint = draw_table(position, TableView(selected="6-3")).description
    assert all(e.fits is None for e in no_hint.ends)


def test_dimming_wrong_attempt_badges_and_last_play() -> None:
    position = lesson_table().apply("plays 6-3 left")  # opponent to move now
    view = TableView(viewer=1, dim_unplayable=True, wrong=("6-6", "right"), badges={0: "draw"})
    d = draw_table(position, view).description
    assert set(d.dimmed) == set(position.hands[1]) - position.playable_tiles()
    assert d.wrong == (Tile(6, 6), "right")
    assert [e.wrong for e in d.ends] == [False, True]
    assert d.seats[0].badge == "draw" and d.seats[0].place == "top"
    assert d.last_play == (0, Tile(6, 3), "left")


def test_partnership_roles_and_face_up() -> None:
    position = Position.deal(Rules.partnership(), __import__("random").Random(2), first_hand=True)
    d = draw_table(position, TableView(viewer=1, face_up={3})).description
    roles = {s.seat: (s.role, s.place) for s in d.seats}
    assert roles == {1: ("you", "bottom"), 2: ("right_opponent", "right"), 3: ("partner", "top"),
                     0: ("left_opponent", "left")}
    assert d.seats[3].tiles == position.hands[3] and d.seats[0].tiles is None
    assert d.stock is None


def test_themes_scales_and_sizes() -> None:
    position = lesson_table()
    for theme in ("light", "dark", "high_contrast"):
        for scale in (1, 2, 3):
            image = draw_table(position, TableView(theme=theme, scale=scale)).image
            assert image.size == (360 * scale, 420 * scale) and image.mode == "RGB"
    assert draw_table(position, TableView(size=(720, 405))).image.size == (720, 405)


def test_view_checks_its_options() -> None:
    with pytest.raises(ValueError, match="badge"):
        TableView(badges={0: "sleep"})
    with pytest.raises(ValueError, match="theme"):
        draw_table(lesson_table(), TableView(theme="neon"))
    with pytest.raises(ValueError, match="not a tile"):
        TableView(selected="7-x")
    assert hash(TableView(badges={1: "pass"}, labels={"you": "Tú"}, loose={0: ["6-5"]}))


def test_render_never_imports_streamlit() -> None:
    for path in Path(__file__).parents[1].joinpath("render").glob("*.py"):
        tree = ast.parse(path.read_text())
        names = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
        names += [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        assert not any(name.split(".")[0] == "streamlit" for name in names), path


def test_the_turn_marker_can_be_hidden_when_it_would_give_an_answer_away() -> None:
    position = lesson_table()
    shown = draw_table(position, TableView())
    hidden = draw_table(position, TableView(show_turn=False))
    assert shown.description.to_move == 0 and shown.description.seats[0].to_move
    assert hidden.description.to_move is None and not any(seat.to_move for seat in hidden.description.seats)
    assert shown.image.tobytes() != hidden.image.tobytes()  # the marker is really gone from the picture


def test_render_modules_import_each_other_without_a_circle() -> None:
    """Each module of render/ builds on the ones below it: the import graph (type-only imports included) has
    no cycle, so any module can be read, tested and changed from the bottom up."""
    folder = Path(__file__).parents[1].joinpath("render")
    graph: dict[str, set[str]] = {}
    for path in folder.glob("*.py"):
        tree = ast.parse(path.read_text())
        graph[path.stem] = {
            (n.module or "").split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.level == 1
        } | {a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.level == 1 and not n.module
             for a in n.names}
    graph.pop("__init__")
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, " -> ".join((*path, module))
        if module in done:
            return
        for imported in graph.get(module, ()):
            visit(imported, (*path, module))
        done.add(module)

    for module in graph:
        visit(module, ())


# ---------------------------------------------------------------------------------------------------- conceal


def test_concealed_stock_count_is_neither_drawn_nor_described() -> None:
    position = lesson_table()
    shown = draw_table(position, TableView())
    hidden = draw_table(position, TableView(conceal={"stock_count"}))
    count = next(b for b in shown.boxes if b.kind == "label" and b.where == "stock")
    assert count.text == "2" and shown.description.stock == 2
    assert not any(b.kind == "label" and b.where == "stock" for b in hidden.boxes)
    assert any(b.kind == "stock" for b in hidden.boxes)  # the pile is still there to tap
    assert hidden.click_map.rect_of(("stock",)) == shown.click_map.rect_of(("stock",))
    r = count.rect
    crop = (r.x0, r.y0, r.x1, r.y1)
    assert shown.image.crop(crop).tobytes() != hidden.image.crop(crop).tobytes()  # the number is really gone
    assert hidden.description.stock is None and hidden.description.has_stock
    assert hidden.description.concealed == frozenset({"stock_count"})
    assert hidden.description.to_dict()["concealed"] == ["stock_count"]


def test_concealed_end_numbers_leave_the_pips_and_the_targets() -> None:
    position = lesson_table()
    labelled = draw_table(position, TableView(label_ends=True, selected="2-2", hint=True))
    hidden = draw_table(position, TableView(label_ends=True, selected="2-2", hint=True, conceal=["end_numbers"]))
    plain = draw_table(position, TableView(selected="2-2", hint=True))
    assert hidden.image.tobytes() == plain.image.tobytes()  # no number anywhere, everything else as drawn
    assert labelled.image.tobytes() != plain.image.tobytes()
    assert [e.number for e in labelled.description.ends] == [3, 2]
    assert [e.number for e in hidden.description.ends] == [None, None]
    assert [e.fits for e in hidden.description.ends] == [e.fits for e in labelled.description.ends]
    assert hidden.description.line == position.placed  # the tiles, pips and all, are still described
    marked = draw_table(position, TableView(conceal={"end_numbers"}, highlights=[Highlight("end", end="left")]))
    assert marked.description.highlights[0].number is None
    assert [b.rect for b in hidden.boxes] == [b.rect for b in labelled.boxes]


def test_only_known_facts_can_be_concealed() -> None:
    with pytest.raises(ValueError, match="conceal"):
        TableView(conceal={"hands"})
    assert TableView(conceal="stock_count").conceal == frozenset({"stock_count"})
    assert hash(TableView(conceal=["end_numbers", "stock_count"])) == hash(
        TableView(conceal={"stock_count", "end_numbers"}))


# ---------------------------------------------------------------------------------------------------- boxes


def test_boxes_cover_everything_drawn_and_are_json_ready() -> None:
    position = lesson_table()
    picture = draw_table(position, TableView(labels={"you": "Bo", "opponent": "Kòntrario"}, selected="5-1",
                                             highlights=[Highlight("tile", tile="6-3", label="fits")]))
    boxes = picture.boxes
    line = [b for b in boxes if b.kind == "tile" and b.where == "line"]
    assert [(b.tile, b.rect) for b in line] == [(s.tile, s.rect) for s in picture.line.spots]
    mine = [b for b in boxes if b.kind == "tile" and b.where == "hand" and b.seat == 0]
    assert [b.tile for b in mine] == list(position.hands[0])
    regions = [picture.click_map.rect_of(("hand", 0, t)) for t in position.hands[0]]
    for box, region in zip(mine, regions, strict=True):  # a tile's tap region holds the tile and a little slop
        assert region is not None
        assert region.x0 <= box.rect.x0 and region.y0 <= box.rect.y0 and region.x1 >= box.rect.x1
        assert region.y1 >= box.rect.y1 and region.width <= box.rect.width * 1.3
    assert not any(a.overlaps(b) for i, a in enumerate(regions) for b in regions[i + 1:] if a and b)
    theirs = [b for b in boxes if b.kind == "tile" and b.where == "hand" and b.seat == 1]
    assert len(theirs) == 3 and all(b.tile is None for b in theirs)  # face down: not named
    assert {b.text for b in boxes if b.kind == "label" and b.where == "seat"} == {"Bo", "Kòntrario"}
    assert [b.text for b in boxes if b.kind == "label" and b.where == "tag"] == ["fits"]
    assert {b.end for b in boxes if b.kind == "end"} == {"left", "right"}
    assert sum(b.kind == "stock" for b in boxes) == 1
    data = json.loads(json.dumps(picture.boxes_data()))
    assert (data["width"], data["height"]) == picture.image.size
    assert data["boxes"][0].keys() >= {"kind", "x0", "y0", "x1", "y1", "where", "seat", "tile", "end", "text"}
    assert not picture.clashes()


def test_clashes_finds_a_label_over_a_tile_and_allows_squeezed_backs() -> None:
    tile = Box("tile", Rect(0, 0, 20, 40), "hand", 1, Tile(6, 5))
    label = Box("label", Rect(15, 30, 60, 50), "tag", text="here")
    assert clashes([tile, label]) == [(tile, label)]
    backs = [Box("tile", Rect(x, 0, x + 20, 40), "hand", 1) for x in (0, 10)]
    assert clashes(backs) == []
    assert clashes([backs[0], Box("tile", Rect(10, 0, 30, 40), "hand", 2)])  # another seat's tile: a clash
    assert label.scaled(0.5) == Rect(8, 15, 30, 25)
