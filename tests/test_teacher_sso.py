"""Single sign-on for teachers (app/pages/teacher_sso.py) under AppTest: the school's settings read and checked, the
"sign in with the school account" button handing over to ``st.login``, a school account mapped to one teacher
account (made at the first sign-in, found again at the next), a refused e-mail domain making none, what the
provider says about the person shown as text only, and signing out ending the school account's session too.

``st.user`` is played by ``AppTest.user``; the real provider round trip is in
tests/browser/test_teacher_sso_browser.py."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
import streamlit as st
from streamlit.errors import StreamlitAuthError
from streamlit.testing.v1 import AppTest

from app.pages import teacher_sso
from app.state import KEY, Visit
from app.storage import browser
from app.storage.accounts import read_school_settings
from app.storage.accounts_sql import SqlAccounts
from app.storage.progress_sql import URL_VARIABLE, make_engine, teachers
from lessons import load_library

#: What a school writes in .streamlit/secrets.toml to sign its teachers in with its own accounts (the README's
#: example, with the addresses of a test run filled in).
SCHOOL_SECRETS = """\
[teachers]
single_sign_on = true
sso_provider = "school"
sso_domains = ["school.example"]

[auth]
redirect_uri = "{app}/oauth2callback"
cookie_secret = "k3vQ9x2mZr7TqL0pWc5nYh8sBd4fGj6a"

[auth.school]
client_id = "la-plaza"
client_secret = "s3cr3t-from-the-provider"
server_metadata_url = "{provider}/.well-known/openid-configuration"
"""
LIBRARY = load_library()
LANGUAGES = [language.code for language in LIBRARY.languages]
APP, PROVIDER = "http://127.0.0.1:8501", "http://127.0.0.1:9400"
ANA = {"is_logged_in": True, "provider": "school", "iss": PROVIDER, "sub": "ana-42", "name": "Ana Pérez",
       "email": "ana@school.example", "email_verified": True}


def _page(lang: str) -> None:
    """The part of the Teacher page under test: single sign-on's offer, then who is signed in and a way out."""
    import streamlit as st

    from app import signin
    from app.i18n import Words
    from app.library import library
    from app.pages import teacher_sso
    from app.state import current_visit

    visit = current_visit(lang)
    signin.open_lasting(visit)
    words = Words(library().texts, lang)
    teacher_sso.offer(visit, words)
    if visit.account.teacher is not None:
        st.text(visit.account.teacher.name)
        if st.button(words("signin.sign_out"), key="out"):
            teacher_sso.signing_out(visit)
            signin.teacher_out(visit)


@pytest.fixture
def database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A fresh SQLite progress database for the app."""
    url = f"sqlite:///{tmp_path / 'progress.db'}"
    monkeypatch.setenv(URL_VARIABLE, url)
    return url


@pytest.fixture
def school(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, database: str) -> Path:
    """The school's secrets file (single sign-on on, teachers from school.example only), as the app reads it."""
    path = tmp_path / "secrets.toml"
    path.write_text(SCHOOL_SECRETS.format(app=APP, provider=PROVIDER), encoding="utf-8")
    monkeypatch.setenv("LA_PLAZA_SECRETS", str(path))
    return path


def say(lang: str, key: str, **args: object) -> str:
    return LIBRARY.texts.get(lang, key).format(**args)


def open_page(user: dict[str, Any], lang: str = "en") -> AppTest:
    """A new browser session (a new tab, a reload) of the page, with ``user`` as ``st.user``."""
    at = AppTest.from_function(_page, args=(lang,), default_timeout=30)
    at.user = dict(user)
    at.run()
    assert not at.exception, at.exception
    return at


def visit(at: AppTest) -> Visit:
    return at.session_state[KEY]


def teacher_rows(database: str) -> list[tuple[str, str, str | None, str | None]]:
    """Every teacher account: id, name, single sign-on subject, password hash."""
    with make_engine(database).connect() as conn:
        return [tuple(row) for row in conn.execute(sa.select(
            teachers.c.id, teachers.c.name, teachers.c.sso_subject, teachers.c.password_hash))]


def button_labels(at: AppTest) -> list[str]:
    return [button.label for button in at.button]


# --------------------------------------------------------------------------------------------- the school's settings


