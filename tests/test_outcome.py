"""Hand outcomes: domino, blocked, tie, capicú, counting options H1–H3, next leader (RULES.md §8–§11)."""

import pytest

from engine import Outcome, Play, Position, Rules, Tile
from tests.conftest import tiles


def finish(rules: Rules, hands: list[str], line: list[str], move: str, stock: str = "", to_move: int = 0) -> Outcome:
    """Set up a position, apply one move and return the outcome it must produce."""
    position = Position.setup(rules, [tiles(h) for h in hands], line, stock=tiles(stock), to_move=to_move)
    outcome = position.apply(move).outcome
    assert outcome is not None
    return outcome


# Partnership domino by seat 1: seats hold 0-1 (1), -, 6-6 2-5 (19), 3-6 (9) → side 0 holds 20, side 1 holds 9.
DOMINO_HANDS = ["0-1", "4-2", "6-6 2-5", "3-6"]


@pytest.mark.parametrize(("count", "points"), [("all", 29), ("losers", 20)])
def test_partnership_domino(count: str, points: int) -> None:
    outcome = finish(Rules.partnership(count=count), DOMINO_HANDS, ["3-4"], "plays 4-2 right", to_move=1)
    assert outcome.reason == "domino"
    assert outcome.winner == 1
    assert outcome.points == points
    assert not outcome.capicu
    assert outcome.next_leader == 1
    assert tuple(outcome.pips) == (1, 0, 19, 9)
    assert tuple(outcome.side_pips) == (20, 9)
    assert outcome.seat == 1


def test_next_leader_is_the_seat_that_went_out_not_its_partner() -> None:
    outcome = finish(Rules.partnership(), ["0-1", "6-6", "4-2", "3-6"], ["3-4"], "plays 4-2 right", to_move=2)
    assert outcome.winner == 0 and outcome.next_leader == 2


@pytest.mark.parametrize(("count", "points"), [("all", 16), ("losers", 16)])
def test_one_vs_one_domino_counts_drawn_tiles_never_the_stock(count: str, points: int) -> None:
    outcome = finish(Rules.one_vs_one(count=count), ["4-2", "6-5 2-3"], ["3-4"], "plays 4-2 right", stock="6-6 5-5")
    assert outcome.reason == "domino" and outcome.winner == 0 and outcome.points == points
    assert tuple(outcome.pips) == (0, 16)


# Capicú: ends 3 and 5, the last tile 5-3 matches both.
@pytest.mark.parametrize("bonus", [0, 25, 30])
@pytest.mark.parametrize("end", ["left", "right"])
def test_capicu_bonus(bonus: int, end: str) -> None:
    rules = Rules.one_vs_one(capicu_bonus=bonus)
    outcome = finish(rules, ["5-3", "6-5 2-3"], ["3-4", "4-5"], f"plays 5-3 {end}")
    assert outcome.capicu
    assert outcome.points == 16 + bonus


def test_capicu_bonus_with_losers_count() -> None:
    rules = Rules.partnership(capicu_bonus=30, count="losers")
    outcome = finish(rules, ["5-3", "1-1", "0-2", "6-6"], ["3-4", "4-5"], "plays 5-3 left")
    assert outcome.capicu and outcome.winner == 0 and outcome.points == 2 + 12 + 30


def test_going_out_on_one_end_only_is_no_capicu() -> None:
    outcome = finish(Rules.one_vs_one(capicu_bonus=25), ["5-2", "6-5 2-3"], ["3-4", "4-5"], "plays 5-2 right")
    assert not outcome.capicu and outcome.points == 16


def test_going_out_with_a_double_is_no_capicu() -> None:
    outcome = finish(Rules.one_vs_one(capicu_bonus=25), ["5-5", "6-5 2-3"], ["3-4", "4-5"], "plays 5-5 right")
    assert not outcome.capicu and outcome.points == 16


