"""How fast the Play page answers a tap, in a real browser: tap → updated picture, for lifting a tile (and putting
it back) and for playing it (the picture with the tile on the table, before any computer moves).

Run: ``python benchmarks/play_page_speed.py [--taps 30]`` (starts the app on a free port, drives Debian's
Chromium, prints figures). The match is opened from a fixed record, so every run taps the same table.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Page, sync_playwright  # noqa: E402

from play.game import LEARNER, Game, Setup  # noqa: E402
from tests.browser.conftest import ARGS, CHROMIUM, free_port, start_app, stop_app  # noqa: E402
from tests.browser.learner import boxes, timed_tap  # noqa: E402

PICTURE = ".st-key-play_picture img.table-picture"


def first_turn(seed: int) -> Game:
    """A partnership match whose first hand waits for the learner's first move, with two tiles to choose from."""
    game = Game.new(Setup("partnership", level="club", coach=False, seed=seed))
    while not game.learner_to_move:
        game.computer_step()
    return game


def lifts(page: Page, base: str, record: str, taps: int) -> list[float]:
    """Lift a tile and put it back, ``taps`` times (the first tap warms the caches and is not counted)."""
    page.goto(f"{base}/play?lang=en&game={record}")
    image = page.locator(PICTURE)
    image.wait_for(state="visible", timeout=20_000)
    page.wait_for_function("() => document.documentElement.dataset.laPlazaRun", timeout=20_000)
    tile = next(b["name"] for b in boxes(image) if b["kind"] == "hand" and b["name"].startswith(f"{LEARNER}:"))
    times = [timed_tap(page, image, "hand", tile) for _ in range(taps + 1)]
    return times[1:]


def plays(page: Page, base: str, games: list[Game]) -> list[float]:
    """For each match: lift the learner's first playable tile, then time the tap on its end."""
    times = []
    for game in games:
        page.goto(f"{base}/play?lang=en&game={game.record}")
        image = page.locator(PICTURE)
        image.wait_for(state="visible", timeout=20_000)
        page.wait_for_function("() => document.documentElement.dataset.laPlazaRun", timeout=20_000)
        move = next(m for m in game.position.legal_moves() if getattr(m, "tile", None) is not None)
        timed_tap(page, image, "hand", f"{LEARNER}:{move.tile}")  # type: ignore[union-attr]
        kind, name = ("lead", "lead") if move.end is None else ("end", move.end)  # type: ignore[union-attr]
        times.append(timed_tap(page, image, kind, name))
    return times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=30, help="taps of each kind (default 30)")
    args = parser.parse_args(argv)
    games = [first_turn(seed) for seed in range(1, args.taps + 1)]
    port = free_port()
    process = start_app(port, {"LAPLAZA_PLAY_PACE": "0.9"})
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport={"width": 390, "height": 844})
            lifted = lifts(page, f"http://127.0.0.1:{port}", games[0].record, args.taps)
            played = plays(page, f"http://127.0.0.1:{port}", games)
            browser.close()
    finally:
        stop_app(process)
    for name, times in (("lift or put back a tile", lifted), ("play the lifted tile", played)):
        p95 = statistics.quantiles(times, n=20)[-1]
        print(f"tap → updated picture, {name}, {len(times)} taps: median {statistics.median(times):.0f} ms, "
              f"p95 {p95:.0f} ms, max {max(times):.0f} ms (target p95 < 300 ms)")


if __name__ == "__main__":
    main()
