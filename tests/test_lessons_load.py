"""Every lesson file loads, in every language, with its texts complete (issue 4)."""

from __future__ import annotations

from pathlib import Path

from lessons import Lesson, Library, load_library


def test_languages_are_papiamentu_spanish_english(library: Library) -> None:
    assert [language.code for language in library.languages][:3] == ["pap", "es", "en"]
    assert all(language.name for language in library.languages)


def test_ui_texts_load_without_errors(library: Library) -> None:
    ui_errors = [str(error) for error in library.errors if error.lesson is None]
    assert ui_errors == []


def test_every_lesson_file_loads_without_errors(library: Library, lessons_folder: Path) -> None:
    files = sorted(path.stem for path in (lessons_folder / "data").glob("*.toml"))
    assert sorted(library.lesson_files) == files
    assert [str(error) for error in library.errors] == []
    assert sorted(lesson.id for lesson in library.lessons) == files


def test_every_text_of_the_lesson_renders(lesson: Lesson, language: str, library: Library) -> None:
    texts = library.texts
    keys = [lesson.title]
    for step in lesson.steps:
        keys += [k for k in (step.text, step.feedback) if k] + list(step.points)
        keys += [hint.key for hint in step.hints or ()]
        keys += [w.feedback for w in step.wrong] + [m.label for m in step.marks if m.label]
    for key in keys:
        assert texts.find(language, key, lesson.id), f"{lesson.id}: {key!r} has no {language} text"
    for step in lesson.steps:
        for option in step.options:
            label = texts.render(option.label, language, lesson.id)
            assert label and "[" not in label and "{" not in label


def test_lesson_has_two_interactive_steps_and_a_remember_box(lesson: Lesson) -> None:
    assert sum(step.interactive for step in lesson.steps) >= 2
    assert lesson.steps[-1].kind == "remember"


def test_lessons_come_in_order(library: Library) -> None:
    orders = [lesson.order for lesson in library.lessons]
    assert orders == sorted(orders)
    assert len(set(orders)) == len(orders)


def test_loading_is_a_pure_function_of_the_files(library: Library, lessons_folder: Path) -> None:
    again = load_library(lessons_folder)
    assert [lesson.id for lesson in again.lessons] == [lesson.id for lesson in library.lessons]
    assert [str(e) for e in again.errors] == [str(e) for e in library.errors]
