"""A tap-to-play question in a real browser: the teacher picks a lesson's "play the tile" step on the Teacher page
and shows it on the projector (1920x1080); three phones (390x844) play it on the step's table — two by tapping the
tile and then its end on the picture, one with the button twins; an illegal move is refused with the engine's reason
and the learner plays again; the last move reveals the tally by move played, each bar the move in words, and every
phone says right or wrong and why. Screenshots of both screens, open and revealed."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from lessons import load_library
from practice.rounds import ask_step
from tests.browser.learner import still, tap
from tests.browser.test_rounds_browser import PROJECTOR, TIMEOUT, count_line, phone_signed_in, say, sign_in_teacher
from tests.identity_support import make_roster
from wording import refusal

LIBRARY = load_library()
TEXTS = LIBRARY.texts
LESSON, STEP = "pegar", 4
ASKED = ask_step(LIBRARY.lesson(LESSON), STEP)
PICTURE = ".st-key-round_table img.table-picture"


def move_words(move: str) -> str:
    index = [str(m) for m in ASKED.moves].index(move)
    return TEXTS.render(ASKED.options[index].label, "en", "rounds")


def pick(page: Page, box: str, starts: str) -> None:
    """Choose the option of a select box that starts with ``starts``."""
    choice = page.locator(f".st-key-{box} input").first
    expect(choice).to_be_visible(timeout=TIMEOUT)
    choice.click()
    choice.fill(starts)
    choice.press("Enter")
    still(page)


def play_by_taps(page: Page, tile: str, end: str) -> None:
    expect(page.locator(PICTURE)).to_have_attribute("data-tappable", "1", timeout=TIMEOUT)
    tap(page, "hand", f"0:{tile}", PICTURE)
    expect(page.locator(f".st-key-round_tile_{tile} button")).to_have_attribute("kind", "primary", timeout=TIMEOUT)
    still(page)
    tap(page, "end", end, PICTURE)


def test_a_tap_to_play_question_by_taps_and_button_twins(browser: Browser, app_url: str, app_database: str,
                                                         artifacts: Path) -> None:
    teacher = "Ms Taps"
    roster = make_roster(app_database, "Ana", "Ben", "Cy", teacher=teacher, class_name="Taps 5B")
    projector = browser.new_context(viewport=PROJECTOR).new_page()
    sign_in_teacher(projector, app_url, teacher, roster.school_class.code)
    projector.locator(".st-key-round_source button").filter(has_text=say("round.teacher.from_lesson")).click()
    still(projector)
    pick(projector, "round_lesson", TEXTS.find("en", "title", LESSON) or LESSON)
    pick(projector, f"round_step_{LESSON}", say("round.teacher.step_label_tap", step=STEP, text="").rstrip(": "))
    projector.locator(".st-key-round_seconds input").fill("0")
    projector.locator(".st-key-round_start button").click()
    expect(projector.locator(".st-key-round_keys")).to_be_visible(timeout=TIMEOUT)
    expect(projector.get_by_text(say("round.projector.tap"))).to_be_visible(timeout=TIMEOUT)

    phones = {name: phone_signed_in(browser, app_url, roster.codes[name]) for name in ("Ana", "Ben", "Cy")}
    for page in phones.values():
        expect(page.locator(PICTURE)).to_have_attribute("data-tappable", "1", timeout=TIMEOUT)
        expect(page.locator(".st-key-round_tile_5-2 button")).to_be_visible(timeout=TIMEOUT)
    count_line(projector, 0, 3)

    ana, ben, cy = phones["Ana"], phones["Ben"], phones["Cy"]
    # Ana taps the 6-6, then the right end: the engine says why not, and she may play again
    play_by_taps(ana, "6-6", "right")
    error = ASKED.step.position.check("plays 6-6 right")  # type: ignore[union-attr]
    assert error is not None
    reason = TEXTS.render(refusal(error), "en", "rounds")
    expect(ana.locator(".st-key-round_phone [data-testid='stAlertContentError']")).to_contain_text(reason,
                                                                                                 timeout=TIMEOUT)
    count_line(projector, 0, 3)  # nothing was kept
    still(ana)
    ana.screenshot(path=artifacts / "round-tap-phone-refused.png")
    # Cy lifts the 5-2 (the open question, a tile lifted: screenshots)
    tap(cy, "hand", "0:5-2", PICTURE)
    expect(cy.locator(".st-key-round_tile_5-2 button")).to_have_attribute("kind", "primary", timeout=TIMEOUT)
    still(cy)
    cy.screenshot(path=artifacts / "round-tap-phone-open.png")
    cy.locator(".st-key-round_moves").scroll_into_view_if_needed()
    still(cy)
    cy.screenshot(path=artifacts / "round-tap-phone-buttons.png")
    still(projector)
    projector.screenshot(path=artifacts / "round-tap-projector-open.png")
    # Ana plays the 5-4 at the left end by taps: kept, not the step's move
    play_by_taps(ana, "5-4", "left")
    expect(ana.get_by_text(say("round.answered", answer=move_words("plays 5-4 left")))).to_be_visible(timeout=TIMEOUT)
    count_line(projector, 1, 3)
    # Ben with the button twins
    ben.locator(".st-key-round_tile_5-2 button").click()
    expect(ben.locator(".st-key-round_tile_5-2 button")).to_have_attribute("kind", "primary", timeout=TIMEOUT)
    ben.locator(".st-key-round_end_right button").click()
    expect(ben.get_by_text(say("round.answered", answer=move_words("plays 5-2 right")))).to_be_visible(timeout=TIMEOUT)
    count_line(projector, 2, 3)
    # Cy, the last one there, taps the right end: the question is revealed at once
    tap(cy, "end", "right", PICTURE)
    tally = projector.locator(".st-key-round_tally")
    expect(tally).to_contain_text(say("round.projector.bar_right", option=move_words("plays 5-2 right"), count=2),
                                  timeout=TIMEOUT)
    expect(tally).to_contain_text(say("round.projector.bar", option=move_words("plays 5-4 left"), count=1))
    assert move_words("plays 5-2 left") not in tally.inner_text()  # nobody played it
    explanation = TEXTS.render(ASKED.reason, "en", LESSON)
    expect(projector.locator(".st-key-round_projector")).to_contain_text(explanation, timeout=TIMEOUT)
    expect(ana.locator(".st-key-round_phone")).to_contain_text(say("round.wrong"), timeout=TIMEOUT)
    expect(ana.locator(".st-key-round_phone")).to_contain_text(
        TEXTS.get("en", "wrong_five_four_first", LESSON), timeout=TIMEOUT)
    for page in (ben, cy):
        expect(page.locator(".st-key-round_phone")).to_contain_text(say("round.right"), timeout=TIMEOUT)
    still(projector)
    assert projector.locator(".st-key-round_projector").bounding_box()["width"] > 1500  # type: ignore[index]
    projector.screenshot(path=artifacts / "round-tap-projector-revealed.png")
    still(ana)
    ana.screenshot(path=artifacts / "round-tap-phone-revealed.png")
    for page in (projector, *phones.values()):
        page.context.close()
