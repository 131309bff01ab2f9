"""Nothing a person typed is ever markup (issue 19, point 4): a value that comes in through the address (the language,
a step, a lesson, a page path, a question code, a match record, classroom mode) or is typed into a form is refused
where it enters, with the reason in the learner's language, and quoted back as plain text, cut when absurdly long.

Every payload is first shown to be markup when it is put into a message as it is (so each test here can fail); then
it goes through the app, and the notice quoting it is rendered the way Streamlit's markdown renders text
(`tests/security/streamlit_markdown.py`): no link, image, HTML, heading, table, directive or maths, and the value
readable as typed. No element of the page may link to the payload's address or show an image.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterator
from urllib.parse import quote

import pytest
from hypothesis import given
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from app.i18n import plain
from app.pages.puzzles_page import CODE_KEY as PUZZLE_CODE_KEY
from app.urls import QUOTED_MAX
from tests.app_support import APP, LANGUAGES, LIBRARY, click, open_app, texts, visit
from tests.security.streamlit_markdown import Rendered, rendered

PAYLOADS = {
    "link": "[Login](//ev.il/x)",
    "image": "![t](http://ev.il/x.png)",
    "html": "<img src=x onerror=alert(1)>",
    "script": "<script>alert(1)</script>",
    "colour": ":red[x]",
    "icon": ":material/home:",
    "emoji": ":smile:",
    "heading": "\n# big\n",
    "table": "x\n\n|a|b|\n|-|-|\n",
    "bare address": "http://ev.il",
    "www": "www.ev.il",
    "e-mail": "a@ev.il",
    "javascript": "[x](javascript:alert(1))",
    "maths": "$x^2$",
    "strikethrough": "~~s~~",
    "bold": "**b**",
    "backslash": "a\\*b*",
    "entity": "&lt;b&gt;",
    "angle link": "<http://ev.il>",
}
#: The forged skill of the issue: a link and a remote image, longer than any notice quotes.
FORGED = "[Session expired: sign in](//ev.il/x) ![t](http://ev.il/x.png) — re-open your class here"
EVIL = ("ev.il", "javascript:")
#: Every kind of element whose text Streamlit reads as markdown, and where its text is.
MARKDOWN_KINDS = ("markdown", "caption", "title", "header", "subheader", "warning", "error", "info", "success",
                  "toast")
payloads = pytest.mark.parametrize("payload", PAYLOADS.values(), ids=PAYLOADS.keys())


def as_typed(value: str) -> str:
    """What a reader should see of a value: as typed, on one line, cut after ``QUOTED_MAX`` characters."""
    cut = value if len(value) <= QUOTED_MAX else f"{value[:QUOTED_MAX]}…"
    return "".join(" " if char in "\n\r\t" else char for char in cut)


def is_plain(shown: Rendered, value: str) -> bool:
    """Whether a rendered message is one paragraph of text that reads ``value`` as typed."""
    return set(shown.tags) <= {"p"} and as_typed(value).strip() in shown.text


def markdown_shown(at: AppTest) -> Iterator[tuple[str, str]]:
    """Every text on the page that Streamlit renders as markdown: (kind, text)."""
    for kind in MARKDOWN_KINDS:
        for element in getattr(at, kind):
            yield kind, element.value
    for kind in ("button", "expander", "page_link", "form_submit_button"):
        for element in getattr(at, kind):
            yield kind, element.label


def assert_nothing_evil(at: AppTest) -> None:
    """No element of the page links to the payloads' addresses, shows an image or runs HTML of its own."""
    for kind, value in markdown_shown(at):
        shown = rendered(value)
        assert not [link for link in shown.links if any(evil in link for evil in EVIL)], (kind, value)
        assert not shown.images, (kind, value)
        assert not {"script", "iframe", "img", "object", "embed"} & set(shown.tags), (kind, value)


def notice_quoting(at: AppTest, value: str) -> Rendered:
    """The one warning that quotes ``value``, rendered; it must be plain text."""
    shown = [rendered(text) for text in texts(at, "warning")]
    quoting = [notice for notice in shown if as_typed(value).strip() in notice.text]
    assert len(quoting) == 1, [notice.text for notice in shown]
    assert set(quoting[0].tags) <= {"p"}, quoting[0].html
    return quoting[0]


# ------------------------------------------------------------------------------------------------ the test's own test


@payloads
def test_each_payload_is_markup_when_quoted_as_it_is(payload: str) -> None:
    """The renderer finds each payload as markup in a notice that does not escape it: the tests below can fail."""
    template = LIBRARY.texts.get("en", "notice.unknown_lang")
    assert not is_plain(rendered(template.format(lang=payload, name="English")), payload)


@payloads
def test_plain_text_reads_as_typed_and_is_no_markup(payload: str) -> None:
    assert is_plain(rendered(plain(payload)), payload)
    assert is_plain(rendered(f"x “{plain(payload)}” y"), payload)


#: Texts a prankster could type: mostly markdown's own characters and the pieces of addresses, some of anything.
TYPED = st.lists(st.one_of(st.sampled_from([*"\\`*_{}[]()#+-.!|<>~$:&=\"'@/ \n\tax1", "www.", "http://", "&amp;"]),
                           st.characters(codec="utf-8", categories=("L", "N", "P", "S", "Zs", "Cc"))),
                 max_size=30).map("".join)


