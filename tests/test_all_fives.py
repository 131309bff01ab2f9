"""One scripted position per fact of Straight dominoes with all-fives scoring (RULES.md S1–S7), the seed's own
example ("a total of 25 scores 25") among them, and the spinner's arms, ends and notation."""

import random
from collections import Counter

import pytest

from engine import (
    Draw,
    Event,
    IllegalMove,
    Match,
    Outcome,
    Pass,
    Play,
    Position,
    Rules,
    Tile,
    format_history,
    parse,
    parse_history,
)
from tests.conftest import ONE, tiles

FIVES = Rules.all_fives()


def code_of(position: Position, move: object) -> str:
    """The code of the IllegalMove that applying `move` raises."""
    with pytest.raises(IllegalMove) as excinfo:
        position.apply(move)
    return excinfo.value.code


def led(lead: str, *more: str, rules: Rules = FIVES, hands: tuple[str, ...] = ()) -> Position:
    """Seat 0 leads `lead` from a hand holding it and `more`; the other hands hold `hands` (or a default)."""
    others = list(hands) or ["1-1 1-0", "2-2 2-0", "4-4 4-0"][: rules.players - 1]
    start = Position.start(rules, [tiles(" ".join((lead, *more))), *(tiles(h) for h in others)], leader=0)
    return start.apply(f"plays {lead}")


# --- S1 players ------------------------------------------------------------------------------------------


def test_s1_players_hands_stock_and_target() -> None:
    assert (FIVES.players, FIVES.hand_size, FIVES.target, FIVES.sides) == (2, 7, 250, 2)
    for players, stock in ((2, 14), (3, 7), (4, 0)):
        rules = Rules.all_fives(players=players)
        assert rules.sides == players
        position = Position.deal(rules, random.Random(players), leader=0)
        assert [len(h) for h in position.hands] == [7] * players and len(position.stock) == stock
    assert Rules.all_fives(players=4, partnership=True).sides == 2


# --- S2 the lead -------------------------------------------------------------------------------------


def test_s2_the_first_leader_is_chosen_at_random_and_leads_any_tile() -> None:
    leaders = Counter()
    for seed in range(60):
        match = Match(Rules.all_fives(players=3))
        position = match.deal(random.Random(seed))
        assert position.to_move == match.first_leader
        assert len(position.legal_moves()) == 7
        leaders[match.first_leader] += 1
    assert set(leaders) == {0, 1, 2} and min(leaders.values()) > 8
    with pytest.raises(ValueError, match="at random"):
        Position.deal(FIVES, random.Random(1))


def test_s2_later_hands_are_led_by_the_previous_winner() -> None:
    domino = Position.setup(FIVES, [tiles("5-5"), tiles("4-1")], ["5-4"], to_move=1).apply("1 plays 4-1 right")
    assert domino.outcome is not None and domino.outcome.next_leader == 1
    blocked = Position.setup(Rules.all_fives(players=3), [tiles("4-1 6-6"), tiles("2-2"), tiles("0-0")], ["3-4"])
    outcome = blocked.apply("plays 4-1 right").outcome
    assert outcome is not None and outcome.reason == "blocked" and outcome.winner == 2 and outcome.next_leader == 2
    match = Match(Rules.all_fives(players=3))
    match.record(outcome)
    assert match.deal(random.Random(2)).to_move == 2


# --- S3 the spinner ----------------------------------------------------------------------------------


def test_s3_a_double_lead_is_the_spinner_up_and_down_open_once_left_and_right_hold_a_tile() -> None:
    position = led("5-5", "5-1 5-2 5-3 5-0", hands=("5-4 5-6 6-6",))
    assert position.open_ends == (("left", 5), ("right", 5))
    assert code_of(position.apply("1 plays 5-4 left"), Play(Tile(5, 1), "up")) == "bad-end"
    position = position.apply_all(["1 plays 5-4 left", "0 plays 5-1 right"])
    assert position.open_ends == (("left", 4), ("right", 1), ("up", 5), ("down", 5))
    fits = {m for m in position.legal_moves() if m.tile == Tile(5, 6)}
    assert fits == {Play(Tile(5, 6), "up"), Play(Tile(5, 6), "down")}
    position = position.apply_all(["1 plays 5-6 up", "0 plays 5-2 down", "1 plays 6-6 up"])
    assert position.open_ends == (("left", 4), ("right", 1), ("up", 6), ("down", 2))
    assert position.ends == (4, 1)  # the line's two ends, as on every table


