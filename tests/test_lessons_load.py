"""Every lesson file loads, in every language, with its texts complete (issue 4)."""

from __future__ import annotations

import pytest

from lessons import LESSONS_DIR, load_library

LIBRARY = load_library()
LESSON_FILES = sorted(path.stem for path in (LESSONS_DIR / "data").glob("*.toml"))
LANGUAGES = [language.code for language in LIBRARY.languages]


def test_languages_are_papiamentu_spanish_english() -> None:
    assert LANGUAGES == ["pap", "es", "en"]
    assert all(language.name for language in LIBRARY.languages)


def test_ui_texts_load_without_errors() -> None:
    ui_errors = [str(error) for error in LIBRARY.errors if error.lesson is None]
    assert ui_errors == []


@pytest.mark.parametrize("lesson_id", LESSON_FILES)
def test_lesson_loads_without_errors(lesson_id: str) -> None:
    errors = [str(error) for error in LIBRARY.errors if error.lesson == lesson_id]
    assert errors == []
    assert LIBRARY.lesson(lesson_id).id == lesson_id


@pytest.mark.parametrize("lesson_id", LESSON_FILES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_text_of_the_lesson_renders(lesson_id: str, lang: str) -> None:
    lesson = LIBRARY.lesson(lesson_id)
    texts = LIBRARY.texts
    keys = [lesson.title]
    for step in lesson.steps:
        keys += [k for k in (step.text, step.feedback) if k] + list(step.points) + list(step.hints or ())
        keys += [w.feedback for w in step.wrong] + [m.label for m in step.marks if m.label]
    for key in keys:
        assert texts.find(lang, key, lesson.id), f"{lesson_id}: {key!r} has no {lang} text"
    for step in lesson.steps:
        for option in step.options:
            label = texts.render(option.label, lang, lesson.id)
            assert label and "[" not in label and "{" not in label


@pytest.mark.parametrize("lesson_id", LESSON_FILES)
def test_lesson_has_two_interactive_steps_and_a_remember_box(lesson_id: str) -> None:
    lesson = LIBRARY.lesson(lesson_id)
    assert sum(step.interactive for step in lesson.steps) >= 2
    assert lesson.steps[-1].kind == "remember"


def test_lessons_come_in_order() -> None:
    orders = [lesson.order for lesson in LIBRARY.lessons]
    assert orders == sorted(orders)
    assert len(set(orders)) == len(orders)


def test_loading_is_a_pure_function_of_the_files() -> None:
    again = load_library()
    assert [lesson.id for lesson in again.lessons] == [lesson.id for lesson in LIBRARY.lessons]
    assert [str(e) for e in again.errors] == [str(e) for e in LIBRARY.errors]
