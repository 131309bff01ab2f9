"""The Teacher page in a real browser: a teacher creates a class on a phone, a learner joins with the code in another
browser and works, and the teacher's class view shows it without reloading; a lesson card downloads as a real PDF;
screenshots at phone, desktop and projector size."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from pypdf import PdfReader

from lessons import load_library
from tests.browser.learner import still
from tests.browser.test_accessibility import serious

TEXTS = load_library().texts
TIMEOUT = 45_000  # generous: the live view refreshes every 5 s, and the machine is shared


def say(lang: str, key: str, lesson: str | None = None) -> str:
    return TEXTS.get(lang, key, lesson)


def create_class(page: Page, app_url: str, lang: str, name: str) -> tuple[str, str]:
    """Create a class on the Teacher page; its code and teacher link as the page shows them."""
    page.goto(f"{app_url}/teacher?lang={lang}")
    page.get_by_label(say(lang, "teacher.create.name")).fill(name)
    page.get_by_role("button", name=say(lang, "teacher.create.submit")).click()
    expect(page.get_by_text(say(lang, "teacher.made.title").format(name=name))).to_be_visible(timeout=TIMEOUT)
    link = page.locator("code").filter(has_text="/teacher?key=").inner_text().strip()
    code = re.search(r"[B-Z]{3}-[2-9]{3}", page.locator("code").filter(has_text=re.compile(r"^[B-Z]{3}-")).first
                     .inner_text()).group(0)
    return code, link


def test_a_teacher_watches_a_learner_join_and_work_without_reloading(browser: Browser, app_url: str,
                                                                     artifacts: Path) -> None:
    teacher = browser.new_page(viewport={"width": 390, "height": 844})
    code, link = create_class(teacher, app_url, "pap", "5B Santa Rosa")
    assert link.startswith(app_url) and "key=" not in teacher.url
    teacher.screenshot(path=artifacts / "teacher_created_phone.png", full_page=True)
    expect(teacher.get_by_text(say("pap", "teacher.view.empty").format(code=code))).to_be_visible(timeout=TIMEOUT)

    learner = browser.new_context().new_page()
    learner.goto(f"{app_url}/?lang=pap")
    expect(learner.get_by_text(say("pap", "home.welcome"))).to_be_visible(timeout=TIMEOUT)
    still(learner)
    learner.locator("summary").filter(has_text=say("pap", "signin.title")).click()
    learner.get_by_label(say("pap", "signin.nickname"), exact=True).fill("Dushi")
    learner.get_by_label(say("pap", "signin.class_code_optional")).fill(code.lower())
    learner.get_by_role("button", name=say("pap", "signin.submit")).click()
    still(learner)
    learner.get_by_role("button", name=say("pap", "home.start")).click()
    first = load_library().lesson("pila").steps[0]
    expect(learner.get_by_text(say("pap", first.text, "pila"))).to_be_visible(timeout=TIMEOUT)
    if first.kind == "question":  # the lesson opens with a question: answer it (the engine's answer, as labelled)
        right = TEXTS.render(next(o.label for o in first.options if o.value == first.answer), "pap", "pila")
        learner.get_by_role("radiogroup").get_by_text(right, exact=True).click()
        still(learner)
    learner.get_by_role("button", name=say("pap", "button.next")).click()
    still(learner)

    # The teacher's page was not touched: the live view shows Dushi by itself within a refresh or two.
    expect(teacher.get_by_role("rowheader", name="Dushi")).to_have_count(2, timeout=TIMEOUT)
    expect(teacher.get_by_text(say("pap", "teacher.view.step").format(step=2, count=len(
        load_library().lesson("pila").steps))).first).to_be_visible(timeout=TIMEOUT)
    teacher.screenshot(path=artifacts / "teacher_class_phone.png")
    still(teacher)
    assert not serious(teacher)  # the class view with its tables, on a phone
    learner.context.close()

    desktop = browser.new_page(viewport={"width": 1366, "height": 900})
    desktop.goto(link)
    expect(desktop.get_by_role("rowheader", name="Dushi").first).to_be_visible(timeout=TIMEOUT)
    assert "key=" not in desktop.url  # the secret left the address bar
    desktop.screenshot(path=artifacts / "teacher_class_desktop.png")
    projector = browser.new_page(viewport={"width": 1920, "height": 1080})
    projector.goto(link)
    expect(projector.get_by_role("rowheader", name="Dushi").first).to_be_visible(timeout=TIMEOUT)
    projector.screenshot(path=artifacts / "teacher_class_projector.png")


def test_a_wrong_teacher_link_is_refused_in_the_learners_language(page: Page, app_url: str) -> None:
    page.goto(f"{app_url}/teacher?lang=es&key=nothing-here")
    expect(page.get_by_text(say("es", "teacher.open.refused"))).to_be_visible(timeout=TIMEOUT)
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
    expect(page.get_by_text(say(lang, "teacher.create.title"), exact=True)).to_be_visible(timeout=TIMEOUT)
    still(page)
    assert not serious(page)
    create_class(page, app_url, lang, f"axe {lang}")
    still(page)
    assert not serious(page)
