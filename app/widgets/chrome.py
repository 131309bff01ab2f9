"""The chrome every page shares: the language choice, classroom mode and the beginner setting, in the sidebar."""

from __future__ import annotations

import streamlit as st

from app import signin
from app.i18n import Words
from app.state import Visit, current_visit
from lessons import Library


def _set_lang(key: str) -> None:
    value = st.session_state.get(key)
    if value:
        current_visit().settings.lang = value


def language_choice(lib: Library, visit: Visit, key: str, words: Words, inline: bool = False) -> None:
    """A language picker; every picker shows the language the session speaks, whichever one changed it."""
    names = {language.code: language.name for language in lib.languages}
    st.session_state[key] = visit.settings.lang
    if inline:
        st.segmented_control(words("app.language"), options=list(names), format_func=names.__getitem__, key=key,
                             on_change=_set_lang, args=(key,), required=True)
    else:
        st.selectbox(words("app.language"), options=list(names), format_func=names.__getitem__, key=key,
                     on_change=_set_lang, args=(key,))


def _set_flag(name: str, key: str) -> None:
    setattr(current_visit().settings, name, bool(st.session_state.get(key)))


def sidebar(lib: Library, visit: Visit, words: Words) -> None:
    """Who is learning, language, classroom mode, beginner help."""
    with st.sidebar:
        signin.who(visit, words)
        language_choice(lib, visit, "lang_pick", words)
        st.session_state["classroom_pick"] = visit.settings.classroom
        st.toggle(words("app.classroom"), key="classroom_pick", help=words("app.classroom_help"),
                  on_change=_set_flag, args=("classroom", "classroom_pick"))
        st.session_state["beginner_pick"] = visit.settings.beginner
        st.toggle(words("app.beginner"), key="beginner_pick",
                  on_change=_set_flag, args=("beginner", "beginner_pick"))


#: Layout touches the theme cannot express: less empty space above the page on phones; answers that wrap rather
#: than hide; the browser link invisible; small print dark enough to read (WCAG AA contrast on the ivory page); the
#: home page's plan a list of rows a finger finds, each flush left (a wrapped label too) and 44 px tall at least.
CSS = """
<style>
[data-testid="stMainBlockContainer"] { padding-top: 3rem; }
.st-key-plan button, .st-key-plan button div, .st-key-plan button span { justify-content: flex-start;
  text-align: left; }
.st-key-plan button { min-height: 2.75rem; }
.st-key-browser { display: none; }
[role="radiogroup"] { flex-wrap: wrap; row-gap: 0.5rem; }
[data-testid="stMain"] [data-testid="stCaptionContainer"] { opacity: 1; color: #4f5c54; }
</style>
"""

#: Classroom mode, read from the back of a room: large buttons, feedback, step text and answers.
CLASSROOM_CSS = """
<style>
[data-testid="stMain"] button p, [data-testid="stMain"] button span { font-size: 1.6rem; }
[data-testid="stMain"] [data-testid="stAlert"] p, [data-testid="stMain"] [role="radiogroup"] p { font-size: 1.7rem; }
[data-testid="stMain"] [data-testid="stMarkdownContainer"] p,
[data-testid="stMain"] [data-testid="stMarkdownContainer"] li { font-size: 1.5rem; }
[data-testid="stMain"] [data-testid="stCaptionContainer"] p { font-size: 1.3rem; }
</style>
"""


#: A lesson on a desktop: the page's width (up to a limit) for the table beside the controls, the instruction kept to
#: a readable line length.
LESSON_CSS = """
<style>
[data-testid="stMainBlockContainer"] { max-width: 76rem; }
.st-key-instruction { max-width: 46rem; }
</style>
"""


def lesson_width() -> None:
    """A lesson page takes the room a desktop has, so the picture beside the controls is large enough to read
    (Streamlit's centred layout leaves it about 400 px wide); a phone stacks the columns either way."""
    st.set_page_config(layout="wide")
    st.html(LESSON_CSS)


def style(classroom: bool = False) -> None:
    """A few layout touches the theme cannot express (larger text in classroom mode)."""
    st.html(CSS + (CLASSROOM_CSS if classroom else ""))
