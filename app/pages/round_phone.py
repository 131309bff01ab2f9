"""The learner's side of a live round, on the class page: the question under way in their class's round (picture,
question, options as buttons), then "answered, waiting", then right or wrong and why — in the learner's language.

Everything comes from the database: a late joiner, a reload or another app server draws the same question and the
answer already given. A fragment reads the round's one row every few seconds and redraws the page only when its
version changed. No round running: nothing is drawn.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import UTC, datetime

import streamlit as st

from app.i18n import Words
from app.library import library
from app.state import Visit, current_visit, tab_state
from app.storage.browser import FEEDBACK_KEY
from app.storage.progress import LearnerGone
from app.storage.progress_sql import DATABASE_ERRORS
from app.storage.rounds_sql import Given, SqlRounds
from app.widgets import common
from app.widgets.round_question import draw_table, notes, option_labels, prompt, reasons, round_words, rounds_store
from practice.rounds import Asked, Round, RoundRefused

FOLLOW_SECONDS = 1.5
KEY = "round_phone"  # session state: this tab's `Phone`


@dataclass
class Phone:
    """What the round's part of the class page remembers in one tab: the round drawn (its id and version), the
    rounds this tab joined, and why the last answer was refused (said once)."""

    drawn: tuple[str, int] | None = None
    joined: set[str] = field(default_factory=set)
    refused: str | None = None


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
        mine = rounds.mine(found.id, visit.account.learner.key)
        asked = rounds.asked(found.item)
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
    if here.refused is not None:
        with st.container(key=FEEDBACK_KEY):
            common.feedback_box("error", here.refused)
        here.refused = None
    if found.phase == "revealed":
        _result(asked, given, labels, words)
    st.markdown(f"**{prompt(asked, words)}**")
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


def _result(asked: Asked, given: Given | None, labels: list[str], words: Words) -> None:
    """Right or wrong, the right answer, and why (what was wrong with the pick first, when the drill says it)."""
    answer = words("round.answer_is", answer=labels[asked.correct])
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
    try:
        rounds.answer(round_id, visit.account.learner, number, option)
    except RoundRefused as refused:
        phone().refused = words(f"round.refused.{refused.code}")
    except LearnerGone:
        phone().refused = words("round.refused.not_in_class")
    except DATABASE_ERRORS:
        phone().refused = words("round.failed")


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
