"""The coverage map: each fact of RULES.md (fine-grained ids §1a…, H1–H4, and the other tables' G1a…, S1a…) → the
interactive steps teaching it."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from .loader import LESSONS_DIR, Library

#: The sections of RULES.md every coverage map must split into facts: La Plaza §1–§12, house rules H1–H4, and the
#: other tables: the Greek game site's G1–G11 and Straight dominoes' S1–S7.
SECTIONS: tuple[str, ...] = (
    *(f"§{n}" for n in range(1, 13)), "H1", "H2", "H3", "H4",
    *(f"G{n}" for n in range(1, 12)), *(f"S{n}" for n in range(1, 8)),
)
_FACT_ID = re.compile(r"^(§(?:[1-9]|1[0-2])[a-z]?|H[1-4]|G(?:[1-9]|1[01])[a-z]?|S[1-7][a-z]?)$")
_STEP_REF = re.compile(r"^(?P<lesson>[a-z_]+):(?P<step>[1-9][0-9]*)$")


@dataclass(frozen=True)
class Fact:
    """One fact of the rules, what it says, and the steps (``"lesson:step"``) that teach it."""

    id: str
    text: str
    steps: tuple[str, ...]

    @property
    def section(self) -> str:
        """The RULES.md section the fact belongs to (``§5`` for ``§5b``)."""
        return self.id.rstrip("abcdefghijklmnopqrstuvwxyz")


@dataclass(frozen=True)
class Coverage:
    """The whole map, in file order."""

    facts: tuple[Fact, ...]

    def steps_for(self, fact_id: str) -> tuple[str, ...]:
        """The steps teaching a fact (what a practice quiz links a wrong answer to)."""
        for fact in self.facts:
            if fact.id == fact_id:
                return fact.steps
        raise KeyError(fact_id)


@dataclass(frozen=True)
class CoverageProblem:
    """Something the coverage map gets wrong; ``kind`` is no-step, bad-ref, missing-step, not-interactive, drill,
    unknown-drill-fact or missing-section."""

    kind: str
    fact: str
    message: str

    def __str__(self) -> str:
        return f"lessons/coverage.toml, fact {self.fact!r}: {self.message}"


def load_coverage(path: Path | str = LESSONS_DIR / "coverage.toml") -> Coverage:
    """Read the coverage map; raise ValueError naming the fact for a malformed entry."""
    with Path(path).open("rb") as handle:
        data = tomllib.load(handle)
    facts = []
    for fact_id, entry in data.get("facts", {}).items():
        if not _FACT_ID.match(fact_id):
            raise ValueError(f"{path}: fact id {fact_id!r} is not §1–§12, G1–G11 or S1–S7 (with a letter) or H1–H4")
        if not isinstance(entry, dict) or not isinstance(entry.get("text"), str):
            raise ValueError(f"{path}: fact {fact_id!r} needs text = \"what the fact says\"")
        steps = entry.get("steps", [])
        if not isinstance(steps, list) or not all(isinstance(s, str) for s in steps):
            raise ValueError(f"{path}: fact {fact_id!r}: steps is a list like [\"pegar:2\"]")
        facts.append(Fact(fact_id, entry["text"], tuple(steps)))
    return Coverage(tuple(facts))


def check_coverage(coverage: Coverage, library: Library) -> tuple[CoverageProblem, ...]:
    """Every section split into facts, every fact taught by a step, every step existing and interactive."""
    problems = []
    sections = {fact.section for fact in coverage.facts}
    for section in SECTIONS:
        if section not in sections:
            problems.append(CoverageProblem("missing-section", section, f"RULES.md {section} has no fact in the map"))
    lessons = {lesson.id: lesson for lesson in library.lessons}
    for fact in coverage.facts:
        if not fact.steps:
            problems.append(CoverageProblem("no-step", fact.id, f"no lesson step teaches it ({fact.text})"))
        for ref in fact.steps:
            match = _STEP_REF.match(ref)
            if match is None:
                problems.append(CoverageProblem("bad-ref", fact.id, f"{ref!r} is not \"<lesson>:<step>\""))
                continue
            lesson = lessons.get(match["lesson"])
            number = int(match["step"])
            if lesson is None:
                problems.append(CoverageProblem("missing-step", fact.id, f"{ref!r}: no lesson {match['lesson']!r}"))
            elif number > len(lesson.steps):
                problems.append(CoverageProblem(
                    "missing-step", fact.id, f"{ref!r}: lesson {lesson.id!r} has {len(lesson.steps)} steps"
                ))
            elif not lesson.step(number).interactive:
                problems.append(CoverageProblem(
                    "not-interactive", fact.id, f"{ref!r} is a {lesson.step(number).kind} step, not act/question"
                ))
            elif lesson.step(number).drill:
                problems.append(CoverageProblem(
                    "drill", fact.id, f"{ref!r} is a drill: map the step that teaches the fact, not its practice"
                ))
    return (*problems, *_drill_problems(coverage, library))


def _drill_problems(coverage: Coverage, library: Library) -> list[CoverageProblem]:
    """Every fact a drill step practises is a fact of the map."""
    known = {fact.id for fact in coverage.facts}
    return [
        CoverageProblem("unknown-drill-fact", fact, f"{lesson.id}:{step.number} drills {fact!r}, which the map lacks")
        for lesson in library.lessons for step in lesson.steps for fact in step.drill if fact not in known
    ]
