"""Determinized Monte Carlo: deal the unseen tiles at random (``View.sample``), play each choice out, average.

Every candidate is played out on the same deals, so differences between candidates come from the moves, not from
the luck of the deal; that is also what lets the coach say that one move is clearly better. In a playout every seat
plays its heaviest fitting tile: a plain model of how people play (measured stronger here than adding random moves),
and cheap enough for hundreds of playouts a move.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine import Move, Outcome, Position, Rules, View
from engine.playout import heaviest_playout


@dataclass(frozen=True)
class Estimate:
    """One candidate's playout results: the value for the seat's side in each deal (points won minus lost)."""

    move: Move
    values: tuple[float, ...]

    @property
    def mean(self) -> float:
        """The expected score difference for the seat's side."""
        return sum(self.values) / len(self.values)

    def lead_over(self, other: Estimate) -> tuple[float, float]:
        """How much better this move did than ``other`` on the same deals: the mean difference and its standard
        error."""
        differences = [a - b for a, b in zip(self.values, other.values, strict=True)]
        count = len(differences)
        mean = sum(differences) / count
        if count < 2:
            return mean, math.inf
        variance = sum((d - mean) ** 2 for d in differences) / (count - 1)
        return mean, math.sqrt(variance / count)


def estimate(view: View, moves: Sequence[Move], deals: int, rng: random.Random) -> list[Estimate]:
    """Play every move out on ``deals`` random deals consistent with the view; one estimate per move, in order."""
    side = view.rules.side_of(view.seat)
    values: list[list[float]] = [[] for _ in moves]
    for _ in range(deals):
        world = view.sample(rng)
        for index, move in enumerate(moves):
            end = playout(world.apply(move))
            values[index].append(side_value(end.outcome, end.rules, side))  # type: ignore[arg-type]  # a played-out hand has its outcome
    return [Estimate(move, tuple(found)) for move, found in zip(moves, values, strict=True)]


def best_of(view: View, moves: Sequence[Move], playouts: int, rng: random.Random) -> Move:
    """The move with the best average over about ``playouts`` playouts, spent by sequential halving: all moves on
    the same deals, then the better half on new deals, and so on, so the close contenders get the most playouts."""
    rounds = max(1, math.ceil(math.log2(len(moves))))
    results: dict[Move, list[float]] = {move: [] for move in moves}
    survivors = list(moves)
    side = view.rules.side_of(view.seat)
    for round_number in range(rounds):
        if round_number:
            survivors = survivors[: math.ceil(len(survivors) / 2)]
        for _ in range(max(1, playouts // (rounds * len(survivors)))):
            world = view.sample(rng)
            for move in survivors:
                end = playout(world.apply(move))
                results[move].append(side_value(end.outcome, end.rules, side))  # type: ignore[arg-type]  # a played-out hand has its outcome
        survivors.sort(key=lambda move: -sum(results[move]) / len(results[move]))  # stable: ties keep their order
    return survivors[0]


def playout(position: Position) -> Position:
    """Play a position to the end of the hand, every seat playing its heaviest fitting tile (a double first among
    equals, then the left end): the engine's int playout, the same hand as playing those moves one by one."""
    return heaviest_playout(position)


def side_value(outcome: Outcome, rules: Rules, side: int) -> float:
    """What a finished hand is worth to ``side``: what it adds to the side's score less the others' average, the
    other way round where reaching the target loses (katsika's penalties)."""
    scores = outcome.scores
    others = (sum(scores) - scores[side]) / (len(scores) - 1)
    value = scores[side] - others
    return -value if rules.target_loses else value


__all__ = ["Estimate", "best_of", "estimate", "playout", "side_value"]
