"""A school server as deploy/ describes it: PostgreSQL, two app servers and Debian's nginx in front, started by
``deploy/school.sh``. nginx keeps each browser on one server (its cookie), spreads a class over both, and when one
server stops in the middle of a lesson, of a live round's question or of a class table's hand, its learners' browsers
reconnect through nginx to the other and carry on: still signed in, on the same step, the same question (their
answer kept) or the same seat and hand, nothing lost or doubled (the database says so). Real servers, real nginx,
real Chromium. One school serves every check; a check that stops a server has it started again by the next."""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from playwright.sync_api import Browser, BrowserContext, Page, WebSocket, expect

from app.storage.progress import Learner
from app.storage.progress_sql import answers, class_tables, live_rounds, round_answers
from app.storage.tables_sql import SqlTables
from engine import Draw, Move, Pass, Play
from lessons import load_library
from play.game import Game
from tests.browser.conftest import free_port
from tests.browser.learner import boxes, enabled_button, still
from tests.browser.learner import settle as browser_settle
from tests.browser.test_app_browser import play_on_picture
from tests.browser.test_rounds_browser import sign_in_teacher
from tests.identity_support import make_roster
from tests.postgres import PostgresServer
from tests.test_two_servers import TIMEOUT, saved_step, say, sign_in

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "deploy" / "school.sh"
TEXTS = load_library().texts
PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1920, "height": 1080}
PICTURE = "img.table-picture"  # the class table's picture (the only one on the class page)
JOINED = -1  # the round_answers number that says a phone joined the round (app/storage/rounds_sql.py)


@dataclass
class School:
    """The running school: nginx's address, each app server's port, the script's folder and environment."""

    address: str
    ports: tuple[int, int]
    run: Path
    env: dict[str, str]

    def server_for(self, cookie: str) -> int:
        """The app server nginx sends a browser with this cookie to (nginx names it in a header)."""
        request = urllib.request.Request(f"{self.address}/_stcore/health", headers={"Cookie": f"plaza_server={cookie}"})
        with urllib.request.urlopen(request, timeout=5) as answer:
            return int(answer.headers["X-Plaza-Server"].rsplit(":", 1)[1])

    def stop_server(self, port: int) -> None:
        """Stop one app server the way a crash or a reboot would, without telling nginx."""
        pid = int((self.run / f"app-{port}.pid").read_text())
        os.kill(pid, 9)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                return
            time.sleep(0.1)

    def start(self) -> None:
        """Have every app server running (the script starts the stopped ones again and reloads nginx)."""
        started = subprocess.run([str(SCRIPT), "start"], cwd=ROOT, env=self.env, capture_output=True, text=True,
                                 timeout=120)
        assert started.returncode == 0, started.stdout + started.stderr


@pytest.fixture(scope="module")
def school(postgres_server: PostgresServer) -> Iterator[School]:
    """PostgreSQL, two app servers and nginx on loopback ports, as the README's school-server section runs them."""
    database = postgres_server.create_database()
    first, listen = free_port(), free_port()
    while first + 1 == listen:
        listen = free_port()
    with tempfile.TemporaryDirectory(prefix="la-plaza-school-") as run:
        env = {**os.environ, "PLAZA_SERVERS": "2", "PLAZA_FIRST_PORT": str(first), "PLAZA_LISTEN": str(listen),
               "PLAZA_RUN": run, "PLAZA_FAIL_SECONDS": "5", "LA_PLAZA_PROGRESS_URL": database,
               "LAPLAZA_REPLY_DELAY": "0", "LAPLAZA_PLAY_PACE": "0.2"}
        started = subprocess.run([str(SCRIPT), "start"], cwd=ROOT, env=env, capture_output=True, text=True,
                                 timeout=120)
        try:
            assert started.returncode == 0, started.stdout + started.stderr
            yield School(f"http://127.0.0.1:{listen}", (first, first + 1), Path(run), env)
        finally:
            subprocess.run([str(SCRIPT), "stop"], cwd=ROOT, env=env, capture_output=True, timeout=60)


