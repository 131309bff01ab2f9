"""The class list on the teacher's own screen: adding learners by name (each gets a personal sign-in code), the new
codes shown once — only on demand, with their sign-in cards — a new code for a learner, removing one, and codes for
the learners kept from before personal codes. Never drawn in the projector view."""

from __future__ import annotations

import hashlib
import re
from functools import partial

import streamlit as st

from app import navigation, urls
from app.i18n import Words, plain
from app.pages.teacher_desk import Desk, desk, page_words, tell
from app.printing.signin_cards import signin_cards
from app.storage.accounts import name_look
from app.storage.classes import ClassLearner, ClassRefused, IssuedCode
from app.storage.progress import NICKNAME_MAX
from app.storage.progress_sql import DATABASE_ERRORS
from app.widgets.class_table import slug

NAMES_KEY, SHOW_CODES_KEY = "teacher_roster_names", "teacher_show_codes"
NAMES_MAX = 5000
REISSUE, REMOVE = "reissue", "remove"
_SEPARATORS = re.compile(r"[\n\r,;\t]+")


def names_of(text: str) -> list[str]:
    """The names typed or pasted in the roster box: one a line, or separated by commas (or semicolons, tabs)."""
    return [name for name in (" ".join(part.split()) for part in _SEPARATORS.split(text)) if name]


def roster(here: Desk, learners: tuple[ClassLearner, ...], without_code: int, words: Words) -> None:
    """Everything the teacher does with the class list."""
    _new_codes(here, words)
    _add_form(words)
    if without_code:
        with st.container(border=True):
            st.markdown(words("teacher.roster.without_code", count=without_code))
            st.button(words("teacher.roster.issue_missing"), key="teacher_issue_missing", icon=":material/key:",
                      on_click=_on_issue_missing)
    if learners:
        _class_list(here, learners, words)


def _add_form(words: Words) -> None:
    with st.container(border=True):
        st.subheader(words("teacher.roster.title"))
        with st.form("teacher_roster", border=False):
            st.text_area(words("teacher.roster.names"), key=NAMES_KEY, max_chars=NAMES_MAX, height=140,
                         help=words("teacher.roster.names_help"))
            st.form_submit_button(words("teacher.roster.add"), key="teacher_roster_add", type="primary",
                                  icon=":material/group_add:", on_click=_on_add)


def _on_add() -> None:
    here, words = desk(), page_words()
    names = names_of(str(st.session_state.get(NAMES_KEY) or ""))
    if here.book is None or here.school_class is None:
        return
    if not names:
        tell(here, "error", words("teacher.roster.none_typed"))
        return
    if {name_look(name) for name in names} <= {name_look(code.nickname) for code in here.issued}:
        return  # the same list sent again (a double click): those learners were just added, their codes are shown
    try:
        issued = here.book.add_learners(here.school_class, names)
    except ClassRefused as refused:
        tell(here, "error", words(f"teacher.roster.{refused.code}", nickname=plain(refused.nickname),
                                      max=NICKNAME_MAX))
        return  # the box keeps the names, to be corrected
    except DATABASE_ERRORS:
        tell(here, "error", words("teacher.database_failed"))
        return
    st.session_state[NAMES_KEY] = ""
    _keep_shown(here, issued)
    tell(here, "success", words("teacher.roster.added", count=len(issued)))


def _keep_shown(here: Desk, issued: tuple[IssuedCode, ...]) -> None:
    """Add new codes to those shown (a learner's newer code replaces the older one), hidden until asked for."""
    newer = {code.key for code in issued}
    here.issued = (*(code for code in here.issued if code.key not in newer), *issued)
    st.session_state[SHOW_CODES_KEY] = False


def _new_codes(here: Desk, words: Words) -> None:
    """The codes just made: hidden behind a switch (a projected screen never shows them by accident), with their
    sign-in cards to print, until the teacher says they have kept them."""
    if not here.issued or here.school_class is None:
        return
    with st.container(border=True, key="teacher_new_codes"):
        st.subheader(words("teacher.codes.title", count=len(here.issued)))
        st.markdown(words("teacher.codes.intro"))
        shown = st.toggle(words("teacher.codes.show"), key=SHOW_CODES_KEY)
        if shown:
            for issued in here.issued:
                with st.container(horizontal=True, gap="medium", key=f"teacher_code_{_short(issued.key)}"):
                    st.text(issued.nickname)
                    st.text(issued.code)
        else:
            st.caption(words("teacher.codes.hidden"))
        with st.container(horizontal=True):
            base = urls.app_address(navigation.TEACHER)
            st.download_button(words("teacher.codes.cards"),
                               data=partial(signin_cards, here.issued, here.school_class.name, words, base),
                               file_name=f"{slug(here.school_class.name) or here.school_class.code.lower()}-cards.pdf",
                               mime="application/pdf",
                               key="teacher_cards", icon=":material/print:", on_click="ignore")
            st.button(words("teacher.codes.kept"), key="teacher_codes_kept", icon=":material/check:",
                      on_click=_on_kept)


