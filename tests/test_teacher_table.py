"""The class table in words: last seen as a person says it, and a CSV no spreadsheet runs as formulas."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from app import class_table
from app.class_table import seen_text, to_csv
from app.classes import ClassLearner, ClassReport, SchoolClass
from app.i18n import Words
from app.teacher_page import plain, secret_of
from tests.app_support import LIBRARY

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(("ago", "key", "count"), [
    (timedelta(seconds=5), "teacher.seen.now", None),
    (timedelta(minutes=7, seconds=59), "teacher.seen.minutes", 7),
    (timedelta(hours=3, minutes=1), "teacher.seen.hours", 3),
    (timedelta(days=2, hours=5), "teacher.seen.days", 2),
])
def test_last_seen_reads_as_a_person_says_it(ago: timedelta, key: str, count: int | None) -> None:
    words = Words(LIBRARY.texts, "es")
    assert seen_text(words, NOW - ago, NOW) == words(key, count=count)
    assert seen_text(words, None, NOW) == words("teacher.seen.never")


def test_a_csv_cell_never_starts_a_formula() -> None:
    report = ClassReport(SchoolClass("KMR-482", "5B"), (ClassLearner("Ana", "kmr-482/ana", None),))
    words = Words(LIBRARY.texts, "en")
    text = to_csv(words, report, [("pila", 9)], NOW)
    assert text.startswith("\ufeff") and "Ana" in text
    assert class_table._safe(["=1+1", "+3", "-x", "@y", "", "ok"]) == ["'=1+1", "'+3", "'-x", "'@y", "", "ok"]


def test_a_pasted_link_or_a_bare_secret_gives_the_secret() -> None:
    assert secret_of("https://school.example/teacher?lang=pap&key=abc-_12") == "abc-_12"
    assert secret_of("  abc-_12 ") == "abc-_12"
    assert secret_of("https://school.example/teacher?lang=pap") == ""


def test_names_keep_their_characters_inside_markdown() -> None:
    assert plain("5.B_*x*") == "5\\.B\\_\\*x\\*"