def pinned(browser: Browser, school: School, port: int, **device: Any) -> BrowserContext:
    """A device (``device``: its screen and the like) whose cookie nginx hashes to the app server on ``port``."""
    for number in range(500):
        cookie = f"device-{number}"
        if school.server_for(cookie) == port:
            context = browser.new_context(**device)
            context.add_cookies([{"name": "plaza_server", "value": cookie, "url": school.address}])
            return context
    raise AssertionError(f"no cookie of 500 reached the server on port {port}")


class Reconnections:
    """Watches pages for the websocket their browser opens again once their server is gone, and for the first
    message the new server sends on it: proof that the page talks to a live server again (through nginx) and is drawn
    by it. (The class page's follow fragments ask the new server at once; a page with none sits as it was until the
    learner's next tap.)"""

    def __init__(self, *pages: Page) -> None:
        self.heard: set[int] = set()
        for page in pages:
            page.on("websocket", lambda socket, page=page: self._opened(page, socket))

    def _opened(self, page: Page, socket: WebSocket) -> None:
        if "/_stcore/stream" in socket.url:
            socket.on("framereceived", lambda _frame: self.heard.add(id(page)))

    def wait(self, page: Page) -> None:
        """Wait until ``page`` has a new connection that its server answered, then until the app ran on it."""
        deadline = time.monotonic() + TIMEOUT / 1000
        while id(page) not in self.heard:
            assert time.monotonic() < deadline, "the browser did not reconnect to a server"
            page.wait_for_timeout(100)
        still(page)


def open_step_two(page: Page) -> None:
    page.get_by_role("link", name=f"2. {TEXTS.find('en', 'title', 'pegar')}").click()
    expect(page.get_by_text(say("intro", "pegar"))).to_be_visible(timeout=TIMEOUT)
    page.get_by_role("button", name=say("button.next")).click()
    expect(page.get_by_text(say("task_fit", "pegar"))).to_be_visible(timeout=TIMEOUT)


def test_a_new_browser_gets_a_cookie_that_keeps_it_on_one_server(school: School) -> None:
    with urllib.request.urlopen(f"{school.address}/_stcore/health", timeout=30) as answer:
        cookie = next(c for c in answer.headers.get_all("Set-Cookie") if c.startswith("plaza_server="))
        assert answer.status == 200 and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    value = cookie.split(";")[0].split("=", 1)[1]
    assert len({school.server_for(value) for _ in range(10)}) == 1
    assert {school.server_for(f"probe-{n}") for n in range(40)} == set(school.ports)  # the hash spreads browsers


def test_learners_on_a_stopped_server_carry_on_on_the_other(school: School, browser: Browser) -> None:
    database = school.env["LA_PLAZA_PROGRESS_URL"]
    roster = make_roster(database, "Ana", "Ben")
    ana = Learner("Ana", roster.school_class.code, roster.keys["Ana"])
    ben = Learner("Ben", roster.school_class.code, roster.keys["Ben"])
    doomed, spare = school.ports
    contexts = [pinned(browser, school, doomed), pinned(browser, school, spare)]  # one class, on both servers
    try:
        ana_page, ben_page = (context.new_page() for context in contexts)
        for page, name in ((ana_page, "Ana"), (ben_page, "Ben")):
            sign_in(page, school.address, roster.codes[name])
            open_step_two(page)
        assert saved_step(database, ana, "pegar") == 2 and saved_step(database, ben, "pegar") == 2
        browser_settle(ana_page)
        play_on_picture(ana_page, "5-1", "right")  # her move, made on the server about to stop
        next_button = ana_page.get_by_role("button", name=say("button.next"))
        expect(next_button).to_be_enabled(timeout=TIMEOUT)

        school.stop_server(doomed)  # in the middle of the lesson, without a word to nginx
        # Ana's browser reconnects by itself through nginx, to the spare server: signed in, same step, her move there.
        expect(ana_page.get_by_text(say("task_fit", "pegar"))).to_be_visible(timeout=TIMEOUT)
        browser_settle(ana_page)
        assert school.server_for(contexts[0].cookies()[0]["value"]) == spare
        ana_page.reload()  # a reload lands on the spare server as well, at the same place
        expect(ana_page.get_by_text(say("task_fit", "pegar"))).to_be_visible(timeout=TIMEOUT)
        browser_settle(ana_page)
        expect(next_button).to_be_enabled(timeout=TIMEOUT)  # the move she made before the stop is there
        still(ana_page)  # (a reload runs the page twice: once more when the browser has told its token)
        next_button.click()
        expect(ana_page.get_by_text(say("ask_new_end", "pegar"))).to_be_visible(timeout=TIMEOUT)
        assert saved_step(database, ana, "pegar", wanted=3) == 3  # saved by the spare server, in her own record

        # Ben, whose server never stopped, carries on as if nothing happened.
        browser_settle(ben_page)
        play_on_picture(ben_page, "5-1", "right")
        ben_page.get_by_role("button", name=say("button.next")).click()
        expect(ben_page.get_by_text(say("ask_new_end", "pegar"))).to_be_visible(timeout=TIMEOUT)
        assert saved_step(database, ben, "pegar", wanted=3) == 3
    finally:
        for context in contexts:
            context.close()


