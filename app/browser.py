"""The app's small link to the browser page, an inline component drawn once per run: it declares the page's
language (``<html lang>``), brings the feedback into view and gives it the focus after an action, keeps in the
browser's own storage the tokens that reopen this visitor's records after a reload, and hands over a personal code
read from a card's QR code (it rides in the address's ``#fragment``, which never leaves the browser, and is wiped
from the address bar at once).

The browser keeps nothing but tokens the server signed: no progress, no nickname. A token that does not verify, or
whose record is gone, is ignored with a plain notice. Nothing is written to the browser before what it held has
been read back, so a reload never overwrites it.
"""

from __future__ import annotations

import logging
from typing import Any

import streamlit as st

from lessons import Message

from . import signin
from .i18n import plain
from .progress_sql import DATABASE_ERRORS
from .state import Visit, current_visit

BROWSER_KEY = "browser"  # the session-state key of the component (tests set it to play a reload)
FEEDBACK_KEY = "feedback"  # the key of the container holding a page's feedback: it gets the view and the focus
STORAGE_KEY = "la-plaza-progress"
VERSION = 2  # version 1 kept a nickname or a guest's progress as plain data: never trusted again
SIGNIN_FRAGMENT = "signin"  # a card's QR code opens <app>/#signin=<code>

log = logging.getLogger(__name__)

_JS = """
const seen = {focus: null, read: false, learner: undefined, code: false};
export default function (component) {
  const { data, setStateValue } = component;
  if (data.lang) document.documentElement.lang = data.lang;
  document.documentElement.dataset.laPlazaRun = data.run;
  if (!seen.code) {
    seen.code = true;
    const codeIn = (address) => new URLSearchParams(address.replace(/^[^#]*#?/, "")).get(data.fragment);
    const wipe = () => history.replaceState(history.state, "", window.location.pathname + window.location.search);
    // Streamlit writes the app's query string into the address before this runs, and drops the fragment as it
    // does (a new history entry): the address the page was opened with still holds the card's code
    const opened = (performance.getEntriesByType("navigation")[0] || {}).name || "";
    const code = codeIn(window.location.hash) ?? codeIn(opened);
    if (code !== null) {
      wipe();  // the code leaves the address bar before anything else happens
      setStateValue("code", {value: code.slice(0, 40)});
    }
    // the card's address stays one step back in the history: should Back bring it up again, it is wiped there too
    window.addEventListener("popstate", () => { if (codeIn(window.location.hash) !== null) wipe(); });
  }
  if (!data.restored && !seen.read) {
    seen.read = true;
    let stored = null;
    try { stored = JSON.parse(window.localStorage.getItem(data.storage) || "null"); } catch (error) { stored = null; }
    seen.learner = stored && typeof stored === "object" ? stored.learner : undefined;
    setStateValue("stored", {value: stored});
  }
  if (data.restored && data.save !== null) {
    let now = null;
    try { now = JSON.parse(window.localStorage.getItem(data.storage) || "null"); } catch (error) { now = null; }
    const save = Object.assign({}, data.save);
    // a guest's token never replaces a learner's that another tab signed in meanwhile
    if (save.guest && now && now.learner && now.learner !== seen.learner && !now.guest) {
      save.learner = now.learner; save.guest = false;
    }
    seen.learner = save.learner;
    const text = JSON.stringify(save);
    try {
      if (window.localStorage.getItem(data.storage) !== text) window.localStorage.setItem(data.storage, text);
    } catch (error) { /* storage full or refused: the record still lasts on the server */ }
  }
  if (seen.focus === null) seen.focus = data.focus;
  if (data.focus !== seen.focus) {
    seen.focus = data.focus;
    const bring = () => {
      const box = document.querySelector(`.st-key-${data.feedback}`);
      if (!box) return;
      if (!box.hasAttribute("tabindex")) box.setAttribute("tabindex", "-1");
      box.focus({preventScroll: true});
      const where = box.getBoundingClientRect();
      // at the bottom of the screen, so what is above it (on a phone: the picture and its hand) stays in sight
      if (where.top < 0 || where.bottom > window.innerHeight) box.scrollIntoView({block: "end", behavior: "instant"});
    };
    requestAnimationFrame(() => requestAnimationFrame(bring));
  }
}
"""