def test_s3_a_mixed_lead_has_just_its_two_ends_and_no_other_double_spins() -> None:
    position = led("5-4", "4-4 4-1", hands=("5-2 5-5 4-3",))
    assert position.open_ends == (("left", 5), ("right", 4))
    position = position.apply_all(["1 plays 5-5 left", "0 plays 4-4 right"])
    assert position.open_ends == (("left", 5), ("right", 4))  # neither 5-5 nor 4-4 opens up and down
    assert code_of(position, Play(Tile(6, 6), "up")) == "not-in-hand"  # the code precedence of La Plaza
    assert code_of(position, Play(Tile(4, 3), "down")) == "bad-end"
    assert "no spinner" in str(position.check(Play(Tile(4, 3), "down")))


def test_s3_the_spinner_in_the_notation_both_ways() -> None:
    assert str(Play(Tile(5, 4), "up")) == "plays 5-4 up"
    assert parse("plays 5-4 up") == Play(Tile(5, 4), "up")
    assert parse("2 plays 4-5 down") == Event(2, Play(Tile(5, 4), "down"))
    start = Position.start(FIVES, [tiles("5-5 5-1 5-2"), tiles("5-4 5-6 0-0")], leader=0)
    script = "0 plays 5-5; 1 plays 5-4 left; 0 plays 5-1 right; 1 plays 6-5 up; 0 plays 5-2 down"
    end = start.apply_all(parse_history(script))
    assert format_history(end.history) == script.replace("; ", "\n")
    assert start.apply_all(format_history(end.history).splitlines()).placed == end.placed


def test_s3_placed_gives_every_tile_its_arm_place_and_orientation() -> None:
    start = Position.start(FIVES, [tiles("5-5 5-1 5-2 1-3"), tiles("5-4 5-6 0-0 4-2")], leader=0)
    end = start.apply_all(parse_history(
        "0 plays 5-5; 1 plays 5-4 left; 0 plays 5-1 right; 1 plays 5-6 up; 0 plays 5-2 down; 1 plays 4-2 left"))
    assert [(str(p.tile), p.left, p.right, p.arm, p.order) for p in end.placed] == [
        ("4-2", 2, 4, "left", 2), ("5-4", 4, 5, "left", 1), ("5-5", 5, 5, "lead", 0), ("5-1", 5, 1, "right", 1),
        ("6-5", 5, 6, "up", 1), ("5-2", 5, 2, "down", 1),
    ]
    assert end.line == tuple(p.tile for p in end.placed) and end.lead_index == 2
    assert [(p.inner, p.outer) for p in end.placed if p.arm in ("left", "up")] == [(4, 2), (5, 4), (5, 6)]


def test_s3_setup_scripts_a_spinner_with_its_arms() -> None:
    position = Position.setup(FIVES, [tiles("6-1"), tiles("0-0")], ["3-5", "5-5", "5-0"], spinner=1, up=["5-6"])
    assert position.open_ends == (("left", 3), ("right", 0), ("up", 6), ("down", 5))
    assert position.lead_index == 1 and position.placed[-1].arm == "up"
    assert position.legal_moves() == [Play(Tile(6, 1), "up")]
    without = Position.setup(FIVES, [tiles("6-1 3-1"), tiles("0-0")], ["3-5", "5-5", "5-0"], lead_index=1)
    assert without.open_ends == (("left", 3), ("right", 0))  # no spinner= : the line has none
    for bad in (
        {"spinner": 0},  # 3-5 is no double
        {"spinner": 1, "lead_index": 0},
        {"spinner": 1, "up": ["6-1"]},  # does not match the 5 of the spinner
        {"up": ["5-6"]},  # arms need a spinner
    ):
        with pytest.raises(ValueError):
            Position.setup(FIVES, [tiles("6-1"), tiles("0-0")], ["3-5", "5-5", "5-0"], **bad)
    with pytest.raises(ValueError, match="left and right"):
        Position.setup(FIVES, [tiles("6-1"), tiles("0-0")], ["5-5", "5-0"], spinner=0, down=["5-6"])
    with pytest.raises(ValueError, match="no spinner"):
        Position.setup(ONE, [tiles("6-1"), tiles("0-0")], ["3-5", "5-5", "5-0"], spinner=1)


# --- S4 cannot play ----------------------------------------------------------------------------------


def test_s4_draw_until_a_tile_fits_then_play_it_pass_on_an_empty_stock() -> None:
    position = Position.setup(FIVES, [tiles("1-1"), tiles("0-0")], ["3-4"], stock=tiles("2-2 4-6 6-6"))
    assert position.legal_moves() == [Draw()]
    position = position.apply_all(["0 draws", "0 draws"])
    assert position.legal_moves() == [Play(Tile(6, 4), "right")] and code_of(position, Draw()) == "has-playable"
    no_stock = Position.setup(Rules.all_fives(players=4), [tiles("1-1"), tiles("0-3"), tiles("2-2"), tiles("6-6")],
                              ["3-4"])
    assert no_stock.legal_moves() == [Pass()] and code_of(no_stock, Draw()) == "stock-empty"


