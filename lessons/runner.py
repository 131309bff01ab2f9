"""The lesson runner: one learner's way through one lesson, every action checked by the engine.

Pure Python (no streamlit, no PIL): the app and the tests drive lessons through `LessonRunner`, and show the
`Feedback` it returns with `Texts.render`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from engine import Draw, Event, IllegalMove, Move, Pass, Play, Position, Tile, parse_move
from wording.table_words import describe_position
from wording.texts import PRAISE_KEYS, Feedback, Message, Ref, refusal_args

from .drills import DrillMaker, NoDrillMaker
from .model import Frame, Lesson, Mark, Option, Step
from .queries import Answer

__all__ = ["Frame", "LessonRunner", "StepState", "StepView", "describe_position"]


@dataclass(frozen=True)
class StepState:
    """Where the learner is inside one step."""

    position: Position | None
    moves: tuple[str, ...] = ()
    frames: tuple[Frame, ...] = ()
    done: bool = False
    answer: Answer = None
    selected: Tile | None = None
    hint_level: int = 0
    feedback: Feedback | None = None


@dataclass(frozen=True)
class StepView:
    """What the screen needs for the current step: texts as keys, the position, the marks to draw.

    ``prompt`` is the step's text as a message (a drill's prompt has arguments; ``text`` is then None);
    ``frames`` start with what happened before the step (its prelude); ``conceal`` names what the picture and its
    words keep out while the question asks it (``"stock_count"``, ``"end_numbers"``) — empty once answered.
    """

    lesson: str
    number: int
    count: int
    kind: str
    text: str | None
    position: Position | None
    viewer: int
    marks: tuple[Mark, ...]
    hint_level: int
    selected: Tile | None
    options: tuple[Option, ...]
    points: tuple[str, ...]
    frames: tuple[Frame, ...]
    done: bool
    feedback: Feedback | None
    prompt: Message | None = None
    conceal: frozenset[str] = frozenset()
    face_up: bool = False  # the step shows every hand face up
    match: tuple[Position, ...] = ()  # the match's earlier hands a question counts (the picture's score line)

    def describe(self) -> tuple[Message, ...]:
        """The table picture in words (for screen readers and the alt text), concealed facts left out."""
        if self.position is None:
            return ()
        face_up = range(self.position.rules.players) if self.face_up else ()
        return describe_position(self.position, self.viewer, face_up=face_up, conceal=self.conceal)


@dataclass
class LessonRunner:
    """A learner's progress through one lesson: current step, per-step state, mistakes, hints, stars.

    Drill steps get a fresh question from ``drills``, the drill maker the caller hands in (the app's is the practice
    engine's), seeded by ``seed`` (random unless given, so every learner and every retry gets new ones); a runner
    without one plays every other step and raises ``NoDrillMaker`` at a drill.
    """

    lesson: Lesson
    praise: Sequence[str] = PRAISE_KEYS
    number: int = 1
    mistakes: dict[int, int] = field(default_factory=dict)
    hints_used: dict[int, int] = field(default_factory=dict)
    attempts: dict[int, int] = field(default_factory=dict)
    states: dict[int, StepState] = field(default_factory=dict)
    drills: DrillMaker | None = None
    seed: int | None = None
    drawn: dict[int, Step] = field(default_factory=dict)  # each drill step's question, once made
    run_mistakes: dict[int, int] = field(default_factory=dict)  # this try of each step (retry starts a new one)
    run_hints: dict[int, int] = field(default_factory=dict)
    credit: dict[int, float] = field(default_factory=dict)  # each done step's best try, 0 to 1 (see `step_credit`)
    made: dict[int, Step] = field(default_factory=dict)  # the step each state was made for (a variant may change)

    def __post_init__(self) -> None:
        if self.seed is None:
            self.seed = random.SystemRandom().randrange(2**32)

    # ------------------------------------------------------------------------------------------------- reading

    @property
    def step(self) -> Step:
        """The current step (for a drill: the question made for this learner)."""
        return self.step_at(self.number)

    def step_at(self, number: int) -> Step:
        """Step ``number`` as this learner sees it: a drill step's question is made on first use."""
        slot = self.lesson.step(number)
        if slot.variants:
            return self._leading_on(slot)
        if not slot.drill:
            return slot
        if number not in self.drawn:
            index = sum(1 for step in self.lesson.steps[: number - 1] if step.drill)
            rng = random.Random(f"{self.seed}-{self.lesson.id}-{number}")
            if self.drills is None:
                raise NoDrillMaker(f"{self.lesson.id}:{number} is a drill step and this runner has no drill maker "
                                   f"(LessonRunner(..., drills=...))")
            self.drawn[number] = self.drills(slot, index, rng)
        return self.drawn[number]

    def _leading_on(self, slot: Step) -> Step:
        """A step starting from "previous" as it leads on from the way the learner took in the act step before."""
        state = self.states.get(slot.follows) if slot.follows is not None else None
        if state is not None and state.done:
            for way, variant in slot.variants:
                if way == state.moves:
                    return variant
        return slot

    @property
    def state(self) -> StepState:
        """The current step's state (fresh on first visit, and when the way taken before it changed its table)."""
        step = self.step
        if self.number not in self.states or self.made.get(self.number, step) is not step:
            self.states[self.number] = self._fresh(step)
        return self.states[self.number]

    @property
    def done(self) -> bool:
        """Whether the current step is complete."""
        return self.state.done

    @property
    def finished(self) -> bool:
        """Whether every interactive step of the lesson is complete."""
        return all(
            self.number_done(step.number) for step in self.lesson.steps if step.interactive
        )

    def number_done(self, number: int) -> bool:
        """Whether step ``number`` is complete."""
        state = self.states.get(number)
        return state.done if state is not None else not self.lesson.step(number).interactive

    @property
    def total_mistakes(self) -> int:
        """Mistakes over the whole lesson (retries keep them)."""
        return sum(self.mistakes.values())

    @property
    def total_hints(self) -> int:
        """Hints asked over the whole lesson (retries keep them)."""
        return sum(self.hints_used.values())

    @property
    def score(self) -> float:
        """What the learner can do, 0 to 1: the mean of the interactive steps' credit (a step not done yet: 0)."""
        numbers = [step.number for step in self.lesson.steps if step.interactive]
        return sum(self.credit.get(number, 0.0) for number in numbers) / len(numbers) if numbers else 1.0

    @property
    def stars(self) -> int:
        """1 to 3 from `score`: each step counts its best try, a slip put right after its explanation costs less
        than guessing on, and a drill counts only when right at the first try (`STAR_SCORES`)."""
        return stars_for(self.score)

    def next_star(self) -> tuple[int, int] | None:
        """What the next star needs: (its stars, how many more steps tried again cleanly, the weakest first — 0
        when only a new go at the lesson can do it, a drill counting its first answer only); ``None`` at 3."""
        stars = self.stars
        if stars >= 3:
            return None
        steps = [step for step in self.lesson.steps if step.interactive]
        needed = STAR_SCORES[stars + 1] * len(steps) - 1e-9
        score = self.score * len(steps)
        gaps = sorted((1.0 - self.credit.get(step.number, 0.0) for step in steps
                       if not (step.drill and step.number in self.credit)), reverse=True)
        for count, gap in enumerate(gaps, start=1):
            score += gap
            if score >= needed:
                return stars + 1, count
        return stars + 1, 0

    def view(self) -> StepView:
        """Everything the renderer and the page need to show the current step."""
        step, state = self.step, self.state
        marks = tuple(m for m in step.marks if m.hint <= state.hint_level) + self._hint_marks()
        return StepView(
            self.lesson.id, step.number, len(self.lesson.steps), step.kind, step.text, state.position, step.viewer,
            marks, state.hint_level, state.selected, step.options, step.points, state.frames, state.done,
            state.feedback, step.message, frozenset() if state.done else step.conceal, step.face_up, step.match,
        )

    # ------------------------------------------------------------------------------------------------- moving

    def next(self) -> bool:
        """Go to the next step once this one is done; False if not done or at the end."""
        if not self.done or self.number >= len(self.lesson.steps):
            return False
        self.number += 1
        return True

    def back(self) -> bool:
        """Go to the previous step; False at the first."""
        if self.number <= 1:
            return False
        self.number -= 1
        return True

    def goto(self, number: int) -> None:
        """Jump to a step by its 1-based number (deep links from quizzes)."""
        if not 1 <= number <= len(self.lesson.steps):
            raise ValueError(f"lesson {self.lesson.id!r} has steps 1 to {len(self.lesson.steps)}, not {number!r}")
        self.number = number

    def retry(self) -> None:
        """Start the current step again (a drill keeps its question): a new try, whose credit counts if it is the
        best; the mistakes and hints stay counted for the teacher."""
        self.states[self.number] = self._fresh(self.step)
        self.run_mistakes.pop(self.number, None)
        self.run_hints.pop(self.number, None)

    def resume(self, moves: Sequence[str]) -> bool:
        """Make again the moves a learner had made in the current step before a reload, each checked by the engine,
        without counting them twice; False (and the step fresh) if they no longer make sense there (a drill's
        question is new after a reload, or the lesson changed)."""
        step = self.step
        if not moves or step.kind != "act" or step.drill or self.state.moves:
            return False
        counted = dict(self.attempts), dict(self.mistakes)
        for move in moves:
            try:
                refused = self.state.done or self.act(move).kind == "error"
            except ValueError:  # not a move as the engine writes them
                refused = True
            if refused:
                self.retry()
                self.attempts, self.mistakes = counted
                return False
        self.attempts, self.mistakes = counted
        return True

    # ------------------------------------------------------------------------------------------------- acting

    def select(self, tile: Tile | str | None) -> None:
        """Lift a tile of the hand (again, or None, to put it back); no feedback, never a mistake."""
        state = self.state
        picked = None if tile is None else Tile.parse(tile) if isinstance(tile, str) else tile
        self._set(replace(state, selected=None if picked == state.selected else picked))

    def play(self, tile: Tile | str, end: str | None = None) -> Feedback:
        """Play a tile at an end (``None`` for the lead)."""
        return self.act(Play(tile, end))  # type: ignore[arg-type]  # Play reads a tile text and checks the end

    def draw(self) -> Feedback:
        """Draw from the stock."""
        return self.act(Draw())

    def pass_turn(self) -> Feedback:
        """Pass."""
        return self.act(Pass())

    def act(self, move: Move | str) -> Feedback:
        """Any move of the learner: refused with the engine's reason, judged against the goal, or accepted."""
        step, state = self.step, self.state
        if step.kind != "act" or state.position is None:
            return self._say(Feedback.of("info", "step.done" if state.done else "hint.none"))
        if state.done:
            return self._say(Feedback.of("info", "step.done"))
        move = parse_move(move) if isinstance(move, str) else move
        self._count(self.attempts)
        moves = (*state.moves, str(move))
        declared = step.wrong_feedback(moves=moves)
        error = state.position.check(move)
        if error is not None:
            self._count(self.mistakes, self.run_mistakes)
            key = declared or f"illegal.{error.code}"
            return self._say(Feedback("error", key, _move_args(state.position, move, error)))
        after = state.position.apply(move)
        frame = Frame(after.history[-1], after, scripted=False)
        if moves in step.paths:
            frames = [*state.frames, frame]
            for reply in step.replies:
                after = after.apply(reply)
                frames.append(Frame(after.history[-1], after, scripted=True))
            feedback = self._praise()
            self._set(replace(state, position=after, moves=moves, frames=tuple(frames), done=True, selected=None,
                              feedback=feedback))
            self._credit()
            return feedback
        if any(path[: len(moves)] == moves for path in step.paths):
            drawn = frame.event.drawn
            feedback = (
                Feedback.of("info", "progress.drew", tile=str(drawn)) if isinstance(move, Draw) and drawn
                else Feedback.of("info", "progress.move")
            )
            self._set(replace(state, position=after, moves=moves, frames=(*state.frames, frame), selected=None,
                              feedback=feedback))
            return feedback
        self._count(self.mistakes, self.run_mistakes)
        key = declared or step.feedback or "wrong.generic"
        return self._say(Feedback("error", key, _move_args(state.position, move)))

    def answer(self, option: int) -> Feedback:
        """Choose the question's option number ``option`` (0-based, in `StepView.options` order)."""
        step, state = self.step, self.state
        if step.kind != "question":
            return self._say(Feedback.of("info", "hint.none"))
        if state.done:
            return self._say(Feedback.of("info", "step.done"))
        if not 0 <= option < len(step.options):
            raise ValueError(f"option {option!r}: this question has {len(step.options)} options")
        self._count(self.attempts)
        value = step.options[option].value
        if value == step.answer:
            feedback = self._praise()
            self._set(replace(state, done=True, answer=value, feedback=feedback))
            self._credit()
            return feedback
        self._count(self.mistakes, self.run_mistakes)
        label = step.options[option].label
        why = step.options[option].why
        if why is not None:  # a drill's option that says why it is wrong
            return self._say(Feedback.of("error", "drill.wrong_why", answer=label, why=why))
        declared = step.wrong_feedback(answer=value)
        if declared is None and step.miss is not None:
            args = {**dict(step.miss.args), "answer": label}
            return self._say(Feedback("error", step.miss.key, tuple(sorted(args.items()))))
        return self._say(Feedback("error", declared or "wrong.answer", (("answer", label),)))

    def answer_value(self, value: Answer) -> Feedback:
        """Choose the option whose value is ``value`` (tests and quizzes)."""
        values = [option.value for option in self.step.options]
        return self.answer(values.index(value))

    def hint(self) -> Feedback:
        """The next hint level: the first nudges, the second shows; each new level counts against the stars."""
        step, state = self.step, self.state
        if not step.interactive or state.done:
            return self._say(Feedback.of("info", "hint.none"))
        level = min(state.hint_level + 1, 2)
        if level > state.hint_level:
            self._count(self.hints_used, self.run_hints)
        self._set(replace(state, hint_level=level))
        if step.hints is not None:
            hint = step.hints[level - 1]
            return self._say(Feedback("info", hint.key, hint.args))
        return self._say(self._move_hint(level))

    def _move_hint(self, level: int) -> Feedback:
        """An act step's own hint from its solution: first where to look, then the move itself."""
        move = self._next_move()
        position = self.state.position
        open_ends = position.open_ends if position is not None else ()
        if isinstance(move, Play):
            if level == 1:
                if move.end is None or not open_ends:
                    return Feedback.of("info", "hint.lead_nudge")
                if len(open_ends) == 2:
                    return Feedback.of("info", "hint.match", left=open_ends[0][1], right=open_ends[1][1])
                return Feedback.of("info", "hint.match_ends", numbers=tuple(number for _, number in open_ends))
            if move.end is None:
                return Feedback.of("info", "hint.lead", tile=str(move.tile))
            return Feedback.of("info", "hint.end", tile=str(move.tile), end=Ref(f"end.{move.end}"))
        if level == 1:
            return Feedback.of("info", "hint.check")
        return Feedback.of("info", "hint.draw" if isinstance(move, Draw) else "hint.pass")

    # ------------------------------------------------------------------------------------------------- inside

    def _fresh(self, step: Step) -> StepState:
        self.made[self.number] = step
        return StepState(step.position, frames=step.prelude, done=not step.interactive)

    def _set(self, state: StepState) -> None:
        self.states[self.number] = state

    def _say(self, feedback: Feedback) -> Feedback:
        self._set(replace(self.state, feedback=feedback))
        return feedback

    def _count(self, *counters: dict[int, int]) -> None:
        for counter in counters:
            counter[self.number] = counter.get(self.number, 0) + 1

    def _credit(self) -> None:
        """The current step is done: keep its try's credit if it is the step's best (a drill: its first try only)."""
        number = self.number
        if self.step.drill:
            if number not in self.credit:
                first_right = self.mistakes.get(number, 0) == 0
                self.credit[number] = step_credit(0, self.hints_used.get(number, 0), drill=True) if first_right else 0.0
            return
        earned = step_credit(self.run_mistakes.get(number, 0), self.run_hints.get(number, 0))
        self.credit[number] = max(earned, self.credit.get(number, 0.0))

    def _praise(self) -> Feedback:
        index = (self.number + sum(self.attempts.values())) % len(self.praise)
        return Feedback.of("success", self.praise[index])

    def remaining_solution(self) -> tuple[str, ...]:
        """The moves still to make on the way to the goal from here (the scripted solution where possible)."""
        moves = self.state.moves
        if self.state.done:
            return ()
        for path in self.step.paths:
            if path[: len(moves)] == moves and len(path) > len(moves):
                return path[len(moves) :]
        return ()

    def _next_move(self) -> Move | None:
        remaining = self.remaining_solution()
        return parse_move(remaining[0]) if remaining else None

    def _hint_marks(self) -> tuple[Mark, ...]:
        """An act step's marks from its solution: the open ends at the first level, then the tile and where it goes
        (or the button to press)."""
        step, state = self.step, self.state
        if step.kind != "act" or state.done or state.hint_level == 0:
            return ()
        move = self._next_move()
        if isinstance(move, Play):
            if state.hint_level == 1:
                if move.end is None or state.position is None:
                    return ()
                return tuple(Mark("end", end=end, hint=1) for end, _ in state.position.open_ends)
            marks = [Mark("tile", str(move.tile), hint=2)]
            if move.end is not None:
                marks.append(Mark("arrow", str(move.tile), end=move.end, hint=2))
            return tuple(marks)
        if move is not None and state.hint_level >= 2:
            return (Mark("button", button="draw" if isinstance(move, Draw) else "pass", hint=2),)
        return ()

    # ------------------------------------------------------------------------------------------ for the app's pages
    # What a page asks of the runner, so that it never reads or writes the runner's state itself.

    @property
    def hand(self) -> tuple[Tile, ...]:
        """The learner's tiles in the current step (none when the step has no table)."""
        position = self.state.position
        return tuple(position.hands[self.step.viewer]) if position is not None else ()

    @property
    def selected(self) -> Tile | None:
        """The tile the learner has lifted in the current step, if any."""
        return self.state.selected

    def lift_hinted_tile(self) -> bool:
        """Lift the tile the hinted move plays (from the second hint on, so the picture marks where it goes),
        keeping the hint's words; False when there is no such tile or it is lifted already."""
        state = self.state
        move = self._next_move()
        if self.step.kind != "act" or state.hint_level < 2 or not isinstance(move, Play):
            return False
        if state.selected == move.tile:
            return False
        self._set(replace(state, selected=move.tile))
        return True

    def solution_events(self) -> tuple[Event, ...]:
        """The moves still to make in an act step, as the learner's events (what "show the answer" says)."""
        seat = self.step.viewer
        return tuple(Event(seat, parse_move(move)) for move in self.remaining_solution())


#: The least score (`LessonRunner.score`) for each number of stars.
STAR_SCORES = {1: 0.0, 2: 0.7, 3: 0.95}
#: What a step's try loses: the first mistake (put right after its explanation), each further one (guessing on),
#: the first hint (a nudge), the second (the way shown). A drill loses everything with a wrong first answer.
FIRST_MISTAKE, MORE_MISTAKES, NUDGE, SHOWN = 0.25, 0.5, 0.25, 0.5


def step_credit(mistakes: int, hints: int, drill: bool = False) -> float:
    """What one try of a step shows the learner can do, 0 to 1 (1: right at once without a hint)."""
    if drill and mistakes:
        return 0.0
    lost = (FIRST_MISTAKE if mistakes else 0.0) + MORE_MISTAKES * max(0, mistakes - 1)
    lost += (NUDGE if hints >= 1 else 0.0) + (SHOWN if hints >= 2 else 0.0)
    return max(0.0, 1.0 - lost)


def stars_for(score: float) -> int:
    """The stars a lesson's score earns (`STAR_SCORES`)."""
    return max(stars for stars, least in STAR_SCORES.items() if score >= least - 1e-9)


def _move_args(position: Position, move: Move, error: IllegalMove | None = None) -> tuple[tuple[str, object], ...]:
    """Format arguments for feedback on a move: the tile, the end, the number there (the engine's, at every end,
    a spinner's arms too), the line's two ends; a refusal's own facts over all of them."""
    args: dict[str, object] = {}
    ends = position.ends
    if ends is not None:
        args["left"], args["right"] = ends
    if isinstance(move, Play):
        args["tile"] = str(move.tile)
        if move.end is not None:
            args["end"] = Ref(f"end.{move.end}")
            number = position.end_number(move.end)
            if number is not None:
                args["number"] = number
    if error is not None:
        args.update(refusal_args(error))
    return tuple(sorted(args.items()))

