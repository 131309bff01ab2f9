"""The class tables on the Teacher page: open tables for the class (which table, its target, how long a learner may
take for a move before the computer plays it), see them all at a glance (score, whose turn, time since the last
move), and watch one — its hands hidden until the hand is over. Only nicknames are shown, never a code.
"""

from __future__ import annotations

from datetime import UTC, datetime

import streamlit as st

from app.i18n import Words, plain
from app.library import library
from app.pages import table_phone
from app.state import current_visit
from app.storage.classes import SchoolClass
from app.storage.tables_sql import TableNow, open_tables
from app.widgets.play_table import table_picture
from play.class_match import IDLE_LIMITS, OVER, WAITING

SCOPE = table_phone.SCOPE
WATCH_KEY = "teacher_tables_watch"  # session state: the id of the table the teacher watches
REFRESH_SECONDS = 2


def section(school_class: SchoolClass, words: Words) -> None:
    """The class tables part of an open class: a form to open tables, and the overview (or the table watched)."""
    mine = Words(words.texts, words.lang, SCOPE)
    st.subheader(mine("class_table.teacher.title"), anchor=False)
    store = open_tables()
    if store is None:
        st.warning(mine("class_table.unavailable"), icon=":material/cloud_off:")
        return
    with st.expander(mine("class_table.teacher.open_title")):
        st.caption(mine("class_table.teacher.intro"))
        table, players, target = table_phone.open_form_values(mine, words, "teacher")
        idle = st.number_input(mine("class_table.teacher.idle"), min_value=IDLE_LIMITS[0], max_value=IDLE_LIMITS[1],
                               value=table_phone.DEFAULT_IDLE, step=5, key="teacher_table_idle")
        count = st.number_input(mine("class_table.teacher.count"), min_value=1, max_value=12, value=1,
                                key="teacher_table_count")
        if st.button(mine("class_table.open"), key="teacher_table_open", icon=":material/add:", type="primary"):
            for _ in range(int(count)):
                store.open(school_class.code, table, players=players, target=target, idle=int(idle))
            st.success(mine("class_table.teacher.opened", count=int(count)), icon=":material/check_circle:")
    st.session_state["teacher_tables_class"] = school_class.code
    _overview()


@st.fragment(run_every=REFRESH_SECONDS)
def _overview() -> None:
    """Every table of the class as it is now (read again every two seconds), or the one watched."""
    visit = current_visit()
    texts = library().texts
    words, mine = Words(texts, visit.settings.lang), Words(texts, visit.settings.lang, SCOPE)
    play_words = Words(texts, visit.settings.lang, table_phone.PLAY_SCOPE)
    store, code = open_tables(), st.session_state.get("teacher_tables_class")
    if store is None or not code or visit.account.teacher is None:
        return
    watched = st.session_state.get(WATCH_KEY)
    if watched:
        table = store.read(watched)
        if table is not None and table.class_code == code:
            _watch(table, words, play_words, mine, visit.settings.classroom)
            return
        st.session_state[WATCH_KEY] = None
    tables = store.tables(code)
    if not tables:
        st.caption(mine("class_table.teacher.none_open"))  # (the learners' own words say "wait for your teacher")
        return
    now = datetime.now(UTC)
    rows = [_row(_number(table, place), table, words, mine, now) for place, table in enumerate(tables, start=1)]
    header = [mine(f"class_table.teacher.column_{name}") for name in ("table", "seats", "score", "turn", "since")]
    st.table({name: [row[index] for row in rows] for index, name in enumerate(header)})
    with st.container(horizontal=True):
        for place, table in enumerate(tables, start=1):
            st.button(mine("class_table.teacher.watch", number=_number(table, place)), key=f"teacher_watch_{table.id}",
                      icon=":material/visibility:", on_click=_on_watch, args=(table.id,))


def _number(table: TableNow, place: int) -> int:
    """The table's number in the class (its place in the list for a table opened before tables were numbered)."""
    return table.number if table.number > 0 else place


