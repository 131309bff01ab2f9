"""Where each tile of the line goes: a snaking layout from the lead outward, following the Greek-seed rules.

Pure geometry (no drawing). The lead sits in the middle of the line area; the right arm runs right, turns down at
the edge and snakes back; the left arm runs left, turns up and snakes back, so the two arms never meet. A turn is
made by a *corner* tile laid across the old direction. The rules (RULES.md, "Layout (Greek seed)"):

- a double lies crosswise and never turns the line (it is never a corner);
- the tile after a double continues straight (it is never a corner either);
- the lead is never a corner.

So a run that cannot fit its next tile turns at the latest tile that may turn, going back if it must. If a line
still does not fit (or its height overflows), the whole line is laid out again with smaller tiles.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from engine import End, Placed, Tile

from .geometry import Rect

Side = End
Direction = tuple[int, int]

RIGHT: Direction = (1, 0)
LEFT: Direction = (-1, 0)
DOWN: Direction = (0, 1)
UP: Direction = (0, -1)


@dataclass(frozen=True)
class TileSpot:
    """One tile of the line in the picture.

    ``index`` is its place in ``position.placed`` (left to right); ``first``/``second`` are the numbers drawn on its
    first and second half (left/right, or top/bottom when ``vertical``); ``inner`` is the half touching the previous
    tile towards the lead (``None`` for the lead and for doubles, which are touched on their long side).
    """

    index: int
    tile: Tile
    first: int
    second: int
    vertical: bool
    rect: Rect
    arm: Literal["lead", "left", "right", "up", "down"]  # up and down: a spinner's arms (see spinner.py)
    crosswise: bool = False
    corner: bool = False

    @property
    def halves(self) -> tuple[Rect, Rect]:
        """The rectangles of the first and the second half."""
        r = self.rect
        if self.vertical:
            mid = (r.y0 + r.y1) // 2
            return Rect(r.x0, r.y0, r.x1, mid), Rect(r.x0, mid, r.x1, r.y1)
        mid = (r.x0 + r.x1) // 2
        return Rect(r.x0, r.y0, mid, r.y1), Rect(mid, r.y0, r.x1, r.y1)


@dataclass(frozen=True)
class EndSpot:
    """An open end: its side, the number it shows, its direction of growth, and the free cell just beyond it
    (where the next tile's touching half would go: the place for a tap target or a label)."""

    end: Side
    number: int
    direction: Direction
    cell: Rect
    tile_index: int  # the tile of the line that shows this end


@dataclass(frozen=True)
class LineLayout:
    """The laid-out line: tiles in line order, the two open ends (none before the lead), the lead cell when empty."""

    unit: int
    spots: tuple[TileSpot, ...]
    ends: tuple[EndSpot, ...]
    lead_cell: Rect | None
    fits: bool  # False only if even the smallest tiles overflow the area

    @property
    def bbox(self) -> Rect | None:
        rects = [s.rect for s in self.spots] + [e.cell for e in self.ends]
        if not rects:
            return self.lead_cell
        box = rects[0]
        for r in rects[1:]:
            box = box.union(r)
        return box

    def end(self, side: Side) -> EndSpot:
        return next(e for e in self.ends if e.end == side)


class _Restart(Exception):
    pass


@dataclass
class _Arm:
    spots: list[TileSpot]
    end: tuple[int, int]
    direction: Direction
    fits: bool


def _cell(cx: int, cy: int, unit: int) -> Rect:
    h = unit // 2
    return Rect(cx - h, cy - h, cx + h, cy + h)


def _along(first_cell: Rect, direction: Direction, unit: int) -> Rect:
    """The two-cell rectangle starting at ``first_cell`` and going ``direction``."""
    second = first_cell.moved(direction[0] * unit, direction[1] * unit)
    return first_cell.union(second)


def _oriented(inner: int, outer: int, direction: Direction) -> tuple[int, int, bool]:
    """(first, second, vertical) for a mixed tile lying along ``direction`` with ``inner`` towards its start."""
    if direction == RIGHT:
        return inner, outer, False
    if direction == LEFT:
        return outer, inner, False
    if direction == DOWN:
        return inner, outer, True
    return outer, inner, True


def _lay_arm(
    items: Sequence[tuple[int, Tile, int, int, bool]],
    side: Literal["left", "right"],
    start: tuple[int, int],
    lead_double: bool,
    xmin: int,
    xmax: int,
    unit: int,
) -> _Arm:
    """Lay one arm; ``items`` are (index, tile, inner, outer, is_double) going outward from the lead."""
    forced: set[int] = set()
    while True:
        try:
            return _try_arm(items, side, start, lead_double, xmin, xmax, unit, forced)
        except _Restart:
            continue


def _try_arm(
    items: Sequence[tuple[int, Tile, int, int, bool]],
    side: Literal["left", "right"],
    start: tuple[int, int],
    lead_double: bool,
    xmin: int,
    xmax: int,
    unit: int,
    forced: set[int],
) -> _Arm:
    half = unit // 2
    ex, ey = start
    direction = RIGHT if side == "right" else LEFT
    turn_vertical = DOWN if side == "right" else UP
    last_horizontal = direction[0]
    prev_double = lead_double
    run_start = -1  # item position of the corner that began the current horizontal run
    spots: list[TileSpot] = []
    fits = True

    def inside(x: int) -> bool:
        return xmin <= x <= xmax

    for pos, (index, tile, inner, outer, double) in enumerate(items):
        dx, dy = direction
        may_turn = not double and not prev_double
        if dy == 0:
            turn = pos in forced
            if not turn:
                far = ex + dx * (unit if double else 2 * unit)
                if not inside(far):
                    if may_turn and inside(ex + dx * unit):
                        turn = True
                    else:
                        candidates = [
                            p for p in range(pos - 1, run_start, -1)
                            if p not in forced and not items[p][4] and not (items[p - 1][4] if p else lead_double)
                        ]
                        if candidates:
                            forced.add(candidates[0])
                            raise _Restart
                        fits = False  # nothing may turn here: overflow, the caller shrinks the tiles
        else:
            turn = may_turn  # a vertical stretch only links two rows: leave it as soon as the rules allow
        cx, cy = ex + dx * half, ey + dy * half  # the cell just beyond the end
        if turn:
            new = turn_vertical if dy == 0 else (-last_horizontal, 0)
            first_cell = _cell(cx, cy, unit)
            rect = _along(first_cell, new, unit)
            first, second, vertical = _oriented(inner, outer, new)
            spots.append(TileSpot(index, tile, first, second, vertical, rect, side, corner=True))
            if new[1] == 0:
                last_horizontal = new[0]
                run_start = pos
            direction = new
            ex, ey = cx + new[0] * (unit + half), cy + new[1] * (unit + half)
        elif double:
            if dy == 0:
                rect = Rect(cx - half, cy - unit, cx + half, cy + unit)
            else:
                rect = Rect(cx - unit, cy - half, cx + unit, cy + half)
            spots.append(TileSpot(index, tile, inner, inner, dy == 0, rect, side, crosswise=True))
            ex, ey = ex + dx * unit, ey + dy * unit
        else:
            rect = _along(_cell(cx, cy, unit), direction, unit)
            first, second, vertical = _oriented(inner, outer, direction)
            spots.append(TileSpot(index, tile, first, second, vertical, rect, side))
            ex, ey = ex + dx * 2 * unit, ey + dy * 2 * unit
        prev_double = double
    return _Arm(spots, (ex, ey), direction, fits)


def _lay_at(
    placed: Sequence[Placed], lead_index: int, area: Rect, unit: int, cx: int
) -> tuple[LineLayout, Rect]:
    half = unit // 2
    lead = placed[lead_index]
    lead_double = lead.left == lead.right
    if lead_double:
        lead_rect = Rect(cx - half, -unit, cx + half, unit)
        lead_spot = TileSpot(lead_index, lead.tile, lead.left, lead.right, True, lead_rect, "lead", crosswise=True)
    else:
        lead_rect = Rect(cx - unit, -half, cx + unit, half)
        lead_spot = TileSpot(lead_index, lead.tile, lead.left, lead.right, False, lead_rect, "lead")
    xmin, xmax = area.x0 + unit, area.x1 - unit  # keep one unit free at the sides for the end targets
    right_items = [(i, p.tile, p.left, p.right, p.left == p.right) for i, p in enumerate(placed)][lead_index + 1:]
    left_items = [(i, p.tile, p.right, p.left, p.left == p.right) for i, p in enumerate(placed)][:lead_index][::-1]
    right = _lay_arm(right_items, "right", (lead_rect.x1, 0), lead_double, xmin, xmax, unit)
    left = _lay_arm(left_items, "left", (lead_rect.x0, 0), lead_double, xmin, xmax, unit)
    spots = [*reversed(left.spots), lead_spot, *right.spots]
    ends = []
    for side, arm in (("left", left), ("right", right)):
        (ex, ey), (dx, dy) = arm.end, arm.direction
        number = placed[0].left if side == "left" else placed[-1].right
        tile_index = 0 if side == "left" else len(placed) - 1
        ends.append(EndSpot(side, number, arm.direction, _cell(ex + dx * half, ey + dy * half, unit), tile_index))
    layout = LineLayout(unit, tuple(spots), tuple(ends), None, left.fits and right.fits)
    return layout, layout.bbox or lead_rect


def _shift(layout: LineLayout, dy: int, fits: bool) -> LineLayout:
    spots = tuple(
        TileSpot(s.index, s.tile, s.first, s.second, s.vertical, s.rect.moved(0, dy), s.arm, s.crosswise, s.corner)
        for s in layout.spots
    )
    ends = tuple(EndSpot(e.end, e.number, e.direction, e.cell.moved(0, dy), e.tile_index) for e in layout.ends)
    return LineLayout(layout.unit, spots, ends, None, fits)


def layout_line(
    placed: Sequence[Placed],
    lead_index: int | None,
    area: Rect,
    unit: int,
    min_unit: int = 8,
    max_unit: int | None = None,
) -> LineLayout:
    """Lay out the line (``position.placed``, ``position.lead_index``) inside ``area`` with tiles of ``unit``.

    With ``max_unit``, a short line is drawn larger — the biggest even unit up to ``max_unit`` at which it fits
    straight, without a turn — so the few tiles of a lesson position read well on a phone.

    Tries ``unit`` first and smaller even units down to ``min_unit`` until everything (tiles and the cells beyond
    the two ends) fits. At each size the lead is tried in the middle first, then further left and right: a run of
    doubles and the tiles after them may not turn, so an arm sometimes needs more room before its first turn.
    The result is centred vertically in the area.
    """
    if not placed or lead_index is None:
        cx, cy = area.center
        cell = Rect.around(cx, cy, 2 * unit, unit)
        return LineLayout(unit, (), (), cell, True)
    if max_unit is not None:
        # A straight line is as long as its tiles (a double lies across: one unit) plus an end cell each side;
        # only units at which that fits are worth a try, so long lines cost nothing extra.
        units_long = sum(1 if p.left == p.right else 2 for p in placed) + 4
        largest = min(max_unit, area.width // units_long)
        for big in range(largest - largest % 2, unit, -2):
            layout = layout_line(placed, lead_index, area, big, min_unit=big)
            if layout.fits and layout.unit == big and not any(spot.corner for spot in layout.spots):
                return layout
    u = unit - unit % 2
    middle = (area.x0 + area.x1) // 2
    while True:
        reach = (area.width - 4 * u) // 2  # keep the lead (and a free unit) inside the area
        offsets = [0]
        for k in range(1, max(0, reach) // u + 1):
            offsets += [-k * u, k * u]
        for offset in offsets:
            layout, box = _lay_at(placed, lead_index, area, u, middle + offset)
            fits = layout.fits and box.height <= area.height and area.x0 <= box.x0 and box.x1 <= area.x1
            if fits:
                break
        if fits or u - 2 < min_unit:
            if not fits:
                layout, box = _lay_at(placed, lead_index, area, u, middle)
            dy = round(area.y0 + (area.height - box.height) / 2) - box.y0
            return _shift(layout, dy, fits)
        u -= 2
