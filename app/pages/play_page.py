"""The Play page (``/play``): a whole match against the computer, tapped like the lessons, with the coach.

The match lives in the session (a lost connection keeps it) and its record in the address (``?game=...``), so a
reload rebuilds it move for move. After the learner's move the computers make all theirs in the same run, and the
browser shows the table after each of them for a moment (as a lesson plays its scripted replies), so the learner
can follow them while the server is already free; the picture answers a tap at once, on the table as it ends.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import streamlit as st

from app import navigation, urls
from app.i18n import Words
from app.library import library
from app.state import Taps, Visit, current_visit, tab_state
from app.storage.browser import FEEDBACK_KEY
from app.widgets import common, gestures, play_review
from app.widgets.play_table import (
    IMAGE_KEY,
    coach_box,
    count_panel,
    hand_record,
    happened,
    match_summary,
    table_picture,
)
from engine import PRESETS, Move, Position, Rules, Tile
from play import LEVELS
from play.game import LEARNER, BadRecord, Game, Setup, new_seed
from wording import Message, Ref, refusal
from wording.seats import seat_key

SCOPE = "play"  # the texts file of this page and of the coach: lessons/texts/<lang>/play.toml
STATE_KEY = "play"
GAME_PARAM = "game"
#: Seconds the browser shows the table after each computer move before the next (0: the last table at once).
PACE = float(os.environ.get("LAPLAZA_PLAY_PACE", "0.9"))


@dataclass
class PlayState:
    """What the page remembers between runs besides the game: the lifted tile, the taps' bookkeeping (the picture
    last shown, the last tap handled, what a tap that did nothing says, the refused attempt drawn crossed out) and
    the engine's refusal of that attempt in words."""

    game: Game | None = None
    selected: Tile | None = None
    taps: Taps = field(default_factory=Taps)  # its click map: (hand, moves played, click map) of the picture shown
    error: Message | None = None
    record_read: str | None = None  # the address record this session already took in
    between: list[Position] = field(default_factory=list)  # computer moves made after the last run, to play out
    review: play_review.ReviewState | None = None  # the review of the learner's moves, once asked for


@dataclass(frozen=True)
class PlayTable:
    """The match as the gestures see it (`app.widgets.gestures.Table`): the learner's seat, their lifted tile, and the
    engine's refusal of a move kept to show."""

    state: PlayState
    game: Game

    @property
    def viewer(self) -> int:
        """The learner's seat."""
        return LEARNER

    @property
    def hand(self) -> tuple[Tile, ...]:
        """The learner's tiles."""
        return tuple(self.game.position.hands[LEARNER])

    @property
    def selected(self) -> Tile | None:
        """The lifted tile."""
        return self.state.selected

    def blocked(self) -> Message | None:
        """Why the learner cannot move now: the hand is over, or another seat is to move."""
        if self.game.hand_over:
            return Message("play.hand_over")
        if not self.game.learner_to_move:
            return Message.of("play.wait", seat=self.seat(self.game.position.to_move))
        return None

    def select(self, tile: Tile) -> None:
        """Lift the tile, or put it back."""
        self.state.selected = None if self.state.selected == tile else tile

    def move(self, move: Move) -> bool:
        """The learner's move, through the engine: made, or refused with the engine's reason in words (its tile, end
        and number filled in)."""
        error = self.game.play(move)
        if error is not None:
            self.state.error = refusal(error)
            return False
        self.state.selected = self.state.error = None
        return True

    def seat(self, seat: int) -> Ref:
        """A seat named as the learner sees it."""
        return Ref(seat_key(self.game.rules, LEARNER, seat))


def title(words: Words) -> str:
    """The page's name in the navigation."""
    return words.texts.render(Message("play.title"), words.lang, SCOPE)


def entry_button(words: Words, key: str, primary: bool = False) -> None:
    """A way in to the Play page: from the home page, and at the end of a course's last lesson."""
    label = words.texts.render(Message("play.go"), words.lang, SCOPE)
    if st.button(label, key=key, icon=":material/casino:", type="primary" if primary else "secondary"):
        navigation.go(navigation.PLAY)


def show() -> None:
    """Draw the Play page."""
    lib = library()
    visit = current_visit()
    words = Words(lib.texts, visit.settings.lang, SCOPE)
    state = _state()
    _take_address(visit, state)
    _consume_tap(state)
    st.title(words("play.title"))
    common.notices(visit, words, navigation.PLAY)
    game = state.game
    if game is None:
        _setup_form(state, words)
        urls.follow(visit)
        return
    between, state.between = state.between, []
    _match(game, state, visit, words, between)
    urls.follow(visit, extra={GAME_PARAM: game.record})
    if game.computer_to_move:  # the learner's move is on screen already; the computers move now, all of them, and
        state.between = game.computers_move()  # the next run has the browser play them out one by one
        st.rerun()


def _state() -> PlayState:
    return tab_state(STATE_KEY, PlayState)


def _take_address(visit: Visit, state: PlayState) -> None:
    """A record in the address (a reload, a shared link) rebuilds its match, once; one that cannot be read says so
    and leaves the page ready for a new match."""
    params = urls.incoming(visit)  # None when the address is the one this app wrote last
    record = (params or {}).get(GAME_PARAM)
    if not record or record == state.record_read or (state.game is not None and state.game.record == record):
        return
    state.record_read = record
    try:
        state.game = Game.from_record(record)
    except BadRecord:
        visit.place.notices.append(Message("play.bad_record"))
        return
    _fresh(state)


def _fresh(state: PlayState) -> None:
    """Nothing lifted, refused or noticed: a new hand or match starts."""
    state.selected = state.error = None
    state.taps.clear()