def test_the_readme_example_turns_single_sign_on_on_with_its_named_provider(school: Path) -> None:
    settings = read_school_settings()
    assert settings.single_sign_on and settings.sso_domains == ("school.example",)
    assert teacher_sso.provider_of(settings) == "school"
    assert teacher_sso.setup_problem(settings) is None


@pytest.mark.parametrize(("change", "problem"), [
    (("client_secret = \"s3cr3t-from-the-provider\"\n", ""), "[auth.school] needs client_id, client_secret"),
    (("/oauth2callback", "/"), "redirect_uri must be the app's address followed by /oauth2callback"),
    (("cookie_secret = \"k3vQ9x2mZr7TqL0pWc5nYh8sBd4fGj6a\"\n", ""), "needs a cookie_secret"),
    (("school", "my_school"), "has an underscore"),
])
def test_settings_st_login_would_refuse_are_caught_before_the_button(tmp_path: Path, change: tuple[str, str],
                                                                      problem: str) -> None:
    path = tmp_path / "secrets.toml"
    path.write_text(SCHOOL_SECRETS.format(app=APP, provider=PROVIDER).replace(*change), encoding="utf-8")
    found = teacher_sso.setup_problem(read_school_settings(environ={"LA_PLAZA_SECRETS": str(path)}))
    assert found is not None and problem in found


def test_a_provider_written_straight_into_auth_is_streamlits_default_one(tmp_path: Path) -> None:
    """Streamlit's one-provider form: the keys in ``[auth]`` itself (with ``client_kwargs``, a table that is not a
    provider, though it comes first)."""
    path = tmp_path / "secrets.toml"
    path.write_text(f"""[teachers]\nsingle_sign_on = true\n\n[auth]\nredirect_uri = "{APP}/oauth2callback"
cookie_secret = "k3vQ9x2mZr7TqL0pWc5nYh8sBd4fGj6a"\nclient_id = "la-plaza"\nclient_secret = "x"
server_metadata_url = "{PROVIDER}/.well-known/openid-configuration"\nclient_kwargs = {{ prompt = "login" }}\n""",
                    encoding="utf-8")
    settings = read_school_settings(environ={"LA_PLAZA_SECRETS": str(path)})
    assert settings.single_sign_on
    assert teacher_sso.provider_of(settings) == teacher_sso.DEFAULT_PROVIDER
    assert teacher_sso.setup_problem(settings) is None


# --------------------------------------------------------------------------------------------- signing in


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_signed_out_teacher_gets_the_school_account_button(school: Path, lang: str) -> None:
    at = open_page({"is_logged_in": False}, lang)
    assert button_labels(at) == [say(lang, "teacher.sso.sign_in")]
    assert [caption.value for caption in at.caption] == [say(lang, "teacher.sso.intro")]
    assert visit(at).account.teacher is None


def test_the_button_hands_over_to_st_login_with_the_schools_provider(school: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str | None] = []
    monkeypatch.setattr(st, "login", asked.append)
    at = open_page({"is_logged_in": False})
    at.button(key=teacher_sso.SIGN_IN_KEY).click().run()
    assert not at.exception, at.exception
    assert asked == ["school"]


