"""The Teacher page in a real browser: a teacher signs up, makes a class, types the class list, asks to see the new
sign-in codes, watches a learner who signed in with one appear on the live class view without reloading, shows the
class on the projector (no code anywhere on the screen, Esc goes back), removes a learner, and comes back after a
reload still signed in; the nickname column stays in place while the lesson columns scroll; a lesson card downloads
as a PDF; screenshots at projector (1920x1080) and phone (390x844) size; no serious accessibility violation."""

from __future__ import annotations

import io
import re
import secrets
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from pypdf import PdfReader

from lessons import load_library
from tests.browser.learner import still
from tests.browser.test_accessibility import serious
from tests.browser.test_signin_card_browser import scanned

TEXTS = load_library().texts
TIMEOUT = 45_000  # generous: the live view refreshes every 5 s, and the machine is shared
PASSWORD = "tiles on the table at noon"
CODE = re.compile(r"\b[B-DF-HJ-NP-TV-Z2-9]{3}-[B-DF-HJ-NP-TV-Z2-9]{3}-[B-DF-HJ-NP-TV-Z2-9]{3}\b")


def say(lang: str, key: str, lesson: str | None = None, **args: object) -> str:
    text = TEXTS.get(lang, key, lesson)
    return text.format(**args) if args else text


def sign_up(page: Page, app_url: str, lang: str, name: str) -> None:
    """Make a teacher account on the Teacher page (signed in at once)."""
    page.goto(f"{app_url}/teacher?lang={lang}")
    expect(page.get_by_text(say(lang, "teacher.account.sign_up_title"), exact=True)).to_be_visible(timeout=TIMEOUT)
    still(page)
    page.get_by_label(say(lang, "teacher.account.new_name"), exact=True).fill(name)
    page.get_by_label(say(lang, "teacher.account.new_password"), exact=True).fill(PASSWORD)
    page.get_by_label(say(lang, "teacher.account.password_again"), exact=True).fill(PASSWORD)
    page.get_by_role("button", name=say(lang, "teacher.account.sign_up")).click()
    expect(page.get_by_text(say(lang, "teacher.account.welcome", name=name))).to_be_visible(timeout=TIMEOUT)
    still(page)


def create_class(page: Page, lang: str, name: str) -> str:
    """Make a class; its code, as the address shows it."""
    page.get_by_label(say(lang, "teacher.create.name"), exact=True).fill(name)
    page.get_by_role("button", name=say(lang, "teacher.create.submit")).click()
    expect(page.get_by_role("heading", name=name)).to_be_visible(timeout=TIMEOUT)
    still(page)
    found = re.search(r"class=([B-Z]{3}-[2-9]{3})", page.url)
    assert found, page.url
    return found.group(1)


def add_learners(page: Page, lang: str, names: str) -> None:
    page.get_by_label(say(lang, "teacher.roster.names"), exact=True).fill(names)
    page.get_by_role("button", name=say(lang, "teacher.roster.add")).click()
    count = len([name for name in re.split(r"[\n,]", names) if name.strip()])
    expect(page.get_by_text(say(lang, "teacher.roster.added", count=count))).to_be_visible(timeout=TIMEOUT)
    still(page)


def row_header(page: Page, name: str):
    """A learner's row header in the lessons table."""
    return page.get_by_role("region", name=say("en", "teacher.view.lessons")).get_by_role("rowheader", name=name)


