"""The app's small link to the browser page, an inline component drawn once per run: it declares the page's
language (``<html lang>``), brings a new step's instruction into view, and after a move the picture (while the
replies play on it) and then the feedback, below Streamlit's fixed top bar, with the focus; closes the sidebar on a
phone once a page is picked from it; puts a new language in the address without a history entry; keeps in the
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

from app import signin, urls
from app.i18n import plain
from app.state import Visit, current_visit
from app.storage.progress_sql import DATABASE_ERRORS
from wording import Message

BROWSER_KEY = "browser"  # the session-state key of the component (tests set it to play a reload)
FEEDBACK_KEY = "feedback"  # the key of the container holding a page's feedback: it gets the view and the focus
INSTRUCTION_KEY = "instruction"  # the key of the container holding a lesson step's instruction: a new step shows it
STORAGE_KEY = "la-plaza-progress"
VERSION = 2  # version 1 kept a nickname or a guest's progress as plain data: never trusted again
SIGNIN_FRAGMENT = "signin"  # a card's QR code opens <app>/#signin=<code>

log = logging.getLogger(__name__)

_JS = """
const seen = {focus: null, step: null, read: null, learner: undefined, code: false, nav: false};
// Where the page scrolls to. Streamlit's top bar is fixed over the page: what is brought into view sits below it.
const view = {
  bar() {
    const header = document.querySelector('header[data-testid="stHeader"]');
    const box = header ? header.getBoundingClientRect() : null;
    return box && box.height > 0 ? Math.max(0, box.bottom) : 0;
  },
  reveal(element, block) {
    element.style.scrollMarginTop = `${view.bar() + 8}px`;
    element.style.scrollMarginBottom = "8px";
    element.scrollIntoView({block, behavior: "instant"});
  },
  picture() {  // the table picture, drawn in its component's shadow root
    for (const host of document.querySelectorAll('[data-testid="stMain"] .stBidiComponent *')) {
      const found = host.shadowRoot && host.shadowRoot.querySelector("img.table-picture");
      if (found) return found;
    }
    return null;
  },
  room() { return window.innerHeight - view.bar() - 16; },
  shown(box) { return box.top >= view.bar() - 1 && box.bottom <= window.innerHeight + 1; },
  focus(element) {
    if (!element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
    element.focus({preventScroll: true});
  },
  // a new step: its instruction (or the title, on a step with none) starts on screen, with the title above it and
  // the whole picture below it when they fit; the instruction gets the focus, so a screen reader reads the new step
  step(data) {
    const title = document.querySelector('[data-testid="stMain"] h1, [data-testid="stMain"] h3');
    const text = document.querySelector(`.st-key-${data.instruction}`) || title;
    if (!text) return;
    const picture = view.picture();
    const head = text.getBoundingClientRect();
    const bottom = picture ? Math.max(head.bottom, picture.getBoundingClientRect().bottom) : head.bottom;
    const fits = (element) => element && bottom - element.getBoundingClientRect().top <= view.room();
    const short = title && head.top - title.getBoundingClientRect().top + Math.min(head.height, 120) <= view.room();
    view.reveal(fits(title) ? title : fits(text) ? text : short ? title : text, "start");
    view.focus(text);
  },
  // a move: the picture is on screen while the replies play on it, then the feedback is wholly below the top bar
  // (scrolled no further than needed, so on a phone the picture above it stays in sight); it gets the focus
  move(data) {
    const box = document.querySelector(`.st-key-${data.feedback}`);
    const picture = view.picture();
    if (!box) return;
    view.focus(box);
    const fit = (element) => element.getBoundingClientRect().height > view.room() ? "start" : "nearest";
    const feedback = () => {
      const where = box.getBoundingClientRect();
      if (where.height === 0) return;  // nothing to say (a tile lifted)
      if (picture && picture.isConnected) {  // the picture with the feedback, when both fit
        const drawn = picture.getBoundingClientRect();
        const top = Math.min(drawn.top, where.top), bottom = Math.max(drawn.bottom, where.bottom);
        if (bottom - top <= view.room()) {
          if (top < view.bar()) view.reveal(drawn.top <= where.top ? picture : box, "start");
          else if (bottom > window.innerHeight) view.reveal(drawn.bottom >= where.bottom ? picture : box, "end");
          return;
        }
      }
      if (!view.shown(where)) view.reveal(box, fit(box));
    };
    if (picture && picture.dataset.playing === "1") {
      if (!view.shown(picture.getBoundingClientRect())) view.reveal(picture, fit(picture));
      const done = new MutationObserver(() => {
        if (picture.dataset.playing !== "1" || !picture.isConnected) { done.disconnect(); feedback(); }
      });
      done.observe(picture, {attributes: true, attributeFilter: ["data-playing"]});
    } else {
      feedback();
    }
  },
};
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
  // what the browser kept is told once to each visit on the server: the first, and the new one a server starts
  // when this page's server stopped and the page reconnected to another without a reload (which knew nothing yet)
  if (!data.restored && seen.read !== data.visit) {
    seen.read = data.visit;
    let stored = null;
    try { stored = JSON.parse(window.localStorage.getItem(data.storage) || "null"); } catch (error) { stored = null; }
    seen.learner = stored && typeof stored === "object" ? stored.learner : undefined;
    setStateValue("stored", {value: stored, visit: data.visit});
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
  if (!seen.nav) {
    seen.nav = true;
    // on a phone the sidebar lies over the page: once a page is picked from it, it closes, showing that page
    document.addEventListener("click", (event) => {
      if (!event.target.closest || !event.target.closest('[data-testid="stSidebarNav"] a')) return;
      const sidebar = document.querySelector('[data-testid="stSidebar"]');
      const main = document.querySelector('[data-testid="stMain"]');
      if (!sidebar || !main) return;
      const over = main.getBoundingClientRect().left < sidebar.getBoundingClientRect().right - 1;
      const close = document.querySelector('[data-testid="stSidebarCollapseButton"] button');
      if (over && close) setTimeout(() => close.click(), 0);
    }, true);
  }
  if (data.address && window.location.search !== data.address) {
    // a new language alone: the address is replaced, no history entry (Back goes to the step before). No
    // synthetic popstate: Streamlit's page took it for Back or Forward, and a language chosen on a page that had
    // just opened was then lost now and then (the first language click in the browser tests, one run in three)
    history.replaceState(history.state, "", window.location.pathname + data.address);
  }
  if (seen.focus === null) { seen.focus = data.focus; seen.step = data.step; }
  if (data.step !== seen.step) {
    seen.step = data.step; seen.focus = data.focus;
    requestAnimationFrame(() => requestAnimationFrame(() => view.step(data)));
  } else if (data.focus !== seen.focus) {
    seen.focus = data.focus;
    requestAnimationFrame(() => requestAnimationFrame(() => view.move(data)));
  }
}
"""

_component = st.components.v2.component("la_plaza_browser", js=_JS)


def link(visit: Visit) -> None:
    """Draw the (invisible) link at the end of this run: the page's language, what to bring into view (a new
    step's instruction when the step changed, else the picture and the feedback when an action happened), the
    address to put in place of the browser's own (a new language), what to keep in the browser, and the run's
    number (``<html data-la-plaza-run>``: when it changes, the page shows the new run whole)."""
    visit.taps.runs += 1
    data = {
        "run": visit.taps.runs,
        "lang": visit.settings.lang,
        "restored": visit.account.restored,
        "visit": visit.account.visit_id,  # a new one after a reconnection to another server: told what was kept
        "save": snapshot(visit) if visit.account.restored else None,
        "storage": STORAGE_KEY,
        "fragment": SIGNIN_FRAGMENT,
        "focus": visit.taps.acted,
        "feedback": FEEDBACK_KEY,
        "step": visit.taps.stepped,
        "address": urls.address(visit),
        "instruction": INSTRUCTION_KEY,
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
