"""The Teacher page under AppTest: teacher accounts (sign-up rules, the school's invitation code or closed sign-up,
wrong passwords slowed down, a reload keeps the teacher, signing out here or on every device), "My classes" (a class
made once however often it is asked for, another teacher's class never opens, an old class claimed with its link),
the class list (codes shown once and only on demand, look-alike names refused, a new code, removing a learner), the
projector view with no code and no control, the live class view and the questions missed most, all in the
visitor's language — and the pages other than the teacher's never showing any of it."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from streamlit.proto.TextInput_pb2 import TextInput as TextInputProto
from streamlit.runtime.memory_media_file_storage import MemoryMediaFileStorage
from streamlit.testing.v1 import AppTest

from app.i18n import Words, plain
from app.pages.teacher_account import refusal
from app.pages.teacher_roster import _short
from app.storage import browser
from app.storage.accounts import PASSWORD_MAX, PASSWORD_MIN, TEACHER_NAME_MAX, AccountRefused, SchoolSettings
from app.storage.accounts_sql import SqlAccounts, Teacher
from app.storage.browser import BROWSER_KEY, VERSION
from app.storage.classes import SchoolClass, new_class_code, secret_hash
from app.storage.classes_sql import SqlClassBook
from app.storage.progress import Answer, Learner, StepResult
from app.storage.progress_sql import URL_VARIABLE, SqlProgressStore, attempts, classes, make_engine, teachers
from tests.app_support import LANGUAGES, LIBRARY, click, open_app, texts, visit

PASSWORD = "tiles on the table at noon"


@pytest.fixture
def school(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A fresh SQLite progress database for the app, and the school's secrets file (open sign-up unless a test
    writes another one with ``school.settings("...")``)."""
    url = f"sqlite:///{tmp_path / 'progress.db'}"
    secrets = tmp_path / "secrets.toml"
    secrets.write_text("", encoding="utf-8")
    monkeypatch.setenv(URL_VARIABLE, url)
    monkeypatch.setenv("LA_PLAZA_SECRETS", str(secrets))

    class School:
        def __init__(self) -> None:
            self.url = url

        def settings(self, text: str) -> None:
            secrets.write_text(text, encoding="utf-8")

        def accounts(self) -> SqlAccounts:
            return SqlAccounts.from_url(url, SchoolSettings())

        def book(self) -> SqlClassBook:
            return SqlClassBook.from_url(url)

        def store(self) -> SqlProgressStore:
            return SqlProgressStore.from_url(url)

    yield School()


def ui(lang: str, key: str, **args: object) -> str:
    return LIBRARY.texts.get(lang, key).format(**args)


def fill(at: AppTest, **fields: str) -> None:
    for key, value in fields.items():
        at.text_input(key=key).set_value(value)


def sign_up(at: AppTest, name: str, password: str = PASSWORD, again: str | None = None,
            invitation: str | None = None) -> None:
    fill(at, teacher_new_name=name, teacher_new_password=password,
         teacher_new_password_again=password if again is None else again)
    if invitation is not None:
        fill(at, teacher_invitation=invitation)
    click(at, "teacher_sign_up")


def sign_in(at: AppTest, name: str, password: str = PASSWORD) -> None:
    fill(at, teacher_name=name, teacher_password=password)
    click(at, "teacher_sign_in")


def teacher_page(lang: str = "en", **params: str) -> AppTest:
    """The Teacher page, once the browser has said it kept nothing."""
    return reload_with(open_app(lesson="teacher", lang=lang, **params), None)


def reload_with(at: AppTest, kept: Any) -> AppTest:
    """The browser reports what it kept (as after a reload), and the app runs."""
    at.session_state[BROWSER_KEY] = {"stored": {"value": kept}}
    at.run()
    assert not at.exception, at.exception
    return at


def reloaded(at: AppTest, lang: str = "en", **params: str) -> AppTest:
    """The same browser in a new tab (or after a reload, or a server restart): what it keeps, replayed."""
    return reload_with(open_app(lesson="teacher", lang=lang, **params), browser.snapshot(visit(at)))


def signed_up(lang: str = "en", name: str = "Ms Rosa") -> AppTest:
    at = teacher_page(lang)
    sign_up(at, name)
    assert visit(at).account.teacher is not None, texts(at, "error")
    return at


def create(at: AppTest, name: str) -> SchoolClass:
    at.text_input(key="teacher_class_name").set_value(name)
    click(at, "teacher_create")
    found = desk_of(at).school_class
    assert found is not None, texts(at, "error")
    return found


def add(at: AppTest, names: str) -> None:
    at.text_area(key="teacher_roster_names").set_value(names)
    click(at, "teacher_roster_add")


def desk_of(at: AppTest) -> Any:
    return at.session_state["teacher_desk"]


def shown_codes(at: AppTest) -> dict[str, str]:
    """The sign-in codes on the page (nickname → code), as the teacher sees them once they asked to."""
    return {issued.nickname: issued.code for issued in desk_of(at).issued
            if issued.code in texts(at, "text")}


