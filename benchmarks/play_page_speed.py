"""How fast the Play page answers: the server run after a learner's move (under AppTest), and tap → updated picture
in a real browser, for lifting a tile (and putting it back) and for playing it.

The server run after a learner's move makes every computer move up to the learner's next turn and draws the tables
between them for the browser to show one by one (each ``PACE`` seconds); printed beside it, what the old path held
the session for: one run per computer move, each sleeping out ``PACE`` (``PACE`` × the computer moves, at least).

Run: ``python benchmarks/play_page_speed.py [--taps 30] [--moves 20] [--no-browser]`` (the browser part starts the
app on a free port and drives Debian's Chromium; prints figures). Matches are opened from fixed records, so every
run plays the same tables.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Page, sync_playwright  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402

import app.pages.play_page  # noqa: E402
from engine import Play  # noqa: E402
from play import computer_player  # noqa: E402
from play.game import LEARNER, Game, Setup  # noqa: E402
from tests.app_support import APP  # noqa: E402  # (sets the test environment: a throwaway database)
from tests.browser.conftest import ARGS, CHROMIUM, free_port, start_app, stop_app  # noqa: E402
from tests.browser.learner import boxes, timed_tap  # noqa: E402

PICTURE = ".st-key-play_picture img.table-picture"


def first_turn(seed: int) -> Game:
    """A partnership match whose first hand waits for the learner's first move, with two tiles to choose from."""
    game = Game.new(Setup("partnership", level="club", coach=False, seed=seed))
    while not game.learner_to_move:
        game.computer_step()
    return game


def server_runs(level: str, count: int, pace: float) -> list[tuple[float, int, float, float]]:
    """For ``count`` partnership matches at their learner's first turn (coach on): the milliseconds of the app's run
    after the learner's move (made by its button twin, the tile lifted beforehand), the computer moves it made, their
    thinking alone (the same moves made again in this process), and what the old path held the session for: a run
    per computer move, each sleeping out ``pace`` after its thinking (at least max(pace, thinking) each)."""
    app.pages.play_page.PACE = pace
    runs = []
    for seed in range(1, count + 1):
        game = Game.new(Setup("partnership", level=level, coach=True, seed=seed))
        game.computers_move()
        at = AppTest.from_file(APP, default_timeout=120)
        at.query_params.update(lesson="play", lang="en", game=game.record)
        at.run()
        move = computer_player("club", seed).choose(game.position.view(LEARNER))
        if isinstance(move, Play):
            at.button(key=f"play_tile_{move.tile}").click().run()
            button = at.button(key="play_end_lead" if move.end is None else f"play_end_{move.end}")
        else:
            button = at.button(key="play_pass")
        button.click()
        start = time.perf_counter()
        at.run()
        now = (time.perf_counter() - start) * 1000
        assert not at.exception, at.exception
        after = at.session_state[app.pages.play_page.STATE_KEY].game
        assert after.learner_to_move or after.hand_over
        made = len(after.position.history) - len(game.position.history) - 1
        game.play(move)
        thinking = old = 0.0
        while game.computer_to_move:
            start = time.perf_counter()
            game.computer_step()
            took = time.perf_counter() - start
            thinking += took * 1000
            old += max(pace, took) * 1000
        assert game.position.history == after.position.history  # the same moves the app made
        runs.append((now, made, thinking, old))
    return runs


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
    parser.add_argument("--moves", type=int, default=20, help="learner's moves timed on the server (default 20)")
    parser.add_argument("--no-browser", action="store_true", help="only the server runs, no Chromium")
    args = parser.parse_args(argv)
    pace = 0.9
    for level in ("club", "expert"):
        runs = server_runs(level, args.moves, pace)
        now, made, thinking, old = ([run[i] for run in runs] for i in range(4))
        print(f"server run after the learner's move, partnership, {level}, {len(runs)} moves "
              f"({statistics.mean(made):.1f} computer moves each): now median {statistics.median(now):.0f} ms, "
              f"max {max(now):.0f} ms (the computers' thinking alone: median {statistics.median(thinking):.0f} ms); "
              f"the old path, a run per computer move each held at least {pace} s: median "
              f"{statistics.median(old):.0f} ms, max {max(old):.0f} ms")
    if args.no_browser:
        return
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
