"""The coverage map: every fact of RULES.md taught by an existing interactive lesson step."""

from __future__ import annotations

from lessons import LESSONS_DIR, check_coverage, load_coverage, load_library
from lessons.coverage import SECTIONS, Coverage, Fact

LESSON_IDS = ("pila", "pegar", "dobles", "pasa", "salida", "kaba", "konta", "tranque", "capicu", "partida")
COVERAGE = load_coverage()
LIBRARY = load_library()


def test_every_section_and_house_rule_is_split_into_facts() -> None:
    sections = {fact.section for fact in COVERAGE.facts}
    assert set(SECTIONS) <= sections
    assert len({fact.id for fact in COVERAGE.facts}) == len(COVERAGE.facts)


def test_mapped_steps_exist_and_are_interactive() -> None:
    problems = [str(p) for p in check_coverage(COVERAGE, LIBRARY) if p.kind != "no-step"]
    assert problems == []


def test_all_ten_lessons_exist() -> None:
    assert all((LESSONS_DIR / "data" / f"{lesson_id}.toml").exists() for lesson_id in LESSON_IDS)
    assert [lesson.id for lesson in LIBRARY.lessons] == list(LESSON_IDS)


def test_every_fact_is_taught_by_a_step() -> None:
    problems = [str(p) for p in check_coverage(COVERAGE, LIBRARY)]
    assert problems == []


def test_the_checker_catches_each_kind_of_hole() -> None:
    broken = Coverage(
        (
            Fact("§3a", "two open ends", ()),
            Fact("§3b", "new end", ("pegar:99",)),
            Fact("§3c", "either end", ("pegar:1",)),
            Fact("§4a", "crosswise", ("nosuchlesson:2",)),
            Fact("§4b", "keeps number", ("pegar-2",)),
        )
    )
    kinds = {(p.fact, p.kind) for p in check_coverage(broken, LIBRARY)}
    assert {
        ("§3a", "no-step"),
        ("§3b", "missing-step"),
        ("§3c", "not-interactive"),
        ("§4a", "missing-step"),
        ("§4b", "bad-ref"),
        ("§1", "missing-section"),
        ("H4", "missing-section"),
    } <= kinds