def test_equal_ends_is_no_capicu() -> None:
    # ends 3 and 3: a mixed tile can match only one of them
    outcome = finish(Rules.one_vs_one(capicu_bonus=25), ["3-6", "6-5 1-4"], ["3-4", "4-2", "2-3"], "plays 3-6 left")
    assert not outcome.capicu and outcome.points == 16


# Blocked partnership hand: seat 0 plays 4-1 on 3|4 → 3|1, nobody holds a 3 or a 1.
def blocked(rules: Rules, hands: list[str]) -> Outcome:
    """Seat 0 blocks the line 3|4 with 4-1."""
    outcome = finish(rules, hands, ["3-4"], "plays 4-1 right")
    assert outcome.reason == "blocked"
    assert outcome.blocker == 0
    assert outcome.next_leader == 0
    assert not outcome.capicu
    return outcome


def test_blocked_fewer_points_wins_and_scores_all() -> None:
    # side 0: 12 + 0 = 12; side 1: 10 + 4 = 14
    outcome = blocked(Rules.partnership(), ["4-1 6-6", "5-5", "0-0", "2-2"])
    assert outcome.winner == 0 and outcome.points == 26
    assert tuple(outcome.pips) == (12, 10, 0, 4)


def test_blocked_the_other_side_may_win_the_blocker_still_leads() -> None:
    # side 0: 12 + 8 = 20; side 1: 10 + 4 = 14 → side 1 wins, seat 0 (the blocker) leads next
    outcome = blocked(Rules.partnership(), ["4-1 6-6", "5-5", "4-4", "2-2"])
    assert outcome.winner == 1 and outcome.points == 34 and outcome.next_leader == 0


def test_blocked_losers_count() -> None:
    outcome = blocked(Rules.partnership(count="losers"), ["4-1 6-6", "5-5", "4-4", "2-2"])
    assert outcome.winner == 1 and outcome.points == 20


def test_blocked_tie_nobody_scores_blocker_leads() -> None:
    # side 0: 12 + 0 = 12; side 1: 10 + 2 = 12
    outcome = blocked(Rules.partnership(), ["4-1 6-6", "5-5", "0-0", "2-0"])
    assert outcome.winner is None and outcome.points == 0 and outcome.next_leader == 0
    assert tuple(outcome.side_pips) == (12, 12)


def test_h2_blocker_side_wins_even_with_more_points() -> None:
    outcome = blocked(Rules.partnership(blocked_winner="blocker"), ["4-1 6-6", "5-5", "4-4", "2-2"])
    assert outcome.winner == 0 and outcome.points == 34


def test_h2_blocker_side_wins_a_tie() -> None:
    outcome = blocked(Rules.partnership(blocked_winner="blocker"), ["4-1 6-6", "5-5", "0-0", "2-0"])
    assert outcome.winner == 0 and outcome.points == 24


def test_h1_h2_blocker_wins_losers_count() -> None:
    outcome = blocked(Rules.partnership(blocked_winner="blocker", count="losers"), ["4-1 6-6", "5-5", "4-4", "2-2"])
    assert outcome.winner == 0 and outcome.points == 14


def test_one_vs_one_blocked_sides_are_seats() -> None:
    # seat 1 blocks 3|4 with 4-1 → 3|1; seat 0 holds 12, seat 1 holds 10
    position = Position.setup(Rules.one_vs_one(), [tiles("6-6"), tiles("4-1 5-5")], ["3-4"], to_move=1)
    outcome = position.apply(Play(Tile(4, 1), "right")).outcome
    assert outcome is not None and outcome.reason == "blocked"
    assert outcome.winner == 1 and outcome.points == 22 and outcome.blocker == 1 and outcome.next_leader == 1


def test_outcome_is_frozen() -> None:
    outcome = blocked(Rules.partnership(), ["4-1 6-6", "5-5", "0-0", "2-2"])
    with pytest.raises(AttributeError):
        outcome.points = 3  # type: ignore[misc]
