"""A school server as deploy/ describes it: PostgreSQL, two app servers and Debian's nginx in front, started by
``deploy/school.sh``. nginx keeps each browser on one server (its cookie), spreads a class over both, and when one
server stops in the middle of a lesson its learners' browsers reconnect through nginx to the other and carry on:
still signed in, on the same step, nothing lost. Real servers, real nginx, real Chromium."""

from __future__ import annotations

import os
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from app.storage.progress import Learner
from lessons import load_library
from tests.browser.conftest import free_port
from tests.browser.learner import settle as browser_settle
from tests.browser.learner import still
from tests.browser.test_app_browser import play_on_picture
from tests.identity_support import make_roster
from tests.postgres import PostgresServer
from tests.test_two_servers import TIMEOUT, saved_step, say, sign_in

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "deploy" / "school.sh"
TEXTS = load_library().texts


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
               "LAPLAZA_REPLY_DELAY": "0"}
        started = subprocess.run([str(SCRIPT), "start"], cwd=ROOT, env=env, capture_output=True, text=True,
                                 timeout=120)
        try:
            assert started.returncode == 0, started.stdout + started.stderr
            yield School(f"http://127.0.0.1:{listen}", (first, first + 1), Path(run), env)
        finally:
            subprocess.run([str(SCRIPT), "stop"], cwd=ROOT, env=env, capture_output=True, timeout=60)


def pinned(browser: Browser, school: School, port: int) -> BrowserContext:
    """A device whose cookie nginx hashes to the app server on ``port``."""
    for number in range(500):
        cookie = f"device-{number}"
        if school.server_for(cookie) == port:
            context = browser.new_context()
            context.add_cookies([{"name": "plaza_server", "value": cookie, "url": school.address}])
            return context
    raise AssertionError(f"no cookie of 500 reached the server on port {port}")


def open_step_two(page: Page) -> None:
    page.get_by_role("link", name=f"2. {TEXTS.find('en', 'title', 'pegar')}").click()
    expect(page.get_by_text(say("intro", "pegar"))).to_be_visible(timeout=TIMEOUT)
    page.get_by_role("button", name=say("button.next")).click()
    expect(page.get_by_text(say("task_fit", "pegar"))).to_be_visible(timeout=TIMEOUT)


def test_a_new_browser_gets_a_cookie_that_keeps_it_on_one_server(school: School) -> None:
    with urllib.request.urlopen(f"{school.address}/_stcore/health", timeout=5) as answer:
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
