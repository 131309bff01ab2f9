"""The snaking line: no overlaps, inside the area, a full 28-tile line fits, the Greek-seed turn rules hold,
touching halves match (read back from the pixels), the end targets sit at the real ends, and a growing line
keeps its tiles where they were."""

import itertools
import random

import pytest

from engine import Position, Rules
from render import Rect, TableView, draw_table, layout_line
from render.layout import LineLayout
from render.theme import LINE_UNIT, LINE_UNITS
from tests.render_support import count_blobs, eulerian_line

AREA = Rect(40, 60, 360, 388)  # the default partnership line area at 1x


def _touching(a: Rect, b: Rect) -> bool:
    """Share an edge segment of positive length (and no area)."""
    if a.overlaps(b):
        return False
    horizontal = (a.x1 == b.x0 or b.x1 == a.x0) and min(a.y1, b.y1) > max(a.y0, b.y0)
    vertical = (a.y1 == b.y0 or b.y1 == a.y0) and min(a.x1, b.x1) > max(a.x0, b.x0)
    return horizontal or vertical


def check_layout(layout: LineLayout, placed, lead_index: int, area: Rect) -> None:
    spots = layout.spots
    assert [s.index for s in spots] == list(range(len(placed)))
    for i, a in enumerate(spots):
        assert a.rect.inside(area), a
        for b in spots[i + 1:]:
            assert not a.rect.overlaps(b.rect), (a, b)
    for end in layout.ends:
        assert end.target.inside(area)
        for s in spots:
            assert not end.target.overlaps(s.rect)
    if len(layout.ends) == 2:
        assert not layout.ends[0].target.overlaps(layout.ends[1].target)
    # Orientation and numbers: a double lies across the line, a mixed tile along it; halves show the numbers.
    for s in spots:
        p = placed[s.index]
        assert s.crosswise == p.tile.is_double
        assert {s.first, s.second} == {p.left, p.right}
        w, h = s.rect.width, s.rect.height
        assert (w, h) == ((layout.unit, 2 * layout.unit) if s.vertical else (2 * layout.unit, layout.unit))
    # Turn rules: never on the lead, never a double, never the tile right after a double (going outward).
    for s in spots:
        if s.corner:
            assert s.index != lead_index
            assert not placed[s.index].tile.is_double
            previous = s.index - 1 if s.index > lead_index else s.index + 1
            assert not placed[previous].tile.is_double, f"turn right after a double at {s.index}"
    # Neighbours touch, with the equal numbers facing each other.
    for a, b in itertools.pairwise(spots):
        assert _touching(a.rect, b.rect) or any(
            _touching(ha, hb) for ha in a.halves for hb in b.halves
        ), (a, b)
        number = placed[a.index].right
        assert number == placed[b.index].left
        a_halves = [h for h, n in zip(a.halves, (a.first, a.second), strict=True) if n == number]
        b_halves = [h for h, n in zip(b.halves, (b.first, b.second), strict=True) if n == number]
        assert any(_touching(x, y) for x in a_halves for y in b_halves), (a, b)


@pytest.mark.parametrize("seed", range(60))
def test_full_28_tile_line_fits(seed: int) -> None:
    rng = random.Random(seed)
    placed = eulerian_line(rng)
    lead_index = rng.randrange(28)
    layout = layout_line(placed, lead_index, AREA, LINE_UNITS)
    assert layout.fits
    assert layout.unit >= 12
    check_layout(layout, placed, lead_index, AREA)


@pytest.mark.parametrize("lead_index", [0, 5, 13, 27])
def test_line_fits_with_the_lead_anywhere(lead_index: int) -> None:
    for seed in range(25):
        placed = eulerian_line(random.Random(1000 + seed))
        layout = layout_line(placed, lead_index, AREA, LINE_UNITS)
        assert layout.fits
        check_layout(layout, placed, lead_index, AREA)


