"""A bug in a page never shows a learner a traceback: the app says so plainly in the learner's language."""

from __future__ import annotations

import pytest

from app.pages import home
from tests.app_support import LANGUAGES, LIBRARY, open_app


def _broken_page() -> None:
    raise RuntimeError("a bug in a page")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_failing_page_gives_a_plain_message_and_no_traceback(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    monkeypatch.setattr(home, "show", _broken_page)
    at = open_app(lang=lang)  # asserts that no exception reached the page
    assert [e.value for e in at.error] == [LIBRARY.texts.get(lang, "notice.unexpected")]
    assert at.sidebar.selectbox  # the language choice and the pages are still there to move on