# ------------------------------------------------------------------------------------------------ a live round


def on_class_pages(address: str, phones: dict[Page, str]) -> None:
    """Learners' phones (each page with its learner's code), opened together on the class page with their card's
    link and signed in there."""
    for page, code in phones.items():
        page.goto(f"{address}/class?lang=en#signin={code}")
    for page in phones:
        expect(page.get_by_role("heading", name=TEXTS.get("en", "class_table.title", "tables"))).to_be_visible(
            timeout=TIMEOUT)  # the class page's tables: for a learner signed in only
        still(page)


def rounds_say(key: str, **args: object) -> str:
    return TEXTS.get("en", key, "rounds").format(**args)


def count_line(projector: Page, answered: int, present: int) -> None:
    expect(projector.locator(".st-key-round_answered")).to_contain_text(
        rounds_say("round.projector.answered", answered=answered, present=present), timeout=TIMEOUT)


def answer(page: Page, option: int, last: bool = False) -> str:
    """Tap an option on the phone and see it taken ("your answer…, waiting"; the ``last`` answer reveals the question
    at once: right or wrong); the option's label."""
    button = page.locator(f".st-key-round_option_{option} button")
    expect(button).to_be_enabled(timeout=TIMEOUT)
    label = button.inner_text().strip()
    button.click()
    if last:
        verdict(page)
    else:
        expect(page.locator(".st-key-round_phone [data-testid='stAlertContentInfo']")).to_contain_text(
            rounds_say("round.answered", answer=label), timeout=TIMEOUT)
    return label


def verdict(page: Page) -> None:
    """The phone says right or wrong (the question was revealed)."""
    expect(page.locator(".st-key-round_phone [data-testid='stAlert']").first).to_contain_text(
        re.compile(f"{re.escape(rounds_say('round.right'))}|{re.escape(rounds_say('round.wrong'))}"), timeout=TIMEOUT)


def tally(projector: Page, answered: int) -> list[int]:
    """The projector's bars, once it shows the reveal with ``answered`` picks: each option's count (read from the
    bar's words)."""
    deadline = time.monotonic() + TIMEOUT / 1000
    while True:
        lines = projector.locator(".st-key-round_tally [data-testid='stProgress'] p").all_inner_texts()
        counts = [int(re.findall(r"\d+", line.split(" — ")[-1])[0]) for line in lines]
        if sum(counts) == answered or time.monotonic() > deadline:
            assert sum(counts) == answered, lines
            return counts
        projector.wait_for_timeout(200)


def round_rows(database: str, round_id: str) -> list[tuple[int, str, str]]:
    """Every row the round keeps for its phones: (question number, learner key, answer), joins included."""
    engine = sa.create_engine(database)
    try:
        with engine.connect() as conn:
            rows = conn.execute(sa.select(round_answers.c.number, round_answers.c.learner_key, round_answers.c.answer)
                                .where(round_answers.c.round_id == round_id)).all()
    finally:
        engine.dispose()
    return sorted((int(row[0]), str(row[1]), str(row[2])) for row in rows)


