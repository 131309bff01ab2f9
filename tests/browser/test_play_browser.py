"""The Play page in a real browser (Chromium through Playwright): a 1-vs-1 hand against the computer played by
tapping the picture, from "Start the match" to the count and "Next hand", the computers' moves after each of the
learner's shown one by one on the picture and told in words; then the same match after a reload."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from urllib.parse import parse_qs, urlparse

from playwright.sync_api import Page, expect

from app.i18n import Words
from engine import Draw, Pass, Play
from lessons import load_library
from play import computer_player
from play.game import LEARNER, Game
from tests.browser.learner import TIMEOUT, boxes, check_picture, rerun, settle, tap
from tests.browser.test_accessibility import serious
from wording import Message

TEXTS = load_library().texts
PICTURE = ".st-key-play_picture img.table-picture"


def en(key: str, **args: object) -> str:
    """An English text of the Play page."""
    return TEXTS.render(Message.of(key, **args), "en", "play")


def shown_game(page: Page) -> Game:
    """The match the page shows, rebuilt from the record it keeps in its address."""
    record = parse_qs(urlparse(page.url).query)["game"][0]
    return Game.from_record(record)


def learner_turn(page: Page) -> None:
    """Wait until it is the learner's turn (or the hand is over): the computers have moved, one by one."""
    expect(page.get_by_text(en("play.your_turn")).or_(page.get_by_role(
        "button", name=en("play.next_hand"))).or_(page.get_by_role("button", name=en("play.new_match")))
    ).to_be_visible(timeout=TIMEOUT)
    settle(page, PICTURE)


def watch_picture(page: Page) -> None:
    """From now on, note every picture the table shows (each table a computer move leaves, then the last one)."""
    page.locator(PICTURE).evaluate("""(img) => { img.__shown = [];
        new MutationObserver(() => img.__shown.push(img.getAttribute("src")))
            .observe(img, {attributes: true, attributeFilter: ["src"]}); }""")


def pictures_shown(page: Page, expected: int) -> int:
    """How many different pictures the table showed since `watch_picture`, once it shows ``expected`` of them and
    is done playing (or after the time allowed; -1: the picture was replaced)."""
    image = page.locator(PICTURE).element_handle()
    count = "(img) => img.__shown ? new Set(img.__shown).size : -1"
    page.wait_for_function(f"([img, n]) => ({count})(img) >= n && img.dataset.playing === '0'", arg=[image, expected],
                           timeout=TIMEOUT)
    return page.locator(PICTURE).evaluate(count)


def learner_plays(page: Page, move: object) -> int:
    """Make the learner's move on the picture (tile then circle; the stock to draw; Pass by its button), watching
    the pictures the move brings; the number of taps on the picture."""
    if isinstance(move, Play):
        rerun(page, partial(tap, page, "hand", f"{LEARNER}:{move.tile}", PICTURE))
        circles = [b for b in boxes(page.locator(PICTURE)) if b["kind"] in ("end", "lead")]
        assert circles, "circles appear where the lifted tile can go"
        kind, name = ("lead", "lead") if move.end is None else ("end", move.end)
        watch_picture(page)
        rerun(page, partial(tap, page, kind, name, PICTURE))
        return 2
    watch_picture(page)
    if isinstance(move, Draw):
        rerun(page, partial(tap, page, "stock", "stock", PICTURE))
        return 1
    assert isinstance(move, Pass)
    rerun(page, page.get_by_role("button", name=TEXTS.get("en", "button.pass")).click)
    return 0


