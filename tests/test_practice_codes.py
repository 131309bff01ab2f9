"""Question codes: the same code gives the same question, in this process and another; bad codes fail clearly."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from practice import SKILL_IDS, format_code, parse_code, question_from_code
from tests.practice_support import fingerprint

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("skill", SKILL_IDS)
def test_the_same_code_gives_the_same_question(skill: str) -> None:
    for seed in (0, 1, 4821, 999_999):
        code = format_code(skill, seed)
        assert question_from_code(code).code == code
        assert fingerprint(question_from_code(code)) == fingerprint(question_from_code(code))


def test_codes_give_the_same_question_in_another_process() -> None:
    codes = [f"{skill}-{seed}" for skill in SKILL_IDS for seed in (3, 777)]
    script = (
        "import json, sys\n"
        "from practice import question_from_code\n"
        "from tests.practice_support import fingerprint\n"
        f"print(json.dumps([fingerprint(question_from_code(c)) for c in {codes!r}]))\n"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == [fingerprint(question_from_code(c)) for c in codes]


def test_different_seeds_give_different_questions() -> None:
    for skill in SKILL_IDS:
        assert len({fingerprint(question_from_code(f"{skill}-{seed}")) for seed in range(10)}) >= 8


def test_codes_read_loosely_but_exactly() -> None:
    assert parse_code("lacks-4821") == ("lacks", 4821)
    assert parse_code("  LACKS-0042 ") == ("lacks", 42)
    assert format_code("capicu", 7) == "capicu-7"


@pytest.mark.parametrize("bad", ["", "lacks", "lacks-", "-12", "lacks-1234567", "lacks--1", "lacks-12a",
                                 "lacks 12", "lacks_12", "lacks-١٢", "lacks-12-3"])
def test_bad_codes_fail_clearly(bad: str) -> None:
    with pytest.raises(ValueError, match="not a practice code") as error:
        question_from_code(bad)
    assert repr(bad) in str(error.value)


def test_unknown_skills_and_non_text_fail_clearly() -> None:
    with pytest.raises(ValueError, match="unknown skill 'nope'"):
        parse_code("nope-12")
    for bad in (None, 42, b"lacks-1"):
        with pytest.raises(ValueError, match="not a practice code"):
            parse_code(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seed"):
        format_code("lacks", 1_000_000)
    with pytest.raises(ValueError, match="unknown practice skill"):
        format_code("nope", 1)
