"""The "Other tables" course in a real browser (Chromium through Playwright): the spinner lesson in Spanish played
by tapping the picture — the lead, the spinner's left side, its bottom side once open — on a phone and on a
projector, the home page's two courses, and the picture's words for the spinner; screenshots for a person to
look at."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from lessons import load_library
from tests.browser.learner import (
    PICTURE,
    TIMEOUT,
    boxes,
    check_feedback,
    check_hand,
    check_picture,
    rerun,
    settle,
    tap,
)

TEXTS = load_library().texts
SUCCESS = '[data-testid="stAlertContentSuccess"]'
PRAISE = re.compile("|".join(re.escape(TEXTS.get("es", f"praise.{n}")) for n in range(1, 6)))


def es(key: str, lesson: str | None = "spinner") -> str:
    """A Spanish text."""
    return TEXTS.get("es", key, lesson)


def play(page: Page, tile: str, end: str | None) -> None:
    """Tap a tile of the hand, then the circle at ``end`` (or the lead's place), and see the step praised."""
    rerun(page, lambda: tap(page, "hand", f"0:{tile}"))
    expect(page.get_by_role("button", name=tile)).to_have_attribute("data-testid", "stBaseButton-primary")
    rerun(page, lambda: tap(page, "lead" if end is None else "end", end or "lead"))
    expect(page.locator(SUCCESS).first).to_have_text(PRAISE, timeout=TIMEOUT)


def next_step(page: Page, text: str) -> None:
    rerun(page, lambda: page.get_by_role("button", name=es("button.next", None)).click())
    expect(page.get_by_text(text)).to_be_visible(timeout=TIMEOUT)
    settle(page)


def test_the_spinner_lesson_in_spanish_by_tapping_the_picture(page: Page, app_url: str, artifacts: Path) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{app_url}/?lang=es")
    main = page.get_by_test_id("stMainBlockContainer")
    expect(main.get_by_text(es("course.other_tables", None), exact=True)).to_be_visible(timeout=TIMEOUT)
    expect(main.get_by_text(es("course.la_plaza", None), exact=True)).to_be_visible(timeout=TIMEOUT)
    page.screenshot(path=artifacts / "tables-home-es.png", full_page=True)

    page.goto(f"{app_url}/spinner?step=3&lang=es")
    expect(page.get_by_text(es("task_lead"))).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_text(re.compile(re.escape(es("tables.preset.all_fives", None))))).to_be_visible(
        timeout=TIMEOUT)
    settle(page)
    play(page, "5-5", None)
    next_step(page, es("task_open"))
    image = page.locator(PICTURE)
    assert not any(b["kind"] == "end" and b["name"] in ("up", "down") for b in boxes(image))
    play(page, "5-3", "left")
    check_feedback(page)
    next_step(page, es("ask_open_ends"))
    rerun(page, lambda: page.get_by_role("radiogroup").get_by_text("4", exact=True).click())
    expect(page.locator(SUCCESS).first).to_be_visible(timeout=TIMEOUT)
    next_step(page, es("task_down"))
    assert {b["name"] for b in boxes(image) if b["kind"] == "end"} == {"left", "right", "up", "down"}
    words = image.get_attribute("alt") or ""
    assert "El spinner, el 5-5, está atravesado en el centro." in words
    assert "El lado de abajo del spinner está abierto y muestra 5." in words
    check_picture(page)
    check_hand(page)
    page.screenshot(path=artifacts / "tables-spinner-phone.png", full_page=True)
    play(page, "5-4", "down")
    check_picture(page)
    assert "Tú: 10 puntos anotados con esa jugada." in (image.get_attribute("alt") or "")
    page.screenshot(path=artifacts / "tables-spinner-scored-phone.png", full_page=True)


def test_a_spinner_table_on_the_projector(page: Page, app_url: str, artifacts: Path) -> None:
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{app_url}/all_fives?step=3&lang=en&classroom=1")
    expect(page.get_by_text(TEXTS.get("en", "task_fifteen", "all_fives"))).to_be_visible(timeout=TIMEOUT)
    settle(page)
    check_picture(page)
    words = page.locator(PICTURE).get_attribute("alt") or ""
    assert "The open ends count 6 + 3 + 4 = 13." in words
    rerun(page, lambda: tap(page, "hand", "0:6-4"))
    rerun(page, lambda: tap(page, "end", "up"))
    expect(page.locator(SUCCESS).first).to_be_visible(timeout=TIMEOUT)
    words = page.locator(PICTURE).get_attribute("alt") or ""
    assert "You: 15 points scored with that play." in words and "The open ends count 6 + 3 + 6 = 15." in words
    page.screenshot(path=artifacts / "tables-all-fives-projector.png")


def test_the_other_tables_pages_have_no_serious_accessibility_violation(page: Page, app_url: str) -> None:
    from tests.browser.test_accessibility import serious

    page.set_viewport_size({"width": 390, "height": 900})
    problems = {}
    for path, lang in (("/spinner?step=6", "es"), ("/katsika?step=6", "pap"), ("/practice?code=fives-12", "en")):
        page.goto(f"{app_url}{path}&lang={lang}")
        settle(page, PICTURE if "practice" not in path else None)
        page.wait_for_function(f"() => document.documentElement.lang === {lang!r}")
        settle(page, PICTURE if "practice" not in path else None)
        found = serious(page)
        if found:
            problems[f"{path}&lang={lang}"] = found
    assert not problems, problems


def test_a_katsika_drill_keeps_its_penalty_off_the_picture_until_answered(page: Page, app_url: str) -> None:
    """The drill asks a side's penalty: the score line under the picture (and its words) would say it, so it stays
    out while the question is open and comes back once answered; a wrong option says why it is wrong."""
    page.goto(f"{app_url}/katsika?step=7&lang=en")
    image = page.locator(PICTURE)
    expect(image).to_be_visible(timeout=TIMEOUT)
    settle(page)
    penalty = re.compile(r"\d+ penalty points?\.")
    assert not penalty.search(image.get_attribute("alt") or "")
    options = page.locator('[data-testid="stRadioOption"]')
    expect(options.first).to_be_visible(timeout=TIMEOUT)
    for index in range(options.count()):
        rerun(page, lambda index=index: options.nth(index).click())
        if page.locator(SUCCESS).count():
            break
        error = page.locator('[data-testid="stAlertContentError"]').first
        expect(error).to_be_visible(timeout=TIMEOUT)
        expect(error).not_to_contain_text(TEXTS.get("en", "drill.hint.katsika"))  # its own reason, not the nudge
    expect(page.locator(SUCCESS).first).to_be_visible(timeout=TIMEOUT)
    settle(page)
    assert penalty.search(image.get_attribute("alt") or "")