def test_s4_a_pass_tells_every_open_end() -> None:
    position = Position.setup(FIVES, [tiles("1-1"), tiles("0-3")], ["3-5", "5-5", "5-0"], spinner=1, up=["5-6"])
    assert position.apply(Pass()).known_lacks(0) == frozenset({3, 0, 6, 5})


# --- S5 scoring during the hand ----------------------------------------------------------------------


@pytest.mark.parametrize(("lead", "count", "scored"), [("5-5", 10, 10), ("3-2", 5, 5), ("6-4", 10, 10),
                                                       ("4-3", 7, 0), ("0-0", 0, 0), ("6-6", 12, 0)])
def test_s5_the_lead_scores_too(lead: str, count: int, scored: int) -> None:
    position = led(lead)
    assert position.end_count == count and position.hand_points == (scored, 0)


def test_s5_the_spinner_counts_at_an_empty_left_or_right_and_its_up_and_down_only_with_a_tile() -> None:
    position = led("5-5", "5-1 5-2", hands=("5-3 6-6 5-6",))
    position = position.apply("1 plays 5-3 left")
    assert position.end_count == 3 + 10 and position.hand_points == (10, 0)  # the spinner's right still counts 10
    position = position.apply("0 plays 5-1 right")
    assert position.end_count == 3 + 1  # up and down are open but empty: they count nothing
    position = position.apply("1 plays 5-6 up")
    assert position.end_count == 3 + 1 + 6 and position.hand_points == (10, 10)


def test_s5_a_total_of_25_scores_25() -> None:
    # left ends with the 6-6 (12), right with the 4-4 (8), up with 5-4 (4): 24 scores nothing; 5-1 down makes 25
    line = ["6-6", "6-5", "5-5", "5-3", "3-4", "4-4"]
    position = Position.setup(FIVES, [tiles("5-1 0-0"), tiles("2-2")], line, spinner=2, up=["5-4"])
    assert position.end_count == 24 and position.hand_points == (0, 0)
    after = position.apply("plays 5-1 down")
    assert after.end_count == 25 and after.hand_points == (25, 0)


def test_s5_points_go_to_the_players_side() -> None:
    rules = Rules.all_fives(players=4, partnership=True)
    hands = [tiles("1-1"), tiles("0-3 6-6"), tiles("5-0 2-2"), tiles("5-2 3-3")]
    position = Position.setup(rules, hands, ["5-5"], to_move=2).apply("2 plays 5-0 right")
    assert position.end_count == 10 and position.hand_points == (10, 0)  # seat 2 scores for side 0
    position = position.apply("3 plays 5-2 left")
    assert position.end_count == 2 and position.hand_points == (10, 0)  # 2 + 0 is no multiple of 5
    position = Position.setup(rules, hands, ["5-5"], to_move=3).apply("3 plays 5-2 left")
    assert position.end_count == 12 and position.hand_points == (0, 0)
    solo = Position.setup(Rules.all_fives(players=3), hands[1:], ["5-5"], to_move=2).apply("2 plays 5-2 left")
    assert solo.hand_points == (0, 0, 0) and solo.end_count == 12


@pytest.mark.parametrize(
    ("rules", "line", "count"),
    [(ONE, ["3-4", "4-4"], 3 + 8), (ONE, ["5-5"], 10), (ONE, ["3-2"], 5), (ONE, ["6-6", "6-1"], 12 + 1),
     (Rules.katsika(players=2), ["2-2", "2-3", "3-3"], 4 + 6)],
)
def test_s5_the_same_count_on_every_table(rules: Rules, line: list[str], count: int) -> None:
    position = Position.setup(rules, [tiles("5-0 6-3"), tiles("0-0 1-1")], line)
    assert position.end_count == count and position.hand_points == (0, 0)


# --- S6 end of hand ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("left_in_hand", "points"), [("6-5 2-0", 15), ("6-4 2-0", 10), ("0-0", 0), ("1-1", 0)])
def test_s6_a_domino_scores_the_opponents_pips_rounded_to_the_nearest_5(left_in_hand: str, points: int) -> None:
    position = Position.setup(FIVES, [tiles("4-2"), tiles(left_in_hand)], ["3-4"], stock=tiles("3-3"))
    outcome = position.apply("plays 4-2 right").outcome
    assert outcome is not None and outcome.reason == "domino" and outcome.points == points
    assert outcome.points % 5 == 0 and outcome.hand_points == (5, 0)  # 3|2 counts 5: scored during the hand
    assert outcome.scores == (points + 5, 0)


