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
from .layout import Direction, EndSpot, LineLayout, TileSpot, _Arm, _Frame, _lay_arm, _target, unit_ladder

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
         cx: int, cy: int) -> LineLayout:
    """Every arm laid at one size around a spinner centred on (cx, cy), each open end with its tap target; ``fits``
    says whether all of it lies inside the area, clear of what it must avoid and of itself."""
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
        start = half if arm in ("left", "right") else unit  # the spinner lies across: long side up and down
        laid = _lay_arm(items, "right", (start, 0), True, 2 * unit, reach[arm] - unit, unit)  # type: ignore[arg-type]
        fits = fits and laid.fits
        spots += [_turn_spot(spot, turns, cx, cy, arm) for spot in laid.spots]
        if arm in numbers:
            end = _turn_point(*laid.end, turns)
            turned = _Arm([], (cx + round(end[0]), cy + round(end[1])), _turn_direction(laid.direction, turns), True)
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
        target = _target(turned, side, unit, frame, spots, ends) if fits else cell  # type: ignore[arg-type]
        ends.append(EndSpot(arm, numbers[arm], turned.direction, cell, last, target))  # type: ignore[arg-type]
    fits = fits and _targets_clear(ends, rects, frame)
    ends.sort(key=lambda end: _ORDER[end.end])
    return LineLayout(unit, tuple(sorted(spots, key=lambda spot: spot.index)), tuple(ends), None, fits)


_ORDER = {"left": 0, "right": 1, "up": 2, "down": 3}
_TARGET_ORDER = {"up": 0, "down": 1, "left": 2, "right": 3}
#: Which way across its own direction each arm snakes: the right arm down (+y), the bottom arm left (-x), the left
#: arm up (-y), the top arm right (+x) — in the line's terms, + for the right arm's side and - for the left's.
_SNAKES = {"right": 1, "down": -1, "left": -1, "up": 1}


def _targets_clear(ends: Sequence[EndSpot], rects: Sequence[Rect], frame: _Frame) -> bool:
    """Every end's target in the felt it may use, clear of the tiles, of what must be avoided and of each other."""
    targets = [end.target for end in ends]
    for i, t in enumerate(targets):
        if not t.inside(frame.target_area) or any(t.overlaps(r) for r in (*rects, *frame.avoid, *targets[i + 1:])):
            return False
    return True


def _centres(area: Rect, unit: int) -> list[tuple[int, int]]:
    """Where the spinner may lie off the middle of the area: a unit or two off it each way."""
    cx, cy = (area.x0 + area.x1) // 2, (area.y0 + area.y1) // 2
    steps = [0, -1, 1, -2, 2]
    return [(cx + dx * unit, cy + dy * unit) for dy in steps for dx in steps][1:]


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
    for frame_now, off_middle in ((frame, False), (frame, True), (replace(frame, shrink=True), True)):
        for unit in ladder:
            for cx, cy in [middle, *(_centres(frame.area, unit) if off_middle else ())]:
                layout = _lay(placed, lead_index, open_ends, frame_now, unit, cx, cy)
                if layout.fits:
                    return layout
    return _lay(placed, lead_index, open_ends, replace(frame, shrink=True), ladder[-1], *middle)


__all__ = ["has_spinner", "layout_spinner"]