def test_settings_streamlit_itself_refuses_are_said_plainly(school: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Streamlit reads its own secrets file; when it disagrees with the app's, ``st.login`` refuses: no traceback."""

    def refuse(provider: str | None = None) -> None:
        raise StreamlitAuthError("Authentication credentials in `.streamlit/secrets.toml` are missing")

    monkeypatch.setattr(st, "login", refuse)
    at = open_page({"is_logged_in": False}, "es")
    at.button(key=teacher_sso.SIGN_IN_KEY).click().run()
    assert not at.exception, at.exception
    assert [error.value for error in at.error] == [say("es", "teacher.sso.not_set_up")]


def test_the_first_sign_in_makes_one_teacher_account_and_the_next_finds_it(school: Path, database: str) -> None:
    at = open_page(ANA)
    teacher = visit(at).account.teacher
    assert teacher is not None and teacher.sso and teacher.name == "Ana Pérez"
    assert [text.value for text in at.text] == ["Ana Pérez"]
    assert teacher_rows(database) == [(teacher.id, "Ana Pérez", f"{PROVIDER} ana-42", None)]

    again = open_page(ANA)  # another tab, or the same browser tomorrow
    assert visit(again).account.teacher.id == teacher.id
    assert len(teacher_rows(database)) == 1


def test_the_same_subject_at_another_provider_is_another_teacher(school: Path, database: str) -> None:
    first = visit(open_page(ANA)).account.teacher
    other = visit(open_page({**ANA, "iss": "http://127.0.0.1:9500"})).account.teacher
    assert other.id != first.id
    assert len(teacher_rows(database)) == 2


def test_the_browser_keeps_no_teacher_token_for_a_school_account(school: Path) -> None:
    """The school account's cookie keeps the teacher signed in; a token left behind could sign them in again after
    they signed out of it."""
    at = open_page(ANA)
    assert visit(at).account.teacher is not None
    assert visit(at).account.teacher_token is None
    assert browser.snapshot(visit(at))["teacher"] is None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_account_outside_the_schools_domains_makes_no_teacher(school: Path, database: str, lang: str) -> None:
    at = open_page({**ANA, "email": "ana@gmail.com"}, lang)
    assert visit(at).account.teacher is None
    assert teacher_rows(database) == []
    assert [error.value for error in at.error] == [say(lang, "teacher.sso.refused", account="` ana@gmail.com `")]
    assert button_labels(at) == [say(lang, "teacher.sso.sign_out")]

    at.button(key=teacher_sso.SIGN_OUT_KEY).click().run()
    assert not at.exception, at.exception
    assert at.user == {"is_logged_in": False}  # st.logout() ran: Streamlit's cookie goes
    assert teacher_rows(database) == []


def test_an_address_the_provider_did_not_verify_proves_no_school(school: Path, database: str) -> None:
    at = open_page({**ANA, "email_verified": False})
    assert visit(at).account.teacher is None
    assert teacher_rows(database) == []
    assert len(at.error) == 1


def test_what_the_provider_says_is_shown_as_text(school: Path, database: str) -> None:
    """A name or an address is whatever the provider's user typed: never a link, an image or HTML on the page."""
    name = "[Expired](http://ev.il) ![t](//ev.il/t.png) <b>Ana</b>"
    at = open_page({**ANA, "name": name})
    assert [text.value for text in at.text] == [name]  # st.text: shown exactly, never read as markdown
    assert not at.markdown and teacher_rows(database)[0][1] == name

    email = "[Login](http://ev.il)`<b>`@evil.example"
    refused = open_page({**ANA, "sub": "mallory", "email": email})
    assert refused.error[0].value == say("en", "teacher.sso.refused", account=f"`` {email} ``")


@pytest.mark.parametrize(("typed", "span"), [
    ("ana@gmail.com", "` ana@gmail.com `"),  # an address or a web address in a code span is never linked
    ("a`b``c", "``` a`b``c ```"),  # the fence is longer than any run of backticks inside
    ("`Ana", "`` `Ana ``"),  # the spaces keep a backtick at either end from joining the fence
    ("Ana\n\n# Pérez", "` Ana # Pérez `"),  # one line: no heading, no paragraph break
])
def test_what_the_provider_says_goes_into_markdown_as_a_code_span(typed: str, span: str) -> None:
    assert teacher_sso.verbatim(typed) == span


def test_a_user_of_another_provider_is_not_the_schools(school: Path, database: str) -> None:
    at = open_page({**ANA, "provider": "elsewhere"})
    assert visit(at).account.teacher is None
    assert button_labels(at) == [say("en", "teacher.sso.sign_in")]
    assert teacher_rows(database) == []


def test_a_provider_that_says_nobody_signs_nobody_in(school: Path, database: str) -> None:
    at = open_page({key: value for key, value in ANA.items() if key != "sub"}, "pap")
    assert visit(at).account.teacher is None
    assert [warning.value for warning in at.warning] == [say("pap", "teacher.sso.failed")]
    assert teacher_rows(database) == []


# --------------------------------------------------------------------------------------------- signing out


def test_signing_out_ends_the_school_accounts_session_even_when_the_page_reruns(
        school: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``st.logout()`` sends the browser to Streamlit's /auth/logout; a rerun right after it (as the sign-out
    button's page does) drops that redirect, so the next run, the signed-out page, asks again — once."""
    logouts: list[int] = []
    real_logout = st.logout
    monkeypatch.setattr(st, "logout", lambda: (logouts.append(1), real_logout()))
    at = open_page(ANA)
    assert visit(at).account.teacher is not None
    at.button(key="out").click().run()
    assert not at.exception, at.exception
    assert visit(at).account.teacher is None
    assert at.user == {"is_logged_in": False} and len(logouts) == 1
    at.run()  # the page's rerun: the redirect is asked for again, and nobody is signed back in
    assert len(logouts) == 2 and visit(at).account.teacher is None
    at.run()  # (in a browser, the provider has sent it back to a new session by now)
    assert len(logouts) == 2
    assert button_labels(at) == [say("en", "teacher.sso.sign_in")]


@pytest.mark.parametrize("single_sign_on", [True, False])
def test_any_teachers_sign_out_ends_a_school_session_where_the_school_uses_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, database: str, single_sign_on: bool) -> None:
    """A teacher who signed in with a password signs out of a browser that also holds a school account: with single
    sign-on on, the school account goes too (else the next run would sign its owner in); with it off, the app has
    no business with Streamlit's cookie."""
    path = tmp_path / "secrets.toml"
    path.write_text(SCHOOL_SECRETS.format(app=APP, provider=PROVIDER).replace(
        "single_sign_on = true", f"single_sign_on = {str(single_sign_on).lower()}"), encoding="utf-8")
    monkeypatch.setenv("LA_PLAZA_SECRETS", str(path))
    at = open_page({"is_logged_in": False})
    visit(at).account.teacher = SqlAccounts.from_url(database).sign_up("Sam Rivera", "dominoes at noon 42")
    at.user = dict(ANA)
    at.run()
    assert [text.value for text in at.text] == ["Sam Rivera"]
    at.button(key="out").click().run()
    assert not at.exception, at.exception
    assert visit(at).account.teacher is None
    assert at.user == ({"is_logged_in": False} if single_sign_on else ANA)


# --------------------------------------------------------------------------------------------- switched off or broken


def test_nothing_is_offered_without_single_sign_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   database: str) -> None:
    """A fresh machine (no secrets), and ``single_sign_on = true`` without any ``[auth]`` table."""
    monkeypatch.setenv("LA_PLAZA_SECRETS", str(tmp_path / "none.toml"))
    assert (button_labels(open_page({"is_logged_in": False})), button_labels(open_page(ANA))) == ([], [])
    path = tmp_path / "secrets.toml"
    path.write_text("[teachers]\nsingle_sign_on = true\n", encoding="utf-8")
    monkeypatch.setenv("LA_PLAZA_SECRETS", str(path))
    at = open_page(ANA)
    assert button_labels(at) == [] and not at.warning and visit(at).account.teacher is None
    assert teacher_rows(database) == []