def _on_kept() -> None:
    desk().issued = ()
    st.session_state[SHOW_CODES_KEY] = False


def _on_issue_missing() -> None:
    here, words = desk(), page_words()
    if here.book is None or here.school_class is None:
        return
    try:
        issued = tuple(here.book.reissue(here.school_class, key) for key, _name in
                       here.book.without_code(here.school_class))
    except (ClassRefused, *DATABASE_ERRORS):
        tell(here, "error", words("teacher.database_failed"))
        return
    _keep_shown(here, issued)
    tell(here, "success", words("teacher.roster.issued", count=len(issued)))


def _class_list(here: Desk, learners: tuple[ClassLearner, ...], words: Words) -> None:
    """Every learner of the class, with a new code and removal for each (asked for, its question right there)."""
    asked = here.confirming[1] if here.confirming is not None else None
    with st.expander(words("teacher.roster.list_title", count=len(learners)), icon=":material/group:",
                     expanded=asked is not None):
        for learner in learners:
            short = _short(learner.key)
            with st.container(horizontal=True, vertical_alignment="center", key=f"teacher_learner_{short}"):
                st.text(learner.nickname if learner.has_code else
                        f"{learner.nickname} · {words('teacher.roster.no_code')}")
                st.button(words("teacher.roster.reissue"), key=f"reissue_{short}", icon=":material/key:",
                          type="tertiary", on_click=_on_ask, args=(REISSUE, learner.key, learner.nickname))
                st.button(words("teacher.roster.remove"), key=f"remove_{short}", icon=":material/person_remove:",
                          type="tertiary", on_click=_on_ask, args=(REMOVE, learner.key, learner.nickname))
            if learner.key == asked:
                _confirmation(here, words)


def _on_ask(action: str, key: str, nickname: str) -> None:
    desk().confirming = (action, key, nickname)


def _confirmation(here: Desk, words: Words) -> None:
    """A new code or a removal asked for: say what it does, and wait for "yes"."""
    if here.confirming is None:
        return
    action, _key, nickname = here.confirming
    with st.container(border=True, key="teacher_confirm"):
        st.warning(words(f"teacher.roster.{action}_confirm", nickname=plain(nickname)), icon=":material/warning:")
        with st.container(horizontal=True):
            st.button(words(f"teacher.roster.{action}_yes"), key="teacher_confirm_yes", type="primary",
                      icon=":material/key:" if action == REISSUE else ":material/delete:", on_click=_on_yes)
            st.button(words("teacher.roster.cancel"), key="teacher_confirm_cancel", on_click=_on_cancel)


def _on_cancel() -> None:
    desk().confirming = None


def _on_yes() -> None:
    here, words = desk(), page_words()
    asked, here.confirming = here.confirming, None
    if asked is None or here.book is None or here.school_class is None:
        return
    action, key, nickname = asked
    try:
        if action == REISSUE:
            _keep_shown(here, (here.book.reissue(here.school_class, key),))
            tell(here, "success", words("teacher.roster.reissued", nickname=plain(nickname)))
        elif here.book.remove(key, here.school_class):
            here.issued = tuple(code for code in here.issued if code.key != key)
            tell(here, "success", words("teacher.roster.removed", nickname=plain(nickname)))
        else:
            tell(here, "error", words("teacher.roster.unknown_learner", nickname=plain(nickname)))
    except ClassRefused:
        tell(here, "error", words("teacher.roster.unknown_learner", nickname=plain(nickname)))
    except DATABASE_ERRORS:
        tell(here, "error", words("teacher.database_failed"))


def _short(key: str) -> str:
    """A short stable widget key for a learner's storage key."""
    return hashlib.sha1(key.encode()).hexdigest()[:12]
