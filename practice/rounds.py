"""Live rounds: a teacher's run of questions answered by a class at once — what a round asks, its phases, the
countdown, checking an answer, the tally, the right answer with its reason and the leaderboard.

Pure logic over values: the storage (``app/storage/rounds_sql.py``) keeps the state in the database and calls these
to decide every change, so two app servers decide alike. A round asks practice questions by their code
(``lacks-4821``) or a lesson's question step (``salida:5``); the right answer and every reason are the drills' own
(the generator's ``reason`` and each option's ``why``, a lesson step's declared feedback), never worked out again.
A lesson's one-move ``act`` step ("play the tile that…") is asked as a tap-to-play question: its options are the
engine's legal moves of the step's table, in the engine's order, and the learner's move is checked by the engine
(an illegal one is refused with the engine's reason); the accepted moves, each wrong move's feedback and the
explanation are the lesson runner's own.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any, Literal

from engine import Draw, IllegalMove, Move, Pass, Play, parse_move
from lessons.model import Lesson, Option, Step
from lessons.runner import LessonRunner
from wording.texts import Message, Ref

from .codes import SEED_LIMIT, format_code, parse_code, question_from_code
from .playout import NoSituation
from .question import Choice, Question
from .skills import SKILL_IDS, get_skill

Phase = Literal["open", "paused", "revealed", "over"]
PHASES: tuple[Phase, ...] = ("open", "paused", "revealed", "over")

#: The skills whose questions take one answer (a pick-all question is no quick tap on a phone); a set made for a
#: round draws from these.
ROUND_SKILLS: tuple[str, ...] = tuple(skill for skill in SKILL_IDS if skill != "fits")
MAX_QUESTIONS = 30
MAX_SECONDS = 600
ATTEMPTS = 50  # tries at a seed whose question takes one answer


class RoundRefused(ValueError):
    """A round action or an answer the round does not take; ``code`` names why (its text is ``round.refused.<code>``):
    ``closed`` (the round is over, or the question moved on or timed out), ``revealed``, ``paused``, ``answered``
    (already answered), ``not_in_class``, ``not_an_option``, ``stale`` (someone else changed the round first),
    ``not_a_question`` and ``multiple`` (a reference that is no one-answer question); for a tap-to-play question
    also ``not_a_move`` (no move at all) and ``illegal`` (the engine refused the move: its reason is ``error``)."""

    def __init__(self, code: str, detail: str = "", error: IllegalMove | None = None) -> None:
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code
        self.error = error


# ------------------------------------------------------------------------------------------------ what is asked


@dataclass(frozen=True)
class Item:
    """One question of a round as stored: a practice code (``lacks-4821``) or a lesson question (``salida:5``)."""

    kind: Literal["code", "lesson"]
    ref: str

    @property
    def text(self) -> str:
        """The stored form: ``code:lacks-4821`` or ``lesson:salida:5``."""
        return f"{self.kind}:{self.ref}"

    @classmethod
    def parse(cls, text: str) -> Item:
        """An item from its stored form; `RoundRefused` (``not_a_question``) quoting it otherwise."""
        kind, _, ref = str(text).partition(":")
        if kind == "code":
            skill, seed = parse_code(ref)
            return cls("code", format_code(skill, seed))
        lesson, _, step = ref.partition(":")
        if kind == "lesson" and lesson and step.isdigit():
            return cls("lesson", f"{lesson}:{int(step)}")
        raise RoundRefused("not_a_question", repr(text))

    @classmethod
    def code(cls, code: str) -> Item:
        """A practice question by its code (typed by the teacher: `ValueError` quoting it when it is no code)."""
        skill, seed = parse_code(code)
        return cls("code", format_code(skill, seed))

    @classmethod
    def lesson_step(cls, lesson_id: str, number: int) -> Item:
        """A lesson's question step."""
        return cls("lesson", f"{lesson_id}:{int(number)}")


