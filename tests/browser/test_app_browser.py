"""The app in a real browser (Chromium through Playwright): Papiamentu, the "pegar" lesson finished by tapping the
picture, a wrong tap's feedback, classroom mode's large table, and a practice question opened by its code link —
with a screenshot of each."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Frame, Page, expect

from lessons import load_library
from tests.browser.conftest import IMAGE_FRAME

TEXTS = load_library().texts
TIMEOUT = 15_000


def pap(key: str, lesson: str | None = None) -> str:
    """A Papiamentu text."""
    return TEXTS.get("pap", key, lesson)


def settle(page: Page) -> None:
    """Wait until the app is not running a script; each action then waits for its own visible effect."""
    idle = page.locator('[data-testid="stApp"][data-test-script-state="notRunning"]')
    expect(idle).to_have_count(1, timeout=TIMEOUT)


def table(page: Page) -> Frame:
    """The tap component's frame once its picture has loaded."""
    settle(page)
    frame_element = page.locator(IMAGE_FRAME).last
    expect(frame_element).to_be_visible(timeout=TIMEOUT)
    return page.frame_locator(IMAGE_FRAME).last


def tap_region(page: Page, lesson: str, region: tuple, shown: dict) -> None:
    """Tap a region of the picture: its rectangle comes from the app's click map, scaled to the displayed size."""
    img = table(page).locator("img")
    expect(img).to_be_visible(timeout=TIMEOUT)
    expect(img).to_have_js_property("complete", True, timeout=TIMEOUT)  # drawn, so its box is its final size
    box = img.bounding_box()
    assert box is not None
    rect = shown["map"].rect_of(region)
    x, y = rect.center
    img.click(position={"x": x * box["width"] / shown["map"].width, "y": y * box["height"] / shown["map"].height})
    settle(page)


def play_on_picture(page: Page, lesson: str, step: int, tile: str, end: str) -> None:
    """Tap a tile in hand, see it lift (its button twin turns primary), then tap the circle at ``end``."""
    table(page)
    tap_region(page, lesson, ("hand", 0, _tile(tile)), click_map_for(lesson, step))
    expect(page.get_by_role("button", name=str(_tile(tile)))).to_have_attribute(
        "data-testid", "stBaseButton-primary", timeout=TIMEOUT)
    tap_region(page, lesson, ("end", end), click_map_for(lesson, step, tile))


def click_map_for(lesson_id: str, number: int, selected: str | None = None) -> dict:
    """The click map the app draws for a step (the same pure drawing code, the phone size)."""
    from app.table import picture, table_view
    from lessons import LessonRunner

    runner = LessonRunner(load_library().lesson(lesson_id))
    runner.goto(number)
    if selected:
        runner.select(selected)
    view = runner.view()
    labels = {role: TEXTS.get("pap", f"role.{role}") for role in ("you", "opponent", "partner", "right_opponent",
                                                                 "left_opponent")}
    labels.update({badge: TEXTS.get("pap", f"badge.{badge}") for badge in ("pass", "draw")})
    drawn, _ = picture(view.position, table_view(view, view.position, labels))
    return {"map": drawn.click_map}


def answer_until_right(page: Page) -> None:
    """Pick a question's options one after the other until the app says it is right (a drill's answer is new for
    every learner, so the test cannot know it in advance)."""
    settle(page)
    options = page.locator('[data-testid="stRadioOption"]')
    expect(options.first).to_be_visible(timeout=TIMEOUT)
    right = page.locator('[data-testid="stAlertContentSuccess"]')
    for index in range(options.count()):
        label = options.nth(index).inner_text().strip()
        options.nth(index).click()
        wrong = page.locator('[data-testid="stAlertContentError"]').filter(has_text=label)
        expect(right.or_(wrong).first).to_be_visible(timeout=TIMEOUT)  # this very answer's feedback, at once
        settle(page)
        if options.first.get_attribute("data-disabled") == "true":
            answered(page)
            return
    raise AssertionError("no option of the question was right")


def next_step(page: Page, number: int) -> None:
    """Press Next once the step's run is over, and wait until the address says the new step."""
    settle(page)
    page.get_by_role("button", name=pap("button.next")).click()
    expect(page).to_have_url(re.compile(rf"[?&]step={number}(&|$)"), timeout=TIMEOUT)
    settle(page)


def answered(page: Page) -> None:
    """Wait until the question on screen is answered right: its options locked, the praise shown."""
    expect(page.locator('[data-testid="stRadioOption"]').first).to_have_attribute("data-disabled", "true",
                                                                                   timeout=TIMEOUT)
    expect(page.locator('[data-testid="stAlertContentSuccess"]').first).to_be_visible(timeout=TIMEOUT)
    settle(page)


def open_home(page: Page, app_url: str) -> None:
    page.goto(f"{app_url}/?lang=en")
    expect(page.get_by_text(TEXTS.get("en", "home.welcome"))).to_be_visible(timeout=TIMEOUT)


