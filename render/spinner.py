"""Where the tiles of a spinner table go (all-fives, RULES.md S3): the spinner double lies across the middle and
its four arms grow from its four sides like the blades of a pinwheel.

Pure geometry (no drawing), built on the line's own arm layout (``layout._lay_arm``): each arm is laid as if it
were the right arm of a line — running out from the spinner, turning at the edge and snaking back by the same
rules (a double lies crosswise and is never a corner, nor is the tile after it) — and then turned to its place.
The right arm runs right and snakes down, the bottom arm runs down and snakes left, the left arm runs left and
snakes up, the top arm runs up and snakes right: each keeps to its own quarter of the table, so no arm ever runs
into another. The open ends come from the engine (``position.open_ends``): the top and bottom ends appear once the
spinner's left and right each hold a tile.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import End, Placed, Position

from .geometry import Rect
from .layout import DOWN, LEFT, RIGHT, UP, Direction, EndSpot, LineLayout, TileSpot, _lay_arm

#: Each arm's quarter turn from the right arm's frame (0: as laid; 1: a quarter turn clockwise on screen, ...).
_TURNS: dict[str, int] = {"right": 0, "down": 1, "left": 2, "up": 3}


def has_spinner(position: Position) -> bool:
    """Whether the table is laid around a spinner: a spinner game whose lead is a double (RULES.md S3)."""
    lead = position.lead_index
    return position.rules.spinner and lead is not None and position.placed[lead].tile.is_double


def _turn_point(x: float, y: float, turns: int) -> tuple[float, float]:
    """A point of the right arm's frame (the spinner's centre at 0, 0) turned ``turns`` quarter turns clockwise."""
    for _ in range(turns):
        x, y = -y, x
    return x, y


def _turn_rect(rect: Rect, turns: int, cx: int, cy: int) -> Rect:
    (x0, y0), (x1, y1) = _turn_point(rect.x0, rect.y0, turns), _turn_point(rect.x1, rect.y1, turns)
    return Rect(cx + round(min(x0, x1)), cy + round(min(y0, y1)), cx + round(max(x0, x1)), cy + round(max(y0, y1)))


def _turn_direction(direction: Direction, turns: int) -> Direction:
    x, y = _turn_point(*direction, turns)
    return (round(x), round(y))


def _turn_spot(spot: TileSpot, turns: int, cx: int, cy: int, arm: str) -> TileSpot:
    """A tile laid in the right arm's frame, put on its own arm: its halves follow it round (a half that was first
    — left, or top — stays first only where the turn keeps it left or top)."""
    first, second = spot.first, spot.second
    keeps = turns == 0 or (turns == 1 and not spot.vertical) or (turns == 3 and spot.vertical)
    if not keeps:
        first, second = second, first
    vertical = spot.vertical != (turns % 2 == 1)
    return TileSpot(spot.index, spot.tile, first, second, vertical, _turn_rect(spot.rect, turns, cx, cy),
                    arm, spot.crosswise, spot.corner)  # type: ignore[arg-type]


def _arm_items(placed: Sequence[Placed], arm: str) -> list[tuple[int, object, int, int, bool]]:
    """An arm's tiles from the spinner outwards, as the arm layout takes them: (index, tile, inner, outer, double)."""
    tiles = sorted(((p.order, i, p) for i, p in enumerate(placed) if p.arm == arm), key=lambda item: item[0])
    return [(i, p.tile, p.inner, p.outer, p.left == p.right) for _, i, p in tiles]


