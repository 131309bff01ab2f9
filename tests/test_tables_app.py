"""The "Other tables" course in the app under AppTest: every lesson in every language played by tapping the picture
(a spinner's top and bottom ends too), the home page's courses, the table each lesson plays, and the picture's
words for a spinner, the count and the scores — with what an open question asks kept out."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from app.widgets.common import stars_text
from app.widgets.picture import IMAGE_KEY
from render import OpenEnd
from tests.app_support import (
    LANGUAGES,
    LIBRARY,
    answer,
    click,
    open_app,
    runner,
    shown_picture,
    solve_step,
    texts,
    visit,
)

COURSE = [lesson.id for lesson in LIBRARY.lessons if lesson.course == "other_tables"]


def goto(lesson_id: str, step: int, lang: str = "en") -> AppTest:
    return open_app(lesson=lesson_id, lang=lang, step=str(step))


def alt(at: AppTest) -> str:
    return shown_picture(at, IMAGE_KEY)["alt"]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("lesson_id", COURSE)
def test_every_lesson_of_the_course_completes_by_tapping_the_picture(lesson_id: str, lang: str) -> None:
    at = open_app(lesson=lesson_id, lang=lang)
    count = len(LIBRARY.lesson(lesson_id).steps)
    for number in range(1, count + 1):
        run = runner(at, lesson_id)
        assert run.number == number
        solve_step(at, lesson_id, by_picture=True)
        assert run.done, (lesson_id, number, texts(at, "error"))
        if number < count:
            click(at, "next")
    assert any(stars_text(3) in text for text in texts(at, "success"))


def test_the_spinner_opens_its_top_and_bottom_ends_on_the_picture_and_as_buttons() -> None:
    at = goto("spinner", 6)
    click_map = visit(at).taps.click_map[2]
    for end in ("left", "right", "up", "down"):
        assert click_map.rect_of(OpenEnd("end", end)) is not None, end
        assert at.button(key=f"end_{end}")
    words = alt(at)
    assert "The spinner, the 5-5, lies across the middle." in words
    assert "On the spinner's top arm: 5-2; that end shows 2." in words
    assert "The spinner's bottom arm is open and shows 5." in words


def test_before_its_sides_open_the_spinner_has_two_ends() -> None:
    at = goto("spinner", 4)
    assert visit(at).taps.click_map[2].rect_of(OpenEnd("end", "up")) is None
    assert not [b for b in at.button if b.key == "end_up"]
    assert "Its top and bottom open once its left and right each hold a tile." in alt(at)


def test_each_lesson_says_which_table_plays_its_rules() -> None:
    at = goto("katsika", 1, "es")
    assert any("En esta mesa se juega: la katsika (κατσίκα)" in text for text in texts(at, "markdown"))
    la_plaza = open_app(lesson="pegar", lang="es")
    assert not any("En esta mesa se juega" in text for text in texts(la_plaza, "markdown"))


def test_the_home_page_groups_the_courses() -> None:
    at = open_app(lang="en")
    markdown = texts(at, "markdown")
    headings = [text for text in markdown if text.startswith("#### ")]
    assert headings == ["#### The La Plaza table", "#### Other tables"]
    cards = [text.split("**")[1] for text in markdown if text.startswith("**") and ". " in text]
    la_plaza = [lesson.id for lesson in LIBRARY.lessons if lesson.course == "la_plaza"]
    first_other = LIBRARY.texts.find("en", "title", COURSE[0])
    assert cards.index(f"{len(la_plaza) + 1}. {first_other}") > cards.index(
        "1. " + LIBRARY.texts.find("en", "title", "pila"))
    last_la_plaza = next(i for i, text in enumerate(markdown) if text.startswith(f"**{len(la_plaza)}. "))
    assert last_la_plaza < markdown.index("#### Other tables")


def test_the_count_is_written_out_and_the_score_line_follows_the_hand() -> None:
    at = goto("all_fives", 1)
    assert "The open ends count 6 + 3 + 4 = 13." in alt(at)
    assert "You: 0 points." in alt(at) and "The first side to 250 points wins the match." in alt(at)
    at = goto("all_fives", 3)
    solve_step(at, "all_fives", by_picture=True)
    words = alt(at)
    assert "You: 15 points scored with that play." in words and "You: 15 points." in words
    assert "The open ends count 6 + 3 + 6 + 0 = 15." not in words  # the bottom arm is empty: it counts nothing
    assert "The open ends count 6 + 3 + 6 = 15." in words


def test_an_open_question_keeps_its_answer_out_of_the_picture() -> None:
    at = goto("all_fives", 4)  # what do the ends count after the opponent's 6-6?
    assert "count" not in alt(at) and "points" not in alt(at)
    answer(at, "all_fives", 15)
    assert "Your opponent: 15 points." in alt(at)
    leader = goto("greek_lead", 2)  # who leads? the turn marker would say
    assert "Whose turn" not in alt(leader)
    assert shown_picture(leader, IMAGE_KEY)["alt"].count("shows:") == 2  # every hand is shown face up


def test_katsika_writes_penalties_and_marks_the_side_in_danger() -> None:
    at = goto("katsika", 6)
    answer(at, "katsika", 0)
    words = alt(at)
    assert "Your side: 101 penalty points." in words and "The other side: 0 penalty points." in words
    assert "Your side: nearest the target, in danger." in words
    assert "The first side to reach 100 points loses the match." in words


def test_tiles_out_of_play_are_shown_apart_and_never_drawn() -> None:
    at = goto("greek_deal", 6)
    assert "Out of play, apart: 7 tiles nobody can draw." in alt(at)
    assert visit(at).taps.click_map[2].rect_of(("stock",)) is None
    click(at, "draw")
    assert LIBRARY.texts.get("en", "wrong_cannot_draw", "greek_deal") in texts(at, "error")


@pytest.mark.parametrize("code", ["fives-12", "leader-3", "katsika-7", "rounding-5"])
def test_the_new_practice_skills_open_by_their_codes(code: str) -> None:
    from practice import question_from_code

    question = question_from_code(code)
    at = open_app(lesson="practice", code=code, lang="es")
    assert not at.exception
    prompt = LIBRARY.texts.render(question.prompt, "es")
    assert any(prompt in text for text in texts(at, "markdown"))
    assert shown_picture(at, "practice_table")["alt"]