def test_pegar_in_papiamentu_by_tapping_the_picture(page: Page, app_url: str, artifacts: Path) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_home(page, app_url)
    page.get_by_role("radiogroup").get_by_text("Papiamentu").click() if page.get_by_role("radiogroup").count() \
        else page.get_by_text("Papiamentu", exact=True).first.click()
    expect(page.get_by_text(pap("home.welcome"))).to_be_visible(timeout=TIMEOUT)
    page.screenshot(path=artifacts / "home-papiamentu.png", full_page=True)
    page.get_by_role("button", name=pap("home.start")).click()
    first = load_library().lesson("pila").steps[0].text
    expect(page.get_by_text(pap(first, "pila"))).to_be_visible(timeout=TIMEOUT)
    expect(page).to_have_url(re.compile(r"/pila\?.*lang=pap"), timeout=TIMEOUT)
    # straight to "pegar" step 2 by its link, as a learner following a shared link would
    page.goto(f"{app_url}/pegar?step=2&lang=pap")
    expect(page.get_by_text(pap("task_fit", "pegar"))).to_be_visible(timeout=TIMEOUT)
    play_on_picture(page, "pegar", 2, "5-1", "right")
    praise = [pap(f"praise.{n}") for n in range(1, 6)]
    any_praise = re.compile("|".join(re.escape(text) for text in praise))
    expect(page.locator('[data-testid="stAlertContentSuccess"]').first).to_have_text(any_praise, timeout=TIMEOUT)
    assert "step=2" in page.url
    page.screenshot(path=artifacts / "pegar-played-on-the-picture.png", full_page=True)
    # finish the lesson: the question, the second tile, the drills, the Kòrda box
    next_step(page, 3)
    expect(page.get_by_text(pap("ask_new_end", "pegar"))).to_be_visible(timeout=TIMEOUT)
    page.get_by_text("3", exact=True).last.click()
    answered(page)
    next_step(page, 4)
    expect(page.get_by_text(pap("task_both_ends", "pegar"))).to_be_visible(timeout=TIMEOUT)
    play_on_picture(page, "pegar", 4, "2-5", "right")
    expect(page.locator('[data-testid="stAlertContentSuccess"]').first).to_be_visible(timeout=TIMEOUT)
    steps = load_library().lesson("pegar").steps
    for step in steps[4:]:
        next_step(page, step.number)
        if step.drill:  # fresh questions from the practice engine: try the options until one is right
            answer_until_right(page)
    expect(page.get_by_text(pap("remember.title"))).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_text(pap("lesson.done"))).to_be_visible(timeout=TIMEOUT)
    page.screenshot(path=artifacts / "pegar-finished.png", full_page=True)


def test_a_wrong_tap_shows_feedback(page: Page, app_url: str, artifacts: Path) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{app_url}/pegar?step=2&lang=pap")
    expect(page.get_by_text(pap("task_fit", "pegar"))).to_be_visible(timeout=TIMEOUT)
    play_on_picture(page, "pegar", 2, "6-0", "left")
    error = page.locator('[data-testid="stAlertContentError"]').first
    expect(error).to_be_visible(timeout=TIMEOUT)
    assert "6-0" in error.inner_text()
    page.screenshot(path=artifacts / "pegar-wrong-tap.png", full_page=True)


def test_classroom_mode_shows_the_large_table(page: Page, app_url: str, artifacts: Path) -> None:
    page.set_viewport_size({"width": 1600, "height": 900})
    page.goto(f"{app_url}/pegar?step=2&lang=es&classroom=1")
    expect(page.get_by_text(TEXTS.get("es", "classroom.reveal"))).to_be_visible(timeout=TIMEOUT)
    img = table(page).locator("img")
    expect(img).to_be_visible(timeout=TIMEOUT)
    page.wait_for_function(f"document.querySelector('{IMAGE_FRAME}').getBoundingClientRect().width >= 700",
                           timeout=TIMEOUT)
    page.keyboard.press("a")
    expect(page.get_by_text(TEXTS.get("es", "classroom.solution_is").split("{")[0])).to_be_visible(timeout=TIMEOUT)
    page.screenshot(path=artifacts / "classroom.png")


def test_a_practice_code_link_opens_that_question(page: Page, app_url: str, artifacts: Path) -> None:
    from practice import question_from_code

    question = question_from_code("lacks-4821")
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{app_url}/practice?code=lacks-4821&lang=pap")
    expect(page.get_by_text(TEXTS.render(question.prompt, "pap"))).to_be_visible(timeout=TIMEOUT)
    expect(page.locator('[data-testid="stImage"] img')).to_be_visible(timeout=TIMEOUT)
    right = TEXTS.render(question.options[min(question.correct)].label, "pap")
    page.get_by_role("radiogroup").get_by_text(right, exact=True).click()
    expect(page.locator('[data-testid="stAlertContentSuccess"]').first).to_contain_text(pap("practice.right"),
                                                                                         timeout=TIMEOUT)
    assert "code=lacks-4821" in page.url
    page.screenshot(path=artifacts / "practice-code-link.png", full_page=True)


def _tile(text: str):
    from engine import Tile

    return Tile.parse(text)
