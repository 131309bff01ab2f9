"""Where the seats, their hands, the stock pile and loose tiles go around the line: pure table geometry.

The viewer (the learner) always sits at the bottom. In the partnership game play passes from the viewer to the
seat on the right, then the partner opposite (top), then the seat on the left: counter-clockwise seen from above,
as Caribbean tables play. Role keys are language-neutral: ``"you"``, ``"opponent"`` (1-vs-1), ``"partner"``,
``"right_opponent"``, ``"left_opponent"`` (partnership). Three players sit at the bottom, right and left; four
without partnerships have an ``"across_opponent"`` at the top, each seat a side of its own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from .geometry import Rect
from .theme import HAND_UNIT, LINE_UNIT, SMALL_UNIT, even_unit, scaled

Place = Literal["bottom", "top", "left", "right"]
Role = Literal["you", "opponent", "partner", "right_opponent", "left_opponent", "across_opponent"]
ROLES: tuple[Role, ...] = ("you", "opponent", "partner", "right_opponent", "left_opponent", "across_opponent")


def role_and_place(seat: int, viewer: int, players: int, partners: bool = True) -> tuple[Role, Place]:
    """The role key and the side of the picture of ``seat`` as seen by ``viewer`` (``partners``: whether four
    players play as two partnerships, so that the seat opposite is a partner)."""
    offset = (seat - viewer) % players
    if players == 2:
        return ("you", "bottom") if offset == 0 else ("opponent", "top")
    if players == 3:
        return (("you", "bottom"), ("right_opponent", "right"), ("left_opponent", "left"))[offset]
    across: Role = "partner" if partners else "across_opponent"
    return (("you", "bottom"), ("right_opponent", "right"), (across, "top"), ("left_opponent", "left"))[offset]


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


@dataclass(frozen=True)
class _Sizes:
    """The table's pixel sizes at one scale."""

    margin: int
    label: int  # font size of the nameplates
    label_h: int  # height of a nameplate line
    hand_unit: int
    small_unit: int
    line_unit: int
    gap: int
    small_gap: int

    @classmethod
    def at(cls, scale: float) -> _Sizes:
        return cls(scaled(6, scale), scaled(13, scale), scaled(17, scale), even_unit(HAND_UNIT, scale),
                   even_unit(SMALL_UNIT, scale), even_unit(LINE_UNIT, scale), scaled(6, scale), scaled(3, scale))


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
    partners: bool = True,
) -> TableGeometry:
    """Lay out the seats around the table. ``loose`` maps a seat to how many loose tiles lie turned up near it."""
    z = _Sizes.at(scale)
    lift = round(z.hand_unit * 0.5)
    side_w = 2 * z.small_unit + 2 * z.margin if players >= 3 else z.margin
    stock = _stock_rect(width, z, scale) if has_stock else None
    top_x1 = stock.x0 - z.gap if stock is not None else width - z.margin
    seats: list[SeatGeometry] = []
    top_band = z.margin + z.label_h + z.small_gap + 2 * z.small_unit + z.margin
    bottom_top = height
    for seat in range(players):
        role, place = role_and_place(seat, viewer, players, partners)
        if place == "bottom":
            seats.append(_bottom_seat(seat, role, hand_sizes[seat], width, height, z, lift, scale))
            bottom_top = seats[-1].area.y0
        elif place == "top":
            x0 = side_w if players == 4 else z.margin
            seats.append(_top_seat(seat, role, hand_sizes[seat], x0, top_x1, seat in face_up, z))
            top_band = max(top_band, seats[-1].area.y1)
        else:
            seats.append(SeatGeometry(seat, role, place, z.small_unit, False, (), (0, 0), "ls", Rect(0, 0, 0, 0)))
    seats = [_side_seat(s, hand_sizes[s.seat], width, top_band, bottom_top, s.seat in face_up, z)
             if s.place in ("left", "right") else s for s in seats]
    line_area = Rect(side_w, top_band, width - side_w, bottom_top)
    loose_rects: dict[int, tuple[Rect, ...]] = {}
    for seat, count in loose.items():
        if count:
            _, place = role_and_place(seat, viewer, players, partners)
            loose_rects[seat], line_area = _loose_beside(place, count, line_area, z)
    return TableGeometry(width, height, scale, tuple(seats), line_area, z.line_unit, stock, loose_rects, z.line_unit,
                         z.label, lift)


