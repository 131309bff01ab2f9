"""The teacher's account on the Teacher page: signing in (name and password, or the school's single sign-on), making
an account (as the school allows: open, with an invitation code, or not at all), and signing out — here, or on every
device. Each refusal is said in the visitor's language; failed tries are slowed down (``signin.scopes``)."""

from __future__ import annotations

import streamlit as st

from app import signin
from app.i18n import Words, plain
from app.pages import teacher_sso
from app.pages.teacher_desk import desk, page_words, tell
from app.state import Visit, current_visit
from app.storage.accounts import PASSWORD_MAX, PASSWORD_MIN, TEACHER_NAME_MAX, AccountRefused
from app.storage.progress_sql import DATABASE_ERRORS

NAME_KEY, PASSWORD_KEY = "teacher_name", "teacher_password"
NEW_NAME_KEY, NEW_PASSWORD_KEY, AGAIN_KEY, INVITATION_KEY = (
    "teacher_new_name", "teacher_new_password", "teacher_new_password_again", "teacher_invitation")
SIGN_IN, SIGN_UP = "sign_in", "sign_up"  # which form a refusal belongs to


def refusal(words: Words, refused: AccountRefused) -> str:
    """Why an account could not be signed in or made, in the visitor's language (a reason this page has no text
    for is said in general words)."""
    key = f"teacher.account.{refused.code}"
    if words.texts.find(words.lang, key) is None:
        return words("teacher.account.refused")
    limits = {"min": PASSWORD_MIN, "max": PASSWORD_MAX if refused.code.startswith("password") else TEACHER_NAME_MAX}
    return words(key, **{**limits, **refused.args_for_text})


def signed_out(visit: Visit, words: Words) -> None:
    """Nobody signed in in this tab: the school's single sign-on (when it has one), signing in, making an account."""
    teacher_sso.offer(visit, words)
    if visit.account.teacher is not None:  # the school's sign-on has just brought the teacher back
        return
    here = desk()
    problem = here.account_problem
    settings = visit.account.accounts.settings
    with st.container(border=True):
        st.subheader(words("teacher.account.sign_in_title"))
        with st.form("teacher_sign_in", border=False, enter_to_submit=True):
            st.text_input(words("teacher.account.name"), key=NAME_KEY, max_chars=TEACHER_NAME_MAX,
                          autocomplete="username")
            st.text_input(words("teacher.account.password"), key=PASSWORD_KEY, type="password",
                          max_chars=PASSWORD_MAX, autocomplete="current-password")
            st.form_submit_button(words("teacher.account.sign_in"), key="teacher_sign_in", type="primary",
                                  icon=":material/login:", on_click=_on_sign_in)
        if problem is not None and problem[0] == SIGN_IN:
            st.error(problem[1], icon=":material/error:")
    with st.container(border=True):
        st.subheader(words("teacher.account.sign_up_title"))
        if settings.sign_up == "closed":
            st.markdown(words("teacher.account.sign_up_closed"))
            return
        st.markdown(words("teacher.account.sign_up_intro", min=PASSWORD_MIN))
        with st.form("teacher_sign_up", border=False, enter_to_submit=True):
            st.text_input(words("teacher.account.new_name"), key=NEW_NAME_KEY, max_chars=TEACHER_NAME_MAX,
                          autocomplete="off")
            st.text_input(words("teacher.account.new_password"), key=NEW_PASSWORD_KEY, type="password",
                          max_chars=PASSWORD_MAX, autocomplete="new-password")
            st.text_input(words("teacher.account.password_again"), key=AGAIN_KEY, type="password",
                          max_chars=PASSWORD_MAX, autocomplete="new-password")
            if settings.sign_up == "invitation":
                st.text_input(words("teacher.account.invitation"), key=INVITATION_KEY, type="password",
                              max_chars=200, autocomplete="off", help=words("teacher.account.invitation_help"))
            st.form_submit_button(words("teacher.account.sign_up"), key="teacher_sign_up",
                                  icon=":material/person_add:", on_click=_on_sign_up)
        if problem is not None and problem[0] == SIGN_UP:
            st.error(problem[1], icon=":material/error:")


def _typed(key: str) -> str:
    """What was typed in a field, which is then emptied (a password is never kept in the tab after its try)."""
    value = str(st.session_state.get(key) or "")
    if key != NAME_KEY and key != NEW_NAME_KEY:
        st.session_state[key] = ""
    return value


def _on_sign_in() -> None:
    visit, here, words = current_visit(), desk(), page_words()
    name, password = _typed(NAME_KEY), _typed(PASSWORD_KEY)
    accounts = visit.account.accounts
    here.account_problem = None
    if accounts is None:
        return
    try:
        teacher = accounts.sign_in_teacher(name, password, signin.scopes(visit))
    except AccountRefused as refused:
        here.account_problem = (SIGN_IN, refusal(words, refused))
        return
    except DATABASE_ERRORS:
        here.account_problem = (SIGN_IN, words("teacher.database_failed"))
        return
    signin.teacher_in(visit, teacher)


def _on_sign_up() -> None:
    visit, here, words = current_visit(), desk(), page_words()
    name, password, again, invitation = (_typed(NEW_NAME_KEY), _typed(NEW_PASSWORD_KEY), _typed(AGAIN_KEY),
                                         _typed(INVITATION_KEY))
    accounts = visit.account.accounts
    here.account_problem = None
    if accounts is None:
        return
    if password != again:
        here.account_problem = (SIGN_UP, words("teacher.account.passwords_differ"))
        return
    scopes = signin.scopes(visit)
    try:
        accounts.check_wait(scopes)  # an invitation code is a secret too: guessing it is slowed down
        try:
            teacher = accounts.sign_up(name, password, invitation)
        except AccountRefused as refused:
            if refused.code == "bad_invitation":
                accounts.failed(scopes)
            raise
    except AccountRefused as refused:
        here.account_problem = (SIGN_UP, refusal(words, refused))
        return
    except DATABASE_ERRORS:
        here.account_problem = (SIGN_UP, words("teacher.database_failed"))
        return
    signin.teacher_in(visit, teacher)
    tell(here, "success", words("teacher.account.welcome", name=plain(teacher.name)))


def account_bar(visit: Visit, words: Words) -> None:
    """Who is signed in, and the ways to sign out."""
    with st.container(horizontal=True, vertical_alignment="center", key="teacher_account"):
        st.caption(words("teacher.account.signed_in_as"), width="content")
        st.text(visit.account.teacher.name)  # plain text: a name is never read as markdown
        st.button(words("teacher.account.sign_out"), key="teacher_sign_out", icon=":material/logout:",
                  type="tertiary", on_click=_on_sign_out)
        st.button(words("teacher.account.sign_out_everywhere"), key="teacher_sign_out_everywhere",
                  icon=":material/devices:", type="tertiary", on_click=_on_sign_out_everywhere)


def _sign_out(visit: Visit) -> None:
    teacher_sso.signing_out(visit)
    signin.teacher_out(visit)
    here = desk()
    here.wanted = None
    here.belongs_to(None)


def _on_sign_out() -> None:
    _sign_out(current_visit())


def _on_sign_out_everywhere() -> None:
    visit, words = current_visit(), page_words()
    teacher, accounts = visit.account.teacher, visit.account.accounts
    if teacher is not None and accounts is not None:
        try:
            accounts.sign_out_everywhere(teacher)
        except DATABASE_ERRORS:
            tell(desk(), "error", words("teacher.database_failed"))
            return
    _sign_out(visit)
    tell(desk(), "success", words("teacher.account.signed_out_everywhere"))
