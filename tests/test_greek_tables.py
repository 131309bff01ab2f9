"""One scripted position per fact of the Greek site's tables (RULES.md G1–G11), the seed's own example among them."""

import random

import pytest

from engine import Draw, IllegalMove, Match, Outcome, Pass, Play, Position, Rules, Tile, parse
from tests.conftest import tiles


def finish(rules: Rules, hands: list[str], line: list[str], move: str, to_move: int = 0, stock: str = "") -> Outcome:
    """Set up a position, apply one move, and return the outcome it must produce."""
    position = Position.setup(rules, [tiles(h) for h in hands], line, stock=tiles(stock), to_move=to_move)
    outcome = position.apply(move).outcome
    assert outcome is not None
    return outcome


def code_of(position: Position, move: object) -> str:
    """The code of the IllegalMove that applying `move` raises."""
    with pytest.raises(IllegalMove) as excinfo:
        position.apply(move)
    return excinfo.value.code


# --- G1 set and values -------------------------------------------------------------------------------


def test_g1_a_tile_in_hand_is_worth_its_pips() -> None:
    outcome = finish(Rules.draw_game(), ["4-1", "6-5 0-3"], ["3-4"], "plays 4-1 right", stock="2-2")
    assert outcome.pips == (0, 11 + 3)
    assert outcome.points == 14


# --- G2 players and hands (the deals and options are in test_presets.py) -----------------------------


def test_g2_without_a_stock_undealt_tiles_are_out_of_play() -> None:
    position = Position.deal(Rules.block_game(), random.Random(5))
    assert position.stock == () and sum(map(len, position.hands)) == 14
    with pytest.raises(ValueError, match="no stock"):
        Position.setup(Rules.block_game(), [tiles("1-1"), tiles("2-2")], ["3-4"], stock=tiles("0-0"))


def test_g2_three_players_are_three_sides() -> None:
    outcome = finish(Rules.block_game(players=3), ["4-2", "6-5", "1-0"], ["3-4"], "plays 4-2 right")
    assert outcome.winner == 0 and outcome.side_pips == (0, 11, 1)
    assert outcome.scores == (12, 0, 0)


# --- G3 the lead -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hands", "leader"),
    [
        (["6-6 2-1", "3-3 4-0", "1-1 5-0"], 2),  # the lowest double leads
        (["0-0 6-5", "2-2 3-1", "6-6 4-4"], 1),  # the 0-0 does not count as that double
        (["1-2 6-5", "0-3 5-4", "6-4 2-0"], 2),  # no double 1-1 to 6-6: the lowest tile, 2-0
        (["1-2 6-5", "0-3 5-4", "6-4 5-3"], 1),  # 0-3 before 1-2 (both 3 pips: the smaller half decides)
        (["1-0 6-5", "0-0 5-4", "6-4 5-3"], 1),  # no double 1-1 to 6-6: the 0-0 is then the lowest tile
    ],
)
def test_g3_the_lowest_double_leads_else_the_lowest_tile(hands: list[str], leader: int) -> None:
    rules = Rules.block_game(players=3)
    position = Position.start(rules, [tiles(h) for h in hands])
    assert position.to_move == leader
    assert set(position.legal_moves()) == {Play(t) for t in tiles(hands[leader])}  # with any tile of the hand
    assert Position.start(rules, [tiles(h) for h in hands], leader=leader).to_move == leader
    with pytest.raises(ValueError, match="lowest double"):
        Position.start(rules, [tiles(h) for h in hands], leader=(leader + 1) % 3)


@pytest.mark.parametrize("rules", [Rules.draw_game(), Rules.block_game(players=4), Rules.katsika(players=3)])
def test_g3_every_hand_of_a_match_is_led_by_its_lowest_double(rules: Rules) -> None:
    rng = random.Random(8)
    match = Match(rules)
    for _ in range(6):
        position = match.deal(rng)
        holders = [s for t in tiles("1-1 2-2 3-3 4-4 5-5 6-6") for s, h in enumerate(position.hands) if t in h]
        if holders:
            assert position.to_move == holders[0]
        assert len(position.legal_moves()) == len(position.hands[position.to_move])
        while position.outcome is None:
            position = position.apply(rng.choice(position.legal_moves()))
        assert position.outcome.next_leader is None  # the next deal finds it
        match.record(position.outcome)
        if match.is_over:
            break


# --- G4 international --------------------------------------------------------------------------------


