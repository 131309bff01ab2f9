"""The open ends of the line as drawn: a circle beyond each end, clear of every tile and large enough for a
finger — the tap target once a tile is lifted (filled with a check where a hint says it fits, crossed for a wrong
attempt) and, for beginners, the end's number — and the place of the first tile on an empty line."""

from __future__ import annotations

from engine import End

from . import marks
from .boxes import Box
from .clickmap import OpenEnd
from .description import EndDescription
from .fonts import draw_text
from .geometry import Rect
from .highlights import EndTarget
from .layout import EndSpot
from .scene import Scene


def draw_ends(scene: Scene) -> tuple[EndDescription, ...]:
    """Draw both open ends (or the lead cell of an empty line), add their tap regions, and describe them."""
    view, selected, wrong = scene.view, scene.selected, scene.wrong
    fits_at: set[End | None] = set()
    if selected is not None and view.hint:
        fits_at = {m.end for m in scene.position.moves_for(selected)}
    concealed = "end_numbers" in scene.hidden
    described = []
    for end in scene.line.ends:
        is_wrong = wrong is not None and wrong.end == end.end
        fits = (end.end in fits_at) if (selected is not None and view.hint) else None
        _draw_end(scene, end, selected is not None, fits, is_wrong, view.label_ends and not concealed)
        scene.regions.append((OpenEnd("end", end.end), end.target.clipped(scene.canvas)))
        scene.add(Box("end", end.target, "end", end=end.end))
        if scene.targets is not None:
            scene.targets.ends[end.end] = EndTarget(end.target.center, end.target.width / 2,
                                                    None if concealed else end.number)
        described.append(EndDescription(end.end, None if concealed else end.number, fits, is_wrong))
    if scene.line.lead_cell is not None and not scene.hand_over:
        _draw_lead_cell(scene, scene.line.lead_cell, None in fits_at)
    return tuple(described)


def _draw_end(scene: Scene, end: EndSpot, target: bool, fits: bool | None, wrong: bool, label: bool) -> None:
    """One open end, drawn inside its target square: a ring once a tile is lifted (filled, with a check, where
    the hint says the tile fits), a crossed ring for a wrong attempt, and for beginners the end's number."""
    draw, theme, mark_w = scene.draw, scene.theme, scene.mark_width
    cx, cy = end.target.center
    radius = scene.geometry.touch / 2
    text_size = max(8, round(radius * 0.95))
    if wrong:
        marks.ring(draw, cx, cy, radius, theme.wrong, mark_w + 1, fill=theme.badge_bg)
        marks.cross(draw, cx, cy, radius * 0.9, theme.wrong, mark_w + 1)
        return
    if target:
        marks.ring(draw, cx, cy, radius, theme.accent, mark_w, fill=theme.accent if fits else None)
    if label and target and fits:
        draw_text(scene.image, (cx, cy - radius * 0.12), str(end.number), text_size, theme.badge_bg, "mm")
        bx, by = cx + radius * 0.55, cy + radius * 0.55
        marks.ring(draw, bx, by, radius * 0.36, theme.accent, 1, fill=theme.badge_bg)
        marks.check(draw, bx, by, radius * 0.42, theme.accent, max(2, mark_w))
    elif fits:
        marks.check(draw, cx, cy, radius * 1.1, theme.badge_bg, mark_w + 1)
    elif label:
        marks.number_disc(draw, scene.image, cx, cy, radius * (0.8 if target else 0.72), end.number, theme,
                          text_size, filled=not target)


def _draw_lead_cell(scene: Scene, cell: Rect, fits: bool) -> None:
    """The place of the first tile on an empty line: a frame once a tile is lifted (filled with a check where it
    may lead, a cross for a wrong lead), and always a tap region."""
    view, draw, theme, mark_w = scene.view, scene.draw, scene.theme, scene.mark_width
    u = scene.line.unit
    if scene.selected is not None:
        wrong = scene.wrong
        is_wrong = wrong is not None and wrong.end is None
        fill = theme.accent if (view.hint and fits) else None
        colour = theme.wrong if is_wrong else theme.accent
        draw.rounded_rectangle((cell.x0, cell.y0, cell.x1 - 1, cell.y1 - 1), radius=u * 0.16,
                               outline=colour, width=mark_w, fill=fill)
        cx, cy = cell.center
        if is_wrong:
            marks.cross(draw, cx, cy, u * 0.6, theme.wrong, mark_w + 1)
        elif fill is not None:
            marks.check(draw, cx, cy, u * 0.7, theme.badge_bg, mark_w + 1)
    scene.regions.append((OpenEnd("lead", None), cell.clipped(scene.canvas)))
    scene.add(Box("end", cell, "lead"))
