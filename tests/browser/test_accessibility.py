"""axe-core (WCAG 2.1 AA rules) over the home page, a lesson, the practice page and a practice question, in every
language lessons/languages.toml offers (a draft is never shown, so it is not checked), each at a phone's or a
desktop's width in turn (the first language on the phone): no serious or critical violation."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

from lessons import LESSONS_DIR
from lessons.files import read_languages
from tests.browser.learner import PICTURE, PRACTICE_PICTURE, settle, still

PAGES = {
    "home": ("/", None),
    "lesson": ("/pegar?step=2", PICTURE),
    "lesson-classroom": ("/pasa?step=2&classroom=1", PICTURE),
    "practice": ("/practice", None),
    "practice-question": ("/practice?code=lacks-4821", PRACTICE_PICTURE),
}
AXE = Axe()
PHONE, DESKTOP = 390, 1366
LANGUAGES = [language.code for language in read_languages(LESSONS_DIR)[0] if not language.draft]


def serious(page: Page) -> list[str]:
    """The serious and critical violations axe finds on the page, one line each (once the page is still)."""
    still(page)
    found = AXE.run(page, options={"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a",
                                                                         "wcag21aa", "best-practice"]}})
    return [f"{v['id']} ({v['impact']}): {node['html'][:120]} — {node.get('failureSummary', '')[:200]}"
            for v in found.response["violations"] if v["impact"] in ("serious", "critical") for node in v["nodes"]]


@pytest.mark.parametrize(("lang", "width"), [(code, (PHONE, DESKTOP)[i % 2]) for i, code in enumerate(LANGUAGES)])
def test_no_serious_accessibility_violation(page: Page, app_url: str, lang: str, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    problems = {}
    for name, (path, picture) in PAGES.items():
        page.goto(f"{app_url}{path}{'&' if '?' in path else '?'}lang={lang}")
        settle(page, picture)
        page.wait_for_function(f"() => document.documentElement.lang === {lang!r}")
        found = serious(page)
        if found:
            problems[name] = found
    assert not problems, problems
