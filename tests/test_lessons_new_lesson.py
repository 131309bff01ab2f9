"""A teacher adds an eleventh lesson by following lessons/README.md alone: the files it shows, copied into a copy of
lessons/, load without an error and the whole lesson suite passes on that copy, with no code change."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

from lessons import LESSONS_DIR, load_library
from lessons.structure import DEFAULT_COURSE

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
    """A copy of lessons/ (data and texts only) with the README's new lesson added; its id.

    The teacher may already have added lessons of her own: the example then comes in under a fresh id if hers took
    its id, and with the next order after the last lesson of its course if hers took its order (orders are unique),
    as she would number it herself. If she copied the example itself, it is there already and the copy is left as
    it is."""
    root = tmp_path / "lessons"
    shutil.copytree(LESSONS_DIR, root, ignore=shutil.ignore_patterns("*.py", "__pycache__", "*.md"))
    files = readme_files()
    (data_path,) = [path for path in files if path.startswith("lessons/data/")]
    lesson_id, data = Path(data_path).stem, tomllib.loads(files[data_path])
    if all((tmp_path / path).is_file() and (tmp_path / path).read_text(encoding="utf-8") == text
           for path, text in files.items()):
        return root, lesson_id
    present = load_library(root).lessons
    new_id = lesson_id
    while any(lesson.id == new_id for lesson in present):
        new_id += "_2"
    orders = {lesson.order for lesson in present}
    order = data["order"]
    if order in orders:
        order = max(lesson.order for lesson in present if lesson.course == data.get("course", DEFAULT_COURSE)) + 1
        while order in orders:
            order += 1
    for path, text in files.items():
        if path == data_path:
            text = text.replace(f'id = "{lesson_id}"', f'id = "{new_id}"', 1)
            text = re.sub(r"(?m)^order = \d+", f"order = {order}", text, count=1)
        target = tmp_path / path.replace(f"/{lesson_id}.toml", f"/{new_id}.toml")
        assert not target.exists(), f"the worked example would overwrite {target.relative_to(tmp_path)}"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    return root, new_id


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
    # The example joins its course where its order puts it: not necessarily last (a teacher may already have
    # added an eleventh lesson of her own with the same order).
    before = [lesson.id for lesson in load_library().lessons]
    assert sorted({lesson.id for lesson in library.lessons}) == sorted({*before, lesson_id})
    course = [lesson for lesson in library.lessons if lesson.course == added.course]
    assert added in course
    assert [(lesson.order, lesson.id) for lesson in course] == sorted((lesson.order, lesson.id) for lesson in course)
    suite = sorted(str(path.relative_to(ROOT)) for path in (ROOT / "tests").glob("test_lessons_*.py")
                   if path.name != Path(__file__).name)
    env = {**os.environ, "LAPLAZA_LESSONS": str(root)}
    result = subprocess.run([sys.executable, "-m", "pytest", "-v", "-p", "no:cacheprovider", *suite], cwd=ROOT,
                            env=env, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    ran = [line for line in result.stdout.splitlines() if lesson_id in line and "PASSED" in line]
    assert any("test_solution_completes_the_lesson_with_three_stars" in line for line in ran), result.stdout[-3000:]
    assert any(f"{lesson_id}:2" in line for line in ran)
