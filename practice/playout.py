"""Seeded random play: deal with a ``random.Random`` and play uniformly random legal moves until a situation arises."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine import Position, Rules
from engine.playout import random_playout

#: How many fresh deals a generator may try before giving up (never reached in practice: see the tests).
MAX_DEALS = 400


class NoSituation(RuntimeError):
    """Random play did not reach the wanted situation within ``MAX_DEALS`` deals."""


def deal(rng: random.Random, rules: Rules) -> Position:
    """A shuffled hand: a partnership match's first hand a quarter of the time (6-6 leads), else a random leader."""
    if rules.name == "partnership" and rng.random() < 0.25:
        return Position.deal(rules, rng, first_hand=True)
    return Position.deal(rules, rng, leader=rng.randrange(rules.players))


def play_until(
    rng: random.Random, rules: Rules, stop: Callable[[Position], bool], tries: int = MAX_DEALS
) -> tuple[Position, tuple[Position, ...]]:
    """The first position (and the positions leading to it) for which ``stop`` holds, over fresh deals."""
    for _ in range(tries):
        position = deal(rng, rules)
        trail = [position]
        while True:
            if stop(position):
                return position, tuple(trail)
            if position.outcome is not None:
                break
            position = position.apply(rng.choice(position.legal_moves()))
            trail.append(position)
    raise NoSituation(f"no wanted situation in {tries} deals of {rules.name}")


def play_out(rng: random.Random, position: Position) -> Position:
    """The position played with random legal moves to the end of the hand (the engine's int playout: the same
    hand, and the same draws from ``rng``, as applying ``rng.choice(position.legal_moves())`` move by move)."""
    return random_playout(position, rng)


def rescore(start: Position, final: Position, rules: Rules) -> Position:
    """The same hand (same start, same moves) under other house-rule options: what another table would score."""
    if start.ends is None:
        again = Position.start(rules, start.hands, start.stock, leader=start.to_move, first_hand=start.first_hand)
    else:
        line = [f"{placed.left}-{placed.right}" for placed in start.placed]
        again = Position.setup(rules, start.hands, line, start.stock, start.to_move, start.lead_index)
    return again.apply_all(final.history)