@given(TYPED)
def test_any_text_made_plain_is_one_paragraph_read_as_typed(text: str) -> None:
    shown = rendered(f"«{plain(text)}»")
    assert shown.tags == ["p"], (text, shown.html)
    typed = "".join(" " if unicodedata.category(char) == "Cc" else char for char in text)
    assert " ".join(shown.text.split()) == " ".join(f"«{typed.replace(chr(0x2060), '')}»".split())


# ------------------------------------------------------------------------------------------------ every place


def _path(payload: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.context["url"] = f"http://localhost:8501/{quote(payload, safe='')}"
    at.run()
    return at


def _typed_code(payload: str) -> AppTest:
    at = open_app(lesson="practice", lang="en")
    at.text_input(key="practice_code_input").set_value(payload)
    return click(at, "practice_open")


def _typed_puzzle_code(payload: str) -> AppTest:
    at = open_app(lesson="puzzles", lang="en")
    at.text_input(key=PUZZLE_CODE_KEY).set_value(payload)
    return click(at, "puzzles_open")


#: Where an outside value comes in, and how a prankster sends it there.
PLACES: dict[str, Callable[[str], AppTest]] = {
    "lang": lambda payload: open_app(lang=payload),
    "lang on a lesson": lambda payload: open_app(lesson="pila", lang=payload),
    "step": lambda payload: open_app(lesson="pila", step=payload, lang="en"),
    "lesson": lambda payload: open_app(lesson=payload, lang="en"),
    "unknown page path": _path,
    "question code": lambda payload: open_app(lesson="practice", code=payload, lang="en"),
    "typed question code": _typed_code,
    "puzzle code": lambda payload: open_app(lesson="puzzles", puzzle=payload, lang="en"),
    "typed puzzle code": _typed_puzzle_code,
}
ADDRESS_PLACES = {name: place for name, place in PLACES.items() if place not in (_typed_code, _typed_puzzle_code)}


@pytest.mark.parametrize("place", PLACES.values(), ids=PLACES.keys())
@payloads
def test_a_value_from_outside_is_quoted_as_plain_text(place: Callable[[str], AppTest], payload: str) -> None:
    at = place(payload)
    assert not at.exception, at.exception
    notice_quoting(at, payload)
    assert_nothing_evil(at)


@pytest.mark.parametrize("place", ADDRESS_PLACES.values(), ids=ADDRESS_PLACES.keys())
def test_an_absurdly_long_value_is_cut_and_still_no_markup(place: Callable[[str], AppTest]) -> None:
    """(A typed code is cut by its field, which takes no more than ``QUOTED_MAX`` characters.)"""
    at = place(FORGED)
    shown = notice_quoting(at, FORGED)
    assert f"{FORGED[:QUOTED_MAX]}…" in shown.text and FORGED[: QUOTED_MAX + 1] not in shown.text
    assert_nothing_evil(at)


@payloads
def test_a_match_record_that_cannot_be_read_is_refused_and_not_echoed(payload: str) -> None:
    at = open_app(lesson="play", game=payload, lang="en")
    assert texts(at, "warning") == [LIBRARY.texts.get("en", "play.bad_record", "play")]
    assert visit(at).settings.lang == "en"
    assert not [value for _, value in markdown_shown(at) if payload.strip() in value or plain(payload) in value]
    assert_nothing_evil(at)


@payloads
def test_a_classroom_value_that_means_nothing_changes_nothing_and_is_not_echoed(payload: str) -> None:
    at = open_app(lesson="pila", classroom=payload, lang="en")
    assert not visit(at).settings.classroom and not texts(at, "warning")
    assert not [value for _, value in markdown_shown(at) if payload.strip() in value or plain(payload) in value]
    assert_nothing_evil(at)


# ------------------------------------------------------------------------------------------------ refused, and why


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_code_naming_no_skill_is_refused_with_its_reason_in_the_learners_language(lang: str) -> None:
    at = open_app(lesson="practice", code="[x](//ev.il)-12", lang=lang)
    assert visit(at).place.drill is None
    assert [rendered(text).text for text in texts(at, "warning")] == [
        LIBRARY.texts.get(lang, "notice.unknown_code").format(code="[x](//ev.il)-12")]
    at = open_app(lesson="practice", code="nosuch-12", lang=lang)
    assert [rendered(text).text for text in texts(at, "warning")] == [
        LIBRARY.texts.get(lang, "notice.unknown_skill").format(code="nosuch-12", skill="nosuch")]


@pytest.mark.parametrize("step", ["0", "99999", "-1", "2.5", "", "٣٣٣"])
def test_a_step_out_of_the_lesson_is_refused_and_the_lesson_opens_where_it_was(step: str) -> None:
    at = open_app(lesson="pila", step=step, lang="es")
    assert visit(at).place.runners["pila"].number == 1
    count = len(visit(at).place.runners["pila"].lesson.steps)
    said = LIBRARY.texts.get("es", "notice.unknown_step").format(count=count, step=step, opened=1)
    assert [rendered(text).text for text in texts(at, "warning")] == [said]