def test_a_half_written_provider_says_so_instead_of_a_button_that_fails(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, database: str) -> None:
    path = tmp_path / "secrets.toml"
    path.write_text(SCHOOL_SECRETS.format(app=APP, provider=PROVIDER).replace("client_id = \"la-plaza\"\n", ""))
    monkeypatch.setenv("LA_PLAZA_SECRETS", str(path))
    at = open_page(ANA, "el")
    assert button_labels(at) == []
    assert [warning.value for warning in at.warning] == [say("el", "teacher.sso.not_set_up")]
    assert visit(at).account.teacher is None and teacher_rows(database) == []


def test_only_a_fresh_school_sign_in_on_a_visits_first_run_counts_as_coming_back(tmp_path: Path) -> None:
    from types import SimpleNamespace
    from unittest import mock

    from app.pages import teacher_sso
    from app.state import Settings, Visit
    from app.storage.accounts import read_school_settings

    path = tmp_path / "secrets.toml"
    path.write_text(SCHOOL_SECRETS.format(app=APP, provider=PROVIDER), encoding="utf-8")
    settings = read_school_settings(environ={"LA_PLAZA_SECRETS": str(path)})
    visit = Visit(Settings(lang="en"))
    visit.account.accounts = SimpleNamespace(settings=settings)
    provider = teacher_sso.provider_of(settings)
    with mock.patch.object(teacher_sso, "school_user", return_value={"provider": provider, "iat": 1_000_000}):
        assert teacher_sso.just_back(visit, now=1_000_060)
        assert not teacher_sso.just_back(visit, now=1_000_000 + teacher_sso.FRESH_SECONDS + 1)  # an old sign-in
        visit.taps.runs = 1
        assert not teacher_sso.just_back(visit, now=1_000_060)  # not the visit's first run: the teacher chose home
    with mock.patch.object(teacher_sso, "school_user", return_value=None):
        visit.taps.runs = 0
        assert not teacher_sso.just_back(visit, now=1_000_060)
