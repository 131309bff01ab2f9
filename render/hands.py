"""The seats as drawn: each hand (face up, face down or faded), the lifted tile and a wrong attempt in the
learner's hand, and each seat's nameplate (turn marker, name, pass/draw badge) right beside its tiles."""

from __future__ import annotations

from engine import Tile

from . import marks
from .boxes import Box
from .clickmap import HandTile, SeatTiles
from .description import SeatDescription
from .geometry import Rect
from .highlights import TileTarget
from .nameplates import draw_nameplate
from .scene import Scene
from .seats import SeatGeometry
from .theme import scaled
from .tiles import tile_sprite


def draw_hands(scene: Scene) -> tuple[tuple[SeatDescription, ...], tuple[Tile, ...]]:
    """Draw every seat's hand and nameplate, add their tap regions; return the seats' descriptions and the tiles
    drawn faded because they cannot be played now."""
    view = scene.view
    playable = scene.position.playable_tiles() if (view.dim_unplayable and not scene.hand_over) else frozenset()
    dimmed: list[Tile] = []
    described = []
    for sg in scene.geometry.seats:
        dimmed += _draw_hand(scene, sg, playable)
        plate = _nameplate(scene, sg)
        if sg.seat != view.viewer:
            scene.regions.append((SeatTiles("seat", sg.seat), _union(sg.tiles) or sg.area))
        if scene.targets is not None:
            scene.targets.seats[sg.seat] = plate or _union(sg.tiles) or sg.area
        shown = sg.seat in scene.shown
        hand = scene.position.hands[sg.seat]
        described.append(SeatDescription(
            sg.seat, sg.role, sg.place, hand if shown else None, len(hand), sg.seat == scene.to_move,
            scene.badges.get(sg.seat), scene.loose.get(sg.seat, ()),
        ))
    return tuple(described), tuple(dimmed)


def _draw_hand(scene: Scene, sg: SeatGeometry, playable: frozenset[Tile]) -> list[Tile]:
    """One seat's tiles; returns those drawn faded."""
    view, theme = scene.view, scene.theme
    shown = sg.seat in scene.shown
    is_viewer = sg.seat == view.viewer
    dim_here = view.dim_unplayable and not scene.hand_over and shown and sg.seat == scene.to_move
    wrong = scene.wrong
    dimmed = []
    for tile, rect in zip(scene.position.hands[sg.seat], sg.tiles, strict=True):
        lifted = is_viewer and tile == scene.selected
        tried = is_viewer and wrong is not None and tile == wrong.tile
        if lifted:
            rect = rect.moved(0, -scene.geometry.lift)
        kind = "face" if shown else "back"
        if dim_here and tile not in playable:
            kind = "dim"
            dimmed.append(tile)
        tile_sprite(tile.high, tile.low, sg.unit, sg.vertical, theme, kind).paste_onto(scene.image, rect.x0, rect.y0)
        _outline(scene, rect, sg.unit, lifted, tried)
        if is_viewer:
            scene.regions.append((HandTile("hand", sg.seat, tile), _with_slop(rect, sg)))
        scene.add(Box("tile", rect, "hand", sg.seat, tile if shown else None))
        if scene.targets is not None and shown:
            scene.targets.tiles[tile] = TileTarget(rect, "hand", sg.seat, lifted or tried)
    return dimmed


def _with_slop(rect: Rect, sg: SeatGeometry) -> Rect:
    """A tile's tap region: the tile and half the gap around it, so a finger slightly off a small tile on a narrow
    phone still lifts it (neighbours' regions meet in the middle of the gap and never overlap)."""
    if len(sg.tiles) < 2:
        return rect
    first, second = sg.tiles[0], sg.tiles[1]
    gap = second.x0 - first.x1 if sg.vertical else second.y0 - first.y1  # standing tiles sit side by side
    half = max(0, gap) // 2
    return Rect(rect.x0 - half, rect.y0 - half, rect.x1 + half, rect.y1 + half)


def _outline(scene: Scene, rect: Rect, unit: int, lifted: bool, tried: bool) -> None:
    """The lifted tile's outline, and a wrong attempt's outline with a crossed disc in the gap the lift left
    (under a lifted tile, over one left in place), so that it hides no pip."""
    draw, theme, mark_w, s = scene.draw, scene.theme, scene.mark_width, scene.scale
    if lifted:
        marks.outline(draw, rect, theme.accent, mark_w, scaled(1, s), unit * 0.16)
    if tried:
        marks.outline(draw, rect, theme.wrong, mark_w, scaled(1, s) + (mark_w if lifted else 0), unit * 0.16)
        lift = scene.geometry.lift
        r = min(unit * 0.42, lift / 2 - mark_w - scaled(1, s))
        bx, by = rect.center[0], (rect.y1 + lift / 2 if lifted else rect.y0 - lift / 2)
        draw.ellipse((bx - r, by - r, bx + r, by + r), fill=theme.wrong, outline=theme.text)
        marks.cross(draw, bx, by, r, theme.text, max(2, mark_w))


def _union(rects: tuple[Rect, ...]) -> Rect | None:
    """The box around ``rects`` (None for none)."""
    if not rects:
        return None
    box = rects[0]
    for r in rects[1:]:
        box = box.union(r)
    return box


def _nameplate(scene: Scene, sg: SeatGeometry) -> Rect | None:
    """A seat's nameplate drawn in its box (its lines aligned towards the seat's edge of the table, centred for
    the top and bottom seats); returns the box."""
    plate = scene.plates.get(sg.seat)
    if plate is None or not plate.lines or not sg.plate.width:
        return None
    align = sg.place if sg.place in ("left", "right") else "middle"
    badge = scene.badges.get(sg.seat)
    draw_nameplate(scene.draw, scene.image, plate, sg.plate, align, sg.place, badge or "", scene.label(badge),
                   scene.theme)
    words = [p.text for line in plate.lines for p in line if p.text] + [scene.label(badge) or ""]
    scene.add(Box("label", sg.plate, "seat", sg.seat, text=" ".join(w for w in words if w) or None))
    return sg.plate
