"""Reads and checks every lesson: structure against the engine, texts in every language.

`load_library` is a pure function of the files under ``lessons/`` (cache it freely); one broken lesson
never takes the others down — it is left out and its errors are listed.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine import Draw, IllegalMove, Play, Position, Rules, parse_event, parse_move

from .checks import Check, Trail, parse_check
from .errors import FormatError, LessonError
from .model import Lesson, Mark, Option, Step, WrongAction, seat_key, side_key
from .queries import NEEDS_DISTRACTORS, all_values, parse_query, read_answer, sort_key
from .texts import REQUIRED_UI_KEYS, UI, Message, Texts, flatten, placeholders

LESSONS_DIR = Path(__file__).resolve().parent

STEP_FIELDS: dict[str, frozenset[str]] = {
    "explain": frozenset({"kind", "text", "position", "prelude", "marks"}),
    "act": frozenset(
        {"kind", "text", "position", "prelude", "marks", "goal", "solution", "replies", "wrong", "feedback", "hints"}
    ),
    "question": frozenset(
        {"kind", "text", "position", "prelude", "marks", "query", "seat", "side", "distractors", "match", "wrong",
         "hints"}
    ),
    "remember": frozenset({"kind", "text", "points"}),
}
LESSON_FIELDS = frozenset({"id", "order", "title", "rules", "options", "viewer", "positions", "steps"})
POSITION_FIELDS = frozenset(
    {"hands", "line", "stock", "to_move", "rules", "options", "viewer", "lead_index", "first_hand", "prelude"}
)
MARK_FIELDS = {
    "end": ("end",),
    "tile": ("tile",),
    "arrow": ("tile", "end"),
    "seat": ("seat",),
    "button": ("button",),
}


@dataclass(frozen=True)
class Language:
    """A language the tutorial speaks: its code (``pap``) and its own name (``Papiamentu``)."""

    code: str
    name: str


@dataclass(frozen=True, eq=False)
class Library:
    """Everything loaded: the good lessons in order, the errors found, the texts and the languages."""

    lessons: tuple[Lesson, ...]
    errors: tuple[LessonError, ...]
    texts: Texts
    languages: tuple[Language, ...]
    lesson_files: tuple[str, ...] = field(default=())  # ids of every lesson file found, good or broken

    def lesson(self, lesson_id: str) -> Lesson:
        """A loaded lesson by id (KeyError if it is missing or broken)."""
        for lesson in self.lessons:
            if lesson.id == lesson_id:
                return lesson
        raise KeyError(lesson_id)


# ---------------------------------------------------------------------------------------------------------- files


def _read_toml(path: Path, root: Path, errors: list[LessonError], lesson: str | None = None) -> dict[str, Any] | None:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except OSError as error:
        errors.append(LessonError(_rel(path, root), f"cannot read: {error}", lesson))
    except tomllib.TOMLDecodeError as error:
        errors.append(LessonError(_rel(path, root), f"not valid TOML: {error}", lesson))
    return None


def _rel(path: Path, root: Path) -> str:
    try:
        return str(Path("lessons") / path.relative_to(root))
    except ValueError:
        return str(path)


def _read_languages(root: Path, errors: list[LessonError]) -> tuple[Language, ...]:
    data = _read_toml(root / "languages.toml", root, errors) or {}
    languages = []
    for i, entry in enumerate(data.get("languages", [])):
        if not isinstance(entry, dict) or not isinstance(entry.get("code"), str) or not isinstance(
            entry.get("name"), str
        ):
            message = f"entry {i + 1} needs code and name"
            errors.append(LessonError("lessons/languages.toml", message, field="languages"))
            continue
        languages.append(Language(entry["code"], entry["name"]))
    if not languages:
        errors.append(LessonError("lessons/languages.toml", "no languages listed", field="languages"))
    return tuple(languages)


def _read_text_file(path: Path, root: Path, errors: list[LessonError], lesson: str | None) -> dict[str, str]:
    data = _read_toml(path, root, errors, lesson)
    if data is None:
        return {}
    texts = {}
    for key, value in flatten(data).items():
        if isinstance(value, str) and value.strip():
            texts[key] = value
        else:
            errors.append(LessonError(_rel(path, root), f"text {key!r} must be a non-empty string", lesson, field=key))
    return texts


# ------------------------------------------------------------------------------------------------------ positions


def _tiles(value: Any, field_name: str) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return value.replace(",", " ").split()
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return list(value)
    raise FormatError(field_name, f"tiles are written as text, like \"6-5 3-3\" or [\"6-5\", \"3-3\"]; got {value!r}")


def _int(value: Any, field_name: str, low: int = 0, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low or (high is not None and value > high):
        limit = f" from {low} to {high}" if high is not None else f" ≥ {low}"
        raise FormatError(field_name, f"must be a whole number{limit}, got {value!r}")
    return value


def _apply_events(position: Position, events: Any, field_name: str) -> Position:
    if not isinstance(events, list) or not all(isinstance(e, str) for e in events):
        raise FormatError(field_name, f"a list of events like [\"1 plays 3-4 left\", \"2 passes\"]; got {events!r}")
    for i, text in enumerate(events):
        try:
            position = position.apply(parse_event(text))
        except IllegalMove as error:
            message = f"{text!r} is illegal here ({error.code}): {error.message}"
            raise FormatError(f"{field_name}[{i}]", message) from None
        except ValueError as error:
            raise FormatError(f"{field_name}[{i}]", f"{text!r}: {error}") from None
    return position


class _LessonReader:
    """Reads one lesson file into a `Lesson`, collecting every error and every text key it names."""

    def __init__(self, data: dict[str, Any], lesson_id: str) -> None:
        self.data = data
        self.id = lesson_id
        self.errors: list[FormatError] = []
        self.keys: list[tuple[str, int | None, str]] = []  # (text key, step, field)
        self.step_number: int | None = None

    def key(self, value: Any, field_name: str) -> str:
        """A text key the lesson names; remembered for the text checks."""
        if not isinstance(value, str) or not value:
            raise FormatError(field_name, f"must be a text key (a name from the texts files), got {value!r}")
        self.keys.append((value, self.step_number, field_name))
        return value

    def read(self) -> Lesson | None:
        """The lesson, or None when anything is wrong (the errors are in ``self.errors``)."""
        data = self.data
        try:
            for name in data:
                if name not in LESSON_FIELDS:
                    raise FormatError(name, f"unknown field {name!r}; known: {', '.join(sorted(LESSON_FIELDS))}")
            for name in ("id", "order", "title", "rules", "steps"):
                if name not in data:
                    raise FormatError(name, f"missing key {name!r}")
            if data["id"] != self.id:
                raise FormatError("id", f"id {data['id']!r} must equal the file name {self.id!r}")
            order = _int(data["order"], "order", 1)
            title = self.key(data["title"], "title")
            self.rules_name = data["rules"]
            self.options = data.get("options", {})
            if not isinstance(self.options, dict):
                raise FormatError("options", f"must be a table of house rules, got {self.options!r}")
            rules = self.make_rules(self.rules_name, self.options, "rules")
            self.viewer = _int(data.get("viewer", 0), "viewer", 0, rules.players - 1)
            self.named = data.get("positions", {})
            if not isinstance(self.named, dict):
                raise FormatError("positions", "must be a table of named positions")
            steps_data = data["steps"]
            if not isinstance(steps_data, list) or not steps_data:
                raise FormatError("steps", "must be a non-empty list of [[steps]]")
        except FormatError as error:
            self.errors.append(error)
            return None
        steps = []
        previous: Position | None = None
        for number, spec in enumerate(steps_data, start=1):
            self.step_number = number
            continues = isinstance(spec, dict) and spec.get("position") == "previous"
            if continues and previous is None and self.errors and self.errors[-1].step == number - 1:
                self.errors.append(FormatError("position", "skipped: it continues the broken step before", number))
                continue
            try:
                step = self.read_step(number, spec, previous)
            except FormatError as error:
                error.step = number
                self.errors.append(error)
                previous = None
                continue
            steps.append(step)
            previous = step.end_position
        self.step_number = None
        if sum(step.interactive for step in steps) < 2 and not self.errors:
            self.errors.append(FormatError("steps", "a lesson needs at least two interactive (act/question) steps"))
        if self.errors:
            return None
        return Lesson(self.id, order, title, rules, tuple(steps), "")

    def make_rules(self, name: Any, options: dict[str, Any], field_name: str) -> Rules:
        """A rules preset with house-rule options, as the engine builds it."""
        try:
            return Rules.preset(name, **options)
        except (TypeError, ValueError) as error:
            raise FormatError(field_name, f"the engine rejects these rules: {error}") from None

    # -------------------------------------------------------------------------------------------------- positions

    def position(self, spec: Any, previous: Position | None, field_name: str = "position") -> tuple[Position, int]:
        """The step's position and viewer seat, from a table, a named position or "previous"."""
        if spec == "previous":
            if previous is None:
                raise FormatError(field_name, "\"previous\" needs a previous step that ends in a position")
            return previous, self.viewer
        if isinstance(spec, str):
            if spec not in self.named:
                raise FormatError(field_name, f"no position named {spec!r} in [positions]")
            return self.position(self.named[spec], None, f"positions.{spec}")
        if not isinstance(spec, dict):
            message = f"a position is a table, a name from [positions] or \"previous\"; got {spec!r}"
            raise FormatError(field_name, message)
        for name in spec:
            if name not in POSITION_FIELDS:
                raise FormatError(f"{field_name}.{name}", f"unknown field {name!r}")
        if "hands" not in spec:
            raise FormatError(f"{field_name}.hands", "missing key 'hands'")
        options = {**self.options, **spec.get("options", {})}
        rules = self.make_rules(spec.get("rules", self.rules_name), options, f"{field_name}.rules")
        hands_spec = spec["hands"]
        if not isinstance(hands_spec, list):
            raise FormatError(f"{field_name}.hands", "a list with one entry per seat")
        hands = [_tiles(hand, f"{field_name}.hands[{i}]") for i, hand in enumerate(hands_spec)]
        line = _tiles(spec.get("line"), f"{field_name}.line")
        stock = _tiles(spec.get("stock"), f"{field_name}.stock")
        viewer = _int(spec.get("viewer", self.viewer), f"{field_name}.viewer", 0, rules.players - 1)
        to_move = spec.get("to_move")
        try:
            if line:
                lead_index = spec.get("lead_index")
                position = Position.setup(rules, hands, line, stock, to_move or 0, lead_index=lead_index)
            else:
                first_hand = spec.get("first_hand", False)
                leader = to_move if to_move is not None or first_hand else 0
                position = Position.start(rules, hands, stock, leader=leader, first_hand=first_hand)
        except (ValueError, TypeError) as error:
            raise FormatError(field_name, f"the engine rejects this position: {error}") from None
        if "prelude" in spec:
            position = _apply_events(position, spec["prelude"], f"{field_name}.prelude")
        return position, viewer

    def marks(self, spec: Any) -> tuple[Mark, ...]:
        """The picture marks of a step."""
        if spec is None:
            return ()
        if not isinstance(spec, list):
            raise FormatError("marks", "a list of marks like [{ kind = \"end\", end = \"left\" }]")
        marks = []
        for i, item in enumerate(spec):
            where = f"marks[{i}]"
            if not isinstance(item, dict) or item.get("kind") not in MARK_FIELDS:
                raise FormatError(where, f"a mark needs kind = one of {', '.join(MARK_FIELDS)}; got {item!r}")
            needed = MARK_FIELDS[item["kind"]]
            for name in item:
                if name not in (*needed, "kind", "label", "hint"):
                    raise FormatError(f"{where}.{name}", f"unknown field {name!r} for a {item['kind']} mark")
            for name in needed:
                if name not in item:
                    raise FormatError(f"{where}.{name}", f"missing key {name!r}")
            if "end" in item and item["end"] not in ("left", "right"):
                raise FormatError(f"{where}.end", f"\"left\" or \"right\", got {item['end']!r}")
            if "button" in item and item["button"] not in ("draw", "pass"):
                raise FormatError(f"{where}.button", f"\"draw\" or \"pass\", got {item['button']!r}")
            if "tile" in item:
                _tiles([item["tile"]], f"{where}.tile")
                try:
                    parse_move(f"plays {item['tile']}")
                except ValueError as error:
                    raise FormatError(f"{where}.tile", str(error)) from None
            label = self.key(item["label"], f"{where}.label") if "label" in item else None
            hint = _int(item.get("hint", 0), f"{where}.hint", 0, 2)
            marks.append(
                Mark(item["kind"], item.get("tile"), item.get("end"), item.get("seat"), item.get("button"), label, hint)
            )
        return tuple(marks)

    # ------------------------------------------------------------------------------------------------------ steps

    def read_step(self, number: int, spec: Any, previous: Position | None) -> Step:
        """One step, checked against the engine."""
        if not isinstance(spec, dict):
            raise FormatError("steps", "each step is a [[steps]] table")
        kind = spec.get("kind")
        if kind not in STEP_FIELDS:
            raise FormatError("kind", f"kind must be one of {', '.join(STEP_FIELDS)}; got {kind!r}")
        for name in spec:
            if name not in STEP_FIELDS[kind]:
                raise FormatError(name, f"unknown field {name!r} for a {kind} step")
        if kind == "remember":
            points = spec.get("points")
            if not isinstance(points, list) or not 2 <= len(points) <= 3:
                raise FormatError("points", "a remember box has 2 or 3 points (text keys)")
            text = self.key(spec["text"], "text") if "text" in spec else None
            keys = tuple(self.key(p, f"points[{i}]") for i, p in enumerate(points))
            return Step(number, kind, text=text, points=keys, end_position=previous)
        if "text" not in spec:
            raise FormatError("text", "missing key 'text'")
        text = self.key(spec["text"], "text")
        position: Position | None = None
        viewer = self.viewer
        if "position" in spec:
            position, viewer = self.position(spec["position"], previous)
        elif kind != "explain":
            raise FormatError("position", "missing key 'position'")
        if "prelude" in spec:
            if position is None:
                raise FormatError("prelude", "a prelude needs a position")
            position = _apply_events(position, spec["prelude"], "prelude")
        marks = self.marks(spec.get("marks"))
        if kind == "explain":
            return Step(number, kind, text, position, viewer, marks, end_position=position)
        assert position is not None
        hints = self.hints(spec, required=kind == "question")
        if kind == "act":
            return self.act_step(number, spec, text, position, viewer, marks, hints)
        return self.question_step(number, spec, text, position, viewer, marks, hints)

    def hints(self, spec: dict[str, Any], required: bool) -> tuple[str, str] | None:
        """The two hint-level text keys (first: which tile; then: which end)."""
        if "hints" not in spec:
            if required:
                raise FormatError("hints", "missing key 'hints' (two text keys: a first hint, then a stronger one)")
            return None
        hints = spec["hints"]
        if not isinstance(hints, list) or len(hints) != 2:
            raise FormatError("hints", f"two text keys, got {hints!r}")
        return (self.key(hints[0], "hints[0]"), self.key(hints[1], "hints[1]"))

    def act_step(
        self, number: int, spec: dict[str, Any], text: str, position: Position, viewer: int,
        marks: tuple[Mark, ...], hints: tuple[str, str] | None,
    ) -> Step:
        """An act step: goal, solution, every accepted way, replies after each, declared mistakes."""
        for name in ("goal", "solution", "wrong"):
            if name not in spec:
                raise FormatError(name, f"missing key {name!r}")
        if position.outcome is not None:
            raise FormatError("position", "the hand is already over: the learner cannot act")
        if position.to_move != viewer:
            raise FormatError("position", f"seat {position.to_move} is to move, but the learner sits at seat {viewer}")
        goal = parse_check(spec["goal"])
        solution = spec["solution"]
        if not isinstance(solution, list) or not solution or not all(isinstance(m, str) for m in solution):
            raise FormatError("solution", "a non-empty list of moves like [\"draws\", \"plays 6-5 right\"]")
        current = position
        for i, text_move in enumerate(solution):
            try:
                move = parse_move(text_move)
            except ValueError as error:
                raise FormatError(f"solution[{i}]", str(error)) from None
            if i and current.to_move != viewer:
                raise FormatError(f"solution[{i}]", "the learner's turn is over: only a draw keeps the turn")
            if goal(Trail(position, current)):
                raise FormatError("goal", f"the goal is already reached before solution[{i}] {text_move!r}")
            error = current.check(move)
            if error is not None:
                raise FormatError(f"solution[{i}]", f"{text_move!r} is illegal ({error.code}): {error.message}")
            current = current.apply(move)
        if not goal(Trail(position, current)):
            raise FormatError("solution", f"the solution {solution!r} does not satisfy the goal {goal.spec!r}")
        solution_key = tuple(str(parse_move(m)) for m in solution)
        paths = _paths(position, goal, viewer, len(solution))
        paths = (solution_key, *sorted(p for p in paths if p != solution_key))
        replies = spec.get("replies", [])
        if not isinstance(replies, list) or not all(isinstance(r, str) for r in replies):
            raise FormatError("replies", "a list of events like [\"1 plays 3-4 left\"]")
        end_position = current
        for path in paths:
            after = position.apply_all(path)
            try:
                after = _apply_events(after, replies, "replies")
            except FormatError as error:
                raise FormatError(error.field, f"after the accepted moves {list(path)}: {error.message}") from None
            if path == solution_key:
                end_position = after
        feedback = self.key(spec["feedback"], "feedback") if "feedback" in spec else None
        wrong = self.act_wrong(spec["wrong"], position, paths)
        return Step(
            number, "act", text, position, viewer, marks, goal=goal, solution=solution_key, paths=paths,
            replies=tuple(replies), wrong=wrong, feedback=feedback, hints=hints, end_position=end_position,
        )

    def act_wrong(self, spec: Any, position: Position, paths: tuple[tuple[str, ...], ...]) -> tuple[WrongAction, ...]:
        """The declared mistakes of an act step, each tried on the engine."""
        if not isinstance(spec, list) or not spec:
            raise FormatError("wrong", "at least one wrong action: [{ action = \"passes\", feedback = \"...\" }]")
        prefixes = {path[:k] for path in paths for k in range(len(path))}
        wrongs = []
        for i, item in enumerate(spec):
            where = f"wrong[{i}]"
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
            current = position.apply_all(keys[:-1])
            feedback = self.key(item["feedback"], f"{where}.feedback")
            error = current.check(moves[-1])
            if error is None:
                if keys in prefixes or keys in paths:
                    raise FormatError(f"{where}.action", f"{keys[-1]!r} is not wrong here: it leads to the goal")
                if feedback.startswith("illegal."):
                    raise FormatError(
                        f"{where}.feedback", f"{keys[-1]!r} is legal here, so it cannot give {feedback!r}"
                    )
            elif feedback.startswith("illegal.") and feedback != f"illegal.{error.code}":
                raise FormatError(
                    f"{where}.feedback",
                    f"the engine refuses {keys[-1]!r} with 'illegal.{error.code}', not {feedback!r}",
                )
            wrongs.append(WrongAction(feedback, moves=keys))
        return tuple(wrongs)

    def question_step(
        self, number: int, spec: dict[str, Any], text: str, position: Position, viewer: int,
        marks: tuple[Mark, ...], hints: tuple[str, str] | None,
    ) -> Step:
        """A question step: the engine's answer, the options, the declared wrong answers."""
        for name in ("query", "wrong"):
            if name not in spec:
                raise FormatError(name, f"missing key {name!r}")
        rules = position.rules
        query = parse_query(spec["query"], spec, rules.players)
        finished = []
        for i, name in enumerate(spec.get("match", [])):
            hand, _ = self.position(name, None, f"match[{i}]")
            if hand.outcome is None:
                raise FormatError(f"match[{i}]", f"position {name!r} is not a finished hand")
            finished.append(hand)
        answer = query.ask(position, finished)
        type_ = query.kind.type
        values = all_values(type_, rules.players)
        if type_ in NEEDS_DISTRACTORS:
            distractors = spec.get("distractors")
            if not isinstance(distractors, list) or not distractors:
                raise FormatError("distractors", f"query {query.name!r} needs a list of wrong answers to offer")
            wrong_values = [read_answer(d, type_, f"distractors[{i}]") for i, d in enumerate(distractors)]
            if answer in wrong_values:
                raise FormatError("distractors", f"a distractor equals the engine's answer {answer!r}")
            if len(set(wrong_values)) != len(wrong_values):
                raise FormatError("distractors", "two distractors are the same")
            values = (answer, *wrong_values)
        elif "distractors" in spec:
            raise FormatError("distractors", f"query {query.name!r} offers every possible answer by itself")
        assert values is not None
        options = tuple(
            Option(value, _option_label(type_, value, position, viewer)) for value in sorted(values, key=sort_key)
        )
        wrong_spec = spec["wrong"]
        if not isinstance(wrong_spec, list) or not wrong_spec:
            raise FormatError("wrong", "at least one wrong answer: [{ answer = ..., feedback = \"...\" }]")
        wrongs = []
        for i, item in enumerate(wrong_spec):
            where = f"wrong[{i}]"
            if not isinstance(item, dict) or set(item) != {"answer", "feedback"}:
                raise FormatError(where, "a wrong answer has exactly 'answer' and 'feedback'")
            value = read_answer(item["answer"], type_, f"{where}.answer")
            if value == answer:
                raise FormatError(f"{where}.answer", f"{item['answer']!r} is the engine's answer, not a wrong one")
            if value not in [option.value for option in options]:
                raise FormatError(f"{where}.answer", f"{item['answer']!r} is not among the options")
            wrongs.append(WrongAction(self.key(item["feedback"], f"{where}.feedback"), answer=value))
        return Step(
            number, "question", text, position, viewer, marks, wrong=tuple(wrongs), hints=hints, query=query,
            answer=answer, options=options, end_position=position,
        )