@dataclass(frozen=True, eq=False)
class Asked:
    """A round's question as the phones show it and the server checks it: the prompt (and notes), the options, the
    right one, the reason; ``skill`` counts the answer in mastery (practice questions), ``lesson`` is the lesson
    whose texts the keys belong to; ``question`` or ``step`` is what the picture is drawn from. A tap-to-play
    question has ``moves``: the engine's legal moves of the step's table, one option each (same order), and
    ``accepted``: the options the step accepts (several ways may be right; ``correct`` is the step's solution)."""

    item: Item
    prompt: Message
    options: tuple[Choice, ...]
    correct: int
    reason: Message | None
    notes: tuple[Message, ...] = ()
    skill: str | None = None
    lesson: str | None = None
    question: Question | None = None
    step: Step | None = None
    moves: tuple[Move, ...] = ()
    accepted: frozenset[int] = frozenset()

    @property
    def taps(self) -> bool:
        """Whether the question is answered with a move on the table (tap-to-play), not with an option button."""
        return bool(self.moves)

    @property
    def rights(self) -> tuple[int, ...]:
        """The options that count as right, in order (one, except for a tap-to-play step accepting several ways)."""
        return tuple(sorted(self.accepted)) if self.accepted else (self.correct,)

    def is_right(self, option: int) -> bool:
        """Whether option number ``option`` is a right one; `RoundRefused` (``not_an_option``) for no option."""
        if isinstance(option, bool) or not isinstance(option, int) or not 0 <= option < len(self.options):
            raise RoundRefused("not_an_option", f"{option!r}: options are numbered 0 to {len(self.options) - 1}")
        return option in self.rights

    def option_of(self, move: Move | str) -> int:
        """The option a move on the table is (its place among the engine's legal moves), checked by the engine:
        `RoundRefused` ``illegal`` with the engine's refusal, ``not_a_move`` for no move, ``not_an_option`` when the
        question takes no move."""
        if not self.moves or self.step is None or self.step.position is None:
            raise RoundRefused("not_an_option", f"{move!r}: this question is answered with an option")
        try:
            made = parse_move(move) if isinstance(move, str) else move
        except (ValueError, TypeError):
            raise RoundRefused("not_a_move", repr(move)) from None
        if not isinstance(made, Play | Draw | Pass):
            raise RoundRefused("not_a_move", repr(move))
        error = self.step.position.check(made)
        if error is not None:
            raise RoundRefused("illegal", str(made), error=error)
        if made not in self.moves:  # legal, yet not among the legal moves: the engine would disagree with itself
            raise RoundRefused("not_a_move", str(made))
        return self.moves.index(made)

    def why(self, option: int | None) -> tuple[Message, ...]:
        """What a learner who picked ``option`` is told after the reveal: first what was wrong with that option (the
        drill's reason for it, when it has one), then why the right answer is right."""
        told = []
        if option is not None and option not in self.rights and 0 <= option < len(self.options):
            wrong = self.options[option].why
            if wrong is not None:
                told.append(wrong)
        if self.reason is not None:
            told.append(self.reason)
        return tuple(told)


def ask_question(question: Question) -> Asked:
    """A practice question as a round asks it (one answer only: `RoundRefused` ``multiple`` for a pick-all one)."""
    if question.multiple or len(question.correct) != 1:
        raise RoundRefused("multiple", question.code)
    (right,) = question.correct
    return Asked(Item("code", question.code), question.prompt, question.options, right, question.reason,
                 notes=question.notes, skill=question.skill, question=question)


def ask_step(lesson: Lesson, number: int) -> Asked:
    """A lesson's question step as a round asks it: its options, the one whose value is the engine's answer, the
    step's declared feedback for each wrong option and its showing hint as the reason. A drill slot (made fresh per
    learner) or a step that is no question is refused (``not_a_question``)."""
    if not 1 <= number <= len(lesson.steps):
        raise RoundRefused("not_a_question", f"{lesson.id}:{number}")
    step = lesson.steps[number - 1]
    if step.kind == "act":
        return ask_move(lesson, number)
    if step.kind != "question" or step.drill or not step.options:
        raise RoundRefused("not_a_question", f"{lesson.id}:{number}")
    right = [i for i, option in enumerate(step.options) if option.value == step.answer]
    if len(right) != 1:
        raise RoundRefused("multiple", f"{lesson.id}:{number}")
    options = []
    for option in step.options:
        declared = step.wrong_feedback(answer=option.value) if option.value != step.answer else None
        options.append(replace(option, why=option.why or (Message(declared) if declared else None)))
    prompt = step.message
    if prompt is None:
        raise RoundRefused("not_a_question", f"{lesson.id}:{number}")
    reason = step.hints[1] if step.hints is not None else None
    return Asked(Item.lesson_step(lesson.id, number), prompt, tuple(options), right[0], reason, lesson=lesson.id,
                 step=step)


