"""Shared test helpers.

Engine: ``ONE`` and ``PAIRS`` (La Plaza's two rule sets) and ``tiles("6-6 6-5")``, the shorthand engine tests write
hands in; test modules import them (``from tests.conftest import ONE, PAIRS, tiles``) rather than keep copies.

Lessons: the lesson library is loaded once per test run, from ``$LAPLAZA_LESSONS`` when set (the folder the app
reads too) or the project's own ``lessons/``, so the whole lesson suite can run on a copy holding a new lesson.
Tests ask for it with the ``library`` fixture; a test taking ``lesson``, ``plaza_lesson`` (a lesson of the La Plaza
course), ``lesson_step`` (an interactive step), ``lesson_wrong`` (a declared mistake) or ``language`` runs once for
each of them, ids like ``pegar:3``.

Storage: ``postgres_server``, one throwaway PostgreSQL server for the run (``tests/postgres.py``).

Browser: pytest-playwright's ``browser`` and ``page`` fixtures launch Debian's Chromium, kept off the network, for
every test that asks for them (the browser suite in ``tests/browser/`` and the two-server test alike); one browser
and one Playwright loop serve the whole run, so no test may start Playwright on its own.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from engine import Rules, Tile
from lessons import LESSONS_DIR, Coverage, Library, load_coverage, load_library
from tests.postgres import PostgresServer, PostgresUnavailable
from wording.texts import STRICT_VARIABLE

# Texts fail loudly under test: an unknown key or an unfilled placeholder raises (wording/texts.py), here and in
# every app server a test starts (they inherit the environment).
os.environ[STRICT_VARIABLE] = "1"

#: La Plaza 1-vs-1 and partnership, with their default house rules.
ONE = Rules.one_vs_one()
PAIRS = Rules.partnership()


#: Debian's Chromium (``make system`` installs it) and the flags that keep it headless and off the network.
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def tiles(text: str) -> list[Tile]:
    """`"6-6 6-5"` → the tiles, in order."""
    return [Tile.parse(word) for word in text.split()]


#: The La Plaza course (the lessons of issue 10: drills, one spelling, short texts); other courses have their own tests.
PLAZA = "la_plaza"

#: The environment variable naming the lessons folder (the app's own: app/library.py reads the same one).
LESSONS_ROOT_VARIABLE = "LAPLAZA_LESSONS"


def lessons_root() -> Path:
    """The lessons folder under test."""
    return Path(os.environ.get(LESSONS_ROOT_VARIABLE) or LESSONS_DIR)


@cache
def lesson_library() -> Library:
    """The lesson library under test, loaded once."""
    return load_library(lessons_root())


@pytest.fixture(scope="session")
def library() -> Library:
    """The lesson library under test."""
    return lesson_library()


def _parametrized(metafunc: pytest.Metafunc) -> set[str]:
    names: set[str] = set()
    for marker in metafunc.definition.iter_markers("parametrize"):
        argnames = marker.args[0]
        names.update(n.strip() for n in argnames.split(",")) if isinstance(argnames, str) else names.update(argnames)
    return names


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Run tests taking ``lesson``, ``lesson_step``, ``lesson_wrong`` or ``language`` once per item."""
    wanted = {"lesson", "plaza_lesson", "lesson_step", "lesson_wrong", "language"} & set(metafunc.fixturenames)
    wanted -= _parametrized(metafunc)
    if not wanted:
        return
    lib = lesson_library()
    if "lesson" in wanted:
        metafunc.parametrize("lesson", lib.lessons, ids=[lesson.id for lesson in lib.lessons])
    if "plaza_lesson" in wanted:
        plaza = [lesson for lesson in lib.lessons if lesson.course == PLAZA]
        metafunc.parametrize("plaza_lesson", plaza, ids=[lesson.id for lesson in plaza])
    if "lesson_step" in wanted:
        steps = [(lesson, step) for lesson in lib.lessons for step in lesson.steps if step.interactive]
        metafunc.parametrize("lesson_step", steps, ids=[f"{lesson.id}:{step.number}" for lesson, step in steps])
    if "lesson_wrong" in wanted:
        wrongs = [(lesson, step, i) for lesson in lib.lessons for step in lesson.steps for i in range(len(step.wrong))]
        metafunc.parametrize("lesson_wrong", wrongs, ids=[f"{lesson.id}:{step.number}:wrong{i}"
                                                          for lesson, step, i in wrongs])
    if "language" in wanted:
        codes = [language.code for language in lib.languages]
        metafunc.parametrize("language", codes, ids=codes)


@pytest.fixture(scope="session")
def lesson_coverage() -> Coverage:
    """The coverage map of the lessons folder under test."""
    return load_coverage(lessons_root() / "coverage.toml")


@pytest.fixture(scope="session")
def lessons_folder() -> Path:
    """The lessons folder under test (``$LAPLAZA_LESSONS`` or the project's ``lessons/``)."""
    return lessons_root()


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One throwaway PostgreSQL server for the whole run (each test makes its own database on it); its absence
    fails the tests that need it (CI installs it), never skips them."""
    try:
        server = PostgresServer().start()
    except PostgresUnavailable as exc:
        pytest.fail(f"this test needs a PostgreSQL server and could not start one:\n{exc}", pytrace=False)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    """Debian's Chromium, kept off the network."""
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}
