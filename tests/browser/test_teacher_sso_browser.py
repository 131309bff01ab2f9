"""Single sign-on in real Chromium against a real OpenID provider on loopback (oidc-provider-mock, started here):
a teacher presses "Sign in with the school account", signs in on the provider's own page, comes back to the app and
is the Teacher page's teacher — still after a reload, with no teacher token left in the browser — and signs out of
the school account again; an account outside the school's e-mail domains is refused and makes no teacher.

The app runs with its own secrets file (the one Streamlit reads, ``STREAMLIT_SECRETS_FILES``, is the one the app's
settings read, ``LA_PLAZA_SECRETS``), and every server listens on 127.0.0.1 only."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path

import oidc_provider_mock
import pytest
import sqlalchemy as sa
import werkzeug.serving
from playwright.sync_api import Browser, Page, expect

from app.storage.browser import STORAGE_KEY
from app.storage.progress_sql import make_engine, teachers
from lessons import load_library
from tests.browser.conftest import free_port, start_app, stop_app
from tests.browser.learner import still
from tests.browser.test_accessibility import serious
from tests.test_teacher_sso import SCHOOL_SECRETS

TEXTS = load_library().texts
TIMEOUT = 45_000  # generous: a sign-in is three pages in a row, on a shared machine
ANA = oidc_provider_mock.User(sub="ana-42", claims={"name": "Ana Pérez", "email": "ana@school.example",
                                                 "email_verified": True})
MALLORY = oidc_provider_mock.User(sub="mallory-7", claims={"name": "Mallory", "email": "mallory@gmail.com",
                                                         "email_verified": True})


def say(lang: str, key: str, **args: object) -> str:
    return TEXTS.get(lang, key).format(**args)


@pytest.fixture(scope="module")
def provider() -> Iterator[str]:
    """The school's OpenID provider: oidc-provider-mock on a free loopback port, in a thread of this process; it
    requires the nonce Streamlit sends, and knows Ana (a teacher at school.example) and Mallory (gmail.com)."""
    port = free_port()
    server = werkzeug.serving.make_server(
        "127.0.0.1", port, oidc_provider_mock.app(require_nonce=True, user_claims=[ANA, MALLORY]), threaded=True)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.shutdown()
        thread.join(5)
        server.server_close()


@pytest.fixture(scope="module")
def school(provider: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """The app of a school with single sign-on (teachers from school.example only): its address and its database."""
    port = free_port()
    folder = tmp_path_factory.mktemp("school")
    app = f"http://127.0.0.1:{port}"
    secrets = folder / "secrets.toml"
    secrets.write_text(SCHOOL_SECRETS.format(app=app, provider=provider), encoding="utf-8")
    database = f"sqlite:///{folder / 'progress.db'}"
    process = start_app(port, {"LA_PLAZA_SECRETS": str(secrets), "STREAMLIT_SECRETS_FILES": str(secrets),
                               "LA_PLAZA_PROGRESS_URL": database, "STREAMLIT_SERVER_ADDRESS": "127.0.0.1"})
    try:
        yield app, database
    finally:
        stop_app(process)


def sso_rows(database: str) -> list[tuple[str, str]]:
    """Every single sign-on teacher account: its name and its "issuer subject"."""
    with make_engine(database).connect() as conn:
        return [tuple(row) for row in conn.execute(sa.select(teachers.c.name, teachers.c.sso_subject)
                                                   .where(teachers.c.sso_subject.is_not(None)))]


def kept_teacher_token(page: Page) -> object:
    """The teacher token the app left in the browser's storage (None: none)."""
    kept = page.evaluate(f"() => window.localStorage.getItem({STORAGE_KEY!r})")
    return json.loads(kept).get("teacher") if kept else None


def sign_in_at_the_provider(page: Page, app: str, provider: str, subject: str) -> None:
    """Press the app's school-account button, type the user on the provider's authorization form, and come back."""
    page.goto(f"{app}/teacher?lang=en")
    still(page)
    page.get_by_role("button", name=say("en", "teacher.sso.sign_in")).click()
    page.wait_for_url(f"{provider}/oauth2/authorize?**", timeout=TIMEOUT)
    assert "client_id=la-plaza" in page.url and "nonce=" in page.url  # no secret of ours in the address
    page.get_by_placeholder("sub").fill(subject)
    page.get_by_role("button", name="Authorize").click()
    page.wait_for_url(f"{app}/**", timeout=TIMEOUT)  # Streamlit sends the browser back to the app's home page
    still(page)


