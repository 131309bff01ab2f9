"""draw_table as lessons call it: the description data, marks taken from the engine, options and their checks."""

import ast
from pathlib import Path

import pytest
from render_support import lesson_table

from engine import Position, Rules, Tile
from render import TableView, draw_table


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
            assert image.size == (400 * scale, 480 * scale) and image.mode == "RGB"
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
