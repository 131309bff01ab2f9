"""The app's small link to the browser page, an inline component drawn once per run: it declares the page's
language (``<html lang>``), brings the feedback into view and gives it the focus after an action, and keeps in the
browser's own storage what must survive a reload — the signed-in learner's nickname and class code (no password),
or a guest's lessons, stars and practice answers.

Nothing is written to the browser before what it held has been read back, so a reload never overwrites it.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import Any

import streamlit as st

from . import signin
from .progress import Answer, Learner, LessonProgress, Progress, SessionProgressStore
from .state import GUEST, Visit, current_visit

BROWSER_KEY = "browser"  # the session-state key of the component (tests set it to play a reload)
FEEDBACK_KEY = "feedback"  # the key of the container holding a page's feedback: it gets the view and the focus
STORAGE_KEY = "la-plaza-progress"
VERSION = 1
MAX_ANSWERS = 300  # the guest's most recent practice answers kept in the browser

log = logging.getLogger(__name__)

_JS = """
const seen = {focus: null, read: false};
export default function (component) {
  const { data, setStateValue } = component;
  if (data.lang) document.documentElement.lang = data.lang;
  document.documentElement.dataset.laPlazaRun = data.run;
  if (!data.restored && !seen.read) {
    seen.read = true;
    let stored = null;
    try { stored = JSON.parse(window.localStorage.getItem(data.storage) || "null"); } catch (error) { stored = null; }
    setStateValue("stored", {value: stored});
  }
  if (data.restored && data.save !== null) {
    const text = JSON.stringify(data.save);
    try {
      if (window.localStorage.getItem(data.storage) !== text) window.localStorage.setItem(data.storage, text);
    } catch (error) { /* storage full or refused: progress still lasts for this visit */ }
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
        "focus": visit.taps.acted,
        "feedback": FEEDBACK_KEY,
    }
    _component(key=BROWSER_KEY, data=data, width="stretch", height="content", on_stored_change=_on_stored)


def _on_stored() -> None:
    restore(current_visit())


def restore(visit: Visit) -> None:
    """Take back, once per visit, what the browser kept: sign the learner in again, or give a guest back their
    lessons, stars and answers. Anything unreadable is ignored (the visit starts as a fresh guest)."""
    if visit.account.restored:
        return
    value = st.session_state.get(BROWSER_KEY)
    stored = value.get("stored") if hasattr(value, "get") else None
    if not isinstance(stored, dict):
        return
    visit.account.restored = True
    kept = stored.get("value")
    if not isinstance(kept, dict) or kept.get("v") != VERSION or visit.account.signed_in:
        return
    try:
        learner = kept.get("learner")
        if isinstance(learner, dict):
            signin.sign_in(visit, Learner(str(learner.get("nickname", "")), str(learner.get("class_code", ""))))
        elif isinstance(kept.get("guest"), dict):
            _give_back(visit, progress_from(kept["guest"]))
    except (ValueError, TypeError, KeyError, AttributeError):
        log.info("the browser's stored progress could not be read; starting as a guest", exc_info=True)


def snapshot(visit: Visit) -> dict[str, Any]:
    """What the browser keeps for this visit: the signed-in learner, or a guest's progress."""
    account = visit.account
    if account.signed_in:
        learner = account.learner
        return {"v": VERSION, "learner": {"nickname": learner.nickname, "class_code": learner.class_code}}
    return {"v": VERSION, "guest": progress_to(account.store.load(GUEST))}


def progress_to(progress: Progress) -> dict[str, Any]:
    """A guest's progress as plain JSON data."""
    return {
        "lessons": {lesson_id: [lesson.step, lesson.stars, lesson.finished, _time(lesson.updated)]
                    for lesson_id, lesson in progress.lessons.items()},
        "answers": [[a.skill, a.code, a.correct, _time(a.at)] for a in progress.answers[-MAX_ANSWERS:]],
    }


def progress_from(data: dict[str, Any]) -> Progress:
    """A guest's progress from the JSON data `progress_to` made (``ValueError``/``TypeError`` when it is not)."""
    lessons = {}
    for lesson_id, (step, stars, finished, updated) in dict(data.get("lessons") or {}).items():
        step, stars = int(step), int(stars)
        if step < 1 or not 0 <= stars <= 3:
            raise ValueError(f"lesson {lesson_id!r}: step {step}, stars {stars}")
        lessons[str(lesson_id)] = LessonProgress(str(lesson_id), step, stars, bool(finished), _moment(updated))
    answers = tuple(Answer(str(skill), str(code), bool(correct), _moment(at) or datetime.now(UTC))
                    for skill, code, correct, at in list(data.get("answers") or [])[-MAX_ANSWERS:])
    return Progress(lessons, answers)


def _give_back(visit: Visit, kept: Progress) -> None:
    """Put a guest's kept progress back under what this visit did so far (its steps win, the best stars stay)."""
    store = visit.account.store
    if not isinstance(store, SessionProgressStore):
        return
    now = store.load(GUEST)
    lessons = dict(kept.lessons)
    for lesson_id, lesson in now.lessons.items():
        before = lessons.get(lesson_id)
        lessons[lesson_id] = lesson if before is None else LessonProgress(
            lesson_id, lesson.step, max(lesson.stars, before.stars), lesson.finished or before.finished,
            lesson.updated or before.updated)
    store.put(GUEST, Progress(lessons, (*kept.answers, *now.answers)))
    visit.account.saved.clear()


def _time(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None


def _moment(text: Any) -> datetime | None:
    if not text:
        return None
    moment = datetime.fromisoformat(str(text))
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
