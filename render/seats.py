"""Where the seats, their hands and names, the stock and loose tiles go around the line: pure table geometry.

The viewer (the learner) always sits at the bottom. In the partnership game play passes from the viewer to the
seat on the right, then the partner opposite (top), then the seat on the left: counter-clockwise seen from above,
as Caribbean tables play. Role keys are language-neutral: ``"you"``, ``"opponent"`` (1-vs-1), ``"partner"``,
``"right_opponent"``, ``"left_opponent"`` (partnership). Three players sit at the bottom, right and left; four
without partnerships have an ``"across_opponent"`` at the top, each seat a side of its own.

The table is cut into bands that never overlap, so nothing drawn in one can cover another: the seat opposite
(its name, then its tiles) and the stock along the top, the learner's hand (with room to lift a tile) and name
along the bottom, and the line in the middle. The side seats (partnership) stand at the left and right of the
middle band, each name right above its tiles; the line's tiles stay between them, and a name that reaches
further in is kept clear of, as are all seats by the line's end targets, which may use any free felt.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Literal

from engine import Role, seat_role

from .geometry import Rect
from .theme import END_TARGET, HAND_UNIT, LABEL_SIZE, LINE_UNITS, SEAT_UNIT, TOUCH, even_unit, scaled

Place = Literal["bottom", "top", "left", "right"]
#: Where each of the engine's roles sits in the picture: the viewer at the bottom, the seat after them on the right.
PLACES: dict[Role, Place] = {
    "you": "bottom", "opponent": "top", "partner": "top", "across_opponent": "top",
    "right_opponent": "right", "left_opponent": "left",
}


def role_and_place(seat: int, viewer: int, players: int, partners: bool = True) -> tuple[Role, Place]:
    """The role key (the engine's, ``seat_role``) and the side of the picture of ``seat`` as seen by ``viewer``
    (``partners``: whether four players play as two partnerships, so that the seat opposite is a partner)."""
    role = seat_role(players, viewer, seat, partners)
    return role, PLACES[role]


@dataclass(frozen=True)
class SeatGeometry:
    """One seat: where each of its hand tiles goes (in hand order), their size and direction, and its nameplate's
    box (empty when the seat has no nameplate), right beside its tiles."""

    seat: int
    role: Role
    place: Place
    unit: int
    vertical: bool  # tiles standing (top, bottom seats) or lying (side seats)
    tiles: tuple[Rect, ...]
    plate: Rect
    area: Rect  # the whole band of this seat (for the click region when it holds no tile)


@dataclass(frozen=True)
class TableGeometry:
    """The whole table at one size: the seats, the line's area and sizes, the stock, and loose tiles per seat."""

    width: int
    height: int
    scale: float
    seats: tuple[SeatGeometry, ...]
    line_area: Rect
    line_units: tuple[int, ...]  # the sizes the line may be drawn at, largest first
    target: int  # the side of an end's tap square
    touch: int  # the diameter of an end's circle in it, the smallest tap target
    avoid: tuple[Rect, ...]  # what the line and its end targets must keep clear of
    target_area: Rect  # where the line's end targets may go: any felt clear of ``avoid``
    stock: Rect | None  # the pile
    stock_label: Rect | None  # its count, beside it
    loose: Mapping[int, tuple[Rect, ...]]
    loose_unit: int
    label_size: int
    lift: int

    def seat(self, seat: int) -> SeatGeometry:
        return self.seats[seat]

    @cached_property
    def crowded(self) -> bool:
        """Whether the seats run into each other or leave the line no room (a learner's hand on two rows beside long
        face-up side hands on a small canvas, say): such a table is drawn taller. Worked out once per geometry (a
        rerun gets the cached geometry back)."""
        sides = [seat.area for seat in self.seats if seat.place in ("left", "right")]
        if len(sides) == 2 and sides[0].overlaps(sides[1]):
            return True
        tiles = [(seat.seat, rect) for seat in self.seats for rect in seat.tiles]
        if any(a.overlaps(b) for i, (one, a) in enumerate(tiles) for other, b in tiles[i + 1:] if one != other):
            return True
        room = min(self.line_units)
        return self.line_area.width < 4 * room or self.line_area.height < 2 * room


@dataclass(frozen=True)
class Sizes:
    """The table's pixel sizes at one scale."""

    scale: float
    margin: int
    label: int  # font size of the nameplates
    plate: int  # height of a nameplate (a badge pill fits in it)
    plate_gap: int  # between a nameplate and its tiles: room for a seat highlight's frame
    hand_unit: int
    seat_unit: int
    line_unit: int
    gap: int  # between the learner's tiles
    small_gap: int  # between the other seats' tiles

    @classmethod
    def at(cls, scale: float) -> Sizes:
        label = scaled(LABEL_SIZE, scale)
        return cls(scale, scaled(6, scale), label, round(label * 1.6), scaled(7, scale), even_unit(HAND_UNIT, scale),
                   even_unit(SEAT_UNIT, scale), even_unit(LINE_UNITS[2], scale), scaled(4, scale), scaled(3, scale))

    @property
    def stock_pile(self) -> tuple[int, int]:
        """Width and height of the stock pile: a face-down tile lying, a few layers deep."""
        return 2 * self.seat_unit, self.seat_unit + 4 * scaled(2, self.scale)


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
    plates: Mapping[int, tuple[int, int]] | None = None,
    stock_label: int = 0,
    partners: bool = True,
) -> TableGeometry:
    """Lay out the seats around the table. ``loose`` maps a seat to how many loose tiles lie turned up near it;
    ``plates`` maps a seat to the width and height of its nameplate (none for a seat not in it); ``stock_label`` is the
    width of the stock's count (0 when it is not written). Cached: a rerun redraws the same table."""
    return _table_geometry(width, height, scale, players, viewer, tuple(hand_sizes), frozenset(face_up), has_stock,
                           tuple(sorted(loose.items())), tuple(sorted((plates or {}).items())), stock_label, partners)