def practice_answers(database: str, keys: list[str]) -> dict[str, int]:
    """How many practice answers each learner has in their record (a round's questions count there once each)."""
    engine = sa.create_engine(database)
    try:
        with engine.connect() as conn:
            rows = conn.execute(sa.select(answers.c.learner_key, sa.func.count()).where(answers.c.learner_key.in_(keys))
                                .group_by(answers.c.learner_key)).all()
    finally:
        engine.dispose()
    return {key: 0 for key in keys} | {str(row[0]): int(row[1]) for row in rows}


def test_a_live_round_goes_on_when_a_server_stops_mid_question(school: School, browser: Browser) -> None:
    school.start()  # both servers (the check before stopped one)
    database = school.env["LA_PLAZA_PROGRESS_URL"]
    teacher = "Ms Failover Round"
    roster = make_roster(database, "Ana", "Ben", "Cy", teacher=teacher, class_name="Round 6A")
    keys = roster.keys
    doomed, spare = school.ports
    # the projector and Ben on the server that stays, Ana and Cy on the one that stops: one round over both
    devices = {"projector": pinned(browser, school, spare, viewport=PROJECTOR),
               "Ana": pinned(browser, school, doomed, viewport=PHONE),
               "Ben": pinned(browser, school, spare, viewport=PHONE),
               "Cy": pinned(browser, school, doomed, viewport=PHONE)}
    try:
        projector = devices["projector"].new_page()
        sign_in_teacher(projector, school.address, teacher, roster.school_class.code)
        projector.locator(".st-key-round_seconds input").fill("0")  # until everyone has answered
        projector.locator(".st-key-round_count input").fill("2")
        projector.locator(".st-key-round_start button").click()
        expect(projector.locator(".st-key-round_keys")).to_be_visible(timeout=TIMEOUT)
        phones = {name: devices[name].new_page() for name in ("Ana", "Ben", "Cy")}
        on_class_pages(school.address, {page: roster.codes[name] for name, page in phones.items()})
        for page in phones.values():
            expect(page.get_by_text(rounds_say("round.number", number=1, size=2))).to_be_visible(timeout=TIMEOUT)
        count_line(projector, 0, 3)

        ana_label = answer(phones["Ana"], 0)  # on the server about to stop
        count_line(projector, 1, 3)
        answer(phones["Ben"], 1)
        count_line(projector, 2, 3)
        watch = Reconnections(phones["Ana"], phones["Cy"])
        school.stop_server(doomed)  # Cy has not answered yet: the question is open

        for name in ("Ana", "Cy"):
            watch.wait(phones[name])
            assert school.server_for(devices[name].cookies()[0]["value"]) == spare
            expect(phones[name].get_by_text(rounds_say("round.number", number=1, size=2))).to_be_visible(
                timeout=TIMEOUT)
        # Ana finds the answer she gave on the stopped server, and no option to give another
        expect(phones["Ana"].locator(".st-key-round_phone [data-testid='stAlertContentInfo']")).to_contain_text(
            rounds_say("round.answered", answer=ana_label), timeout=TIMEOUT)
        expect(phones["Ana"].locator(".st-key-round_options")).to_have_count(0)
        count_line(projector, 2, 3)  # the projector counts her still, and Cy as there
        answer(phones["Cy"], 0, last=True)  # the last one there: the question is revealed
        counts = tally(projector, 3)
        assert counts[0] == 2 and counts[1] == 1 and sum(counts[2:]) == 0, counts  # each pick counted once
        for page in phones.values():
            verdict(page)

        round_id = next(iter(round_rows_by_class(database, roster.school_class.code)))
        assert [(number, key) for number, key, _ in round_rows(database, round_id) if number == 0] == sorted(
            (0, keys[name]) for name in ("Ana", "Ben", "Cy"))  # each answer once, Ana's from before the stop
        first = {key: pick for number, key, pick in round_rows(database, round_id) if number == 0}
        assert first == {keys["Ana"]: "0", keys["Ben"]: "1", keys["Cy"]: "0"}

        projector.locator("body").press("n")  # the round goes on, every phone now on the one server
        for page in phones.values():
            expect(page.get_by_text(rounds_say("round.number", number=2, size=2))).to_be_visible(timeout=TIMEOUT)
        for done, name in enumerate(("Ana", "Ben", "Cy"), start=1):
            answer(phones[name], 1, last=done == 3)
            if done < 3:
                count_line(projector, done, 3)
        assert tally(projector, 3)[1] == 3
        projector.locator("body").press("n")
        expect(projector.get_by_text(rounds_say("round.projector.over"))).to_be_visible(timeout=TIMEOUT)

        rows = round_rows(database, round_id)
        assert [(number, key) for number, key, _ in rows] == sorted(
            (number, keys[name]) for number in (JOINED, 0, 1) for name in ("Ana", "Ben", "Cy"))  # nothing doubled
        assert practice_answers(database, list(keys.values())) == {key: 2 for key in keys.values()}
        right = right_answers(database, round_id)
        for name, page in phones.items():
            expect(page.get_by_text(rounds_say("round.over", right=right[keys[name]], size=2))).to_be_visible(
                timeout=TIMEOUT)
    finally:
        for context in devices.values():
            context.close()