def _row(number: int, table: TableNow, words: Words, mine: Words, now: datetime) -> list[str]:
    """One table in the overview: its number and kind, who sits where, the score, whose turn, the last move's age."""
    match = table.match
    kind = words(f"tables.preset.{match.game.setup.table}")
    name = f"{mine('class_table.numbered.table', number=number)}: {kind[:1].upper()}{kind[1:]}"
    seats = ", ".join(_name(table, seat, mine) for seat in range(len(table.seats)))
    return [name, seats, score_text(table, mine), _turn_text(table, mine), since_text(table, words, mine, now)]


def _name(table: TableNow, seat: int, mine: Words, away: bool = True) -> str:
    """Who sits at a seat: the nickname (marked, with ``away``, when the computer plays for a learner away), or the
    computer."""
    sitting = table.seats[seat]
    if not sitting.nickname:
        return mine("class_table.computer")
    name = plain(sitting.nickname)
    return mine("class_table.away_name", name=name) if sitting.away and away else name


def score_text(table: TableNow, mine: Words) -> str:
    """The match's score, each side named by who sits there ("Ana/Carla 27 – Ben/Dion 35"), so it is clear whose
    score is whose; a table that has not started yet has no score to show."""
    match = table.match
    if match.state == WAITING:
        return "–"
    rules = match.game.rules
    sides: list[list[str]] = [[] for _ in match.game.match.scores]
    for seat in range(len(table.seats)):
        sides[rules.side_of(seat) if rules.partners else seat].append(_name(table, seat, mine, away=False))
    return " – ".join(f"{'/'.join(names)} {score}" for names, score in zip(sides, match.game.match.scores,
                                                                          strict=True))


def since_text(table: TableNow, words: Words, mine: Words, now: datetime) -> str:
    """How long ago the table last changed: just now, then in seconds for the first minute (an idle seat's limit is
    in seconds), then in minutes."""
    seconds = max(0, int((now - table.moved_at).total_seconds()))
    if seconds < 2:  # (never "1 seconds ago")
        return words("teacher.seen.now")
    if seconds < 60:
        return mine("class_table.teacher.seconds", seconds=seconds)
    return words("teacher.seen.minutes", count=seconds // 60)


def _turn_text(table: TableNow, mine: Words) -> str:
    match = table.match
    if match.state == WAITING:
        return mine("class_table.state_waiting", count=len(match.learners))
    if match.state == OVER:
        return mine("class_table.teacher.over")
    if match.to_move is None:
        return mine("class_table.teacher.count_shown")
    seat = table.seats[match.to_move]
    if seat.nickname is None:
        return mine("class_table.teacher.turn_computer", seat=match.to_move + 1)
    return mine("class_table.teacher.turn", name=plain(seat.nickname))


def _watch(table: TableNow, words: Words, play_words: Words, mine: Words, classroom: bool) -> None:
    """One table as the teacher watches it: every hand face down until the hand is over, the score, whose turn."""
    match = table.match
    st.button(mine("class_table.teacher.back"), key="teacher_watch_back", icon=":material/arrow_back:",
              type="tertiary", on_click=_on_watch, args=(None,))
    st.subheader(table_phone.numbered_name(table, play_words, mine), anchor=False)
    names = [f"{_name(table, number, mine)} ({number + 1})" for number in range(len(table.seats))]
    st.caption(" · ".join(names))
    header = [mine(f"class_table.teacher.column_{name}") for name in ("score", "turn", "since")]
    now = datetime.now(UTC)  # above the picture: the score, whose turn and the last move's age, read at a glance
    st.markdown(" · ".join(f"**{name}:** {value}" for name, value in zip(
        header, (score_text(table, mine), _turn_text(table, mine), since_text(table, words, mine, now)),
        strict=True)))
    st.caption(mine("class_table.teacher.hidden"))
    table_picture(match.game, None, None, play_words, classroom, on_tap=None, viewer=0, to_move=False,
                  key="teacher_table_picture", watching=True,
                  names={number: seat.nickname or mine("class_table.computer")
                         for number, seat in enumerate(table.seats)})
    st.button(mine("class_table.teacher.close"), key="teacher_table_close", icon=":material/close:",
              on_click=_on_close, args=(table.id, table.class_code))


def _on_watch(table_id: str | None) -> None:
    st.session_state[WATCH_KEY] = table_id


def _on_close(table_id: str, class_code: str) -> None:
    store = open_tables()
    if store is not None:
        store.close(table_id, class_code)
    st.session_state[WATCH_KEY] = None