def test_s6_the_opponents_are_added_up_before_rounding() -> None:
    outcome = Position.setup(Rules.all_fives(players=3), [tiles("4-1"), tiles("6-0"), tiles("6-1")],
                             ["3-4"]).apply("plays 4-1 right").outcome
    assert outcome is not None and outcome.points == 15  # 6 + 7 = 13 → 15 (not 5 + 5)


def test_s6_blocked_the_fewest_pips_win_the_others_rounded_a_tie_scores_nothing() -> None:
    outcome = Position.setup(FIVES, [tiles("4-1 2-0"), tiles("6-6")], ["3-4"]).apply("plays 4-1 right").outcome
    assert isinstance(outcome, Outcome) and outcome.reason == "blocked" and outcome.winner == 0
    assert outcome.points == 10 and outcome.scores == (10, 0)  # 12 → 10; the line 3|1 counts 4
    tie = Position.setup(FIVES, [tiles("4-1 6-0"), tiles("4-2")], ["3-4"]).apply("plays 4-1 right").outcome
    assert tie is not None and tie.winner is None and tie.points == 0 and tie.scores == (0, 0)


def test_s6_a_drawn_hand_keeps_the_points_scored_during_it() -> None:
    tie = Position.setup(FIVES, [tiles("4-2 6-0"), tiles("5-1")], ["3-4"]).apply("plays 4-2 right").outcome
    assert tie is not None and tie.reason == "blocked" and tie.side_pips == (6, 6) and tie.winner is None
    assert tie.hand_points == (5, 0) and tie.scores == (5, 0)  # 3|2 scored 5; the drawn hand adds nothing more


# --- S7 the match ------------------------------------------------------------------------------------


def out_with(rules: Rules, seat: int, line: list[str], tile: str, end: str, others: list[str]) -> Outcome:
    """`seat` goes out playing `tile` at `end` of `line`; the other seats hold `others`, in seat order."""
    rest = iter(others)
    hands = [tiles(tile) if s == seat else tiles(next(rest)) for s in range(rules.players)]
    outcome = Position.setup(rules, hands, line, to_move=seat).apply(f"plays {tile} {end}").outcome
    assert outcome is not None
    return outcome


def test_s7_the_match_is_decided_when_a_hand_ends_with_a_side_at_the_target() -> None:
    rules = Rules.all_fives(target=30)
    match = Match(rules)
    match.record(out_with(rules, 0, ["5-5"], "5-0", "left", ["6-6"]))  # 10 during the hand, 10 at its end
    assert match.scores == (20, 0) and not match.is_over
    match.record(out_with(rules, 1, ["3-4"], "4-2", "right", ["6-5 6-4"]))  # 3|2: 5, then 21 → 20
    assert match.scores == (20, 25) and not match.is_over
    match.record(out_with(rules, 0, ["3-4"], "4-2", "right", ["1-0"]))  # 5, then 1 → 0
    assert match.scores == (25, 25) and not match.is_over
    match.record(out_with(rules, 1, ["3-4"], "4-2", "right", ["1-1"]))  # 5 and 2 → 0
    assert match.scores == (25, 30) and match.is_over and match.winner == 1


def test_s7_two_sides_tied_at_the_top_play_another_hand() -> None:
    rules = Rules.all_fives(target=5)
    # 1|3, then seat 1's 2-1 makes 2|3 = 5 for side 1; seat 0 goes out with 3-0 (2|0) and seat 1 holds 3-3: 6 → 5
    position = Position.setup(rules, [tiles("3-0 5-1"), tiles("2-1 3-3")], ["5-3"])
    outcome = position.apply_all(["0 plays 5-1 left", "1 plays 2-1 left", "0 plays 3-0 right"]).outcome
    assert outcome is not None and outcome.hand_points == (0, 5) and outcome.points == 5 and outcome.scores == (5, 5)
    match = Match(rules)
    match.record(outcome)
    assert match.scores == (5, 5) and not match.is_over and match.winner is None
    match.record(out_with(rules, 0, ["3-4"], "4-2", "right", ["1-1"]))  # 5 during the hand, 2 → 0 at its end
    assert match.scores == (10, 5) and match.is_over and match.winner == 0


def test_s4_a_forced_draw_that_ends_in_a_play_tells_every_open_end() -> None:
    position = Position.setup(FIVES, [tiles("1-1"), tiles("0-3")], ["3-5", "5-5", "5-0"], spinner=1, up=["5-6"],
                              stock=tiles("2-2 6-4"))
    position = position.apply_all(["0 draws", "0 draws"])
    assert position.known_lacks(0) == frozenset()  # between the fitting draw and its play nothing is known
    assert position.apply("0 plays 6-4 up").known_lacks(0) == frozenset({3, 0, 6, 5})
