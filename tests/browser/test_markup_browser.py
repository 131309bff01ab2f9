"""Addresses a prankster shares, opened in a real browser (issue 19, point 4): a language, a step, a page path, a
lesson and a question code written as a markdown link, an image, HTML, a Streamlit directive or a bare address. The
page says in words what it could not open, quoting the value as it was typed, and nothing of it becomes a link, an
image, an element of its own, or a request to another site."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote, urlparse

import pytest
from playwright.sync_api import Page, expect

from tests.browser.learner import TIMEOUT, still

JOINER = "\u2060"  # the invisible word joiner the app puts where a bare address would start
NOTICE = '[data-testid="stAlertContentWarning"]'
#: Inside a notice only words may appear: no link, image, heading, table, coloured text, icon or maths.
INJECTED = ("a, img, script, iframe, object, embed, svg, h1, h2, h3, h4, h5, h6, table, "
            ".stMarkdownColoredText, [role='img'], .katex, [onerror]")
#: Longer than a notice quotes, its link whole in what is quoted (the issue's forged skill, shortened).
FORGED = "[Session expired: sign in](//ev.il/x) ![t](http://ev.il/x.png) — re-open your class here"
ADDRESSES = {
    # (the address, what the notice quotes as typed)
    "lang": (f"/pila?lang={quote('[Login](//ev.il/x) http://ev.il')}", "[Login](//ev.il/x) http://ev.il"),
    "step": (f"/pila?lang=en&step={quote('![t](http://ev.il/x.png)')}", "![t](http://ev.il/x.png)"),
    "page path": ("/[Login](https:%2F%2Fev.il)", "[Login](https://ev.il)"),
    "lesson": (f"/?lang=en&lesson={quote(':red[x] :material/home: www.ev.il')}", ":red[x] :material/home: www.ev.il"),
    "code": (f"/practice?lang=en&code={quote('<img src=x onerror=alert(1)>![](//ev.il)')}",
             "<img src=x onerror=alert(1)>![](//ev.il)"),
    "long": (f"/pila?lang={quote(FORGED)}", f"{FORGED[:40]}…"),
}


@pytest.mark.parametrize("name", ADDRESSES)
def test_an_address_written_as_markup_is_quoted_as_plain_text(page: Page, app_url: str, artifacts: Path,
                                                               name: str) -> None:
    address, quoted = ADDRESSES[name]
    page.set_viewport_size({"width": 390, "height": 844})
    requests: list[str] = []
    dialogs: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.goto(f"{app_url}{address}")
    notice = page.locator(NOTICE).filter(has_text=quoted[:6])  # (before any word joiner)
    expect(notice).to_have_count(1, timeout=TIMEOUT)
    still(page)
    close = page.get_by_role("dialog").get_by_role("button", name="Close")  # Streamlit's own "Page not found"
    if close.count():
        close.click()
        expect(page.get_by_role("dialog")).to_have_count(0, timeout=TIMEOUT)
    expect(notice).to_be_visible()
    assert quoted in notice.inner_text().replace(JOINER, ""), notice.inner_text()
    assert notice.locator(INJECTED).count() == 0, notice.inner_html()
    assert page.locator("a[href*='ev.il'], a[href^='javascript:'], [onerror]").count() == 0
    images = page.evaluate("() => [...document.images].map(image => image.src)")
    assert [src for src in images if not src.startswith((app_url, "data:", "blob:"))] == []
    assert not [url for url in requests if (urlparse(url).hostname or "").endswith("ev.il")] and dialogs == []
    page.screenshot(path=artifacts / f"markup-{name.replace(' ', '-')}.png")
