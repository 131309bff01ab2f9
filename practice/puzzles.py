"""Puzzles from real hands: a position where one choice is clearly best, stored as data (``data/puzzles.json``,
made by ``benchmarks/make_puzzles.py``) and rebuilt here with the engine, which refuses a puzzle that does not hold.

A puzzle keeps the deal (every hand and the stock in draw order), who led and why, and the moves so far as the
engine writes them; replaying them gives the position, and the seat to move must find ``answer``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from engine import LeadReason, Move, Position, Rules, View, parse_history, parse_move

#: Where the generator writes the puzzles and the app reads them.
PUZZLES_FILE = Path(__file__).resolve().parent / "data" / "puzzles.json"
#: What a puzzle may be about, each worked out from engine facts by the generator.
THEMES = (
    "block_to_win", "capicu", "ends_opponent_lacks", "heaviest_first", "partner_number", "count_to_block",
    "score_fives", "lead_strong_suit",
)


class PuzzleError(ValueError):
    """A stored puzzle that does not hold: its id and what is wrong."""


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: the table, the deal, the moves so far, the seat to move and its answer, and how much better the
    answer is (``margin``, in points for the seat's side; ``values``: every choice's expected points)."""

    id: str
    preset: str
    players: int
    hands: tuple[tuple[str, ...], ...]
    stock: tuple[str, ...]
    leader: int
    first_hand: bool
    lead_reason: str | None
    moves: tuple[str, ...]
    seat: int
    answer: str
    margin: float
    values: tuple[tuple[str, float], ...]
    themes: tuple[str, ...]

    @cached_property
    def position(self) -> Position:
        """The position the puzzle asks about, replayed with the engine."""
        rules = Rules.preset(self.preset, **({"players": self.players} if "players" in _options(self.preset) else {}))
        reason = LeadReason(self.lead_reason) if self.lead_reason is not None else None
        start = Position.start(rules, self.hands, self.stock, leader=self.leader, first_hand=self.first_hand,
                               reason=reason)
        return start.apply_all(parse_history("\n".join(self.moves)))

    @property
    def view(self) -> View:
        """What the seat to move sees: all a puzzle may show."""
        return self.position.view(self.seat)

    @property
    def answer_move(self) -> Move:
        """The answer as a move."""
        return parse_move(self.answer)


def load_puzzles(path: Path = PUZZLES_FILE) -> tuple[Puzzle, ...]:
    """Every puzzle in ``path``, each rebuilt and checked with the engine; a broken one raises ``PuzzleError``."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise PuzzleError(f"{path}: cannot read the puzzles: {error}") from None
    if not isinstance(data, dict) or not isinstance(data.get("puzzles"), list):
        raise PuzzleError(f"{path}: expected an object with a list under 'puzzles'")
    return tuple(read_puzzle(entry, f"{path}: puzzle {index}") for index, entry in enumerate(data["puzzles"]))


def read_puzzle(entry: Any, where: str) -> Puzzle:
    """One puzzle from its stored form, checked: the moves replay, the seat is to move, the answer is legal, every
    choice has a value and the themes are known. ``where`` names it in the error."""
    try:
        where = f"{where} ({entry['id']!r})" if isinstance(entry, dict) and "id" in entry else where
        puzzle = Puzzle(
            id=str(entry["id"]), preset=str(entry["preset"]), players=int(entry["players"]),
            hands=tuple(tuple(map(str, hand)) for hand in entry["hands"]), stock=tuple(map(str, entry["stock"])),
            leader=int(entry["leader"]), first_hand=bool(entry["first_hand"]),
            lead_reason=None if entry["lead_reason"] is None else str(entry["lead_reason"]),
            moves=tuple(map(str, entry["moves"])), seat=int(entry["seat"]), answer=str(entry["answer"]),
            margin=float(entry["margin"]), values=tuple((str(move), float(value)) for move, value in entry["values"]),
            themes=tuple(map(str, entry["themes"])),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise PuzzleError(f"{where}: missing or malformed field: {error!r}") from None
    try:
        position = puzzle.position
        answer = puzzle.answer_move
    except ValueError as error:
        raise PuzzleError(f"{where}: the deal and moves do not replay: {error}") from None
    if position.outcome is not None or position.to_move != puzzle.seat:
        raise PuzzleError(f"{where}: seat {puzzle.seat} is not to move after the moves (the hand is over or it is "
                          f"seat {position.to_move}'s turn)")
    if not position.is_legal(answer):
        raise PuzzleError(f"{where}: the answer {puzzle.answer!r} is not legal here: {position.check(answer)}")
    if puzzle.answer not in dict(puzzle.values):
        raise PuzzleError(f"{where}: the answer {puzzle.answer!r} has no value among {dict(puzzle.values)}")
    unknown = set(puzzle.themes) - set(THEMES)
    if unknown:
        raise PuzzleError(f"{where}: unknown themes {sorted(unknown)}; use {', '.join(THEMES)}")
    return puzzle


def _options(preset: str) -> tuple[str, ...]:
    return Rules.preset(preset).options


__all__ = ["PUZZLES_FILE", "THEMES", "Puzzle", "PuzzleError", "load_puzzles", "read_puzzle"]
