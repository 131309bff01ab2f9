"""Acting as a learner in a real browser and looking at the page as they see it: tap a part of the table picture,
wait for the app to settle, and check what is on screen (the whole picture, the hand, the feedback in view)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Locator, Page, expect

from render.boxes import Box, clashes

TIMEOUT = 20_000
PICTURE = ".st-key-table img.table-picture"
PRACTICE_PICTURE = ".st-key-practice_table img.table-picture"
FEEDBACK = ".st-key-feedback"
MIN_TARGET = 43.5  # CSS pixels: 44, less a rounding half pixel


def settle(page: Page, picture: str | None = PICTURE) -> None:
    """Wait until the app has run and drawn: no script running, no stale elements, and the picture (when there is
    one) loaded and done playing scripted replies."""
    expect(page.locator('[data-testid="stApp"][data-test-script-state="notRunning"]')).to_have_count(
        1, timeout=TIMEOUT)
    expect(page.locator('[data-stale="true"]')).to_have_count(0, timeout=TIMEOUT)
    if picture and page.locator(picture).count():
        image = page.locator(picture)
        expect(image).to_have_js_property("complete", True, timeout=TIMEOUT)
        expect(image).to_have_attribute("data-playing", "0", timeout=TIMEOUT)


def enabled_button(page: Page, key: str, timeout: float = TIMEOUT) -> Locator:
    """The button of widget ``key`` once it is the only one that takes a tap: while a run redraws a page, the button
    of the run before can stay on it a moment, disabled."""
    button = page.locator(f".st-key-{key} button:not([disabled])")
    expect(button).to_have_count(1, timeout=timeout)
    return button


def still(page: Page) -> None:
    """Wait until the app has finished a run and started no other for a moment, and nothing on the page is fading
    or moving (a page caught mid-run, or a rerun's stale fade, shows text paler than it is: a contrast check would
    measure that)."""
    marker = "() => document.documentElement.dataset.laPlazaRun || ''"
    page.wait_for_function(f"() => ({marker})() !== ''", timeout=TIMEOUT)
    for _ in range(20):
        settle(page, None)
        run = page.evaluate(marker)
        page.wait_for_timeout(300)
        if page.evaluate(marker) == run:
            break
    page.wait_for_function("""() => document.getAnimations().every(a => a.playState !== 'running'
        || (a.effect && a.effect.getTiming().iterations === Infinity))""", timeout=TIMEOUT)
    settle(page, None)


def rerun(page: Page, action: Callable[[], object]) -> None:
    """Do ``action`` and wait until the page shows the app run it started, whole (the app numbers its runs on
    ``<html data-la-plaza-run>``, written at the end of each run)."""
    before = page.evaluate("() => document.documentElement.dataset.laPlazaRun || ''")
    action()
    page.wait_for_function(f"() => (document.documentElement.dataset.laPlazaRun || '') !== {before!r}",
                           timeout=TIMEOUT)
    settle(page)


def boxes(image: Locator) -> list[dict[str, Any]]:
    """The picture's parts (native pixels) as the app drew them."""
    return json.loads(image.get_attribute("data-boxes") or "[]")


def displayed(image: Locator, rect: list[float]) -> dict[str, float]:
    """A native-pixel rectangle of the picture as it is displayed now, in page viewport coordinates."""
    box = image.bounding_box()
    assert box is not None
    native_width = float(image.get_attribute("width") or 1)
    native_height = float(image.get_attribute("height") or 1)
    sx, sy = box["width"] / native_width, box["height"] / native_height
    x0, y0, x1, y1 = rect[:4]
    return {"x": box["x"] + x0 * sx, "y": box["y"] + y0 * sy, "width": (x1 - x0) * sx, "height": (y1 - y0) * sy}


def tap(page: Page, kind: str, name: str, picture: str = PICTURE) -> None:
    """Tap the part of the picture the app drew as ``kind``/``name`` (``"hand", "0:5-1"``; ``"end", "right"``)."""
    image = page.locator(picture)
    part = next((b for b in boxes(image) if b["kind"] == kind and b["name"] == name), None)
    assert part is not None, (kind, name, boxes(image))
    image.scroll_into_view_if_needed()
    where = displayed(image, part["rect"])
    box = image.bounding_box()
    assert box is not None
    image.click(position={"x": where["x"] - box["x"] + where["width"] / 2,
                          "y": where["y"] - box["y"] + where["height"] / 2})


def timed_tap(page: Page, image: Locator, kind: str, name: str) -> float:
    """Tap the part of the picture drawn as ``kind``/``name``; milliseconds until the picture shown has changed and
    is loaded (what the speed benchmarks measure)."""
    part = next(b for b in boxes(image) if b["kind"] == kind and b["name"] == name)
    where, box = displayed(image, part["rect"]), image.bounding_box()
    assert box is not None
    before = image.get_attribute("src") or ""
    start = time.perf_counter()
    image.click(position={"x": where["x"] - box["x"] + where["width"] / 2,
                          "y": where["y"] - box["y"] + where["height"] / 2})
    page.wait_for_function("([i, before]) => i.getAttribute('src') !== before && i.complete",
                           arg=[image.element_handle(), before], timeout=TIMEOUT)
    return (time.perf_counter() - start) * 1000


