"""The class tables on a learner's phone (part of the class page): the class's open tables to sit at or to open, and
the table they sit at, played with the lessons' gesture on the Play page's table. Every move goes to the server
(`app.storage.tables_sql`), which checks it; the phone follows the table with a fragment that reads one number (the
table's version) every second and draws the table again only when it changed, the others' moves shown one by one.
A reload, or another phone signed in as the same learner, finds the learner's seat again. Once a hand is over, each
learner may review their own moves (the Play page's review, built from the server's record for their seat); once the
match is over, or the teacher closed the table, the lobby keeps offering that review under "Your last matches".
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import partial
from typing import Any

import streamlit as st

from app.i18n import Words, plain
from app.library import library
from app.state import Taps, Visit, current_visit, tab_state
from app.storage.browser import FEEDBACK_KEY
from app.storage.tables_sql import SqlTables, TableNow, open_tables
from app.widgets import common, gestures, play_review
from app.widgets.play_table import count_panel, happened, match_summary, remarks_box, scores_text, table_picture
from engine import PRESETS, Move, Rules, Tile
from play.class_match import CLOSED, MIN_LEARNERS, OVER, PLAYING, WAITING, ClassMatch, Refused
from play.game import Setup
from wording import Message, Ref, refusal
from wording.seats import seat_key

SCOPE = "tables"  # lessons/texts/<lang>/tables.toml
PLAY_SCOPE = "play"  # the Play page's words, for the table, the count and the coach drawn as there
STATE_KEY = "class_table_phone"
IMAGE_KEY = "class_table_picture"
#: How often a phone asks for the table's version (seconds).
POLL_SECONDS = float(os.environ.get("LAPLAZA_TABLE_POLL", "1"))
#: Seconds each move by another seat stands on the table before the next.
PACE = float(os.environ.get("LAPLAZA_PLAY_PACE", "0.9"))
DEFAULT_IDLE = 60


@dataclass
class PhoneState:
    """What this tab remembers of its table: which one, what it last drew (version, hand, moves played), the lifted
    tile, the taps' bookkeeping, why the last move was refused, the coach on or off, the coach's advice kept, the
    review of the learner's own moves once asked for, and the finished table whose review the lobby opened."""

    table_id: str | None = None
    shown: tuple[int, int, int] | None = None
    selected: Tile | None = None
    taps: Taps = field(default_factory=Taps)
    error: str | None = None
    coach: bool = True
    advised: dict[tuple[str, int, int], Any] = field(default_factory=dict)
    lobby: tuple[tuple[str, int], ...] | None = None  # the tables listed, with their versions
    review: play_review.ReviewState | None = None
    finished_id: str | None = None  # checked against the server on every run (`finished_table`), never trusted


@dataclass(frozen=True)
class SeatTable:
    """The learner's seat at a class table as the gestures see it (`app.widgets.gestures.Table`): a move goes to the
    server with the version this phone drew."""

    store: SqlTables
    table: TableNow
    learner: str
    seat_number: int
    state: PhoneState
    words: Words  # the Play page's words (the engine's refusals)
    mine: Words  # this page's words (the table's refusals)

    @property
    def viewer(self) -> int:
        """The learner's seat."""
        return self.seat_number

    @property
    def hand(self) -> tuple[Tile, ...]:
        """The learner's tiles."""
        return tuple(self.table.match.game.position.hands[self.seat_number])

    @property
    def selected(self) -> Tile | None:
        """The lifted tile."""
        return self.state.selected

    def blocked(self) -> Message | None:
        """Why the learner cannot move now."""
        match = self.table.match
        if match.game.hand_over:
            return Message("play.hand_over")
        if match.state != PLAYING or match.to_move is None:
            return Message("play.hand_over")
        if match.to_move != self.seat_number:
            return Message.of("play.wait", seat=self.seat(match.to_move))
        return None

    def select(self, tile: Tile) -> None:
        """Lift the tile, or put it back."""
        self.state.selected = None if self.state.selected == tile else tile

    def move(self, move: Move) -> bool:
        """Send the move; the server makes it or says why not (in the learner's words)."""
        shown = self.state.shown
        version = shown[0] if shown is not None else -1
        refused = self.store.move(self.table.id, self.learner, move, version)
        if refused is not None:
            self.state.error = refused_text(refused, self.words, self.mine)
            return False
        self.state.selected = self.state.error = None
        game = self.table.match.game
        # the table before the move is what this phone shows; the run after the click plays out the learner's own
        # move, then any computer's after it (``_between``)
        self.state.shown = (version, game.hand_number, len(game.position.history))
        return True

    def seat(self, seat: int) -> Ref:
        """A seat named as the learner sees it."""
        return Ref(seat_key(self.table.match.game.rules, self.seat_number, seat))


