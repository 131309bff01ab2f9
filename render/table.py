"""The one public drawing entry: ``draw_table(position, view)`` → picture, click map and text description.

The rules come from the position only (``moves_for``, ``playable_tiles``, ``last_play``); nothing here decides
what is legal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal

from PIL import Image, ImageDraw

from . import marks
from .clickmap import ClickMap, HandTile, OpenEnd, Region, SeatTiles, Stock
from .description import EndDescription, SeatDescription, TableDescription
from .fonts import draw_text, text_width
from .geometry import Rect
from .highlights import EndTarget, Targets, TileTarget, draw_highlights
from .layout import LineLayout, layout_line
from .seats import TableGeometry, table_geometry
from .theme import DEFAULT_CANVAS, LINE_UNIT_MAX, Theme, even_unit, get_theme, scaled
from .tiles import tile_sprite

Badge = Literal["pass", "draw"]
HighlightKind = Literal["end", "tile", "arrow", "seat"]
_NEEDS: dict[str, tuple[str, ...]] = {"end": ("end",), "tile": ("tile",), "arrow": ("tile", "end"), "seat": ("seat",)}


def _tile(value: Any) -> Any:
    """Accept an engine Tile or its text ("6-5")."""
    if value is None or not isinstance(value, str):
        return value
    from engine import Tile  # the engine is the vocabulary; imported lazily so the sprites work without it

    return Tile.parse(value)


@dataclass(frozen=True)
class WrongAttempt:
    """A tile the learner tried at an end where it does not go (``end`` is None for a wrong lead)."""

    tile: Any
    end: Literal["left", "right"] | None


@dataclass(frozen=True)
class Highlight:
    """One lesson mark to draw: ``Highlight("tile", tile="6-5", label="fits")``.

    - ``"end"``: a dashed ring on the open end's target cell (``end`` is ``"left"`` or ``"right"``);
    - ``"tile"``: a dashed frame around a tile on the line, in a hand shown face up, or among the loose tiles
      (a face-down tile is never given away: it is left out of the picture and described as not shown);
    - ``"arrow"``: a bold arrow from a tile (in a face-up hand, else on the line) to an open end's target cell;
    - ``"seat"``: a dashed frame around the seat's nameplate (its tiles, when the picture names no seats).

    ``label`` is short text already translated; it is written in a tag beside the mark, shortened with an
    ellipsis if it is too long for the picture.
    """

    kind: HighlightKind
    end: Literal["left", "right"] | None = None
    tile: Any | None = None
    seat: int | None = None
    label: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in _NEEDS:
            raise ValueError(f"highlight kind must be one of {', '.join(_NEEDS)}, not {self.kind!r}")
        for name in _NEEDS[self.kind]:
            if getattr(self, name) is None:
                raise ValueError(f"a {self.kind!r} highlight needs {name}=")
        if self.end is not None and self.end not in ("left", "right"):
            raise ValueError(f"highlight end must be 'left' or 'right', not {self.end!r}")
        object.__setattr__(self, "tile", _tile(self.tile))
        if self.label is not None and not self.label.strip():
            object.__setattr__(self, "label", None)


@dataclass(frozen=True)
class TableView:
    """How to show a position: whose view, what is selected and marked, size and theme.

    Mappings (``badges``, ``loose``, ``labels``) may be given as dicts; they are stored as sorted tuples so a view
    stays hashable. Tiles may be given as text ("6-5").

    - ``viewer``: the learner's seat, drawn at the bottom.
    - ``selected``: the tile lifted in the viewer's hand; tap targets then appear on both open ends.
    - ``hint``: mark the ends where ``selected`` fits (from ``position.moves_for``).
    - ``dim_unplayable``: fade the mover's shown tiles that cannot be played (from ``position.playable_tiles``).
    - ``face_up``: seats whose hands are shown face up besides the viewer (teacher mode, end of a hand).
    - ``wrong``: a wrong attempt (tile, end), drawn with a cross and an outline.
    - ``badges``: seat → ``"pass"`` or ``"draw"``.
    - ``label_ends``: write each open end's number beside it (for beginners).
    - ``loose``: seat → tiles shown turned up beside that seat (the 1-vs-1 lot).
    - ``labels``: display text per role key (``"you"``, ``"partner"``, ``"opponent"``, ``"left_opponent"``,
      ``"right_opponent"``) and per badge (``"pass"``, ``"draw"``), already translated; without them only shapes
      and numbers are drawn.
    - ``show_turn``: mark the seat to move (off for a question whose answer is who moves, such as who leads).
    - ``highlights``: a lesson's own marks (``Highlight``: an end, a tile, an arrow from a tile to an end, a
      seat), each with an optional translated label, drawn dashed with a tag so they stand apart from the rest.
    - ``scale``: 1 for phones, 2 or more for projectors; ``size``: the canvas at 1x (default 400 x 480).
    """

    viewer: int = 0
    selected: Any | None = None
    hint: bool = False
    dim_unplayable: bool = False
    face_up: frozenset[int] | Sequence[int] = frozenset()
    wrong: WrongAttempt | tuple[Any, str | None] | None = None
    badges: Mapping[int, Badge] | tuple[tuple[int, Badge], ...] = ()
    label_ends: bool = False
    loose: Mapping[int, Sequence[Any]] | tuple[tuple[int, tuple[Any, ...]], ...] = ()
    labels: Mapping[str, str] | tuple[tuple[str, str], ...] = ()
    mark_last: bool = True
    show_turn: bool = True
    highlights: Sequence[Highlight] = ()
    scale: float = 1.0
    theme: str | Theme = "light"
    size: tuple[int, int] = DEFAULT_CANVAS

    def __post_init__(self) -> None:
        def items(value: Any) -> Any:
            return tuple(sorted(value.items())) if isinstance(value, Mapping) else tuple(value)

        set_ = object.__setattr__
        set_(self, "selected", _tile(self.selected))
        set_(self, "face_up", frozenset(self.face_up))
        if self.wrong is not None and not isinstance(self.wrong, WrongAttempt):
            set_(self, "wrong", WrongAttempt(_tile(self.wrong[0]), self.wrong[1]))
        elif self.wrong is not None:
            set_(self, "wrong", WrongAttempt(_tile(self.wrong.tile), self.wrong.end))
        set_(self, "badges", items(self.badges))
        set_(self, "loose", tuple((seat, tuple(_tile(t) for t in tiles)) for seat, tiles in items(self.loose)))
        set_(self, "labels", items(self.labels))
        set_(self, "highlights", tuple(self.highlights))
        for h in self.highlights:
            if not isinstance(h, Highlight):
                raise TypeError(f"highlights must be Highlight values, not {h!r}")
        for seat, kind in self.badges:  # type: ignore[misc]
            if kind not in ("pass", "draw"):
                raise ValueError(f"badge for seat {seat} must be 'pass' or 'draw', not {kind!r}")
        if self.scale <= 0:
            raise ValueError(f"scale must be positive, not {self.scale!r}")


@dataclass(frozen=True)
class TablePicture:
    """What ``draw_table`` returns: the picture, its click map, its description, and the geometry used."""

    image: Image.Image
    click_map: ClickMap
    description: TableDescription
    line: LineLayout = field(repr=False)
    geometry: TableGeometry = field(repr=False)


@lru_cache(maxsize=16)
def _felt(width: int, height: int, theme: Theme) -> Image.Image:
    """The table cloth, a soft vignette from the centre to the corners (cached per size and theme)."""
    if theme.felt == theme.felt_edge:
        return Image.new("RGB", (width, height), theme.felt)
    mask = Image.radial_gradient("L").resize((width, height), Image.Resampling.BILINEAR)
    mask = mask.point(lambda v: min(255, max(0, (v - 90) * 2)))
    return Image.composite(Image.new("RGB", (width, height), theme.felt_edge),
                           Image.new("RGB", (width, height), theme.felt), mask)


_POINTING = {"bottom": "up", "top": "down", "left": "right", "right": "left"}


def draw_table(position: Any, view: TableView | None = None) -> TablePicture:
    """Draw ``position`` (an ``engine.Position``) as ``view`` asks; see ``TableView`` for the options."""
    view = view or TableView()
    theme = get_theme(view.theme)
    s = view.scale
    width, height = round(view.size[0] * s), round(view.size[1] * s)
    rules = position.rules
    players = rules.players
    hands = position.hands
    hand_over = position.outcome is not None
    to_move = None if hand_over or not view.show_turn else position.to_move
    face_up = frozenset(view.face_up) | {view.viewer}
    loose = dict(view.loose)  # type: ignore[arg-type]
    labels = dict(view.labels)  # type: ignore[arg-type]
    badges = dict(view.badges)  # type: ignore[arg-type]
    wrong: WrongAttempt | None = view.wrong  # type: ignore[assignment]
    selected = view.selected
    geo = table_geometry(width, height, s, players, view.viewer, [len(h) for h in hands], face_up,
                         bool(rules.uses_stock), {seat: len(t) for seat, t in loose.items()})
    line = layout_line(position.placed, position.lead_index, geo.line_area, geo.line_unit,
                       max_unit=even_unit(LINE_UNIT_MAX, s))
    image = _felt(width, height, theme).copy()
    draw = ImageDraw.Draw(image)
    mark_w = scaled(theme.mark_width, s)
    regions: list[tuple[Region, Rect]] = []
    canvas = Rect(0, 0, width, height)
    targets = Targets() if view.highlights else None  # gathered only when something is to be highlighted

    # The line, and the last tile played.
    u = line.unit
    for spot in line.spots:
        tile_sprite(spot.first, spot.second, u, spot.vertical, theme).paste_onto(image, spot.rect.x0, spot.rect.y0)
        if targets is not None:
            targets.tiles[spot.tile] = TileTarget(spot.rect, "line")
            targets.avoid.append(spot.rect)
    last = position.last_play
    last_tile = getattr(last.move, "tile", None) if last is not None else None
    if view.mark_last and last_tile is not None:
        for spot in line.spots:
            if spot.tile == last_tile:
                marks.outline(draw, spot.rect, theme.last, mark_w, scaled(1, s), u * 0.16)

    # Open ends: labels, tap targets, hints, a wrong attempt.
    fits_at: set[str | None] = set()
    if selected is not None and view.hint:
        fits_at = {m.end for m in position.moves_for(selected)}
    end_descriptions = []
    tap = max(round(u * 1.6), scaled(32, s))
    for end in line.ends:
        cx, cy = end.cell.center
        is_wrong = wrong is not None and wrong.end == end.end
        fits = (end.end in fits_at) if (selected is not None and view.hint) else None
        _draw_end(draw, image, cx, cy, u, end.number, theme, s, mark_w, selected is not None, fits, is_wrong,
                  view.label_ends)
        regions.append((OpenEnd("end", end.end), Rect.around(cx, cy, tap, tap).clipped(canvas)))
        if targets is not None:
            targets.ends[end.end] = EndTarget((cx, cy), u * 0.62 + mark_w / 2, end.number)
            targets.avoid.append(Rect.around(cx, cy, u * 1.3, u * 1.3))
        end_descriptions.append(EndDescription(end.end, end.number, fits, is_wrong))
    if line.lead_cell is not None and not hand_over:
        cell = line.lead_cell
        if selected is not None:
            is_wrong = wrong is not None and wrong.end is None
            fits = (None in fits_at) if view.hint else None
            colour = theme.wrong if is_wrong else theme.accent
            draw.rounded_rectangle((cell.x0, cell.y0, cell.x1 - 1, cell.y1 - 1), radius=u * 0.16,
                                   outline=colour, width=mark_w, fill=theme.accent if fits else None)
            cx, cy = cell.center
            if is_wrong:
                marks.cross(draw, cx, cy, u * 0.6, theme.wrong, mark_w + 1)
            elif fits:
                marks.check(draw, cx, cy, u * 0.7, theme.badge_bg, mark_w + 1)
        regions.append((OpenEnd("lead", None), cell.grown(scaled(4, s)).clipped(canvas)))

    # Hands.
    playable = position.playable_tiles() if (view.dim_unplayable and not hand_over) else frozenset()
    dimmed: list[Any] = []
    seat_descriptions = []
    for sg in geo.seats:
        seat = sg.seat
        hand = hands[seat]
        shown = seat in face_up
        is_viewer = seat == view.viewer
        dim_here = view.dim_unplayable and not hand_over and shown and seat == to_move
        for tile, rect in zip(hand, sg.tiles, strict=True):
            lifted = is_viewer and tile == selected
            if lifted:
                rect = rect.moved(0, -geo.lift)
            kind = "face" if shown else "back"
            if dim_here and tile not in playable:
                kind = "dim"
                dimmed.append(tile)
            first, second = tile.high, tile.low
            tile_sprite(first, second, sg.unit, sg.vertical, theme, kind).paste_onto(image, rect.x0, rect.y0)
            if lifted:
                marks.outline(draw, rect, theme.accent, mark_w, scaled(1, s), sg.unit * 0.16)
            if wrong is not None and is_viewer and tile == wrong.tile:
                marks.outline(draw, rect, theme.wrong, mark_w, scaled(1, s) + (mark_w if lifted else 0),
                              sg.unit * 0.16)
                r = sg.unit * 0.42
                bx, by = rect.x1 - r * 0.4, rect.y0 + r * 0.4
                draw.ellipse((bx - r, by - r, bx + r, by + r), fill=theme.wrong, outline=theme.text)
                marks.cross(draw, bx, by, r, theme.text, max(2, mark_w))
            if is_viewer:
                regions.append((HandTile("hand", seat, tile), rect))
            if targets is not None:
                if shown:
                    outlined = lifted or (wrong is not None and is_viewer and tile == wrong.tile)
                    targets.tiles[tile] = TileTarget(rect, "hand", seat, outlined)
                targets.avoid.append(rect)
        if not is_viewer:
            area = sg.area
            if sg.tiles:
                area = sg.tiles[0]
                for r in sg.tiles[1:]:
                    area = area.union(r)
            regions.append((SeatTiles("seat", seat), area))
        plate = _nameplate(draw, image, sg, labels.get(sg.role), seat == to_move, badges.get(seat),
                           labels.get(badges.get(seat, "")), theme, geo)
        if targets is not None:
            if plate is not None:
                targets.avoid.append(plate)
            elif sg.tiles:
                plate = sg.tiles[0]
                for r in sg.tiles[1:]:
                    plate = plate.union(r)
            targets.seats[seat] = plate if plate is not None else sg.area
        seat_descriptions.append(SeatDescription(
            seat, sg.role, sg.place, tuple(hand) if shown else None, len(hand), seat == to_move,
            badges.get(seat), tuple(loose.get(seat, ())),
        ))

    # Loose tiles (the lot), turned up beside their seat.
    for seat, rects in geo.loose.items():
        for tile, rect in zip(loose[seat], rects, strict=True):
            vertical = rect.height > rect.width
            tile_sprite(tile.high, tile.low, geo.loose_unit, vertical, theme).paste_onto(image, rect.x0, rect.y0)
            if targets is not None:
                targets.tiles.setdefault(tile, TileTarget(rect, "loose", seat))
                targets.avoid.append(rect)

    # The stock pile with its count.
    if geo.stock is not None:
        _stock(draw, image, geo, len(position.stock), theme)
        regions.append((Stock("stock"), geo.stock))
        if targets is not None:
            targets.avoid.append(geo.stock)

    highlights = () if targets is None else draw_highlights(image, draw, view.highlights, targets, theme, s,
                                                            geo.label_size)

    description = TableDescription(
        players=players,
        viewer=view.viewer,
        line=tuple(position.placed),
        lead_index=position.lead_index,
        ends=tuple(end_descriptions),
        seats=tuple(seat_descriptions),
        stock=len(position.stock) if rules.uses_stock else None,
        to_move=to_move,
        last_play=None if last_tile is None else (last.seat, last_tile, last.move.end),
        selected=selected,
        wrong=None if wrong is None else (wrong.tile, wrong.end),
        dimmed=tuple(dimmed),
        hand_over=hand_over,
        highlights=highlights,
    )
    return TablePicture(image, ClickMap(width, height, tuple(regions)), description, line, geo)


def _draw_end(draw: ImageDraw.ImageDraw, image: Image.Image, cx: float, cy: float, u: int, number: int,
              theme: Theme, s: float, mark_w: int, target: bool, fits: bool | None, wrong: bool,
              label: bool) -> None:
    """One open end: the tap target (a ring; filled with a check where the selected tile fits; a cross for a
    wrong attempt) and, for beginners, the end's number."""
    radius = u * 0.62
    text_size = max(8, round(u * 0.62))
    if wrong:
        marks.ring(draw, cx, cy, radius, theme.wrong, mark_w + 1, fill=theme.badge_bg)
        marks.cross(draw, cx, cy, radius * 0.9, theme.wrong, mark_w + 1)
    elif target:
        marks.ring(draw, cx, cy, radius, theme.accent, mark_w, fill=theme.accent if fits else None)
        if fits:
            if label:
                bx, by = cx + radius * 0.8, cy - radius * 0.8
                marks.ring(draw, bx, by, radius * 0.5, theme.badge_bg, 1, fill=theme.text)
                marks.check(draw, bx, by, radius * 0.6, theme.badge_bg, max(2, mark_w))
            else:
                marks.check(draw, cx, cy, radius * 1.1, theme.badge_bg, mark_w + 1)
    if label and not wrong:
        if target and fits:
            draw_text(image, (cx, cy), str(number), text_size, theme.badge_bg, "mm")
        else:
            marks.number_disc(draw, image, cx, cy, radius * (0.9 if target else 0.75), number, theme, text_size,
                              filled=not target)


