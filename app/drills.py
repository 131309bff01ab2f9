"""Practice sets as the visit holds them: start a set (one skill, a lesson's skills, or mixed), open one question by
its code, answer the question on screen — every answer goes to the learner's progress store."""

from __future__ import annotations

from app import signin
from app.state import Drill, Visit
from app.storage.progress import Answer
from app.urls import quoted
from practice import SKILL_IDS, PracticeSet, Result, question_from_code, skills_of_lesson
from wording import Message

SET_SIZE = 10


def start(visit: Visit, skills: tuple[str, ...]) -> None:
    """Start a set of ``SET_SIZE`` questions; the skills the learner recently got wrong come back more often."""
    recent = visit.account.store.load(visit.account.learner).answers
    visit.place.drills += 1
    visit.place.drill = Drill(skills, visit.place.drills, run=PracticeSet(SET_SIZE, skills, recent=recent))


def open_code(visit: Visit, code: str) -> Message | None:
    """Show the one question a code (from the address, or typed) stands for; when it is not a code, nothing changes
    and the notice saying why is returned, quoting the code as plain text."""
    try:
        question = question_from_code(code)
    except ValueError:
        return refused_code(code)
    visit.place.drills += 1
    visit.place.drill = Drill((question.skill,), visit.place.drills, single=question)
    return None


def refused_code(code: str) -> Message:
    """Why ``code`` opens no question: a code names a skill that does not exist, or is no code at all."""
    skill, dash, seed = code.strip().lower().partition("-")
    if dash and skill.isascii() and skill.isalpha() and seed.isascii() and seed.isdigit() and skill not in SKILL_IDS:
        return Message.of("notice.unknown_skill", code=quoted(code), skill=quoted(skill))
    return Message.of("notice.unknown_code", code=quoted(code))


def lesson_skills(lesson_id: str) -> tuple[str, ...]:
    """The skills that practise what a lesson teaches."""
    return tuple(skill.id for skill in skills_of_lesson(lesson_id))


def number(drill: Drill) -> int:
    """The number of the question on screen within its set (1 for a question opened by its code)."""
    if drill.run is None:
        return 1
    return len(drill.run.results) + (0 if drill.shown is not None else 1)


def answer(visit: Visit, chosen: frozenset[int]) -> None:
    """Answer the question on screen with the options ``chosen`` (none: asked to pick first); nothing happens
    while an answer is already on show."""
    drill = visit.place.drill
    if drill is None or drill.shown is not None:
        return
    if not chosen:
        visit.place.notices.append(Message("practice.pick_all"))
        return
    if drill.single is not None:
        result = Result(drill.single, chosen, drill.single.is_correct(chosen))
    elif drill.run is not None and not drill.run.done:
        result = drill.run.answer(chosen)
    else:
        return
    drill.shown = result
    signin.keep_record(visit)
    visit.account.store.record_answer(visit.account.learner, Answer(result.skill, result.code, result.correct))


def next_question(visit: Visit) -> None:
    """On from an answered question: the next one of the set (after a question opened by its code: a new set of
    that skill)."""
    drill = visit.place.drill
    if drill is None:
        return
    if drill.single is not None:
        start(visit, drill.skills)
    else:
        drill.shown = None