def _option_label(type_: str, value: Any, position: Position, viewer: int) -> Message:
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


# -------------------------------------------------------------------------------------------------------- library


def _check_ui(texts: dict[str, dict[str, dict[str, str]]], codes: list[str], errors: list[LessonError]) -> None:
    for code in codes:
        ui = texts.get(code, {}).get(UI, {})
        for key in REQUIRED_UI_KEYS:
            if key not in ui:
                errors.append(LessonError(f"lessons/texts/{code}/ui.toml", f"text missing: {key!r}", field=key))
    _check_same_keys(texts, codes, UI, None, errors)


def _check_same_keys(
    texts: dict[str, dict[str, dict[str, str]]], codes: list[str], scope: str, lesson: str | None,
    errors: list[LessonError],
) -> None:
    """Every language has the same keys as the first, with the same placeholders."""
    reference = texts.get(codes[0], {}).get(scope, {})
    for code in codes:
        table = texts.get(code, {}).get(scope, {})
        file = f"lessons/texts/{code}/{scope}.toml"
        for key in sorted(set(reference) | set(table)):
            if key not in table:
                errors.append(LessonError(file, f"text missing in {code!r}: {key!r}", lesson, field=key))
            elif key not in reference:
                errors.append(LessonError(file, f"unknown text key {key!r} (not in {codes[0]!r})", lesson, field=key))
            elif placeholders(table[key]) != placeholders(reference[key]):
                errors.append(LessonError(
                    file, f"text {key!r} uses {sorted(placeholders(table[key]))}, {codes[0]!r} uses "
                    f"{sorted(placeholders(reference[key]))}", lesson, field=key,
                ))