def sign_out_at_the_provider(page: Page, app: str, provider: str, button: str) -> None:
    """Press the app's sign-out, confirm on the provider's "end session" page, and come back."""
    page.get_by_role("button", name=button, exact=True).click()  # not "Sign out on every device"
    page.wait_for_url(f"{provider}/oauth2/end_session?**", timeout=TIMEOUT)
    assert "id_token_hint=" in page.url  # Streamlit tells the provider whose session ends
    page.get_by_role("button", name="End session").click()
    page.wait_for_url(f"{app}/**", timeout=TIMEOUT)
    still(page)


def test_a_teacher_signs_in_with_the_school_account_and_out_again(browser: Browser, school: tuple[str, str],
                                                                 provider: str, artifacts: Path) -> None:
    app, database = school
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    page.goto(f"{app}/teacher?lang=en")
    expect(page.get_by_text(say("en", "teacher.sso.intro"))).to_be_visible(timeout=TIMEOUT)
    page.screenshot(path=artifacts / "teacher_sso_signed_out_projector.png")
    assert not serious(page)

    sign_in_at_the_provider(page, app, provider, ANA.sub)
    # Streamlit brings her back to the home page; the app takes her on to the Teacher page, where she began
    expect(page.get_by_text("Ana Pérez", exact=True)).to_be_visible(timeout=TIMEOUT)
    assert page.url.split("?")[0].rstrip("/").endswith("/teacher")
    page.screenshot(path=artifacts / "teacher_sso_back_projector.png")
    page.goto(f"{app}/teacher")
    expect(page.get_by_text("Ana Pérez", exact=True)).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_role("button", name=say("en", "teacher.sso.sign_in"))).to_have_count(0)
    assert sso_rows(database) == [("Ana Pérez", f"{provider} ana-42")]
    still(page)
    page.screenshot(path=artifacts / "teacher_sso_signed_in_projector.png")
    assert kept_teacher_token(page) is None  # the school account's cookie is what keeps her signed in

    page.reload()  # a reload is a new session: the school account signs her in again, to the same account
    expect(page.get_by_text("Ana Pérez", exact=True)).to_be_visible(timeout=TIMEOUT)
    still(page)
    assert sso_rows(database) == [("Ana Pérez", f"{provider} ana-42")]

    sign_out_at_the_provider(page, app, provider, say("en", "signin.sign_out"))
    assert not [cookie for cookie in page.context.cookies() if cookie["name"].startswith("_streamlit_user")]
    page.goto(f"{app}/teacher?lang=en")
    expect(page.get_by_role("button", name=say("en", "teacher.sso.sign_in"))).to_be_visible(timeout=TIMEOUT)
    still(page)
    expect(page.get_by_text("Ana Pérez", exact=True)).to_have_count(0)
    page.screenshot(path=artifacts / "teacher_sso_signed_out_again_projector.png")
    page.context.close()


def test_an_account_outside_the_schools_domains_is_refused(browser: Browser, school: tuple[str, str],
                                                          provider: str, artifacts: Path) -> None:
    app, database = school
    page = browser.new_page(viewport={"width": 390, "height": 844})
    sign_in_at_the_provider(page, app, provider, MALLORY.sub)
    page.goto(f"{app}/teacher?lang=en")
    refused = say("en", "teacher.sso.refused", account="mallory@gmail.com")
    expect(page.get_by_text(refused)).to_be_visible(timeout=TIMEOUT)
    expect(page.locator('[data-testid="stAlert"]').get_by_text("mallory@gmail.com", exact=True)).to_be_visible()
    expect(page.locator('[data-testid="stAlert"] a')).to_have_count(0)  # the address is text, not a mailto: link
    assert all(subject != f"{provider} mallory-7" for _, subject in sso_rows(database))
    still(page)
    page.get_by_text(refused).scroll_into_view_if_needed()
    page.screenshot(path=artifacts / "teacher_sso_refused_phone.png")
    assert not serious(page)

    sign_out_at_the_provider(page, app, provider, say("en", "teacher.sso.sign_out"))
    page.goto(f"{app}/teacher?lang=en")
    expect(page.get_by_role("button", name=say("en", "teacher.sso.sign_in"))).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_text(refused)).to_have_count(0)
    page.screenshot(path=artifacts / "teacher_sso_signed_out_phone.png")
    page.context.close()