def refused_text(refused: Refused, words: Words, mine: Words) -> str:
    """Why an action at the table was refused, in the learner's language (the engine's reason for an illegal move)."""
    if refused.error is not None:
        return words.render(refusal(refused.error))
    return mine(f"class_table.refused.{refused.code}")


def section(visit: Visit, words: Words) -> None:
    """Draw the class tables part of the class page."""
    mine = Words(words.texts, words.lang, SCOPE)
    play_words = Words(words.texts, words.lang, PLAY_SCOPE)
    store = open_tables()
    learner = visit.account.learner
    if store is None or not learner.class_code:
        st.header(mine("class_table.title"), anchor=False)
        st.info(mine("class_table.unavailable"), icon=":material/cloud_off:")
        return
    state = _state()
    table = _my_table(store, state, learner.key, learner.class_code)
    finished = None
    if table is None and state.finished_id is not None:
        finished = finished_table(store, state.finished_id, learner.key, learner.class_code)
    if table is None and finished is not None:
        _finished(finished, state, visit, learner.key, play_words, mine)
    elif table is None:
        state.finished_id = None
        st.header(mine("class_table.title"), anchor=False)
        _lobby(store, learner.key, learner.class_code, mine, words, play_words)
    else:
        state.finished_id = None
        _consume_tap(store, table, state, learner.key, play_words, mine)
        table = store.read(table.id) or table
        _at_table(store, table, state, visit, learner.key, play_words, mine)
    _follow()


def _state() -> PhoneState:
    return tab_state(STATE_KEY, PhoneState)


def _my_table(store: SqlTables, state: PhoneState, learner: str, class_code: str) -> TableNow | None:
    """The table this learner sits at (the tab's own, or found again after a reload or on a second phone)."""
    if state.table_id is not None:
        table = store.read(state.table_id)
        if (table is not None and table.class_code == class_code and table.match.seat_of(learner) is not None
                and table.match.state != CLOSED):
            return table
    for table in store.tables(class_code):
        if table.match.seat_of(learner) is not None:
            if state.table_id != table.id:
                state.table_id, state.shown, state.selected = table.id, None, None
            return table
    state.table_id = None
    return None


# ----------------------------------------------------------------------------------------------------- the lobby


def _lobby(store: SqlTables, learner: str, class_code: str, mine: Words, words: Words, play_words: Words) -> None:
    """The class's open tables, each seat free or whose, a button per free seat; a way to open a new table; and the
    learner's last finished matches, each with the review of their moves."""
    tables = store.tables(class_code)
    state = _state()
    state.lobby = tuple((table.id, table.version) for table in tables)
    if state.error is not None:
        common.feedback_box("error", state.error)
        state.error = None
    if not tables:
        st.caption(mine("class_table.none_open"))
    for table in tables:
        match = table.match
        with st.container(border=True, key=f"class_table_{table.id}"):
            st.markdown(f"**{numbered_name(table, words, mine)}**")
            st.caption(_state_text(table, mine))
            for number, seat in enumerate(table.seats):
                side = _side_text(match, number, mine)
                if seat.learner is None:
                    st.button(mine("class_table.sit", seat=number + 1, side=side), key=f"sit_{table.id}_{number}",
                              icon=":material/event_seat:", on_click=_on_sit, args=(table.id, number))
                else:
                    st.markdown(mine("class_table.seat_taken_by", seat=number + 1, side=side,
                                     name=plain(seat.nickname or "")))
    with st.expander(mine("class_table.open_title")):
        _open_form(store, class_code, mine, words, "phone")
    _last_matches(store, learner, class_code, mine, words, play_words)


