"""Today's five on the home page in a real browser: a signed-in learner finds the five in sight as the page opens, on a
phone and on a large screen, follows one to its practice question or puzzle, answers it, and finds the plan moved on
back home; a guest is told why to sign in instead; no serious accessibility violation with the plan shown."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Browser, Locator, Page, expect

from app.storage.progress import Answer, Learner
from app.storage.progress_sql import SqlProgressStore
from engine import Play, parse_move
from lessons import load_library
from practice import get_skill, question_from_code
from practice.puzzle_choice import find_puzzle
from practice.puzzles import load_puzzles
from tests.browser.learner import PRACTICE_PICTURE, TIMEOUT, inside_viewport, rerun, settle, still, tap
from tests.browser.test_accessibility import serious
from tests.identity_support import make_roster

TEXTS = load_library().texts
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1920, "height": 1080}
ITEMS = ".st-key-plan [class*='st-key-plan_']"  # the five, in order
PUZZLE_PICTURE = ".st-key-puzzle_picture img.table-picture"
SUCCESS = '[data-testid="stAlertContentSuccess"]'
#: How many lines an item's status ("· due for review", after the label's last "·") is drawn on.
STATUS_LINES = """(p) => { const text = p.firstChild, range = document.createRange();
    range.setStart(text, text.textContent.lastIndexOf('·')); range.setEnd(text, text.textContent.length);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size; }"""


def say(lang: str, key: str, scope: str | None = None, **args: object) -> str:
    """A text in ``lang`` (``scope``: a page's own texts), filled in."""
    text = TEXTS.get(lang, key, scope)
    return text.format(**args) if args else text


def learner(database: str, nickname: str) -> tuple[str, Learner]:
    """``nickname`` on a class of their own, with a wrong ``lacks`` answer two hours ago (so due for review now):
    their personal code and their record."""
    roster = make_roster(database, nickname, class_name=f"Plan {nickname}")
    store = SqlProgressStore.from_url(database)
    record = Learner(nickname, roster.school_class.code, roster.keys[nickname])
    store.record_answer(record, Answer("lacks", "lacks-4821", False, datetime.now(UTC) - timedelta(hours=2)))
    store.engine.dispose()
    return roster.codes[nickname], record


def due_at(database: str, record: Learner) -> dict[str, datetime]:
    """When each of the learner's cards is due, as the server keeps them (by skill or theme id)."""
    store = SqlProgressStore.from_url(database)
    try:
        return {item.id: when for item, when in store.plan(record).items()}
    finally:
        store.engine.dispose()


def open_signed_in(browser: Browser, app_url: str, code: str, viewport: dict[str, int], lang: str = "en") -> Page:
    """A new browser signed in by the card's link (what scanning its QR code opens), then the home page opened
    afresh, as a learner does on a later day."""
    page = browser.new_context(viewport=viewport).new_page()
    page.goto(f"{app_url}/?lang={lang}#signin={code}")
    expect(page.get_by_test_id("stMain").get_by_text(say(lang, "signin.playing_as"), exact=True)).to_be_visible(
        timeout=TIMEOUT)
    still(page)
    page.wait_for_function("() => window.localStorage.getItem('la-plaza-progress')", timeout=TIMEOUT)
    page.goto(f"{app_url}/?lang={lang}")
    expect(page.locator(ITEMS)).to_have_count(5, timeout=TIMEOUT)
    still(page)
    return page


def plan_keys(page: Page) -> list[str]:
    """The five as shown, by their keys (``skill_lacks``, ``theme_block_to_win``), top to bottom."""
    classes = page.locator(ITEMS).evaluate_all("(items) => items.map((item) => item.className)")
    return [re.search(r"st-key-plan_(\S+)", names)[1] for names in classes]  # type: ignore[index]


def check_in_sight(page: Page, lang: str = "en") -> None:
    """The plan's title and all five are on screen as the page opens, each a row at least 44 px tall whose label
    starts at its left edge (a wrapped one too) and whose status stays on one line."""
    expect(page.get_by_role("heading", name=say(lang, "home.plan.title"))).to_be_in_viewport()
    items = page.locator(f"{ITEMS} button")
    for index in range(items.count()):
        box = items.nth(index).bounding_box()
        assert box is not None and inside_viewport(page, box), (index, box, page.viewport_size)
        assert box["height"] >= 43.5, box
        label = items.nth(index).locator("p")
        where = label.bounding_box()
        assert where is not None and where["x"] - box["x"] < 40, (box, where)  # just after the icon, not centred
        assert label.evaluate(STATUS_LINES) == 1, label.inner_text()  # "· due for review" never split over lines


def home_from_sidebar(page: Page) -> None:
    """Back to the home page by the sidebar's link, as a learner goes (on a phone, opening the sidebar first)."""
    sidebar = page.get_by_test_id("stSidebar")
    if (sidebar.bounding_box() or {"width": 0})["width"] < 50:
        page.get_by_test_id("stExpandSidebarButton").click()
    page.get_by_test_id("stSidebarNav").get_by_role("link", name=say("en", "app.home")).click()
    expect(page.get_by_role("heading", name=say("en", "home.plan.title"))).to_be_visible(timeout=TIMEOUT)
    expect(page.locator(ITEMS)).to_have_count(5, timeout=TIMEOUT)
    still(page)


def item(page: Page, key: str) -> Locator:
    """The button of the plan's item ``key`` (``skill_lacks``)."""
    return page.locator(f".st-key-plan_{key} button")


def test_on_a_phone_a_due_skill_is_practised_and_leaves_the_plan(browser: Browser, app_url: str, app_database: str,
                                                                 artifacts: Path) -> None:
    code, record = learner(app_database, "Ana")
    page = open_signed_in(browser, app_url, code, PHONE)
    check_in_sight(page)
    before = plan_keys(page)
    assert before[0] == "skill_lacks"  # the one due for review comes first, and says so
    lacks = say("en", get_skill("lacks").title)
    expect(item(page, "skill_lacks")).to_have_accessible_name(  # what a screen reader says too (the icon is hidden)
        f"{say('en', 'home.plan.skill', skill=lacks)} · {say('en', 'home.plan.due')}")
    page.screenshot(path=artifacts / "plan-phone.png")

    item(page, "skill_lacks").click()
    expect(page).to_have_url(re.compile(r"/practice\?.*code=lacks-\d+"), timeout=TIMEOUT)
    question = question_from_code(parse_qs(urlsplit(page.url).query)["code"][0])
    assert question.skill == "lacks"
    expect(page.get_by_role("heading", name=lacks)).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_text(TEXTS.render(question.prompt, "en"), exact=True)).to_be_visible()
    settle(page, PRACTICE_PICTURE)
    right = TEXTS.render(question.options[min(question.correct)].label, "en")
    rerun(page, lambda: page.get_by_role("radiogroup").get_by_text(right, exact=True).click())
    expect(page.locator(SUCCESS).first).to_contain_text(say("en", "practice.right"), timeout=TIMEOUT)
    assert due_at(app_database, record)["lacks"] > datetime.now(UTC) + timedelta(hours=12)  # put off by days
    page.screenshot(path=artifacts / "plan-phone-practised.png")

    home_from_sidebar(page)
    after = plan_keys(page)
    assert "skill_lacks" not in after  # answered right: no longer due, and the others move up
    assert after[:4] == before[1:] and after[4] not in before, (before, after)
    check_in_sight(page)
    page.screenshot(path=artifacts / "plan-phone-after.png")
    page.context.close()


