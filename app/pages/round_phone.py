"""The learner's side of a live round, on the class page: the question under way in their class's round (picture,
question, options as buttons — or, for a "play the tile" question, the table to play on with the lessons' gesture:
tap a tile, then its end, every tap with its button twin), then "answered, waiting", then right or wrong and why —
in the learner's language. A move goes to the server, which has the engine check it: an illegal one is refused with
the engine's reason and the learner may try again while the question is open.

Everything comes from the database: a late joiner, a reload or another app server draws the same question and the
answer already given. A fragment reads the round's one row every few seconds and redraws the page only when its
version changed. No round running: nothing is drawn.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import streamlit as st

from app.i18n import Words
from app.library import library
from app.state import Taps, Visit, current_visit, tab_state
from app.storage.browser import FEEDBACK_KEY
from app.storage.progress import Learner, LearnerGone
from app.storage.progress_sql import DATABASE_ERRORS
from app.storage.rounds_sql import Given, SqlRounds
from app.widgets import common, gestures
from app.widgets.round_question import (
    answer_text,
    draw_table,
    notes,
    option_labels,
    prompt,
    reasons,
    round_words,
    rounds_store,
)
from engine import Move, Position, Tile
from practice.rounds import Asked, Round, RoundRefused
from wording import Message, Ref, refusal
from wording.seats import seat_key

FOLLOW_SECONDS = 1.5
KEY = "round_phone"  # session state: this tab's `Phone`
IMAGE_KEY = "round_table"  # the phone's picture (a tap-to-play question's is tapped)


@dataclass
class Phone:
    """What the round's part of the class page remembers in one tab: the round drawn (its id and version), the
    rounds this tab joined, why the last answer was refused (said once), and for a tap-to-play question the tile
    lifted (with the question it was lifted on) and the taps' bookkeeping."""

    drawn: tuple[str, int] | None = None
    joined: set[str] = field(default_factory=set)
    refused: str | None = None
    lifted: tuple[str, int, Tile] | None = None
    taps: Taps = field(default_factory=Taps)
    question: tuple[str, int] | None = None  # the tap-to-play question drawn last (round id, number)


@dataclass(frozen=True)
class RoundTable:
    """A tap-to-play question's table as the gestures see it (`app.widgets.gestures.Table`): the learner's seat at
    the step's table; a move goes to the server, which has the engine check it and keeps it once."""

    rounds: SqlRounds
    found: Round
    asked: Asked
    learner: Learner
    words: Words  # the rounds' words, in the learner's language

    @property
    def position(self) -> Position:
        """The step's table."""
        step = self.asked.step
        assert step is not None and step.position is not None  # a tap-to-play question is a step with a table
        return step.position

    @property
    def viewer(self) -> int:
        """The learner's seat (the step's)."""
        return self.asked.step.viewer if self.asked.step is not None else 0

    @property
    def hand(self) -> tuple[Tile, ...]:
        """The learner's tiles."""
        return tuple(self.position.hands[self.viewer])

    @property
    def selected(self) -> Tile | None:
        """The tile lifted on this question, if any."""
        lifted = phone().lifted
        if lifted is not None and lifted[:2] == (self.found.id, self.found.number):
            return lifted[2]
        return None

    def blocked(self) -> Message | None:
        """Why no move can be made now (the question is paused or closed); the server says the rest."""
        if self.found.phase == "paused":
            return Message("round.refused.paused")
        if self.found.phase != "open":
            return Message("round.refused.closed")
        return None

    def select(self, tile: Tile) -> None:
        """Lift the tile, or put it back."""
        here = phone()
        here.lifted = None if self.selected == tile else (self.found.id, self.found.number, tile)

    def move(self, move: Move) -> bool:
        """Send the move; False (the reason kept to say) when the server refused it."""
        here = phone()
        refused = answer(self.rounds, self.found.id, self.learner, self.found.number, move, self.words)
        if refused is not None:
            here.refused = refused
            return False
        here.lifted = None
        return True

    def seat(self, seat: int) -> Ref:
        """A seat named as the learner sees it."""
        return Ref(seat_key(self.position.rules, self.viewer, seat))


def phone() -> Phone:
    """This tab's `Phone`."""
    return tab_state(KEY, Phone)