def test_a_teacher_signs_up_makes_a_class_projects_it_and_removes_a_learner(browser: Browser, app_url: str,
                                                                           artifacts: Path) -> None:
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    teacher = f"Ms Rosa {secrets.token_hex(3)}"
    sign_up(page, app_url, "en", teacher)
    code = create_class(page, "en", "Klas 4A")
    add_learners(page, "en", "Ana\nBen, Cira")
    body = page.inner_text("body")
    assert not CODE.search(body), "a code was on the screen before the teacher asked for it"
    expect(page.get_by_text(say("en", "teacher.codes.hidden"))).to_be_visible()
    for name in ("Ana", "Ben", "Cira"):  # on the class view at once, before anyone signed in
        expect(row_header(page, name)).to_be_visible(timeout=TIMEOUT)

    page.get_by_text(say("en", "teacher.codes.show"), exact=True).click()
    still(page)
    codes = CODE.findall(page.inner_text(".st-key-teacher_new_codes"))
    assert len(set(codes)) == 3, codes
    page.screenshot(path=artifacts / "teacher_codes_1920.png", full_page=True)

    with page.expect_download(timeout=TIMEOUT) as download:  # the cards to print, one per learner
        page.get_by_role("button", name=say("en", "teacher.codes.cards")).click()
    assert download.value.suggested_filename == "klas-4a-cards.pdf"
    links = scanned(Path(download.value.path()).read_bytes())
    assert sorted(links) == sorted(f"{app_url}/#signin={one}" for one in codes)
    learner = browser.new_context().new_page()  # Ana's phone camera reads her card and opens its address
    learner.goto(next(link for link in links if link.endswith(codes[0])))
    expect(learner.get_by_test_id("stMain").get_by_text("Ana", exact=True)).to_be_visible(timeout=TIMEOUT)
    learner.context.close()
    seen = page.get_by_role("region", name=say("en", "teacher.view.lessons")).get_by_role("row").filter(
        has=page.get_by_role("rowheader", name="Ana"))
    expect(seen).to_contain_text(say("en", "teacher.seen.now"), timeout=TIMEOUT)  # without reloading

    page.get_by_role("button", name=say("en", "teacher.projector.show")).click()
    expect(page.get_by_role("heading", name="Klas 4A", level=1)).to_be_visible(timeout=TIMEOUT)
    still(page)
    shown = page.inner_text("body")
    assert not CODE.search(shown) and not any(one in shown for one in codes)
    assert teacher not in shown and code not in shown
    for hidden in ("teacher.roster.remove", "teacher.roster.reissue", "teacher.roster.add", "teacher.view.csv",
                   "teacher.codes.cards", "teacher.account.sign_out"):
        expect(page.get_by_role("button", name=say("en", hidden))).to_have_count(0)
    expect(page.get_by_text(say("en", "teacher.projector.join", address=app_url))).to_be_visible()
    expect(page.get_by_role("link", name=app_url)).to_have_count(0)  # the address from the browser is only text
    expect(row_header(page, "Ana")).to_be_visible()
    expect(page.get_by_test_id("stSidebar")).to_be_hidden()
    size = page.evaluate("() => parseFloat(getComputedStyle(document.querySelector('h1')).fontSize)")
    assert size >= 48  # readable from the back of a room
    page.wait_for_timeout(6_000)  # the live view has refreshed itself since: the wide layout must hold through it
    width = page.evaluate("() => document.querySelector('[data-testid=stMainBlockContainer]').clientWidth")
    assert width > 1500, width
    assert not CODE.search(page.inner_text("body"))
    page.screenshot(path=artifacts / "teacher_projector_1920.png")
    assert not serious(page)
    page.keyboard.press("Escape")  # the way back, from the keyboard
    expect(page.get_by_role("button", name=say("en", "teacher.projector.show"))).to_be_visible(timeout=TIMEOUT)
    still(page)
    assert not CODE.search(page.inner_text("body"))  # back on the teacher's screen, the codes hidden again

    page.get_by_text(say("en", "teacher.roster.list_title", count=3)).click()
    page.locator(".st-key-teacher_learner_" + _short_of(page, "Ben")).get_by_role(
        "button", name=say("en", "teacher.roster.remove")).click()
    expect(page.get_by_text(say("en", "teacher.roster.remove_confirm", nickname="Ben"))).to_be_visible(
        timeout=TIMEOUT)
    page.get_by_role("button", name=say("en", "teacher.roster.remove_yes")).click()
    expect(page.get_by_text(say("en", "teacher.roster.removed", nickname="Ben"))).to_be_visible(timeout=TIMEOUT)
    expect(row_header(page, "Ben")).to_have_count(0, timeout=TIMEOUT)
    still(page)
    assert not serious(page)

    phone = context.new_page()  # the same browser on a phone-sized screen: the token it kept signs the teacher in
    phone.set_viewport_size({"width": 390, "height": 844})
    phone.goto(f"{app_url}/teacher?class={code}")
    expect(phone.get_by_role("heading", name="Klas 4A")).to_be_visible(timeout=TIMEOUT)
    expect(phone.get_by_text(teacher, exact=True)).to_be_visible()
    still(phone)
    phone.screenshot(path=artifacts / "teacher_class_390.png", full_page=True)
    check_sticky_nicknames(phone)
    phone.screenshot(path=artifacts / "teacher_class_scrolled_390.png")
    context.close()


def _short_of(page: Page, nickname: str) -> str:
    """The widget-key suffix of a learner's row in the class list (the row holding their nickname)."""
    rows = page.locator("[class*='st-key-teacher_learner_']").filter(has_text=nickname)
    classes = rows.first.get_attribute("class") or ""
    return re.search(r"st-key-teacher_learner_(\w+)", classes).group(1)


