"""Practice worksheets to print: ten questions made by the practice generators from one worksheet code, so the same
code always gives the same sheet (``sheet-4821`` mixes every skill, ``sheet-pegar-4821`` keeps to one lesson's
skills); the tables as pictures, boxes to tick, and an answer page at the end."""

from __future__ import annotations

import random
import re

from app.i18n import Words
from app.printing.page import BODY, HEADER, HEADING, MUTED, SMALL, TITLE, Document
from app.widgets.lesson_table import PHONE_SCALE, PROJECTOR_SIZE, picture
from lessons import Library
from practice import SEED_LIMIT, SKILL_IDS, Question, generate, skills_of_lesson
from render import TableView

SHEET_SIZE = 10
_CODE = re.compile(r"^sheet-(?:(?P<lesson>[a-z]+)-)?(?P<seed>[0-9]{1,6})$")
LETTERS = "ABCDEFGHIJ"
BOX = "☐"
QUESTION_PICTURE_HEIGHT = 420
SHORT_OPTION = 14  # options this short sit on one line, as on the practice page


def worksheet_code(seed: int, lesson: str | None = None) -> str:
    """The code of a worksheet: ``sheet-4821``, or ``sheet-pegar-4821`` for one lesson's skills."""
    if not 0 <= seed < SEED_LIMIT:
        raise ValueError(f"seed {seed!r}: use a whole number from 0 to {SEED_LIMIT - 1}")
    if lesson is not None and not skills_of_lesson(lesson):
        raise ValueError(f"lesson {lesson!r} has no practice skills")
    return f"sheet-{lesson}-{seed}" if lesson else f"sheet-{seed}"


def new_worksheet_code(lesson: str | None = None, rng: random.Random | None = None) -> str:
    """A fresh worksheet code."""
    return worksheet_code((rng or random.SystemRandom()).randrange(SEED_LIMIT), lesson)


def parse_worksheet_code(code: str) -> tuple[str | None, int]:
    """(lesson or None, seed) of a worksheet code; ``ValueError`` quoting the code when it is not one."""
    match = _CODE.match(code.strip().lower()) if isinstance(code, str) else None
    if match is None:
        raise ValueError(f"not a worksheet code: {code!r}; write it like 'sheet-4821' or 'sheet-pegar-4821'")
    lesson = match["lesson"]
    if lesson is not None and not skills_of_lesson(lesson):
        raise ValueError(f"not a worksheet code: {code!r}; lesson {lesson!r} has no practice skills")
    return lesson, int(match["seed"])


def worksheet_questions(code: str, size: int = SHEET_SIZE) -> tuple[Question, ...]:
    """The sheet's questions: the skills taken in turn (shuffled by the code), each with its own seed, no question
    twice."""
    lesson, seed = parse_worksheet_code(code)
    skills = [skill.id for skill in skills_of_lesson(lesson)] if lesson else list(SKILL_IDS)
    rng = random.Random(f"worksheet-{lesson or 'all'}-{seed}")
    order = [skills[i % len(skills)] for i in range(size)]
    rng.shuffle(order)
    questions: list[Question] = []
    used: set[str] = set()
    for skill in order:
        question_seed = rng.randrange(SEED_LIMIT)
        while f"{skill}-{question_seed}" in used:
            question_seed = rng.randrange(SEED_LIMIT)
        used.add(f"{skill}-{question_seed}")
        questions.append(generate(skill, question_seed))
    return tuple(questions)


def question_view(question: Question, words: Words) -> TableView:
    """How a question's table is drawn on paper: as the practice page draws it, landscape."""
    return TableView(**question.table_view(), labels=words.role_labels(), scale=PHONE_SCALE, size=PROJECTOR_SIZE)


def worksheet(library: Library, code: str, lang: str) -> Document:
    """The worksheet of ``code`` in ``lang``: the questions, then the answers on a page of their own."""
    words = Words(library.texts, lang)
    questions = worksheet_questions(code)
    code = code.strip().lower()
    doc = Document(f"{words('app.title')} — {words('teacher.print.worksheet')} {code}",
                   footer=f"{words('app.title')} · {words('teacher.print.worksheet')} {code}")
    doc.new_page()
    doc.text(words("teacher.print.worksheet"), TITLE, bold=True, color=HEADING, after=6)
    doc.text(words("teacher.print.worksheet_code", code=code), SMALL, color=MUTED, after=16)
    doc.text(words("teacher.print.name_line"), BODY, after=20)
    doc.rule()
    for number, question in enumerate(questions, start=1):
        _question(doc, words, number, question)
    _answers(doc, library, words, questions, lang)
    return doc


def _question(doc: Document, words: Words, number: int, question: Question) -> None:
    """One question: its prompt and notes, the table, the options with boxes to tick (short ones on one line)."""
    prompt = f"{number}. {words.render(question.prompt)}"
    options = [f"{BOX} {LETTERS[i]}. {words.render(option.label)}" for i, option in enumerate(question.options)]
    short = all(len(words.render(option.label)) <= SHORT_OPTION for option in question.options)
    lines = ["      ".join(options)] if short else options
    notes = [words.render(note) for note in question.notes]
    needed = (doc.height_of(prompt, BODY, bold=True) + QUESTION_PICTURE_HEIGHT + 60
              + sum(doc.height_of(line, BODY, indent=24) + 6 for line in lines)
              + sum(doc.height_of(note, SMALL, indent=36) + 4 for note in notes))
    doc.keep(needed)
    doc.text(prompt, BODY, bold=True, after=8)
    for note in notes:
        doc.text(note, SMALL, color=MUTED, indent=36, after=4)
    drawn, _palette = picture(question.position, question_view(question, words))
    doc.picture(drawn, QUESTION_PICTURE_HEIGHT, after=12)
    for line in lines:
        doc.text(line, BODY, indent=24, after=6)
    doc.y += 6
    doc.rule()


def _answers(doc: Document, library: Library, words: Words, questions: tuple[Question, ...], lang: str) -> None:
    """The answer page: each question's right letters and answer, why, and the lesson step that teaches it."""
    doc.new_page()
    doc.text(words("teacher.print.answers"), HEADER, bold=True, color=HEADING, after=16)
    for number, question in enumerate(questions, start=1):
        right = sorted(question.correct)
        letters = ", ".join(LETTERS[i] for i in right)
        answer = ", ".join(words.render(question.options[i].label) for i in right)
        doc.keep(doc.height_of(answer, BODY) + 120)
        doc.text(f"{number}. {letters} — {answer}", BODY, bold=True, after=4)
        doc.text(words.render(question.reason), SMALL, indent=36, after=4)
        title = library.texts.find(lang, "title", question.lesson) or question.lesson
        doc.text(words("teacher.print.answer_source", code=question.code, lesson=title, step=question.step),
                 SMALL, color=MUTED, indent=36, after=14)
