"""The coverage map: every fact of RULES.md taught by an existing interactive lesson step."""

from __future__ import annotations

from lessons import Coverage, Library, check_coverage
from lessons.coverage import SECTIONS, Fact


def test_every_section_and_house_rule_is_split_into_facts(lesson_coverage: Coverage) -> None:
    sections = {fact.section for fact in lesson_coverage.facts}
    assert set(SECTIONS) <= sections
    assert len({fact.id for fact in lesson_coverage.facts}) == len(lesson_coverage.facts)


def test_mapped_steps_exist_and_are_interactive(lesson_coverage: Coverage, library: Library) -> None:
    problems = [str(p) for p in check_coverage(lesson_coverage, library) if p.kind != "no-step"]
    assert problems == []


def test_every_lesson_file_loaded_so_every_mapped_lesson_exists(library: Library) -> None:
    assert sorted(library.lesson_files) == sorted(lesson.id for lesson in library.lessons)


def test_every_fact_is_taught_by_a_step(lesson_coverage: Coverage, library: Library) -> None:
    problems = [str(p) for p in check_coverage(lesson_coverage, library)]
    assert problems == []


def test_the_checker_catches_each_kind_of_hole(library: Library) -> None:
    broken = Coverage(
        (
            Fact("§3a", "two open ends", ()),
            Fact("§3b", "new end", ("pegar:99",)),
            Fact("§3c", "either end", ("pegar:1",)),
            Fact("§4a", "crosswise", ("nosuchlesson:2",)),
            Fact("§4b", "keeps number", ("pegar-2",)),
        )
    )
    kinds = {(p.fact, p.kind) for p in check_coverage(broken, library)}
    assert {
        ("§3a", "no-step"),
        ("§3b", "missing-step"),
        ("§3c", "not-interactive"),
        ("§4a", "missing-step"),
        ("§4b", "bad-ref"),
        ("§1", "missing-section"),
        ("H4", "missing-section"),
    } <= kinds
