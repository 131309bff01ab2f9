"""Reading one step of a lesson file and checking it against the engine: its kind's fields, the position it starts
from, an act step's goal, solution, replies and mistakes, a question's engine answer, options and wrong answers."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from engine import Draw, Play, Position, parse_move
from wording.seats import seat_key, side_key
from wording.texts import Message

from .checks import Check, Trail, parse_check
from .errors import FormatError
from .model import Mark, Option, Step, WrongAction
from .positions import PositionReader, Setting, apply_events, read_marks
from .queries import NEEDS_DISTRACTORS, Answer, Query, all_values, parse_query, read_answer, sort_key

STEP_FIELDS: dict[str, frozenset[str]] = {
    "explain": frozenset({"kind", "text", "position", "prelude", "marks", "face_up"}),
    "act": frozenset(
        {"kind", "text", "position", "prelude", "marks", "goal", "solution", "replies", "wrong", "feedback", "hints",
         "face_up"}
    ),
    "question": frozenset(
        {"kind", "text", "position", "prelude", "marks", "query", "seat", "side", "distractors", "match", "wrong",
         "hints", "face_up"}
    ),
    "remember": frozenset({"kind", "text", "points"}),
    "drill": frozenset({"kind", "facts"}),
}
#: A fact id of the coverage map: §1–§12 with an optional letter, or H1–H4.
FACT_ID = re.compile(r"^(§(?:[1-9]|1[0-2])[a-z]?|H[1-4]|G(?:[1-9]|1[01])[a-z]?|S[1-7][a-z]?)$")

#: What the picture and its words keep out while a question of this query is open: the answer itself.
CONCEALED_BY_QUERY: dict[str, frozenset[str]] = {
    "stock_size": frozenset({"stock_count"}),
    "ends.left": frozenset({"end_numbers"}),
    "ends.right": frozenset({"end_numbers"}),
    "leader": frozenset({"turn"}),
    "out_of_play": frozenset({"out_of_play"}),
    "end_count": frozenset({"end_count", "scores"}),
    "hand_points": frozenset({"scores"}),
    "outcome.scores": frozenset({"scores"}),
    "outcome.points": frozenset({"scores"}),
    "outcome.winner": frozenset({"scores"}),  # only the winner's side gains (katsika: only the losers')
    "match.score": frozenset({"scores"}),
    "match.winner": frozenset({"scores"}),
    "match.loser": frozenset({"scores"}),
}

KeyReader = Callable[[Any, str], str]


class StepReader:
    """Reads the steps of one lesson: ``positions`` builds its positions, ``key`` records each text key used."""

    def __init__(self, positions: PositionReader, key: KeyReader) -> None:
        self.positions = positions
        self.key = key

    def read(self, number: int, spec: Any, previous: Position | None) -> Step:
        """One step, checked against the engine (``previous``: where the step before ended)."""
        if not isinstance(spec, dict):
            raise FormatError("steps", "each step is a [[steps]] table")
        kind = spec.get("kind")
        if kind not in STEP_FIELDS:
            raise FormatError("kind", f"kind must be one of {', '.join(STEP_FIELDS)}; got {kind!r}")
        unknown = [name for name in spec if name not in STEP_FIELDS[kind]]
        if unknown:
            raise FormatError(unknown[0], f"unknown field {unknown[0]!r} for a {kind} step")
        if kind == "remember":
            return self.remember(number, spec, previous)
        if kind == "drill":
            return self.drill(number, spec, previous)
        if "text" not in spec:
            raise FormatError("text", "missing key 'text'")
        text = self.key(spec["text"], "text")
        setting = self.setting(kind, spec, previous)
        marks = read_marks(spec.get("marks"), self.key)
        face_up = spec.get("face_up", False)
        if not isinstance(face_up, bool):
            raise FormatError("face_up", f"true (every hand shown face up) or false, got {face_up!r}")
        if setting is None:
            return Step(number, kind, text, marks=marks, viewer=self.positions.viewer)
        if kind == "explain":
            step = Step(number, kind, text, setting.position, setting.viewer, marks, end_position=setting.position,
                        prelude=setting.prelude)
        elif kind == "act":
            step = self.act(number, spec, text, setting, marks)
        else:
            step = self.question(number, spec, text, setting, marks)
        return replace(step, face_up=face_up) if face_up else step

    def remember(self, number: int, spec: dict[str, Any], previous: Position | None) -> Step:
        """The remember box: two or three points, each a text key."""
        points = spec.get("points")
        if not isinstance(points, list) or not 2 <= len(points) <= 3:
            raise FormatError("points", "a remember box has 2 or 3 points (text keys)")
        text = self.key(spec["text"], "text") if "text" in spec else None
        keys = tuple(self.key(p, f"points[{i}]") for i, p in enumerate(points))
        return Step(number, "remember", text=text, points=keys, end_position=previous)

    def drill(self, number: int, spec: dict[str, Any], previous: Position | None) -> Step:
        """A drill: a question the practice engine makes fresh for each learner, on one of these facts."""
        facts = spec.get("facts")
        if not isinstance(facts, list) or not facts or not all(isinstance(f, str) for f in facts):
            raise FormatError("facts", f"a list of fact ids from coverage.toml, like [\"§3a\", \"§3c\"]; got {facts!r}")
        for i, fact in enumerate(facts):
            if not FACT_ID.match(fact):
                raise FormatError(f"facts[{i}]", f"{fact!r} is not a fact id (§1a, H1, G1a, S1a …)")
        return Step(number, "question", viewer=self.positions.viewer, end_position=previous, drill=tuple(facts))

    def setting(self, kind: str, spec: dict[str, Any], previous: Position | None) -> Setting | None:
        """Where the step starts, its own prelude played on top (an explain step may have no table)."""
        if "position" not in spec:
            if kind != "explain":
                raise FormatError("position", "missing key 'position'")
            if "prelude" in spec:
                raise FormatError("prelude", "a prelude needs a position")
            return None
        setting = self.positions.read(spec["position"], previous)
        return setting.then(spec["prelude"], "prelude") if "prelude" in spec else setting

    def hints(self, spec: dict[str, Any], required: bool) -> tuple[Message, Message] | None:
        """The two hint levels' text keys: the first nudges, the second shows."""
        if "hints" not in spec:
            if required:
                raise FormatError("hints", "missing key 'hints' (two text keys: a first nudge, then one that shows)")
            return None
        hints = spec["hints"]
        if not isinstance(hints, list) or len(hints) != 2:
            raise FormatError("hints", f"two text keys, got {hints!r}")
        if hints[0] == hints[1]:
            raise FormatError("hints", f"two different text keys: a first nudge, then one that shows; got {hints!r}")
        return (Message(self.key(hints[0], "hints[0]")), Message(self.key(hints[1], "hints[1]")))

    # -------------------------------------------------------------------------------------------------------- act

    def act(self, number: int, spec: dict[str, Any], text: str, setting: Setting, marks: tuple[Mark, ...]) -> Step:
        """An act step: goal, solution, every accepted way, replies after each, declared mistakes."""
        for name in ("goal", "solution", "wrong"):
            if name not in spec:
                raise FormatError(name, f"missing key {name!r}")
        position, viewer = setting.position, setting.viewer
        if position.outcome is not None:
            raise FormatError("position", "the hand is already over: the learner cannot act")
        if position.to_move != viewer:
            raise FormatError("position", f"seat {position.to_move} is to move, but the learner sits at seat {viewer}")
        goal = parse_check(spec["goal"])
        solution = _solution(spec["solution"], position, goal, viewer)
        paths = (solution, *sorted(p for p in _paths(position, goal, viewer, len(solution)) if p != solution))
        replies = spec.get("replies", [])
        end_position = _replies_after_every_path(position, paths, replies)
        feedback = self.key(spec["feedback"], "feedback") if "feedback" in spec else None
        wrong = self.act_wrong(spec["wrong"], position, paths)
        return Step(
            number, "act", text, position, viewer, marks, goal=goal, solution=solution, paths=paths,
            replies=tuple(replies), wrong=wrong, feedback=feedback, hints=self.hints(spec, required=False),
            end_position=end_position, prelude=setting.prelude,
        )

    def act_wrong(self, spec: Any, position: Position, paths: tuple[tuple[str, ...], ...]) -> tuple[WrongAction, ...]:
        """The declared mistakes of an act step, each tried on the engine."""
        if not isinstance(spec, list) or not spec:
            raise FormatError("wrong", "at least one wrong action: [{ action = \"passes\", feedback = \"...\" }]")
        prefixes = {path[:k] for path in paths for k in range(len(path))}
        return tuple(self._act_mistake(item, f"wrong[{i}]", position, paths, prefixes) for i, item in enumerate(spec))

    def _act_mistake(self, item: Any, where: str, position: Position, paths: tuple[tuple[str, ...], ...],
                     prefixes: set[tuple[str, ...]]) -> WrongAction:
        if not isinstance(item, dict) or set(item) != {"action", "feedback"}:
            raise FormatError(where, "a wrong action has exactly 'action' and 'feedback'")
        actions = item["action"] if isinstance(item["action"], list) else [item["action"]]
        try:
            moves = [parse_move(a) for a in actions]
        except (ValueError, TypeError) as error:
            raise FormatError(f"{where}.action", str(error)) from None
        keys = tuple(str(m) for m in moves)
        if keys[:-1] not in prefixes:
            raise FormatError(f"{where}.action", f"the moves before the last, {list(keys[:-1])}, are not a way "
                              "towards the goal")
        feedback = self.key(item["feedback"], f"{where}.feedback")
        refused = position.apply_all(keys[:-1]).check(moves[-1])
        if refused is None and (keys in prefixes or keys in paths):
            raise FormatError(f"{where}.action", f"{keys[-1]!r} is not wrong here: it leads to the goal")
        if refused is None and feedback.startswith("illegal."):
            raise FormatError(f"{where}.feedback", f"{keys[-1]!r} is legal here, so it cannot give {feedback!r}")
        if refused is not None and feedback.startswith("illegal.") and feedback != f"illegal.{refused.code}":
            raise FormatError(
                f"{where}.feedback", f"the engine refuses {keys[-1]!r} with 'illegal.{refused.code}', not {feedback!r}"
            )
        return WrongAction(feedback, moves=keys)

    # --------------------------------------------------------------------------------------------------- question

    def question(self, number: int, spec: dict[str, Any], text: str, setting: Setting,
                 marks: tuple[Mark, ...]) -> Step:
        """A question step: the engine's answer, the options, the declared wrong answers."""
        for name in ("query", "wrong"):
            if name not in spec:
                raise FormatError(name, f"missing key {name!r}")
        position, viewer = setting.position, setting.viewer
        query = parse_query(spec["query"], spec, position.rules.players, position.rules.sides)
        earlier = tuple(self.finished_hands(spec.get("match", [])))
        answer = query.ask(position, earlier)
        values = self.offered(spec, query, answer, position)
        type_ = query.kind.type
        options = tuple(Option(v, option_label(type_, v, position, viewer)) for v in sorted(values, key=sort_key))
        wrong = self.question_wrong(spec["wrong"], query, answer, options)
        return Step(
            number, "question", text, position, viewer, marks, wrong=wrong, hints=self.hints(spec, required=True),
            query=query, answer=answer, options=options, end_position=position, prelude=setting.prelude,
            conceal=CONCEALED_BY_QUERY.get(query.name, frozenset()), match=earlier,
        )

    def finished_hands(self, names: Any) -> list[Position]:
        """The earlier hands of a match a question counts (``match = ["hand1", "hand2"]``), each finished."""
        if not isinstance(names, list):
            raise FormatError("match", f"a list of position names, got {names!r}")
        hands = []
        for i, name in enumerate(names):
            hand = self.positions.read(name, None, f"match[{i}]", shown=False).position
            if hand.outcome is None:
                raise FormatError(f"match[{i}]", f"position {name!r} is not a finished hand")
            hands.append(hand)
        return hands

    def offered(self, spec: dict[str, Any], query: Query, answer: Answer, position: Position) -> tuple[Answer, ...]:
        """Every value the question offers: a closed set by itself, or the engine's answer and the distractors."""
        type_ = query.kind.type
        if type_ not in NEEDS_DISTRACTORS:
            if "distractors" in spec:
                raise FormatError("distractors", f"query {query.name!r} offers every possible answer by itself")
            values = all_values(type_, position.rules.players, position.rules.sides)
            assert values is not None
            return values
        distractors = spec.get("distractors")
        if not isinstance(distractors, list) or not distractors:
            raise FormatError("distractors", f"query {query.name!r} needs a list of wrong answers to offer")
        wrong_values = [read_answer(d, type_, f"distractors[{i}]") for i, d in enumerate(distractors)]
        if answer in wrong_values:
            raise FormatError("distractors", f"a distractor equals the engine's answer {answer!r}")
        if len(set(wrong_values)) != len(wrong_values):
            raise FormatError("distractors", "two distractors are the same")
        return (answer, *wrong_values)

    def question_wrong(self, spec: Any, query: Query, answer: Answer,
                       options: tuple[Option, ...]) -> tuple[WrongAction, ...]:
        """The declared wrong answers, each an offered option that is not the engine's answer."""
        if not isinstance(spec, list) or not spec:
            raise FormatError("wrong", "at least one wrong answer: [{ answer = ..., feedback = \"...\" }]")
        values = [option.value for option in options]
        wrongs: list[WrongAction] = []
        for i, item in enumerate(spec):
            where = f"wrong[{i}]"
            if not isinstance(item, dict) or set(item) != {"answer", "feedback"}:
                raise FormatError(where, "a wrong answer has exactly 'answer' and 'feedback'")
            value = read_answer(item["answer"], query.kind.type, f"{where}.answer")
            if value == answer:
                raise FormatError(f"{where}.answer", f"{item['answer']!r} is the engine's answer, not a wrong one")
            if value not in values:
                raise FormatError(f"{where}.answer", f"{item['answer']!r} is not among the options")
            if any(wrong.answer == value for wrong in wrongs):
                raise FormatError(f"{where}.answer", f"{item['answer']!r} already has its feedback")
            wrongs.append(WrongAction(self.key(item["feedback"], f"{where}.feedback"), answer=value))
        unexplained = [value for value in values if value != answer and all(w.answer != value for w in wrongs)]
        if unexplained:
            shown = ", ".join(_written(value) for value in unexplained)
            raise FormatError("wrong", f"every wrong answer needs its own feedback; none for {shown}")
        return tuple(wrongs)


