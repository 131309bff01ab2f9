"""The deeper evaluation (play/analysis.py): the exact search gives the values worked out by hand on small
positions, agrees with a plain search that remembers nothing on random endgames of every kind of table, and
``analyse`` plays every choice on the same deals, repeats itself for a seed, and finds the exact best move where the
seat's view leaves nothing to guess."""

from __future__ import annotations

import random

import pytest

from engine import Pass, Position, Rules, Tile, View
from play.analysis import (
    EXACT_HAND,
    EXACT_TILES,
    INFERENCE,
    _evidence,
    _worlds,
    analyse,
    exact_best,
    exact_value,
    exact_values,
)
from play.choices import choices
from play.montecarlo import estimate, side_value
from play.seeding import decision_rng
from tests.conftest import ONE, PAIRS


def values_by_text(position: Position, seat: int) -> dict[str, float]:
    side = position.rules.side_of(seat)
    return {str(move): value[side] for move, value in exact_values(position).items()}


def test_the_block_that_wins_against_the_play_that_lets_the_opponent_out() -> None:
    # Ends 1 and 4, no stock. 4-1 on the left turns both ends to 4: nobody holds a 4, so the hand is blocked,
    # and 6 pips (3-3) against 7 (1-6) wins all 13. On the right both ends show 1 and the 1-6 goes out: -6.
    position = Position.setup(ONE, hands=[["4-1", "3-3"], ["1-6"]], line=["1-5", "5-4"])
    assert values_by_text(position, 0) == {"plays 4-1 left": 13.0, "plays 4-1 right": -6.0}
    assert [str(move) for move in exact_best(position)] == ["plays 4-1 left"]
    assert exact_value(position, 0) == 13.0 and exact_value(position, 1) == -13.0


def test_playing_the_partners_number_lets_the_partner_go_out() -> None:
    # Ends 3 and 2. 2-5 shows a 5: seat 1 (the 6-6 only) passes and the partner goes out with 5-1, winning
    # 8 + 12 + 6 = 26. 2-6 shows a 6: seat 1 goes out with the 6-6 and wins 7 + 6 + 6 = 19.
    position = Position.setup(PAIRS, hands=[["2-5", "2-6"], ["6-6"], ["5-1"], ["6-0"]], line=["3-2"])
    assert values_by_text(position, 0) == {"plays 5-2 right": 26.0, "plays 6-2 right": -19.0}
    assert values_by_text(position, 1) == {"plays 5-2 right": -26.0, "plays 6-2 right": 19.0}


def test_the_stock_in_its_order_is_part_of_the_search() -> None:
    # Ends 2 and 0; the stock gives 6-6, then 3-1. After 0-3 on the right (ends 2, 3) seat 1 draws the 6-6, then
    # the 3-1, which fits, and plays it; seat 0 goes out with 2-5: 8 + 2 + 12 = 22. After 2-5 on the left (ends
    # 5, 0) both drawn tiles miss, seat 1 passes and seat 0 goes out with 0-3: 8 + 2 + 12 + 4 = 26.
    position = Position.setup(ONE, hands=[["0-3", "2-5"], ["4-4", "1-1"]], line=["2-0"], stock=["6-6", "3-1"])
    assert values_by_text(position, 0) == {"plays 3-0 right": 22.0, "plays 5-2 left": 26.0}


def brute_force(position: Position) -> tuple[float, ...]:
    """Max-n with nothing remembered: the reference the remembering search must agree with."""
    rules = position.rules
    if position.outcome is not None:
        return tuple(side_value(position.outcome, rules, side) for side in range(rules.sides))
    side = rules.side_of(position.to_move)
    best: tuple[float, ...] | None = None
    for move in position.legal_moves():
        value = brute_force(position.apply(move))
        if best is None or value[side] > best[side]:
            best = value
    assert best is not None
    return best


TABLES = [ONE, PAIRS, Rules.draw_game(players=3), Rules.katsika(), Rules.all_fives(), Rules.international_two(),
          Rules.one_vs_one(blocked_winner="blocker"), Rules.block_game(players=4)]


def endgame(rules: Rules, seed: int, tiles_left: int) -> Position:
    """A random hand played at random until at most ``tiles_left`` tiles are in the hands and the stock."""
    rng = random.Random(seed)
    while True:
        position = Position.deal(rules, rng, leader=None if rules.lead_rule == "lowest_double" else 0)
        while position.outcome is None and sum(map(len, position.hands)) + len(position.stock) > tiles_left:
            position = position.apply(rng.choice(position.legal_moves()))
        if position.outcome is None:
            return position


@pytest.mark.parametrize("rules", TABLES, ids=lambda rules: f"{rules.name}-{rules.players}-{rules.blocked_winner}")
def test_the_search_agrees_with_a_search_that_remembers_nothing(rules: Rules) -> None:
    for seed in range(12):
        position = endgame(rules, seed, 9)
        expected = {move: brute_force(position.apply(move)) for move in position.legal_moves()}
        assert exact_values(position) == expected, f"seed {seed}: {position!r}"


def perfect_information(seed: int) -> tuple[Position, View]:
    """A 1-vs-1 hand played at random until the stock is empty, seen by the seat to move: it can see everything."""
    rng = random.Random(seed)
    while True:
        position = Position.deal(ONE, rng, leader=0)
        while position.outcome is None and (position.stock or len(position.legal_moves()) < 2):
            position = position.apply(rng.choice(position.legal_moves()))
        if position.outcome is None and max(map(len, position.hands)) <= EXACT_HAND:
            return position, position.view(position.to_move)


