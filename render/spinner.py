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
from dataclasses import replace
from functools import lru_cache

from engine import End, Placed, Position

from .geometry import Rect
from .layout import UP, Direction, EndSpot, LineLayout, TileSpot, _Arm, _Frame, _lay_arm, _target, unit_ladder

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


def _lay(placed: Sequence[Placed], lead_index: int, open_ends: Sequence[tuple[End, int]], frame: _Frame, unit: int,
         cx: int, cy: int, room: bool = False) -> LineLayout:
    """Every arm laid at one size around a spinner centred on (cx, cy), each open end with its tap target; ``fits``
    says whether all of it lies inside the area, clear of what it must avoid and of itself. With ``room`` the left
    and right arms turn a target's width from the area's edge, where the side seats may leave no felt for it."""
    half = unit // 2
    area = frame.area
    spinner = placed[lead_index]
    spots = [TileSpot(lead_index, spinner.tile, spinner.left, spinner.right, True,
                      Rect(cx - half, cy - unit, cx + half, cy + unit), "lead", crosswise=True)]
    reach = {"right": area.x1 - cx, "left": cx - area.x0, "down": area.y1 - cy, "up": cy - area.y0}
    numbers = dict(open_ends)
    fits = True
    ended: list[tuple[str, _Arm, int]] = []
    for arm, turns in _TURNS.items():
        items = _arm_items(placed, arm)
        if not items and arm not in numbers:
            continue  # a closed side: nothing lies there and nothing may yet
        if arm in ("left", "right"):
            # Running out along the middle row, snaking away (right: down, left: up) a unit from the area's edge,
            # as the line's arms do; back no nearer the spinner than two units, clear of the top and bottom stems.
            margin = frame.target_size(unit) + frame.gap(unit) if room else unit
            laid = _lay_arm(items, "right", (half, 0), True, 2 * unit, reach[arm] - margin, unit)  # type: ignore[arg-type]
            arm_spots, end, direction, arm_fits = laid.spots, laid.end, laid.direction, laid.fits
        else:
            arm_spots, end, direction, arm_fits = _stem_and_rows(items, unit, reach["right" if arm == "up" else "left"])
        fits = fits and arm_fits
        spots += [_turn_spot(spot, turns if arm in ("left", "right") else 2 * (arm == "down"), cx, cy, arm)
                  for spot in arm_spots]
        if arm in numbers:
            turn = turns if arm in ("left", "right") else 2 * (arm == "down")
            at = _turn_point(*end, turn)
            turned = _Arm([], (cx + round(at[0]), cy + round(at[1])), _turn_direction(direction, turn), True)
            ended.append((arm, turned, items[-1][0] if items else lead_index))
    rects = [spot.rect for spot in spots]
    fits = fits and all(r.inside(area) and not any(r.overlaps(a) for a in frame.avoid) for r in rects)
    fits = fits and not any(a.overlaps(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    ends: list[EndSpot] = []
    # The top and bottom ends find their targets first: left and right have room to shift off their axis.
    for arm, turned, last in sorted(ended, key=lambda item: _TARGET_ORDER[item[0]]):
        (ex, ey), (dx, dy) = turned.end, turned.direction
        cell = Rect(ex + dx * half - half, ey + dy * half - half, ex + dx * half + half, ey + dy * half + half)
        # The side the arm snakes away to, as the line's own target places count it: right and up snake to +.
        side = "right" if _SNAKES[arm] > 0 else "left"
        target = _end_target(turned, side, unit, frame, spots, ends, cell) if fits else cell
        ends.append(EndSpot(arm, numbers[arm], turned.direction, cell, last, target))  # type: ignore[arg-type]
    fits = fits and _targets_clear(ends, rects, frame)
    ends.sort(key=lambda end: _ORDER[end.end])
    return LineLayout(unit, tuple(sorted(spots, key=lambda spot: spot.index)), tuple(ends), None, fits)


_ORDER = {"left": 0, "right": 1, "up": 2, "down": 3}
_TARGET_ORDER = {"up": 0, "down": 1, "left": 2, "right": 3}
#: Which way each arm snakes, as the line's target places count it: the right and the bottom arm down (+), the left
#: and the top arm up (-).
_SNAKES = {"right": 1, "down": 1, "left": -1, "up": -1}


def _stem_and_rows(items: Sequence[tuple[int, object, int, int, bool]], unit: int,
                   reach: int) -> tuple[list[TileSpot], tuple[float, float], Direction, bool]:
    """The top arm, the spinner's centre at (0, 0) (the bottom arm is the same turned half round): a stem going
    up from the spinner — its first tile, and any double or tile after a double, which may not turn — then rows
    running right from over the stem and snaking up, in the top right quarter, clear of the left arm's rows and
    the right arm's middle row. Returns the tiles, the end, its direction and whether the rows fit ``reach``."""
    half = unit // 2
    count = 1 if items else 0
    while count < len(items) and (items[count][4] or items[count - 1][4]):
        count += 1
    spots: list[TileSpot] = []
    y = -unit  # the spinner's top edge
    for index, tile, inner, outer, double in items[:count]:
        if double:
            spots.append(TileSpot(index, tile, inner, inner, False, Rect(-unit, y - unit, unit, y), "up",
                                  crosswise=True))  # type: ignore[arg-type]
            y -= unit
        else:
            spots.append(TileSpot(index, tile, outer, inner, True, Rect(-half, y - 2 * unit, half, y), "up"))
            y -= 2 * unit
    if count == len(items):
        return spots, (0, y), UP, True
    # The rows, laid as a line's right arm (running right, snaking down) from the cell over the stem, then
    # mirrored about that first row so that they snake up.
    row = y - half
    laid = _lay_arm(items[count:], "right", (-half, 0), False, half, reach - unit, unit)  # type: ignore[arg-type]
    for spot in laid.spots:
        r = spot.rect
        first, second = (spot.second, spot.first) if spot.vertical else (spot.first, spot.second)
        spots.append(TileSpot(spot.index, spot.tile, first, second, spot.vertical,
                              Rect(r.x0, row - r.y1, r.x1, row - r.y0), "up", spot.crosswise, spot.corner))
    (ex, ey), (dx, dy) = laid.end, laid.direction
    return spots, (ex, row - ey), (dx, -dy), laid.fits


def _end_target(arm: _Arm, side: str, unit: int, frame: _Frame, spots: Sequence[TileSpot],
                ends: Sequence[EndSpot], cell: Rect) -> Rect:
    """An end's tap target: where the line's ends would have theirs (beyond the end, or beside it); a crowded
    spinner table may leave none of those clear, so then the nearest clear square round the end's cell, no
    further than its own size away; else what the line's rule gives (which the layout then reports unfit)."""
    target = _target(arm, side, unit, frame, spots, ends)  # type: ignore[arg-type]
    taken = [spot.rect for spot in spots] + [end.target for end in ends] + list(frame.avoid)
    if _clear(target, taken, frame) or frame.shrink:
        return target
    size = frame.target_size(unit)
    cx, cy = cell.center
    step = max(2, size // 4)
    reach = size + unit
    offsets = sorted(((dx, dy) for dx in range(-reach, reach + 1, step) for dy in range(-reach, reach + 1, step)),
                     key=lambda d: d[0] * d[0] + d[1] * d[1])
    for dx, dy in offsets:
        box = Rect.around(cx + dx, cy + dy, size, size)
        if _clear(box, taken, frame):
            return box
    return target


def _clear(box: Rect, taken: Sequence[Rect], frame: _Frame) -> bool:
    return box.inside(frame.target_area) and not any(box.overlaps(r) for r in taken)


def _targets_clear(ends: Sequence[EndSpot], rects: Sequence[Rect], frame: _Frame) -> bool:
    """Every end's target in the felt it may use, clear of the tiles, of what must be avoided and of each other."""
    targets = [end.target for end in ends]
    for i, t in enumerate(targets):
        if not t.inside(frame.target_area) or any(t.overlaps(r) for r in (*rects, *frame.avoid, *targets[i + 1:])):
            return False
    return True


def _centres(layout: LineLayout, area: Rect, unit: int, middle: tuple[int, int]) -> list[tuple[int, int]]:
    """Where else the spinner may lie when the middle does not do: where the whole table (tiles, and room for the
    targets beyond the ends) would be centred in the area, then a unit or two round that, then round the middle."""
    box = None
    for rect in [spot.rect for spot in layout.spots] + [end.cell for end in layout.ends]:
        box = rect if box is None else box.union(rect)
    cx, cy = middle
    if box is not None:
        room = max(0, (layout.ends[0].target.width - unit) if layout.ends else 0)
        box = box.grown(room // 2)
        cx += round(area.center[0] - box.center[0])
        cy += round(area.center[1] - box.center[1])
    steps = (0, -1, 1, -2, 2)
    around = [(cx + dx * unit, cy + dy * unit) for dy in steps for dx in steps]
    return [*around, *((middle[0] + dx * unit, middle[1] + dy * unit) for dy in steps for dx in steps)][1:]


def layout_spinner(
    placed: Sequence[Placed],
    lead_index: int,
    open_ends: Sequence[tuple[End, int]],
    area: Rect,
    units: int | Sequence[int],
    *,
    target: int | None = None,
    avoid: Sequence[Rect] = (),
    target_area: Rect | None = None,
) -> LineLayout:
    """Lay out a spinner table (``position.placed``, ``lead_index``, ``open_ends``) inside ``area``, with the same
    sizes, targets and things to avoid as ``layout_line`` takes.

    The spinner lies in the middle of the area, so that tiles keep their places as the arms grow, at the largest
    size at which everything fits; failing that at every size, a unit or two off the middle; then with the end
    targets allowed to shrink. Layouts are cached, as the line's are.
    """
    ladder = unit_ladder(units) if isinstance(units, int) else tuple(units)
    frame = _Frame(area, target, tuple(avoid), target_area or area)
    return _layout(tuple(placed), lead_index, tuple(open_ends), ladder, frame)


@lru_cache(maxsize=256)
def _layout(placed: tuple[Placed, ...], lead_index: int, open_ends: tuple[tuple[End, int], ...],
            ladder: tuple[int, ...], frame: _Frame) -> LineLayout:
    middle = ((frame.area.x0 + frame.area.x1) // 2, (frame.area.y0 + frame.area.y1) // 2)
    # The middle at every size; then off it; then arms turning before the side seats; then smaller targets.
    shrunk = replace(frame, shrink=True)
    phases = ((frame, False, False), (frame, True, False), (frame, True, True), (shrunk, True, True))
    for frame_now, off_middle, room in phases:
        for unit in ladder:
            layout = _lay(placed, lead_index, open_ends, frame_now, unit, *middle, room)
            if layout.fits:
                return layout
            for cx, cy in _centres(layout, frame.area, unit, middle) if off_middle else ():
                moved = _lay(placed, lead_index, open_ends, frame_now, unit, cx, cy, room)
                if moved.fits:
                    return moved
    return _lay(placed, lead_index, open_ends, replace(frame, shrink=True), ladder[-1], *middle)


__all__ = ["has_spinner", "layout_spinner"]