@lru_cache(maxsize=128)
def _table_geometry(width: int, height: int, scale: float, players: int, viewer: int, hand_sizes: tuple[int, ...],
                    face_up: frozenset[int], has_stock: bool, loose_counts: tuple[tuple[int, int], ...],
                    plate_sizes: tuple[tuple[int, tuple[int, int]], ...], stock_label: int,
                    partners: bool = True) -> TableGeometry:
    z = Sizes.at(scale)
    plates = dict(plate_sizes)
    loose = dict(loose_counts)
    places = {seat: role_and_place(seat, viewer, players, partners) for seat in range(players)}
    stock, count = _stock(width, z, stock_label) if has_stock else (None, None)
    top_x1 = (stock.x0 if count is None else min(stock.x0, count.x0)) - z.gap if stock is not None else width - z.margin
    seats: dict[int, SeatGeometry] = {}
    top_band = z.margin + z.plate + z.plate_gap + 2 * z.seat_unit + z.margin
    bottom_top = height
    for seat, (role, place) in places.items():
        if place == "bottom":
            seats[seat] = _bottom_seat(seat, role, hand_sizes[seat], plates.get(seat, (0, 0)), width, height, z)
            bottom_top = seats[seat].area.y0
        elif place == "top":
            seats[seat] = _top_seat(seat, role, hand_sizes[seat], plates.get(seat, (0, 0)), z.margin, top_x1,
                                    seat in face_up, z)
            top_band = max(top_band, seats[seat].area.y1)
    if all(place != "top" for _, place in places.values()):  # three players: only the stock's corner up there
        top_band = (stock.y1 if stock is not None else 0) + z.margin
    line_area = Rect(z.margin, top_band, width - z.margin, bottom_top)
    for seat, (role, place) in places.items():
        if place in ("left", "right"):
            seats[seat] = _side_seat(seat, role, place, hand_sizes[seat], plates.get(seat, (0, 0)), width, top_band,
                                     bottom_top, seat in face_up, z)
            # The line's tiles stay between the side seats' columns (its end targets may use any free felt).
            side = seats[seat].area
            if place == "left":
                line_area = Rect(max(line_area.x0, side.x1), top_band, line_area.x1, bottom_top)
            else:
                line_area = Rect(line_area.x0, top_band, min(line_area.x1, side.x0), bottom_top)
    avoid = _seats_to_avoid(seats.values(), width, z)
    if stock is not None:
        avoid.append((stock if count is None else stock.union(count)).grown(z.small_gap))
    loose_rects: dict[int, tuple[Rect, ...]] = {}
    for seat, n in loose.items():
        if n:
            loose_rects[seat], line_area = _loose_beside(places[seat][1], n, line_area, z)
            avoid.extend(loose_rects[seat])
    felt = Rect(0, 0, width, height).grown(-scaled(2, scale))
    return TableGeometry(width, height, scale, tuple(seats[seat] for seat in range(players)), line_area,
                         tuple(even_unit(u, scale) for u in LINE_UNITS), even_unit(END_TARGET, scale),
                         even_unit(TOUCH, scale), tuple(avoid), felt, stock, count, loose_rects, z.line_unit, z.label,
                         round(seats[viewer].unit * 0.5))