def test_g4_the_highest_tile_leads_the_first_hand() -> None:
    hands = [tiles("6-3 0-0"), tiles("5-4 1-1"), tiles("2-2"), tiles("1-0")]
    position = Position.start(Rules.international(), hands, first_hand=True)
    assert position.to_move == 0  # 6-3 before 5-4: both 9 pips, the larger half decides
    assert set(position.legal_moves()) == {Play(Tile(6, 3)), Play(Tile(0, 0))}  # any tile
    for seed in range(10):
        dealt = Position.deal(Rules.international_two(), random.Random(seed), first_hand=True)
        highest = max((t for h in dealt.hands for t in h), key=lambda t: (t.pips, t.high))
        assert highest in dealt.hands[dealt.to_move]


@pytest.mark.parametrize("rules", [Rules.international(), Rules.international_two()])
def test_g4_a_match_deals_its_first_hand_to_the_highest_tile(rules: Rules) -> None:
    for seed in range(10):
        position = Match(rules).deal(random.Random(seed))
        highest = max((t for h in position.hands for t in h), key=lambda t: (t.pips, t.high))
        assert highest in position.hands[position.to_move]
        assert len(position.legal_moves()) == len(position.hands[position.to_move])
        if rules.players == 4:
            assert highest == Tile(6, 6)


def test_g4_after_the_first_hand_the_leader_must_be_given() -> None:
    with pytest.raises(ValueError, match="previous hand's winner"):
        Position.deal(Rules.international(), random.Random(1))
    assert Position.deal(Rules.international(), random.Random(1), leader=3).to_move == 3


def test_g4_after_a_domino_the_seat_that_went_out_leads() -> None:
    outcome = finish(Rules.international(), ["0-0", "0-1 1-1", "4-2", "3-6"], ["3-4"], "plays 4-2 right", to_move=2)
    assert outcome.winner == 0 and outcome.seat == 2 and outcome.next_leader == 2


def test_g4_after_a_block_the_winning_sides_lightest_hand_leads() -> None:
    # seat 0 blocks 3|4 with 4-1; side 0 holds 12 + 0, side 1 holds 10 + 4: seat 2 (0 pips) leads next
    outcome = finish(Rules.international(), ["4-1 6-6", "5-5", "0-0", "2-2"], ["3-4"], "plays 4-1 right")
    assert (outcome.reason, outcome.winner, outcome.blocker, outcome.next_leader) == ("blocked", 0, 0, 2)
    # seat 3 blocks; seats 1 and 3 both hold 4 pips: the lower seat leads, not the blocker
    outcome = finish(Rules.international(), ["5-5", "4-0", "6-6", "4-1 2-2"], ["3-4"], "plays 4-1 right", to_move=3)
    assert (outcome.winner, outcome.blocker, outcome.next_leader) == (1, 3, 1)


def test_g4_after_a_tied_block_the_same_seat_leads_again() -> None:
    hands = [tiles("6-6"), tiles("5-5"), tiles("3-4 0-0"), tiles("4-1 2-0")]
    position = Position.start(Rules.international(), hands, leader=2).apply_all(["2 plays 3-4", "3 plays 4-1 left"])
    outcome = position.outcome
    assert outcome is not None and outcome.reason == "blocked"
    assert outcome.side_pips == (12, 12) and outcome.winner is None and outcome.scores == (0, 0)
    assert outcome.leader == 2 and outcome.next_leader == 2
    match = Match(Rules.international())
    match.record(outcome)
    assert match.next_leader == 2 and match.deal(random.Random(1)).to_move == 2


# --- G5 play, G6 cannot play -------------------------------------------------------------------------


def test_g5_a_double_goes_crosswise_and_there_is_no_spinner() -> None:
    position = Position.setup(Rules.draw_game(), [tiles("5-2 4-1"), tiles("0-0")], ["3-5", "5-5", "5-4"])
    assert position.open_ends == (("left", 3), ("right", 4))
    assert code_of(position, Play(Tile(5, 2), "up")) == "bad-end"
    led = Position.start(Rules.block_game(), [tiles("5-5 5-1"), tiles("5-2 0-0")]).apply("0 plays 5-5")
    assert led.ends == (5, 5) and led.open_ends == (("left", 5), ("right", 5))


