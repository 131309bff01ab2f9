"""The seats as drawn: each hand (face up, face down or faded), the lifted tile and a wrong attempt in the
learner's hand, and each seat's nameplate (turn marker, name, pass/draw badge)."""

from __future__ import annotations

from engine import Tile

from . import marks
from .clickmap import HandTile, SeatTiles
from .description import SeatDescription
from .fonts import draw_text, text_width
from .geometry import Rect
from .highlights import TileTarget
from .scene import Scene
from .seats import SeatGeometry
from .theme import scaled
from .tiles import tile_sprite

_POINTING = {"bottom": "up", "top": "down", "left": "right", "right": "left"}


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
            if plate is not None:
                scene.avoid(plate)
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
            scene.regions.append((HandTile("hand", sg.seat, tile), rect))
        if scene.targets is not None:
            if shown:
                scene.targets.tiles[tile] = TileTarget(rect, "hand", sg.seat, lifted or tried)
            scene.avoid(rect)
    return dimmed


def _outline(scene: Scene, rect: Rect, unit: int, lifted: bool, tried: bool) -> None:
    """The lifted tile's outline, and a wrong attempt's outline with a crossed disc on its corner."""
    draw, theme, mark_w, s = scene.draw, scene.theme, scene.mark_width, scene.scale
    if lifted:
        marks.outline(draw, rect, theme.accent, mark_w, scaled(1, s), unit * 0.16)
    if tried:
        marks.outline(draw, rect, theme.wrong, mark_w, scaled(1, s) + (mark_w if lifted else 0), unit * 0.16)
        r = unit * 0.42
        bx, by = rect.x1 - r * 0.4, rect.y0 + r * 0.4
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
    """Seat label line: [turn triangle] [label] [badge], anchored left, centre or right; returns its box."""
    theme = scene.theme
    size = scene.geometry.label_size
    text = scene.label(sg.role)
    badge = scene.badges.get(sg.seat)
    badge_text = scene.label(badge)
    gap = round(size * 0.45)
    parts: list[tuple[str, int]] = []
    if sg.seat == scene.to_move:
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
            marks.triangle(scene.draw, x + w / 2, mid, w, _POINTING[sg.place], theme.accent, theme.badge_bg)
        elif kind == "text":
            draw_text(scene.image, (x, baseline), text or "", size, theme.text, "ls", max(1, size // 12),
                      theme.badge_bg)
        else:
            marks.badge(scene.draw, scene.image, x, mid, badge or "", badge_text, theme, size)
        x += w + gap
    return box
