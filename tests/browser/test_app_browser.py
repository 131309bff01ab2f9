"""The app in a real browser (Chromium through Playwright): Papiamentu, the "pegar" lesson finished by tapping the
picture, a wrong tap's feedback, classroom mode's large table whose keys still work after a tap on the picture, a
practice question opened by its code link, and a reload that keeps a learner signed in and a guest's stars."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from lessons import load_library
from tests.browser.learner import PICTURE, PRACTICE_PICTURE, TIMEOUT, rerun, settle, still, tap
from tests.identity_support import make_roster

TEXTS = load_library().texts
SUCCESS = '[data-testid="stAlertContentSuccess"]'


def pap(key: str, lesson: str | None = None) -> str:
    """A Papiamentu text."""
    return TEXTS.get("pap", key, lesson)


def play_on_picture(page: Page, tile: str, end: str) -> None:
    """Tap a tile in hand, see it lift (its button twin turns primary), then tap the circle at ``end``."""
    rerun(page, lambda: tap(page, "hand", f"0:{tile}"))
    expect(page.get_by_role("button", name=tile)).to_have_attribute("data-testid", "stBaseButton-primary")
    rerun(page, lambda: tap(page, "end", end))


def answer_until_right(page: Page) -> None:
    """Pick a question's options one after the other until the app says it is right (a drill's answer is new for
    every learner, so the test cannot know it in advance)."""
    options = page.locator('[data-testid="stRadioOption"]')
    expect(options.first).to_be_visible(timeout=TIMEOUT)
    for index in range(options.count()):
        rerun(page, lambda index=index: options.nth(index).click())
        if page.locator(SUCCESS).count():
            return
    raise AssertionError("no option of the question was right")


def test_pegar_in_papiamentu_by_tapping_the_picture(page: Page, app_url: str, artifacts: Path) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{app_url}/?lang=en")
    expect(page.get_by_text(TEXTS.get("en", "home.welcome"))).to_be_visible(timeout=TIMEOUT)
    still(page)  # the page's own rerun after it opens is done: the next run is the click's
    rerun(page, lambda: page.get_by_role("radiogroup").get_by_text("Papiamentu", exact=True).click())
    expect(page.get_by_text(pap("home.welcome"))).to_be_visible(timeout=TIMEOUT)
    page.wait_for_function("() => document.documentElement.lang === 'pap'", timeout=TIMEOUT)
    page.screenshot(path=artifacts / "home-papiamentu.png", full_page=True)
    page.get_by_role("button", name=pap("home.start")).click()
    first = load_library().lesson("pila").steps[0].text
    expect(page.get_by_text(pap(first, "pila"))).to_be_visible(timeout=TIMEOUT)
    expect(page).to_have_url(re.compile(r"/pila\?.*lang=pap"), timeout=TIMEOUT)
    # straight to "pegar" step 2 by its link, as a learner following a shared link would
    page.goto(f"{app_url}/pegar?step=2&lang=pap")
    expect(page.get_by_text(pap("task_fit", "pegar"))).to_be_visible(timeout=TIMEOUT)
    settle(page)
    play_on_picture(page, "5-1", "right")
    praise = re.compile("|".join(re.escape(pap(f"praise.{n}")) for n in range(1, 6)))
    expect(page.locator(SUCCESS).first).to_have_text(praise, timeout=TIMEOUT)
    assert "step=2" in page.url
    page.screenshot(path=artifacts / "pegar-played-on-the-picture.png", full_page=True)
    # finish the lesson: the question, the second tile, the drills, the Kòrda box
    rerun(page, lambda: page.get_by_role("button", name=pap("button.next")).click())
    expect(page.get_by_text(pap("ask_new_end", "pegar"))).to_be_visible(timeout=TIMEOUT)
    rerun(page, lambda: page.get_by_role("radiogroup").get_by_text("3", exact=True).click())
    expect(page.locator(SUCCESS).first).to_be_visible(timeout=TIMEOUT)
    rerun(page, lambda: page.get_by_role("button", name=pap("button.next")).click())
    expect(page.get_by_text(pap("task_both_ends", "pegar"))).to_be_visible(timeout=TIMEOUT)
    play_on_picture(page, "5-2", "right")
    expect(page.locator(SUCCESS).first).to_be_visible(timeout=TIMEOUT)
    for step in load_library().lesson("pegar").steps[4:]:
        rerun(page, lambda: page.get_by_role("button", name=pap("button.next")).click())
        if step.drill:  # a fresh question from the practice engine: try the options until one is right
            answer_until_right(page)
    expect(page.get_by_text(pap("remember.title"))).to_be_visible(timeout=TIMEOUT)
    done = page.locator(SUCCESS).filter(has_text=pap("lesson.done"))
    expect(done).to_be_visible(timeout=TIMEOUT)
    stars = re.search("[★☆]{3}", done.inner_text())
    assert stars is not None
    page.screenshot(path=artifacts / "pegar-finished.png", full_page=True)
    # a reload in this browser: the guest's finished lesson and its stars are still there
    page.goto(f"{app_url}/?lang=pap")
    card = page.locator('[data-testid="stMarkdownContainer"]', has_text=TEXTS.find("pap", "title", "pegar"))
    expect(card.filter(has_text=stars[0]).first).to_be_visible(timeout=TIMEOUT)


def test_a_wrong_tap_shows_feedback(page: Page, app_url: str, artifacts: Path) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{app_url}/pegar?step=2&lang=pap")
    expect(page.get_by_text(pap("task_fit", "pegar"))).to_be_visible(timeout=TIMEOUT)
    settle(page)
    play_on_picture(page, "6-0", "left")
    error = page.locator('[data-testid="stAlertContentError"]').first
    expect(error).to_contain_text("6-0", timeout=TIMEOUT)
    page.screenshot(path=artifacts / "pegar-wrong-tap.png")


def test_classroom_keys_work_after_a_tap_on_the_large_table(page: Page, app_url: str, artifacts: Path) -> None:
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{app_url}/pegar?step=2&lang=es&classroom=1")
    expect(page.get_by_text(TEXTS.get("es", "classroom.reveal"))).to_be_visible(timeout=TIMEOUT)
    settle(page)
    play_on_picture(page, "5-1", "right")
    box = page.locator(PICTURE).bounding_box()
    assert box is not None and box["width"] >= 900 and box["y"] + box["height"] <= 1080, box
    rerun(page, lambda: page.keyboard.press("n"))  # the picture had the click: the keys still reach the app
    expect(page.get_by_text(TEXTS.get("es", "ask_new_end", "pegar"))).to_be_visible(timeout=TIMEOUT)
    box = page.locator(PICTURE).bounding_box()
    assert box is not None and box["width"] >= 900, box  # still large after the move
    rerun(page, lambda: page.keyboard.press("a"))
    expect(page.get_by_text(TEXTS.get("es", "classroom.answer_is").split("{")[0])).to_be_visible(timeout=TIMEOUT)
    sizes = page.evaluate("""() => [...document.querySelectorAll(
        '[data-testid="stMain"] button p, [data-testid="stMain"] [data-testid="stAlert"] p')]
        .map((e) => parseFloat(getComputedStyle(e).fontSize))""")
    assert sizes and min(sizes) >= 24, sizes  # readable from the back of a room
    page.screenshot(path=artifacts / "classroom.png")


def test_a_practice_code_link_opens_that_question(page: Page, app_url: str, artifacts: Path) -> None:
    from practice import question_from_code

    question = question_from_code("lacks-4821")
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{app_url}/practice?code=lacks-4821&lang=pap")
    expect(page.get_by_text(TEXTS.render(question.prompt, "pap"))).to_be_visible(timeout=TIMEOUT)
    expect(page.locator(PRACTICE_PICTURE)).to_be_visible(timeout=TIMEOUT)
    settle(page, PRACTICE_PICTURE)
    right = TEXTS.render(question.options[min(question.correct)].label, "pap")
    rerun(page, lambda: page.get_by_role("radiogroup").get_by_text(right, exact=True).click())
    expect(page.locator(SUCCESS).first).to_contain_text(pap("practice.right"), timeout=TIMEOUT)
    assert "code=lacks-4821" in page.url
    link = page.locator('[data-testid="stCode"]')
    expect(link).to_contain_text(f"{app_url}/practice?code=lacks-4821&lang=pap")
    code_box, page_width = link.bounding_box(), page.viewport_size["width"]  # type: ignore[index]
    assert code_box is not None and code_box["x"] + code_box["width"] <= page_width
    page.screenshot(path=artifacts / "practice-code-link.png", full_page=True)


def test_practice_answers_all_show_at_a_laptop_width(page: Page, app_url: str, artifacts: Path) -> None:
    from practice import question_from_code

    for code in ("count-5", "tranque-3", "score-8", "capicu-7"):
        question = question_from_code(code)
        page.set_viewport_size({"width": 1366, "height": 768})
        page.goto(f"{app_url}/practice?code={code}&lang=es")
        settle(page, PRACTICE_PICTURE)
        area = page.locator('[data-testid="stMain"]').bounding_box()
        assert area is not None
        for option in question.options:
            label = page.get_by_text(TEXTS.render(option.label, "es"), exact=True).first
            expect(label).to_be_visible(timeout=TIMEOUT)
            box = label.bounding_box()
            assert box is not None and box["x"] >= area["x"] and box["x"] + box["width"] <= area["x"] + area[
                "width"], (code, option, box)
        page.screenshot(path=artifacts / f"practice-{code}-1366.png")


def test_a_reload_keeps_the_learner_signed_in(page: Page, app_url: str, app_database: str, artifacts: Path) -> None:
    roster = make_roster(app_database, "Reload Rita", class_name="Reload class")
    page.set_viewport_size({"width": 1366, "height": 800})
    page.goto(f"{app_url}/?lang=en")
    settle(page)
    page.get_by_test_id("stExpander").get_by_text(TEXTS.get("en", "signin.title"), exact=True).click()
    page.get_by_label(TEXTS.get("en", "signin.code")).fill(roster.codes["Reload Rita"].lower())
    rerun(page, lambda: page.get_by_role("button", name=TEXTS.get("en", "signin.submit")).click())
    expect(page.get_by_role("button", name=TEXTS.get("en", "signin.sign_out"))).to_be_visible(timeout=TIMEOUT)
    kept = page.evaluate("window.localStorage.getItem('la-plaza-progress')")
    assert "Rita" not in kept and roster.codes["Reload Rita"] not in kept  # only a token the server signed
    page.reload()
    expect(page.get_by_role("button", name=TEXTS.get("en", "signin.sign_out"))).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_text("Reload Rita").first).to_be_visible()
    page.screenshot(path=artifacts / "signed-in-after-reload-1366.png")
    rerun(page, lambda: page.get_by_role("button", name=TEXTS.get("en", "signin.sign_out")).click())
    expect(page.get_by_text(TEXTS.get("en", "signin.guest"))).to_be_visible(timeout=TIMEOUT)
    page.reload()
    settle(page)
    expect(page.get_by_test_id("stExpander").get_by_text(TEXTS.get("en", "signin.title"), exact=True)
           ).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_role("button", name=TEXTS.get("en", "signin.sign_out"))).to_have_count(0)


def test_edited_browser_storage_signs_nobody_in(page: Page, app_url: str, app_database: str) -> None:
    make_roster(app_database, "Tom", class_name="Storage class")
    page.goto(f"{app_url}/?lang=en")
    settle(page)
    page.evaluate("""window.localStorage.setItem('la-plaza-progress', JSON.stringify(
        {v: 1, learner: {nickname: 'Tom', class_code: 'KMR-482'}}))""")
    page.reload()
    expect(page.get_by_text(TEXTS.get("en", "notice.storage_ignored"))).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_role("button", name=TEXTS.get("en", "signin.sign_out"))).to_have_count(0)
    expect(page.get_by_text("Tom", exact=True)).to_have_count(0)