def _lay(placed: Sequence[Placed], lead_index: int, open_ends: Sequence[tuple[End, int]], area: Rect, unit: int,
         cx: int, cy: int) -> LineLayout:
    """Every arm laid at one size around a spinner centred on (cx, cy)."""
    half = unit // 2
    spinner = placed[lead_index]
    spots = [TileSpot(lead_index, spinner.tile, spinner.left, spinner.right, True,
                      Rect(cx - half, cy - unit, cx + half, cy + unit), "lead", crosswise=True)]
    reach = {"right": area.x1 - cx, "left": cx - area.x0, "down": area.y1 - cy, "up": cy - area.y0}
    ends = []
    numbers = dict(open_ends)
    fits = True
    for arm, turns in _TURNS.items():
        items = _arm_items(placed, arm)
        if not items and arm not in numbers:
            continue  # a closed side: nothing lies there and nothing may yet
        start = half if arm in ("left", "right") else unit  # the spinner lies across: long side up and down
        laid = _lay_arm(items, "right", (start, 0), True, 2 * unit, reach[arm] - unit, unit)  # type: ignore[arg-type]
        fits = fits and laid.fits
        spots += [_turn_spot(spot, turns, cx, cy, arm) for spot in laid.spots]
        if arm in numbers:
            (ex, ey), (dx, dy) = laid.end, laid.direction
            cell = Rect(ex + dx * half - half, ey + dy * half - half, ex + dx * half + half, ey + dy * half + half)
            last = items[-1][0] if items else lead_index
            ends.append(EndSpot(arm, numbers[arm], _turn_direction(laid.direction, turns),
                                _turn_rect(cell, turns, cx, cy), last))  # type: ignore[arg-type]
    order = {"left": 0, "right": 1, "up": 2, "down": 3}
    ends.sort(key=lambda end: order[end.end])
    return LineLayout(unit, tuple(sorted(spots, key=lambda spot: spot.index)), tuple(ends), None, fits)


def _inside(layout: LineLayout, area: Rect) -> bool:
    """Every tile and every end's cell inside the area, and no two tiles overlapping."""
    if not layout.fits:
        return False
    rects = [spot.rect for spot in layout.spots]
    if not all(r.inside(area) for r in rects + [end.cell for end in layout.ends]):
        return False
    return not any(a.overlaps(b) for i, a in enumerate(rects) for b in rects[i + 1:])


def _centres(area: Rect, unit: int) -> list[tuple[int, int]]:
    """Where the spinner may lie, the middle of the area first, then a unit or two off it each way."""
    cx, cy = (area.x0 + area.x1) // 2, (area.y0 + area.y1) // 2
    steps = [0, -1, 1, -2, 2]
    return [(cx + dx * unit, cy + dy * unit) for dy in steps for dx in steps]


def layout_spinner(
    placed: Sequence[Placed],
    lead_index: int,
    open_ends: Sequence[tuple[End, int]],
    area: Rect,
    unit: int,
    min_unit: int = 8,
    max_unit: int | None = None,
) -> LineLayout:
    """Lay out a spinner table (``position.placed``, ``lead_index``, ``open_ends``) inside ``area``.

    As for a line, a table of few tiles is drawn larger — the biggest even unit up to ``max_unit`` at which every
    arm runs straight — and otherwise ``unit`` and smaller units are tried until every tile and every end's cell
    fits, the spinner in the middle or a little off it.
    """
    sizes = []
    if max_unit is not None:
        sizes += [(u, True) for u in range(max_unit - max_unit % 2, unit, -2)]
    sizes += [(u, False) for u in range(unit - unit % 2, min_unit - 1, -2)]
    for size, straight in sizes:
        for cx, cy in _centres(area, size) if not straight else [_centres(area, size)[0]]:
            layout = _lay(placed, lead_index, open_ends, area, size, cx, cy)
            if _inside(layout, area) and not (straight and any(spot.corner for spot in layout.spots)):
                return layout
    cx, cy = _centres(area, min_unit)[0]
    layout = _lay(placed, lead_index, open_ends, area, min_unit, cx, cy)
    return LineLayout(layout.unit, layout.spots, layout.ends, None, False)


__all__ = ["DOWN", "LEFT", "RIGHT", "UP", "has_spinner", "layout_spinner"]
