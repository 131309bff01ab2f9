"""Single sign-on for teachers through Streamlit's own ``st.login`` (OpenID Connect), when the school switches it
on in its secrets (``[teachers] single_sign_on = true`` and an ``[auth]`` table).

The school's provider says who the person is; Streamlit keeps that in its own signed cookie (``st.user``), and the
server maps the provider's issuer and subject to one teacher account, made at the first sign-in. The browser keeps
no teacher token for such a teacher: the school account's cookie is what keeps them signed in across reloads and
restarts, and signing out ends it, so nothing left in the browser signs them back in.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Mapping
from typing import Any

import streamlit as st
from streamlit.errors import StreamlitAuthError

from app import signin
from app.i18n import Words
from app.state import Visit
from app.storage.accounts import AccountRefused, SchoolSettings, read_school_settings
from app.storage.accounts_sql import SqlAccounts
from app.storage.progress_sql import DATABASE_ERRORS

DEFAULT_PROVIDER = "default"  # Streamlit's name for a provider written straight into ``[auth]``
PROVIDER_KEYS = ("client_id", "client_secret", "server_metadata_url")
CALLBACK_PATH = "/oauth2callback"  # Streamlit's own route, where the provider sends the browser back
SIGN_IN_KEY, SIGN_OUT_KEY = "teacher_sso_sign_in", "teacher_sso_sign_out"
FRESH_SECONDS = 300  # a school sign-in this recent is the browser coming back from the provider
LEAVING_KEY = "teacher_sso_leaving"  # session state: the tab's teacher signed out while the school account was in

log = logging.getLogger(__name__)


# --------------------------------------------------------------------------------------------- the school's settings


def provider_of(settings: SchoolSettings) -> str | None:
    """The name ``st.login`` takes for the school's provider: ``sso_provider`` (an ``[auth.<name>]`` table), or
    Streamlit's ``"default"`` when the provider is written straight into ``[auth]``; None when neither is there."""
    auth = _auth(settings)
    named = auth.get(settings.sso_provider or "")
    if isinstance(named, Mapping) and all(key in named for key in PROVIDER_KEYS):
        return settings.sso_provider
    if all(key in auth for key in PROVIDER_KEYS):
        return DEFAULT_PROVIDER
    return None


def setup_problem(settings: SchoolSettings) -> str | None:
    """What keeps single sign-on from working with these settings (for the log, in English), or None: the checks
    ``st.login`` makes only once the button is pressed, made before it is drawn."""
    auth = _auth(settings)
    provider = provider_of(settings)
    if provider is None:
        wanted = f"[auth.{settings.sso_provider}]" if settings.sso_provider else "[auth]"
        return f"{wanted} needs {', '.join(PROVIDER_KEYS)}"
    if "_" in provider:
        return f"the provider name {provider!r} has an underscore, which st.login does not accept"
    if not str(auth.get("redirect_uri", "")).endswith(CALLBACK_PATH):
        return f"[auth] redirect_uri must be the app's address followed by {CALLBACK_PATH}"
    if not auth.get("cookie_secret"):
        return "[auth] needs a cookie_secret (a long random text)"
    return None


def _auth(settings: SchoolSettings) -> Mapping[str, Any]:
    auth = settings.extra.get("auth", {})
    return auth if isinstance(auth, Mapping) else {}


def school_user(provider: str) -> dict[str, Any] | None:
    """Who the school's provider says is signed in in this browser (the claims of ``st.user``), or None."""
    user = st.user.to_dict()
    if user.get("is_logged_in") is not True or user.get("provider") != provider:
        return None
    return dict(user)


def _logged_in() -> bool:
    """Whether this browser is signed in through a provider at all (Streamlit's cookie)."""
    return st.user.to_dict().get("is_logged_in") is True


# --------------------------------------------------------------------------------------------- the Teacher page


def offer(visit: Visit, words: Words) -> None:
    """On the Teacher page's sign-in: the "sign in with the school account" button when the school has single
    sign-on, and the teacher's account once the provider sent them back (nothing when it has none)."""
    if st.session_state.pop(LEAVING_KEY, False):
        st.logout()  # again: a rerun since `signing_out` drops the browser's trip to the provider's sign-out
        return
    accounts = visit.account.accounts
    if accounts is None or visit.account.teacher is not None or not accounts.settings.single_sign_on:
        return
    problem = setup_problem(accounts.settings)
    if problem is not None:
        log.warning("single sign-on is switched on, but %s", problem)
        st.warning(words("teacher.sso.not_set_up"), icon=":material/key_off:")
        return
    provider = provider_of(accounts.settings) or DEFAULT_PROVIDER
    user = school_user(provider)
    if user is None:
        _sign_in_button(provider, words)
    else:
        _teacher_of(visit, accounts, user, provider, words)


