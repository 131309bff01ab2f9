"""The parts the pages share, written once: the notices at the top of a page, the table-and-controls columns, the
answer choice with its short-label rule and its widget key, feedback boxes, and stars and practice levels in words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from app.i18n import Words
from app.state import Visit
from practice import LessonMastery, SkillMastery
from wording import Message

STAR, NO_STAR = "★", "☆"
#: Answers this short sit side by side; longer ones are listed one under the other.
SHORT_LABEL = 14
FEEDBACK_ICONS = {"success": ":material/check_circle:", "error": ":material/error:", "info": ":material/lightbulb:"}


def notices(visit: Visit, words: Words, page: str) -> None:
    """Say what the visit has to tell at the top of ``page`` (a link that could not be followed, a bad question
    code, ...), until the learner acts or goes to another page."""
    place, here = visit.place, (visit.taps.acted, page)
    if place.notices_at != here:
        place.notices_shown = []
    if place.notices:
        for notice in place.notices:  # once each: a link followed to another page is read again there
            if notice not in place.notices_shown:
                place.notices_shown.append(notice)
        place.notices.clear()
        place.notices_at = here
    for notice in place.notices_shown:
        st.warning(words.render(notice), icon=":material/info:")


def table_and_controls(classroom: bool) -> tuple[DeltaGenerator, DeltaGenerator]:
    """Two columns, the table picture on the left and the text and controls on the right, so a tile and the
    buttons are in sight together on a wide screen; Streamlit stacks them (table first) on a phone."""
    left, right = st.columns([3, 2], gap="large" if classroom else "medium")
    return left, right


def answer_key(scope: str, number: int, generation: int) -> str:
    """The widget key of a question's choices: new for every question and every ``generation`` (a retry, a new
    practice set), so the choice starts empty."""
    return f"answer_{scope}_{number}_{generation}"


def answer_choice(label: str, options: Sequence[str], key: str, *, disabled: bool,
                  on_change: Callable[..., None], args: tuple[Any, ...]) -> None:
    """One answer out of several, nothing chosen at first; short answers side by side, long ones listed."""
    short = all(len(option) <= SHORT_LABEL for option in options)
    st.radio(label, options=list(range(len(options))), format_func=lambda i: options[i], index=None, key=key,
             horizontal=short, disabled=disabled, on_change=on_change, args=args)


def feedback_box(kind: str, text: str) -> None:
    """Feedback in its colour and icon: right (success), wrong (error), or a pointer (info)."""
    box = {"success": st.success, "error": st.error}.get(kind, st.info)
    box(text, icon=FEEDBACK_ICONS.get(kind, FEEDBACK_ICONS["info"]))


def tap_notice(words: Words, notice: Message | None) -> None:
    """What a tap that did nothing says (a tap on the felt, on someone else's tiles, ...)."""
    if notice is not None:
        st.info(words.render(notice), icon=":material/touch_app:")


def stars_text(stars: int) -> str:
    """Stars as symbols: ★★☆."""
    return STAR * stars + NO_STAR * (3 - stars)


def level_text(words: Words, level: SkillMastery | LessonMastery) -> str:
    """A skill's or a lesson's practice mastery in words (new, learning with its count, mastered)."""
    right = sum(s.right for s in level.skills) if isinstance(level, LessonMastery) else level.right
    return words(f"practice.mastery.{level.level}", right=right, answered=level.answered)
