"""Broken lesson files fail clearly: each error names the file, the lesson, the step and the field,
and one broken lesson never takes the others down."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from lessons import LESSONS_DIR, LessonError, load_library

FIXTURES = Path(__file__).parent / "fixtures" / "broken_lessons"

# case → (file, step, field, words the message must contain)
EXPECTED: dict[str, tuple[str, int | None, str | None, str]] = {
    "missing_key": ("lessons/data/broken.toml", 1, "solution", "missing key 'solution'"),
    "unknown_check": ("lessons/data/broken.toml", 1, "goal.playd", "unknown check 'playd'"),
    "engine_rejects_position": ("lessons/data/broken.toml", 1, "positions.table", "the engine rejects this position"),
    "illegal_reply": ("lessons/data/broken.toml", 1, "replies[0]", "after the accepted moves ['plays 6-2 left']"),
    "solution_misses_goal": ("lessons/data/broken.toml", 1, "solution", "does not satisfy the goal"),
    "unknown_text_key": ("lessons/data/broken.toml", 2, "text", "unknown text key 'ask_which'"),
    "missing_text": ("lessons/data/broken.toml", 2, "text", "text 'ask' missing in pap"),
    "wrong_feedback_mismatch": ("lessons/data/broken.toml", 1, "wrong[0].feedback", "'illegal.no-match'"),
    "literal_answer": ("lessons/data/broken.toml", 2, "distractors", "equals the engine's answer"),
    "bad_toml": ("lessons/data/broken.toml", None, None, "not valid TOML"),
}


def _tree(tmp_path: Path, case: str) -> Path:
    """The real languages, ui texts and pegar lesson, plus the case's broken lesson."""
    root = tmp_path / "lessons"
    (root / "data").mkdir(parents=True)
    shutil.copy(LESSONS_DIR / "languages.toml", root / "languages.toml")
    shutil.copy(LESSONS_DIR / "data" / "pegar.toml", root / "data" / "pegar.toml")
    for lang_dir in (LESSONS_DIR / "texts").iterdir():
        target = root / "texts" / lang_dir.name
        target.mkdir(parents=True)
        shutil.copy(lang_dir / "ui.toml", target / "ui.toml")
        shutil.copy(lang_dir / "pegar.toml", target / "pegar.toml")
        shutil.copy(FIXTURES / "_texts" / f"{lang_dir.name}.toml", target / "broken.toml")
    shutil.copytree(FIXTURES / case, root, dirs_exist_ok=True)
    return root


def test_the_unbroken_fixture_loads(tmp_path: Path) -> None:
    library = load_library(_tree(tmp_path, "ok"))
    assert [str(e) for e in library.errors] == []
    assert [lesson.id for lesson in library.lessons] == ["pegar", "broken"]


@pytest.mark.parametrize("case", sorted(EXPECTED))
def test_broken_lesson_gives_the_promised_error(tmp_path: Path, case: str) -> None:
    file, step, field, words = EXPECTED[case]
    library = load_library(_tree(tmp_path, case))
    assert [lesson.id for lesson in library.lessons] == ["pegar"]  # the others still load
    assert library.errors and all(error.lesson == "broken" for error in library.errors)
    matching = [e for e in library.errors if words in e.message]
    assert matching, [str(e) for e in library.errors]
    error: LessonError = matching[0]
    assert (error.file, error.lesson, error.step, error.field) == (file, "broken", step, field)
    text = str(error)
    assert text.startswith(file) and "lesson 'broken'" in text
    if step is not None:
        assert f"step {step}" in text and f"field {field!r}" in text


def test_a_lesson_missing_its_text_file_is_left_out(tmp_path: Path) -> None:
    root = _tree(tmp_path, "ok")
    (root / "texts" / "es" / "broken.toml").unlink()
    library = load_library(root)
    assert [lesson.id for lesson in library.lessons] == ["pegar"]
    assert any("text file missing for language 'es'" in str(e) for e in library.errors)


def test_an_unused_text_key_is_reported(tmp_path: Path) -> None:
    root = _tree(tmp_path, "ok")
    with (root / "texts" / "en" / "broken.toml").open("a") as handle:
        handle.write('typo_key = "never used"\n')
    library = load_library(root)
    assert any("unknown text key 'typo_key'" in str(e) for e in library.errors)


def test_a_missing_ui_text_is_reported(tmp_path: Path) -> None:
    root = _tree(tmp_path, "ok")
    ui = root / "texts" / "es" / "ui.toml"
    ui.write_text(ui.read_text(encoding="utf-8").replace('no-match = "', 'no-matc = "'), encoding="utf-8")
    library = load_library(root)
    messages = [str(e) for e in library.errors]
    assert "lessons/texts/es/ui.toml, field 'illegal.no-match': text missing: 'illegal.no-match'" in messages
