"""Where the seats, their hands, the stock pile and loose tiles go around the line: pure table geometry.

The viewer (the learner) always sits at the bottom. In the partnership game play passes from the viewer to the
seat on the right, then the partner opposite (top), then the seat on the left: counter-clockwise seen from above,
as Caribbean tables play. Role keys are language-neutral: ``"you"``, ``"opponent"`` (1-vs-1), ``"partner"``,
``"right_opponent"``, ``"left_opponent"`` (partnership).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from .geometry import Rect
from .theme import HAND_UNIT, LINE_UNIT, SMALL_UNIT, even_unit, scaled

Place = Literal["bottom", "top", "left", "right"]
Role = Literal["you", "opponent", "partner", "right_opponent", "left_opponent"]
ROLES: tuple[Role, ...] = ("you", "opponent", "partner", "right_opponent", "left_opponent")


def role_and_place(seat: int, viewer: int, players: int) -> tuple[Role, Place]:
    """The role key and the side of the picture of ``seat`` as seen by ``viewer``."""
    offset = (seat - viewer) % players
    if players == 2:
        return ("you", "bottom") if offset == 0 else ("opponent", "top")
    return (("you", "bottom"), ("right_opponent", "right"), ("partner", "top"), ("left_opponent", "left"))[offset]


@dataclass(frozen=True)
class SeatGeometry:
    """One seat: where each of its hand tiles goes (in hand order), their size and direction, and its nameplate."""

    seat: int
    role: Role
    place: Place
    unit: int
    vertical: bool  # tiles standing (top, bottom seats) or lying (side seats)
    tiles: tuple[Rect, ...]
    nameplate: tuple[int, int]  # anchor point of the label line
    nameplate_anchor: str  # Pillow text anchor: "ls" (left), "ms" (middle), "rs" (right), on the baseline
    area: Rect  # the whole band of this seat (for the click region when it holds no tile)


@dataclass(frozen=True)
class TableGeometry:
    """The whole table at one size: the seats, the line area, the stock pile, and loose tiles per seat."""

    width: int
    height: int
    scale: float
    seats: tuple[SeatGeometry, ...]
    line_area: Rect
    line_unit: int
    stock: Rect | None
    loose: Mapping[int, tuple[Rect, ...]]
    loose_unit: int
    label_size: int
    lift: int

    def seat(self, seat: int) -> SeatGeometry:
        return self.seats[seat]


def _row(count: int, x0: int, x1: int, y: int, w: int, h: int, gap: int, overlap_ok: bool) -> list[Rect]:
    """``count`` tiles of ``w`` x ``h`` centred in [x0, x1) on one row; squeezed (overlapping) if allowed."""
    if count == 0:
        return []
    pitch = w + gap
    if overlap_ok and count * pitch - gap > x1 - x0:
        pitch = max(2, (x1 - x0 - w) // max(1, count - 1))
    total = (count - 1) * pitch + w
    start = x0 + (x1 - x0 - total) // 2
    return [Rect(start + i * pitch, y, start + i * pitch + w, y + h) for i in range(count)]


def _rows(count: int, x0: int, x1: int, y_bottom: int, w: int, h: int, gap: int) -> list[Rect]:
    """Face-up tiles wrap onto rows (bottom row last) rather than overlap: each must stay readable."""
    per_row = max(1, (x1 - x0 + gap) // (w + gap))
    rows = -(-count // per_row) if count else 1
    rects: list[Rect] = []
    for r in range(rows):
        n = min(per_row, count - r * per_row)
        y = y_bottom - (rows - r) * h - (rows - r - 1) * gap
        rects.extend(_row(n, x0, x1, y, w, h, gap, False))
    return rects


def table_geometry(
    width: int,
    height: int,
    scale: float,
    players: int,
    viewer: int,
    hand_sizes: Sequence[int],
    face_up: frozenset[int],
    has_stock: bool,
    loose: Mapping[int, int],
) -> TableGeometry:
    """Lay out the seats around the table. ``loose`` maps a seat to how many loose tiles lie turned up near it."""
    m = scaled(6, scale)
    label = scaled(13, scale)
    label_h = scaled(17, scale)
    hu = even_unit(HAND_UNIT, scale)
    su = even_unit(SMALL_UNIT, scale)
    lu = even_unit(LINE_UNIT, scale)
    gap = scaled(6, scale)
    small_gap = scaled(3, scale)
    lift = round(hu * 0.5)
    side_w = 2 * su + 2 * m if players == 4 else m

    # Stock pile (1-vs-1): top-right corner, a few backs stacked, the count beside them.
    stock = None
    top_x1 = width - m
    if has_stock:
        depth = scaled(2, scale) * 4
        sw = 2 * su + scaled(22, scale)
        stock = Rect(width - m - sw, m, width - m, m + su + depth + label_h)
        top_x1 = stock.x0 - gap

    seats: list[SeatGeometry] = []
    top_band = m + label_h + small_gap + 2 * su + m
    bottom_top = height
    for seat in range(players):
        role, place = role_and_place(seat, viewer, players)
        n = hand_sizes[seat]
        if place == "bottom":
            rects = _rows(n, m, width - m, height - m - label_h, hu, 2 * hu, gap)
            top = min((r.y0 for r in rects), default=height - m - label_h - 2 * hu) - lift - m
            bottom_top = top
            seats.append(SeatGeometry(seat, role, place, hu, True, tuple(rects),
                                      (width // 2, height - m - scaled(3, scale)), "ms",
                                      Rect(0, top, width, height)))
        elif place == "top":
            y = m + label_h + small_gap
            x0 = side_w if players == 4 else m
            if seat in face_up:
                rects = _rows(n, x0, top_x1, y + 2 * su, su, 2 * su, small_gap)
                top_band = max(top_band, max((r.y1 for r in rects), default=y) + m)
            else:
                rects = _row(n, x0, top_x1, y, su, 2 * su, small_gap, True)
            cx = (x0 + top_x1) // 2
            seats.append(SeatGeometry(seat, role, place, su, True, tuple(rects), (cx, m + label), "ms",
                                      Rect(x0, 0, top_x1, top_band)))
        else:
            seats.append(SeatGeometry(seat, role, place, su, False, (), (0, 0), "ls", Rect(0, 0, 0, 0)))

    # Side seats (partnership): a column of lying tiles each side, between the top band and the bottom band.
    for i, s in enumerate(seats):
        if s.place not in ("left", "right"):
            continue
        n = hand_sizes[s.seat]
        x = m if s.place == "left" else width - m - 2 * su
        y0, y1 = top_band, bottom_top
        pitch = su + small_gap
        if n * pitch - small_gap > y1 - y0 and s.seat not in face_up:
            pitch = max(2, (y1 - y0 - su) // max(1, n - 1))
        total = (n - 1) * pitch + su if n else 0
        start = y0 + (y1 - y0 - total) // 2
        rects = tuple(Rect(x, start + k * pitch, x + 2 * su, start + k * pitch + su) for k in range(n))
        plate = (m, m + label) if s.place == "left" else (width - m, m + label)
        anchor = "ls" if s.place == "left" else "rs"
        seats[i] = SeatGeometry(s.seat, s.role, s.place, su, False, rects, plate, anchor,
                                Rect(x - m, y0, x + 2 * su + m, y1))

    line_area = Rect(side_w, top_band, width - side_w, bottom_top)
    loose_rects: dict[int, tuple[Rect, ...]] = {}
    for seat, count in loose.items():
        if not count:
            continue
        _, place = role_and_place(seat, viewer, players)
        a = line_area
        if place in ("bottom", "top"):
            y = a.y1 - gap - 2 * lu if place == "bottom" else a.y0 + gap
            rects = _row(count, a.x0, a.x1, y, lu, 2 * lu, gap, False)
            if place == "bottom":
                line_area = Rect(a.x0, a.y0, a.x1, y - gap)
            else:
                line_area = Rect(a.x0, y + 2 * lu + gap, a.x1, a.y1)
        else:
            x = a.x0 + gap if place == "left" else a.x1 - gap - 2 * lu
            column = _row(count, a.y0, a.y1, x, lu, 2 * lu, gap, False)  # computed across, then turned
            rects = [Rect(r.y0, r.x0, r.y1, r.x1) for r in column]  # lying tiles, stacked down the side
            left_x, right_x = (x + 2 * lu + gap, a.x1) if place == "left" else (a.x0, x - gap)
            line_area = Rect(left_x, a.y0, right_x, a.y1)
        loose_rects[seat] = tuple(rects)
    return TableGeometry(width, height, scale, tuple(seats), line_area, lu, stock, loose_rects, lu, label, lift)
