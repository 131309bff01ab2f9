"""How fast the app answers: tap-to-updated-picture in a real browser, AppTest rerun time, bytes per frame.

Run: ``python benchmarks/app_speed.py`` (starts the app on a free port, drives Debian's Chromium, prints figures).
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("LAPLAZA_REPLY_DELAY", "0")

from playwright.sync_api import sync_playwright  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402

from tests.browser.conftest import ARGS, CHROMIUM, free_port, start_app, stop_app  # noqa: E402
from tests.browser.learner import PICTURE, boxes, timed_tap  # noqa: E402

TAPS = 30


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of the sorted values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def browser_taps(base: str) -> tuple[list[float], list[int]]:
    """Tap the first tile of the hand again and again (lift, put back): ms until the picture changed, bytes sent."""
    latencies, sizes = [], []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.goto(f"{base}/pegar?step=2&lang=en")
        img = page.locator(PICTURE)
        img.wait_for(state="visible", timeout=20_000)
        page.wait_for_function("() => document.documentElement.dataset.laPlazaRun", timeout=20_000)
        tile = next(part for part in boxes(img) if part["kind"] == "hand" and part["name"].startswith("0:"))
        for _ in range(TAPS + 1):
            latencies.append(timed_tap(page, img, "hand", tile["name"]))
            sizes.append(len(img.get_attribute("src") or ""))
        browser.close()
    return latencies[1:], sizes[1:]  # the first tap warms the caches


def apptest_reruns(runs: int = 30) -> tuple[float, float]:
    """Median ms of a plain rerun of a lesson step, and of a button click (lift a tile) with its rerun."""
    at = AppTest.from_file(str(ROOT / "tutorial_app.py"), default_timeout=60)
    at.query_params.update({"lesson": "pegar", "step": "2", "lang": "en"})
    at.run()
    plain, clicks = [], []
    for _ in range(runs):
        start = time.perf_counter()
        at.run()
        plain.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        at.button(key="tile_5-1").click().run()
        clicks.append((time.perf_counter() - start) * 1000)
    return statistics.median(plain), statistics.median(clicks)


def main() -> None:
    """Measure and print."""
    port = free_port()
    process = start_app(port, {"LAPLAZA_REPLY_DELAY": "0"})
    try:
        latencies, sizes = browser_taps(f"http://127.0.0.1:{port}")
    finally:
        stop_app(process)
    rerun, click = apptest_reruns()
    print(f"tap → updated picture, real Chromium, {len(latencies)} taps: median {statistics.median(latencies):.0f} ms, "
          f"p95 {percentile(latencies, 0.95):.0f} ms (max {max(latencies):.0f} ms)")
    size = int(statistics.median(sizes))
    print(f"bytes per frame (PNG as a base64 data URL in the picture's data): median {size:,} "
          f"(PNG ≈ {size * 3 // 4:,} bytes)")
    print(f"AppTest rerun of a lesson step: median {rerun:.0f} ms; "
          f"a button click with its rerun: median {click:.0f} ms")


if __name__ == "__main__":
    main()