def _nameplate(draw: ImageDraw.ImageDraw, image: Image.Image, sg: Any, text: str | None, to_move: bool,
               badge: str | None, badge_text: str | None, theme: Theme, geo: TableGeometry) -> Rect | None:
    """Seat label line: [turn triangle] [label] [badge], anchored left, centre or right; returns its box."""
    size = geo.label_size
    gap = round(size * 0.45)
    parts: list[tuple[str, int]] = []
    if to_move:
        parts.append(("turn", size))
    if text:
        parts.append(("text", text_width(text, size)))
    if badge:
        pad = round(size * 0.4)
        tw = text_width(badge_text, size) + pad if badge_text else 0
        parts.append(("badge", pad + round(size * 0.9) + pad + tw))
    if not parts:
        return None
    total = sum(w for _, w in parts) + gap * (len(parts) - 1)
    x, baseline = sg.nameplate
    if sg.nameplate_anchor == "ms":
        x -= total // 2
    elif sg.nameplate_anchor == "rs":
        x -= total
    mid = baseline - round(size * 0.36)
    half = round(size * (0.75 if badge else 0.62))
    box = Rect(x, mid - half, x + total, mid + half)
    for kind, w in parts:
        if kind == "turn":
            marks.triangle(draw, x + w / 2, mid, w, _POINTING[sg.place], theme.accent, theme.badge_bg)
        elif kind == "text":
            draw_text(image, (x, baseline), text, size, theme.text, "ls", max(1, size // 12), theme.badge_bg)
        else:
            marks.badge(draw, image, x, mid, badge or "", badge_text, theme, size)
        x += w + gap
    return box


def _stock(draw: ImageDraw.ImageDraw, image: Image.Image, geo: TableGeometry, count: int, theme: Theme) -> None:
    """A neat pile of face-down tiles (up to five layers shown) and the count beside it."""
    r = geo.stock
    assert r is not None
    su = next((sg.unit for sg in geo.seats if sg.place == "top"), r.height // 2)
    step = scaled(2, geo.scale)
    layers = min(count, 5)
    x, y = r.x0, r.y0 + step * 4
    for k in range(layers):
        tile_sprite(0, 0, su, False, theme, "back").paste_onto(image, x, y - k * step)
    if not layers:
        draw.rounded_rectangle((x, y, x + 2 * su - 1, y + su - 1), radius=su * 0.16, outline=theme.text,
                               width=1)
    size = geo.label_size
    draw_text(image, (x + 2 * su + scaled(4, geo.scale), y + su // 2 - (layers - 1) * step // 2), str(count),
              size, theme.text, "lm", max(1, size // 12), theme.badge_bg)