def _written(value: Answer) -> str:
    """An answer as a lesson file writes it (``[2, 3]``, ``"none"``, ``true``)."""
    if value is None:
        return '"none"'
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return repr(list(value))
    return repr(value)


def option_label(type_: str, value: Any, position: Position, viewer: int) -> Message:
    """How an answer is written on its button, in the language files' words."""
    rules = position.rules
    if type_ == "number":
        return Message.of("answer.number", n=value)
    if type_ == "numbers":
        return Message.of("answer.numbers", numbers=value)
    if type_ == "seat":
        return Message(seat_key(rules, viewer, value))
    if type_ in ("side", "side_or_none"):
        return Message(side_key(rules, viewer, value))
    if type_ == "bool":
        return Message("answer.yes" if value else "answer.no")
    return Message(f"answer.{value}")


def _solution(spec: Any, position: Position, goal: Check, viewer: int) -> tuple[str, ...]:
    """The scripted solution, each move legal, the goal reached only at its end."""
    if not isinstance(spec, list) or not spec or not all(isinstance(m, str) for m in spec):
        raise FormatError("solution", "a non-empty list of moves like [\"draws\", \"plays 6-5 right\"]")
    current = position
    for i, text_move in enumerate(spec):
        try:
            move = parse_move(text_move)
        except ValueError as error:
            raise FormatError(f"solution[{i}]", str(error)) from None
        if i and current.to_move != viewer:
            raise FormatError(f"solution[{i}]", "the learner's turn is over: only a draw keeps the turn")
        if goal(Trail(position, current)):
            raise FormatError("goal", f"the goal is already reached before solution[{i}] {text_move!r}")
        refused = current.check(move)
        if refused is not None:
            raise FormatError(f"solution[{i}]", f"{text_move!r} is illegal ({refused.code}): {refused.message}")
        current = current.apply(move)
    why = goal.explain(Trail(position, current))
    if why is not None:
        raise FormatError("solution", f"the solution {spec!r} does not satisfy the goal: {why}")
    return tuple(str(parse_move(m)) for m in spec)