def _last_matches(store: SqlTables, learner: str, class_code: str, mine: Words, words: Words,
                  play_words: Words) -> None:
    """The learner's last finished tables (over, or closed by the teacher), each with how it ended and a button to
    review their moves there: a reload or another phone after the match still finds it."""
    finished = store.finished(class_code, learner)
    if not finished:
        return
    st.subheader(mine("class_table.finished_title"), anchor=False)
    for table in finished:
        seat = table.match.seat_of(learner)
        if seat is None:
            continue
        with st.container(border=True, key=f"finished_table_{table.id}"):
            st.markdown(f"**{numbered_name(table, words, mine)}**")
            st.caption(_result_text(table, seat, play_words, mine))
            st.button(play_words("review.button"), key=f"finished_review_{table.id}", icon=":material/query_stats:",
                      on_click=_on_finished_review, args=(table.id,))


def _result_text(table: TableNow, seat: int, words: Words, mine: Words) -> str:
    """How a finished table ended, in a line: the match over, or closed by the teacher after a hand; the score."""
    game = table.match.game
    scores = scores_text(game, words, seat)
    if game.match.is_over:
        return mine("class_table.finished_over", scores=scores)
    return mine("class_table.finished_closed", hand=game.hand_number, scores=scores)


def finished_table(store: SqlTables, table_id: str, learner: str, class_code: str) -> TableNow | None:
    """The finished table ``table_id`` as the server has it, for a learner of its class who holds a seat there and
    may review it (a hand over); None for anyone else, or for a table still open. A tab's id is checked here."""
    table = store.read(table_id)
    if table is None or table.class_code != class_code or table.match.state not in (OVER, CLOSED):
        return None
    return table if table.reviewable_by(learner) else None


def _finished(table: TableNow, state: PhoneState, visit: Visit, learner: str, words: Words, mine: Words) -> None:
    """A finished table the learner sat at, only read: its name, the way back, who sat where, how the match ended,
    the review of the learner's own moves, and, when the teacher closed the table between hands, that hand's count
    (below the review: on a phone the review the learner asked for starts on the first screen)."""
    seat = table.match.seat_of(learner)
    if seat is None:  # (`finished_table` let only a seated learner through)
        return
    game = table.match.game
    st.header(numbered_name(table, words, mine, short=True), anchor=False)
    _to_lobby_button(mine)
    st.caption(" · ".join(_who_sits(table, seat, words, mine)))
    if game.match.is_over:
        match_summary(game, words, seat)
    else:
        st.markdown(f":material/scoreboard: {_result_text(table, seat, words, mine)}")
    review = state.review
    if review is None or review.seat != seat or not review.showing(game):
        review = state.review = seat_review(table, learner, review)
    if review is not None:
        play_review.panel(game, review, words, visit.settings.classroom)
    if not game.match.is_over:
        count_panel(game, words, seat)


def _to_lobby_button(mine: Words) -> None:
    st.button(mine("class_table.to_lobby"), key="class_table_to_lobby", icon=":material/arrow_back:",
              on_click=_on_to_lobby)


def _on_finished_review(table_id: str) -> None:
    """Open a finished table's review from the lobby, once the server has checked that the learner sat there."""
    store, visit, state = open_tables(), current_visit(), _state()
    visit.taps.acted += 1
    learner = visit.account.learner
    table = None
    if store is not None and learner.class_code:
        table = finished_table(store, table_id, learner.key, learner.class_code)
    state.finished_id = table.id if table is not None else None
    if table is not None:
        state.review = seat_review(table, learner.key, state.review)


def _on_to_lobby() -> None:
    """Back to the class tables from a finished table: only this tab forgets it (no write: the seat stays in the
    record, so the match stays under "Your last matches")."""
    current_visit().taps.acted += 1
    state = _state()
    state.table_id = state.finished_id = None
    state.shown, state.selected, state.review, state.error = None, None, None, None


def open_form_values(mine: Words, words: Words, prefix: str) -> tuple[str, int | None, int]:
    """The table, its player count and its target, as chosen in a form (shared with the Teacher page)."""
    table = st.selectbox(mine("class_table.kind"), PRESETS, key=f"{prefix}_table_kind",
                         format_func=lambda name: words(f"tables.preset.{name}"))
    counts = [players for players in (2, 3, 4) if _allowed(table, players)] or [Rules.preset(table).players]
    players = counts[-1]
    if len(counts) > 1:
        players = st.segmented_control(mine("class_table.players"), counts, default=counts[-1], required=True,
                                       key=f"{prefix}_table_players")
    target = st.number_input(mine("class_table.target"), min_value=10, max_value=1000, step=10,
                             value=Rules.preset(table).target, key=f"{prefix}_table_target_{table}")
    return table, players, int(target)


