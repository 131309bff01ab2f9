"""Two app servers behind one school, one PostgreSQL database: a learner's progress made on one server is there on
the other — for the learner coming back and for the teacher's class view. Real servers, real Chromium (the run's
one browser, from pytest-playwright's fixture: a Playwright of its own would clash with the run's loop)."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from app.storage.progress import Learner
from app.storage.progress_sql import SqlProgressStore
from lessons import load_library
from tests.browser.conftest import free_port, start_app, stop_app
from tests.identity_support import PASSWORD, make_roster
from tests.postgres import PostgresServer

TEXTS = load_library().texts
TIMEOUT = 45_000  # generous: CI and this machine run other work beside the servers


@pytest.fixture(scope="module")
def database(postgres_server: PostgresServer) -> str:
    """A fresh database on the run's PostgreSQL server."""
    return postgres_server.create_database()


@pytest.fixture(scope="module")
def servers(database: str) -> Iterator[tuple[str, str]]:
    """Two app servers on their own ports, both pointed at the same database."""
    started = []
    try:
        for _ in range(2):
            port = free_port()
            started.append((port, start_app(port, {"LA_PLAZA_PROGRESS_URL": database, "LAPLAZA_REPLY_DELAY": "0"})))
        yield tuple(f"http://127.0.0.1:{port}" for port, _ in started)  # type: ignore[misc]
    finally:
        for _, process in started:
            stop_app(process)


def say(key: str, lesson: str | None = None) -> str:
    return TEXTS.get("en", key, lesson)


def saved_step(database: str, learner: Learner, lesson: str, wanted: int = 2) -> int:
    """The step stored for a learner, once the server has saved it (polled: the save ends the server's rerun)."""
    store = SqlProgressStore.from_url(database)
    deadline = time.monotonic() + TIMEOUT / 1000
    step = store.load(learner).lesson(lesson).step
    while step != wanted and time.monotonic() < deadline:
        time.sleep(0.2)
        step = store.load(learner).lesson(lesson).step
    store.engine.dispose()
    return step


def settle(page: Page) -> None:
    expect(page.locator('[data-testid="stApp"][data-test-script-state="notRunning"]')).to_have_count(1,
                                                                                                    timeout=TIMEOUT)


def sign_in(page: Page, base: str, code: str) -> None:
    page.goto(f"{base}/?lang=en")
    expect(page.get_by_text(say("home.welcome"))).to_be_visible(timeout=TIMEOUT)
    settle(page)
    page.locator("summary").filter(has_text=say("signin.title")).click()
    page.get_by_label(say("signin.code"), exact=True).fill(code)
    page.get_by_role("button", name=say("signin.submit")).click()
    settle(page)


def test_progress_made_on_one_server_is_seen_on_the_other(servers: tuple[str, str], database: str,
                                                          browser: Browser) -> None:
    first, second = servers
    roster = make_roster(database, "Ana")
    ana = Learner("Ana", roster.school_class.code, roster.keys["Ana"])
    pegar = load_library().lesson("pegar")
    contexts = [browser.new_context() for _ in range(3)]  # three devices: a learner's two and the teacher's
    try:
        one, other, teacher = (context.new_page() for context in contexts)
        sign_in(one, first, roster.codes["Ana"])
        one.get_by_role("link", name=f"2. {TEXTS.find('en', 'title', 'pegar')}").click()  # the same visit
        expect(one.get_by_text(say("intro", "pegar"))).to_be_visible(timeout=TIMEOUT)
        one.get_by_role("button", name=say("button.next")).click()
        expect(one.get_by_text(say("task_fit", "pegar"))).to_be_visible(timeout=TIMEOUT)
        assert saved_step(database, ana, "pegar") == 2

        sign_in(other, second, roster.codes["Ana"].lower())  # another device, on the other server
        title = TEXTS.find("en", "title", "pegar")
        expect(other.get_by_role("button", name=say("home.continue").format(lesson=title, step=2))).to_be_visible(
            timeout=TIMEOUT)

        teacher.goto(f"{second}/teacher?lang=en&class={roster.school_class.code}")  # she signs in on the other server
        expect(teacher.get_by_label(say("teacher.account.name"), exact=True)).to_be_visible(timeout=TIMEOUT)
        settle(teacher)
        teacher.get_by_label(say("teacher.account.name"), exact=True).fill(roster.teacher.name)
        teacher.get_by_label(say("teacher.account.password"), exact=True).fill(PASSWORD)
        teacher.get_by_role("button", name=say("teacher.account.sign_in")).click()
        expect(teacher.get_by_role("rowheader", name="Ana", exact=True).first).to_be_visible(timeout=TIMEOUT)
        step_text = say("teacher.view.step").format(step=2, count=len(pegar.steps))
        expect(teacher.get_by_role("cell", name=step_text)).to_have_count(1, timeout=TIMEOUT)
    finally:
        for context in contexts:
            context.close()
