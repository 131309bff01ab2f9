"""What a caller asks of a picture: ``TableView`` (whose view, what is selected, marked, hidden, how large) and the
values it carries (``Highlight``, ``WrongAttempt``). Pure data, checked when made; nothing here draws."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from engine import End, Tile

from .theme import DEFAULT_CANVAS, Theme

TileLike = Tile | str
Badge = Literal["pass", "draw"]
HighlightKind = Literal["end", "tile", "arrow", "seat"]
Concealable = Literal["stock_count", "end_numbers"]
CONCEALABLE: tuple[Concealable, ...] = ("stock_count", "end_numbers")
_NEEDS: dict[str, tuple[str, ...]] = {"end": ("end",), "tile": ("tile",), "arrow": ("tile", "end"), "seat": ("seat",)}

def as_tile(value: TileLike | None) -> Tile | None:
    """An engine ``Tile`` from a tile or its text ("6-5"); ``None`` stays ``None``."""
    return None if value is None else Tile.coerce(value)

@dataclass(frozen=True)
class WrongAttempt:
    """A tile the learner tried at an end where it does not go (``end`` is None for a wrong lead)."""

    tile: Tile
    end: End | None

    def __post_init__(self) -> None:
        object.__setattr__(self, "tile", Tile.coerce(self.tile))

@dataclass(frozen=True)
class Highlight:
    """One lesson mark to draw: ``Highlight("tile", tile="6-5", label="fits")``.

    - ``"end"``: a dashed ring on the open end's target cell (``end`` is ``"left"`` or ``"right"``);
    - ``"tile"``: a dashed frame around a tile on the line, in a hand shown face up, or among the loose tiles
      (a face-down tile is never given away: it is left out of the picture and described as not shown);
    - ``"arrow"``: a bold arrow from a tile (in a face-up hand, else on the line) to an open end's target cell;
    - ``"seat"``: a dashed frame around the seat's nameplate (its tiles, when the picture names no seats).

    ``label`` is short text already translated; it is written in a tag beside the mark, shortened with an
    ellipsis if it is too long for the picture. ``tile`` may be given as text; it is kept as a ``Tile``.
    """

    kind: HighlightKind
    end: End | None = None
    tile: Tile | None = None
    seat: int | None = None
    label: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in _NEEDS:
            raise ValueError(f"highlight kind must be one of {', '.join(_NEEDS)}, not {self.kind!r}")
        for name in _NEEDS[self.kind]:
            if getattr(self, name) is None:
                raise ValueError(f"a {self.kind!r} highlight needs {name}=")
        if self.end is not None and self.end not in ("left", "right", "up", "down"):
            raise ValueError(
                f"highlight end must be 'left' or 'right' (or a spinner's 'up' or 'down'), not {self.end!r}")
        object.__setattr__(self, "tile", as_tile(self.tile))
        if self.label is not None and not self.label.strip():
            object.__setattr__(self, "label", None)

def _pairs(value: Mapping | Iterable) -> tuple:
    """A mapping (or pairs) as sorted pairs, so that a view stays hashable."""
    return tuple(sorted(value.items())) if isinstance(value, Mapping) else tuple(value)

@dataclass(frozen=True)
class TableView:
    """How to show a position: whose view, what is selected and marked, size and theme.

    Mappings (``badges``, ``loose``, ``labels``) may be given as dicts; they are stored as sorted pairs so a view
    stays hashable. Tiles may be given as text ("6-5"); they are stored as engine ``Tile`` values.

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
    - ``conceal``: facts the picture must not show while a question asks for them: ``"stock_count"`` (the stock
      is drawn, its number is not) and ``"end_numbers"`` (no numbers written at the open ends, whatever
      ``label_ends`` says; the pips still show). The description leaves them out too and lists them as concealed.
    - ``watching``: someone who plays at no seat looks on from ``viewer``'s place (the teacher at a class table):
      that seat's hand is face down too, unless ``face_up`` names it.
    - ``scale``: how many pixels of the picture per pixel of the canvas; ``size``: the canvas at 1x (default
      360 x 420, a phone, where a canvas pixel is shown about one CSS pixel wide).

    The other tables (``render.scores``):

    - ``scores``: per side, the match's points before this hand; given, a score line per side is written under
      the table (this hand's points added: scored during it, or what its end added), with the target and, where
      reaching it loses (katsika), the side in danger marked.
    - ``scored``: seat → the points its last play scored (all-fives), shown as a "+15" badge beside the seat.
    - ``end_count``: write the open ends' count out under the table ("6 + 3 + 4 = 13").
    - ``out_of_play``: show the tiles nobody holds in a game without a stock, face down and apart, with their count.
    - ``labels`` also names, for these: ``"side_yours"``, ``"side_theirs"`` (two sides), ``"target"`` (the whole
      target line, already written out), ``"danger"``, ``"count"`` and ``"out_of_play"``.
    """

    viewer: int = 0
    selected: TileLike | None = None
    hint: bool = False
    dim_unplayable: bool = False
    face_up: frozenset[int] | Iterable[int] = frozenset()
    wrong: WrongAttempt | tuple[TileLike, End | None] | None = None
    badges: Mapping[int, Badge] | tuple[tuple[int, Badge], ...] = ()
    label_ends: bool = False
    loose: Mapping[int, Sequence[TileLike]] | tuple[tuple[int, tuple[Tile, ...]], ...] = ()
    labels: Mapping[str, str] | tuple[tuple[str, str], ...] = ()
    mark_last: bool = True
    show_turn: bool = True
    highlights: Sequence[Highlight] = ()
    conceal: frozenset[Concealable] | Iterable[Concealable] = frozenset()
    scores: Sequence[int] = ()
    scored: Mapping[int, int] | tuple[tuple[int, int], ...] = ()
    end_count: bool = False
    out_of_play: bool = False
    watching: bool = False
    scale: float = 1.0
    theme: str | Theme = "light"
    size: tuple[int, int] = DEFAULT_CANVAS

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "selected", as_tile(self.selected))
        set_(self, "face_up", frozenset(self.face_up))
        if self.wrong is not None and not isinstance(self.wrong, WrongAttempt):
            set_(self, "wrong", WrongAttempt(*self.wrong))
        set_(self, "badges", _pairs(self.badges))
        set_(self, "loose", tuple((seat, tuple(Tile.coerce(t) for t in tiles)) for seat, tiles in _pairs(self.loose)))
        set_(self, "labels", _pairs(self.labels))
        set_(self, "highlights", tuple(self.highlights))
        set_(self, "conceal", frozenset((self.conceal,) if isinstance(self.conceal, str) else self.conceal))
        set_(self, "scores", tuple(self.scores))
        set_(self, "scored", _pairs(self.scored))
        self._check()

    def _check(self) -> None:
        for h in self.highlights:
            if not isinstance(h, Highlight):
                raise TypeError(f"highlights must be Highlight values, not {h!r}")
        for seat, kind in self.badge_of.items():
            if kind not in ("pass", "draw"):
                raise ValueError(f"badge for seat {seat} must be 'pass' or 'draw', not {kind!r}")
        for fact in self.hidden:
            if fact not in CONCEALABLE:
                raise ValueError(f"conceal takes {' and '.join(map(repr, CONCEALABLE))}, not {fact!r}")
        if self.scale <= 0:
            raise ValueError(f"scale must be positive, not {self.scale!r}")

    # Typed reads of the normalised fields, for the drawing code.

    @property
    def selected_tile(self) -> Tile | None:
        """The lifted tile, as a ``Tile``."""
        return as_tile(self.selected)

    @property
    def wrong_attempt(self) -> WrongAttempt | None:
        """The wrong attempt, as a ``WrongAttempt``."""
        return self.wrong if isinstance(self.wrong, WrongAttempt) else None

    @property
    def shown_seats(self) -> frozenset[int]:
        """The seats whose tiles are shown face up: ``face_up`` and the viewer (unless only watching)."""
        return frozenset(self.face_up) | (frozenset() if self.watching else {self.viewer})

    @property
    def hidden(self) -> frozenset[str]:
        """What the picture conceals, as a set."""
        return frozenset(self.conceal)

    @property
    def badge_of(self) -> dict[int, Badge]:
        """Seat → badge."""
        return dict(self.badges)  # type: ignore[arg-type]

    @property
    def loose_tiles(self) -> dict[int, tuple[Tile, ...]]:
        """Seat → the loose tiles turned up beside it."""
        return dict(self.loose)  # type: ignore[arg-type]

    @property
    def scored_by(self) -> dict[int, int]:
        """Seat → the points its last play scored."""
        return dict(self.scored)  # type: ignore[arg-type]

    def label(self, key: str | None) -> str | None:
        """The caller's translated text for a role or badge key, if it gave one."""
        return dict(self.labels).get(key) if key else None  # type: ignore[arg-type]
