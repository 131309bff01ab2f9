"""Which puzzle to show: the next one near the learner's rating (never one they solved lately), the puzzle of the
day (the same for everyone on a date), and a puzzle opened by its code, which is its id (``partnership-004``).

>>> from practice.puzzles import load_puzzles
>>> puzzles = load_puzzles()
>>> find_puzzle(puzzles, " Partnership-004 ").id
'partnership-004'
>>> puzzle_of_the_day(puzzles, date(2026, 12, 6)) == puzzle_of_the_day(puzzles, date(2026, 12, 6))
True
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Callable, Collection, Sequence
from datetime import date

from .puzzle_rating import Rating
from .puzzles import Puzzle

#: A puzzle solved within the learner's last this many attempts is not offered again.
RECENT = 20
#: The next puzzle is drawn from this many nearest the learner's rating, so two in a row differ.
NEAREST = 3
#: What a puzzle code looks like: a table and a three-digit number.
CODE_SHAPE = re.compile(r"^[a-z_]{1,30}-[0-9]{3}$")


class PuzzleCodeError(ValueError):
    """A code that opens no puzzle: ``reason`` is ``"shape"`` (not a puzzle code) or ``"unknown"`` (no such puzzle);
    the message quotes the code."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(f"not a puzzle code: {code!r} ({'no such puzzle' if reason == 'unknown' else 'bad shape'})")
        self.code = code
        self.reason = reason


def find_puzzle(puzzles: Sequence[Puzzle], code: str) -> Puzzle:
    """The puzzle a code opens (spaces and case ignored); `PuzzleCodeError` for anything else."""
    text = code.strip().lower() if isinstance(code, str) else ""
    if not CODE_SHAPE.match(text):
        raise PuzzleCodeError(str(code), "shape")
    for puzzle in puzzles:
        if puzzle.id == text:
            return puzzle
    raise PuzzleCodeError(str(code), "unknown")


def with_themes(puzzles: Sequence[Puzzle], themes: Collection[str]) -> list[Puzzle]:
    """The puzzles about at least one of ``themes`` (every puzzle when none is asked for)."""
    if not themes:
        return list(puzzles)
    wanted = set(themes)
    return [puzzle for puzzle in puzzles if wanted & set(puzzle.themes)]


def recently_solved(attempts: Sequence[tuple[str, bool]], recent: int = RECENT) -> frozenset[str]:
    """The puzzles solved within the last ``recent`` of ``attempts`` (puzzle id, solved), oldest first."""
    return frozenset(puzzle_id for puzzle_id, solved in attempts[-recent:] if solved)


def next_puzzle(puzzles: Sequence[Puzzle], learner: Rating, rating_of: Callable[[Puzzle], Rating],
                avoid: Collection[str], rng: random.Random, nearest: int = NEAREST) -> Puzzle | None:
    """One of the ``nearest`` puzzles whose rating is closest to the learner's, leaving out ``avoid`` (those solved
    lately, the one on show); if that leaves none, any of ``puzzles`` but the last on show. None when there are
    no puzzles at all."""
    pool = [puzzle for puzzle in puzzles if puzzle.id not in avoid] or list(puzzles)
    if not pool:
        return None
    pool.sort(key=lambda puzzle: (abs(rating_of(puzzle).rating - learner.rating), puzzle.id))
    return rng.choice(pool[:nearest])


def puzzle_of_the_day(puzzles: Sequence[Puzzle], day: date) -> Puzzle:
    """The puzzle of ``day``: the same for everyone that day, from a hash of the date (no clock, no state)."""
    if not puzzles:
        raise ValueError("there are no puzzles to choose from")
    digest = hashlib.sha256(f"la-plaza-puzzle-of-the-day:{day.isoformat()}".encode()).digest()
    return puzzles[int.from_bytes(digest[:8], "big") % len(puzzles)]


__all__ = ["CODE_SHAPE", "NEAREST", "RECENT", "PuzzleCodeError", "find_puzzle", "next_puzzle", "puzzle_of_the_day",
           "recently_solved", "with_themes"]