def section(visit: Visit, words: Words) -> None:
    """Draw the class's live round for the signed-in learner (nothing when no round is running)."""
    rounds = rounds_store()
    if rounds is None or not visit.account.signed_in:
        return
    words = round_words(words.texts, words.lang)
    here = phone()
    try:
        found = rounds.current(visit.account.learner.class_code)
        if found is None:
            here.drawn = None
            _follow(None)
            return
        if found.id not in here.joined:
            rounds.join(found, visit.account.learner)
            here.joined.add(found.id)
        asked = rounds.asked(found.item)
        if asked.taps:  # a tap set without its callback (tests, or a lost callback) is still handled once
            _consume_tap(RoundTable(rounds, found, asked, visit.account.learner, words))
        mine = rounds.mine(found.id, visit.account.learner.key)
    except DATABASE_ERRORS:
        st.warning(words("round.failed"), icon=":material/cloud_off:")
        return
    here.drawn = (found.id, found.version)
    with st.container(border=True, key="round_phone"):
        _draw(found, asked, mine, words)
    _follow(found)


def _draw(found: Round, asked: Asked, mine: dict[int, Given], words: Words) -> None:
    """The round's question in its phase, for this learner."""
    here = phone()
    if found.phase == "over":
        right = sum(given.right for given in mine.values())
        st.markdown(f"**{words('round.title')}** · {words('round.over', right=right, size=len(found.items))}")
        return
    st.subheader(words("round.title"), anchor=False)
    st.caption(words("round.number", number=found.number + 1, size=len(found.items)))
    given = mine.get(found.number)
    labels = option_labels(asked, words)
    if here.refused is not None or here.taps.notice is not None:
        with st.container(key=FEEDBACK_KEY):
            common.tap_notice(words, here.taps.notice)
            if here.refused is not None:
                common.feedback_box("error", here.refused)
        here.refused = None
        here.taps.notice = None
    if found.phase == "revealed":
        _result(asked, given, labels, words)
    st.markdown(f"**{prompt(asked, words)}**")
    if asked.taps:
        _tap_to_play(found, asked, given, labels, words)
        return
    if asked.notes:
        st.markdown(notes(asked, words))
    if found.phase == "paused":
        st.info(words("round.paused"), icon=":material/pause:")
    if given is not None:
        if found.phase != "revealed":
            st.info(words("round.answered", answer=labels[given.option]), icon=":material/hourglass_top:")
    elif found.phase == "open":
        st.caption(words("round.choose"))
        with st.container(key="round_options"):
            for index, label in enumerate(labels):
                st.button(label, key=f"round_option_{index}", width="stretch", on_click=_on_answer,
                          args=(found.id, found.number, index))
    draw_table(asked, words, key="round_table")


def _tap_to_play(found: Round, asked: Asked, given: Given | None, labels: list[str], words: Words) -> None:
    """A "play the tile" question: the step's table to play on with the lessons' gesture while the question is
    open and unanswered (the picture tapped, or its button twins), else the table to look at."""
    here = phone()
    visit = current_visit()
    if here.question != (found.id, found.number):  # a new question: nothing lifted or crossed out from the last
        here.question = (found.id, found.number)
        here.taps.clear()
        here.lifted = None
    if found.phase == "paused":
        st.info(words("round.paused"), icon=":material/pause:")
    if given is not None and found.phase != "revealed":
        st.info(words("round.answered", answer=labels[given.option]), icon=":material/hourglass_top:")
    rounds = rounds_store()
    playing = given is None and found.phase == "open" and rounds is not None
    if playing:
        st.caption(words("round.tap"))
    table = RoundTable(rounds, found, asked, visit.account.learner, words) if rounds is not None and playing else None
    click_map = draw_table(asked, words, key=IMAGE_KEY, selected=table.selected if table is not None else None,
                           wrong=here.taps.wrong if playing else None, on_tap=_on_tap if playing else None,
                           answer=found.phase == "revealed")
    here.taps.click_map = (found.id, found.number, click_map) if click_map is not None and playing else None
    if table is not None:
        with st.container(key="round_moves"):
            gestures.buttons(words, table.position, table, _on_gesture, prefix="round_")


def _result(asked: Asked, given: Given | None, labels: list[str], words: Words) -> None:
    """Right or wrong, the right answer, and why (what was wrong with the pick first, when the drill says it)."""
    answer = words("round.answer_is", answer=answer_text(asked, words, labels))
    why = reasons(asked, words, given.option if given is not None else None)
    if given is None:
        common.feedback_box("info", f"**{words('round.missed')}** {answer}  \n{why}")
    elif given.right:
        common.feedback_box("success", f"**{words('round.right')}** {answer}  \n{why}")
    else:
        common.feedback_box("error", f"**{words('round.wrong')}** {answer}  \n{why}")


