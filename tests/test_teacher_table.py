"""The class tables in words and in numbers: last seen as a person says it, the class record and the lesson steps
record as CSV (read back with the csv module: the class and the export time first, then numbers only, ISO 8601
times, no cell a spreadsheet runs as a formula), file names from the class name, and the names a teacher types."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta, timezone

import pytest

from app.i18n import Words, plain
from app.pages.teacher_page import secret_of
from app.pages.teacher_roster import names_of
from app.storage.classes import ClassLearner, ClassReport, SchoolClass
from app.storage.progress import LessonProgress, StepResult
from app.widgets import class_table
from app.widgets.class_table import csv_file_name, iso_time, seen_text, slug, steps_csv, to_csv
from practice import SKILL_IDS
from tests.app_support import LANGUAGES, LIBRARY

NOW = datetime(2026, 12, 1, 22, 15, 4, tzinfo=UTC)
LESSONS = [("pila", 4), ("pegar", 3)]
KLAS = SchoolClass("KMR-482", "Klas 4A", NOW)


@pytest.mark.parametrize(("ago", "key", "count"), [
    (timedelta(seconds=5), "teacher.seen.now", None),
    (timedelta(minutes=7, seconds=59), "teacher.seen.minutes", 7),
    (timedelta(hours=3, minutes=1), "teacher.seen.hours", 3),
    (timedelta(days=1, hours=5), "teacher.seen.day", None),
    (timedelta(days=2, hours=5), "teacher.seen.days", 2),
])
def test_last_seen_reads_as_a_person_says_it(ago: timedelta, key: str, count: int | None) -> None:
    words = Words(LIBRARY.texts, "es")
    assert seen_text(words, NOW - ago, NOW) == words(key, count=count)
    assert seen_text(words, None, NOW) == words("teacher.seen.never")


def test_one_day_is_said_in_the_singular_in_every_language() -> None:
    for lang in ("pap", "es", "en", "el", "eo"):
        said = seen_text(Words(LIBRARY.texts, lang), NOW - timedelta(days=1, hours=2), NOW)
        assert "1" not in said and said == LIBRARY.texts.get(lang, "teacher.seen.day"), (lang, said)


def report() -> ClassReport:
    """Ana finished pila (2 stars, every step done, 3 mistakes and a hint in step 2) and answered practice; Ben is
    on the roster and has done nothing yet; "-Cy" has a nickname a spreadsheet would read as a formula."""
    ana = ClassLearner(
        "Ana", "m:ana", NOW - timedelta(minutes=3),
        lessons={"pila": LessonProgress("pila", 4, 2, True, NOW - timedelta(minutes=3)),
                 "pegar": LessonProgress("pegar", 2, 0, False, NOW - timedelta(minutes=3))},
        steps={("pila", 1): StepResult(True, 0, 0), ("pila", 2): StepResult(True, 3, 1),
               ("pila", 3): StepResult(True, 1, 0), ("pila", 4): StepResult(True, 0, 0),
               ("pegar", 1): StepResult(True, 2, 2)},
        answers={"fits": (5, 6), "lacks": (0, 2)},
    )
    ben = ClassLearner("Ben", "m:ben", None)
    cy = ClassLearner("-Cy", "m:cy", NOW)
    return ClassReport(KLAS, (ana, ben, cy))


def read(text: str) -> list[list[str]]:
    assert text.startswith("\ufeff")  # spreadsheet programs read the accents right
    return list(csv.reader(io.StringIO(text.removeprefix("\ufeff"))))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_class_record_opens_with_the_class_and_the_export_time_then_numbers(lang: str) -> None:
    words = Words(LIBRARY.texts, lang)
    rows = read(to_csv(words, report(), LESSONS, NOW))
    assert rows[:4] == [[words("teacher.csv.class"), "Klas 4A"], [words("teacher.csv.code"), "KMR-482"],
                        [words("teacher.csv.exported"), "2026-12-01T22:15:04Z"], []]
    header, ana, ben, cy = rows[4:]
    pila = f"1 · {LIBRARY.texts.find(lang, 'title', 'pila')}"
    assert header[:6] == [words("teacher.csv.nickname"), words("teacher.csv.last_seen"),
                          words("teacher.csv.stars", lesson=pila), words("teacher.csv.steps_done", lesson=pila),
                          words("teacher.csv.mistakes", lesson=pila), words("teacher.csv.hints", lesson=pila)]
    assert len(header) == 2 + 4 * len(LESSONS) + 2 * len(SKILL_IDS) == len(ana) == len(ben)
    assert ana[:10] == ["Ana", "2026-12-01T22:12:04Z", "2", "4", "4", "1", "0", "1", "2", "2"]
    fits = SKILL_IDS.index("fits")
    assert ana[10 + 2 * fits:12 + 2 * fits] == ["5", "6"]
    assert ben[:2] == ["Ben", ""] and set(ben[2:]) == {"0"}  # on the roster, nothing done: zeros, no phrases
    assert all(cell.isdigit() for row in (ana, ben, cy) for cell in row[2:])
    assert cy[0] == "'-Cy"  # never a formula


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_lesson_steps_record_has_a_row_per_learner_lesson_and_step(lang: str) -> None:
    words = Words(LIBRARY.texts, lang)
    rows = read(steps_csv(words, report(), LESSONS, NOW))
    assert rows[2] == [words("teacher.csv.exported"), "2026-12-01T22:15:04Z"] and rows[3] == []
    header, *table = rows[4:]
    assert header == [words("teacher.csv.nickname"), words("teacher.csv.lesson"), words("teacher.csv.step"),
                      words("teacher.csv.done"), words("teacher.csv.step_mistakes"), words("teacher.csv.step_hints")]
    assert len(table) == 3 * (4 + 3)  # three learners, every step of both lessons
    pila = f"1 · {LIBRARY.texts.find(lang, 'title', 'pila')}"
    pegar = f"2 · {LIBRARY.texts.find(lang, 'title', 'pegar')}"
    assert table[1] == ["Ana", pila, "2", "1", "3", "1"]
    assert table[4] == ["Ana", pegar, "1", "1", "2", "2"]
    assert table[5] == ["Ana", pegar, "2", "0", "0", "0"]
    assert [row[0] for row in table] == ["Ana"] * 7 + ["Ben"] * 7 + ["'-Cy"] * 7


def test_a_csv_cell_never_starts_a_formula() -> None:
    assert class_table._safe(["=1+1", "+3", "-x", "@y", "", "ok", 5]) == ["'=1+1", "'+3", "'-x", "'@y", "", "ok", 5]
    school_class = SchoolClass("KMR-482", "=HYPERLINK(\"http://ev.il\")")
    rows = read(to_csv(Words(LIBRARY.texts, "en"), ClassReport(school_class), LESSONS, NOW))
    assert rows[0][1].startswith("'=")


@pytest.mark.parametrize(("name", "stem"), [("Klas 4A", "klas-4a"), ("  5B   Santa Rosa ", "5b-santa-rosa"),
                                            ("Año 6º: Matemáticas!", "ano-6o-matematicas"),
                                            ("Τάξη Β΄", "ταξη-β"), ("../../etc/passwd", "etc-passwd"),
                                            ("***", "")])
def test_a_file_name_is_made_from_the_class_name_and_the_export_time(name: str, stem: str) -> None:
    assert slug(name) == stem
    shown = csv_file_name(SchoolClass("KMR-482", name), NOW)
    first = stem or "kmr-482"  # a name with no letter or digit: the class code
    assert shown == f"{first}-2026-12-01T2215Z.csv"
    assert csv_file_name(SchoolClass("KMR-482", name), NOW, "steps") == f"{first}-steps-2026-12-01T2215Z.csv"
    assert "/" not in shown and "\\" not in shown


def test_times_are_iso_8601_in_utc() -> None:
    curacao = timezone(timedelta(hours=-4))
    assert iso_time(datetime(2026, 12, 1, 18, 15, 4, tzinfo=curacao)) == "2026-12-01T22:15:04Z"
    assert iso_time(None) == ""


def test_names_are_read_one_a_line_or_between_commas() -> None:
    assert names_of("Ana, Ben\n  Cira  Maria \r\n\n;Dee\tEd,,") == ["Ana", "Ben", "Cira Maria", "Dee", "Ed"]
    assert names_of(" \n , ") == []


def test_a_pasted_link_or_a_bare_secret_gives_the_secret() -> None:
    assert secret_of("https://school.example/teacher?lang=pap&key=abc-_12") == "abc-_12"
    assert secret_of("  abc-_12 ") == "abc-_12"
    assert secret_of("https://school.example/teacher?lang=pap") == ""


def test_names_keep_their_characters_inside_markdown() -> None:
    assert plain("5.B_*x*") == "5\\.B\\_\\*x\\*"
    table = class_table.html_table("<c>", ["<b>"], [["<i>x</i>", "&"]])
    assert "&lt;i&gt;x&lt;/i&gt;" in table and "&amp;" in table and "&lt;b&gt;" in table
    assert "<i>" not in table and "<b>" not in table and "<c>" not in table
