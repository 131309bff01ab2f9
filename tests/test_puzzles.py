"""The stored puzzles (practice/data/puzzles.json, made by benchmarks/make_puzzles.py): every one replays with the
engine to a position where its seat is to move and its answer is legal, a sample keeps its answer as the best with
a seed the generator never used, and the loader refuses a broken puzzle saying which and why."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine import PRESETS
from play.analysis import analyse
from practice.puzzles import PUZZLES_FILE, THEMES, PuzzleError, load_puzzles, read_puzzle

PUZZLES = load_puzzles()


def stored() -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = json.loads(PUZZLES_FILE.read_text(encoding="utf-8"))["puzzles"]
    return entries


def test_every_puzzle_replays_to_its_seat_with_a_legal_answer() -> None:
    assert len(PUZZLES) >= 500
    assert {puzzle.preset for puzzle in PUZZLES} == set(PRESETS)
    assert len({puzzle.id for puzzle in PUZZLES}) == len(PUZZLES)
    for puzzle in PUZZLES:
        assert puzzle.position.to_move == puzzle.seat and puzzle.position.is_legal(puzzle.answer_move)
        assert puzzle.values[0][0] == puzzle.answer
        assert puzzle.margin == pytest.approx(puzzle.values[0][1] - puzzle.values[1][1], abs=0.02)
        assert set(puzzle.themes) <= set(THEMES)


@pytest.mark.parametrize("index", range(0, 512, 37))  # every table's puzzles
def test_a_sample_stays_best_with_another_seed(index: int) -> None:
    puzzle = PUZZLES[index % len(PUZZLES)]
    analysis = analyse(puzzle.view, deals=200, seed=20_250_601)
    assert str(analysis.best) == puzzle.answer, f"{puzzle.id}: {[(str(e.move), e.mean) for e in analysis.estimates]}"


def broken(tmp_path: Path, change: dict[str, Any]) -> Path:
    entry = {**stored()[0], **change}
    path = tmp_path / "puzzles.json"
    path.write_text(json.dumps({"puzzles": [entry]}), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"answer": "plays 6-6 up"}, "not legal here"),
        ({"moves": ["0 plays 9-9"]}, "do not replay"),
        ({"seat": 5}, "is not to move"),
        ({"themes": ["luck"]}, "unknown themes"),
        ({"hands": None}, "malformed"),
    ],
)
def test_a_broken_puzzle_is_refused_with_its_id_and_reason(
    tmp_path: Path, change: dict[str, Any], message: str
) -> None:
    path = broken(tmp_path, change)
    with pytest.raises(PuzzleError, match=message) as refused:
        load_puzzles(path)
    assert stored()[0]["id"] in str(refused.value)


def test_a_file_that_is_not_puzzles_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "puzzles.json"
    path.write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(PuzzleError, match="a list under 'puzzles'"):
        load_puzzles(path)
    with pytest.raises(PuzzleError, match="cannot read"):
        load_puzzles(tmp_path / "missing.json")
    with pytest.raises(PuzzleError, match="puzzle 3"):
        read_puzzle({}, "puzzle 3")