def check_sticky_nicknames(page: Page) -> None:
    """Scrolled sideways, the lessons table keeps its nickname column in place while the lesson columns move."""
    region = page.get_by_role("region", name=say("en", "teacher.view.lessons"))
    region.scroll_into_view_if_needed()
    nickname = region.get_by_role("rowheader", name="Ana")
    lesson = region.get_by_role("row").filter(has=page.get_by_role("rowheader", name="Ana")).get_by_role(
        "cell").nth(3)
    before_name, before_lesson = nickname.bounding_box(), lesson.bounding_box()
    overflow = region.evaluate("box => box.scrollWidth - box.clientWidth")
    assert overflow > 200, overflow  # 18 lessons do not fit a phone: the table scrolls
    region.evaluate("box => { box.scrollLeft = 400; }")
    page.wait_for_function("() => true")
    after_name, after_lesson = nickname.bounding_box(), lesson.bounding_box()
    assert abs(after_name["x"] - before_name["x"]) < 1  # the nickname stays
    assert before_lesson["x"] - after_lesson["x"] > 300  # the lessons moved under it


def test_signing_out_on_every_device_clears_another_open_class_view_by_itself(browser: Browser,
                                                                             app_url: str) -> None:
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    first = context.new_page()
    sign_up(first, app_url, "eo", f"S-ro Bruno {secrets.token_hex(3)}")
    code = create_class(first, "eo", "Klaso 5B")
    add_learners(first, "eo", "Zuleika")
    second = browser.new_context(viewport={"width": 1366, "height": 900},
                                 storage_state=context.storage_state()).new_page()  # another device, same teacher
    second.goto(f"{app_url}/teacher?lang=eo&class={code}")
    expect(second.get_by_role("heading", name="Klaso 5B")).to_be_visible(timeout=TIMEOUT)
    still(second)
    first.get_by_role("button", name=say("eo", "teacher.account.sign_out_everywhere")).click()
    expect(first.get_by_text(say("eo", "teacher.account.signed_out_everywhere"))).to_be_visible(timeout=TIMEOUT)
    # nobody touches the second device: its live class view finds out at its next refresh
    expect(second.get_by_text(say("eo", "teacher.account.ended"))).to_be_visible(timeout=TIMEOUT)
    expect(second.get_by_role("heading", name="Klaso 5B")).to_have_count(0)
    expect(second.get_by_text("Zuleika")).to_have_count(0)
    second.context.close()
    context.close()


def test_a_wrong_password_is_refused_in_the_visitors_language(page: Page, app_url: str) -> None:
    page.goto(f"{app_url}/teacher?lang=es")
    expect(page.get_by_text(say("es", "teacher.account.sign_in_title"), exact=True)).to_be_visible(timeout=TIMEOUT)
    still(page)
    page.get_by_label(say("es", "teacher.account.name"), exact=True).fill("Nadie Aquí")
    page.get_by_label(say("es", "teacher.account.password"), exact=True).fill("no es la contraseña")
    page.get_by_role("button", name=say("es", "teacher.account.sign_in")).click()
    expect(page.get_by_text(say("es", "teacher.account.wrong_password"))).to_be_visible(timeout=TIMEOUT)
    assert page.get_by_label(say("es", "teacher.account.password"), exact=True).get_attribute("type") == "password"
    expect(page.get_by_role("table")).to_have_count(0)


def test_a_lesson_card_downloads_as_a_pdf(page: Page, app_url: str) -> None:
    page.goto(f"{app_url}/teacher?lang=es")
    still(page)
    with page.expect_download(timeout=TIMEOUT) as download:
        page.get_by_role("button", name=say("es", "teacher.print.card_button")).click()
    data = Path(download.value.path()).read_bytes()
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 1 and say("es", "title", "pila") in reader.metadata.title
    assert download.value.suggested_filename == "pila-es.pdf"


@pytest.mark.parametrize(("lang", "width"), [("pap", 390), ("es", 1366), ("en", 1920)])
def test_the_teacher_page_has_no_serious_accessibility_violation(browser: Browser, app_url: str, lang: str,
                                                                 width: int) -> None:
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto(f"{app_url}/teacher?lang={lang}")
    expect(page.get_by_text(say(lang, "teacher.account.sign_in_title"), exact=True)).to_be_visible(timeout=TIMEOUT)
    still(page)
    assert not serious(page)  # signed out
    sign_up(page, app_url, lang, f"axe {lang} {secrets.token_hex(3)}")
    assert not serious(page)  # "My classes"
    create_class(page, lang, f"axe {lang}")
    add_learners(page, lang, "Ana, Ben")
    page.get_by_text(say(lang, "teacher.codes.show"), exact=True).click()
    still(page)
    assert not serious(page)  # the class, its new codes shown
    page.close()
