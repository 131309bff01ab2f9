"""The open ends of the line as drawn: tap targets, hints, a wrong attempt, the beginner's numbers, and the lead
cell of an empty line."""

from __future__ import annotations

from engine import End

from . import marks
from .clickmap import OpenEnd
from .description import EndDescription
from .fonts import draw_text
from .geometry import Rect
from .highlights import EndTarget
from .scene import Scene
from .theme import scaled


def draw_ends(scene: Scene) -> tuple[EndDescription, ...]:
    """Draw both open ends (or the lead cell of an empty line), add their tap regions, and describe them."""
    view = scene.view
    selected = scene.selected
    wrong = scene.wrong
    fits_at: set[End | None] = set()
    if selected is not None and view.hint:
        fits_at = {m.end for m in scene.position.moves_for(selected)}
    u = scene.line.unit
    tap = max(round(u * 1.6), scaled(32, scene.scale))
    described = []
    for end in scene.line.ends:
        cx, cy = end.cell.center
        is_wrong = wrong is not None and wrong.end == end.end
        fits = (end.end in fits_at) if (selected is not None and view.hint) else None
        _draw_end(scene, cx, cy, end.number, selected is not None, fits, is_wrong)
        scene.regions.append((OpenEnd("end", end.end), Rect.around(cx, cy, tap, tap).clipped(scene.canvas)))
        if scene.targets is not None:
            scene.targets.ends[end.end] = EndTarget((cx, cy), u * 0.62 + scene.mark_width / 2, end.number)
            scene.avoid(Rect.around(cx, cy, u * 1.3, u * 1.3))
        described.append(EndDescription(end.end, end.number, fits, is_wrong))
    if scene.line.lead_cell is not None and not scene.hand_over:
        _draw_lead_cell(scene, scene.line.lead_cell, None in fits_at)
    return tuple(described)


def _draw_end(scene: Scene, cx: float, cy: float, number: int, target: bool, fits: bool | None,
              wrong: bool) -> None:
    """One open end: the tap target (a ring; filled with a check where the selected tile fits; a cross for a
    wrong attempt) and, for beginners, the end's number."""
    draw, theme, mark_w = scene.draw, scene.theme, scene.mark_width
    u = scene.line.unit
    radius = u * 0.62
    text_size = max(8, round(u * 0.62))
    label = scene.view.label_ends
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
            draw_text(scene.image, (cx, cy), str(number), text_size, theme.badge_bg, "mm")
        else:
            marks.number_disc(draw, scene.image, cx, cy, radius * (0.9 if target else 0.75), number, theme,
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
    scene.regions.append((OpenEnd("lead", None), cell.grown(scaled(4, scene.scale)).clipped(scene.canvas)))
