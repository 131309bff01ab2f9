"""The class page, for a learner signed in with their personal code: the round their teacher is running (answered
here, on the learner's own phone) and the class tables they can sit at or are playing at. A guest is told how to
join. Both parts follow the database, so any app server can draw them."""

from __future__ import annotations

import streamlit as st

from app import navigation
from app.i18n import Words
from app.library import library
from app.pages import round_phone, table_phone
from app.state import current_visit
from app.widgets import common


def show() -> None:
    """Draw the class page."""
    visit = current_visit()
    words = Words(library().texts, visit.settings.lang)
    st.title(words("class_page.title"))
    common.notices(visit, words, navigation.CLASS)
    if not visit.account.signed_in:
        st.info(words("class_page.guest"), icon=":material/badge:")
        return
    round_phone.section(visit, words)
    table_phone.section(visit, words)