def _open_form(store: SqlTables, class_code: str, mine: Words, words: Words, prefix: str) -> None:
    table, players, target = open_form_values(mine, words, prefix)
    if st.button(mine("class_table.open"), key=f"{prefix}_table_open", icon=":material/add:", type="primary"):
        store.open(class_code, table, players=players, target=target, idle=DEFAULT_IDLE)
        st.rerun()


def _allowed(table: str, players: int) -> bool:
    try:
        Setup(table, players)
    except ValueError:
        return False
    return True


def _on_sit(table_id: str, seat: int) -> None:
    store, visit, state = open_tables(), current_visit(), _state()
    visit.taps.acted += 1
    if store is None:
        return
    refused = store.sit(table_id, visit.account.learner.key, seat)
    if refused is not None:
        state.error = Words(library().texts, visit.settings.lang, SCOPE)(f"class_table.refused.{refused.code}")
        return
    state.table_id, state.shown, state.selected, state.error = table_id, None, None, None


# ----------------------------------------------------------------------------------------------------- the table


def _at_table(store: SqlTables, table: TableNow, state: PhoneState, visit: Visit, learner: str, words: Words,
              mine: Words) -> None:
    """The learner's table: who sits where, the table to tap (the others' moves since the last drawing played out
    one by one), whose turn, the buttons, the coach, and the count when the hand is over."""
    match = table.match
    seat = match.seat_of(learner)
    if seat is None:  # the match is over and shown once more
        seat = 0
    game = match.game
    # the section's heading at a table (no second one), short: on a phone the hand must still show above the fold
    st.header(numbered_name(table, words, mine, short=True), anchor=False)
    st.caption(" · ".join(_who_sits(table, seat, words, mine)))
    if match.state == WAITING:
        state.shown = (match.version, game.hand_number, len(game.position.history))
        _waiting(table, mine)
        return
    if match.seats[seat].away:
        st.warning(mine("class_table.away"), icon=":material/smart_toy:")
        st.button(mine("class_table.back"), key="class_table_back", type="primary", icon=":material/waving_hand:",
                  on_click=_on_table_action, args=("back",))
    between = _between(match, state)
    state.shown = (match.version, game.hand_number, len(game.position.history))
    seat_table = SeatTable(store, table, learner, seat, state, words, mine)
    my_turn = match.to_move == seat
    _turn(table, seat, words, mine)  # above the picture: on a phone the next thing to do is never below the fold
    left, right = common.table_and_controls(visit.settings.classroom)
    with left:
        drawn = table_picture(game, state.selected, state.taps.wrong, words, visit.settings.classroom,
                              on_tap=_on_tap, between=between, pace=PACE, viewer=seat, to_move=my_turn,
                              key=IMAGE_KEY)
        state.taps.click_map = (game.hand_number, len(game.position.history), drawn)
    with right:
        with st.container(key=FEEDBACK_KEY):
            common.tap_notice(words, state.taps.notice)
            if state.error is not None:
                common.feedback_box("error", state.error)
        if my_turn:
            st.caption(mine("class_table.your_time", seconds=match.idle))
        happened(game, words, seat)
        if game.hand_over:
            count_panel(game, words, seat)
            if match.state == PLAYING:
                st.button(words("play.next_hand"), key="class_table_next_hand", type="primary",
                          icon=":material/arrow_forward:", on_click=_on_table_action, args=("next_hand",))
            play_review.button(words, _on_review)
        else:
            gestures.buttons(words, game.position, seat_table, _gesture, prefix="table_", disabled=not my_turn)
        state.coach = st.toggle(words("play.coach"), value=state.coach, key="class_table_coach",
                                help=mine("class_table.coach_help"))
        if state.coach:
            remarks_box(_coach(table, seat, state), words)
    if match.state == OVER:
        match_summary(game, words, seat)
    if state.review is not None and state.review.showing(game):
        play_review.panel(game, state.review, words, visit.settings.classroom)
    if match.state == OVER:  # nothing to leave: the seat stays in the record, only this tab goes back
        _to_lobby_button(mine)
        return
    with st.expander(mine("class_table.leave_title")):
        st.button(mine("class_table.leave"), key="class_table_leave", icon=":material/logout:",
                  on_click=_on_table_action, args=("leave",))


