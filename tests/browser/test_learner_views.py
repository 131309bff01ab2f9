"""A learner in real Chromium on a desktop, a 390×844 phone and a 1920×1080 classroom projector: taps on the picture,
button twins, a wrong move, answers, hints, a retry, back and next, scripted replies, a language change and a window
resize — and after every action the whole picture is shown with no label over a tile (the renderer's own boxes), the
hand is on screen (or scrolled to), the learner's tiles and the end circles are 44 CSS px targets, and the feedback
is in view with the focus. One page per viewport; a screenshot of every state goes to tests/artifacts/.

Then the way through five lessons of both courses, on a phone in Papiamentu and a desktop in Greek: after every Next
the new step's instruction starts on screen below the fixed top bar; after a move the picture is on screen while the
replies play and the feedback is wholly below the bar; an error goes when the learner lifts another tile; a reload
in the middle of a step gives back its table; the browser's Back and Forward move one step; a lesson picked from the
sidebar closes it on a phone; a new language adds no history entry; and no page shows a raw placeholder."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from app.i18n import Words
from engine import Draw, Play, parse_move
from lessons import Lesson, load_library
from tests.browser.learner import (
    FEEDBACK,
    PICTURE,
    TIMEOUT,
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
    if viewport == "desktop":  # the picture takes the room beside the controls, and still fits the screen's height
        shown = page.locator(PICTURE).bounding_box()
        assert shown is not None and shown["width"] >= 480 and shown["height"] <= size["height"] - 64, shown
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


# ------------------------------------------------------------------------------------- the way through the lessons

WAY = {  # a phone in Papiamentu and a desktop in Greek, through both courses' lessons
    "phone": ({"width": 390, "height": 844}, "pap", "en"),
    "desktop": ({"width": 1366, "height": 800}, "el", "es"),
}
WAY_LESSONS = ("pila", "pasa", "tranque", "spinner", "katsika")
RAW = re.compile(r"\{[a-z_]+\}|\[[a-z_]+\.[a-z_.]+\]")  # a placeholder or a text key left unfilled
BAR = """() => { const h = document.querySelector('header[data-testid=stHeader]');
    return h ? h.getBoundingClientRect().bottom : 0; }"""
WATCH = """() => { const img = [...document.querySelectorAll('[data-testid=stMain] .stBidiComponent *')]
    .map(e => e.shadowRoot && e.shadowRoot.querySelector('img.table-picture')).find(Boolean);
    window.__frames = []; if (window.__watch) window.__watch.disconnect();
    window.__watch = new MutationObserver(() => { const r = img.getBoundingClientRect();
        window.__frames.push([r.top, r.bottom]); });
    window.__watch.observe(img, {attributes: true, attributeFilter: ['src']}); }"""


class Way:
    """A learner walking lessons step by step: what they see after every Next, every move and Back/Forward."""

    def __init__(self, page: Page, folder: Path, name: str, lang: str) -> None:
        self.page, self.folder, self.name, self.lang = page, folder, name, lang
        self.shots = 0

    def shot(self, what: str) -> None:
        self.shots += 1
        shot(self.page, self.folder, f"way-{self.name}-{self.shots:03d}-{what}")

    def step_number(self) -> int:
        return int(re.search(r"step=(\d+)", self.page.url).group(1))  # type: ignore[union-attr]

    def no_raw_text(self) -> None:
        text = self.page.locator("body").inner_text()
        assert not RAW.search(text), RAW.search(text)

    def instruction_in_view(self, what: str) -> None:
        """The new step's instruction starts on screen, below the fixed top bar, and has the focus."""
        bar = self.page.evaluate(BAR)
        height = self.page.viewport_size["height"]  # type: ignore[index]
        self.page.wait_for_function("() => document.activeElement && document.activeElement.closest("
                                    "'.st-key-instruction')", timeout=TIMEOUT)
        box = self.page.locator(".st-key-instruction").first.bounding_box()
        assert box is not None and bar - 1 <= box["y"] <= height - 40, (what, box, bar)
        self.no_raw_text()
        self.shot(what)

    def feedback_in_view(self, what: str, replies: bool) -> None:
        """The feedback is wholly on screen below the top bar; the picture was on screen while the replies played."""
        bar, height = self.page.evaluate(BAR), self.page.viewport_size["height"]  # type: ignore[index]
        box = self.page.locator(FEEDBACK).bounding_box()
        assert box is not None and box["height"] > 0, what
        assert box["y"] >= bar - 1 and box["y"] + box["height"] <= height + 1, (what, box, bar)
        frames = self.page.evaluate("window.__frames || []")
        if replies:
            assert len(frames) >= 2, (what, frames)  # the replies were played out, frame by frame
            for top, bottom in frames[1:]:  # the first frame is drawn before the page scrolls
                assert top >= bar - 1 and bottom <= height + 1, (what, top, bottom, bar)
        self.no_raw_text()
        self.shot(what)

    def act(self, action: Callable[[], object]) -> None:
        self.page.evaluate(WATCH) if self.page.locator(PICTURE).count() else None
        rerun(self.page, action)

    def click(self, key: str) -> Callable[[], None]:
        return lambda: self.page.locator(f".st-key-{key} button").first.click()

    def move(self, text: str) -> None:
        move = parse_move(text)
        if isinstance(move, Play):
            lifted = self.page.locator(f".st-key-tile_{move.tile} button")
            if lifted.get_attribute("data-testid") != "stBaseButton-primary":
                self.act(self.click(f"tile_{move.tile}"))
            self.act(self.click("end_lead" if move.end is None else f"end_{move.end}"))
        else:
            self.act(self.click("draw" if isinstance(move, Draw) else "pass"))

    def solve(self, lesson: Lesson, number: int, made: int = 0) -> bool:
        """Do step ``number`` as the lesson's solution says, but for the first ``made`` moves, done already (False: a
        drill or the end, where the walk stops)."""
        step = lesson.step(number)
        replies = bool(step.replies)
        if step.kind == "act":
            for text in step.solution[made:]:
                self.move(text)
            self.feedback_in_view(f"{lesson.id}-{number}-done", replies)
        elif step.kind == "question" and step.options:
            label = Words(TEXTS, self.lang, lesson.id).render(
                next(o.label for o in step.options if o.value == step.answer))
            self.act(lambda: self.page.get_by_role("radiogroup").get_by_text(label, exact=True).click())
            self.feedback_in_view(f"{lesson.id}-{number}-answered", replies)
        elif step.kind != "explain":
            return False
        return True

    def reload_mid_step(self, lesson: Lesson, number: int) -> int:
        """The first move of the step's solution, then a reload: the step comes back with its table as it was (the
        tile drawn still in the hand); returns the moves made."""
        step = lesson.step(number)
        hand = self.page.locator("[class*='st-key-tile_'] button")
        before = hand.count()
        self.move(step.solution[0])
        expect(hand).to_have_count(before + 1)
        self.page.reload()
        still(self.page)
        assert self.step_number() == number
        expect(hand).to_have_count(before + 1)
        self.shot(f"{lesson.id}-{number}-reloaded")
        return 1

    def stale_error(self, lesson: Lesson, number: int) -> None:
        """A wrong play's error goes away when the learner lifts another tile."""
        step = lesson.step(number)
        wrong = next(w for w in step.wrong if w.moves and w.moves[-1].startswith("plays"))
        for text in wrong.moves:
            self.move(text)
        error = self.page.locator(f"{FEEDBACK} [data-testid='stAlertContentError']")
        expect(error).to_have_count(1)
        self.feedback_in_view(f"{lesson.id}-{number}-wrong", False)
        wrong_tile = parse_move(wrong.moves[-1]).tile  # type: ignore[union-attr]
        hand = step.position.hands[step.viewer]  # type: ignore[union-attr]
        other = next(tile for tile in hand if tile != wrong_tile)
        self.act(self.click(f"tile_{other}"))
        expect(error).to_have_count(0)
        self.shot(f"{lesson.id}-{number}-lifted-another")
        self.act(self.click(f"tile_{other}"))  # put it back: the step goes on as the lesson says


