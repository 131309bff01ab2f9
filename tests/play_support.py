"""Tables and random hands for the view, player and coach tests: every preset of the engine, every player count."""

from __future__ import annotations

import contextlib
import random

from engine import PRESETS, Match, Position, Rules


def every_table() -> tuple[Rules, ...]:
    """Every rule set the engine has, at every player count it allows, partnerships included where they exist."""
    tables = []
    for name in PRESETS:
        for players in (2, 3, 4):
            try:
                tables.append(Rules.preset(name, players=players))
            except ValueError:  # the preset fixes its player count
                if Rules.preset(name).players == players:
                    tables.append(Rules.preset(name))
        for partnership in (True, False):
            with contextlib.suppress(ValueError):  # no partnership option at this table
                tables.append(Rules.preset(name, players=4, partnership=partnership))
    return tuple(dict.fromkeys(tables))


TABLES = every_table()


def table_id(rules: Rules) -> str:
    """A short name for a parametrized test: preset, player count, and "pairs" for partnerships."""
    return f"{rules.name}-{rules.players}{'-pairs' if rules.partners else ''}"


def deal(rules: Rules, rng: random.Random) -> Position:
    """A shuffled hand as a match deals it: the first hand of a match half the time, else a later one."""
    if rng.random() < 0.5:
        return Match(rules).deal(rng)
    try:
        return Position.deal(rules, rng, leader=rng.randrange(rules.players))
    except ValueError:  # the rules find every hand's leader themselves (G3)
        return Position.deal(rules, rng)


def random_play(position: Position, rng: random.Random, moves: int) -> Position:
    """Up to `moves` uniformly random legal moves, stopping before the hand ends."""
    for _ in range(moves):
        after = position.apply(rng.choice(position.legal_moves()))
        if after.outcome is not None:
            break
        position = after
    return position
