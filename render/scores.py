"""What the other tables add to the picture (RULES.md G, S): a score line per side under the table, with the target
and katsika's side in danger; the open ends' count written out ("6 + 3 + 4 = 13"); a "+15" badge beside a seat
whose play just scored; the tiles out of play in a game without a stock, face down and apart from any stock.

The numbers all come from the engine (``hand_points``, ``outcome.scores``, ``end_count``, ``rules.target``); the
words come from the caller's labels. Everything here stays off the table's own bands: the score and count lines
go in a strip added under the table, the badge beside a nameplate, the tiles out of play in the stock's corner.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from engine import Placed, Position

from .boxes import Box
from .fonts import draw_text, text_width
from .geometry import Rect
from .scene import Scene
from .seats import role_and_place
from .theme import Theme, scaled
from .tiles import tile_sprite
from .view import TableView

Item = tuple[str, str]  # (kind, text): "text" or "danger" (a warning mark before its text)


@dataclass(frozen=True)
class ScoreLine:
    """The score line as data: each side's total (the match before this hand and this hand's points), the target,
    whether reaching it loses (katsika), and the side in danger there (nearest the target), if any."""

    totals: tuple[int, ...]
    target: int
    target_loses: bool
    danger: int | None


@dataclass(frozen=True)
class Extras:
    """What one picture adds under and around the table: the count's terms, the score line, the tiles out of play,
    the lines of the strip under the table (each a list of items, and where each lies), and the strip's height."""

    count: tuple[int, ...] | None
    scores: ScoreLine | None
    out_of_play: int | None
    lines: tuple[tuple[Item, ...], ...]
    line_height: int
    size: int
    spans: tuple[tuple[int, int, str], ...] = ()  # each line's left and right edge, and its words

    @property
    def height(self) -> int:
        """The strip added under the table: nothing when there is no line to write."""
        return len(self.lines) * self.line_height + (self.line_height // 2 if self.lines else 0)


def count_terms(position: Position) -> tuple[int, ...] | None:
    """The open ends' count split into what each end shows (a double at an end twice), adding up to the engine's
    ``end_count``; ``None`` before the lead. A lone tile shows both its halves."""
    placed = position.placed
    if not placed:
        return None
    arms: dict[str, list[Placed]] = {}
    for p in placed:
        arms.setdefault(p.arm, []).append(p)
    lead = arms["lead"][0]
    if "left" not in arms and "right" not in arms:
        terms = [lead.left, lead.right]
    else:
        terms = []
        for arm, _number in position.open_ends:
            tiles = sorted(arms.get(arm, []), key=lambda p: p.order)
            if tiles:
                end = tiles[-1]
                terms += [end.outer, end.outer] if end.tile.is_double else [end.outer]
            elif arm in ("left", "right"):  # the lead itself stands at this end
                half = lead.left if arm == "left" else lead.right
                terms += [half, half] if lead.tile.is_double else [half]
    # The engine's count is the rule; the terms only show how it splits. Should they ever disagree, say the total.
    return tuple(terms) if sum(terms) == position.end_count else (position.end_count,)


def score_line(position: Position, before: tuple[int, ...]) -> ScoreLine:
    """Each side's total: the match before this hand plus this hand's points (scored during it, or, once it is
    over, everything its end added), and katsika's side in danger."""
    rules = position.rules
    outcome = position.outcome
    this_hand = outcome.scores if outcome is not None else position.hand_points
    totals = tuple(b + h for b, h in zip(before, this_hand, strict=True))
    danger = None
    if rules.target_loses and max(totals) > 0 and totals.count(max(totals)) == 1:
        danger = totals.index(max(totals))
    return ScoreLine(totals, rules.target, rules.target_loses, danger)


def out_of_play(position: Position) -> int:
    """The tiles nobody holds in a game without a stock: not on the table, in no hand."""
    return 28 - len(position.placed) - sum(len(hand) for hand in position.hands) - len(position.stock)


@lru_cache(maxsize=64)
def plan_extras(position: Position, view: TableView, width: int) -> Extras:
    """What this picture adds, laid out in lines that fit ``width`` (the strip under the table); cached, as a
    redrawn picture (a tap) plans the same."""
    s = view.scale
    size = scaled(13, s)
    rules = position.rules
    terms = count_terms(position) if view.end_count else None
    scores = None
    if view.scores:
        if len(view.scores) != rules.sides:
            raise ValueError(f"scores: {rules.name} has {rules.sides} sides, not {len(view.scores)} scores")
        scores = score_line(position, tuple(view.scores))
    pile = out_of_play(position) if view.out_of_play and not rules.uses_stock else None
    items: list[list[Item]] = []
    if terms is not None:
        formula = " + ".join(map(str, terms)) + (f" = {sum(terms)}" if len(terms) > 1 else "")
        label = view.label("count")
        items.append([("text", f"{label}: {formula}" if label else formula)])
    if scores is not None:
        items += _score_items(position, view, scores)
    if pile and view.label("out_of_play"):  # the pile's count is in its corner; what it is, said under the table
        items.append([("text", f"{view.label('out_of_play')}: {pile}")])
    lines = _wrapped(items, size, width - 2 * scaled(8, s))
    spans = []
    for line in lines:
        total = _line_width(line, size)
        spans.append(((width - total) // 2, (width - total) // 2 + total, " · ".join(t for _, t in line)))
    return Extras(terms, scores, pile, lines, round(size * 1.6), size, tuple(spans))


def _side_name(position: Position, view: TableView, side: int) -> str:
    """A side as the caller names it: yours and theirs with two sides of two players each, else the seat's role."""
    rules = position.rules
    if rules.partners:
        key = "side_yours" if side == rules.side_of(view.viewer) else "side_theirs"
        return view.label(key) or ""
    role, _ = role_and_place(side, view.viewer, rules.players, rules.partners)
    return view.label(role) or ""


def _score_items(position: Position, view: TableView, scores: ScoreLine) -> list[list[Item]]:
    """One item per side ("You 25"; the side in danger marked and said), then the target line."""
    rules = position.rules
    order = sorted(range(rules.sides), key=lambda side: (side - rules.side_of(view.viewer)) % rules.sides)
    line: list[Item] = []
    for side in order:
        text = f"{_side_name(position, view, side)} {scores.totals[side]}".strip()
        if side == scores.danger:
            danger = view.label("danger")
            line.append(("danger", f"{text} ({danger})" if danger else text))
        else:
            line.append(("text", text))
    target = view.label("target")
    return [line, [("text", target)]] if target else [line]


def _item_width(item: Item, size: int) -> int:
    kind, text = item
    icon = round(size * 1.1) + round(size * 0.3) if kind == "danger" else 0
    return icon + (text_width(text, size) if text else 0)


def _wrapped(lines: list[list[Item]], size: int, width: int) -> tuple[tuple[Item, ...], ...]:
    """Each line's items, wrapped between items (never inside one) where the line is wider than ``width``."""
    gap = text_width(" · ", size)
    out: list[tuple[Item, ...]] = []
    for line in lines:
        current: list[Item] = []
        used = 0
        for item in line:
            w = _item_width(item, size)
            if current and used + gap + w > width:
                out.append(tuple(current))
                current, used = [], 0
            used += (gap if current else 0) + w
            current.append(item)
        if current:
            out.append(tuple(current))
    return tuple(out)


def draw_extras(scene: Scene, extras: Extras, top: int) -> None:
    """The strip under the table (from ``top``), the tiles out of play, and the points badges."""
    if extras.lines:
        _draw_strip(scene, extras, top)
    if extras.out_of_play is not None:
        _draw_out_of_play(scene, extras.out_of_play)
    for seat, points in scene.view.scored_by.items():
        plate = scene.geometry.seat(seat).plate if 0 <= seat < len(scene.geometry.seats) else None
        if points > 0 and plate is not None and plate.width:
            _points_badge(scene, plate, seat, points)


def _draw_strip(scene: Scene, extras: Extras, top: int) -> None:
    """Each line centred under the table, drawn once into a cached strip (a redrawn picture pastes it whole)."""
    width, height = scene.image.size
    key = (extras.lines, extras.size, extras.line_height, width, height, top, scene.theme)
    laid = _LAID.get(key)
    if laid is None:  # the felt under the strip is bare until now: lay the strip on it once, then paste it whole
        strip = _strip(extras.lines, extras.size, extras.line_height, width, scene.theme)
        ground = scene.image.crop((0, top, width, top + strip.height)).convert("RGBA")
        laid = _LAID[key] = Image.alpha_composite(ground, strip).convert("RGB")
        while len(_LAID) > 32:
            _LAID.popitem(last=False)
    scene.image.paste(laid, (0, top))
    for row, (x0, x1, text) in enumerate(extras.spans):
        row_top = top + row * extras.line_height
        scene.add(Box("label", Rect(x0, row_top, x1, row_top + extras.line_height), text=text))


#: Strips already laid on the felt under them, newest last (an opaque image pastes at a copy's cost).
_LAID: OrderedDict[tuple[object, ...], Image.Image] = OrderedDict()


@lru_cache(maxsize=32)
def _strip(lines: tuple[tuple[Item, ...], ...], size: int, line_height: int, width: int, theme: Theme) -> Image.Image:
    """The strip's lines on a transparent image: each centred, its words pasted as few pieces as the danger signs
    allow, each sign drawn before its side."""
    image = Image.new("RGBA", (width, max(1, len(lines) * line_height + line_height // 2)), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    stroke = max(1, size // 12)
    for row, items in enumerate(lines):
        y = line_height // 2 + row * line_height
        x = (width - _line_width(items, size)) // 2
        for kind, text in _pieces(items):
            if kind == "danger":
                icon = round(size * 1.1)
                _warning(draw, image, theme, x + icon / 2, y, icon)
                x += icon + round(size * 0.3)
            if text:
                draw_text(image, (x, y), text, size, theme.text, "lm", stroke, theme.badge_bg)
                x += text_width(text, size)
    return image


def _pieces(items: tuple[Item, ...]) -> list[Item]:
    """A line's items joined into as few pieces of text as the danger signs allow: each sign starts a piece, right
    before its own side's words (the " · " before it stays with the side before, so the sign is never read as
    belonging to that side)."""
    pieces: list[Item] = []
    for kind, text in items:
        if pieces:
            pieces[-1] = (pieces[-1][0], pieces[-1][1] + " · ")
        if kind == "danger" or not pieces:
            pieces.append((kind, text))
        else:
            pieces[-1] = (pieces[-1][0], pieces[-1][1] + text)
    return pieces


def _line_width(items: tuple[Item, ...], size: int) -> int:
    return sum(_item_width(piece, size) for piece in _pieces(items))


def _warning(draw: ImageDraw.ImageDraw, image: Image.Image, theme: Theme, cx: float, cy: float, size: float) -> None:
    """A warning sign (a triangle with "!"): the side in danger, by shape and not by colour alone."""
    h = size * 0.9
    points = ((cx, cy - h / 2), (cx + size / 2, cy + h / 2), (cx - size / 2, cy + h / 2))
    draw.polygon(points, fill=theme.wrong, outline=theme.text)
    draw_text(image, (cx, cy + h * 0.12), "!", max(6, round(size * 0.7)), theme.text, "mm")


def _draw_out_of_play(scene: Scene, count: int) -> None:
    """The tiles out of play where a stock would lie: two face-down tiles struck through and their count beside
    them (what they are is written under the table). Nothing here can be tapped: they are never drawn."""
    geo, theme = scene.geometry, scene.theme
    pile = geo.stock
    if pile is None or count <= 0:
        return
    unit = pile.width // 2
    step = scaled(3, geo.scale)
    x, y = pile.x0, pile.y1 - unit - step
    for k in range(min(count, 2)):
        tile_sprite(0, 0, unit, False, theme, "back").paste_onto(scene.image, x + k * step, y + k * step)
    shown = Rect(x, y, x + 2 * unit + step, y + unit + step)
    scene.draw.line(((shown.x0, shown.y1), (shown.x1, shown.y0)), fill=theme.text, width=max(2, scene.mark_width))
    scene.add(Box("stock", shown))
    size = geo.label_size
    stroke = max(1, size // 12)
    if geo.stock_label is not None:
        draw_text(scene.image, (geo.stock_label.x0 + stroke, shown.y0 + shown.height // 2), str(count), size,
                  theme.text, "lm", stroke, theme.badge_bg)
        scene.add(Box("label", geo.stock_label, "stock", text=str(count)))


def _points_badge(scene: Scene, plate: Rect, seat: int, points: int) -> None:
    """A "+15" pill right beside a seat's nameplate (left of it for the seat on the right)."""
    pill = _pill(f"+{points}", scene.geometry.label_size, scene.theme)
    w, h = pill.size
    gap = scaled(4, scene.scale)
    on_right = scene.geometry.seat(seat).place == "right"
    x0 = plate.x0 - gap - w if on_right else plate.x1 + gap
    x0 = min(max(x0, 0), scene.image.size[0] - w)
    y0 = (plate.y0 + plate.y1) // 2 - h // 2
    scene.image.paste(pill, (x0, y0), pill)
    scene.add(Box("label", Rect(x0, y0, x0 + w, y0 + h), "seat", seat, text=f"+{points}"))


@lru_cache(maxsize=64)
def _pill(text: str, size: int, theme: Theme) -> Image.Image:
    """A rounded pill with the points in it, on a transparent image (drawn once per text, size and theme)."""
    pad, h = round(size * 0.45), round(size * 1.45)
    w = text_width(text, size) + 2 * pad
    image = Image.new("RGBA", (w + 1, h + 1), (0, 0, 0, 0))
    ImageDraw.Draw(image).rounded_rectangle((0, 0, w, h), radius=h / 2, fill=theme.accent, outline=theme.badge_bg,
                                            width=max(1, size // 10))
    draw_text(image, (w / 2, h / 2), text, size, theme.badge_bg, "mm")
    return image


__all__ = ["Extras", "ScoreLine", "count_terms", "draw_extras", "out_of_play", "plan_extras", "score_line"]