def test_on_a_large_screen_a_puzzle_theme_is_solved_and_leaves_the_plan(browser: Browser, app_url: str,
                                                                        app_database: str, artifacts: Path) -> None:
    code, record = learner(app_database, "Ben")
    page = open_signed_in(browser, app_url, code, DESKTOP)
    check_in_sight(page)
    before = plan_keys(page)
    theme = next(key for key in before if key.startswith("theme_")).removeprefix("theme_")
    page.screenshot(path=artifacts / "plan-desktop.png")

    item(page, f"theme_{theme}").click()
    expect(page).to_have_url(re.compile(r"/puzzles\?.*puzzle="), timeout=TIMEOUT)
    puzzle = find_puzzle(load_puzzles(), parse_qs(urlsplit(page.url).query)["puzzle"][0])
    assert theme in puzzle.themes  # a puzzle about the theme followed
    expect(page.get_by_role("heading", name=say("en", "puzzles.title", "puzzles"))).to_be_visible(timeout=TIMEOUT)
    settle(page, PUZZLE_PICTURE)
    answer = parse_move(puzzle.answer)
    assert isinstance(answer, Play) and answer.end is not None
    rerun(page, partial(tap, page, "hand", f"{puzzle.seat}:{answer.tile}", PUZZLE_PICTURE))
    rerun(page, partial(tap, page, "end", answer.end, PUZZLE_PICTURE))
    expect(page.get_by_text(say("en", "puzzles.right", "puzzles"), exact=False).first).to_be_visible(timeout=TIMEOUT)
    page.screenshot(path=artifacts / "plan-desktop-puzzle.png")
    reviewed = due_at(app_database, record)
    assert all(reviewed[t] > datetime.now(UTC) for t in puzzle.themes)  # every theme it has

    home_from_sidebar(page)
    after = plan_keys(page)
    assert f"theme_{theme}" not in after and after[0] == "skill_lacks", (before, after)  # lacks is still due
    assert not {f"theme_{t}" for t in puzzle.themes} & set(after)
    check_in_sight(page)
    page.screenshot(path=artifacts / "plan-desktop-after.png")
    page.context.close()


def test_a_guest_is_told_to_sign_in_for_a_plan(page: Page, app_url: str, artifacts: Path) -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"{app_url}/?lang=en")
    reason = page.get_by_text(say("en", "home.plan.guest"), exact=True)
    expect(reason).to_be_attached(timeout=TIMEOUT)
    still(page)
    expect(page.locator(ITEMS)).to_have_count(0)
    sign_in = page.get_by_test_id("stExpander").get_by_text(say("en", "signin.title"), exact=True)
    sign_in.scroll_into_view_if_needed()  # scrolled to the reason, the learner sees the way to sign in with it
    expect(sign_in).to_be_in_viewport()
    expect(reason).to_be_in_viewport()
    page.screenshot(path=artifacts / "plan-guest-phone.png")


def test_the_plan_in_papiamentu_and_greek_on_a_phone_in_sight_and_accessible(
        browser: Browser, app_url: str, app_database: str, artifacts: Path) -> None:
    code, _record = learner(app_database, "Zoë")
    page = open_signed_in(browser, app_url, code, PHONE, lang="pap")
    problems = {}
    for lang in ("pap", "el"):
        if lang != "pap":
            page.goto(f"{app_url}/?lang={lang}")
            expect(page.get_by_role("heading", name=say(lang, "home.plan.title"))).to_be_visible(timeout=TIMEOUT)
        page.wait_for_function(f"() => document.documentElement.lang === {lang!r}", timeout=TIMEOUT)
        expect(page.locator(ITEMS)).to_have_count(5, timeout=TIMEOUT)
        problems[lang] = serious(page)
        check_in_sight(page, lang)  # the longer Greek labels too
        page.screenshot(path=artifacts / f"plan-phone-{lang}.png")
    assert problems == {"pap": [], "el": []}, problems
    page.context.close()