def move_label(move: Move) -> Message:
    """A move in words, as a tap-to-play question's option and tally bar say it ("the 5-1 at the right end")."""
    if isinstance(move, Play):
        if move.end is None:
            return Message.of("round.move.lead", tile=str(move.tile))
        return Message.of("round.move.play", tile=str(move.tile), end=Ref(f"end.{move.end}"))
    return Message("round.move.draw" if isinstance(move, Draw) else "round.move.pass")


def ask_move(lesson: Lesson, number: int) -> Asked:
    """A lesson's one-move ``act`` step as a tap-to-play question: one option per legal move of the step's table
    (the engine's, in its order), the step's accepted moves right, each wrong move told the step's declared feedback
    for it (the lesson runner's, with its facts) when the step has one, and the step's showing hint (its own, or the
    runner's from the solution) as the reason. A step of more moves, a drill, or a step whose table depends on an
    earlier step's way is refused (``not_a_question``)."""
    if not 1 <= number <= len(lesson.steps):
        raise RoundRefused("not_a_question", f"{lesson.id}:{number}")
    step = lesson.steps[number - 1]
    position = step.position
    if (step.kind != "act" or step.drill or step.variants or step.follows is not None or position is None
            or not step.paths or any(len(path) != 1 for path in step.paths) or position.to_move != step.viewer
            or step.message is None):
        raise RoundRefused("not_a_question", f"{lesson.id}:{number}")
    moves = tuple(position.legal_moves())
    texts = [str(move) for move in moves]
    accepted = frozenset(texts.index(path[0]) for path in step.paths if path[0] in texts)
    if not accepted or step.solution[0] not in texts:
        raise RoundRefused("not_a_question", f"{lesson.id}:{number}")
    options = []
    for move in moves:
        why = None
        if texts.index(str(move)) not in accepted:
            said = _runner_at(lesson, number).act(move)
            if said.key != "wrong.generic":  # the step's declared feedback for it (or for any wrong move)
                why = said.message
        options.append(Option(str(move), move_label(move), why))
    runner = _runner_at(lesson, number)
    runner.hint()
    shown = runner.hint()  # the second level: the step's own showing hint, or the move itself from its solution
    return Asked(Item.lesson_step(lesson.id, number), step.message, tuple(options), texts.index(step.solution[0]),
                 shown.message, lesson=lesson.id, step=step, moves=moves, accepted=accepted)


def _runner_at(lesson: Lesson, number: int) -> LessonRunner:
    """A fresh lesson runner at step ``number`` (its judge of moves and giver of hints)."""
    runner = LessonRunner(lesson, seed=0)
    runner.goto(number)
    return runner


def question_steps(lesson: Lesson) -> tuple[int, ...]:
    """The numbers of a lesson's steps a round can ask (its written one-answer questions and its one-move act
    steps, asked as tap-to-play questions)."""
    found = []
    for step in lesson.steps:
        try:
            ask_step(lesson, step.number)
        except RoundRefused:
            continue
        found.append(step.number)
    return tuple(found)


def resolve(item: Item, lesson: Callable[[str], Lesson]) -> Asked:
    """What an item asks; ``lesson`` finds a loaded lesson by id (`KeyError` when it is not there)."""
    if item.kind == "code":
        return ask_question(question_from_code(item.ref))
    lesson_id, _, number = item.ref.partition(":")
    try:
        found = lesson(lesson_id)
    except KeyError:
        raise RoundRefused("not_a_question", item.ref) from None
    return ask_step(found, int(number))


