"""La Plaza dominoes — the tutorial app: `streamlit run tutorial_app.py`.

Builds the shared chrome and one page per lesson from the lesson data; the pages themselves live in ``app/``.
"""

from __future__ import annotations

import streamlit as st

from app import chrome, home, navigation, player, practice_page, signin, urls
from app.i18n import Words, language_from_locale
from app.library import library
from app.state import session

lib = library()
codes = [language.code for language in lib.languages]
visit = session(language_from_locale(st.context.locale, codes))
signin.open_lasting(visit)
params = urls.incoming(visit)
if params is not None:
    urls.apply_language(visit, params, codes, {language.code: language.name for language in lib.languages})
    urls.apply_classroom(visit, params)
words = Words(lib.texts, visit.lang)
st.set_page_config(
    page_title=words("app.title"),
    page_icon=":material/view_module:",
    layout="wide" if visit.classroom else "centered",
    initial_sidebar_state="collapsed" if visit.classroom else "auto",
)
chrome.style()
pages = navigation.build(lib, words, home.show, player.lesson_page, practice_page.show)
page = st.navigation(pages, position="sidebar")
chrome.sidebar(lib, visit, words)
signin.notices(visit, words)
page.run()
signin.notices(visit, words)  # a database fault while the page saved progress is told at once