def everything(at: AppTest) -> str:
    """Every element of the page as its protobuf text: whatever it could show, anywhere on the page."""
    found = []

    def walk(node: Any) -> None:
        proto = getattr(node, "proto", None)
        if proto is not None:
            found.append(str(proto))
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at._tree)
    return "\n".join(found)


class _Cells(HTMLParser):
    """The row headers (nicknames) of every class table of the page."""

    def __init__(self) -> None:
        super().__init__()
        self.nicknames: list[str] = []
        self._in_row_header = False

    def handle_starttag(self, tag: str, attrs: list) -> None:
        self._in_row_header = tag == "th" and ("scope", "row") in attrs

    def handle_data(self, data: str) -> None:
        if self._in_row_header:
            self.nicknames.append(data)
            self._in_row_header = False


def table_nicknames(at: AppTest) -> list[str]:
    """The nicknames in the lessons table (the first class table)."""
    reader = _Cells()
    for element in at.html:
        reader.feed(element.value)
    half = len(reader.nicknames) // 2  # the lessons table, then the practice table: the same rows
    return reader.nicknames[:half]


# --------------------------------------------------------------------------------------------- accounts


@pytest.mark.parametrize("lang", LANGUAGES)
def test_signed_out_the_page_offers_sign_in_and_sign_up_and_the_printing(school: Any, lang: str) -> None:
    at = teacher_page(lang)
    assert [title.value for title in at.title] == [ui(lang, "teacher.title")]
    labels = {box.key: box.label for box in at.text_input}
    assert labels["teacher_name"] == ui(lang, "teacher.account.name")
    assert labels["teacher_password"] == ui(lang, "teacher.account.password")
    assert "teacher_invitation" not in labels  # open sign-up needs no invitation code
    passwords = {box.key for box in at.text_input if box.proto.type == TextInputProto.PASSWORD}
    assert passwords == {"teacher_password", "teacher_new_password", "teacher_new_password_again"}
    assert [button.label for button in at.get("form_submit_button")][:2] == [
        ui(lang, "teacher.account.sign_in"), ui(lang, "teacher.account.sign_up")]
    assert ui(lang, "teacher.print.card_button") in [b.label for b in at.get("download_button")]
    assert "teacher_class_name" not in labels  # no class is made before signing in


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_sign_up_rule_is_said_in_the_visitors_language_and_makes_no_account(school: Any, lang: str) -> None:
    school.accounts().sign_up("Ms Rosa", PASSWORD)
    at = teacher_page(lang)
    cases = [
        (("Al", PASSWORD, PASSWORD), "teacher.account.name_too_short", {}),
        (("Rоsa Marín", PASSWORD, PASSWORD), "teacher.account.name_characters", {}),  # a Cyrillic о
        (("ms  ROSA", PASSWORD, PASSWORD), "teacher.account.name_taken", {}),
        (("Mr Ben", "short", "short"), "teacher.account.password_too_short", {"min": PASSWORD_MIN}),
        (("Mr Ben", "1234567890", "1234567890"), "teacher.account.password_common", {}),
        (("Mr Ben", "aaaaaaaaaaaaa", "aaaaaaaaaaaaa"), "teacher.account.password_common", {}),
        (("Mr Ben", "mr ben likes dominoes", "mr ben likes dominoes"), "teacher.account.password_like_name", {}),
        (("Mr Ben", PASSWORD, PASSWORD + "!"), "teacher.account.passwords_differ", {}),
    ]
    for (name, password, again), key, args in cases:
        sign_up(at, name, password, again)
        assert texts(at, "error") == [ui(lang, key, **args)], (name, password)
        assert visit(at).account.teacher is None
        assert at.text_input(key="teacher_new_password").value == ""  # a password is not kept in the tab
    with make_engine(school.url).connect() as conn:
        assert conn.scalar(sa.select(sa.func.count()).select_from(teachers)) == 1


@pytest.mark.parametrize("code", ["name_too_short", "name_too_long", "name_characters", "name_taken",
                                  "password_too_short", "password_too_long", "password_common",
                                  "password_like_name", "bad_invitation", "sign_up_closed", "wrong_password", "wait"])
def test_every_account_refusal_has_its_own_text_in_every_language(code: str) -> None:
    for lang in LANGUAGES:
        words = Words(LIBRARY.texts, lang)
        said = refusal(words, AccountRefused(code, "…", wait=8, **({"max": TEACHER_NAME_MAX}
                                                                    if code == "name_too_long" else {})))
        assert said != words("teacher.account.refused") and "{" not in said, (lang, code)
        if code == "wait":
            assert "8" in said
        if code == "password_too_long":
            assert str(PASSWORD_MAX) in said
        if code == "name_too_long":
            assert str(TEACHER_NAME_MAX) in said
    assert refusal(Words(LIBRARY.texts, "en"), AccountRefused("something_new", "…")) == ui("en",
                                                                                            "teacher.account.refused")


