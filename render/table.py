"""The one public drawing entry: ``draw_table(position, view)`` → picture, click map and text description.

The picture is drawn part by part, each by its own helper, in the order they lie on top of each other: the line,
its open ends, the hands with their nameplates, the loose tiles, the stock, then a lesson's highlights. The rules
come from the position only (``moves_for``, ``playable_tiles``, ``last_play``); nothing here decides what is legal.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine import End, Play, Position, Tile

from . import marks
from .boxes import Box, clashes
from .clickmap import ClickMap, Stock
from .description import TableDescription
from .ends import draw_ends
from .fonts import draw_text, text_width
from .hands import draw_hands
from .highlights import Targets, TileTarget, draw_highlights
from .layout import EndSpot, LineLayout, layout_line
from .nameplates import Nameplate, nameplate
from .scene import Scene
from .scores import draw_extras, plan_extras
from .seats import Sizes, TableGeometry, role_and_place, table_geometry
from .spinner import has_spinner, layout_spinner
from .theme import LABEL_SIZE, Theme, get_theme, scaled
from .tiles import tile_sprite
from .view import Highlight, TableView

GROW = 0.1  # a crowded table is laid out again this much of its height taller, until it is not (twice at most)


@dataclass(frozen=True)
class TablePicture:
    """What ``draw_table`` returns: the picture, its click map, its description, the box of everything drawn
    (``boxes``: every tile, text label, end circle and the stock, in the picture's own pixels), and the geometry
    used."""

    image: Image.Image
    click_map: ClickMap
    description: TableDescription
    line: LineLayout = field(repr=False)
    geometry: TableGeometry = field(repr=False)
    boxes: tuple[Box, ...] = field(default=(), repr=False)

    def clashes(self) -> list[tuple[Box, Box]]:
        """Boxes that overlap where nothing may (a label over a tile, an end circle over a tile, ...): none in a
        good picture."""
        return clashes(self.boxes)

    def boxes_data(self) -> dict[str, Any]:
        """The boxes as JSON-ready data with the picture's own size, for a page to scale them to the size shown."""
        width, height = self.image.size
        return {"width": width, "height": height, "boxes": [box.to_dict() for box in self.boxes]}


def draw_table(position: Position, view: TableView | None = None) -> TablePicture:
    """Draw ``position`` as ``view`` asks; see ``TableView`` for the options."""
    view = view or TableView()
    extras = plan_extras(position, view, round(view.size[0] * view.scale))
    scene = _scene(position, view, extras.height)
    last_play = draw_line(scene)
    ends = draw_ends(scene)
    seats, dimmed = draw_hands(scene)
    draw_loose(scene)
    draw_stock(scene)
    draw_extras(scene, extras, scene.image.size[1] - extras.height)
    highlights: tuple = ()
    if scene.targets is not None:
        wanted = (*scene.view.highlights, *_end_names(scene.view, scene.line))
        highlights, tags = draw_highlights(scene.image, scene.draw, wanted, scene.targets,
                                           scene.theme, scene.scale, scene.geometry.label_size,
                                           [box.rect for box in scene.boxes])
        for text, rect in tags:
            scene.add(Box("label", rect, "tag", text=text))
    view, wrong = scene.view, scene.wrong
    description = TableDescription(
        players=position.rules.players,
        viewer=view.viewer,
        line=position.placed,
        lead_index=position.lead_index,
        ends=ends,
        seats=seats,
        stock=len(position.stock) if position.rules.uses_stock and "stock_count" not in view.hidden else None,
        to_move=scene.to_move,
        last_play=last_play,
        selected=scene.selected,
        wrong=None if wrong is None else (wrong.tile, wrong.end),
        dimmed=dimmed,
        hand_over=scene.hand_over,
        highlights=highlights,
        concealed=view.hidden,
        spinner=has_spinner(position),
        count=extras.count,
        totals=None if extras.scores is None else extras.scores.totals,
        target=None if extras.scores is None else extras.scores.target,
        target_loses=extras.scores is not None and extras.scores.target_loses,
        danger=None if extras.scores is None else extras.scores.danger,
        scored=tuple(pair for pair in view.scored if pair[1] > 0),  # type: ignore[misc]
        out_of_play=extras.out_of_play,
    )
    width, height = scene.image.size
    return TablePicture(scene.image, ClickMap(width, height, tuple(scene.regions)), description, scene.line,
                        scene.geometry, tuple(scene.boxes))


def _scene(position: Position, view: TableView, strip: int = 0) -> Scene:
    """Lay out the table for this position and view, and start the canvas on the felt (``strip``: the height added
    under the table for the score and count lines)."""
    theme = get_theme(view.theme)
    s = view.scale
    width, height = round(view.size[0] * s), round(view.size[1] * s)
    rules = position.rules
    hand_over = position.outcome is not None
    to_move = None if hand_over or not view.show_turn else position.to_move
    plates = _nameplates(position, view, to_move, width)
    # The tiles out of play lie where a stock would: the corner is kept for them the same way.
    corner = rules.uses_stock or (view.out_of_play and not rules.uses_stock)

    def laid_out(tall: int) -> TableGeometry:
        return table_geometry(width, tall, s, rules.players, view.viewer, [len(h) for h in position.hands],
                              view.shown_seats, bool(corner),
                              {seat: len(tiles) for seat, tiles in view.loose_tiles.items()},
                              {seat: (plate.width, plate.height) for seat, plate in plates.items()},
                              _count_width(scaled(LABEL_SIZE, s)), rules.partners)

    geometry = laid_out(height)
    line = _lay_line(position, geometry)
    while (geometry.crowded or not line.fits) and geometry.height < 2 * height:  # grow taller, never overlap
        geometry = laid_out(geometry.height + round(height * GROW))
        line = _lay_line(position, geometry)
    image = _felt(width, geometry.height + strip, theme).copy()
    return Scene(
        position=position, view=view, theme=theme, geometry=geometry, line=line, image=image,
        draw=ImageDraw.Draw(image), to_move=to_move, hand_over=hand_over,
        targets=Targets() if view.highlights or _end_names(view, line) else None, plates=plates,
    )


def _end_names(view: TableView, line: LineLayout) -> tuple[Highlight, ...]:
    """The ends named on the picture (``labels`` "end_left", "end_right", "end_up", "end_down") where where they lie
    would contradict the words: a line snaking its left end to the right of the other, a spinner's top or bottom
    circle set beside its arm for want of room above or below it. An end a lesson marks keeps its own mark."""
    spots = {end.end: end for end in line.ends}
    names = {end.end: view.label(f"end_{end.end}") for end in line.ends}
    named: list[str] = []
    if "left" in spots and "right" in spots and spots["left"].target.center[0] >= spots["right"].target.center[0]:
        named += ["left", "right"]
    for end in ("up", "down"):
        spot = spots.get(end)
        if spot is not None and not _beyond(spot):
            named.append(end)
    marked = {h.end for h in view.highlights if h.kind == "end"}
    return tuple(Highlight("end", end=end, label=names[end]) for end in named  # type: ignore[arg-type]
                 if names.get(end) and end not in marked)


def _beyond(end: EndSpot) -> bool:
    """Whether an end's circle lies right beyond its cell, the way the arm runs (above a top end, below a bottom
    one)."""
    (_, dy), cell, target = end.direction, end.cell, end.target
    cx = target.center[0]
    if dy < 0:
        return target.y1 <= cell.y1 and cell.x0 <= cx <= cell.x1
    if dy > 0:
        return target.y0 >= cell.y0 and cell.x0 <= cx <= cell.x1
    return True


def _lay_line(position: Position, geometry: TableGeometry) -> LineLayout:
    """The line (or the spinner and its arms) laid out in the geometry's line area."""
    if has_spinner(position):
        return layout_spinner(position.placed, position.lead_index or 0, position.open_ends, geometry.line_area,
                              geometry.line_units, target=geometry.target, avoid=geometry.avoid,
                              target_area=geometry.target_area)
    return layout_line(position.placed, position.lead_index, geometry.line_area, geometry.line_units,
                       target=geometry.target, avoid=geometry.avoid, target_area=geometry.target_area)


def _nameplates(position: Position, view: TableView, to_move: int | None, width: int) -> dict[int, Nameplate]:
    """Each seat's nameplate, laid out: a side seat's kept to under a third of the table's width (its name
    wrapped, its badge under it), so that both fit above their columns and leave the middle to the line."""
    s = view.scale
    size, line_height = scaled(LABEL_SIZE, s), Sizes.at(s).plate
    plates = {}
    for seat in range(position.rules.players):
        role, place = role_and_place(seat, view.viewer, position.rules.players, position.rules.partners)
        side = place in ("left", "right")
        badge = view.badge_of.get(seat)
        plates[seat] = nameplate(view.label(role), seat == to_move, badge, view.label(badge), size, line_height,
                                 round(width * (0.3 if side else 0.7)), side)
    return plates


def _count_width(size: int) -> int:
    """The room kept for the stock's count: two digits, whatever it says now, so nothing moves as it drops."""
    return text_width("28", size) + 2 * max(1, size // 12)


@lru_cache(maxsize=16)
def _felt(width: int, height: int, theme: Theme) -> Image.Image:
    """The table cloth, a soft vignette from the centre to the corners (cached per size and theme)."""
    if theme.felt == theme.felt_edge:
        return Image.new("RGB", (width, height), theme.felt)
    mask = Image.radial_gradient("L").resize((width, height), Image.Resampling.BILINEAR)
    mask = mask.point(lambda v: min(255, max(0, (v - 90) * 2)))
    return Image.composite(Image.new("RGB", (width, height), theme.felt_edge),
                           Image.new("RGB", (width, height), theme.felt), mask)


def draw_line(scene: Scene) -> tuple[int, Tile, End | None] | None:
    """The tiles of the line, the last one played outlined; returns that last play (seat, tile, end)."""
    u = scene.line.unit
    for spot in scene.line.spots:
        tile_sprite(spot.first, spot.second, u, spot.vertical, scene.theme).paste_onto(
            scene.image, spot.rect.x0, spot.rect.y0)
        scene.add(Box("tile", spot.rect, "line", tile=spot.tile))
        if scene.targets is not None:
            scene.targets.tiles[spot.tile] = TileTarget(spot.rect, "line")
    last = scene.position.last_play
    if last is None or not isinstance(last.move, Play):
        return None
    if scene.view.mark_last:
        for spot in scene.line.spots:
            if spot.tile == last.move.tile:
                marks.outline(scene.draw, spot.rect, scene.theme.last, scene.mark_width, scaled(1, scene.scale),
                              u * 0.16)
    return last.seat, last.move.tile, last.move.end


def draw_loose(scene: Scene) -> None:
    """Loose tiles (the 1-vs-1 lot), turned up beside their seat."""
    geo, loose = scene.geometry, scene.loose
    for seat, rects in geo.loose.items():
        for tile, rect in zip(loose[seat], rects, strict=True):
            vertical = rect.height > rect.width
            tile_sprite(tile.high, tile.low, geo.loose_unit, vertical, scene.theme).paste_onto(
                scene.image, rect.x0, rect.y0)
            scene.add(Box("tile", rect, "loose", seat, tile))
            if scene.targets is not None:
                scene.targets.tiles.setdefault(tile, TileTarget(rect, "loose", seat))


def draw_stock(scene: Scene) -> None:
    """The stock (1-vs-1): a neat pile of face-down tiles (up to five layers shown) and its count beside it,
    unless the view conceals the count."""
    geo, theme = scene.geometry, scene.theme
    pile = geo.stock
    if pile is None or not scene.position.rules.uses_stock:
        return
    count = len(scene.position.stock)
    unit = pile.width // 2
    step = scaled(2, geo.scale)
    layers = min(count, 5)
    x, y = pile.x0, pile.y1 - unit
    for k in range(layers):
        tile_sprite(0, 0, unit, False, theme, "back").paste_onto(scene.image, x, y - k * step)
    if not layers:
        scene.draw.rounded_rectangle((x, y, x + 2 * unit - 1, y + unit - 1), radius=unit * 0.16,
                                     outline=theme.text, width=max(1, scaled(1, geo.scale)))
    scene.regions.append((Stock("stock"), pile))
    scene.add(Box("stock", pile, "stock"))
    label = geo.stock_label
    if label is not None and "stock_count" not in scene.hidden:
        size = geo.label_size
        draw_text(scene.image, (label.x0 + max(1, size // 12), y + unit // 2 - (layers - 1) * step // 2),
                  str(count), size, theme.text, "lm", max(1, size // 12), theme.badge_bg)
        scene.add(Box("label", label, "stock", text=str(count)))
