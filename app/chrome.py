"""The chrome every page shares: the language choice, classroom mode and the beginner setting, in the sidebar."""

from __future__ import annotations

import streamlit as st

from lessons import Library

from . import signin
from .i18n import Words
from .state import Session


def _set_lang(visit: Session, key: str) -> None:
    value = st.session_state.get(key)
    if value:
        visit.lang = value


def language_choice(lib: Library, visit: Session, key: str, words: Words, inline: bool = False) -> None:
    """A language picker; every picker shows the language the session speaks, whichever one changed it."""
    names = {language.code: language.name for language in lib.languages}
    st.session_state[key] = visit.lang
    if inline:
        st.segmented_control(words("app.language"), options=list(names), format_func=names.__getitem__, key=key,
                             on_change=_set_lang, args=(visit, key), required=True)
    else:
        st.selectbox(words("app.language"), options=list(names), format_func=names.__getitem__, key=key,
                     on_change=_set_lang, args=(visit, key))


def _set_flag(visit: Session, name: str, key: str) -> None:
    setattr(visit, name, bool(st.session_state.get(key)))


def sidebar(lib: Library, visit: Session, words: Words) -> None:
    """Who is learning, language, classroom mode, beginner help."""
    with st.sidebar:
        signin.who(visit, words)
        language_choice(lib, visit, "lang_pick", words)
        st.session_state["classroom_pick"] = visit.classroom
        st.toggle(words("app.classroom"), key="classroom_pick", help=words("app.classroom_help"),
                  on_change=_set_flag, args=(visit, "classroom", "classroom_pick"))
        st.session_state["beginner_pick"] = visit.beginner
        st.toggle(words("app.beginner"), key="beginner_pick",
                  on_change=_set_flag, args=(visit, "beginner", "beginner_pick"))


#: Less empty space above the page on phones; the table picture never wider than its column.
CSS = """
<style>
[data-testid="stMainBlockContainer"] { padding-top: 3rem; }
[data-testid="stMainBlockContainer"] iframe { max-width: 100%; }
</style>
"""


def style() -> None:
    """A few layout touches the theme cannot express."""
    st.html(CSS)
