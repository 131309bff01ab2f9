"""A learner in real Chromium on a desktop, a 390×844 phone and a 1920×1080 classroom projector: taps on the picture,
button twins, a wrong move, answers, hints, a retry, back and next, scripted replies, a language change and a window
resize — and after every action the whole picture is shown with no label over a tile (the renderer's own boxes), the
hand is on screen (or scrolled to), the learner's tiles and the end circles are 44 CSS px targets, and the feedback
is in view with the focus. One page per viewport; a screenshot of every state goes to tests/artifacts/."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from lessons import load_library
from tests.browser.learner import (
    PICTURE,
    check_feedback,
    check_hand,
    check_picture,
    check_targets,
    rerun,
    shot,
    still,
    tap,
)

TEXTS = load_library().texts
VIEWPORTS = {
    "desktop": ({"width": 1366, "height": 800}, "en", False),
    "phone": ({"width": 390, "height": 844}, "pap", False),
    "classroom": ({"width": 1920, "height": 1080}, "es", True),
}


class Learner:
    """One learner's page: acts, then checks and photographs what is on screen."""

    def __init__(self, page: Page, folder: Path, name: str, lang: str) -> None:
        self.page, self.folder, self.name, self.lang = page, folder, name, lang
        self.states = 0

    def text(self, key: str, lesson: str | None = None) -> str:
        """A text in the learner's language."""
        return TEXTS.get(self.lang, key, lesson)

    def after(self, state: str, action: Callable[[], object], *, feedback: bool = True, runs: bool = True,
              targets: bool = True) -> None:
        """Do ``action``, let the app run and settle, then check the page as the learner sees it and photograph it
        (``runs=False``: an action that reloads the page, or one that needs no run, like a window resize;
        ``targets=False``: a window where a finger's 44 px targets are not asked for)."""
        if runs:
            rerun(self.page, action)
        else:
            action()
            still(self.page)  # a page that has just opened runs again by itself: wait for that too
        if feedback:
            check_feedback(self.page)
        if self.page.locator(PICTURE).count():
            check_picture(self.page)
            check_hand(self.page)
            if targets:
                check_targets(self.page)
        self.states += 1
        shot(self.page, self.folder, f"{self.name}-{self.states:02d}-{state}")

    def button(self, key: str, lesson: str | None = None) -> Callable[[], None]:
        """Pressing the button whose label is the text ``key``."""
        return lambda: self.page.get_by_role("button", name=self.text(key, lesson)).first.click()


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_a_learner_never_loses_sight_of_the_picture_the_hand_or_the_feedback(
        browser: Browser, app_url: str, artifacts: Path, viewport: str) -> None:
    size, lang, classroom = VIEWPORTS[viewport]
    page = browser.new_page(viewport=size)
    me = Learner(page, artifacts, viewport, lang)
    room = "&classroom=1" if classroom else ""
    success = page.locator(".st-key-feedback [data-testid='stAlertContentSuccess']")
    error = page.locator(".st-key-feedback [data-testid='stAlertContentError']")

    me.after("opened", lambda: page.goto(f"{app_url}/pegar?step=2&lang={lang}{room}"), feedback=False, runs=False)
    expect(page.locator(PICTURE)).to_have_attribute("alt", re.compile(re.escape(me.text("picture.hand")
                                                                            .split("{")[0])))
    assert page.evaluate("document.documentElement.lang") == lang
    me.after("tile-lifted", lambda: tap(page, "hand", "0:6-0"), feedback=False)
    expect(page.get_by_role("button", name="6-0")).to_have_attribute("data-testid", "stBaseButton-primary")
    me.after("wrong-end", lambda: tap(page, "end", "left"))
    expect(error).to_contain_text("6-0")
    me.after("twin-tile", lambda: page.get_by_role("button", name="5-1").click(), feedback=False)
    me.after("played-with-reply", lambda: tap(page, "end", "right"))
    expect(success).to_have_count(1)
    expect(page.get_by_text(me.text("player.happened"))).to_be_visible()
    me.after("next-question", me.button("button.next"), feedback=False)
    expect(page.get_by_text(me.text("ask_new_end", "pegar"))).to_be_visible()
    me.after("answer-wrong", lambda: page.get_by_role("radiogroup").get_by_text("5", exact=True).click())
    expect(error).to_have_count(1)
    me.after("answer-right", lambda: page.get_by_role("radiogroup").get_by_text("3", exact=True).click())
    expect(success).to_have_count(1)
    me.after("back", me.button("button.back"), feedback=False)
    me.after("next-again", me.button("button.next"), feedback=False)
    me.after("next-both-ends", me.button("button.next"), feedback=False)
    me.after("hint", me.button("button.hint"))
    me.after("hint-lifts", me.button("button.hint"))
    me.after("retry", me.button("button.retry"), feedback=False)
    me.after("twin-lift", lambda: page.get_by_role("button", name="5-2").click(), feedback=False)
    me.after("twin-play", lambda: page.get_by_role("button", name=re.compile(re.escape(me.text("end.right"))))
             .first.click())
    expect(success).to_have_count(1)
    me.after("remember", me.button("button.next"), feedback=False)
    expect(page.get_by_role("button", name=me.text("player.all_lessons"))).to_have_count(1)
    # a partnership table: the learner passes, three replies follow one by one
    me.after("partnership", lambda: page.goto(f"{app_url}/pasa?step=2&lang={lang}{room}"), feedback=False,
             runs=False)
    me.after("passed-replies", me.button("button.pass"))
    expect(success).to_have_count(1)
    other = next(code for code in ("en", "es", "pap") if code != lang)
    me.lang = other
    me.after("language", lambda: page.goto(f"{app_url}/pasa?step=2&lang={other}{room}"), feedback=False,
             runs=False)
    assert page.evaluate("document.documentElement.lang") == other
    narrow = {"width": max(360, size["width"] // 2), "height": size["height"]}
    # a projector's window halved (960 px) is worked with a mouse and keys: its targets are smaller than a finger's
    me.after("resized", lambda: page.set_viewport_size(narrow), feedback=False, runs=False, targets=not classroom)
    page.close()