def _replies_after_every_path(position: Position, paths: tuple[tuple[str, ...], ...], replies: Any) -> Position:
    """The scripted replies, legal after every accepted way; the position they leave after the solution."""
    if not isinstance(replies, list) or not all(isinstance(r, str) for r in replies):
        raise FormatError("replies", "a list of events like [\"1 plays 3-4 left\"]")
    ends = []
    for path in paths:
        try:
            ends.append(apply_events(position.apply_all(path), replies, "replies")[0])
        except FormatError as error:
            raise FormatError(error.field, f"after the accepted moves {list(path)}: {error.message}") from None
    return ends[0]  # the solution comes first


def _table(position: Position) -> tuple[object, ...]:
    """What the picture of a position shows: the tiles as laid, every hand, the stock, whose turn."""
    return (position.placed, position.hands, position.stock, position.to_move)


def other_ways(step: Step) -> dict[tuple[str, ...], Position]:
    """The accepted ways of an act step that leave another table than its solution (after the replies), each with
    the table it leaves: a step starting from "previous" must lead on from each of them."""
    if step.kind != "act" or step.position is None or step.end_position is None:
        return {}
    shown = _table(step.end_position)
    found = {}
    for path in step.paths[1:]:
        after = apply_events(step.position.apply_all(path), list(step.replies), "replies")[0]
        if _table(after) != shown:
            found[path] = after
    return found


def _paths(start: Position, goal: Check, seat: int, depth: int) -> set[tuple[str, ...]]:
    """Every sequence of the learner's moves (at most ``depth``) that first reaches the goal."""
    found: set[tuple[str, ...]] = set()

    def walk(position: Position, moves: tuple[str, ...]) -> None:
        if len(moves) == depth or position.outcome is not None or position.to_move != seat:
            return
        for move in position.legal_moves():
            after = position.apply(move)
            path = (*moves, str(move))
            if goal(Trail(start, after)):
                found.add(path)
            elif isinstance(move, Draw | Play):
                walk(after, path)

    walk(start, ())
    return found