def round_rows_by_class(database: str, class_code: str) -> list[str]:
    """The ids of a class's rounds."""
    engine = sa.create_engine(database)
    try:
        with engine.connect() as conn:
            return list(conn.scalars(sa.select(live_rounds.c.id).where(live_rounds.c.class_code == class_code)))
    finally:
        engine.dispose()


def right_answers(database: str, round_id: str) -> dict[str, int]:
    """Each learner's right answers in the round, as stored."""
    engine = sa.create_engine(database)
    try:
        with engine.connect() as conn:
            rows = conn.execute(sa.select(round_answers.c.learner_key, round_answers.c.right)
                                .where(round_answers.c.round_id == round_id, round_answers.c.number >= 0)).all()
    finally:
        engine.dispose()
    found: dict[str, int] = {}
    for key, correct in rows:
        found[str(key)] = found.get(str(key), 0) + bool(correct)
    return found


# ------------------------------------------------------------------------------------------------ a class table


def table_button(page: Page, key: str) -> Any:
    return enabled_button(page, key, TIMEOUT)


def hand_buttons(page: Page) -> set[str]:
    """The tiles the phone offers as buttons (the learner's hand)."""
    keys = page.locator("[class*='st-key-table_tile_']").evaluate_all(
        "nodes => nodes.map(node => [...node.classList].find(name => name.startsWith('st-key-table_tile_')))")
    return {key.removeprefix("st-key-table_tile_") for key in keys}


def play_turn(tables: SqlTables, table_id: str, page: Page, seat: int) -> Move:
    """The learner at ``seat`` makes the first move the engine allows, with the button twins on their phone, and the
    table stores it (its version moves on); the move."""
    table = tables.read(table_id)
    assert table is not None and table.match.to_move == seat, "not this seat's turn"
    move = table.match.game.position.legal_moves()[0]
    expect(page.get_by_text(TEXTS.get("en", "play.your_turn", "play"), exact=True)).to_be_visible(timeout=TIMEOUT)
    if isinstance(move, Play):
        table_button(page, f"table_tile_{move.tile}").click()
        still(page)
        table_button(page, "table_end_lead" if move.end is None else f"table_end_{move.end}").click()
    else:
        table_button(page, "table_pass" if isinstance(move, Pass) else "table_draw").click()
    deadline = time.monotonic() + TIMEOUT / 1000
    while (tables.version(table_id) or (table.version, None))[0] == table.version:
        assert time.monotonic() < deadline, f"seat {seat}'s move {move} was not made"
        page.wait_for_timeout(100)
    return move


def stored_game(database: str, table_id: str) -> Game:
    """The table's match as stored: its record replayed move by move through the engine."""
    engine = sa.create_engine(database)
    try:
        with engine.connect() as conn:
            record = conn.scalar(sa.select(class_tables.c.record).where(class_tables.c.id == table_id))
    finally:
        engine.dispose()
    assert isinstance(record, str)
    return Game.from_record(record)


