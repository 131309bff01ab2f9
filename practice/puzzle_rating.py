"""Puzzle ratings on one Glicko-2 scale: every learner and every puzzle has a rating, and an attempt is a game
between them that the learner wins when right on the first try. The arithmetic is the ``glicko2`` package's.

>>> learner, puzzle = rate(Rating(), Rating(), solved=True)
>>> learner.rating > 1500 > puzzle.rating, learner.deviation < 350, learner.attempts
(True, True, 1)
"""

from __future__ import annotations

from dataclasses import dataclass

import glicko2  # type: ignore[import-untyped]  # the package ships no type hints

from .puzzles import Puzzle

#: Where Glicko-2 starts an unknown player: the middle of the scale, very unsure.
START_RATING = 1500.0
START_DEVIATION = 350.0
START_VOLATILITY = 0.06
#: A puzzle's first guess before anyone tried it: harder with more choices to weigh, easier the more the answer
#: stands out (``margin`` points over the second best); its deviation stays wide, so attempts soon correct it.
CHOICE_STEP = 60.0
MARGIN_STEP = 8.0
TYPICAL_MARGIN = 8.0
FIRST_GUESS_RANGE = (1200.0, 1800.0)


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating: the estimate, how unsure it is (``deviation``), how erratic (``volatility``), and how many
    attempts it rests on."""

    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY
    attempts: int = 0

    @property
    def shown(self) -> int:
        """The rating as a learner reads it: a whole number."""
        return round(self.rating)


def first_guess(puzzle: Puzzle) -> Rating:
    """A puzzle's rating before any attempt: a guess from how many choices it has and how clearly the answer wins."""
    low, high = FIRST_GUESS_RANGE
    guess = START_RATING + CHOICE_STEP * (len(puzzle.values) - 2) - MARGIN_STEP * (puzzle.margin - TYPICAL_MARGIN)
    return Rating(rating=min(high, max(low, guess)))


def rate(learner: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """Both ratings after one attempt, each updated against the other's rating before it (one Glicko-2 rating
    period a game): ``solved`` (right on the first try) raises the learner and lowers the puzzle, a miss the
    reverse; both deviations shrink."""
    score = 1.0 if solved else 0.0
    return updated(learner, [(puzzle, score)]), updated(puzzle, [(learner, 1.0 - score)])


def updated(player: Rating, games: list[tuple[Rating, float]]) -> Rating:
    """``player`` after one rating period of ``games`` (each an opponent's rating before it, and the score: 1 won,
    0 lost)."""
    found = glicko2.Player(rating=player.rating, rd=player.deviation, vol=player.volatility)
    found.update_player([opponent.rating for opponent, _ in games], [opponent.deviation for opponent, _ in games],
                        [score for _, score in games])
    return Rating(float(found.rating), float(found.rd), float(found.vol), player.attempts + len(games))


__all__ = ["START_DEVIATION", "START_RATING", "START_VOLATILITY", "Rating", "first_guess", "rate", "updated"]
