"""Greek and Esperanto in real Chromium: the browser's own language picks Greek, a deep link picks Esperanto, and a
learner plays a lesson's move by tapping the picture, with the page, the picture's description and the feedback in
that language (screenshots in tests/artifacts/)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from app.navigation import courses
from lessons import load_library
from tests.browser.learner import (
    PICTURE,
    TIMEOUT,
    check_feedback,
    check_hand,
    check_picture,
    rerun,
    settle,
    shot,
    still,
    tap,
)

LIBRARY = load_library()
TEXTS = LIBRARY.texts
CASES = {
    # lang: (how the language is chosen, viewport)
    "el": ("locale", {"width": 390, "height": 844}),
    "eo": ("link", {"width": 1366, "height": 800}),
}


@pytest.mark.parametrize("lang", list(CASES))
def test_a_lesson_in_greek_and_in_esperanto(browser: Browser, app_url: str, artifacts: Path, lang: str) -> None:
    chosen_by, size = CASES[lang]
    context = browser.new_context(viewport=size, locale="el-GR" if chosen_by == "locale" else "en-US")
    page = context.new_page()
    try:
        query = "" if chosen_by == "locale" else f"&lang={lang}"
        page.goto(f"{app_url}/pegar?step=2{query}")
        expect(page.get_by_text(TEXTS.get(lang, "task_fit", "pegar"))).to_be_visible(timeout=TIMEOUT)
        settle(page)
        page.wait_for_function(f"() => document.documentElement.lang === {lang!r}", timeout=TIMEOUT)
        hand_words = TEXTS.get(lang, "picture.hand").split("{")[0].strip()
        assert hand_words in (page.locator(PICTURE).get_attribute("alt") or "")
        if size["width"] > 800:  # the sidebar is open: every lesson is listed, with no untranslated "View 12 more"
            nav = page.locator("[data-testid='stSidebarNav']")
            for number, lesson_id in enumerate((i for _, ids in courses(LIBRARY) for i in ids), start=1):
                title = TEXTS.get(lang, "title", lesson_id)
                expect(nav.get_by_role("link", name=f"{number}. {title}", exact=True)).to_be_visible()
            expect(nav.get_by_text(re.compile(r"^View \d+ more$"))).to_have_count(0)
        shot(page, artifacts, f"language-{lang}-opened")

        rerun(page, lambda: tap(page, "hand", "0:5-1"))
        rerun(page, lambda: tap(page, "end", "right"))
        check_feedback(page)
        check_picture(page)
        check_hand(page)
        success = page.locator(".st-key-feedback [data-testid='stAlertContentSuccess']")
        expect(success).to_have_count(1)
        expect(page.get_by_role("button", name=TEXTS.get(lang, "button.next"))).to_be_visible()
        shot(page, artifacts, f"language-{lang}-played")
    finally:
        context.close()


def test_a_bad_link_is_explained_in_the_learners_language_and_stays_on_screen(browser: Browser, app_url: str,
                                                                              artifacts: Path) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        page.goto(f"{app_url}/pegar?step=abc&lang=el")
        still(page)  # the page has run again by itself since it opened: the notice must still be there
        notice = TEXTS.get("el", "notice.unknown_step").split("{")[0]
        expect(page.locator("[data-testid='stAlert']").filter(has_text=notice)).to_have_count(1)
        shot(page, artifacts, "language-el-bad-link")
    finally:
        page.close()