def test_a_new_account_is_welcomed_and_only_an_argon2_hash_of_its_password_is_kept(school: Any) -> None:
    at = teacher_page("pap")
    sign_up(at, "Sra. [Rosa](http://ev.il)")
    teacher = visit(at).account.teacher
    assert teacher is not None and teacher.name == "Sra. [Rosa](http://ev.il)"
    assert texts(at, "success") == [ui("pap", "teacher.account.welcome", name=plain(teacher.name))]
    assert teacher.name in texts(at, "text")  # the name as typed, as plain text
    assert browser.snapshot(visit(at))["teacher"] == visit(at).account.teacher_token  # the browser keeps the token
    with make_engine(school.url).connect() as conn:
        stored = conn.execute(sa.select(teachers)).mappings().one()
    assert stored["password_hash"].startswith("$argon2id$")
    assert PASSWORD not in " ".join(str(value) for value in stored.values())
    assert [title.value for title in at.subheader][:1] == [ui("pap", "teacher.classes.title")]


def failures(school: Any, scope: str) -> int:
    """The failed tries counted for one scope (a visit, a teacher's name)."""
    with make_engine(school.url).connect() as conn:
        return int(conn.scalar(sa.select(attempts.c.failures).where(attempts.c.scope == scope)) or 0)


def waiting(text: str, lang: str) -> int | None:
    """The seconds a "wait" refusal asks for (None: the text is not that refusal)."""
    pattern = re.escape(ui(lang, "teacher.account.wait", wait=999_999)).replace("999999", r"(\d+)")
    found = re.fullmatch(pattern, text)
    return int(found.group(1)) if found else None


def test_a_wrong_password_is_refused_then_slowed_down_even_in_a_new_tab(school: Any) -> None:
    school.accounts().sign_up("Ms Rosa", PASSWORD)
    at = teacher_page("es")
    for _try in range(5):
        sign_in(at, "Ms Rosa", "not the password")
        assert texts(at, "error") == [ui("es", "teacher.account.wrong_password")]
        assert visit(at).account.teacher is None
    assert failures(school, "teacher:ms rosa") == 5
    assert failures(school, f"visit:{visit(at).account.visit_id}") == 5
    for _more in range(5):  # more wrong tries from elsewhere: the wait is a minute now
        school.accounts().failed(["teacher:ms rosa"])
    sign_in(at, "Ms Rosa", PASSWORD)  # the right password waits too: guessing stays slow
    (said,) = texts(at, "error")
    assert visit(at).account.teacher is None and (waiting(said, "es") or 0) > 30
    other = teacher_page("es")  # another tab, another visit: the name's tries still count
    sign_in(other, " ms  ROSA ", PASSWORD)
    assert visit(other).account.teacher is None and waiting(texts(other, "error")[0], "es")
    school.accounts().forget_failures(["teacher:ms rosa"])
    sign_in(other, "ms rosa", PASSWORD)  # once the slow-down is over, the right password signs in
    assert visit(other).account.teacher is not None and visit(other).account.teacher.name == "Ms Rosa"


def test_an_unknown_name_gets_the_same_refusal_as_a_wrong_password(school: Any) -> None:
    at = teacher_page("eo")
    sign_in(at, "Nobody Here", PASSWORD)
    assert texts(at, "error") == [ui("eo", "teacher.account.wrong_password")]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_school_that_invites_asks_for_its_code_and_slows_down_guesses(school: Any, lang: str) -> None:
    school.settings('[teachers]\nsign_up = "invitation"\ninvitation = "PLAZA-2026-DOMINO"\n')
    at = teacher_page(lang)
    box = at.text_input(key="teacher_invitation")
    assert box.label == ui(lang, "teacher.account.invitation") and box.proto.type == TextInputProto.PASSWORD
    for guess in ("", "PLAZA-2025", "plaza-2026-domino", "PLAZA", "DOMINO"):
        sign_up(at, "Mr Ben", invitation=guess)
        assert texts(at, "error") == [ui(lang, "teacher.account.bad_invitation")], guess
    scope = f"visit:{visit(at).account.visit_id}"
    assert failures(school, scope) == 5
    for _more in range(5):
        school.accounts().failed([scope])
    sign_up(at, "Mr Ben", invitation="PLAZA-2026-DOMINO")  # so many wrong codes before: even the right one waits
    assert visit(at).account.teacher is None and waiting(texts(at, "error")[0], lang)
    school.accounts().forget_failures([scope])
    sign_up(at, "Mr Ben", invitation=" PLAZA-2026-DOMINO ")
    assert visit(at).account.teacher is not None and visit(at).account.teacher.name == "Mr Ben"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_school_with_closed_sign_up_says_so_and_shows_no_sign_up_form(school: Any, lang: str) -> None:
    school.settings('[teachers]\nsign_up = "closed"\n')
    at = teacher_page(lang)
    assert ui(lang, "teacher.account.sign_up_closed") in texts(at, "markdown")
    keys = {box.key for box in at.text_input}
    assert {"teacher_name", "teacher_password"} <= keys and "teacher_new_name" not in keys


def test_a_closed_school_still_lets_its_own_teachers_sign_in(school: Any) -> None:
    SqlAccounts.from_url(school.url, SchoolSettings()).sign_up("Ms Rosa", PASSWORD)
    school.settings('[teachers]\nsign_up = "closed"\n')
    at = teacher_page("en")
    sign_in(at, "Ms Rosa")
    assert visit(at).account.teacher is not None


