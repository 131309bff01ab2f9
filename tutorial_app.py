"""La Plaza dominoes — the tutorial app: `streamlit run tutorial_app.py`.

Builds the shared chrome and one page per lesson from the lesson data; the pages themselves live in ``app/``.
"""

from __future__ import annotations

import logging

import streamlit as st

from app import navigation, signin, urls
from app.i18n import Words, language_from_locale
from app.library import library
from app.pages import (
    class_page,
    home,
    lesson_page,
    play_page,
    practice_page,
    puzzles_page,
    teacher_page,
    teacher_sso,
)
from app.state import current_visit
from app.storage import browser
from app.widgets import chrome

lib = library()
codes = [language.code for language in lib.languages]
visit = current_visit(language_from_locale(st.context.locale, lib.languages))
signin.open_lasting(visit)
browser.restore(visit)  # what the browser kept, when it has just told us (a reload)
signin.check(visit)  # the record still accepts this visit (a removed learner is signed out here)
params = urls.incoming(visit)
if params is not None:
    urls.apply_language(visit, params, codes, {language.code: language.name for language in lib.languages})
    urls.apply_classroom(visit, params)
words = Words(lib.texts, visit.settings.lang)
st.set_page_config(
    page_title=words("app.title"),
    page_icon=":material/view_module:",
    layout="wide" if visit.settings.classroom else "centered",
    initial_sidebar_state="collapsed" if visit.settings.classroom else "auto",
)
chrome.style(visit.settings.classroom)
pages = navigation.build(lib, words, home.show, lesson_page.lesson_page, practice_page.show, teacher_page.show,
                         play=(play_page.show, play_page.title(words)), class_page=class_page.show,
                         puzzles=(puzzles_page.show, puzzles_page.title(words)))
page = st.navigation(pages, position="sidebar", expanded=True)  # every lesson listed: no "View N more" in English
if page.url_path == "" and teacher_sso.just_back(visit):  # back from the school's sign-in page: where it began
    navigation.go(navigation.TEACHER)
if page.url_path not in navigation.lesson_ids():
    visit.taps.show_page(page.url_path or navigation.HOME)
chrome.sidebar(lib, visit, words)
signin.notices(visit, words)
try:
    page.run()
except signin.LearnerGone:  # removed while this run saved: signed out, said at the top of the next run
    signin.gone(visit)
    st.rerun()
except Exception:  # a bug must never put a traceback in front of a learner: say it plainly, log it for us
    logging.getLogger("la_plaza").exception("page %r failed", page.url_path)
    st.error(words("notice.unexpected"), icon=":material/sentiment_dissatisfied:")
signin.notices(visit, words)  # a database fault while the page saved progress is told at once
browser.link(visit)