@pytest.mark.parametrize("viewport", list(WAY))
def test_every_step_opens_at_its_instruction_and_back_and_forward_move_one_step(
        browser: Browser, app_url: str, artifacts: Path, viewport: str) -> None:
    size, lang, other = WAY[viewport]
    page = browser.new_page(viewport=size)
    me = Way(page, artifacts, viewport, lang)
    library = load_library()
    page.goto(f"{app_url}/{WAY_LESSONS[0]}?step=1&lang={lang}")
    still(page)
    for index, lesson_id in enumerate(WAY_LESSONS):
        lesson = library.lesson(lesson_id)
        if index:  # the next lesson, picked from the sidebar: on a phone it closes then
            sidebar = page.locator("[data-testid='stSidebar']")
            if sidebar.bounding_box()["width"] < 50:  # type: ignore[index]
                page.locator("[data-testid='stExpandSidebarButton']").click()
            link = page.locator("[data-testid='stSidebarNav'] a[href$='/" + lesson_id + "']")
            rerun(page, link.click)
            still(page)
            if viewport == "phone":
                main = page.locator("[data-testid='stMain']").bounding_box()
                box = sidebar.bounding_box()
                assert box is None or box["x"] + box["width"] <= main["x"] + 1, box  # type: ignore[index]
            me.shot(f"{lesson_id}-picked")
            assert me.step_number() == 1
        number = 1
        while True:
            made = 0
            if (lesson_id, number) == ("pila", 3):
                me.stale_error(lesson, number)
                made = me.reload_mid_step(lesson, number)
            if not me.solve(lesson, number, made) or number == len(lesson.steps):
                break
            page.evaluate("() => document.querySelector('[data-testid=stMain]').scrollTo(0, 100000)")
            me.act(me.click("next"))  # pressed where the learner is: at the bottom of the step
            number += 1
            assert me.step_number() == number
            me.instruction_in_view(f"{lesson_id}-{number}-opened")
        # Back and Forward, the browser's own, move one step each
        rerun(page, page.go_back)
        assert me.step_number() == number - 1
        expect(page.locator("[data-testid='stProgress']").first).to_contain_text(
            TEXTS.get(lang, "player.step").split("{")[0] + str(number - 1))
        me.instruction_in_view(f"{lesson_id}-{number - 1}-browser-back")
        rerun(page, page.go_forward)
        assert me.step_number() == number
        me.instruction_in_view(f"{lesson_id}-{number}-browser-forward")
    # a new language: no history entry, so Back still means the step before, in the new language
    entries = page.evaluate("history.length")
    sidebar = page.locator("[data-testid='stSidebar']")
    if sidebar.bounding_box()["width"] < 50:  # type: ignore[index]
        page.locator("[data-testid='stExpandSidebarButton']").click()
    choice = page.locator("[data-testid='stSidebar'] [data-testid='stSelectbox'] input").first
    choice.click()
    choice.fill(next(language.name for language in library.languages if language.code == other))
    rerun(page, lambda: choice.press("Enter"))
    still(page)
    assert page.evaluate("document.documentElement.lang") == other and f"lang={other}" in page.url
    assert page.evaluate("history.length") == entries
    number = me.step_number()
    rerun(page, page.go_back)
    still(page)
    assert me.step_number() == number - 1 and f"lang={other}" in page.url
    assert page.evaluate("document.documentElement.lang") == other
    me.lang = other
    me.instruction_in_view("language-then-back")
    for address in ("", "practice", "play", "teacher"):  # no raw placeholder on the other pages either
        page.goto(f"{app_url}/{address}?lang={lang}")
        still(page)
        me.no_raw_text()
        me.shot(f"page-{address or 'home'}")
    page.close()
