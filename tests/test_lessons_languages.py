"""The languages come from one place, ``lessons/languages.toml``: each one's browser locales, its hunspell dictionary
and Debian package, and whether it is a draft. A draft language is never shown (not in the picker, not chosen for a
browser) and what it still lacks is listed with the file to edit, instead of unloading every lesson in every
language."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from app.i18n import language_from_locale
from lessons import Language, load_library
from lessons.files import read_languages

ROOT = Path(__file__).resolve().parents[1]


def _copy(lessons_folder: Path, tmp_path: Path) -> Path:
    root = tmp_path / "lessons"
    shutil.copytree(lessons_folder, root, ignore=shutil.ignore_patterns("*.py", "__pycache__", "*.md"))
    return root


def _mark_draft(root: Path, code: str) -> None:
    path = root / "languages.toml"
    text = path.read_text(encoding="utf-8")
    text, found = re.subn(rf'(?m)^(code = "{code}"\n)', r'\1draft = true\n', text)
    assert found == 1
    path.write_text(text, encoding="utf-8")


@pytest.mark.parametrize(("locale", "expected"), [
    ("nl-NL", "pap"), ("nl", "pap"), ("pap_CW", "pap"), ("es-AR", "es"), ("EN-gb", "en"), ("el-GR", "el"),
    ("eo", "eo"), ("fr-FR", "en"), (None, "en"), ("", "en"),
])
def test_a_browser_language_goes_where_languages_toml_sends_it(locale: str | None, expected: str) -> None:
    languages, errors = read_languages(ROOT / "lessons")
    assert errors == []
    assert language_from_locale(locale, languages) == expected


def test_a_dutch_browser_is_sent_to_papiamentu_by_the_languages_file_not_by_code() -> None:
    languages = (Language("en", "English", ("en",)), Language("pap", "Papiamentu", ("pap",)))
    assert language_from_locale("nl-NL", languages) == "en"
    with_dutch = (languages[0], Language("pap", "Papiamentu", ("pap", "nl")))
    assert language_from_locale("nl-NL", with_dutch) == "pap"


def test_every_language_names_its_locales_and_either_a_dictionary_with_its_package_or_none() -> None:
    languages, _ = read_languages(ROOT / "lessons")
    for language in languages:
        assert language.takes(language.code)
        assert (language.dictionary is None) == (language.package is None), language.code
    assert [language.code for language in languages if language.dictionary is None] == ["pap"]


def test_the_makefile_installs_the_packages_languages_toml_names() -> None:
    listed = subprocess.run(["make", "-s", "--no-print-directory", "dictionaries"], cwd=ROOT, capture_output=True,
                            text=True, check=True).stdout.split()
    languages, _ = read_languages(ROOT / "lessons")
    assert listed == [f"{language.dictionary}:{language.package}" for language in languages if language.dictionary]


def test_a_bad_language_entry_names_its_problem(tmp_path: Path) -> None:
    root = tmp_path / "lessons"
    root.mkdir()
    (root / "languages.toml").write_text('[[languages]]\ncode = "xx"\nname = "X"\ndictionary = "xx_XX"\n'
                                         '[[languages]]\ncode = "yy"\nname = "Y"\nlocales = "yy"\n'
                                         '[[languages]]\ncode = "zz"\nname = "Z"\nfinished = false\n',
                                         encoding="utf-8")
    languages, errors = read_languages(root)
    assert languages == ()
    messages = [str(error) for error in errors]
    assert "entry 1: a dictionary needs its Debian package" in messages[0]
    assert "entry 2: locales is a list" in messages[1]
    assert "entry 3: unknown field 'finished'" in messages[2]


def test_a_draft_language_with_missing_texts_takes_no_lesson_down(lessons_folder: Path, tmp_path: Path) -> None:
    root = _copy(lessons_folder, tmp_path)
    whole = load_library(root)
    _mark_draft(root, "eo")
    lesson_id = whole.lessons[0].id
    (root / "texts" / "eo" / f"{lesson_id}.toml").unlink()
    ui = root / "texts" / "eo" / "ui.toml"
    ui_text, removed = re.subn(r"(?m)^home = .*\n", "", ui.read_text(encoding="utf-8"), count=1)
    assert removed == 1
    ui.write_text(ui_text, encoding="utf-8")
    library = load_library(root)
    assert [str(error) for error in library.errors] == []
    assert [lesson.id for lesson in library.lessons] == [lesson.id for lesson in whole.lessons]
    assert [language.code for language in library.languages] == ["pap", "es", "en", "el"]
    assert [language.code for language in library.drafts] == ["eo"]
    assert "eo" not in library.texts.languages
    gaps = [str(error) for error in library.draft_errors]
    assert any(f"lessons/texts/eo/{lesson_id}.toml" in gap and "missing" in gap for gap in gaps), gaps
    assert any("lessons/texts/eo/ui.toml" in gap and "'app.home'" in gap for gap in gaps), gaps
    assert all("lessons/texts/eo/" in gap for gap in gaps), gaps
    assert language_from_locale("eo", library.languages) == "en"


def test_the_same_gaps_without_the_draft_mark_unload_the_lesson(lessons_folder: Path, tmp_path: Path) -> None:
    root = _copy(lessons_folder, tmp_path)
    lesson_id = load_library(root).lessons[0].id
    (root / "texts" / "eo" / f"{lesson_id}.toml").unlink()
    library = load_library(root)
    assert lesson_id not in [lesson.id for lesson in library.lessons]
    assert any(f"lessons/texts/eo/{lesson_id}.toml" in str(error) for error in library.errors)


def test_a_finished_draft_has_no_gaps(lessons_folder: Path, tmp_path: Path) -> None:
    root = _copy(lessons_folder, tmp_path)
    _mark_draft(root, "el")
    library = load_library(root)
    assert [str(error) for error in library.draft_errors] == []
    assert [language.code for language in library.drafts] == ["el"]
