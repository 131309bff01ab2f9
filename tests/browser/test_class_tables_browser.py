"""Class tables in real Chromium: four learners, each on their own phone, sit at one partnership table and play a
whole hand with the button twins (each phone shows its own tiles only, until the count shows every hand), a learner
opens the review of their own moves, and the teacher's overview on a projector-sized screen; once the teacher closes
the table, a reload finds it under "Your last matches" with its review. Screenshots at 390×844 and 1920×1080 go to
tests/artifacts/."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from app.storage.accounts import read_school_settings
from app.storage.accounts_sql import SqlAccounts
from app.storage.classes_sql import SqlClassBook
from app.storage.tables_sql import SqlTables
from engine import Pass, Play
from lessons import load_library
from tests.browser.conftest import ARTIFACTS, free_port, start_app, stop_app
from tests.browser.learner import enabled_button, still
from tests.browser.test_accessibility import serious

TEXTS = load_library().texts
TIMEOUT = 30_000
PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1920, "height": 1080}
PASSWORD = "dominoes on a Tuesday afternoon"
NAMES = ["Ana", "Ben", "Carla", "Dion"]


def play(key: str) -> str:
    return TEXTS.get("en", key, "play")


def mine(key: str, **args: object) -> str:
    text = TEXTS.get("en", key, "tables")
    return text.format(**args) if args else text


@pytest.fixture(scope="module")
def school(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict]:
    """An app of its own on a database with a teacher, a class of four and one partnership table open."""
    folder = tmp_path_factory.mktemp("tables")
    url = f"sqlite:///{folder / 'progress.db'}"
    secrets = folder / "secrets.toml"
    secrets.write_text("", encoding="utf-8")
    settings = read_school_settings(environ={"LA_PLAZA_SECRETS": str(secrets)})
    SqlAccounts.from_url(url, settings).sign_up("Juffrouw Rosa", PASSWORD)
    teacher = SqlAccounts.from_url(url, settings).sign_in_teacher("Juffrouw Rosa", PASSWORD, ())
    book = SqlClassBook.from_url(url)
    school_class = book.create("5B", teacher)
    issued = book.add_learners(school_class, NAMES)
    tables = SqlTables.from_url(url)
    table_id = tables.open(school_class.code, "partnership", target=100, idle=600, seed=11)
    port = free_port()
    process = start_app(port, {"LA_PLAZA_PROGRESS_URL": url, "LA_PLAZA_SECRETS": str(secrets),
                               "LAPLAZA_PLAY_PACE": "0.3"})
    try:
        yield {"base": f"http://127.0.0.1:{port}", "codes": {i.nickname: i.code for i in issued},
               "keys": {i.nickname: i.key for i in issued}, "tables": tables, "table": table_id}
    finally:
        stop_app(process)


def phone(browser: Browser, school: dict, name: str) -> tuple[BrowserContext, Page]:
    """A learner's phone, signed in with their card's link, on the class page."""
    context = browser.new_context(viewport=PHONE, locale="en-US", is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{school['base']}/#signin={school['codes'][name]}")
    expect(page.get_by_text(name, exact=True).first).to_be_visible(timeout=TIMEOUT)
    still(page)
    page.goto(f"{school['base']}/class")
    expect(page.get_by_role("heading", name=mine("class_table.title"))).to_be_visible(timeout=TIMEOUT)
    still(page)
    return context, page


def check_turn_above_the_hand(page: Page, said: str) -> None:
    """On the phone, scrolled to the top: whose turn it is stands above the table, and the whole table picture, the
    learner's own tiles at its bottom edge, is on screen without scrolling."""
    page.evaluate("() => document.querySelector('[data-testid=stMain]').scrollTo(0, 0)")
    still(page)
    turn = page.get_by_text(said).first
    expect(turn).to_be_visible(timeout=TIMEOUT)
    turn_box, picture = turn.bounding_box(), page.locator("img.table-picture").bounding_box()
    assert turn_box is not None and picture is not None
    assert turn_box["y"] + turn_box["height"] <= picture["y"], (turn_box, picture)
    assert picture["y"] + picture["height"] <= PHONE["height"], picture  # the hand is above the fold


def button(page: Page, key: str):
    return page.locator(f".st-key-{key} button")