# ----------------------------------------------------------------------------------------------------- setup


def _setup_form(state: PlayState, words: Words) -> None:
    """Choose the table, the computer's strength and the coach, then start."""
    st.markdown(words("play.intro"))
    table = st.selectbox(words("play.table"), PRESETS, format_func=lambda name: words(f"tables.preset.{name}"),
                         key="play_table_pick")
    counts = _player_counts(table)
    players = None
    if len(counts) > 1:
        players = st.segmented_control(words("play.players"), counts, default=counts[0], key="play_players_pick",
                                       required=True)
    level = st.segmented_control(words("play.level"), LEVELS, default="club", required=True,
                                 format_func=lambda name: words(f"play.level_{name}"), key="play_level_pick")
    st.caption(words(f"play.level_{level}_about"))
    coach = st.toggle(words("play.coach"), value=True, key="play_coach_pick", help=words("play.coach_help"))
    if st.button(words("play.start"), key="play_start", type="primary", icon=":material/play_arrow:"):
        state.game = Game.new(Setup(table, players, level, coach, new_seed()))
        _fresh(state)
        st.rerun()


def _player_counts(table: str) -> list[int]:
    counts = []
    for players in (2, 3, 4):
        try:
            Setup(table, players)
        except ValueError:
            continue
        counts.append(players)
    return counts or [Rules.preset(table).players]


# ----------------------------------------------------------------------------------------------------- taps


def _on_tap() -> None:
    _consume_tap(_state())


def _consume_tap(state: PlayState) -> None:
    """Handle the picture's tap once, on the picture it was made on (a tap on a table the game has moved on from
    means nothing now)."""
    game = state.game
    showing = (game.hand_number, len(game.position.history)) if game is not None else (None, None)
    table = PlayTable(state, game) if game is not None else None
    gestures.take_tap(IMAGE_KEY, state.taps, showing, table, partial(_acted, state))


def _gesture(gesture: gestures.Gesture, *args: Any) -> None:
    """A button twin's callback: the gesture on the match's table."""
    state = _state()
    if state.game is not None:
        _acted(state)
        gesture(state.taps, PlayTable(state, state.game), *args)


def _acted(state: PlayState) -> None:
    """An action: the feedback comes into view with the focus (app/storage/browser.py), and an earlier refusal goes."""
    current_visit().taps.acted += 1
    state.error = None


def _next_hand() -> None:
    state = _state()
    current_visit().taps.acted += 1
    if state.game is not None and state.game.hand_over and not state.game.match.is_over:
        state.game.next_hand()
        _fresh(state)
        if state.review is not None:
            state.review.open = False  # its ratings are kept for the next review of this match


def _review() -> None:
    state = _state()
    current_visit().taps.acted += 1
    if state.game is not None and state.game.hand_over:
        state.review = play_review.start(state.game, state.review)


def _new_match() -> None:
    state = _state()
    state.game = None
    state.review = None
    _fresh(state)


# ----------------------------------------------------------------------------------------------------- drawing


def _match(game: Game, state: PlayState, visit: Visit, words: Words, between: list[Position]) -> None:
    """The match under way: the table and its words on the left (first playing out ``between``, the tables before
    each computer move just made), the turn, the buttons and the coach beside it."""
    table = words(f"tables.preset.{game.setup.table}")
    st.caption(words("play.heading", table=table[:1].upper() + table[1:],
                     level=words(f"play.level_{game.setup.level}"), hand=game.hand_number))
    left, right = common.table_and_controls(visit.settings.classroom)
    with left:
        shown = table_picture(game, state.selected, state.taps.wrong, words, visit.settings.classroom,
                              on_tap=_on_tap, between=between, pace=PACE)
        state.taps.click_map = (game.hand_number, len(game.position.history), shown)
    with right:
        with st.container(key=FEEDBACK_KEY):
            _turn(game, state, words)
        happened(game, words)
        if game.hand_over:
            count_panel(game, words)
            _after_hand(game, words)
            play_review.button(words, _review)
        else:
            gestures.buttons(words, game.position, PlayTable(state, game), _gesture, prefix="play_",
                             disabled=not game.learner_to_move)
        coach_box(game, words)
    if game.hand_over and game.match.is_over:
        match_summary(game, words)
    if state.review is not None and state.review.showing(game):
        play_review.panel(game, state.review, words, visit.settings.classroom)
    hand_record(game, words, visit.settings.classroom)
    with st.expander(words("play.leave")):
        st.button(words("play.new_match"), key="play_leave", icon=":material/restart_alt:", on_click=_new_match)


def _turn(game: Game, state: PlayState, words: Words) -> None:
    """Whose turn it is (a computer's only while the computers think, right after the learner's move), what the last
    tap did, and why a move was refused."""
    common.tap_notice(words, state.taps.notice)
    if state.error is not None:
        common.feedback_box("error", words.render(state.error))
    if game.learner_to_move:
        st.markdown(f"**{words('play.your_turn')}**")
    elif not game.hand_over:
        seat = words(seat_key(game.rules, LEARNER, game.position.to_move))
        st.markdown(f":material/hourglass_top: {words('play.thinking', seat=seat)}")


def _after_hand(game: Game, words: Words) -> None:
    """Next hand (the table stays as it was until the learner asks for it), or a new match once it is over."""
    if game.match.is_over:
        st.button(words("play.new_match"), key="play_new_match", type="primary", icon=":material/restart_alt:",
                  on_click=_new_match)
    else:
        st.button(words("play.next_hand"), key="play_next_hand", type="primary", icon=":material/arrow_forward:",
                  on_click=_next_hand)
