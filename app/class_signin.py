"""Joining a class at sign-in: the class code must name a teacher's class, and a nickname already in that class is
asked about first — a second "Ana" picks another nickname, the same Ana on a new device says "that's me"."""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from lessons import Message

from .classes_sql import open_class_book
from .i18n import Words
from .progress import Learner
from .progress_sql import DATABASE_ERRORS
from .state import Visit, current_visit

SAME_KEY = "signin_same_learner"  # session state: the learner a "that's me" answer signs in


def admit(learner: Learner) -> tuple[Learner, Message | None]:
    """The learner to sign in, with their class code in the class's own spelling, or why not yet: no class has that
    code, or the nickname is already in the class (then "that's me" is offered)."""
    st.session_state.pop(SAME_KEY, None)
    if not learner.class_code:
        return learner, None
    book = open_class_book()
    if book is None:  # no database: progress lasts for this visit only, and there is no class to check against
        return learner, None
    try:
        school_class = book.find(learner.class_code)
        if school_class is None:
            return learner, Message.of("teacher.join.unknown_class", code=learner.class_code)
        member = Learner(learner.nickname, school_class.code)
        taken = book.nickname_taken(member)
    except DATABASE_ERRORS:
        return learner, None
    if taken:
        st.session_state[SAME_KEY] = member
        return member, Message.of("teacher.join.nickname_taken")
    return member, None


def offer_same_learner(words: Words, sign_in: Callable[[Visit, Learner], None]) -> None:
    """After "this nickname is taken": the button with which the same learner, on another device, carries on."""
    pending = st.session_state.get(SAME_KEY)
    if isinstance(pending, Learner):
        st.button(words("teacher.join.same_learner"), key="signin_same", icon=":material/how_to_reg:",
                  on_click=_on_same, args=(sign_in,))


def _on_same(sign_in: Callable[[Visit, Learner], None]) -> None:
    pending = st.session_state.pop(SAME_KEY, None)
    if isinstance(pending, Learner):
        visit = current_visit()
        visit.account.signin_problem = None
        sign_in(visit, pending)
