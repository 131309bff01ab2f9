"""The address bar: deep links in (``/tranque?step=3&lang=pap&classroom=1``) and the URL following the learner out.

A query string this app wrote itself is not an instruction; anything else (a shared link, an edited URL, a reload
in a new session) is applied once, and what cannot be applied falls back politely with a notice that quotes it as
plain text (`quoted`: never markup, cut to ``QUOTED_MAX`` characters). A query string the app wrote a moment
before its last one is an echo, not an instruction either: the browser sends its address with every action, and an
action made right after "Next" can carry the address from before it (the browser had not yet caught up), which must
not send the learner back a step.

History: Streamlit's page pushes a browser history entry for every query string the app writes (and replaces the
entry instead while it runs for the browser's Back or Forward), so each step change is one entry and Back and
Forward move one step: an address the browser went back or forward to is always an instruction, but its language is
not (going back never brings an old language back). A change of language alone adds no entry: the browser replaces
its address itself (`Place.address`, carried out by app/storage/browser.py), so Back from there is the step before.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from urllib.parse import urlencode, urlparse

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from app.i18n import plain
from app.state import Visit
from wording import Message

LANG, STEP, CLASSROOM, LESSON, CODE = "lang", "step", "classroom", "lesson", "code"
ECHO_SECONDS = 5.0  # how long an address the app has just replaced may still come back from a browser catching up
ECHOES = 4  # how many such addresses are remembered
QUOTED_MAX = 40  # characters of a refused value that its notice quotes back (then "…")


def incoming(visit: Visit) -> dict[str, str] | None:
    """The query parameters when they came from outside the app, else None (nothing new to apply)."""
    params = {key: st.query_params[key] for key in st.query_params}
    if visit.place.address is not None and params == visit.place.address[0]:
        return None  # the browser has not replaced its address with the new language's yet: the app's own old one
    if history_navigation():
        params.pop(LANG, None)
        return params if params != {k: v for k, v in (visit.place.url_written or {}).items() if k != LANG} else None
    if params == visit.place.url_written or is_echo(visit, params, time.monotonic()):
        return None
    return params


def history_navigation() -> bool:
    """Whether this run is the browser's Back or Forward (Streamlit's page says so with the run it asks for)."""
    ctx = get_script_run_ctx()
    return bool(ctx is not None and getattr(ctx, "is_history_navigation", False))


def is_echo(visit: Visit, params: dict[str, str], now: float) -> bool:
    """Whether ``params`` is an address this app replaced less than ``ECHO_SECONDS`` ago (a browser catching up)."""
    return any(old == params and now - when < ECHO_SECONDS for old, when in visit.place.url_replaced)


def quoted(value: str) -> str:
    """A value from the address (or typed) as a notice quotes it: plain text, never markup, cut when absurdly long."""
    return plain(value, limit=QUOTED_MAX)


def apply_language(visit: Visit, params: dict[str, str], codes: Iterable[str], names: dict[str, str]) -> None:
    """Take ``lang`` from the URL when it is one of ours; otherwise keep the current one and say so."""
    value = params.get(LANG)
    if value is None:
        return
    if value in codes:
        visit.settings.lang = value
    else:
        name = names[visit.settings.lang]
        visit.place.notices.append(Message.of("notice.unknown_lang", lang=quoted(value), name=name))


def apply_classroom(visit: Visit, params: dict[str, str]) -> None:
    """``classroom=1`` opens classroom mode, ``classroom=0`` closes it."""
    value = params.get(CLASSROOM)
    if value in ("1", "true", "yes", "on"):
        visit.settings.classroom = True
    elif value in ("0", "false", "no", "off"):
        visit.settings.classroom = False


def requested_step(visit: Visit, params: dict[str, str], count: int, current: int) -> int | None:
    """The 1-based step the URL asks for, or None; a step out of range gives a notice and None."""
    value = params.get(STEP)
    if value is None:
        return None
    try:
        step = int(value)
    except ValueError:
        step = 0
    if 1 <= step <= count:
        return step
    visit.place.notices.append(Message.of("notice.unknown_step", step=quoted(value), count=count, opened=current))
    return None


def follow(visit: Visit, step: int | None = None, code: str | None = None,
           extra: dict[str, str] | None = None) -> None:
    """Write where the learner is into the URL, so a reload or a shared link reopens the same place (``extra``: a
    page's own parameters, such as the Play page's match record)."""
    params = {LANG: visit.settings.lang}
    if step is not None:
        params[STEP] = str(step)
    if code is not None:
        params[CODE] = code
    params.update(extra or {})
    if visit.settings.classroom:
        params[CLASSROOM] = "1"
    current = {key: st.query_params[key] for key in st.query_params}
    if current == params:
        visit.place.address = None
    elif _language_only(current, params) and not history_navigation():
        visit.place.address = (current, params)  # replaced by the browser: a language is no step to go back to
    else:
        st.query_params.from_dict(params)  # a new history entry (replaced, during Back or Forward)
        visit.place.address = None
    if visit.place.url_written is not None and visit.place.url_written != params:
        visit.place.url_replaced = [(visit.place.url_written, time.monotonic()), *visit.place.url_replaced][:ECHOES]
    visit.place.url_written = params


def address(visit: Visit) -> str | None:
    """The query string (``?lang=el&step=3``) the browser is to replace its address with, if any."""
    return "?" + urlencode(visit.place.address[1]) if visit.place.address is not None else None


def _language_only(current: dict[str, str], params: dict[str, str]) -> bool:
    """Whether ``params`` differ from the address ``current`` in the language alone."""
    if LANG not in current or current[LANG] == params.get(LANG):
        return False
    return {k: v for k, v in current.items() if k != LANG} == {k: v for k, v in params.items() if k != LANG}


def classroom_link(lesson_id: str, step: int, lang: str) -> str:
    """A relative link that opens a lesson at a step in classroom mode."""
    return f"/{lesson_id}?{STEP}={step}&{LANG}={lang}&{CLASSROOM}=1"


def practice_link(code: str, lang: str, base: str = "") -> str:
    """A link that opens one practice question for anyone (``base``: the app's address, when known)."""
    return f"{base}/practice?{CODE}={code}&{LANG}={lang}"


def app_address(page: str) -> str:
    """The app's address as the browser reached it, for links to share ("" when unknown, as under test)."""
    try:
        parsed = urlparse(st.context.url or "")
    except (AttributeError, ValueError):
        return ""
    if not parsed.scheme or not parsed.netloc:
        return ""
    path = parsed.path.rstrip("/")
    if path.endswith(f"/{page}"):
        path = path[: -len(page) - 1]
    return f"{parsed.scheme}://{parsed.netloc}{path}"