def test_g6_with_a_stock_draw_until_a_tile_fits_then_play_it() -> None:
    position = Position.setup(Rules.draw_game(), [tiles("1-1"), tiles("0-0")], ["3-4"], stock=tiles("2-2 3-1 6-6"))
    assert position.legal_moves() == [Draw()] and code_of(position, Pass()) == "must-draw"
    position = position.apply_all(["0 draws", "0 draws"])
    assert position.legal_moves() == [Play(Tile(3, 1), "left")]
    assert code_of(position, Draw()) == "has-playable"
    empty = Position.setup(Rules.international_two(), [tiles("1-1"), tiles("0-3")], ["3-4"])
    assert empty.legal_moves() == [Pass()]


@pytest.mark.parametrize("rules", [Rules.block_game(), Rules.katsika(players=2), Rules.international_two()])
def test_g6_without_a_stock_pass(rules: Rules) -> None:
    position = Position.setup(rules, [tiles("1-1"), tiles("0-3")], ["3-2"])
    assert position.legal_moves() == [Pass()]
    assert code_of(position, Draw()) == "stock-empty"
    assert position.apply(Pass()).known_lacks(0) == frozenset({3, 2})


# --- G7 end of hand ----------------------------------------------------------------------------------


def test_g7_a_partners_domino_wins_for_the_side() -> None:
    rules = Rules.block_game(players=4, partnership=True)
    outcome = finish(rules, ["0-0", "0-1 1-1", "4-2", "3-6"], ["3-4"], "plays 4-2 right", to_move=2)
    assert outcome.winner == 0 and outcome.seat == 2


def test_g7_blocked_fewer_pips_wins_partners_counted_together() -> None:
    rules = Rules.international()
    outcome = finish(rules, ["4-1 6-6", "5-5", "4-4", "2-2"], ["3-4"], "plays 4-1 right")
    assert outcome.side_pips == (12 + 8, 10 + 4) and outcome.winner == 1
    assert outcome.scores == (0, 20)  # winner takes the opponents' pips


def test_g7_katsika_decides_a_block_on_face_pips() -> None:
    # seat 0 is left with the 0-0 alone: 0 face pips (25 as a katsika penalty), so it wins against the 2-2
    outcome = finish(Rules.katsika(players=2), ["4-1 0-0", "2-2"], ["3-4"], "plays 4-1 right")
    assert outcome.winner == 0 and outcome.pips == (0, 4) and outcome.scores == (0, 4)


def test_g7_a_tie_is_a_drawn_hand() -> None:
    outcome = finish(Rules.block_game(), ["4-1 6-0", "4-2"], ["3-4"], "plays 4-1 right")
    assert outcome.side_pips == (6, 6) and outcome.winner is None
    assert outcome.points == 0 and outcome.scores == (0, 0)


@pytest.mark.parametrize("players", [3, 4])
def test_g7_with_three_or_four_sides_a_tie_for_the_fewest_is_a_drawn_hand(players: int) -> None:
    rules = Rules.block_game(players=players)
    hands = ["4-1 2-2", "4-0", "6-6", "5-5"][:players]
    outcome = finish(rules, hands, ["3-4"], "plays 4-1 right")
    assert outcome.pips[:2] == (4, 4) and outcome.winner is None and outcome.scores == (0,) * players
    hands = ["4-1 2-2", "6-0", "0-0", "5-5"][:players]  # now seat 2 alone holds the fewest
    outcome = finish(rules, hands, ["3-4"], "plays 4-1 right")
    assert outcome.winner == 2 and outcome.scores[2] == sum(outcome.pips) and outcome.points == sum(outcome.pips)


# --- G8 scoring --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "scores", "points"),
    [
        (Rules.draw_game(), (16, 0), 16),  # winner takes: you score 11 + 5 = 16
        (Rules.draw_game(scoring="katsika"), (0, 16), 0),  # katsika: the opponent scores 16
        (Rules.katsika(players=2), (0, 16), 0),
    ],
)
def test_g8_the_seeds_example_both_ways(rules: Rules, scores: tuple[int, int], points: int) -> None:
    stock = "2-2" if rules.uses_stock else ""
    outcome = finish(rules, ["4-1", "6-5 2-3"], ["3-4"], "plays 4-1 right", stock=stock)
    assert outcome.reason == "domino" and outcome.winner == 0 and outcome.seat == 0
    assert outcome.scores == scores and outcome.points == points


def test_g8_winner_takes_the_opponents_pips_not_its_partners() -> None:
    rules = Rules.block_game(players=4, partnership=True)
    outcome = finish(rules, ["4-1", "5-5", "6-6", "2-2"], ["3-4"], "plays 4-1 right")
    assert outcome.scores == (10 + 4, 0)


