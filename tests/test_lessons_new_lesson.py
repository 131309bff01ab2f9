"""A teacher adds an eleventh lesson by following lessons/README.md alone: the files it shows, copied into a copy of
lessons/, load without an error and the whole lesson suite passes on that copy, with no code change."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

from lessons import LESSONS_DIR, load_library

ROOT = Path(__file__).resolve().parents[1]
README = LESSONS_DIR / "README.md"
#: "1. `lessons/data/x.toml`:" then an indented ```toml block: a file the worked example asks for.
_FILE_BLOCK = re.compile(r"`(?P<path>lessons/[\w/]+\.toml)`:\s*\n\s*\n(?P<indent>[ ]*)```toml\n(?P<body>.*?)\n[ ]*```",
                         re.DOTALL)


def readme_files() -> dict[str, str]:
    """The files of the README's worked example, by path."""
    found = {match["path"]: textwrap.dedent(match["body"]) + "\n" for match in _FILE_BLOCK.finditer(README.read_text())}
    assert found, "the README's worked example shows no files"
    return found


def copy_with_new_lesson(tmp_path: Path) -> tuple[Path, str]:
    """A copy of lessons/ (data and texts only) with the README's new lesson added; its id."""
    root = tmp_path / "lessons"
    shutil.copytree(LESSONS_DIR, root, ignore=shutil.ignore_patterns("*.py", "__pycache__", "*.md"))
    new_ids = set()
    for path, text in readme_files().items():
        target = tmp_path / path
        assert not target.exists(), f"the worked example would overwrite {path}"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        new_ids.add(Path(path).stem)
    assert len(new_ids) == 1
    return root, new_ids.pop()


def test_the_readme_shows_a_data_file_and_a_texts_file_for_every_language() -> None:
    languages = [language.code for language in load_library().languages]
    paths = set(readme_files())
    (data,) = [path for path in paths if path.startswith("lessons/data/")]
    lesson_id = Path(data).stem
    assert paths == {data, *(f"lessons/texts/{code}/{lesson_id}.toml" for code in languages)}


def test_a_lesson_added_by_following_the_readme_passes_the_lesson_suite(tmp_path: Path) -> None:
    root, lesson_id = copy_with_new_lesson(tmp_path)
    library = load_library(root)
    assert [str(error) for error in library.errors] == []
    added = library.lesson(lesson_id)
    course = [lesson.id for lesson in library.lessons if lesson.course == added.course]
    assert course[-1] == lesson_id and len(library.lessons) == len(load_library().lessons) + 1
    suite = sorted(str(path.relative_to(ROOT)) for path in (ROOT / "tests").glob("test_lessons_*.py")
                   if path.name != Path(__file__).name)
    env = {**os.environ, "LAPLAZA_LESSONS": str(root)}
    result = subprocess.run([sys.executable, "-m", "pytest", "-v", "-p", "no:cacheprovider", *suite], cwd=ROOT,
                            env=env, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    ran = [line for line in result.stdout.splitlines() if lesson_id in line and "PASSED" in line]
    assert any("test_solution_completes_the_lesson_with_three_stars" in line for line in ran), result.stdout[-3000:]
    assert any(f"{lesson_id}:2" in line for line in ran)