_component = st.components.v2.component("la_plaza_browser", js=_JS)


def link(visit: Visit) -> None:
    """Draw the (invisible) link at the end of this run: the page's language, the feedback to bring into view
    when an action happened, what to keep in the browser, and the run's number (``<html data-la-plaza-run>``:
    when it changes, the page shows the new run whole)."""
    visit.taps.runs += 1
    data = {
        "run": visit.taps.runs,
        "lang": visit.settings.lang,
        "restored": visit.account.restored,
        "save": snapshot(visit) if visit.account.restored else None,
        "storage": STORAGE_KEY,
        "fragment": SIGNIN_FRAGMENT,
        "focus": visit.taps.acted,
        "feedback": FEEDBACK_KEY,
    }
    _component(key=BROWSER_KEY, data=data, width="stretch", height="content", on_stored_change=_on_stored,
               on_code_change=_on_code)


def _on_stored() -> None:
    restore(current_visit())


def _on_code() -> None:
    take_code(current_visit())


def restore(visit: Visit) -> None:
    """Take back, once per visit, what the browser kept: the token of the learner's or guest's record, and of the
    tab's teacher. The server checks each one; one that does not verify (edited, forged, expired, a removed
    learner's) is ignored with a plain notice, and so is anything an older version kept."""
    if visit.account.restored:
        return
    value = st.session_state.get(BROWSER_KEY)
    stored = value.get("stored") if hasattr(value, "get") else None
    if not isinstance(stored, dict):
        return
    visit.account.restored = True
    kept = stored.get("value")
    if kept is None:
        return
    if not isinstance(kept, dict) or kept.get("v") != VERSION:
        log.info("the browser kept something this version does not read; ignored")
        visit.place.notices.append(Message("notice.storage_ignored"))
        return
    accounts = visit.account.accounts
    if accounts is None:
        return
    try:
        _restore_learner(visit, accounts, kept.get("learner"))
        _restore_teacher(visit, accounts, kept.get("teacher"))
    except DATABASE_ERRORS:
        log.warning("the browser's tokens could not be checked; starting afresh", exc_info=True)


def _restore_learner(visit: Visit, accounts: Any, token: Any) -> None:
    if token is None or visit.account.signed_in:
        return
    claims = accounts.tokens.read(token)
    learner = accounts.learner_now(claims) if claims is not None and claims.kind == "learner" else None
    if learner is None:
        visit.place.notices.append(Message("notice.token_refused" if claims is None else "notice.signed_out"))
        return
    signin.sign_in(visit, learner, claims.epoch)
    if learner.guest is False:
        accounts.touch(learner)


def _restore_teacher(visit: Visit, accounts: Any, token: Any) -> None:
    if token is None or visit.account.teacher is not None:
        return
    teacher = accounts.open_teacher_token(token)
    if teacher is None:
        visit.place.notices.append(Message("notice.teacher_token_refused"))
        return
    visit.account.teacher = teacher
    visit.account.teacher_token = token


def take_code(visit: Visit) -> None:
    """Sign in with the personal code a card's QR code brought in the address's fragment (once per visit)."""
    value = st.session_state.get(BROWSER_KEY)
    code = value.get("code") if hasattr(value, "get") else None
    typed = code.get("value") if isinstance(code, dict) else None
    if not isinstance(typed, str) or visit.account.code_taken:
        return
    visit.account.code_taken = True
    problem = signin.sign_in_with_code(visit, typed)
    visit.place.notices.append(problem or Message.of("signin.welcome", nickname=plain(visit.account.learner.nickname)))


def snapshot(visit: Visit) -> dict[str, Any]:
    """What the browser keeps for this visit: the token of its record (learner or guest) and of its teacher."""
    account = visit.account
    return {"v": VERSION, "learner": account.token, "guest": account.learner.guest, "teacher": account.teacher_token}