def union(rects: list[dict[str, float]]) -> dict[str, float]:
    """The smallest rectangle holding all of ``rects``."""
    x0 = min(r["x"] for r in rects)
    y0 = min(r["y"] for r in rects)
    x1 = max(r["x"] + r["width"] for r in rects)
    y1 = max(r["y"] + r["height"] for r in rects)
    return {"x": x0, "y": y0, "width": x1 - x0, "height": y1 - y0}


def inside_viewport(page: Page, rect: dict[str, float], slack: float = 1.0) -> bool:
    """Whether ``rect`` (viewport coordinates) is wholly on screen."""
    size = page.viewport_size
    assert size is not None
    return (rect["y"] >= -slack and rect["y"] + rect["height"] <= size["height"] + slack
            and rect["x"] >= -slack and rect["x"] + rect["width"] <= size["width"] + slack)


def check_picture(page: Page, picture: str = PICTURE) -> None:
    """The whole picture is shown: its frame (the element holding it) is at least as tall and as wide as the image,
    the image keeps its own proportions, and nothing clips it (scrolling is no clipping)."""
    image = page.locator(picture)
    box = image.bounding_box()
    assert box is not None
    frame = page.locator(picture.split(" img")[0]).bounding_box()
    assert frame is not None
    assert frame["height"] + 0.5 >= box["height"] and frame["width"] + 0.5 >= box["width"], (frame, box)
    native = float(image.get_attribute("width") or 1) / float(image.get_attribute("height") or 1)
    assert abs(box["width"] / box["height"] - native) < 0.02, (box, native)
    clipped = image.evaluate("""(img) => { let e = img.parentElement || img.getRootNode().host; const r =
        img.getBoundingClientRect(); while (e && e !== document.body) { const s = getComputedStyle(e);
        if (['auto', 'scroll'].includes(s.overflowY)) return null;
        if (['hidden', 'clip'].includes(s.overflowY)) { const c = e.getBoundingClientRect();
        if (c.top > r.top + 1 || c.bottom < r.bottom - 1) return e.className || e.tagName; }
        e = e.parentElement || (e.getRootNode() && e.getRootNode().host); } return null; }""")
    assert clipped is None, f"the picture is clipped by {clipped}"
    drawn = [Box.from_dict(b["box"]) for b in boxes(image) if b["kind"] == "drawn"]
    assert drawn, "the page gives the picture's drawn boxes"
    assert clashes(drawn) == [], [(a.kind, a.text or a.tile, b.kind, b.text or b.tile) for a, b in clashes(drawn)]


def check_targets(page: Page, seat: int = 0, picture: str = PICTURE) -> None:
    """What a finger taps — the learner's tiles and the circles at the open ends — is at least 44 CSS pixels each
    way, as shown at this width (WCAG's target size)."""
    image = page.locator(picture)
    targets = [b for b in boxes(image) if (b["kind"] == "hand" and b["name"].startswith(f"{seat}:"))
               or b["kind"] in ("end", "lead")]
    small = [(b["kind"], b["name"], round(r["width"]), round(r["height"])) for b in targets
             if min((r := displayed(image, b["rect"]))["width"], r["height"]) < MIN_TARGET]
    assert small == [], small


def check_hand(page: Page, seat: int = 0, picture: str = PICTURE) -> None:
    """The learner's tiles are on screen, or come on screen when scrolled to (they fit in the viewport)."""
    image = page.locator(picture)
    hand = [displayed(image, b["rect"]) for b in boxes(image)
            if b["kind"] == "hand" and b["name"].startswith(f"{seat}:")]
    if not hand:
        return  # an empty hand: the lesson's end
    rect = union(hand)
    if not inside_viewport(page, rect):  # scrolled to, as a learner would: the hand is the picture's bottom edge
        image.evaluate("(img) => img.scrollIntoView({block: 'end', behavior: 'instant'})")
        rect = union([displayed(image, b["rect"]) for b in boxes(image)
                      if b["kind"] == "hand" and b["name"].startswith(f"{seat}:")])
    assert inside_viewport(page, rect), (rect, page.viewport_size)


def check_feedback(page: Page) -> None:
    """The feedback is on screen and has the focus (not the page's body)."""
    feedback = page.locator(FEEDBACK)
    expect(feedback).to_have_count(1, timeout=TIMEOUT)
    page.wait_for_function(f"() => document.activeElement && document.activeElement.closest('{FEEDBACK}')",
                           timeout=TIMEOUT)
    box = feedback.bounding_box()
    assert box is not None and box["height"] > 0
    assert inside_viewport(page, box), (box, page.viewport_size)


def shot(page: Page, folder: Path, name: str) -> None:
    """A screenshot of what the learner sees now (the viewport, not the whole page)."""
    page.screenshot(path=folder / f"{name}.png")