def test_a_hand_played_by_tapping_the_picture(page: Page, app_url: str, artifacts: Path) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{app_url}/play?lang=en")
    expect(page.get_by_role("heading", name=en("play.title"))).to_be_visible(timeout=TIMEOUT)
    settle(page, None)
    assert not serious(page)
    page.screenshot(path=artifacts / "play-setup-phone.png", full_page=True)
    page.get_by_role("button", name=en("play.start")).click()
    learner_turn(page)
    check_picture(page, PICTURE)
    assert not serious(page)
    page.screenshot(path=artifacts / "play-first-turn-phone.png", full_page=True)
    taps = computer_moves = 0
    said = Words(TEXTS, "en", "play")
    while True:
        game = shown_game(page)
        if game.hand_over:
            break
        assert game.learner_to_move
        before = len(game.position.history)
        taps += learner_plays(page, computer_player("club", 3).choose(game.position.view(LEARNER)))
        learner_turn(page)
        now = shown_game(page)
        assert now.learner_to_move or now.hand_over  # the page reached the learner's turn (or the hand's end)
        theirs = now.position.history[before + 1:]
        # the table after the learner's move and after each computer move but the last, then the last one
        assert pictures_shown(page, len(theirs) + 1) == len(theirs) + 1
        happened = page.locator('[data-testid="stMain"]').inner_text()
        for event in theirs:  # what the computers did, in words
            assert said.event(event, now.rules, LEARNER) in happened
        computer_moves += len(theirs)
    assert taps > 0 and computer_moves > 0
    expect(page.get_by_text(en("play.count_title"))).to_be_visible(timeout=TIMEOUT)
    assert not serious(page)
    page.screenshot(path=artifacts / "play-count-phone.png", full_page=True)
    finished = shown_game(page)
    # a reload shows the same match, still at its count
    page.reload()
    expect(page.get_by_text(en("play.count_title"))).to_be_visible(timeout=TIMEOUT)
    assert shown_game(page).position.history == finished.position.history
    if not finished.match.is_over:
        rerun(page, lambda: page.get_by_role("button", name=en("play.next_hand")).click())
        learner_turn(page)
        assert shown_game(page).hand_number == 2


def test_the_play_page_on_a_projector(page: Page, app_url: str, artifacts: Path) -> None:
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{app_url}/play?lang=pap&classroom=1")
    page.get_by_role("button", name=TEXTS.render(Message("play.start"), "pap", "play")).click()
    expect(page.locator(PICTURE)).to_be_visible(timeout=TIMEOUT)
    settle(page, PICTURE)
    check_picture(page, PICTURE)
    page.screenshot(path=artifacts / "play-projector.png")


def test_the_review_of_a_finished_match_rates_every_move_while_the_page_stays_usable(page: Page,
                                                                                         app_url: str) -> None:
    """A short match (to 10 points) opened at its end: Review rates the decisions a few at a time (the panel asks
    for the next ones by itself), then shows the marks in words, the chart with its figures, and opens a decision."""
    from play.game import Setup
    from play.review import moments

    match = Game.new(Setup("one_vs_one", level="club", seed=4, target=10))
    player = computer_player("club", 4)
    while not match.hand_over:
        if match.learner_to_move:
            match.play(player.choose(match.position.view(LEARNER)))
        else:
            match.computer_step()
    assert match.match.is_over
    decisions = len(moments(match))
    page.goto(f"{app_url}/play?lang=en&game={match.record}")
    learner_turn(page)
    rerun(page, page.get_by_role("button", name=en("review.button")).click)
    panel = page.locator(".st-key-play_review_panel")
    expect(panel.get_by_text(f"{en('review.mark.fine')}:", exact=False).first).to_be_visible(timeout=TIMEOUT)
    buttons = panel.locator("[class*='st-key-play_review_']:not(.st-key-play_review_panel) button")
    expect(buttons).to_have_count(decisions, timeout=TIMEOUT)
    expect(panel.locator("[data-testid='stVegaLiteChart']")).to_have_count(1)
    expect(panel.get_by_role("table")).to_have_count(1)  # the chart's figures, for a reader who cannot see it
    rerun(page, buttons.first.click)
    expect(panel.get_by_text("You played:", exact=False)).to_be_visible(timeout=TIMEOUT)
    assert not serious(page)
