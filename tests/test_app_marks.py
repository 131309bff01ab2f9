"""The app draws a step's marks on the picture and says each labelled one once: in the picture's words when it is
drawn, as its own line when it lives on a button."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.app_support import LIBRARY, open_app, runner, visit


def _said(at: AppTest, text: str) -> int:
    """How many captions and markdown blocks contain ``text``."""
    return sum(text in element.value for kind in ("caption", "markdown") for element in getattr(at, kind))


def test_drawn_marks_are_in_the_words_of_the_picture_and_button_marks_stand_alone() -> None:
    intro = next(step.number for step in LIBRARY.lesson("pila").steps if step.kind == "explain")
    at = open_app(lesson="pila", step=str(intro), lang="en")
    run = runner(at, "pila")
    assert run.number == intro
    fits = LIBRARY.texts.get("en", "mark_fits", "pila")
    stock = LIBRARY.texts.get("en", "mark_stock", "pila")
    caption = next(c.value for c in at.caption if c.value.startswith("**"))
    # Each tag said as a sentence that names what it is beside, not as "fits: 4-1." (a riddle).
    assert f"The 4-1 has a tag on the picture: “{fits}”." in caption
    assert f"The 6-3 has a tag on the picture: “{fits}”." in caption
    assert stock not in caption
    assert _said(at, "The 4-1 has a tag") == 1  # not repeated as a line of its own
    assert _said(at, f"“{stock}”: tap “Draw” to draw a tile from it.") == 1  # the Draw button's mark, once
    shown = visit(at).taps.click_map
    assert shown is not None and shown[:2] == ("pila", intro)


def test_hint_marks_draw_on_the_picture_without_extra_words() -> None:
    at = open_app(lesson="pegar", step="2", lang="es")
    before = [c.value for c in at.caption]
    at.button(key="hint").click().run()
    at.button(key="hint").click().run()
    assert not at.exception
    view = runner(at, "pegar").view()
    assert {m.kind for m in view.marks} == {"tile", "arrow"}
    after = [c.value for c in at.caption]
    assert len(after) == len(before)