def draw_set(skills: Sequence[str], count: int, rng: random.Random) -> tuple[Item, ...]:
    """A set made for the round: ``count`` one-answer practice questions, the skills in turn (shuffled; a pick-all
    skill is left out), each seed drawn by ``rng`` — with the practice generators, so each is an ordinary code."""
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_QUESTIONS:
        raise ValueError(f"count {count!r}: a round has 1 to {MAX_QUESTIONS} questions")
    chosen = [get_skill(skill).id for skill in dict.fromkeys(skills)]
    chosen = [skill for skill in chosen if skill in ROUND_SKILLS]  # a pick-all skill is left out
    if not chosen:
        raise ValueError(f"skills: name at least one of {', '.join(ROUND_SKILLS)}")
    rng.shuffle(chosen)
    items: list[Item] = []
    for index in range(count):
        skill = chosen[index % len(chosen)]
        for _attempt in range(ATTEMPTS):
            code = format_code(skill, rng.randrange(SEED_LIMIT))
            try:
                ask_question(question_from_code(code))
            except (RoundRefused, NoSituation):
                continue
            if Item("code", code) not in items:
                items.append(Item("code", code))
                break
        else:
            raise RoundRefused("multiple", f"no one-answer {skill} question in {ATTEMPTS} tries")
    return tuple(items)


# ------------------------------------------------------------------------------------------------ the round's state


