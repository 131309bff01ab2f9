"""The engine's int playouts (engine/playout.py) end every hand exactly as playing it move by move through
``Position.apply`` does: the same outcome (winner, points, domino or blocked, capicú, scores, penalties, next
leader, all-fives points), the same history, hands, line, stock and known lacks, and for random play the same
draws from the rng.

The reference is the plain loop over ``legal_moves`` and ``apply``, on many seeded deals of every preset table and
their scoring options, from fresh deals, from mid-hand positions and from a seat's sampled worlds (the computer
players' playouts).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engine import PRESETS, Move, Play, Position, Rules
from engine.playout import heaviest_playout, random_playout
from play.montecarlo import playout as montecarlo_playout
from practice.playout import play_out

DEALS = 150

# Every preset, and the options that change how a hand ends or scores.
TABLES: list[Rules] = [Rules.preset(name) for name in PRESETS] + [
    Rules.one_vs_one(count="losers", blocked_winner="blocker", capicu_bonus=25),
    Rules.partnership(blocked_winner="blocker", capicu_bonus=10),
    Rules.partnership(count="losers"),
    Rules.draw_game(players=3),
    Rules.draw_game(players=4, partnership=True, scoring="katsika", katsika_doubles=True),
    Rules.block_game(players=3, hand_size=9),
    Rules.block_game(players=4, hand_size=5),
    Rules.katsika(players=2),
    Rules.katsika(katsika_doubles=True, hand_size=6),
    Rules.international(partnership=False, scoring="katsika"),
    Rules.international_two(hand_size=9),
    Rules.all_fives(players=4, partnership=True),
]


def weight(move: Move) -> float:
    """The heaviest policy's weight of a legal move, written here from its definition: pips, +0.5 for a double."""
    assert isinstance(move, Play)
    return move.tile.pips + (0.5 if move.tile.high == move.tile.low else 0.0)


def by_apply_random(position: Position, rng: random.Random) -> Position:
    while position.outcome is None:
        position = position.apply(rng.choice(position.legal_moves()))
    return position


def by_apply_heaviest(position: Position) -> Position:
    while position.outcome is None:
        moves = position.legal_moves()
        position = position.apply(moves[0] if len(moves) == 1 else max(moves, key=weight))
    return position


def snapshot(position: Position) -> tuple[object, ...]:
    """Everything a caller can read of a position."""
    return (
        position.outcome,
        position.history,
        position.hands,
        position.placed,
        position.lead_index,
        position.ends,
        position.open_ends,
        position.end_count,
        position.stock,
        position.to_move,
        position.first_hand,
        position.leader,
        position.lead_reason,
        position.hand_points,
        position.legal_moves(),
        tuple(position.known_lacks(seat) for seat in range(position.rules.players)),
        tuple(position.drawn_tiles(seat) for seat in range(position.rules.players)),
    )


def starts(rules: Rules, seed: int) -> Iterator[Position]:
    """Positions to play out: a fresh deal (a first hand where the rules find the leader), one a few random
    moves in, and a seat's sampled world after its first legal move (as the computer players play out)."""
    rng = random.Random(seed)
    first = seed % 3 == 0 and rules.name != "all_fives" and rules.lead_rule != "la_plaza"
    if rules.name == "partnership" and seed % 4 == 0:
        fresh = Position.deal(rules, rng, first_hand=True)
    elif rules.lead_rule == "lowest_double" or (first and rules.lead_rule == "highest_tile"):
        fresh = Position.deal(rules, rng, first_hand=first)
    else:
        fresh = Position.deal(rules, rng, leader=rng.randrange(rules.players))
    yield fresh
    middle = fresh
    for _ in range(rng.randrange(1, 12)):
        if middle.outcome is not None:
            break
        middle = middle.apply(rng.choice(middle.legal_moves()))
    yield middle
    if middle.outcome is None:
        world = middle.view(middle.to_move).sample(rng)
        yield world.apply(world.legal_moves()[0])


@pytest.mark.parametrize("rules", TABLES, ids=repr)
def test_random_playout_is_the_move_by_move_hand_with_the_same_draws(rules: Rules) -> None:
    for seed in range(DEALS):
        for index, position in enumerate(starts(rules, seed)):
            fast_rng, slow_rng = random.Random(seed * 7 + index), random.Random(seed * 7 + index)
            fast, slow = random_playout(position, fast_rng), by_apply_random(position, slow_rng)
            assert snapshot(fast) == snapshot(slow), f"{rules!r} seed {seed} start {index}"
            assert fast_rng.getstate() == slow_rng.getstate(), f"{rules!r} seed {seed} start {index}: rng drifted"


