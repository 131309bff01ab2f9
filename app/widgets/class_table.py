"""The class view's tables, for the screen and for the CSV downloads: one row per learner, their place in every
lesson, their practice level per skill, games played, and when they were last seen — in words on the screen, in
numbers in the class record (CSV) and in the lesson steps record."""

from __future__ import annotations

import csv
import html
import io
import re
import unicodedata
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime

from app.i18n import Words
from app.storage.classes import ClassLearner, ClassReport, SchoolClass
from app.widgets.common import stars_text
from practice import SKILL_IDS, get_skill

NOT_STARTED = "–"
LEVEL_MARKS = {"new": "·", "learning": "◐", "mastered": "●"}  # besides the words, never colour alone
SLUG_MAX = 40

Lessons = Sequence[tuple[str, int]]  # (lesson id, number of steps), in course order


def seen_text(words: Words, when: datetime | None, now: datetime) -> str:
    """When a learner was last seen, as a person says it: just now, 5 min ago, 2 h ago, 3 days ago, never."""
    if when is None:
        return words("teacher.seen.never")
    seconds = max(0, (now - when).total_seconds())
    if seconds < 60:
        return words("teacher.seen.now")
    if seconds < 3600:
        return words("teacher.seen.minutes", count=int(seconds // 60))
    if seconds < 86400:
        return words("teacher.seen.hours", count=int(seconds // 3600))
    days = int(seconds // 86400)
    return words("teacher.seen.day") if days == 1 else words("teacher.seen.days", count=days)


def lesson_cell(words: Words, learner: ClassLearner, lesson_id: str, steps: int) -> str:
    """One learner in one lesson: the stars once finished, else the step they are at, else a dash."""
    lesson = learner.lesson(lesson_id)
    if lesson.finished:
        return stars_text(lesson.stars)
    if lesson.updated is None:
        return NOT_STARTED
    return words("teacher.view.step", step=lesson.step, count=steps)


def skill_cell(words: Words, learner: ClassLearner, skill_id: str) -> str:
    """One learner's level in one practice skill, a mark and words (``● Mastered``)."""
    level = learner.mastery.get(skill_id)
    if level is None or level.level == "new":
        return f"{LEVEL_MARKS['new']} {words('teacher.level.new')}"
    if level.level == "mastered":
        return f"{LEVEL_MARKS['mastered']} {words('teacher.level.mastered')}"
    return f"{LEVEL_MARKS['learning']} {words('teacher.level.learning', right=level.right, answered=level.answered)}"


def lesson_titles(words: Words, lessons: Lessons) -> list[str]:
    """The lesson columns' headings: number and title ("1 · The stock": "1." would start a markdown list)."""
    return [f"{n} · {words.texts.find(words.lang, 'title', lesson_id) or lesson_id}"
            for n, (lesson_id, _steps) in enumerate(lessons, start=1)]


def skill_titles(words: Words) -> list[str]:
    """The skill columns' headings."""
    return [words(get_skill(skill).title) for skill in SKILL_IDS]


def has_games(report: ClassReport) -> bool:
    """Whether the Play page records games (only then is there a games column)."""
    return any(learner.games is not None for learner in report.learners)


def header(words: Words, report: ClassReport, lessons: Lessons) -> list[str]:
    """The table's column headings: nickname, last seen, the lessons, the skills, games played if recorded."""
    games = [words("teacher.view.games")] if has_games(report) else []
    return [words("teacher.view.nickname"), words("teacher.view.last_seen"), *lesson_titles(words, lessons),
            *skill_titles(words), *games]


def rows(words: Words, report: ClassReport, lessons: Lessons, now: datetime) -> list[list[str]]:
    """One row of text per learner, in the order of `header`."""
    games = has_games(report)
    table = []
    for learner in report.learners:
        row = [learner.nickname, seen_text(words, learner.last_seen, now)]
        row += [lesson_cell(words, learner, lesson_id, steps) for lesson_id, steps in lessons]
        row += [skill_cell(words, learner, skill) for skill in SKILL_IDS]
        if games:
            row.append(str(learner.games or 0))
        table.append(row)
    return table


# --------------------------------------------------------------------------------------------- the CSV records


def iso_time(when: datetime | None) -> str:
    """A moment as ISO 8601 in UTC, to the second (``2026-12-01T22:15:04Z``); "" for never."""
    return when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ") if when is not None else ""


def slug(name: str) -> str:
    """A class name as a file name's first part: lower case, accents dropped, words joined by hyphens
    (``"Klas 4A"`` → ``"klas-4a"``)."""
    folded = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", name).casefold())
    letters = "".join(char for char in folded if not unicodedata.combining(char))
    return re.sub(r"[\W_]+", "-", letters).strip("-")[:SLUG_MAX].strip("-")


def csv_file_name(school_class: SchoolClass, now: datetime, part: str = "") -> str:
    """The file name of a CSV record: the class name and the moment of the export (``klas-4a-2026-12-01T2215Z.csv``;
    ``part`` names a second record of the same export, ``klas-4a-steps-…``)."""
    stem = slug(school_class.name) or school_class.code.lower()
    stamp = now.astimezone(UTC).strftime("%Y-%m-%dT%H%MZ")
    return f"{stem}-{part + '-' if part else ''}{stamp}.csv"


def _opening(words: Words, school_class: SchoolClass, now: datetime) -> list[list[str]]:
    """A record's first rows: which class, its code, when it was exported; then an empty row."""
    return [[words("teacher.csv.class"), school_class.name], [words("teacher.csv.code"), school_class.code],
            [words("teacher.csv.exported"), iso_time(now)], []]


def record_header(words: Words, lessons: Lessons) -> list[str]:
    """The class record's column headings: nickname, last seen, four numbers per lesson, two per skill."""
    columns = [words("teacher.csv.nickname"), words("teacher.csv.last_seen")]
    for title in lesson_titles(words, lessons):
        columns += [words(f"teacher.csv.{what}", lesson=title) for what in ("stars", "steps_done", "mistakes", "hints")]
    for title in skill_titles(words):
        columns += [words("teacher.csv.right", skill=title), words("teacher.csv.answered", skill=title)]
    return columns


def record_row(learner: ClassLearner, lessons: Lessons) -> list[str | int]:
    """One learner in numbers, in the order of `record_header`."""
    row: list[str | int] = [learner.nickname, iso_time(learner.last_seen)]
    for lesson_id, _steps in lessons:
        results = [result for (lesson, _step), result in learner.steps.items() if lesson == lesson_id]
        row += [learner.lesson(lesson_id).stars, sum(result.done for result in results),
                sum(result.mistakes for result in results), sum(result.hints for result in results)]
    for skill in SKILL_IDS:
        right, answered = learner.answers.get(skill, (0, 0))
        row += [right, answered]
    return row


def to_csv(words: Words, report: ClassReport, lessons: Lessons, now: datetime) -> str:
    """The class record as CSV: which class and when, then a row of numbers per learner (stars 0–3, steps done,
    mistakes and hints per lesson; answers right and in all per skill)."""
    table = [record_header(words, lessons), *(record_row(learner, lessons) for learner in report.learners)]
    return _csv([*_opening(words, report.school_class, now), *table])


def steps_csv(words: Words, report: ClassReport, lessons: Lessons, now: datetime) -> str:
    """The lesson steps record as CSV: which class and when, then one row per learner, lesson and step with whether
    it was done and the mistakes and hints it took."""
    titles = lesson_titles(words, lessons)
    table: list[list[str | int]] = [[words("teacher.csv.nickname"), words("teacher.csv.lesson"),
                                     words("teacher.csv.step"), words("teacher.csv.done"),
                                     words("teacher.csv.step_mistakes"), words("teacher.csv.step_hints")]]
    for learner in report.learners:
        for title, (lesson_id, steps) in zip(titles, lessons, strict=True):
            for number in range(1, steps + 1):
                result = learner.steps.get((lesson_id, number))
                done, mistakes, hints = (result.done, result.mistakes, result.hints) if result else (False, 0, 0)
                table.append([learner.nickname, title, number, int(done), mistakes, hints])
    return _csv([*_opening(words, report.school_class, now), *table])


def _csv(table: Iterable[Sequence[str | int]]) -> str:
    """Rows as CSV (UTF-8 with a byte-order mark, so spreadsheet programs read the accents right)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerows(_safe(row) for row in table)
    return "\ufeff" + out.getvalue()


def _safe(row: Sequence[str | int]) -> list[str | int]:
    """A row whose cells a spreadsheet will not run as formulas (a nickname may start with "-")."""
    return [f"'{cell}" if isinstance(cell, str) and cell[:1] in ("=", "+", "-", "@") else cell for cell in row]


# --------------------------------------------------------------------------------------------- the tables on screen


#: The class tables as the page draws them: a real HTML table (header cells, row headers, a caption) in a region
#: that scrolls sideways and can be reached with the keyboard to do so; the nickname column stays in place while
#: the lesson columns scroll under it. ``projector`` tables are set larger, to be read from the back of a room.
TABLE_CSS = """
<style>
.class-table { overflow-x: auto; margin-bottom: 0.75rem; border: 1px solid #cfd8c8; border-radius: 0.6rem;
  background: #f7f4ea; }
.class-table:focus-visible { outline: 2px solid #1f7a4a; outline-offset: 2px; }
.class-table table { border-collapse: separate; border-spacing: 0; min-width: 100%; font-size: 0.9rem; }
.class-table caption { text-align: left; font-weight: 600; padding: 0.5rem 0.6rem; caption-side: top;
  position: sticky; left: 0; width: max-content; }
.class-table th, .class-table td { padding: 0.35rem 0.6rem; border-top: 1px solid #cfd8c8; text-align: left;
  vertical-align: top; white-space: nowrap; }
.class-table thead th { font-weight: 600; white-space: normal; min-width: 5.5rem; background: #e6efe4; }
.class-table tbody th { font-weight: 600; }
.class-table th:first-child { position: sticky; left: 0; z-index: 1; background: #f7f4ea;
  border-right: 2px solid #cfd8c8; min-width: 7rem; max-width: 14rem; white-space: normal; overflow-wrap: anywhere; }
.class-table thead th:first-child { z-index: 2; background: #e6efe4; }
.class-table.projector table { font-size: 1.35rem; }
.class-table.projector caption { font-size: 1.5rem; }
.class-table.projector thead th { min-width: 8rem; }
.class-table.projector th:first-child { min-width: 10rem; max-width: 20rem; }
</style>
"""


def html_table(caption: str, header: Sequence[str], rows: Sequence[Sequence[str]], projector: bool = False) -> str:
    """One class table as HTML: ``header`` across the top, each row headed by its first cell (the nickname);
    every text escaped, so a nickname is only ever shown as typed."""
    head = "".join(f'<th scope="col">{html.escape(name)}</th>' for name in header)
    body = "".join(
        "<tr>" + f'<th scope="row">{html.escape(row[0])}</th>'
        + "".join(f"<td>{html.escape(cell)}</td>" for cell in row[1:]) + "</tr>"
        for row in rows
    )
    label = html.escape(caption, quote=True)
    kind = "class-table projector" if projector else "class-table"
    return (f'<div class="{kind}" role="region" aria-label="{label}" tabindex="0"><table>'
            f"<caption>{html.escape(caption)}</caption><thead><tr>{head}</tr></thead><tbody>{body}</tbody>"
            "</table></div>")
