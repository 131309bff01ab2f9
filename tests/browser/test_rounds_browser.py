"""A live round in a real browser: the teacher starts a two-question round on the projector (1920x1080), three
learners answer on their phones (390x844); the projector counts the answers without a reload, the last answer
reveals the tally, every phone shows right or wrong by itself, N goes on, and the round ends with each phone's score.
Screenshots of both screens at each phase."""

from __future__ import annotations

import re
import secrets
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from lessons import load_library
from tests.browser.learner import still
from tests.identity_support import PASSWORD, make_roster

TEXTS = load_library().texts
TIMEOUT = 45_000
PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1920, "height": 1080}


def say(key: str, **args: object) -> str:
    text = TEXTS.get("en", key, "rounds")
    return text.format(**args) if args else text


def sign_in_teacher(page: Page, app_url: str, name: str, code: str) -> None:
    page.goto(f"{app_url}/teacher?lang=en")
    expect(page.locator(".st-key-teacher_name input")).to_be_visible(timeout=TIMEOUT)
    still(page)
    page.locator(".st-key-teacher_name input").fill(name)
    page.locator(".st-key-teacher_password input").fill(PASSWORD)
    page.locator(".st-key-teacher_sign_in button").click()
    page.locator(f".st-key-teacher_open_{code} button").click(timeout=TIMEOUT)
    expect(page.locator(".st-key-round_controls")).to_be_visible(timeout=TIMEOUT)
    still(page)


def phone_signed_in(browser: Browser, app_url: str, code: str) -> Page:
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(f"{app_url}/?lang=en#signin={code}")
    expect(page.get_by_test_id("stMain").get_by_text(TEXTS.get("en", "signin.playing_as"), exact=True)).to_be_visible(
        timeout=TIMEOUT)
    still(page)
    page.goto(f"{app_url}/class?lang=en")
    still(page)
    return page


def count_line(page: Page, answered: int, present: int) -> None:
    expect(page.locator(".st-key-round_answered")).to_contain_text(
        say("round.projector.answered", answered=answered, present=present), timeout=TIMEOUT)


def test_three_phones_and_the_projector_through_a_whole_round(browser: Browser, app_url: str, app_database: str,
                                                              artifacts: Path) -> None:
    teacher = f"Ms Round {secrets.token_hex(3)}"
    roster = make_roster(app_database, "Ana", "Ben", "Cy", teacher=teacher, class_name="Round 5B")
    projector = browser.new_context(viewport=PROJECTOR).new_page()
    sign_in_teacher(projector, app_url, teacher, roster.school_class.code)
    projector.locator(".st-key-round_seconds input").fill("0")  # until everyone has answered
    projector.locator(".st-key-round_count input").fill("2")
    projector.locator(".st-key-round_start button").click()
    expect(projector.locator(".st-key-round_keys")).to_be_visible(timeout=TIMEOUT)

    phones = {name: phone_signed_in(browser, app_url, roster.codes[name]) for name in ("Ana", "Ben", "Cy")}
    for page in phones.values():
        expect(page.locator(".st-key-round_option_0 button")).to_be_visible(timeout=TIMEOUT)
        expect(page.get_by_text(say("round.number", number=1, size=2))).to_be_visible(timeout=TIMEOUT)
    count_line(projector, 0, 3)  # everyone there, nobody answered yet: counted without a reload
    still(projector)
    projector.screenshot(path=artifacts / "round-projector-open.png")
    phones["Ana"].screenshot(path=artifacts / "round-phone-question.png")

    for number in (1, 2):
        picks = {"Ana": 0, "Ben": 1, "Cy": 0}
        for done, (name, option) in enumerate(list(picks.items())[:2], start=1):
            page = phones[name]
            page.locator(f".st-key-round_option_{option} button").click()
            expect(page.locator(".st-key-round_phone [data-testid='stAlertContentInfo']")).to_be_visible(
                timeout=TIMEOUT)
            count_line(projector, done, 3)
        if number == 1:
            still(phones["Ana"])
            phones["Ana"].screenshot(path=artifacts / "round-phone-waiting.png")
        phones["Cy"].locator(".st-key-round_option_0 button").click()  # the last one: revealed at once
        two = projector.locator(".st-key-round_tally p").filter(has_text=re.compile(r"\b2(?!\d)"))  # one bar each
        expect(two.first).to_be_visible(timeout=TIMEOUT)
        tally = projector.locator(".st-key-round_tally").inner_text()
        lines = projector.locator(".st-key-round_tally p").all_inner_texts()
        counts = sorted(int(re.findall(r"\d+", line.split(" — ")[-1])[0]) for line in lines)
        assert counts[-2:] == [1, 2] and sum(counts) == 3, lines  # each bar's number in words
        assert say("round.projector.bar_right", option="@", count="#").split("#")[1].strip() in tally  # in words
        for page in phones.values():
            verdict = page.locator(".st-key-round_phone [data-testid='stAlert']").first
            expect(verdict).to_contain_text(re.compile(f"{re.escape(say('round.right'))}|"
                                                       f"{re.escape(say('round.wrong'))}"), timeout=TIMEOUT)
        if number == 1:
            still(projector)
            projector.screenshot(path=artifacts / "round-projector-revealed.png")
            still(phones["Ben"])
            phones["Ben"].screenshot(path=artifacts / "round-phone-result.png")
        projector.locator("body").press("n")  # N: next question (after the last: the round ends)
        if number == 1:
            for page in phones.values():
                expect(page.get_by_text(say("round.number", number=2, size=2))).to_be_visible(timeout=TIMEOUT)
                expect(page.locator(".st-key-round_option_0 button")).to_be_visible(timeout=TIMEOUT)

    expect(projector.get_by_text(say("round.projector.over"))).to_be_visible(timeout=TIMEOUT)
    for page in phones.values():
        expect(page.get_by_text(re.compile(re.escape(say("round.over", right=99, size=2)).replace("99", "[0-2]"))
                                )).to_be_visible(timeout=TIMEOUT)
    shown = projector.inner_text("body")
    assert roster.school_class.code not in shown and not any(code in shown for code in roster.codes.values())
    still(phones["Ana"])
    phones["Ana"].screenshot(path=artifacts / "round-phone-over.png")
    for page in (projector, *phones.values()):
        page.context.close()
