"""The Play page (``/play``): a whole match against the computer, tapped like the lessons, with the coach.

The match lives in the session (a lost connection keeps it) and its record in the address (``?game=...``), so a
reload rebuilds it move for move. The computers move one per run, each shown for a moment before the next, so the
learner can follow them and the picture answers a tap at once.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from typing import Any

import streamlit as st

from engine import PRESETS, Draw, Pass, Play, Rules, Tile
from play import LEVELS
from play.game import LEARNER, BadRecord, Game, Setup, new_seed
from render import HandTile, OpenEnd, SeatTiles, Stock
from wording import Message, Ref, refusal
from wording.seats import seat_key

from . import navigation, urls, widgets
from .browser import FEEDBACK_KEY
from .i18n import Words
from .library import library
from .picture import pending_tap
from .play_table import IMAGE_KEY, coach_box, count_panel, hand_record, happened, match_summary, table_picture
from .state import Visit, current_visit, tab_state

SCOPE = "play"  # the texts file of this page and of the coach: lessons/texts/<lang>/play.toml
STATE_KEY = "play"
GAME_PARAM = "game"
#: Seconds each computer move stays on the table before the next one (0 under test: all at once).
PACE = float(os.environ.get("LAPLAZA_PLAY_PACE", "0.9"))


@dataclass
class PlayState:
    """What the page remembers between runs besides the game: the lifted tile, the last tap handled, what a tap
    that did nothing says, and the learner's refused attempt (drawn crossed out)."""

    game: Game | None = None
    selected: Tile | None = None
    handled: Any = None
    click_map: tuple[int, int, Any] | None = None  # (hand, moves played, click map) of the picture last shown
    notice: Message | None = None
    wrong: tuple[Tile, str | None] | None = None
    error: Message | None = None
    record_read: str | None = None  # the address record this session already took in


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
    widgets.notices(visit, words, navigation.PLAY)
    game = state.game
    if game is None:
        _setup_form(state, words)
        urls.follow(visit)
        return
    _match(game, state, visit, words)
    urls.follow(visit, extra={GAME_PARAM: game.record})
    _let_computers_move(game, state)


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
    state.selected = state.wrong = state.error = state.notice = None


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
        state.selected = state.wrong = state.error = state.notice = None
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
    """Handle the picture's tap once, on the picture it was made on."""
    tap = pending_tap(IMAGE_KEY, state.handled)
    if tap is None:
        return
    state.handled = tap.stamp
    game, shown = state.game, state.click_map
    if game is None or shown is None or shown[:2] != (game.hand_number, len(game.position.history)):
        return  # a tap on a picture the game has moved on from
    region = tap.region(shown[2])
    if isinstance(region, HandTile) and region.seat == LEARNER:
        _lift(region.tile)
    elif isinstance(region, OpenEnd):
        _play_at(region.end if region.kind == "end" else None)
    elif isinstance(region, Stock):
        _move(Draw())
    elif isinstance(region, SeatTiles | HandTile):
        state.notice = Message.of("notice.other_tiles", seat=Ref(seat_key(game.rules, LEARNER, region.seat)))
    else:
        state.notice = Message("notice.empty_felt")


def _ready(state: PlayState) -> Game | None:
    """The game if the learner may act now; otherwise what to tell them, and None."""
    state.notice = None
    current_visit().taps.acted += 1  # an action: the feedback comes into view with the focus (app/browser.py)
    game = state.game
    if game is None:
        return None
    if game.hand_over:
        state.notice = Message("play.hand_over")
        return None
    if not game.learner_to_move:
        state.notice = Message.of("play.wait", seat=Ref(seat_key(game.rules, LEARNER, game.position.to_move)))
        return None
    return game


def _lift(tile: Tile) -> None:
    """Lift a tile of the learner's hand, or put it back when it is lifted already."""
    state = _state()
    if _ready(state) is None:
        return
    state.wrong = state.error = None
    state.selected = None if state.selected == tile else tile


def _play_at(end: str | None) -> None:
    """Play the lifted tile at an end (``None``: the lead)."""
    state = _state()
    if _ready(state) is None:
        return
    if state.selected is None:
        state.notice = Message("notice.pick_tile")
        return
    _move(Play(state.selected, end))  # type: ignore[arg-type]


def _move(move: Any) -> None:
    """The learner's move, through the engine: made, or refused with its reason (the attempt drawn crossed out)."""
    state = _state()
    game = _ready(state)
    if game is None:
        return
    error = game.play(move)
    if error is None:
        state.selected = state.wrong = state.error = None
        return
    state.error = refusal(error)  # the engine's refusal with its tile, end and number filled in
    if isinstance(move, Play):
        state.wrong = (move.tile, move.end)


