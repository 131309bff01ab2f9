"""Checking a lesson file's structure: its own fields, then every step against the engine. Collects every error
and every text key the lesson names (the texts are checked across languages elsewhere)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from engine import Position, Rules

from .errors import FormatError
from .model import Lesson, Step
from .positions import PositionReader, make_rules, whole_number
from .steps import StepReader, other_ways

LESSON_FIELDS = frozenset({"id", "order", "title", "rules", "options", "viewer", "positions", "steps", "course"})
#: The course a lesson belongs to when its file names none; a course's title is the ui text ``course.<id>``.
DEFAULT_COURSE = "la_plaza"
REQUIRED_FIELDS = ("id", "order", "title", "rules", "steps")


@dataclass(frozen=True)
class KeyUse:
    """A text key a lesson names, and where: the step (None: the lesson itself) and the field."""

    key: str
    step: int | None
    field: str


@dataclass
class LessonReading:
    """The outcome of reading one lesson file: the lesson (None if anything is wrong), its errors, its keys."""

    lesson_id: str
    lesson: Lesson | None = None
    errors: list[FormatError] = field(default_factory=list)
    keys: list[KeyUse] = field(default_factory=list)


class _Reader:
    """Reads one lesson file into a `Lesson`, collecting every error and every text key it names."""

    def __init__(self, data: dict[str, Any], lesson_id: str, file: str) -> None:
        self.data = data
        self.file = file
        self.reading = LessonReading(lesson_id)
        self.step_number: int | None = None

    def key(self, value: Any, field_name: str) -> str:
        """A text key the lesson names; remembered for the text checks."""
        if not isinstance(value, str) or not value:
            raise FormatError(field_name, f"must be a text key (a name from the texts files), got {value!r}")
        self.reading.keys.append(KeyUse(value, self.step_number, field_name))
        return value

    def course(self) -> str:
        """The course the lesson belongs to (its title is the ui text ``course.<id>``)."""
        course = self.data.get("course", DEFAULT_COURSE)
        if not isinstance(course, str) or not course.replace("_", "").isalpha() or not course.islower():
            raise FormatError("course", f"a course id in lower-case letters and _, like 'other_tables'; got {course!r}")
        self.key(f"course.{course}", "course")
        return course

    def header(self) -> tuple[int, str, Rules, PositionReader, list[Any]]:
        """The lesson's own fields: order, title key, rules, how its positions are built, and its raw steps."""
        data = self.data
        unknown = sorted(set(data) - LESSON_FIELDS)
        if unknown:
            raise FormatError(unknown[0], f"unknown field {unknown[0]!r}; known: {', '.join(sorted(LESSON_FIELDS))}")
        missing = [name for name in REQUIRED_FIELDS if name not in data]
        if missing:
            raise FormatError(missing[0], f"missing key {missing[0]!r}")
        if data["id"] != self.reading.lesson_id:
            raise FormatError("id", f"id {data['id']!r} must equal the file name {self.reading.lesson_id!r}")
        order = whole_number(data["order"], "order", 1)
        title = self.key(data["title"], "title")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise FormatError("options", f"must be a table of house rules, got {options!r}")
        rules = make_rules(data["rules"], options, "rules")
        viewer = whole_number(data.get("viewer", 0), "viewer", 0, rules.players - 1)
        named = data.get("positions", {})
        if not isinstance(named, dict):
            raise FormatError("positions", "must be a table of named positions")
        steps = data["steps"]
        if not isinstance(steps, list) or not steps:
            raise FormatError("steps", "must be a non-empty list of [[steps]]")
        return order, title, rules, PositionReader(data["rules"], options, viewer, named), steps

    def read(self) -> LessonReading:
        """Read the whole lesson; ``lesson`` stays None when anything is wrong."""
        errors = self.reading.errors
        try:
            order, title, rules, positions, specs = self.header()
            course = self.course()
        except FormatError as error:
            errors.append(error)
            return self.reading
        steps = self.steps(StepReader(positions, self.key), specs)
        if sum(step.interactive for step in steps) < 2 and not errors:
            errors.append(FormatError("steps", "a lesson needs at least two interactive (act/question) steps"))
        if not errors:
            self.reading.lesson = Lesson(self.reading.lesson_id, order, title, rules, tuple(steps), self.file, course)
        return self.reading

    def steps(self, reader: StepReader, specs: list[Any]) -> list[Step]:
        """Every step in order; a broken step is reported, and a step continuing it is skipped. A step starting from
        "previous" after an act step that accepts several ways is read once more on the table each way leaves."""
        steps: list[Step] = []
        previous: Position | None = None
        errors = self.reading.errors
        follows: int | None = None  # the act step whose other ways the steps continuing it lead on from
        ways: dict[tuple[str, ...], Position] = {}  # each of those ways, and where the step before left it
        for number, spec in enumerate(specs, start=1):
            self.step_number = number
            continues = isinstance(spec, dict) and spec.get("position") == "previous"
            if continues and previous is None and errors and errors[-1].step == number - 1:
                errors.append(FormatError("position", "skipped: it continues the broken step before", number))
                continue
            try:
                step = reader.read(number, spec, previous)
                if continues and ways and follows is not None:
                    step = replace(step, variants=self._variants(reader, number, spec, follows, ways),
                                   follows=follows)
            except FormatError as error:
                error.step = number
                errors.append(error)
                previous, follows, ways = None, None, {}
                continue
            steps.append(step)
            previous = step.end_position
            follows, ways = self._carried(step, continues, follows, ways)
        self.step_number = None
        return steps

    def _variants(self, reader: StepReader, number: int, spec: Any, follows: int,
                  ways: dict[tuple[str, ...], Position]) -> tuple[tuple[tuple[str, ...], Step], ...]:
        """The step read on the table each other way of step ``follows`` left: it must hold there too."""
        variants = []
        for way, start in ways.items():
            try:
                variants.append((way, reader.read(number, spec, start)))
            except FormatError as error:
                raise FormatError(error.field, f"step {follows} also accepts {list(way)}, and this step, starting "
                                  f"from \"previous\", must lead on from that too: {error.message}") from None
        return tuple(variants)

    def _carried(self, step: Step, continues: bool, follows: int | None,
                 ways: dict[tuple[str, ...], Position]) -> tuple[int | None, dict[tuple[str, ...], Position]]:
        """Which act step's other ways the next step leads on from, and where each left the table."""
        if step.kind == "act":
            own = other_ways(step)
            if own and (step.variants or any(other_ways(variant) for _, variant in step.variants)):
                raise_at = FormatError("goal", f"this step accepts {list(next(iter(own)))} as well as its solution, "
                                       f"and it leads on from step {follows}, which accepts several ways too: "
                                       "let one of the two accept a single way", step.number)
                self.reading.errors.append(raise_at)
                return None, {}
            if own:
                return step.number, own
        if step.kind == "remember" or step.drill:
            return follows, ways  # they show no table: the next "previous" step is still where the act step left
        if continues and step.variants:
            return follows, {way: variant.end_position for way, variant in step.variants
                             if variant.end_position is not None}
        return None, {}


def read_lesson(data: dict[str, Any], lesson_id: str, file: str) -> LessonReading:
    """Read and check one lesson file's data (``file``: its path as errors name it)."""
    return _Reader(data, lesson_id, file).read()