def test_g8_katsika_every_losing_side_scores_its_own_pips() -> None:
    outcome = finish(Rules.katsika(), ["4-1", "5-5", "6-6", "2-2"], ["3-4"], "plays 4-1 right")
    assert outcome.winner == 0 and outcome.scores == (0, 10 + 4) and outcome.points == 0
    three = finish(Rules.katsika(players=3), ["4-1", "5-5", "2-2"], ["3-4"], "plays 4-1 right")
    assert three.scores == (0, 10, 4)


@pytest.mark.parametrize(
    ("loser", "doubles", "penalty"),
    [("0-0", True, 25), ("6-6", True, 50), ("0-0", False, 0), ("6-6", False, 12), ("0-0 1-0", True, 1)],
)
def test_g8_katsika_the_0_0_or_the_6_6_alone_in_a_hand(loser: str, doubles: bool, penalty: int) -> None:
    rules = Rules.katsika(players=2, katsika_doubles=doubles)
    outcome = finish(rules, ["4-1", loser], ["3-4"], "plays 4-1 right")
    assert outcome.scores == (0, penalty)


def domino_for(rules: Rules, seat: int, others: list[str]) -> Outcome:
    """`seat` goes out with 4-1 on 3|4; the other seats hold `others`, in seat order."""
    rest = iter(others)
    hands = ["4-1" if s == seat else next(rest) for s in range(rules.players)]
    return finish(rules, hands, ["3-4"], "plays 4-1 right", to_move=seat)


def test_g8_winner_takes_the_first_side_to_reach_the_target_wins() -> None:
    rules = Rules.block_game(target=30)
    match = Match(rules)
    match.record(domino_for(rules, 0, ["6-6"]))
    match.record(domino_for(rules, 1, ["5-5"]))
    assert match.scores == (12, 10) and not match.is_over
    match.record(domino_for(rules, 0, ["6-5 5-4"]))
    assert match.scores == (32, 10) and match.is_over and match.winner == 0 and match.loser is None


def test_g8_katsika_reaching_the_target_loses() -> None:
    rules = Rules.katsika(players=2, target=20)
    match = Match(rules)
    match.record(domino_for(rules, 0, ["6-6"]))
    assert match.scores == (0, 50) and match.is_over  # the 6-6 alone: 50
    assert match.loser == 1 and match.winner == 0


def test_g8_katsika_several_sides_over_the_target_the_highest_loses_a_tie_plays_on() -> None:
    rules = Rules.katsika(players=3, target=20)
    match = Match(rules)
    match.record(domino_for(rules, 0, ["6-5", "6-4"]))  # 11 and 10
    match.record(domino_for(rules, 0, ["5-5", "6-5"]))  # 10 and 11: both at 21, tied for the highest
    assert match.scores == (0, 21, 21) and not match.is_over and match.loser is None
    match.record(domino_for(rules, 1, ["1-0", "1-1"]))  # seat 0 scores 1, seat 2 scores 2
    assert match.scores == (1, 21, 23) and match.is_over
    assert match.loser == 2 and match.winner == 0  # the lowest total wins
    with pytest.raises(ValueError, match="over"):
        match.deal(random.Random(1))


# --- G10 after the hand, G11 the line ----------------------------------------------------------------


def test_g10_after_the_hand_the_table_stays_and_every_hand_is_shown() -> None:
    position = Position.setup(Rules.block_game(), [tiles("4-1"), tiles("6-5 2-3")], ["3-4"])
    after = position.apply("plays 4-1 right")
    assert after.line == (Tile(3, 4), Tile(4, 1)) and after.hands == ((), (Tile(3, 2), Tile(6, 5)))
    assert after.outcome is not None and after.outcome.pips == (0, 16)
    assert after.legal_moves() == [] and code_of(after, Pass()) == "hand-over"


def test_g11_correcting_the_lines_shape_is_no_move_every_tile_keeps_its_place_and_orientation() -> None:
    with pytest.raises(ValueError):
        parse("0 corrects")
    line = ["4-3", "3-3", "3-6", "6-6"]
    position = Position.setup(Rules.draw_game(), [tiles("1-1 4-0"), tiles("2-2")], line, lead_index=1)
    assert [(str(p.tile), p.left, p.right, p.arm, p.order) for p in position.placed] == [
        ("4-3", 4, 3, "left", 1), ("3-3", 3, 3, "lead", 0), ("6-3", 3, 6, "right", 1), ("6-6", 6, 6, "right", 2),
    ]
