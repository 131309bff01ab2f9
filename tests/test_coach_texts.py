"""The coach's words: every code has a text in every language, renders fully, and links to a lesson step."""

import random
import re
import shutil
from pathlib import Path

import pytest

from engine import Match
from lessons.coverage import load_coverage
from lessons.loader import LESSONS_DIR, load_library
from play.coach import CODES, WORD_KEYS, Remark, advice, event_remarks, fact_of, lead_remarks, turn_remarks
from tests.play_support import TABLES
from wording.texts import Ref

LIBRARY = load_library()
LANGUAGES = [language.code for language in LIBRARY.languages]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_code_has_a_text_in_every_language_and_no_text_is_left_over(lang: str) -> None:
    table = LIBRARY.texts.tables[lang]["play"]
    wanted = {f"coach.{code}" for code in CODES} | set(WORD_KEYS)
    assert sorted(wanted - set(table)) == []
    assert sorted(key for key in set(table) - wanted if key.startswith("coach.")) == []  # the rest: the Play page


def test_the_texts_load_without_errors() -> None:
    assert [str(error) for error in LIBRARY.errors] == []


def test_a_missing_coach_text_is_an_error_naming_the_file(tmp_path: Path) -> None:
    root = tmp_path / "lessons"
    shutil.copytree(LESSONS_DIR, root, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    spanish = root / "texts" / "es" / "play.toml"
    spanish.write_text(re.sub(r"(?m)^passed = .*\n", "", spanish.read_text(encoding="utf-8")), encoding="utf-8")
    errors = [str(error) for error in load_library(root).errors]
    assert any("lessons/texts/es/play.toml" in error and "coach.passed" in error for error in errors), errors
    (root / "texts" / "en" / "play.toml").unlink()
    errors = [str(error) for error in load_library(root).errors]
    assert any("lessons/texts/en/play.toml" in error and "missing" in error for error in errors), errors


def test_every_code_links_to_a_lesson_step_at_the_tables_where_it_applies() -> None:
    coverage = load_coverage()
    known = {fact.id: fact for fact in coverage.facts}
    for code in CODES:
        facts = {fact_of(code, rules) for rules in TABLES} - {None}
        assert facts, f"{code} applies at no table"
        for fact in facts:
            assert fact in known and known[fact].steps, (code, fact)
            assert Remark(code, (), fact).step == known[fact].steps[0]


def remarks_of_random_hands() -> list[Remark]:
    """Remarks of every kind the coach makes in random hands of every table (advice on a few moves)."""
    found: list[Remark] = []
    rng = random.Random(21)
    for rules in TABLES:
        match = Match(rules)
        for _ in range(2):
            position = match.deal(rng)
            learner = rng.randrange(rules.players)
            found += lead_remarks(match, position.view(learner))
            while position.outcome is None:
                view = position.view(learner)
                found += turn_remarks(view)
                move = rng.choice(position.legal_moves())
                if position.to_move == learner and len(found) % 7 == 0:
                    said = advice(view, move, seed=3, deals=20)
                    found += [said] if said is not None else []
                after = position.apply(move)
                found += event_remarks(view, after.view(learner))
                position = after
            match.record(position.outcome)
            if match.is_over:
                break
    return found


REMARKS = remarks_of_random_hands()


def test_the_random_hands_reach_most_codes() -> None:
    reached = {remark.code for remark in REMARKS}
    assert len(reached) >= len(CODES) // 2, sorted(set(CODES) - reached)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_remark_renders_completely(lang: str) -> None:
    for remark in REMARKS:
        text = LIBRARY.texts.render(remark.message, lang, "play")
        assert "{" not in text and "[" not in text, (remark, text)
        assert LIBRARY.texts.find(lang, remark.key, "play") is not None


LEARNER = Ref("role.you")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_learner_is_never_slotted_into_a_sentence_written_for_someone_else(lang: str) -> None:
    # A sentence about the learner is written for "you" (a `_you` code): put in a third person's sentence, the
    # name reads "You scores", "Tú anota", "...κερδίζει: Εσύ". So no text may use a placeholder the learner fills.
    checked = 0
    for remark in REMARKS:
        for name, value in remark.args:
            if value == LEARNER:
                text = LIBRARY.texts.get(lang, remark.key, "play")
                assert f"{{{name}}}" not in text, (remark, text)
                checked += 1
    assert checked, "the random hands name the learner in no remark: the test checks nothing"