def _check_lesson_texts(
    reader: _LessonReader, texts: dict[str, dict[str, dict[str, str]]], codes: list[str], file: str,
) -> list[LessonError]:
    errors: list[LessonError] = []
    lesson_id = reader.id
    used = set()
    for key, step, field_name in reader.keys:
        used.add(key)
        missing = [
            code for code in codes
            if key not in texts.get(code, {}).get(lesson_id, {}) and key not in texts.get(code, {}).get(UI, {})
        ]
        if missing and len(missing) == len(codes):
            errors.append(LessonError(file, f"unknown text key {key!r}: no language has it", lesson_id, step,
                                      field_name))
        elif missing:
            errors.append(LessonError(file, f"text {key!r} missing in {', '.join(missing)}", lesson_id, step,
                                      field_name))
    for code in codes:
        text_file = f"lessons/texts/{code}/{lesson_id}.toml"
        for key in sorted(set(texts.get(code, {}).get(lesson_id, {})) - used):
            errors.append(LessonError(text_file, f"unknown text key {key!r}: the lesson never uses it", lesson_id,
                                      field=key))
    errors.extend(e for e in _same_key_errors(texts, codes, lesson_id))
    return errors


def _same_key_errors(
    texts: dict[str, dict[str, dict[str, str]]], codes: list[str], lesson_id: str
) -> list[LessonError]:
    errors: list[LessonError] = []
    _check_same_keys(texts, codes, lesson_id, lesson_id, errors)
    # a key missing in one language is already reported by _check_lesson_texts when the lesson uses it
    return [e for e in errors if "text missing" not in e.message and "unknown text key" not in e.message]