def _next_hand() -> None:
    state = _state()
    current_visit().taps.acted += 1
    if state.game is not None and state.game.hand_over and not state.game.match.is_over:
        state.game.next_hand()
        state.selected = state.wrong = state.error = state.notice = None


def _new_match() -> None:
    state = _state()
    state.game = None
    state.selected = state.wrong = state.error = state.notice = None


# ----------------------------------------------------------------------------------------------------- drawing


def _match(game: Game, state: PlayState, visit: Visit, words: Words) -> None:
    """The match under way: the table and its words on the left, the turn, the buttons and the coach beside it."""
    table = words(f"tables.preset.{game.setup.table}")
    st.caption(words("play.heading", table=table[:1].upper() + table[1:],
                     level=words(f"play.level_{game.setup.level}"), hand=game.hand_number))
    left, right = widgets.table_and_controls(visit.settings.classroom)
    with left:
        shown = table_picture(game, state.selected, state.wrong, words, visit.settings.classroom,
                              on_tap=_on_tap)
        state.click_map = (game.hand_number, len(game.position.history), shown)
    with right:
        with st.container(key=FEEDBACK_KEY):
            _turn(game, state, words)
        happened(game, words)
        if game.hand_over:
            count_panel(game, words)
            _after_hand(game, words)
        else:
            _buttons(game, state, words)
        coach_box(game, words)
    if game.hand_over and game.match.is_over:
        match_summary(game, words)
    hand_record(game, words, visit.settings.classroom)
    with st.expander(words("play.leave")):
        st.button(words("play.new_match"), key="play_leave", icon=":material/restart_alt:", on_click=_new_match)


def _turn(game: Game, state: PlayState, words: Words) -> None:
    """Whose turn it is, what the last tap did, and why a move was refused."""
    widgets.tap_notice(words, state.notice)
    if state.error is not None:
        widgets.feedback_box("error", words.render(state.error))
    if game.hand_over:
        return
    if game.learner_to_move:
        st.markdown(f"**{words('play.your_turn')}**")
    else:
        seat = words(seat_key(game.rules, LEARNER, game.position.to_move))
        st.markdown(f":material/hourglass_top: {words('play.thinking', seat=seat)}")


def _buttons(game: Game, state: PlayState, words: Words) -> None:
    """The button twins of every tap: the tiles of the hand, the ends, Draw and Pass (always offered)."""
    position = game.position
    mine = game.learner_to_move
    st.caption(words("player.your_tiles"))
    with st.container(horizontal=True, gap="small"):
        for tile in position.hands[LEARNER]:
            lifted = tile == state.selected
            st.button(str(tile), key=f"play_tile_{tile}", type="primary" if lifted else "secondary",
                      icon=":material/arrow_upward:" if lifted else None, disabled=not mine,
                      on_click=_lift, args=(tile,))
    st.caption(words("player.ends"))
    with st.container(horizontal=True, gap="small"):
        if position.ends is None:
            st.button(words("player.lead_button"), key="play_end_lead", disabled=not mine,
                      on_click=_play_at, args=(None,))
        else:
            for end, number in position.open_ends:
                label = words("player.end_button", end=words(f"end.{end}"), number=number)
                st.button(label, key=f"play_end_{end}", icon=":material/adjust:", disabled=not mine,
                          on_click=_play_at, args=(end,))
        st.button(words("button.draw"), key="play_draw", icon=":material/download:", disabled=not mine,
                  on_click=_move, args=(Draw(),))
        st.button(words("button.pass"), key="play_pass", icon=":material/block:", disabled=not mine,
                  on_click=_move, args=(Pass(),))


def _after_hand(game: Game, words: Words) -> None:
    """Next hand (the table stays as it was until the learner asks for it), or a new match once it is over."""
    if game.match.is_over:
        st.button(words("play.new_match"), key="play_new_match", type="primary", icon=":material/restart_alt:",
                  on_click=_new_match)
    else:
        st.button(words("play.next_hand"), key="play_next_hand", type="primary", icon=":material/arrow_forward:",
                  on_click=_next_hand)


def _let_computers_move(game: Game, state: PlayState) -> None:
    """While a computer is to move: let the table just drawn stand for a moment, make one computer move, and
    draw the page again (each computer move is seen on its own)."""
    if not game.computer_to_move:
        return
    started = time.perf_counter()
    game.computer_step()
    rest = PACE - (time.perf_counter() - started)
    if rest > 0:
        time.sleep(rest)
    st.rerun()