@dataclass(frozen=True)
class Settings:
    """How the round runs: ``seconds`` per question (0: until everyone has answered) and the leaderboard (off by
    default)."""

    seconds: int = 0
    leaderboard: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.seconds, bool) or not isinstance(self.seconds, int) or not 0 <= self.seconds <= MAX_SECONDS:
            raise ValueError(f"seconds {self.seconds!r}: from 0 (until everyone has answered) to {MAX_SECONDS}")

    def to_json(self) -> str:
        """The stored form."""
        return json.dumps({"seconds": self.seconds, "leaderboard": self.leaderboard}, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> Settings:
        """Settings from their stored form."""
        data: dict[str, Any] = json.loads(text)
        return cls(int(data.get("seconds", 0)), bool(data.get("leaderboard", False)))


def items_to_json(items: Iterable[Item]) -> str:
    """A round's questions in their stored form."""
    return json.dumps([item.text for item in items])


def items_from_json(text: str) -> tuple[Item, ...]:
    """A round's questions from their stored form."""
    return tuple(Item.parse(entry) for entry in json.loads(text))


@dataclass(frozen=True)
class Round:
    """A round as stored: its questions, the one under way (from 0), the phase and when it began, a paused
    countdown's time left, and the version every change bumps."""

    id: str
    class_code: str
    items: tuple[Item, ...]
    number: int
    phase: Phase
    settings: Settings
    phase_at: datetime
    seconds_left: float | None = None
    version: int = 1

    @property
    def item(self) -> Item:
        """The question under way."""
        return self.items[self.number]

    @property
    def last(self) -> bool:
        """Whether the question under way is the round's last."""
        return self.number >= len(self.items) - 1

    def time_left(self, now: datetime) -> float | None:
        """Seconds left to answer (None: no countdown, or the question is not open or paused)."""
        if not self.settings.seconds or self.phase not in ("open", "paused"):
            return None
        if self.phase == "paused":
            return self.seconds_left if self.seconds_left is not None else float(self.settings.seconds)
        return max(0.0, self.settings.seconds - (now - self.phase_at).total_seconds())

    def phase_now(self, now: datetime) -> Phase:
        """The phase as it stands at ``now``: an open question whose countdown ran out is revealed."""
        left = self.time_left(now)
        if self.phase == "open" and left is not None and left <= 0:
            return "revealed"
        return self.phase

    def settled(self, now: datetime, answered: int = 0, present: int = 0) -> Round | None:
        """The round as it should be stored at ``now``, when time or the class moved it on: a countdown run out, or
        everyone present has answered, reveals the question (None: nothing to change)."""
        if self.phase != "open":
            return None
        if self.phase_now(now) == "revealed" or (present > 0 and answered >= present):
            return self._moved(now, phase="revealed")
        return None

    # --- the teacher's actions (each gives the round to store, or refuses) -------------------------------------

    def reveal(self, now: datetime) -> Round:
        """Show the tally and the right answer; no answer is taken after."""
        if self.phase in ("revealed", "over"):
            raise RoundRefused("revealed" if self.phase == "revealed" else "closed")
        return self._moved(now, phase="revealed")

    def next(self, now: datetime) -> Round:
        """On to the next question (open at once); after the last one the round is over."""
        if self.phase == "over":
            raise RoundRefused("closed")
        if self.last:
            return self._moved(now, phase="over")
        return self._moved(now, phase="open", number=self.number + 1)

    def pause(self, now: datetime) -> Round:
        """Stop the countdown (answers wait too); pausing a paused question goes on with it."""
        if self.phase == "paused":
            return self.resume(now)
        if self.phase != "open" or self.phase_now(now) != "open":
            raise RoundRefused("revealed" if self.phase == "revealed" else "closed")
        return self._moved(now, phase="paused", seconds_left=self.time_left(now))

    def resume(self, now: datetime) -> Round:
        """Go on with a paused question: the countdown goes on from where it stopped."""
        if self.phase != "paused":
            raise RoundRefused("closed")
        left = self.seconds_left if self.seconds_left is not None else float(self.settings.seconds)
        began = now - timedelta(seconds=self.settings.seconds - left) if self.settings.seconds else now
        return replace(self, phase="open", phase_at=began, seconds_left=None, version=self.version + 1)

    def end(self, now: datetime) -> Round:
        """End the round now."""
        if self.phase == "over":
            raise RoundRefused("closed")
        return self._moved(now, phase="over")

    def check(self, now: datetime, number: int, asked: Asked, option: int | Move) -> bool:
        """Whether an answer to question ``number`` (the one the phone showed) with ``option`` is right — or why the
        round does not take it: the question is no longer under way or its time is up (``closed``), ``revealed``,
        ``paused``, or ``not_an_option``. (Already answered and not in the class are the storage's to see.)"""
        return self.checked(now, number, asked, option)[1]

    def checked(self, now: datetime, number: int, asked: Asked, answer: int | Move) -> tuple[int, bool]:
        """The option an answer is (a move on the table: its place among the legal moves, checked by the engine
        only once the round takes answers) and whether it is right; refusals as `check`'s, and for a move
        ``illegal`` (the engine's reason) or ``not_a_move``."""
        phase = self.phase_now(now)
        if phase == "over" or number != self.number:
            raise RoundRefused("closed", f"question {number + 1} is not under way")
        if phase == "revealed":
            raise RoundRefused("closed" if self.phase == "open" else "revealed")
        if phase == "paused":
            raise RoundRefused("paused")
        option = answer if isinstance(answer, int) else asked.option_of(answer)
        return option, asked.is_right(option)

    def _moved(self, now: datetime, *, phase: Phase, number: int | None = None,
               seconds_left: float | None = None) -> Round:
        return replace(self, phase=phase, number=self.number if number is None else number, phase_at=now,
                       seconds_left=seconds_left, version=self.version + 1)


# ------------------------------------------------------------------------------------------------ after the reveal


def tally(asked: Asked, picks: Iterable[int]) -> tuple[int, ...]:
    """How many picked each option, in the options' order (picks that are no option are not counted)."""
    counts = [0] * len(asked.options)
    for pick in picks:
        if 0 <= pick < len(counts):
            counts[pick] += 1
    return tuple(counts)


@dataclass(frozen=True)
class Standing:
    """One line of the leaderboard: a nickname, the right answers so far, the answers given."""

    nickname: str
    right: int
    answered: int


def leaderboard(answers: Iterable[tuple[str, bool]], size: int = 10) -> tuple[Standing, ...]:
    """The best ``size`` of the round from its (nickname, right) answers: most right first, then fewer answers
    (fewer misses), then the nickname."""
    right: dict[str, int] = {}
    given: dict[str, int] = {}
    for nickname, correct in answers:
        right[nickname] = right.get(nickname, 0) + bool(correct)
        given[nickname] = given.get(nickname, 0) + 1
    ranked = sorted(right, key=lambda name: (-right[name], given[name], name.casefold(), name))
    return tuple(Standing(name, right[name], given[name]) for name in ranked[:size])
