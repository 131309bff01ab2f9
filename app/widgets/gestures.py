"""One path for every gesture on a table, shared by the lesson page and the Play page: a tap on the picture (or its
button twin) becomes a move, the move goes to the engine through the table it is made on, and whatever did not make
a move says why. Each page hands over its table as a `Table`; nothing here knows lessons or matches."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import streamlit as st

from app.i18n import Words
from app.state import Taps
from app.widgets.picture import pending_tap
from engine import Draw, Move, Pass, Play, Position, Tile
from render import HandTile, OpenEnd, Region, SeatTiles, Stock
from wording import Message, Ref

#: A gesture as a widget callback hands it on: one of this module's `lift`, `play_at`, `make`, with its argument.
Gesture = Callable[..., None]


class Table(Protocol):
    """What a gesture acts on: the learner's seat at a lesson step's table or at the Play page's match."""

    @property
    def viewer(self) -> int:
        """The seat the learner plays (their tiles are the ones a tap lifts)."""

    @property
    def hand(self) -> tuple[Tile, ...]:
        """The learner's tiles."""

    @property
    def selected(self) -> Tile | None:
        """The lifted tile, if any."""

    def blocked(self) -> Message | None:
        """Why the learner cannot act on this table now (the step is done, it is another seat's turn ...); None
        when they can."""

    def select(self, tile: Tile) -> None:
        """Lift ``tile``, or put it back when it is lifted already."""

    def move(self, move: Move) -> bool:
        """Make ``move`` through the engine; False when it was refused (the table keeps the refusal, the engine's
        reason in words, to show)."""

    def seat(self, seat: int) -> Ref:
        """A seat named as the learner sees it ("your partner")."""


def lift(taps: Taps, table: Table, tile: Tile) -> None:
    """Lift a tile of the learner's hand, or put it back when it is lifted already."""
    taps.clear()
    if _can_act(taps, table):
        if tile in table.hand:
            table.select(tile)
        else:
            taps.notice = Message("notice.empty_felt")


def play_at(taps: Taps, table: Table, end: str | None) -> None:
    """Play the lifted tile at an end (``None``: the lead on an empty table); a refused play is drawn crossed out."""
    taps.clear()
    if not _can_act(taps, table):
        return
    tile = table.selected
    if tile is None:
        taps.notice = Message("notice.pick_tile")
    elif not table.move(Play(tile, end)):  # type: ignore[arg-type]  # (the engine checks the end's name)
        taps.wrong = (tile, end)


def make(taps: Taps, table: Table, move: Move) -> None:
    """A move with no tile to lift first: draw or pass."""
    taps.clear()
    if _can_act(taps, table):
        table.move(move)


def tap(taps: Taps, table: Table, region: Region | None) -> None:
    """A tap on the picture, resolved through its click map (None: the empty felt)."""
    if isinstance(region, HandTile) and region.seat == table.viewer:
        lift(taps, table, region.tile)
    elif isinstance(region, OpenEnd):
        play_at(taps, table, region.end if region.kind == "end" else None)
    elif isinstance(region, Stock):
        make(taps, table, Draw())
    else:
        taps.clear()
        if not _can_act(taps, table):
            return
        if isinstance(region, SeatTiles | HandTile):  # another seat's tiles, face down or shown
            taps.notice = Message.of("notice.other_tiles", seat=table.seat(region.seat))
        else:
            taps.notice = Message("notice.empty_felt")


def take_tap(key: str, taps: Taps, showing: tuple[Any, Any], table: Table | None,
             acted: Callable[[], None]) -> None:
    """Handle the last tap on the picture kept under ``key`` once, on the picture it was made on: ``showing`` names
    the table on show now (as `Taps.click_map` records it), and a tap made on another one means nothing any more.
    ``acted`` runs first for every new tap (an action: the page brings its feedback into view)."""
    made = pending_tap(key, taps.handled)
    if made is None:
        return
    taps.handled = made.stamp
    acted()
    shown = taps.click_map
    if table is not None and shown is not None and shown[:2] == showing:
        tap(taps, table, made.region(shown[2]))


def buttons(words: Words, position: Position, table: Table, on_gesture: Callable[..., None], *, prefix: str = "",
            disabled: bool = False, highlighted: frozenset[str] = frozenset()) -> None:
    """The button twins of every tap: the learner's tiles, the ends (or the lead), Draw and Pass — Draw is offered
    even without a stock, and the engine then says why not. Each button calls ``on_gesture(gesture, argument)``.
    ``prefix`` starts every key; ``highlighted`` names the buttons a lesson marks (``draw``, ``pass``)."""
    selected = table.selected
    if table.hand:
        st.caption(words("player.your_tiles"))
    with st.container(horizontal=True, gap="small"):
        for tile in table.hand:
            lifted = tile == selected
            st.button(str(tile), key=f"{prefix}tile_{tile}", type="primary" if lifted else "secondary",
                      icon=":material/arrow_upward:" if lifted else None, disabled=disabled,
                      on_click=on_gesture, args=(lift, tile))
    st.caption(words("player.ends"))
    with st.container(horizontal=True, gap="small"):
        if position.ends is None:
            st.button(words("player.lead_button"), key=f"{prefix}end_lead", disabled=disabled,
                      on_click=on_gesture, args=(play_at, None))
        else:
            for end, number in position.open_ends:  # two, or a spinner's four
                label = words("player.end_button", end=words(f"end.{end}"), number=number)
                st.button(label, key=f"{prefix}end_{end}", icon=":material/adjust:", disabled=disabled,
                          on_click=on_gesture, args=(play_at, end))
        for name, move, icon in (("draw", Draw(), ":material/download:"), ("pass", Pass(), ":material/block:")):
            st.button(words(f"button.{name}"), key=f"{prefix}{name}", icon=icon, disabled=disabled,
                      type="primary" if name in highlighted else "secondary",
                      on_click=on_gesture, args=(make, move))


def _can_act(taps: Taps, table: Table) -> bool:
    reason = table.blocked()
    taps.notice = reason
    return reason is None