@pytest.mark.parametrize("seed", range(15))
def test_analysis_finds_the_exact_best_when_every_tile_is_known(seed: int) -> None:
    position, view = perfect_information(seed)
    analysis = analyse(view, deals=50, seed=seed)
    assert analysis.deals == 1  # nothing to guess: one deal is every deal
    assert analysis.exact == len(analysis.estimates)
    side = ONE.side_of(view.seat)
    exact = exact_values(position)
    for found in analysis.estimates:
        assert found.values == (exact[found.move][side],)
    assert analysis.best in exact_best(position)


def mid_hand_view(seed: int) -> View:
    rng = random.Random(seed)
    position = Position.deal(PAIRS, rng, leader=0)
    for _ in range(6):
        position = position.apply(rng.choice(position.legal_moves()))
    while len(choices(position.view(position.to_move))) < 2:
        position = position.apply(rng.choice(position.legal_moves()))
    return position.view(position.to_move)


def test_every_choice_is_played_on_the_same_deals() -> None:
    # With the exact search and the reading of plays switched off, the analysis is the Monte Carlo estimate over
    # the seed's deals: the same numbers as montecarlo.estimate given the same generator, which plays every move
    # on each deal.
    view = mid_hand_view(3)
    moves = choices(view)
    analysis = analyse(view, deals=40, seed=7, exact_tiles=-1, inference=0)
    expected = estimate(view, moves, 40, decision_rng(7, view, "analysis"))
    assert sorted(analysis.estimates, key=lambda found: moves.index(found.move)) == expected
    assert analysis.exact == 0
    first, second = analysis.estimates[:2]
    assert analysis.margin == pytest.approx(first.mean - second.mean)
    assert first.mean >= second.mean >= analysis.estimates[-1].mean


def test_the_same_seed_gives_the_same_analysis_and_another_seed_other_deals() -> None:
    view = mid_hand_view(5)
    assert analyse(view, deals=30, seed=1) == analyse(view, deals=30, seed=1)
    assert analyse(view, deals=30, seed=1).estimates != analyse(view, deals=30, seed=2).estimates


def test_late_in_the_hand_the_deals_are_searched_exactly() -> None:
    position = endgame(PAIRS, 4, 10)
    while len(choices(position.view(position.to_move))) < 2:
        position = position.apply(position.legal_moves()[0])
    analysis = analyse(position.view(position.to_move), deals=20, seed=1)
    assert analysis.exact == 20 * len(analysis.estimates)
    assert analyse(position.view(position.to_move), deals=20, seed=1, exact_tiles=0).exact == 0


def test_a_single_choice_has_no_margin_and_a_finished_hand_no_analysis() -> None:
    position = Position.setup(ONE, hands=[["6-6", "1-1"], ["4-4"]], line=["3-4", "4-6"])
    analysis = analyse(position.view(0), deals=5)
    assert [str(found.move) for found in analysis.estimates] == ["plays 6-6 right"] and analysis.margin is None
    with pytest.raises(ValueError, match="seat 1 has no choice"):
        analyse(position.view(1))
    with pytest.raises(ValueError, match="at least one deal"):
        analyse(position.view(0), deals=0)
    with pytest.raises(ValueError, match="not one of the analysed choices"):
        analysis.estimate_of(Pass())
    blocked = position.apply(analysis.best)  # ends 3 and 6: nobody holds either
    assert blocked.outcome is not None
    with pytest.raises(ValueError, match="the hand is over"):
        analyse(blocked.view(0))


def test_a_seat_that_played_light_when_heavy_fitted_is_read_as_likely_without_the_heavy() -> None:
    # Seat 1 answered the 6-6 with the 6-0 while the 6-5 and 6-4 were unseen: the deals kept hand it those
    # heavier sixes less often than the deals drawn blindly do.
    hands = [["6-6", "1-1", "2-2", "3-3", "1-2", "1-3", "2-3"], ["6-0", "0-1", "0-2", "0-3", "4-4", "5-5", "4-5"],
             ["6-5", "6-4", "6-3", "6-2", "6-1", "0-4", "0-5"], ["1-4", "1-5", "2-4", "2-5", "3-4", "3-5", "0-0"]]
    position = Position.start(PAIRS, hands, leader=0, first_hand=True).apply_all(["plays 6-6", "plays 6-0 right"])
    view = position.view(3)

    def heavy_sixes(inference: float) -> float:
        worlds = _worlds(view, 600, EXACT_TILES, inference, random.Random(5))
        return sum(Tile(6, 5) in world.hands[1] or Tile(6, 4) in world.hands[1] for world in worlds) / len(worlds)

    blind, read = heavy_sixes(0), heavy_sixes(INFERENCE)
    assert read < blind - 0.1, (read, blind)


def test_at_a_table_with_a_stock_only_the_plays_after_a_seats_last_draw_are_read() -> None:
    # Seat 1 chose the 6-2 over the 6-3 with a hand it changed afterwards by drawing: that choice says nothing of
    # the hand it holds now. Its 5-2 after the draw was made from the hand it holds now and is read.
    position = Position.start(ONE, [["6-6", "6-1", "1-1"], ["6-2", "6-3", "0-0"]], stock=["2-5", "4-4", "3-4"],
                              leader=0).apply_all(["plays 6-6", "plays 6-2 right", "plays 6-1 left", "draws"])
    position = position.apply_all(["plays 5-2 right"])
    read = _evidence(position.view(0))
    assert [(seat, bit) for seat, bit, _fitting, _later in read] == [(1, Tile(5, 2).bit)]
    without_draw = Position.start(ONE, [["6-6", "6-1", "1-1"], ["6-2", "6-3", "0-0"]], stock=["2-5"],
                                  leader=0).apply_all(["plays 6-6", "plays 6-2 right"])
    assert [(seat, bit) for seat, bit, _fitting, _later in _evidence(without_draw.view(0))] == [(1, Tile(6, 2).bit)]
