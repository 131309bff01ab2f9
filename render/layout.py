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
from dataclasses import dataclass, replace
from functools import lru_cache
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
    """An open end: its side, the number it shows, its direction of growth, the free cell just beyond it (where
    the next tile's touching half would go), and the square of its tap target beyond the end, as large as a finger
    needs and clear of every tile (on the line's axis, or shifted off it to the side the arm snakes away to)."""

    end: Side
    number: int
    direction: Direction
    cell: Rect
    tile_index: int  # the tile of the line that shows this end
    target: Rect


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


def unit_ladder(largest: int, smallest: int = 8) -> tuple[int, ...]:
    """Line units to try, largest first, each about a fifth smaller than the one before (even numbers)."""
    units = [largest - largest % 2]
    while units[-1] > smallest:
        units.append(max(smallest, min(units[-1] - 2, 2 * round(units[-1] * 0.4))))
    return tuple(units)


@dataclass(frozen=True)
class _Frame:
    """What a line is laid out in: the area, the tap targets' size, and what it must keep clear of."""

    area: Rect
    target: int | None
    avoid: tuple[Rect, ...]
    target_area: Rect  # where the tap targets may go: the area, or more felt around it
    shrink: bool = False  # whether a target may be smaller than ``target`` where that one finds no room

    def target_size(self, unit: int) -> int:
        return max(unit, self.target or 0)

    def gap(self, unit: int) -> int:
        """Between an end tile and its tap target: none when the target is the plain cell beyond the end."""
        return 0 if self.target_size(unit) == unit else max(2, self.target_size(unit) // 20)


def _lay_at(placed: Sequence[Placed], lead_index: int, frame: _Frame, unit: int, cx: int, cy: int) -> LineLayout:
    """The line with its lead centred on (cx, cy)."""
    return _finish(placed, frame, unit, *_arms(placed, lead_index, frame, unit, cx, cy))


_Arms = tuple[TileSpot, "_Arm", "_Arm"]


def _arms(placed: Sequence[Placed], lead_index: int, frame: _Frame, unit: int, cx: int, cy: int) -> _Arms:
    """The lead centred on (cx, cy) and both arms laid from it."""
    half = unit // 2
    lead = placed[lead_index]
    lead_double = lead.left == lead.right
    if lead_double:
        lead_rect = Rect(cx - half, cy - unit, cx + half, cy + unit)
        lead_spot = TileSpot(lead_index, lead.tile, lead.left, lead.right, True, lead_rect, "lead", crosswise=True)
    else:
        lead_rect = Rect(cx - unit, cy - half, cx + unit, cy + half)
        lead_spot = TileSpot(lead_index, lead.tile, lead.left, lead.right, False, lead_rect, "lead")
    xmin, xmax = frame.area.x0 + unit, frame.area.x1 - unit  # one unit kept free at the sides, for a turn
    right_items = [(i, p.tile, p.left, p.right, p.left == p.right) for i, p in enumerate(placed)][lead_index + 1:]
    left_items = [(i, p.tile, p.right, p.left, p.left == p.right) for i, p in enumerate(placed)][:lead_index][::-1]
    right = _lay_arm(right_items, "right", (lead_rect.x1, cy), lead_double, xmin, xmax, unit)
    left = _lay_arm(left_items, "left", (lead_rect.x0, cy), lead_double, xmin, xmax, unit)
    return lead_spot, left, right


def _finish(placed: Sequence[Placed], frame: _Frame, unit: int, lead_spot: TileSpot, left: _Arm, right: _Arm,
            dy: int = 0) -> LineLayout:
    """The layout of laid arms moved down by ``dy``, with the end targets placed — unless a tile already falls
    outside the area or on something to avoid: then no target is looked for, and the layout does not fit."""
    half = unit // 2
    if dy:
        lead_spot = _spot_moved(lead_spot, dy)
        left, right = (_Arm([_spot_moved(s, dy) for s in arm.spots], (arm.end[0], arm.end[1] + dy), arm.direction,
                            arm.fits) for arm in (left, right))
    spots = (*reversed(left.spots), lead_spot, *right.spots)
    fits = left.fits and right.fits and all(
        s.rect.inside(frame.area) and not any(s.rect.overlaps(a) for a in frame.avoid) for s in spots)
    ends: list[EndSpot] = []
    for side, arm in (("left", left), ("right", right)):
        (ex, ey), (dx, dy_) = arm.end, arm.direction
        number = placed[0].left if side == "left" else placed[-1].right
        tile_index = 0 if side == "left" else len(placed) - 1
        cell = _cell(ex + dx * half, ey + dy_ * half, unit)
        target = _target(arm, side, unit, frame, spots, ends) if fits else cell
        ends.append(EndSpot(side, number, arm.direction, cell, tile_index, target))
    return LineLayout(unit, spots, tuple(ends), None, fits)


def _spot_moved(s: TileSpot, dy: int) -> TileSpot:
    return TileSpot(s.index, s.tile, s.first, s.second, s.vertical, s.rect.moved(0, dy), s.arm, s.crosswise, s.corner)


def _target(arm: _Arm, side: Side, unit: int, frame: _Frame, spots: Sequence[TileSpot],
            placed_ends: Sequence[EndSpot]) -> Rect:
    """The tap target's square at an arm's end, the first of these places that is clear of every tile and of the
    other end's target: beyond the end on the line's axis; the same, shifted off the axis towards the side the
    arm snakes away to (down for the right arm, up for the left one), then towards the other side; beside the
    open half on the side the arm snakes away to, where a turning tile would go; beside it on the other side.
    When the frame lets targets shrink and none of these is clear, the same places are tried with smaller
    squares, down to a unit."""
    taken = [s.rect for s in spots] + [e.target for e in placed_ends]
    full = frame.target_size(unit)
    sizes = [full]
    while frame.shrink and sizes[-1] > unit:
        sizes.append(max(unit, round(sizes[-1] * 0.8)))
    first = None
    for size in sizes:
        for box in _target_places(arm, side, unit, size, frame.gap(unit)):
            first = first or box
            if any(box.overlaps(r) for r in taken):
                continue
            if box.inside(frame.target_area) and not any(box.overlaps(a) for a in frame.avoid):
                return box
    assert first is not None
    return first


def _target_places(arm: _Arm, side: Side, unit: int, size: int, gap: int) -> list[Rect]:
    """The candidate squares of ``size`` for an arm's end target, in order of preference."""
    (ex, ey), (dx, dy) = arm.end, arm.direction
    half = unit / 2
    outward = 1 if side == "right" else -1
    spare = (size - unit) / 2
    beside = half + gap + size / 2  # from the line's axis to the centre of a target beside the open half
    # Points as (along, across) from the end, across counted towards the outward side.
    places = [(gap + size / 2, 0.0), (gap + size / 2, spare), (gap + size / 2, -spare), (-half, beside),
              (-half, -beside)]
    boxes = []
    for along, across in places if spare else places[:1] + places[3:]:
        if dy == 0:
            cx, cy = ex + dx * along, ey + outward * across
        else:
            cx, cy = ex + outward * across, ey + dy * along
        boxes.append(Rect.around(cx, cy, size, size))
    return boxes


def _fits(layout: LineLayout, frame: _Frame) -> bool:
    """Every tile inside the area and every tap target inside theirs, all clear of each other and of what the
    line must avoid."""
    if not layout.fits:
        return False
    rects = [s.rect for s in layout.spots]
    targets = [e.target for e in layout.ends]
    if not all(r.inside(frame.area) for r in rects) or not all(t.inside(frame.target_area) for t in targets):
        return False
    if any(t.overlaps(r) for t in targets for r in rects) or (len(targets) == 2 and targets[0].overlaps(targets[1])):
        return False
    return not any(r.overlaps(a) for r in rects + targets for a in frame.avoid)


def layout_line(
    placed: Sequence[Placed],
    lead_index: int | None,
    area: Rect,
    units: int | Sequence[int],
    *,
    target: int | None = None,
    avoid: Sequence[Rect] = (),
    target_area: Rect | None = None,
) -> LineLayout:
    """Lay out the line (``position.placed``, ``position.lead_index``) inside ``area``.

    ``units`` are the tile sizes to try, largest first (one number: that size, then ``unit_ladder`` below it).
    ``target`` is the side of each end's square tap target (at least a unit); the targets lie in
    ``target_area`` (by default ``area``: a larger one lets them use felt beyond the tiles' area); ``avoid`` are
    rectangles that neither tiles nor targets may cover (the seats' tiles and names).

    The lead lies at the centre of the area and each arm grows from it, so a tile once laid keeps its place as
    the line grows; the line is drawn at the largest size at which it fits, which changes only a few times in a
    whole hand. A line too lopsided to fit with its lead in the centre at a size that reads well is laid with the
    lead moved (sideways, and the whole centred) at the largest size where that fits, then smaller still with
    the lead in the centre; only then may the end targets be made smaller than ``target`` to find room.
    ``fits`` is False if even that fails at the smallest size. Layouts are cached: a picture redrawn for a tap
    lays its line out once.
    """
    ladder = unit_ladder(units) if isinstance(units, int) else tuple(units)
    frame = _Frame(area, target, tuple(avoid), target_area or area)
    return _layout(tuple(placed), lead_index, ladder, frame)


@lru_cache(maxsize=256)
def _layout(placed: tuple[Placed, ...], lead_index: int | None, ladder: tuple[int, ...], frame: _Frame) -> LineLayout:
    cx, cy = frame.area.center
    if not placed or lead_index is None:
        size = frame.target_size(ladder[0])
        cell = Rect.around(cx, cy, max(2 * ladder[0], size), size)
        return LineLayout(ladder[0], (), (), cell, True)
    ladder = tuple(u for u in ladder if _may_hold(placed, frame.area, u)) or ladder[-1:]
    large = [u for u in ladder if u >= ladder[0] * 0.6]  # sizes that read well: worth keeping the lead in place
    small = ladder[len(large):]
    for frame_now, units_now, centred in ((frame, large, True), (frame, ladder, False), (frame, small, True),
                                          (replace(frame, shrink=True), ladder, False)):
        for unit in units_now:
            if centred:
                layout = _lay_at(placed, lead_index, frame_now, unit, round(cx), round(cy))
                if _fits(layout, frame_now):
                    return layout
            else:
                moved = _off_centre(placed, lead_index, frame_now, unit)
                if moved is not None:
                    return moved
    layout = _lay_at(placed, lead_index, replace(frame, shrink=True), ladder[-1], round(cx), round(cy))
    return replace(layout, fits=False)


def _may_hold(placed: Sequence[Placed], area: Rect, unit: int) -> bool:
    """Whether the area could hold the line at this size at all: its length against the rows that fit in its
    height (one row a unit high, then one every two units), each as long as the area is wide. A size that
    cannot is not worth a try; one that can may still fail."""
    length = sum(unit if p.left == p.right else 2 * unit for p in placed)
    rows = max(0, area.height - unit) // (2 * unit) + 1
    return length <= rows * area.width


def _off_centre(placed: Sequence[Placed], lead_index: int, frame: _Frame, unit: int) -> LineLayout | None:
    """The line with its lead moved sideways as little as it takes (a lopsided line needs room on one side, and a
    run of doubles room before its first turn), its row kept in the middle; failing that, the whole line centred
    in the area; None if it fits nowhere at this size."""
    area = frame.area
    middle, cy = (area.x0 + area.x1) // 2, round(area.center[1])
    steps = max(0, (area.width - 4 * unit) // 2) // unit
    # Towards the shorter arm first: that is where the longer one needs the room.
    right = sum(1 if p.left == p.right else 2 for p in placed[lead_index + 1:])
    left = sum(1 if p.left == p.right else 2 for p in placed[:lead_index])
    first = -1 if right >= left else 1
    offsets = [k * sign * unit for sign in (first, -first) for k in range(1, steps + 1)]
    laid = {}
    for offset in offsets:
        laid[offset] = _arms(placed, lead_index, frame, unit, middle + offset, cy)
        layout = _finish(placed, frame, unit, *laid[offset])
        if _fits(layout, frame):
            return layout
    for offset in [0, *offsets]:
        arms = laid.get(offset) or _arms(placed, lead_index, frame, unit, middle + offset, cy)
        if not (arms[1].fits and arms[2].fits):
            continue
        box = arms[0].rect
        for spot in arms[1].spots + arms[2].spots:
            box = box.union(spot.rect)
        layout = _finish(placed, frame, unit, *arms, dy=round(area.y0 + (area.height - box.height) / 2) - box.y0)
        if _fits(layout, frame):
            return layout
    return None