def _on_answer(round_id: str, number: int, option: int) -> None:
    """Send the tap to the server, which checks it; a refusal is said in the learner's language."""
    visit = current_visit()
    words = round_words(library().texts, visit.settings.lang)
    rounds = rounds_store()
    visit.taps.acted += 1
    if rounds is None:
        return
    phone().refused = answer(rounds, round_id, visit.account.learner, number, option, words)


def answer(rounds: SqlRounds, round_id: str, learner: Learner, number: int, option: int | Move,
           words: Words) -> str | None:
    """Send an answer (an option, or a move on the table) to the server; why it was refused, in the learner's
    language (an illegal move: the engine's reason, and that the learner may try again), or None when it was kept."""
    try:
        rounds.answer(round_id, learner, number, option)
    except RoundRefused as refused:
        if refused.code == "answered" and _kept_already(rounds, round_id, learner, number, option):
            return None  # the same answer came twice (a tap the browser sent again): kept once, nothing to say
        if refused.error is not None:
            return f"{words.render(refusal(refused.error))} {words('round.try_again')}"
        return words(f"round.refused.{refused.code}")
    except LearnerGone:
        return words("round.refused.not_in_class")
    except DATABASE_ERRORS:
        return words("round.failed")
    return None


def _kept_already(rounds: SqlRounds, round_id: str, learner: Learner, number: int, option: int | Move) -> bool:
    """Whether the server kept this very answer to question ``number`` from the learner before (a move: the option
    the engine makes of it)."""
    try:
        given = rounds.mine(round_id, learner.key).get(number)
        if given is None:
            return False
        if isinstance(option, int):
            return given.option == option
        found = rounds.get(round_id)
        return found is not None and rounds.asked(found.items[number]).option_of(option) == given.option
    except (RoundRefused, IndexError, *DATABASE_ERRORS):
        return False


def _table_now() -> RoundTable | None:
    """The tap-to-play question under way in this learner's class, as the gestures act on it (None: none now)."""
    visit = current_visit()
    rounds = rounds_store()
    if rounds is None or not visit.account.signed_in:
        return None
    try:
        found = rounds.current(visit.account.learner.class_code)
        asked = rounds.asked(found.item) if found is not None and found.phase != "over" else None
    except DATABASE_ERRORS:
        return None
    if found is None or asked is None or not asked.taps:
        return None
    return RoundTable(rounds, found, asked, visit.account.learner, round_words(library().texts, visit.settings.lang))


def _acted() -> None:
    """An action: the feedback comes into view with the focus."""
    current_visit().taps.acted += 1
    phone().refused = None


def _consume_tap(table: RoundTable) -> None:
    """Handle the picture's last tap once, on the question it was made on."""
    gestures.take_tap(IMAGE_KEY, phone().taps, (table.found.id, table.found.number), table, _acted)


def _on_tap() -> None:
    table = _table_now()
    if table is not None:
        _consume_tap(table)


def _on_gesture(gesture: gestures.Gesture, *args: Any) -> None:
    """A button twin's callback: the gesture on the question's table."""
    table = _table_now()
    if table is not None:
        _acted()
        gesture(phone().taps, table, *args)


@st.fragment(run_every=FOLLOW_SECONDS)
def _follow(found: Round | None) -> None:
    """Follow the round: read its one row; when it changed (a new round, the next question, the reveal), draw the
    page again. An open countdown shows the seconds left."""
    rounds: SqlRounds | None = rounds_store()
    visit = current_visit()
    if rounds is None or not visit.account.signed_in:
        return
    here = phone()
    try:
        now_found = rounds.current(visit.account.learner.class_code)
    except DATABASE_ERRORS:
        return
    stamp = (now_found.id, now_found.version) if now_found is not None else None
    if stamp != here.drawn:
        st.rerun()
    if now_found is not None and now_found.phase == "open":
        words = round_words(library().texts, visit.settings.lang)
        left = now_found.time_left(datetime.now(UTC))
        if left is not None:
            st.caption(words("round.seconds_left", seconds=math.ceil(left)))