def test_a_reload_or_a_restart_keeps_the_teacher_and_the_class_open(school: Any) -> None:
    at = signed_up("en")
    five_b = create(at, "5B Santa Rosa")
    assert at.query_params["class"] == five_b.code  # a class code is public: it may sit in the address
    again = reloaded(at, "en", **{"class": five_b.code})
    assert visit(again).account.teacher is not None and visit(again).account.teacher.name == "Ms Rosa"
    assert [header.value for header in again.header] == [plain("5B Santa Rosa")]
    home = reloaded(at, "en")  # without the class in the address: the teacher's classes
    assert ui("en", "teacher.classes.open", name=plain("5B Santa Rosa"), code=five_b.code) in [
        button.label for button in home.button]
    click(home, f"teacher_open_{five_b.code}")
    assert [header.value for header in home.header] == [plain("5B Santa Rosa")]


def test_a_forged_or_edited_teacher_token_signs_nobody_in(school: Any) -> None:
    at = signed_up("en")
    token = visit(at).account.teacher_token
    for kept in ({"v": VERSION, "teacher": token[:-3] + "abc"}, {"v": VERSION, "teacher": "forged"},
                 {"v": VERSION, "teacher": {"id": "t:anyone"}}):
        forged = reload_with(open_app(lesson="teacher", lang="en"), kept)
        assert visit(forged).account.teacher is None
        assert ui("en", "notice.teacher_token_refused") in texts(forged, "warning")


def test_signing_out_forgets_the_teacher_and_the_class(school: Any) -> None:
    at = signed_up("en")
    create(at, "Sixth Form Quirino")
    add(at, "Zuleika")
    click(at, "teacher_sign_out")
    assert visit(at).account.teacher is None and browser.snapshot(visit(at))["teacher"] is None
    assert desk_of(at).school_class is None and desk_of(at).issued == ()
    shown = everything(at)
    assert "Quirino" not in shown and "Zuleika" not in shown  # nothing of the class is left on the page
    assert "class" not in at.query_params
    assert at.text_input(key="teacher_name").label == ui("en", "teacher.account.name")


def test_signing_out_on_every_device_ends_another_tabs_sign_in(school: Any) -> None:
    first = signed_up("el")
    five_b = create(first, "5B")
    add(first, "Ana")
    second = reloaded(first, "el", **{"class": five_b.code})  # another device of the same teacher
    assert visit(second).account.teacher is not None and desk_of(second).school_class == five_b
    old = browser.snapshot(visit(second))
    click(first, "teacher_sign_out_everywhere")
    assert visit(first).account.teacher is None
    assert texts(first, "success") == [ui("el", "teacher.account.signed_out_everywhere")]
    second.run()  # the other device's next action
    assert visit(second).account.teacher is None and desk_of(second).school_class is None
    assert texts(second, "info")[:1] == [ui("el", "teacher.account.ended")]
    assert "Ana" not in table_nicknames(second) and not second.header
    replayed = reload_with(open_app(lesson="teacher", lang="el"), old)  # the token the device kept is dead too
    assert visit(replayed).account.teacher is None


