"""A tied tranque set-up always ends: seeds whose tiles left held an odd number of pips once looped for ever."""

from __future__ import annotations

import random

import pytest

from engine import Rules
from practice import generate
from practice.setups import blocking_setup

#: Seeds that hung before the set-up threw away draws that cannot tie (found by sweeping codes).
ONCE_HUNG = [("tranque", 478001), ("tranque", 219247), ("tranque", 35854), ("lead", 73488), ("lead", 199480)]


@pytest.mark.parametrize(("skill", "seed"), ONCE_HUNG)
def test_questions_that_once_hung_are_generated(skill: str, seed: int) -> None:
    question = generate(skill, seed)
    assert question.code.startswith(skill)


@pytest.mark.parametrize("rules", [Rules.one_vs_one(), Rules.partnership()], ids=["one_vs_one", "partnership"])
def test_every_tied_setup_is_a_tie_one_tile_from_the_tranque(rules: Rules) -> None:
    for seed in range(300):
        start, blocking = blocking_setup(random.Random(seed), rules, tie=True)
        rest = [tile for hand in start.hands for tile in hand if tile is not blocking.tile]
        assert sum(tile.pips for tile in rest) % 2 == 0
        outcome = start.apply(blocking).outcome
        assert outcome is not None and outcome.reason == "blocked"
