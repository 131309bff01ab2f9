"""Render speed: a full partnership table and a 1-vs-1 lesson table, against the floor of pasting cached tiles.

Run from the repository root: ``python benchmarks/render_speed.py``. Prints medians in milliseconds, the ratios
to the floor (target: full table within 3x and under 15 ms at 1x), the cost of a line never seen before (its
layout is searched, not taken from the cache: what a tap that plays a tile costs), PNG encoding times and sizes
(target: a 1-vs-1 lesson frame at 1x under 100 KB).
"""

from __future__ import annotations

import io
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import Position, Rules
from render import Highlight, TableView, draw_table, get_theme, tile_sprite
from render.table import _felt

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from render_support import eulerian_line


def median_ms(work: Callable[[], object], repeat: int = 200) -> float:
    for _ in range(10):
        work()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def full_partnership(seed: int = 4, lead_index: int = 11) -> tuple[Position, TableView]:
    """28 tiles: a 24-tile snaking line and the last four tiles, one in each hand."""
    placed = eulerian_line(random.Random(seed))
    line = [f"{p.left}-{p.right}" for p in placed[:24]]
    position = Position.setup(Rules.partnership(), hands=[[p.tile] for p in placed[24:]], line=line,
                              lead_index=lead_index)
    labels = {"you": "Bo", "partner": "Kompañero", "left_opponent": "Kòntra", "right_opponent": "Kòntra"}
    return position, TableView(selected=position.hands[0][0], hint=True, label_ends=True, labels=labels)


def lesson_one_vs_one() -> tuple[Position, TableView]:
    position = Position.setup(
        Rules.one_vs_one(),
        hands=[["5-1", "2-2", "6-3", "4-0", "6-6", "1-0", "3-1"], ["1-1", "3-0", "6-2", "5-0"]],
        line=["3-4", "4-4", "4-5", "5-5", "5-2"],
        stock=["0-0", "6-1", "2-1", "6-4", "3-2", "6-5", "3-3"],
    )
    return position, TableView(selected="2-2", hint=True, label_ends=True, labels={"you": "Bo", "opponent": "Kòntra"})


def lesson_with_highlights() -> tuple[Position, TableView]:
    """The 1-vs-1 lesson table with a lesson's marks: a labelled tile, a labelled end, an arrow, a seat."""
    position, view = lesson_one_vs_one()
    marks = (Highlight("tile", tile="6-3", label="fits"), Highlight("end", end="left", label="open end"),
             Highlight("arrow", tile="5-1", end="right"), Highlight("seat", seat=1, label="drew"))
    return position, TableView(**{**view.__dict__, "highlights": marks})


def floor(picture) -> Callable[[], object]:
    """Paste the same cached sprites (same count, sizes, places) onto a fresh copy of the same felt."""
    theme = get_theme("light")
    width, height = picture.image.size
    jobs = [(tile_sprite(s.first, s.second, picture.line.unit, s.vertical, theme), s.rect.x0, s.rect.y0)
            for s in picture.line.spots]
    for seat in picture.geometry.seats:
        for rect in seat.tiles:
            jobs.append((tile_sprite(6, 6, seat.unit, seat.vertical, theme), rect.x0, rect.y0))

    def paste() -> object:
        canvas = _felt(width, height, theme).copy()
        for sprite, x, y in jobs:
            sprite.paste_onto(canvas, x, y)
        return canvas

    return paste


def png(image, **options) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG", **options)
    return buffer.getvalue()


def main() -> None:
    print(f"{'table':<28}{'render ms':>10}{'floor ms':>10}{'ratio':>8}  tiles")
    for name, build in (("full partnership (1x)", full_partnership), ("1-vs-1 lesson (1x)", lesson_one_vs_one),
                        ("1-vs-1 lesson, marks (1x)", lesson_with_highlights)):
        position, view = build()
        picture = draw_table(position, view)
        tiles = len(picture.line.spots) + sum(len(s.tiles) for s in picture.geometry.seats)
        render = median_ms(lambda position=position, view=view: draw_table(position, view))
        base = median_ms(floor(picture))
        print(f"{name:<28}{render:>10.2f}{base:>10.2f}{render / base:>8.2f}  {tiles}")
    fresh = [full_partnership(seed, seed % 24) for seed in range(400)]  # more lines than the layout cache holds
    turn = iter(range(10**9))

    def new_line() -> object:
        position, view = fresh[next(turn) % len(fresh)]
        return draw_table(position, view)

    cold = median_ms(new_line, 400)
    print(f"full partnership (1x), a new line each time (layout searched, 24 tiles, lead anywhere): {cold:.2f} ms")
    position, view = full_partnership()
    for scale in (2, 3):
        big = TableView(**{**view.__dict__, "scale": scale})
        print(f"full partnership ({scale}x) render: {median_ms(lambda v=big: draw_table(position, v), 50):.2f} ms")

    position, view = lesson_one_vs_one()
    image = draw_table(position, view).image
    print("\nPNG of the 1-vs-1 lesson frame at 1x:")
    for label, make in (
        ("RGB, default", lambda: png(image)),
        ("RGB, optimize=True", lambda: png(image, optimize=True)),
        ("palette (256 colours)", lambda: png(image.quantize(256), optimize=True)),
    ):
        size = len(make())
        print(f"  {label:<24}{median_ms(make, 20):>8.2f} ms {size / 1024:>8.1f} KB")


if __name__ == "__main__":
    main()