def test_the_other_pages_never_show_teacher_things(school: Any) -> None:
    at = signed_up("en", "Ms Rosa")
    create(at, "Klas Rosa")
    add(at, "Ana, Ben")
    home = reload_with(open_app(lang="en"), browser.snapshot(visit(at)))  # the same browser, on the home page
    shown = everything(home)
    assert visit(home).account.teacher is not None  # signed in as a teacher, still
    assert "Ms Rosa" not in shown and "Klas Rosa" not in shown and "Ana" not in shown
    assert not any(issued.code in shown for issued in desk_of(at).issued)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_without_a_database_the_page_says_so_and_still_prints(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    monkeypatch.setenv(URL_VARIABLE, "postgresql+psycopg://nobody@127.0.0.1:1/nothing")  # nothing listens there
    at = open_app(lesson="teacher", lang=lang)
    assert ui(lang, "teacher.no_database") in texts(at, "warning")
    assert not {"teacher_name", "teacher_class_name"} & {box.key for box in at.text_input}
    assert ui(lang, "teacher.print.card_button") in [b.label for b in at.get("download_button")]


# --------------------------------------------------------------------------------------------- classes


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_class_is_made_once_however_often_it_is_asked_for(school: Any, lang: str) -> None:
    at = signed_up(lang)
    assert ui(lang, "teacher.classes.none") in texts(at, "markdown")
    made = create(at, "5B Santa Rosa")
    assert texts(at, "success") == [ui(lang, "teacher.create.made", name=plain("5B Santa Rosa"))]
    assert ui(lang, "teacher.view.empty") in texts(at, "info")  # nobody on the list yet
    click(at, "teacher_classes")
    again = create(at, "  5b   santa ROSA ")  # a second click, a second try, whatever the spelling
    assert again == made and texts(at, "info")[0] == ui(lang, "teacher.create.exists", name=plain("5B Santa Rosa"))
    tab = reloaded(at, lang)  # a second tab
    assert create(tab, "5B Santa Rosa") == made
    assert school.book().classes_of(visit(at).account.teacher) == (made,)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_empty_class_name_is_refused_in_the_visitors_language(school: Any, lang: str) -> None:
    at = signed_up(lang)
    at.text_input(key="teacher_class_name").set_value("   ")
    click(at, "teacher_create")
    assert texts(at, "error") == [ui(lang, "teacher.create.name_empty")]
    assert desk_of(at).school_class is None and not table_nicknames(at)


def test_another_teachers_class_never_opens_by_its_code(school: Any) -> None:
    rosa = signed_up("es", "Ms Rosa")
    hers = create(rosa, "5B de Rosa")
    add(rosa, "Ana, Ben")
    ben = reload_with(open_app(lesson="teacher", lang="es", **{"class": hers.code}), None)
    sign_up(ben, "Mr Ben")  # signs in on the page the address named: her class must not open for him
    assert visit(ben).account.teacher.name == "Mr Ben"
    assert texts(ben, "error") == [ui("es", "teacher.classes.not_yours")]
    shown = everything(ben)
    assert "5B de Rosa" not in shown and "Ana" not in shown and not ben.header
    assert desk_of(ben).school_class is None and "class" not in ben.query_params
    visiting = reloaded(ben, "es", **{"class": hers.code})  # the address typed again, signed in already
    assert texts(visiting, "error") == [ui("es", "teacher.classes.not_yours")] and not visiting.header
    nowhere = reloaded(ben, "es", **{"class": new_class_code()})  # a code nobody has: the very same words
    assert texts(nowhere, "error") == [ui("es", "teacher.classes.not_yours")]
    assert school.book().classes_of(visit(ben).account.teacher) == ()


def old_class(school: Any, name: str, secret: str, learners: tuple[str, ...] = ()) -> SchoolClass:
    """A class as the app made it before teacher accounts: no teacher, a teacher link's secret, learners with no
    personal code."""
    made = SchoolClass(new_class_code(), name, datetime.now(UTC))
    engine = make_engine(school.url)
    SqlClassBook(engine)  # the schema, made and migrated
    with engine.begin() as conn:
        conn.execute(classes.insert().values(code=made.code, name=name, secret_hash=secret_hash(secret),
                                             created_at=made.created))
    store = school.store()
    for nickname in learners:
        store.add_learner(Learner(nickname, made.code))
        store.save_lesson(Learner(nickname, made.code), "pila", 3)
    return made


def test_a_class_made_before_accounts_is_claimed_with_its_link_and_its_learners_get_codes(school: Any) -> None:
    secret = "an-old-teacher-link-secret-0123456789"
    made = old_class(school, "4A", secret, ("Ana", "Ben"))
    at = signed_up("pap")
    at.text_input(key="teacher_claim_link").set_value("https://school.example/teacher?key=wrong")
    click(at, "teacher_claim")
    assert texts(at, "error") == [ui("pap", "teacher.claim.refused")]
    at.text_input(key="teacher_claim_link").set_value(f" https://school.example/teacher?lang=pap&key={secret} ")
    click(at, "teacher_claim")
    assert texts(at, "success") == [ui("pap", "teacher.claim.claimed", name="4A")]
    assert desk_of(at).school_class == made and secret not in everything(at)
    assert ui("pap", "teacher.roster.without_code", count=2) in texts(at, "markdown")
    assert table_nicknames(at) == ["Ana", "Ben"]
    click(at, "teacher_issue_missing")
    assert texts(at, "success") == [ui("pap", "teacher.roster.issued", count=2)]
    assert not any(ui("pap", "teacher.roster.without_code", count=n) in texts(at, "markdown") for n in (1, 2))
    at.toggle(key="teacher_show_codes").set_value(True).run()
    codes = shown_codes(at)
    assert set(codes) == {"Ana", "Ben"}
    ana = school.accounts().sign_in_code(codes["Ana"].lower().replace("-", " "), ["visit:test"])
    assert ana.nickname == "Ana" and school.store().load(ana).lesson("pila").step == 3  # her progress is kept
    other = signed_up("pap", "Mr Ben")  # a second teacher with the same old link: it is hers now
    other.text_input(key="teacher_claim_link").set_value(secret)
    click(other, "teacher_claim")
    assert texts(other, "error") == [ui("pap", "teacher.claim.refused")] and desk_of(other).school_class is None


# --------------------------------------------------------------------------------------------- the class list


@pytest.mark.parametrize("lang", LANGUAGES)
def test_new_codes_are_hidden_until_asked_for_and_forgotten_once_kept(school: Any, lang: str) -> None:
    at = signed_up(lang)
    made = create(at, "4A")
    add(at, "Ana, Ben\n  Cira \n\n")
    assert texts(at, "success") == [ui(lang, "teacher.roster.added", count=3)]
    assert table_nicknames(at) == ["Ana", "Ben", "Cira"]  # on the class view at once, before anyone signs in
    issued = desk_of(at).issued
    assert [code.nickname for code in issued] == ["Ana", "Ben", "Cira"]
    assert not any(code.code in everything(at) for code in issued)  # hidden: not even in the page's data
    assert ui(lang, "teacher.codes.hidden") in texts(at, "caption")
    assert at.text_area(key="teacher_roster_names").value == ""
    at.toggle(key="teacher_show_codes").set_value(True).run()
    assert shown_codes(at) == {code.nickname: code.code for code in issued}
    assert ui(lang, "teacher.codes.cards") in [b.label for b in at.get("download_button")]
    accounts = school.accounts()
    for code in issued:
        assert accounts.sign_in_code(code.code, ["visit:test"]) == Learner(code.nickname, made.code, code.key)
    click(at, "teacher_codes_kept")
    assert desk_of(at).issued == () and not any(code.code in everything(at) for code in issued)
    with make_engine(school.url).connect() as conn:  # only fingerprints of the codes are stored
        stored = " ".join(str(value) for row in conn.execute(sa.text("SELECT * FROM learners")) for value in row)
    assert not any(code.code.replace("-", "") in stored.upper().replace("-", "") for code in issued)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_class_list_with_a_look_alike_or_a_repeated_name_is_refused_whole(school: Any, lang: str) -> None:
    at = signed_up(lang)
    create(at, "4A")
    add(at, "Tom")
    click(at, "teacher_codes_kept")
    for names, key, nickname in [("Ana\nТоm", "teacher.roster.nickname_mixed", "Тоm"),  # Cyrillic Т and о
                                 ("Ana\nТом", "teacher.roster.nickname_taken", "Том"),  # reads "Tom"
                                 ("Ana, Zoë\nana", "teacher.roster.nickname_taken", "ana"),
                                 ("Ana\n<b>x</b>", "teacher.roster.nickname_characters", "<b>x</b>")]:
        add(at, names)
        assert texts(at, "error") == [ui(lang, key, nickname=plain(nickname))], names
        assert at.text_area(key="teacher_roster_names").value == names  # kept, to be corrected
        assert table_nicknames(at) == ["Tom"] and desk_of(at).issued == ()  # nobody was added
    add(at, "   \n , ")
    assert texts(at, "error") == [ui(lang, "teacher.roster.none_typed")]


def test_a_new_code_makes_the_old_one_fail_at_once(school: Any) -> None:
    at = signed_up("en")
    create(at, "4A")
    add(at, "Ana, Ben")
    (ana, ben) = desk_of(at).issued
    click(at, "teacher_codes_kept")
    accounts = school.accounts()
    signed = accounts.sign_in_code(ana.code, ["visit:ana"])
    epoch = accounts.epoch_of(signed)
    click(at, f"reissue_{_short(ana.key)}")
    assert texts(at, "warning") == [ui("en", "teacher.roster.reissue_confirm", nickname="Ana")]
    click(at, "teacher_confirm_cancel")
    assert not texts(at, "warning") and accounts.sign_in_code(ana.code, ["visit:ana"]).key == ana.key
    click(at, f"reissue_{_short(ana.key)}")
    click(at, "teacher_confirm_yes")
    assert texts(at, "success") == [ui("en", "teacher.roster.reissued", nickname="Ana")]
    (new,) = desk_of(at).issued
    assert new.key == ana.key and new.code != ana.code and new.code not in everything(at)
    at.toggle(key="teacher_show_codes").set_value(True).run()
    assert shown_codes(at) == {"Ana": new.code}
    with pytest.raises(AccountRefused) as refused:
        accounts.sign_in_code(ana.code, ["visit:ana"])
    assert refused.value.code == "unknown_code"
    assert not accounts.still_signed_in(signed, epoch)  # her open devices are signed out at their next action
    assert accounts.sign_in_code(new.code, ["visit:ana"]).key == ana.key
    assert accounts.sign_in_code(ben.code, ["visit:ben"]).key == ben.key  # nobody else's code changed


@pytest.mark.parametrize("lang", LANGUAGES)
def test_removing_a_learner_asks_first_then_deletes_them(school: Any, lang: str) -> None:
    at = signed_up(lang)
    made = create(at, "4A")
    add(at, "Ana, Ben")
    (ana, ben) = desk_of(at).issued
    school.store().save_lesson(Learner("Ben", made.code, ben.key), "pila", 2)
    click(at, f"remove_{_short(ben.key)}")
    assert texts(at, "warning") == [ui(lang, "teacher.roster.remove_confirm", nickname="Ben")]
    click(at, "teacher_confirm_cancel")
    assert table_nicknames(at) == ["Ana", "Ben"]
    click(at, f"remove_{_short(ben.key)}")
    click(at, "teacher_confirm_yes")
    assert texts(at, "success") == [ui(lang, "teacher.roster.removed", nickname="Ben")]
    assert table_nicknames(at) == ["Ana"] and [code.nickname for code in desk_of(at).issued] == ["Ana"]
    with pytest.raises(AccountRefused):
        school.accounts().sign_in_code(ben.code, ["visit:ben"])
    assert school.accounts().sign_in_code(ana.code, ["visit:ana"]).key == ana.key  # Ana stays
    assert [learner.nickname for learner in school.book().report(made).learners] == ["Ana"]
    assert school.store().load(Learner("Ben", made.code, ben.key)).lessons == {}


# --------------------------------------------------------------------------------------------- the projector view


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_projector_view_shows_no_code_and_no_control_but_the_way_back(school: Any, lang: str) -> None:
    at = signed_up(lang)
    made = create(at, "5B Santa Rosa")
    add(at, "Ana, Ben")
    at.toggle(key="teacher_show_codes").set_value(True).run()
    issued = desk_of(at).issued
    assert all(code.code in texts(at, "text") for code in issued)  # on the teacher's own screen, asked for
    click(at, "teacher_projector")
    page = everything(at)
    assert not any(code.code in page for code in issued)
    assert not any(code.code.replace("-", "") in page.replace("-", "") for code in issued)
    assert [button.key for button in at.main.button] == ["teacher_projector_back"]
    assert not at.main.download_button and not at.main.text_input and not at.main.text_area
    assert not at.main.toggle and not at.main.get("form_submit_button") and not at.main.selectbox
    assert [title.value for title in at.title] == [plain("5B Santa Rosa")]
    assert ui(lang, "teacher.projector.join_here") in texts(at, "markdown")
    assert table_nicknames(at) == ["Ana", "Ben"]
    assert made.code not in " ".join(texts(at, "markdown"))
    assert "Ms Rosa" not in page  # not even the teacher's name
    back = at.button(key="teacher_projector_back")
    assert back.label == ui(lang, "teacher.projector.back") and back.proto.shortcut
    click(at, "teacher_projector_back")
    assert desk_of(at).issued == issued  # the codes are still there for the teacher, hidden again
    assert not any(code.code in texts(at, "text") for code in issued)
    assert at.button(key="teacher_projector").label == ui(lang, "teacher.projector.show")


# --------------------------------------------------------------------------------------------- the class view


def test_the_class_view_shows_progress_and_the_questions_missed_most_as_text(school: Any) -> None:
    at = signed_up("en")
    made = create(at, "4A")
    add(at, "Ana, Ben")
    (ana, ben) = (Learner(code.nickname, made.code, code.key) for code in desk_of(at).issued)
    store = school.store()
    store.save_lesson(ana, "pila", len(LIBRARY.lesson("pila").steps), stars=2)
    store.record_answer(ben, Answer("lacks", "lacks-4821", False))
    store.record_answer(ben, Answer("lacks", "lacks-4821", False))
    store.record_answer(ana, Answer("lacks", "lacks-4821", True))
    # an answer no checker of ours could have recorded: a skill that is markup (the database is the only way in)
    store.record_answer(ana, Answer("[Re-open your class](http://ev.il) ![t](http://ev.il/x.png)", "x-1", False))
    at.run()
    assert table_nicknames(at) == ["Ana", "Ben"]
    lessons = next(element.value for element in at.html if "class-table" in element.value)
    assert "★★☆" in lessons and "position: sticky" in lessons
    missed = [text for text in texts(at, "markdown") if "lacks" in text]
    line = ui("en", "teacher.missed.line", wrong=2, answered=3, learners=1)
    assert missed == [f"{plain('lacks-4821')} · {plain(ui('en', 'practice.skill.lacks'))}  \n{line}"]
    assert "ev.il" not in everything(at)  # the forged skill is never shown
    assert [code.value for code in at.code] == ["/practice?code=lacks-4821&lang=en"]


def test_learners_never_see_the_class_on_their_pages(school: Any) -> None:
    at = signed_up("en")
    made = create(at, "4A")
    add(at, "Ana, Ben")
    (ana, ben) = desk_of(at).issued
    school.store().save_lesson(Learner("Ben", made.code, ben.key), "pila", 2, stars=None)
    learner = open_app(lang="en")
    learner.text_input(key="signin_code").set_value(ana.code)
    click(learner, "sign_in")
    assert visit(learner).account.learner.key == ana.key
    shown = everything(learner)
    assert "Ben" not in shown and ben.code not in shown and "4A" not in [t.value for t in learner.header]


def test_a_teacher_named_like_markup_is_shown_as_typed(school: Any) -> None:
    at = teacher_page("en")
    sign_up(at, "**Bold** Teacher")
    assert "**Bold** Teacher" in texts(at, "text")
    made = create(at, "[5B](http://ev.il)")
    assert [header.value for header in at.header] == [plain("[5B](http://ev.il)")]
    assert made.name == "[5B](http://ev.il)"


def test_a_teacher_is_the_only_one_to_see_their_desk_in_a_shared_tab(school: Any) -> None:
    school.accounts().sign_up("Mr Ben", PASSWORD)
    at = signed_up("en", "Ms Rosa")
    create(at, "Rosa's class")
    add(at, "Ana")
    click(at, "teacher_sign_out")
    sign_in(at, "Mr Ben")
    assert desk_of(at).school_class is None and desk_of(at).issued == ()
    assert "Ana" not in everything(at) and "Rosa's class" not in everything(at)


def test_the_class_of_the_address_opens_once_the_teacher_signs_in(school: Any) -> None:
    rosa = school.accounts().sign_up("Ms Rosa", PASSWORD)
    hers = school.book().create("4A", rosa)
    at = reload_with(open_app(lesson="teacher", lang="en", **{"class": hers.code.lower()}), None)
    assert at.query_params["class"] == hers.code  # kept in the address while signed out
    sign_in(at, "Ms Rosa")
    assert desk_of(at).school_class == hers and [header.value for header in at.header] == ["4A"]


def test_a_teacher_account_is_the_one_of_the_school(school: Any) -> None:
    """(The accounts the page uses are the app's own: an account made here signs in through SqlAccounts.)"""
    at = signed_up("en", "Ms Rosa")
    teacher = school.accounts().sign_in_teacher("Ms Rosa", PASSWORD, ["visit:x"])
    assert isinstance(teacher, Teacher) and teacher.id == visit(at).account.teacher.id


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_two_csv_records_are_served_named_for_the_class_and_the_moment(school: Any, lang: str,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    served: dict[str, bytes] = {}
    keep = MemoryMediaFileStorage.load_and_get_id

    def spy(self: Any, path_or_data: Any, mimetype: str, kind: Any, filename: str | None = None) -> str:
        if mimetype == "text/csv":
            served[filename] = path_or_data if isinstance(path_or_data, bytes) else path_or_data.encode()
        return keep(self, path_or_data, mimetype, kind, filename)

    monkeypatch.setattr(MemoryMediaFileStorage, "load_and_get_id", spy)
    at = signed_up(lang)
    made = create(at, "Klas 4A")
    add(at, "Ana, Ben")
    ana = next(Learner(code.nickname, made.code, code.key) for code in desk_of(at).issued if code.nickname == "Ana")
    store = school.store()
    store.save_lesson(ana, "pila", len(LIBRARY.lesson("pila").steps), stars=3)
    store.save_steps(ana, "pila", {1: StepResult(True, 2, 1), 2: StepResult(True, 0, 0)})
    store.record_answer(ana, Answer("fits", "fits-3", True))
    store.record_answer(ana, Answer("fits", "fits-4", False))
    served.clear()
    before = datetime.now(UTC).replace(second=0, microsecond=0)
    at.run()
    labels = [button.label for button in at.get("download_button")]
    assert ui(lang, "teacher.view.csv") in labels and ui(lang, "teacher.view.steps_csv") in labels
    names = sorted(served)
    assert len(names) == 2 and all(re.fullmatch(r"klas-4a-(steps-)?\d{4}-\d\d-\d\dT\d{4}Z\.csv", n) for n in names)
    record, steps = (list(csv.reader(io.StringIO(served[name].decode("utf-8-sig")))) for name in
                     sorted(names, key=lambda name: "steps" in name))
    exported = datetime.strptime(record[2][1], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
    assert record[:2] == [[ui(lang, "teacher.csv.class"), "Klas 4A"], [ui(lang, "teacher.csv.code"), made.code]]
    assert before <= exported <= datetime.now(UTC)
    assert f"klas-4a-{exported:%Y-%m-%dT%H%M}Z.csv" in names  # the file name carries the same moment
    rows = {row[0]: row for row in record[5:]}
    assert set(rows) == {"Ana", "Ben"}
    assert rows["Ana"][2:6] == ["3", "2", "2", "1"]  # pila: 3 stars, 2 steps done, 2 mistakes, 1 hint
    assert rows["Ben"][1] == "" and set(rows["Ben"][2:]) == {"0"}
    skill_columns = record[4].index(ui(lang, "teacher.csv.right", skill=ui(lang, "practice.skill.fits")))
    assert rows["Ana"][skill_columns:skill_columns + 2] == ["1", "2"]
    pila_rows = [row for row in steps[5:] if row[0] == "Ana" and row[1].startswith("1 · ")]
    assert pila_rows[:2] == [["Ana", pila_rows[0][1], "1", "1", "2", "1"], ["Ana", pila_rows[0][1], "2", "1", "0", "0"]]
    assert len(pila_rows) == len(LIBRARY.lesson("pila").steps)


def test_a_class_list_sent_twice_adds_its_learners_once(school: Any) -> None:
    at = signed_up("en")
    made = create(at, "4A")
    add(at, "Ana, Ben")
    issued = desk_of(at).issued
    add(at, "Ana, Ben")  # the same list again, as a double click sends it
    assert not texts(at, "error") and desk_of(at).issued == issued
    assert [learner.nickname for learner in school.book().report(made).learners] == ["Ana", "Ben"]


@pytest.mark.parametrize("value", ["[Open](http://ev.il)", "KMR-48", "x" * 300, "'; DROP TABLE classes; --"])
def test_an_address_that_names_no_class_opens_nothing_and_is_not_written_back(school: Any, value: str) -> None:
    at = signed_up("en")
    create(at, "4A")
    click(at, "teacher_classes")
    other = reloaded(at, "en", **{"class": value})
    assert texts(other, "error") == [ui("en", "teacher.classes.not_yours")]
    assert desk_of(other).school_class is None and "class" not in other.query_params
    assert "ev.il" not in everything(other) and "DROP" not in everything(other)