def test_a_class_table_goes_on_when_a_server_stops_mid_hand(school: School, browser: Browser) -> None:
    school.start()  # both servers (the check before stopped one)
    database = school.env["LA_PLAZA_PROGRESS_URL"]
    roster = make_roster(database, "Dora", "Eli", teacher="Ms Failover Table", class_name="Tables 6B")
    keys = roster.keys
    tables = SqlTables.from_url(database)
    # a partnership table, the computers in the empty seats; seed 11 deals the 6-6 to seat 1 (Eli leads)
    table_id = tables.open(roster.school_class.code, "partnership", target=100, idle=600, seed=11)
    doomed, spare = school.ports
    seats = {"Dora": 0, "Eli": 1}
    phone = {"viewport": PHONE, "is_mobile": True, "has_touch": True}
    devices = {"Dora": pinned(browser, school, doomed, **phone), "Eli": pinned(browser, school, spare, **phone)}
    try:
        phones = {name: devices[name].new_page() for name in seats}
        on_class_pages(school.address, {page: roster.codes[name] for name, page in phones.items()})
        for name, seat in seats.items():
            table_button(phones[name], f"sit_{table_id}_{seat}").click()
            still(phones[name])
        table_button(phones["Dora"], "class_table_start").click()
        expect(phones["Eli"].locator(PICTURE)).to_be_visible(timeout=TIMEOUT)
        sent: list[tuple[int, Move]] = []

        def turn(name: str) -> None:
            sent.append((seats[name], play_turn(tables, table_id, phones[name], seats[name])))

        for name in ("Eli", "Dora", "Eli", "Dora"):  # two moves each, each on their own server
            turn(name)
        watch = Reconnections(phones["Dora"])
        school.stop_server(doomed)  # mid-hand: Eli's turn, then Dora's
        turn("Eli")  # on the server that stays, while Dora's phone has none
        watch.wait(phones["Dora"])
        assert school.server_for(devices["Dora"].cookies()[0]["value"]) == spare

        # Dora is back at her seat with her hand, the moves made so far on the table, and her turn
        table = tables.read(table_id)
        assert table is not None and table.match.seat_of(keys["Dora"]) == 0 and table.match.to_move == 0
        dora = phones["Dora"]
        expect(dora.get_by_text(TEXTS.get("en", "play.your_turn", "play"), exact=True)).to_be_visible(timeout=TIMEOUT)
        browser_settle(dora, PICTURE)
        hand = {str(tile) for tile in table.match.game.position.hands[0]}
        drawn = boxes(dora.locator(PICTURE))
        assert hand_buttons(dora) == hand
        assert {part["name"].split(":")[1] for part in drawn if part["kind"] == "hand"
                and part["name"].startswith("0:")} == hand
        played = {str(event.move.tile) for event in table.match.game.position.history if isinstance(event.move, Play)}
        line = {part["box"]["tile"] for part in drawn if part["kind"] == "drawn" and part["box"]["kind"] == "tile"
                and part["box"]["where"] == "line"}
        assert line == played and len(played) >= 6, (line, played)

        for _ in range(40):  # play goes on to the end of the hand, every phone on the one server left
            table = tables.read(table_id)
            assert table is not None
            if table.match.game.hand_over:
                break
            seat = table.match.to_move
            turn(next(name for name, number in seats.items() if number == seat))
        count_title = re.compile(re.escape(TEXTS.get("en", "play.count_title", "play")) + "$")
        for page in phones.values():  # the count's own title (the note above the table also says 'the count')
            expect(page.locator("strong").filter(has_text=count_title)).to_be_visible(timeout=TIMEOUT)

        # the stored record, replayed by the engine: every move the learners made is there once, in their order
        game = stored_game(database, table_id)
        assert game.hand_over and len(sent) > 5
        history = game.position.history
        assert [(event.seat, event.move) for event in history if event.seat in seats.values()] == sent
        tiles = [event.move.tile for event in history if isinstance(event.move, Play)]
        assert len(tiles) == len(set(tiles))
        assert not any(isinstance(move, Draw) for _, move in sent)  # (a partnership hand has no stock)
    finally:
        for context in devices.values():
            context.close()
        tables.engine.dispose()
