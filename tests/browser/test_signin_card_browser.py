"""A printed sign-in card in a real browser: a teacher's class roster, its cards' PDF, the QR code decoded from the
PDF's page image and its address opened on a phone-sized Chromium — the learner is signed in, the code is gone from
the address bar at once, and a reload keeps them signed in."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import zxingcpp
from playwright.sync_api import Browser, Page, expect
from pypdf import PdfReader

from app.i18n import Words
from app.printing import signin_cards
from app.storage.accounts import read_school_settings
from app.storage.accounts_sql import SqlAccounts
from app.storage.classes import IssuedCode
from app.storage.classes_sql import SqlClassBook
from lessons import load_library
from tests.browser.conftest import ARTIFACTS, free_port, start_app, stop_app
from tests.browser.learner import still

TEXTS = load_library().texts
TIMEOUT = 30_000
PHONE = {"width": 390, "height": 844}
CLASS = "4B Santa Rosa"


@pytest.fixture(scope="module")
def school(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, tuple[IssuedCode, ...]]]:
    """An app of its own, on a database where a teacher made a class and put two learners on its roster: the app's
    address and the learners' codes, as the roster handed them out."""
    folder = tmp_path_factory.mktemp("cards")
    url = f"sqlite:///{folder / 'progress.db'}"
    secrets = folder / "secrets.toml"  # the school's defaults, whatever this machine's .streamlit/secrets.toml says
    secrets.write_text("", encoding="utf-8")
    settings = read_school_settings(environ={"LA_PLAZA_SECRETS": str(secrets)})
    teacher = SqlAccounts.from_url(url, settings).sign_up("Juffrouw Rosa", "dominoes on a Tuesday afternoon")
    book = SqlClassBook.from_url(url)
    issued = book.add_learners(book.create(CLASS, teacher), ["Ζωή", "Tom"])
    port = free_port()
    process = start_app(port, {"LA_PLAZA_PROGRESS_URL": url, "LA_PLAZA_SECRETS": str(secrets)})
    try:
        yield f"http://127.0.0.1:{port}", issued
    finally:
        stop_app(process)


def scanned(pdf: bytes) -> list[str]:
    """What a phone's camera reads from the cards: every QR code on the PDF's page images, page by page."""
    found = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        (image,) = page.images
        found += [code.text for code in zxingcpp.read_barcodes(image.image, formats=zxingcpp.BarcodeFormat.QRCode)]
    return found


def shows_signed_in(page: Page, nickname: str) -> None:
    """The home page's sign-in box says who is playing, and offers to sign out."""
    still(page)
    main = page.get_by_test_id("stMain")
    expect(main.get_by_text(TEXTS.get("en", "signin.playing_as"), exact=True)).to_be_visible(timeout=TIMEOUT)
    expect(main.get_by_text(nickname, exact=True)).to_be_visible(timeout=TIMEOUT)
    expect(main.get_by_role("button", name=TEXTS.get("en", "signin.sign_out"))).to_be_visible(timeout=TIMEOUT)


def assert_no_code(page: Page, learner: IssuedCode) -> None:
    """The address bar holds no code: no fragment, and only the app's own query string (the language)."""
    address = urlsplit(page.url)
    assert address.fragment == "" and address.query in ("", "lang=en"), page.url
    assert learner.code not in page.url and "signin" not in page.url
    assert page.evaluate("() => window.location.hash") == ""


def test_scanning_a_printed_card_signs_the_learner_in_and_wipes_the_code_from_the_address(
        browser: Browser, school: tuple[str, tuple[IssuedCode, ...]]) -> None:
    base, issued = school
    zoe, tom = issued
    links = scanned(signin_cards(issued, CLASS, Words(TEXTS, "en"), base))
    assert links == [f"{base}/#signin={zoe.code}", f"{base}/#signin={tom.code}"]

    context = browser.new_context(viewport=PHONE, locale="en-US", is_mobile=True, has_touch=True)
    try:
        # where Back leads, seen before the app's own handlers run
        context.add_init_script("window.laPlazaBack = []; "
                                "window.addEventListener('popstate', () => window.laPlazaBack.push(location.href));")
        page = context.new_page()
        page.goto(links[0])
        shows_signed_in(page, "Ζωή")
        expect(page.get_by_text(TEXTS.get("en", "signin.welcome").format(nickname="Ζωή"))).to_be_visible()
        assert_no_code(page, zoe)
        assert zoe.code not in page.content()  # nor anywhere on the page: the code is only on the card
        page.screenshot(path=ARTIFACTS / "signin_card_scanned_phone.png", full_page=True)

        page.go_back()  # the card's own address, one step back in the history: the code is wiped there too
        page.wait_for_function("() => window.laPlazaBack.length > 0", timeout=TIMEOUT)
        assert page.evaluate("() => window.laPlazaBack") == [links[0]]
        page.wait_for_function("() => !window.location.hash.includes('signin')", timeout=TIMEOUT)
        assert_no_code(page, zoe)
        shows_signed_in(page, "Ζωή")

        page.reload()
        shows_signed_in(page, "Ζωή")
        expect(page.get_by_text("Tom", exact=True)).to_have_count(0)
        page.screenshot(path=ARTIFACTS / "signin_card_reloaded_phone.png", full_page=True)
    finally:
        context.close()
    log = Path(ARTIFACTS / f"app-{urlsplit(base).port}.log").read_text(errors="replace")
    assert zoe.code not in log and zoe.code.replace("-", "") not in log
