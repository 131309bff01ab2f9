"""The class view's table in words, for the screen and for the CSV download alike: one row per learner, their place
in every lesson, their practice level per skill, games played, and when they were last seen."""

from __future__ import annotations

import csv
import html
import io
from collections.abc import Sequence
from datetime import datetime

from practice import SKILL_IDS, get_skill

from .classes import ClassLearner, ClassReport
from .i18n import Words
from .widgets import stars_text

NOT_STARTED = "–"
LEVEL_MARKS = {"new": "·", "learning": "◐", "mastered": "●"}  # besides the words, never colour alone


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
    return words("teacher.seen.days", count=int(seconds // 86400))


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


def lesson_titles(words: Words, lessons: Sequence[tuple[str, int]]) -> list[str]:
    """The lesson columns' headings: number and title ("1 · The stock": "1." would start a markdown list)."""
    return [f"{n} · {words.texts.find(words.lang, 'title', lesson_id) or lesson_id}"
            for n, (lesson_id, _steps) in enumerate(lessons, start=1)]


def skill_titles(words: Words) -> list[str]:
    """The skill columns' headings."""
    return [words(get_skill(skill).title) for skill in SKILL_IDS]


def has_games(report: ClassReport) -> bool:
    """Whether the Play page records games (only then is there a games column)."""
    return any(learner.games is not None for learner in report.learners)


def header(words: Words, report: ClassReport, lessons: Sequence[tuple[str, int]]) -> list[str]:
    """The table's column headings: nickname, last seen, the lessons, the skills, games played if recorded."""
    games = [words("teacher.view.games")] if has_games(report) else []
    return [words("teacher.view.nickname"), words("teacher.view.last_seen"), *lesson_titles(words, lessons),
            *skill_titles(words), *games]


def rows(words: Words, report: ClassReport, lessons: Sequence[tuple[str, int]], now: datetime) -> list[list[str]]:
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


def to_csv(words: Words, report: ClassReport, lessons: Sequence[tuple[str, int]], now: datetime) -> str:
    """The class table as CSV (UTF-8 with a byte-order mark, so spreadsheet programs read the accents right)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(header(words, report, lessons))
    writer.writerows(_safe(row) for row in rows(words, report, lessons, now))
    return "\ufeff" + out.getvalue()


def _safe(row: list[str]) -> list[str]:
    """A row whose cells a spreadsheet will not run as formulas (a nickname may start with "-")."""
    return [f"'{cell}" if cell[:1] in ("=", "+", "-", "@") else cell for cell in row]


#: The class tables as the page draws them: a real HTML table (header cells, row headers, a caption) in a region
#: that scrolls sideways on a phone and can be reached with the keyboard to do so.
TABLE_CSS = """
<style>
.class-table { overflow-x: auto; margin-bottom: 0.75rem; border: 1px solid #cfd8c8; border-radius: 0.6rem; }
.class-table:focus-visible { outline: 2px solid #1f7a4a; outline-offset: 2px; }
.class-table table { border-collapse: collapse; width: 100%; font-size: 0.9rem; }
.class-table caption { text-align: left; font-weight: 600; padding: 0.5rem 0.6rem; caption-side: top; }
.class-table th, .class-table td { padding: 0.35rem 0.6rem; border-top: 1px solid #cfd8c8; text-align: left;
  vertical-align: top; white-space: nowrap; }
.class-table thead th { font-weight: 600; white-space: normal; min-width: 5.5rem; background: #e6efe4; }
.class-table tbody th { font-weight: 600; }
</style>
"""


def html_table(caption: str, header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """One class table as HTML: ``header`` across the top, each row headed by its first cell (the nickname);
    every text escaped, so a nickname is only ever shown as typed."""
    head = "".join(f'<th scope="col">{html.escape(name)}</th>' for name in header)
    body = "".join(
        "<tr>" + f'<th scope="row">{html.escape(row[0])}</th>'
        + "".join(f"<td>{html.escape(cell)}</td>" for cell in row[1:]) + "</tr>"
        for row in rows
    )
    label = html.escape(caption, quote=True)
    return (f'<div class="class-table" role="region" aria-label="{label}" tabindex="0"><table>'
            f"<caption>{html.escape(caption)}</caption><thead><tr>{head}</tr></thead><tbody>{body}</tbody>"
            "</table></div>")