def _between(match: ClassMatch, state: PhoneState) -> list[Any]:
    """The tables to play out before this one: one after each move made since this phone last drew the table but
    the last (the final table). The table the phone already shows is not played again: a single move by the seat
    before is drawn at once, not after a pause on the old table."""
    shown = state.shown
    if shown is None or shown[0] == match.version:
        return []
    return match.positions_since(shown[1], shown[2])[1:]


def _coach(table: TableNow, seat: int, state: PhoneState) -> list[Any]:
    """The coach's remarks to this seat, and its word on the learner's last play (worked out once)."""
    match = table.match
    said = list(match.coach(seat))
    history = match.game.position.history
    last = max((index for index, event in enumerate(history) if event.seat == seat), default=-1)
    key = (table.id, match.game.hand_number, last)  # the advice is on the seat's own last move: worked out once
    if key not in state.advised:
        state.advised = {key: match.advice(seat)}
    if state.advised[key] is not None:
        said.append(state.advised[key])
    return said


def _waiting(table: TableNow, mine: Words) -> None:
    """Before the match: who sits where, and the start once two learners sit."""
    learners = len(table.match.learners)
    st.info(mine("class_table.waiting", count=learners, needed=MIN_LEARNERS), icon=":material/hourglass_top:")
    st.button(mine("class_table.start"), key="class_table_start", type="primary", icon=":material/play_arrow:",
              disabled=learners < MIN_LEARNERS, on_click=_on_table_action, args=("start",))
    st.button(mine("class_table.leave"), key="class_table_leave", icon=":material/logout:",
              on_click=_on_table_action, args=("leave",))


def _turn(table: TableNow, seat: int, words: Words, mine: Words) -> None:
    """Whose turn it is (the learner's own, with the time they have; or who is thinking, by seat and nickname), or
    what to do once the hand is over."""
    match = table.match
    to_move = match.to_move
    if match.game.hand_over and match.state == PLAYING:
        st.markdown(f":material/scoreboard: **{mine('class_table.refused.hand_over')}**")
        return
    if to_move is None:
        return
    if to_move == seat:
        st.markdown(f"**{words('play.your_turn')}**")
    else:
        name = words(seat_key(match.game.rules, seat, to_move))
        who = table.seats[to_move].nickname
        text = mine("class_table.turn_of", seat=name, name=plain(who)) if who else mine(
            "class_table.turn_of_computer", seat=name)
        st.markdown(f":material/hourglass_top: {text}")


def _who_sits(table: TableNow, viewer: int, words: Words, mine: Words) -> list[str]:
    rules = table.match.game.rules
    shown = []
    for number in [(viewer + offset) % rules.players for offset in range(rules.players)]:
        seat = table.seats[number]
        role = words(seat_key(rules, viewer, number))
        name = plain(seat.nickname) if seat.nickname else mine("class_table.computer")
        if seat.away:
            name = mine("class_table.away_name", name=name)
        shown.append(f"{role}: {name}")
    return shown


def numbered_name(table: TableNow, words: Words, mine: Words, short: bool = False) -> str:
    """The table's number in the class and its name ("Table 3 · Partnership: 4 players, to 100 points"; ``short``:
    "Table 3 · Partnership", the score line says the target): the number the teacher's overview shows too."""
    name = table_name(table.match, words, mine)
    if short:
        kind = words(f"tables.preset.{table.match.game.setup.table}")
        name = kind[:1].upper() + kind[1:]
    if table.number <= 0:
        return name
    return f"{mine('class_table.numbered.table', number=table.number)} · {name}"


def table_name(match: ClassMatch, words: Words, mine: Words) -> str:
    """The table's name: its kind, players and target ("Partnership, 4 players, to 100")."""
    name = words(f"tables.preset.{match.game.setup.table}")
    return mine("class_table.name", table=name[:1].upper() + name[1:], players=match.game.rules.players,
                target=match.game.rules.target)


def _state_text(table: TableNow, mine: Words) -> str:
    match = table.match
    if match.state == WAITING:
        return mine("class_table.state_waiting", count=len(match.learners))
    scores = " – ".join(str(score) for score in match.game.match.scores)
    return mine("class_table.state_playing", hand=match.game.hand_number, scores=scores)


def _side_text(match: ClassMatch, seat: int, mine: Words) -> str:
    rules = match.game.rules
    if not rules.partners:
        return ""
    return mine("class_table.side", side="A" if rules.side_of(seat) == 0 else "B")


