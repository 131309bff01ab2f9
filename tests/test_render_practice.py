"""Practice questions as the practice page draws them, on both canvases and in every language: the positions come
from played-out hands (long lines, full or empty hands, everything face up), so they try the layout harder than
the lessons do. No label covers a tile, nothing overlaps, every end circle and every tile of a hand of up to 14
is a 44 CSS px touch target; a bigger hand (after much drawing) is drawn smaller, never off the table."""

from __future__ import annotations

import pytest

from app.i18n import Words
from app.widgets.lesson_table import CLASSROOM_SCALE, PHONE_SCALE, PHONE_SIZE, PROJECTOR_SIZE
from practice import SKILL_IDS, generate
from render import TableView, draw_table
from tests.test_render_lessons import LANGUAGES, LIBRARY, check_picture

QUESTIONS = [generate(skill, seed) for skill in SKILL_IDS for seed in range(12)]
CANVASES = {"phone": (PHONE_SIZE, PHONE_SCALE), "projector": (PROJECTOR_SIZE, CLASSROOM_SCALE)}


@pytest.mark.parametrize("canvas", sorted(CANVASES))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_practice_pictures_keep_labels_off_tiles(lang: str, canvas: str) -> None:
    size, scale = CANVASES[canvas]
    words = Words(LIBRARY.texts, lang)
    for question in QUESTIONS:
        view = TableView(**question.table_view(), labels=words.role_labels(), size=size, scale=scale)
        picture = draw_table(question.position, view)
        assert picture.line.fits, question.code
        big_hand = len(question.position.hands[question.viewer]) > 14
        check_picture(picture, canvas, f"{question.code} [{lang}, {canvas}]", hand_touch=not big_hand)


def test_a_hand_too_big_for_two_rows_is_drawn_smaller_and_the_line_keeps_its_room() -> None:
    question = next(q for q in (generate("score", seed) for seed in range(60))
                    if len(q.position.hands[q.viewer]) > 14)
    picture = draw_table(question.position, TableView(**question.table_view(), size=PHONE_SIZE, scale=PHONE_SCALE))
    hand = [b.rect for b in picture.boxes if b.kind == "tile" and b.where == "hand" and b.seat == question.viewer]
    assert len({r.y0 for r in hand}) == 2  # two rows
    assert picture.geometry.line_area.height >= 4 * picture.line.unit
    assert picture.line.fits and not picture.clashes()