def check_review_on_the_phone(page: Page) -> None:
    """Once the hand is over, "Review my moves" on a phone: the review of the learner's own moves comes into view,
    its decisions rated and counted by mark."""
    button(page, "play_review").click()
    panel = page.locator(".st-key-play_review_panel")
    expect(panel.get_by_text(play("review.title"))).to_be_visible(timeout=TIMEOUT)
    fine = re.compile(re.escape(play("review.mark.fine")) + r": \d+")
    expect(panel.get_by_text(fine)).to_be_visible(timeout=TIMEOUT)  # every decision rated
    expect(panel.get_by_role("heading", name=play("review.hand").format(number=1))).to_be_visible()
    still(page)
    panel.evaluate("""element => { element.scrollIntoView({block: 'start'});
        document.querySelector('[data-testid=stMain]').scrollBy(0, -80); }""")  # below the app's top bar
    page.screenshot(path=ARTIFACTS / "class_table_review_phone.png")
    first = panel.locator("[class*='st-key-play_review_1_'] button").first
    first.click()  # a decision opened: the table as the learner saw it then
    picture = panel.locator("img.table-picture")
    expect(picture).to_be_visible(timeout=TIMEOUT)
    still(page)
    first.evaluate("element => element.scrollIntoView({block: 'start'})")
    page.screenshot(path=ARTIFACTS / "class_table_review_decision_phone.png")


def check_last_matches_after_a_reload(page: Page, table_id: str) -> None:
    """The table closed, the phone reloads: the lobby lists it under "Your last matches", its review button on
    screen without scrolling; the review opens in place of the lobby, starting on the first screen, stays while the
    page follows the class, and "Back to the class tables" returns."""
    page.reload()
    title = page.get_by_role("heading", name=mine("class_table.finished_title"))
    expect(title).to_be_visible(timeout=TIMEOUT)
    review = enabled_button(page, f"finished_review_{table_id}")
    expect(review).to_have_text(re.compile(re.escape(play("review.button"))))
    still(page)
    page.evaluate("() => document.querySelector('[data-testid=stMain]').scrollTo(0, 0)")
    still(page)
    box = review.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box  # above the fold
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box  # nothing cut at the side
    page.screenshot(path=ARTIFACTS / "class_table_last_matches_phone.png")
    review.click()
    panel = page.locator(".st-key-play_review_panel")
    expect(panel.get_by_text(play("review.title"))).to_be_visible(timeout=TIMEOUT)
    fine = re.compile(re.escape(play("review.mark.fine")) + r": \d+")
    expect(panel.get_by_text(fine)).to_be_visible(timeout=TIMEOUT)  # every decision rated
    back = enabled_button(page, "class_table_to_lobby")
    page.wait_for_timeout(3000)  # a few of the follow's ticks: the review stays, nothing jumps away
    still(page)
    expect(panel).to_be_visible()
    page.evaluate("() => document.querySelector('[data-testid=stMain]').scrollTo(0, 0)")
    still(page)
    back_box, panel_box = back.bounding_box(), panel.bounding_box()
    assert back_box is not None and back_box["y"] + back_box["height"] <= PHONE["height"], back_box
    assert panel_box is not None and panel_box["y"] + 120 <= PHONE["height"], panel_box  # starts on the first screen
    page.screenshot(path=ARTIFACTS / "class_table_finished_review_phone.png")
    back.click()
    expect(title).to_be_visible(timeout=TIMEOUT)
    expect(panel).to_have_count(0)