@pytest.mark.parametrize("rules", TABLES, ids=repr)
def test_heaviest_playout_is_the_move_by_move_hand(rules: Rules) -> None:
    for seed in range(DEALS):
        for index, position in enumerate(starts(rules, seed)):
            fast, slow = heaviest_playout(position), by_apply_heaviest(position)
            assert snapshot(fast) == snapshot(slow), f"{rules!r} seed {seed} start {index}"


def test_the_callers_play_through_the_fast_path_with_the_same_results() -> None:
    rules = Rules.one_vs_one()
    for seed in range(40):
        position = Position.deal(rules, random.Random(seed), leader=seed % 2)
        assert snapshot(play_out(random.Random(seed), position)) == snapshot(
            by_apply_random(position, random.Random(seed))
        )
        assert snapshot(montecarlo_playout(position)) == snapshot(by_apply_heaviest(position))


def test_the_outcomes_cover_what_the_rules_decide() -> None:
    """The seeded hands above reach every ending the comparison must hold for: dominoes, blocks won and tied,
    capicú, hands blocked by the last draw, katsika penalties, and all-fives points with the spinner open."""
    seen: set[str] = set()
    for rules in TABLES:
        for seed in range(DEALS):
            for position in starts(rules, seed):
                end = heaviest_playout(position)
                outcome = end.outcome
                assert outcome is not None
                seen.add(outcome.decision.value)
                if outcome.capicu:
                    seen.add("capicu")
                if any(outcome.penalties):
                    seen.add("penalty")
                if outcome.reason == "blocked" and end.history[-1].drawn is not None:
                    seen.add("blocked by a draw")
                if any(outcome.hand_points):
                    seen.add("points during the hand")
                if len(end.open_ends) == 4:
                    seen.add("the spinner's four ends")
    wanted = {"domino", "fewest", "blocker", "tie", "capicu", "penalty", "blocked by a draw", "points during the hand",
              "the spinner's four ends"}
    assert wanted <= seen, wanted - seen


def test_a_finished_hand_is_returned_as_it_is() -> None:
    position = Position.setup(Rules.one_vs_one(), hands=[["4-1"], ["6-6"]], line=["3-4"], stock=["2-2"])
    over = position.apply("plays 4-1 right")
    assert random_playout(over, random.Random(1)) is over
    assert heaviest_playout(over) is over


def test_a_random_subclass_with_its_own_draws_plays_move_by_move() -> None:
    class Counting(random.Random):
        """Draws through ``random()`` only, so its ``choice`` does not go through ``getrandbits``."""

        def random(self) -> float:
            return super().random()

    position = Position.deal(Rules.one_vs_one(), random.Random(5), leader=0)
    fast_rng, slow_rng = Counting(3), Counting(3)
    assert snapshot(random_playout(position, fast_rng)) == snapshot(by_apply_random(position, slow_rng))
    assert fast_rng.getstate() == slow_rng.getstate()


EXPERT_TABLES = [Rules.partnership(), Rules.one_vs_one(), Rules.draw_game(), Rules.all_fives()]


@pytest.mark.parametrize("rules", EXPERT_TABLES, ids=repr)
def test_the_expert_weighs_its_moves_as_with_move_by_move_playouts(
    rules: Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The computer players' evaluation (``estimate``, ``best_of``) gives the same values and moves on fixed seeds
    whether its playouts run on ints or move by move: the play strength is the one measured before."""
    from play import montecarlo

    cases = []
    for seed in range(6):
        for position in starts(rules, seed):
            if position.outcome is None and len(position.legal_moves()) > 1:
                cases.append((seed, position.view(position.to_move)))
    assert len(cases) >= 6
    fast = [
        (montecarlo.estimate(view, view.legal_moves(), 12, random.Random(seed)),
         montecarlo.best_of(view, view.legal_moves(), 120, random.Random(seed)))
        for seed, view in cases
    ]
    monkeypatch.setattr(montecarlo, "playout", by_apply_heaviest)
    slow = [
        (montecarlo.estimate(view, view.legal_moves(), 12, random.Random(seed)),
         montecarlo.best_of(view, view.legal_moves(), 120, random.Random(seed)))
        for seed, view in cases
    ]
    assert fast == slow