# ----------------------------------------------------------------------------------------------------- actions


def _current() -> tuple[SqlTables, TableNow, PhoneState, str, Words, Words] | None:
    store, visit, state = open_tables(), current_visit(), _state()
    if store is None or state.table_id is None:
        return None
    table = store.read(state.table_id)
    if table is None:
        return None
    texts = library().texts
    return (store, table, state, visit.account.learner.key, Words(texts, visit.settings.lang, PLAY_SCOPE),
            Words(texts, visit.settings.lang, SCOPE))


def _on_table_action(action: str) -> None:
    """Start, next hand, back, leave: sent to the server, which checks them (a double press acts once)."""
    current_visit().taps.acted += 1
    found = _current()
    if found is None:
        return
    store, table, state, learner, words, mine = found
    version = state.shown[0] if state.shown is not None else table.version
    if action == "start":
        refused = store.start(table.id, learner)
    elif action == "next_hand":
        refused = store.next_hand(table.id, learner, version)
    elif action == "back":
        refused = store.back(table.id, learner)
    else:
        refused = store.leave(table.id, learner)
        state.table_id = None
    state.error = None if refused is None or refused.code == "stale" else refused_text(refused, words, mine)


def _on_review() -> None:
    """Open the review of the learner's own moves at this table."""
    current_visit().taps.acted += 1
    found = _current()
    if found is not None:
        _, table, state, learner, _, _ = found
        state.review = seat_review(table, learner, state.review) or state.review


def seat_review(table: TableNow, learner: str, current: play_review.ReviewState | None
                ) -> play_review.ReviewState | None:
    """The review of ``learner``'s decisions at ``table`` as the server recorded it (the ratings of ``current`` kept
    when it is of the same seat and match), from their seat's view only, once a hand is over; None for a learner not
    seated there, or while the hand is played. The table is only read."""
    seat = table.match.seat_of(learner)
    if seat is None or not table.reviewable_by(learner):
        return None
    return play_review.start(table.match.game, current, seat)


def _on_tap() -> None:
    found = _current()
    if found is not None:
        store, table, state, learner, words, mine = found
        _consume_tap(store, table, state, learner, words, mine)


def _consume_tap(store: SqlTables, table: TableNow, state: PhoneState, learner: str, words: Words,
                 mine: Words) -> None:
    """Handle the picture's tap once, on the table it was made on."""
    seat = table.match.seat_of(learner)
    if seat is None:
        return
    game = table.match.game
    showing = (game.hand_number, len(game.position.history))
    seat_table = SeatTable(store, table, learner, seat, state, words, mine)
    gestures.take_tap(IMAGE_KEY, state.taps, showing, seat_table, partial(_acted, state))


def _gesture(gesture: gestures.Gesture, *args: Any) -> None:
    """A button twin's callback: the gesture on the learner's seat."""
    found = _current()
    if found is None:
        return
    store, table, state, learner, words, mine = found
    seat = table.match.seat_of(learner)
    if seat is not None:
        _acted(state)
        gesture(state.taps, SeatTable(store, table, learner, seat, state, words, mine), *args)


def _acted(state: PhoneState) -> None:
    current_visit().taps.acted += 1
    state.error = None


# ----------------------------------------------------------------------------------------------------- following


@st.fragment(run_every=POLL_SECONDS)
def _follow() -> None:
    """Every second: whether the page is to be drawn again (`redraw_due`), from one small read."""
    store = open_tables()
    if store is not None and redraw_due(_state(), store, current_visit().account.learner.class_code):
        st.rerun()


def redraw_due(state: PhoneState, store: SqlTables, class_code: str) -> bool:
    """Whether this tab's page is to be drawn again: at a table, when its version changed or it is due to move by
    itself (an idle seat, the next hand: this phone then advances it, once for all); in the lobby, when a table
    opened or someone sat or left; never while a finished table's review is read (nothing there changes)."""
    if state.table_id is None:
        if state.finished_id is not None or state.lobby is None:
            return False
        return store.versions(class_code) != state.lobby
    found = store.version(state.table_id)
    if found is None:
        return True
    version, due = found
    if due is not None and due <= datetime.now(UTC):
        table = store.read(state.table_id)
        version = table.version if table is not None else version
    return state.shown is None or version != state.shown[0]