def test_four_learners_play_a_whole_hand_and_the_teacher_follows(browser: Browser, school: dict) -> None:
    tables: SqlTables = school["tables"]
    table_id = school["table"]
    phones = {}
    try:
        for seat, name in enumerate(NAMES):
            context, page = phone(browser, school, name)
            phones[name] = (context, page)
            button(page, f"sit_{table_id}_{seat}").click()
            still(page)
        table = tables.read(table_id)
        assert table is not None and table.match.state == "playing"
        ana = phones["Ana"][1]
        expect(ana.locator("img.table-picture")).to_be_visible(timeout=TIMEOUT)  # the match started by itself
        still(ana)
        ana.screenshot(path=ARTIFACTS / "class_table_start_phone.png")
        first = phones[NAMES[table.match.to_move]][1]
        check_turn_above_the_hand(first, "Your turn.")
        check_turn_above_the_hand(phones[NAMES[(table.match.to_move + 1) % 4]][1], "is thinking")
        expect(ana.get_by_role("heading", name=f"{mine('class_table.numbered.table', number=1)} · ")).to_be_visible()
        assert not serious(ana)  # axe-core on the table on a phone: no serious or critical violation
        for _ in range(60):
            table = tables.read(table_id)
            assert table is not None
            if table.match.game.hand_over:
                break
            seat = table.match.to_move
            page = phones[NAMES[seat]][1]
            expect(page.get_by_text("Your turn.", exact=True)).to_be_visible(timeout=TIMEOUT)
            # each phone shows its own tiles only: another seat's tile is never among its buttons
            others = [tile for other, hand in enumerate(table.match.game.position.hands) if other != seat
                      for tile in hand]
            for tile in others[:3]:
                expect(button(page, f"table_tile_{tile}")).to_have_count(0)
            move = table.match.game.position.legal_moves()[0]
            version = table.version
            if isinstance(move, Play):
                enabled_button(page, f"table_tile_{move.tile}").click()
                still(page)
                enabled_button(page, "table_end_lead" if move.end is None else f"table_end_{move.end}").click()
            else:
                assert isinstance(move, Pass)
                enabled_button(page, "table_pass").click()
            page.wait_for_function("() => true")
            for _ in range(100):
                now = tables.version(table_id)
                if now is not None and now[0] != version:
                    break
                page.wait_for_timeout(100)
            else:
                pytest.fail(f"{NAMES[seat]}'s move {move} was not made")
        table = tables.read(table_id)
        assert table is not None and table.match.game.hand_over
        history = table.match.game.position.history
        assert len({(event.seat, str(event.move)) for event in history if isinstance(event.move, Play)}) == sum(
            isinstance(event.move, Play) for event in history)  # no move doubled
        count_title = TEXTS.get("en", "play.count_title", "play")
        for name in NAMES:
            page = phones[name][1]
            # each phone followed by itself: the count, and above the table what to do now
            expect(page.locator("strong").filter(has_text=re.compile(re.escape(count_title) + "$"))).to_be_visible(
                timeout=TIMEOUT)
            expect(page.get_by_text(mine("class_table.refused.hand_over"))).to_be_visible()
        still(ana)
        ana.screenshot(path=ARTIFACTS / "class_table_count_phone.png", full_page=True)
        check_review_on_the_phone(ana)

        teacher = browser.new_context(viewport=PROJECTOR, locale="en-US")
        page = teacher.new_page()
        page.goto(f"{school['base']}/teacher")
        still(page)
        page.get_by_label(TEXTS.get("en", "teacher.account.name"), exact=True).fill("Juffrouw Rosa")
        page.get_by_label(TEXTS.get("en", "teacher.account.password"), exact=True).fill(PASSWORD)
        page.get_by_role("button", name=TEXTS.get("en", "teacher.account.sign_in")).click()
        still(page)
        page.get_by_role("button", name="5B").first.click()
        expect(page.get_by_role("heading", name=mine("class_table.teacher.title"))).to_be_visible(timeout=TIMEOUT)
        overview = page.get_by_test_id("stTable")
        expect(overview).to_contain_text("Ana", timeout=TIMEOUT)
        expect(overview).to_contain_text(mine("class_table.teacher.count_shown"))
        expect(overview).to_contain_text(f"{mine('class_table.numbered.table', number=1)}: ")
        expect(overview).to_contain_text("Ana/Carla ")  # the score, side by side, named by who sits there
        for code in school["codes"].values():
            assert code not in page.content()
        page.get_by_role("heading", name=mine("class_table.teacher.title")).scroll_into_view_if_needed()
        still(page)
        page.screenshot(path=ARTIFACTS / "class_tables_teacher_projector.png")
        assert not serious(page)  # the teacher's tables view
        button(page, f"teacher_watch_{table_id}").click()
        expect(page.get_by_text(mine("class_table.teacher.hidden"))).to_be_visible(timeout=TIMEOUT)
        still(page)
        glance = page.locator("[data-testid=stMarkdownContainer] p").filter(
            has_text=f"{mine('class_table.teacher.column_score')}:").filter(
            has_text=f"{mine('class_table.teacher.column_turn')}:")
        expect(glance).to_contain_text("Ana/Carla ")
        picture = page.locator("img.table-picture")
        glance_box, picture_box = glance.bounding_box(), picture.bounding_box()
        assert glance_box is not None and picture_box is not None
        assert glance_box["y"] + glance_box["height"] <= picture_box["y"]  # read before the table, at a glance
        page.screenshot(path=ARTIFACTS / "class_table_watch_projector.png")
        button(page, "teacher_table_close").click()  # the class is over: the teacher closes the table
        still(page)
        teacher.close()
        closed = tables.read(table_id)
        assert closed is not None and closed.match.state == "closed"
        check_last_matches_after_a_reload(ana, table_id)
        assert tables.read(table_id).match.seat_of(school["keys"]["Ana"]) == 0  # type: ignore[union-attr]
    finally:
        for context, _ in phones.values():
            context.close()