def test_short_line_is_large_and_straight_with_its_lead_in_the_middle() -> None:
    placed = eulerian_line(random.Random(7), 3)
    layout = layout_line(placed, 1, AREA, LINE_UNITS)
    assert layout.unit == LINE_UNITS[0]
    assert not any(s.corner for s in layout.spots)
    lead = next(s for s in layout.spots if s.arm == "lead")
    assert lead.rect.center == AREA.center
    check_layout(layout, placed, 1, AREA)
    # One number is the largest size to try, then smaller ones.
    assert layout_line(placed, 1, AREA, LINE_UNIT).unit == LINE_UNIT


def test_empty_line_has_a_lead_cell_in_the_middle() -> None:
    layout = layout_line((), None, AREA, LINE_UNIT)
    assert layout.spots == () and layout.ends == ()
    assert layout.lead_cell is not None and layout.lead_cell.inside(AREA)


def _long_position(seed: int, players: int = 4) -> Position:
    """A position whose line holds as many tiles as setup allows (every hand keeps one tile)."""
    rng = random.Random(seed)
    placed = eulerian_line(rng)
    rules = Rules.partnership() if players == 4 else Rules.one_vs_one()
    line_length = 28 - players
    hands = [[p.tile] for p in placed[line_length:]]
    line = [f"{p.left}-{p.right}" for p in placed[:line_length]]
    return Position.setup(rules, hands=hands, line=line, lead_index=rng.randrange(line_length))


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("scale", [1, 2])
def test_pictured_line_reads_back_from_pixels(seed: int, scale: int) -> None:
    position = _long_position(seed)
    picture = draw_table(position, TableView(scale=scale, label_ends=True))
    layout = picture.line
    canvas = Rect(0, 0, *picture.image.size)
    check_layout(layout, position.placed, position.lead_index, canvas)
    margin = max(1, layout.unit // 12)
    for spot in layout.spots:
        seen = [count_blobs(picture.image, half, margin) for half in spot.halves]
        assert seen == [spot.first, spot.second], spot
    # The end cells sit just beyond the end tiles, on the half that shows position.ends; each end's tap target
    # is right by that half (beyond it, or beside it where the line has no room beyond) and resolves to the end.
    ends = position.ends
    assert tuple(e.number for e in layout.ends) == ends
    assert tuple(e.number for e in picture.description.ends) == ends
    for end, number in zip(layout.ends, ends, strict=True):
        spot = layout.spots[end.tile_index]
        open_halves = [h for h, n in zip(spot.halves, (spot.first, spot.second), strict=True) if n == number]
        assert any(_touching(end.cell, h) for h in open_halves) or (
            spot.crosswise and _touching(end.cell, spot.rect)
        )
        near = max(2, end.target.width // 20) + 1
        assert any(end.target.overlaps(h.grown(near)) for h in open_halves), (end, spot)
        assert picture.click_map.resolve(*end.target.center) == ("end", end.end)


@pytest.mark.parametrize("seed", range(40))
def test_a_growing_line_keeps_its_tiles_in_place(seed: int) -> None:
    """Tile by tile at either end, as a hand is played: no tile ever changes arm (the line never mirrors); while
    the size stays and the lead stays in the middle, every tile keeps its place, but for the few next to the end
    that grew (a double arriving at the edge may not turn, nor the tile after it: the last tile before them that
    may turn does instead, at most four back)."""
    rng = random.Random(seed)
    chain = eulerian_line(rng)
    lead = rng.randrange(28)
    low, high = lead, lead + 1
    before = layout_line(chain[low:high], 0, AREA, LINE_UNITS, target=30)
    while high - low < 28:
        right = low == 0 or (high < 28 and rng.random() < 0.5)
        low, high = (low, high + 1) if right else (low - 1, high)
        after = layout_line(chain[low:high], lead - low, AREA, LINE_UNITS, target=30)
        old = {s.tile: s for s in before.spots}
        new = {s.tile: s for s in after.spots}
        assert all(new[tile].arm == spot.arm for tile, spot in old.items())
        centred = [next(s for s in lay.spots if s.arm == "lead").rect.center == AREA.center for lay in (before, after)]
        if after.unit == before.unit and all(centred):
            order = [s.tile for s in after.spots]
            for tile, spot in old.items():
                from_end = len(order) - 1 - order.index(tile) if right else order.index(tile)
                assert from_end <= 4 or new[tile].rect == spot.rect, (tile, spot, new[tile])
        before = after
