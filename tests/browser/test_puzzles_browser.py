"""The Puzzles page in a real browser at a phone's size (390 x 844): a puzzle opened by its link and solved by
tapping the picture (the tile, then its end), with its text alternative, the explanation with every choice's
expected points, and no serious accessibility violation before or after."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from playwright.sync_api import Page, expect

from app.storage.progress import Learner
from app.storage.puzzle_ratings import SqlPuzzleRatings
from engine import Play, parse_move
from lessons import load_library
from practice.puzzle_choice import find_puzzle
from practice.puzzles import load_puzzles
from tests.browser.learner import TIMEOUT, boxes, check_feedback, check_picture, check_targets, rerun, settle, tap
from tests.browser.test_accessibility import serious
from tests.identity_support import make_roster
from wording import Message

TEXTS = load_library().texts
PICTURE = ".st-key-puzzle_picture img.table-picture"


def en(key: str, **args: object) -> str:
    """An English text of the Puzzles page."""
    return TEXTS.render(Message.of(key, **args), "en", "puzzles")


def es(key: str, **args: object) -> str:
    """A Spanish text of the Puzzles page."""
    return TEXTS.render(Message.of(key, **args), "es", "puzzles")


def test_a_puzzle_solved_by_tapping_the_picture_on_a_phone(page: Page, app_url: str, artifacts: Path) -> None:
    puzzle = find_puzzle(load_puzzles(), "one_vs_one-001")
    answer = parse_move(puzzle.answer)
    assert isinstance(answer, Play) and answer.end is not None
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{app_url}/puzzles?puzzle={puzzle.id}&lang=en")
    expect(page.get_by_role("heading", name=en("puzzles.title"))).to_be_visible(timeout=TIMEOUT)
    settle(page, PICTURE)
    check_picture(page, PICTURE)
    image = page.locator(PICTURE)
    alt = image.get_attribute("alt") or ""
    assert str(answer.tile) in alt  # the answer's tile is in the hand the words name
    assert alt in page.locator('[data-testid="stMain"]').inner_text()  # its words, also shown
    assert not serious(page)
    rerun(page, partial(tap, page, "hand", f"{puzzle.seat}:{answer.tile}", PICTURE))
    assert any(b["kind"] == "end" for b in boxes(page.locator(PICTURE))), "the lifted tile shows where it can go"
    check_targets(page, puzzle.seat, PICTURE)  # the tiles and the end circles are big enough for a finger
    rerun(page, partial(tap, page, "end", answer.end, PICTURE))
    expect(page.get_by_text(en("puzzles.right"), exact=False).first).to_be_visible(timeout=TIMEOUT)
    check_feedback(page)  # the verdict comes into view with the focus
    table = page.get_by_role("table")
    expect(table).to_have_count(1)
    for _, value in puzzle.values:
        expect(table).to_contain_text(f"{value:+.1f}")
    rated = TEXTS.get("en", "puzzles.rating_change", "puzzles").split("{")[0]  # "Your puzzle rating is now "
    expect(page.get_by_text(rated, exact=False)).to_be_visible()
    assert page.locator(PICTURE).get_attribute("data-tappable") == "0"  # answered: the picture takes no more taps
    assert not serious(page)
    page.screenshot(path=artifacts / "puzzle-solved-phone.png", full_page=True)


def test_a_visitors_solved_puzzle_counts_once_they_sign_in(page: Page, app_url: str, app_database: str,
                                                             artifacts: Path) -> None:
    """A visitor on a Spanish phone solves a puzzle, goes home by the page's own button, signs in by typing the
    card's code (further down the page) and, the page opened at its top, is told the puzzle counted; the Puzzles
    page then shows the rating the server stored."""
    roster = make_roster(app_database, "Visita Vera", class_name="Visit class")
    puzzle = find_puzzle(load_puzzles(), "one_vs_one-001")
    answer = parse_move(puzzle.answer)
    assert isinstance(answer, Play) and answer.end is not None
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{app_url}/puzzles?puzzle={puzzle.id}&lang=es")
    settle(page, PICTURE)
    expect(page.get_by_text(es("puzzles.visitor"))).to_be_visible()
    rerun(page, partial(tap, page, "hand", f"{puzzle.seat}:{answer.tile}", PICTURE))
    rerun(page, partial(tap, page, "end", answer.end, PICTURE))
    expect(page.get_by_text(es("puzzles.right"), exact=False).first).to_be_visible(timeout=TIMEOUT)
    rerun(page, lambda: page.get_by_role("button", name=TEXTS.get("es", "player.all_lessons")).click())
    page.get_by_test_id("stExpander").get_by_text(TEXTS.get("es", "signin.title"), exact=True).click()
    page.get_by_label(TEXTS.get("es", "signin.code")).fill(roster.codes["Visita Vera"].lower().replace("-", " "))
    rerun(page, lambda: page.get_by_role("button", name=TEXTS.get("es", "signin.submit")).click())
    expect(page.get_by_role("button", name=TEXTS.get("es", "signin.sign_out"))).to_be_visible(timeout=TIMEOUT)
    stored = SqlPuzzleRatings.from_url(app_database)
    vera = Learner("Visita Vera", roster.school_class.code, roster.keys["Visita Vera"])
    rating = stored.learner(vera)
    stored.engine.dispose()
    assert rating.attempts == 1 and rating.rating > 1500  # the server's own verdict, replayed for Vera
    carried = TEXTS.render(Message.of("signin.puzzles_carried", count=1, rating=rating.shown), "es")
    expect(page.get_by_text(carried)).to_be_in_viewport(timeout=TIMEOUT)  # the page opens at its top: in sight
    page.screenshot(path=artifacts / "puzzle-visit-carried-phone-es.png", full_page=True)
    page.goto(f"{app_url}/puzzles?lang=es")
    expect(page.get_by_text(es("puzzles.your_rating", rating=rating.shown))).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_text(es("puzzles.visitor"))).to_have_count(0)