def _seats_to_avoid(seats: Iterable[SeatGeometry], width: int, z: Sizes) -> list[Rect]:
    """What the line and its end targets keep clear of around the seats: the learner's hand with the room a
    lifted tile rises into, and every seat's tiles and name."""
    avoid = []
    for sg in seats:
        if sg.place == "bottom":
            if sg.tiles:
                hand = _union(sg.tiles, sg.area)
                avoid.append(Rect(hand.x0, sg.area.y0, hand.x1, hand.y1).grown(z.gap))
            avoid.append(sg.plate.grown(z.gap))
        elif sg.place == "top":
            avoid.append(_union([*sg.tiles, sg.plate], Rect(0, 0, width, z.margin)).grown(z.small_gap))
        else:  # a side seat: its name and its column apart, so that the felt under the name stays free
            avoid += [r.grown(z.small_gap) for r in (sg.plate, _union(sg.tiles, sg.plate)) if r.width]
    return avoid


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


def _rows(count: int, x0: int, x1: int, y: int, w: int, h: int, gap: int, upward: bool = False) -> list[Rect]:
    """Tiles that must each stay whole (face up, or to be tapped) wrap onto rows rather than overlap: rows go down
    from ``y``, or up from it (the last row ending at ``y``) when ``upward``."""
    per_row = _per_row(x1 - x0, w, gap)
    rows = -(-count // per_row) if count else 1
    rects: list[Rect] = []
    for r in range(rows):
        n = min(per_row, count - r * per_row)
        top = y - (rows - r) * h - (rows - r - 1) * gap if upward else y + r * (h + gap)
        rects.extend(_row(n, x0, x1, top, w, h, gap, False))
    return rects


def _plate(size: tuple[int, int], x: float, y: int, anchor: str, x_min: int, x_max: int) -> Rect:
    """A nameplate box of ``size``, its top at ``y``, anchored at ``x`` on its left, middle or right, kept
    within [x_min, x_max]."""
    width, height = size
    x0 = {"left": x, "middle": x - width / 2, "right": x - width}[anchor]
    x0 = min(max(round(x0), x_min), max(x_min, x_max - width))
    return Rect(x0, y, x0 + width, y + (height if width else 0))


def _union(rects: Sequence[Rect], default: Rect) -> Rect:
    box = rects[0] if rects else default
    for r in rects[1:]:
        box = box.union(r)
    return box


def _stock(width: int, z: Sizes, label: int) -> tuple[Rect, Rect | None]:
    """The stock (1-vs-1) in the top-right corner, level with the opponent's tiles: the pile, and its count
    beside it (none when it is not written)."""
    pile_w, pile_h = z.stock_pile
    y = z.margin + z.plate + z.plate_gap
    if not label:
        return Rect(width - z.margin - pile_w, y, width - z.margin, y + pile_h), None
    count = Rect(width - z.margin - label, y, width - z.margin, y + pile_h)
    x1 = count.x0 - scaled(4, z.scale)
    return Rect(x1 - pile_w, y, x1, y + pile_h), count


def _bottom_seat(seat: int, role: Role, count: int, plate: tuple[int, int], width: int, height: int,
                 z: Sizes) -> SeatGeometry:
    """The viewer's hand: standing tiles along the bottom, wrapped onto two rows at most, room above them to lift
    one, and the nameplate under them. A hand too big for two rows of full-size tiles (more than 14 on a phone,
    after much drawing) is drawn smaller rather than let it push the line off the table."""
    m = z.margin
    box = _plate(plate, width / 2, height - m - z.plate, "middle", m, width - m)
    bottom = height - m - z.plate - z.plate_gap
    hu = z.hand_unit
    while hu > z.seat_unit and count > 2 * _per_row(width - 2 * m, hu, z.gap):
        hu -= 2
    rects = _rows(count, m, width - m, bottom, hu, 2 * hu, z.gap, upward=True)
    top = min((r.y0 for r in rects), default=bottom - 2 * hu) - round(hu * 0.5) - z.gap
    return SeatGeometry(seat, role, "bottom", hu, True, tuple(rects), box, Rect(0, top, width, height))


def _per_row(room: int, w: int, gap: int) -> int:
    """How many tiles ``w`` wide fit side by side in ``room``."""
    return max(1, (room + gap) // (w + gap))


def _top_seat(seat: int, role: Role, count: int, plate: tuple[int, int], x0: int, x1: int, face_up: bool,
              z: Sizes) -> SeatGeometry:
    """The seat opposite: its nameplate at the top, its tiles right under it (squeezed face down, wrapped face
    up); its ``area`` reaches down to where the line may start."""
    m, su = z.margin, z.seat_unit
    y = m + z.plate + z.plate_gap
    if face_up:
        rects = _rows(count, x0, x1, y, su, 2 * su, z.small_gap)
    else:
        rects = _row(count, x0, x1, y, su, 2 * su, z.small_gap, True)
    band = max((r.y1 for r in rects), default=y + 2 * su) + m
    centre = _union(rects, Rect(x0, y, x1, y)).center[0]
    box = _plate(plate, centre, m, "middle", x0, x1)
    return SeatGeometry(seat, role, "top", su, True, tuple(rects), box, Rect(x0, 0, x1, band))


def _side_seat(seat: int, role: Role, place: Place, count: int, plate: tuple[int, int], width: int, y0: int,
               y1: int, face_up: bool, z: Sizes) -> SeatGeometry:
    """A side seat (partnership): its name right above its lying tiles at the edge of the table, the two at the
    top of the band between the top and the bottom seats, where the line, growing from the middle, comes last.
    Tiles shown face up stay whole: when they do not fit in one column they go on in a second one, further in;
    face down they close up in one."""
    m, su, gap = z.margin, z.seat_unit, z.small_gap
    head = (plate[1] + z.plate_gap) if plate[0] else 0
    room = y1 - y0 - head
    pitch = su + gap
    per_column = max(1, (room + gap) // pitch)
    columns = -(-count // per_column) if face_up and count else 1
    if count * pitch - gap > room and not face_up:
        pitch = max(2, (room - su) // max(1, count - 1))
        per_column = count
    inward = 1 if place == "left" else -1
    x_edge = m if place == "left" else width - m - 2 * su
    rects = []
    for k in range(count):
        column, row = divmod(k, per_column)
        x = x_edge + inward * column * (2 * su + gap)
        rects.append(Rect(x, y0 + head + row * pitch, x + 2 * su, y0 + head + row * pitch + su))
    box = _plate(plate, m if place == "left" else width - m, y0, place, m, width - m)
    block = columns * 2 * su + (columns - 1) * gap
    x0 = m if place == "left" else width - m - block
    return SeatGeometry(seat, role, place, su, False, tuple(rects), box, Rect(x0 - m, y0, x0 + block + m, y1))


def _loose_beside(place: Place, count: int, a: Rect, z: Sizes) -> tuple[tuple[Rect, ...], Rect]:
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
