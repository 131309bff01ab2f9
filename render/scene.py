"""One picture being drawn: the canvas, the position and view it shows, and what each part records as it draws
(click regions, the boxes of what it drew, and the targets a lesson's highlights may point at)."""

from __future__ import annotations

from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from engine import Position, Tile

from .boxes import Box
from .clickmap import Region
from .geometry import Rect
from .highlights import Targets
from .layout import LineLayout
from .nameplates import Nameplate
from .seats import TableGeometry
from .theme import Theme, scaled
from .view import Badge, TableView, WrongAttempt


@dataclass
class Scene:
    """Everything the parts of the picture (line, ends, hands, loose tiles, stock) share while they draw."""

    position: Position
    view: TableView
    theme: Theme
    geometry: TableGeometry
    line: LineLayout
    image: Image.Image
    draw: ImageDraw.ImageDraw
    to_move: int | None  # the seat to mark as to move (None once the hand is over, or when the view hides it)
    hand_over: bool
    targets: Targets | None  # gathered only when the view has highlights to place
    plates: dict[int, Nameplate] = field(default_factory=dict)  # each seat's nameplate, laid out
    regions: list[tuple[Region, Rect]] = field(default_factory=list)
    boxes: list[Box] = field(default_factory=list)
    # The view's options as the parts read them (read once: a frame is drawn in well under a millisecond).
    selected: Tile | None = field(init=False)
    wrong: WrongAttempt | None = field(init=False)
    shown: frozenset[int] = field(init=False)  # seats drawn face up: the viewer and ``view.face_up``
    badges: dict[int, Badge] = field(init=False)
    loose: dict[int, tuple[Tile, ...]] = field(init=False)
    labels: dict[str, str] = field(init=False)

    def __post_init__(self) -> None:
        view = self.view
        self.selected, self.wrong, self.shown = view.selected_tile, view.wrong_attempt, view.shown_seats
        self.badges, self.loose, self.labels = view.badge_of, view.loose_tiles, dict(view.labels)  # type: ignore[arg-type]

    @property
    def scale(self) -> float:
        return self.view.scale

    @property
    def mark_width(self) -> int:
        """The width of outlines and rings at this scale."""
        return scaled(self.theme.mark_width, self.view.scale)

    @property
    def canvas(self) -> Rect:
        return Rect(0, 0, *self.image.size)

    def label(self, key: str | None) -> str | None:
        """The caller's translated text for a role or badge key, if it gave one."""
        return self.labels.get(key) if key else None

    @property
    def hidden(self) -> frozenset[str]:
        """What the view conceals (``"stock_count"``, ``"end_numbers"``)."""
        return self.view.hidden

    def add(self, box: Box) -> None:
        """Note something drawn: a highlight's label keeps clear of it, and tests check what overlaps."""
        self.boxes.append(box)