def _stock_rect(width: int, z: _Sizes, scale: float) -> Rect:
    """Stock pile (1-vs-1): top-right corner, a few backs stacked, the count beside them."""
    depth = scaled(2, scale) * 4
    sw = 2 * z.small_unit + scaled(22, scale)
    return Rect(width - z.margin - sw, z.margin, width - z.margin, z.margin + z.small_unit + depth + z.label_h)


def _bottom_seat(seat: int, role: Role, count: int, width: int, height: int, z: _Sizes, lift: int,
                 scale: float) -> SeatGeometry:
    """The viewer's hand: standing tiles along the bottom, wrapped onto rows, the nameplate under them."""
    m, hu = z.margin, z.hand_unit
    rects = _rows(count, m, width - m, height - m - z.label_h, hu, 2 * hu, z.gap)
    top = min((r.y0 for r in rects), default=height - m - z.label_h - 2 * hu) - lift - m
    return SeatGeometry(seat, role, "bottom", hu, True, tuple(rects), (width // 2, height - m - scaled(3, scale)),
                        "ms", Rect(0, top, width, height))


def _top_seat(seat: int, role: Role, count: int, x0: int, x1: int, face_up: bool, z: _Sizes) -> SeatGeometry:
    """The seat opposite: its nameplate at the top, its tiles under it (squeezed face down, wrapped face up);
    its ``area`` reaches down to where the line may start."""
    m, su = z.margin, z.small_unit
    y = m + z.label_h + z.small_gap
    band = m + z.label_h + z.small_gap + 2 * su + m
    if face_up:
        rects = _rows(count, x0, x1, y + 2 * su, su, 2 * su, z.small_gap)
        band = max(band, max((r.y1 for r in rects), default=y) + m)
    else:
        rects = _row(count, x0, x1, y, su, 2 * su, z.small_gap, True)
    return SeatGeometry(seat, role, "top", su, True, tuple(rects), ((x0 + x1) // 2, m + z.label), "ms",
                        Rect(x0, 0, x1, band))


def _side_seat(s: SeatGeometry, count: int, width: int, y0: int, y1: int, face_up: bool, z: _Sizes) -> SeatGeometry:
    """A side seat (partnership): a column of lying tiles between the top band and the bottom band."""
    m, su = z.margin, z.small_unit
    x = m if s.place == "left" else width - m - 2 * su
    pitch = su + z.small_gap
    if count * pitch - z.small_gap > y1 - y0 and not face_up:
        pitch = max(2, (y1 - y0 - su) // max(1, count - 1))
    total = (count - 1) * pitch + su if count else 0
    start = y0 + (y1 - y0 - total) // 2
    rects = tuple(Rect(x, start + k * pitch, x + 2 * su, start + k * pitch + su) for k in range(count))
    plate = (m, m + z.label) if s.place == "left" else (width - m, m + z.label)
    anchor = "ls" if s.place == "left" else "rs"
    return SeatGeometry(s.seat, s.role, s.place, su, False, rects, plate, anchor, Rect(x - m, y0, x + 2 * su + m, y1))


def _loose_beside(place: Place, count: int, a: Rect, z: _Sizes) -> tuple[tuple[Rect, ...], Rect]:
    """Loose tiles turned up at the edge of the line area on ``place``'s side; returns them and the line area
    that is left."""
    lu, gap = z.line_unit, z.gap
    if place in ("bottom", "top"):
        y = a.y1 - gap - 2 * lu if place == "bottom" else a.y0 + gap
        rects = _row(count, a.x0, a.x1, y, lu, 2 * lu, gap, False)
        if place == "bottom":
            return tuple(rects), Rect(a.x0, a.y0, a.x1, y - gap)
        return tuple(rects), Rect(a.x0, y + 2 * lu + gap, a.x1, a.y1)
    x = a.x0 + gap if place == "left" else a.x1 - gap - 2 * lu
    column = _row(count, a.y0, a.y1, x, lu, 2 * lu, gap, False)  # computed across, then turned
    rects = [Rect(r.y0, r.x0, r.y1, r.x1) for r in column]  # lying tiles, stacked down the side
    left_x, right_x = (x + 2 * lu + gap, a.x1) if place == "left" else (a.x0, x - gap)
    return tuple(rects), Rect(left_x, a.y0, right_x, a.y1)