def _sign_in_button(provider: str, words: Words) -> None:
    st.caption(words("teacher.sso.intro"))
    if st.button(words("teacher.sso.sign_in"), key=SIGN_IN_KEY, icon=":material/account_balance:"):
        try:
            st.login(provider)  # off to the school's provider; it sends the browser back to the app's home page
        except StreamlitAuthError:  # the secrets Streamlit itself reads disagree with ours
            log.exception("st.login refused the school's settings")
            st.error(words("teacher.sso.not_set_up"), icon=":material/key_off:")


def _teacher_of(visit: Visit, accounts: SqlAccounts, user: Mapping[str, Any], provider: str, words: Words) -> None:
    """The school account is signed in: its teacher account becomes the tab's teacher (made at the first time)."""
    subject = str(user.get("sub") or "")
    issuer = str(user.get("iss") or f"provider:{provider}")
    # an address the provider says it has not verified proves nothing about the person's school
    email = "" if user.get("email_verified") is False else str(user.get("email") or "")
    name = str(user.get("name") or user.get("preferred_username") or "")
    if not subject:
        log.warning("the school's provider sent no subject for the signed-in user")
        st.warning(words("teacher.sso.failed"), icon=":material/cloud_off:")
        return
    try:
        teacher = accounts.sso_teacher(issuer, subject, name, email)
    except AccountRefused:
        st.error(words("teacher.sso.refused", account=verbatim(email or name or subject)), icon=":material/block:")
        if st.button(words("teacher.sso.sign_out"), key=SIGN_OUT_KEY, icon=":material/logout:"):
            _leave()
        return
    except DATABASE_ERRORS:
        log.warning("the school account's teacher could not be looked up", exc_info=True)
        st.warning(words("teacher.sso.failed"), icon=":material/cloud_off:")
        return
    signin.teacher_in(visit, teacher)
    visit.account.teacher_token = None  # the school account's cookie keeps them signed in: no second key to leave
    st.rerun()  # the page again, signed in


def verbatim(text: str) -> str:
    """``text`` as a markdown code span: shown exactly as the provider sent it. (Escaping is not enough for an
    address: Streamlit's markdown turns ``ana@school.example`` or ``www.…`` into a link even when every character
    is escaped; a code span it leaves alone.)"""
    text = " ".join(text.split())  # a code span holds one line
    fence = "`" * (max((len(run) for run in re.findall("`+", text)), default=0) + 1)  # longer than any run inside
    return f"{fence} {text} {fence}"


def just_back(visit: Visit, now: float | None = None) -> bool:
    """Whether this run is the browser coming back from the school's provider a moment ago — the visit's first run,
    signed in there within ``FRESH_SECONDS``, no teacher in the tab yet: Streamlit always lands it on the home page,
    and the app then opens the Teacher page, where the sign-in was started."""
    accounts = visit.account.accounts
    if visit.taps.runs > 0 or visit.account.teacher is not None or accounts is None:
        return False
    if not accounts.settings.single_sign_on or setup_problem(accounts.settings) is not None:
        return False
    user = school_user(provider_of(accounts.settings) or DEFAULT_PROVIDER)
    issued = user.get("iat") if user is not None else None
    if not isinstance(issued, int | float):
        return False
    return 0 <= (now if now is not None else time.time()) - issued <= FRESH_SECONDS


def signing_out(visit: Visit) -> None:
    """The tab's teacher signs out: also end the single sign-on session, when they signed in that way (or when the
    browser holds a school account at all: the next run would sign its owner in)."""
    accounts = visit.account.accounts
    settings = accounts.settings if accounts is not None else read_school_settings()
    if settings.single_sign_on and _logged_in():
        _leave()


def _leave() -> None:
    """Sign this browser out of the school account: Streamlit's cookie goes, then the provider's own sign-out, then
    back to the home page. A rerun of this run (st.rerun) drops that redirect before it reaches the browser, so
    `offer`, drawn next, asks for it again."""
    st.session_state[LEAVING_KEY] = True
    st.logout()


__all__ = ["just_back", "offer", "provider_of", "school_user", "setup_problem", "signing_out", "verbatim"]