def load_library(root: Path | str = LESSONS_DIR) -> Library:
    """Read every language, ui text and lesson under ``root`` (``lessons/``); never raises for a bad lesson."""
    root = Path(root)
    errors: list[LessonError] = []
    languages = _read_languages(root, errors)
    codes = [language.code for language in languages]
    lesson_paths = sorted((root / "data").glob("*.toml"))
    tables: dict[str, dict[str, dict[str, str]]] = {}
    missing_texts: dict[str, list[LessonError]] = {}
    for code in codes:
        folder = root / "texts" / code
        tables[code] = {UI: _read_text_file(folder / "ui.toml", root, errors, None)}
        for path in lesson_paths:
            text_path = folder / f"{path.stem}.toml"
            if text_path.exists():
                tables[code][path.stem] = _read_text_file(text_path, root, missing_texts.setdefault(path.stem, []),
                                                          path.stem)
            else:
                missing_texts.setdefault(path.stem, []).append(
                    LessonError(_rel(text_path, root), f"text file missing for language {code!r}", path.stem)
                )
    if codes:
        _check_ui(tables, codes, errors)
    lessons = []
    for path in lesson_paths:
        file = _rel(path, root)
        lesson_errors = list(missing_texts.get(path.stem, []))
        data = _read_toml(path, root, lesson_errors, path.stem)
        lesson = None
        if data is not None:
            reader = _LessonReader(data, path.stem)
            lesson = reader.read()
            lesson_errors.extend(
                LessonError(file, e.message, path.stem, e.step, e.field) for e in reader.errors
            )
            if codes and not reader.errors:  # keys of a broken step are unknown: skip the text check then
                lesson_errors.extend(_check_lesson_texts(reader, tables, codes, file))
        if lesson_errors or lesson is None:
            errors.extend(lesson_errors)
            continue
        lessons.append(_with_file(lesson, file))
    lessons.sort(key=lambda lesson: (lesson.order, lesson.id))
    return Library(
        tuple(lessons), tuple(errors), Texts(tables, tuple(codes)), languages, tuple(p.stem for p in lesson_paths)
    )


def _with_file(lesson: Lesson, file: str) -> Lesson:
    return Lesson(lesson.id, lesson.order, lesson.title, lesson.rules, lesson.steps, file)

