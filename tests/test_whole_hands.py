"""Scripted whole hands replayed from notation, ending in each outcome kind, for both rule sets."""

import pytest

from engine import Outcome, Position, Rules, Tile, format_history, parse_history
from tests.conftest import tiles


def replay(rules: Rules, hands: list[str], script: str, stock: str = "") -> Position:
    """Start a hand led by seat 0 and replay the script (events separated by ";"); it must end the hand."""
    start = Position.start(rules, [tiles(h) for h in hands], stock=tiles(stock), leader=0)
    end = start.apply_all(parse_history(script))
    assert end.outcome is not None
    assert end.legal_moves() == []
    assert format_history(end.history) == format_history(parse_history(script))
    return end


def checked(position: Position, reason: str, winner: int | None, points: int, leader: int) -> Outcome:
    """Assert the outcome's kind, winner, points and next leader."""
    outcome = position.outcome
    assert outcome is not None
    assert (outcome.reason, outcome.winner, outcome.points, outcome.next_leader) == (reason, winner, points, leader)
    return outcome


# --- partnership -------------------------------------------------------------------------------------


def test_partnership_domino() -> None:
    hands = ["6-6 6-1", "6-5 2-2", "1-1 0-0", "5-4 3-3"]
    script = "0 plays 6-6; 1 plays 6-5 right; 2 passes; 3 plays 5-4 right; 0 plays 6-1 left"
    end = replay(Rules.partnership(), hands, script)
    outcome = checked(end, "domino", 0, 0 + 4 + 2 + 6, 0)
    assert end.ends == (1, 4) and not outcome.capicu
    losers = replay(Rules.partnership(count="losers"), hands, script)
    checked(losers, "domino", 0, 4 + 6, 0)


@pytest.mark.parametrize(("bonus", "points"), [(0, 14), (25, 39), (30, 44)])
def test_partnership_capicu(bonus: int, points: int) -> None:
    hands = ["6-6 5-3", "6-5 1-1", "0-0 2-2", "6-3 4-4"]
    script = "0 plays 6-6; 1 plays 6-5 right; 2 passes; 3 plays 6-3 left; 0 plays 5-3 right"
    end = replay(Rules.partnership(capicu_bonus=bonus), hands, script)
    assert checked(end, "domino", 0, points, 0).capicu


def test_partnership_blocked_with_a_winner() -> None:
    hands = ["6-6 6-1", "6-5 2-2", "5-5 0-0", "6-4 3-3"]
    script = "0 plays 6-6; 1 plays 6-5 right; 2 plays 5-5 right; 3 plays 6-4 left"
    end = replay(Rules.partnership(), hands, script)
    outcome = checked(end, "blocked", 0, 7 + 4 + 0 + 6, 3)
    assert outcome.blocker == 3
    blocker_rule = replay(Rules.partnership(blocked_winner="blocker", count="losers"), hands, script)
    checked(blocker_rule, "blocked", 1, 7, 3)


def test_partnership_blocked_tie() -> None:
    hands = ["6-6 6-1", "6-5 2-2", "5-5 2-1", "6-4 3-3"]
    script = "0 plays 6-6; 1 plays 6-5 right; 2 plays 5-5 right; 3 plays 6-4 left"
    end = replay(Rules.partnership(), hands, script)
    outcome = checked(end, "blocked", None, 0, 3)
    assert tuple(outcome.side_pips) == (10, 10)


# --- 1-vs-1 ------------------------------------------------------------------------------------------


def test_one_vs_one_domino_with_draws_stock_left_uncounted() -> None:
    hands = ["6-6 5-1", "6-5 0-2"]
    script = "0 plays 6-6; 1 plays 6-5 right; 0 plays 5-1 right"
    end = replay(Rules.one_vs_one(), hands, script, stock="2-2 3-3 4-4")
    checked(end, "domino", 0, 2, 0)
    assert len(end.stock) == 3


def test_one_vs_one_domino_after_drawing() -> None:
    # 0 draws 5-1 and plays it; 1 draws 3-3, which fits nowhere, and passes on the empty stock; 0 goes out
    hands = ["6-6 1-2", "6-5 0-0 4-4"]
    script = "0 plays 6-6; 1 plays 6-5 right; 0 draws; 0 plays 5-1 right; 1 draws; 1 passes; 0 plays 1-2 right"
    end = replay(Rules.one_vs_one(), hands, script, stock="5-1 3-3")
    checked(end, "domino", 0, 0 + 8 + 6, 0)  # the drawn 3-3 counts against seat 1
    assert end.drawn_tiles(1) == (Tile(3, 3),) and end.drawn_tiles(0) == ()


def test_one_vs_one_blocked_when_the_last_draw_fits_nowhere() -> None:
    hands = ["6-6 1-2", "6-5 1-0 4-4"]
    script = "0 plays 6-6; 1 plays 6-5 right; 0 draws; 0 plays 5-1 right; 1 plays 1-0 right; 0 draws"
    # 0 draws the last tile 3-3: nobody can play, so the hand is blocked by seat 1's 1-0
    end = replay(Rules.one_vs_one(), hands, script, stock="5-1 3-3")
    checked(end, "blocked", 1, 9 + 8, 1)


@pytest.mark.parametrize(("bonus", "points"), [(0, 2), (30, 32)])
def test_one_vs_one_capicu(bonus: int, points: int) -> None:
    hands = ["6-6 3-5", "6-4 6-5 0-2"]
    script = "0 plays 6-6; 1 plays 6-4 left; 0 draws; 0 plays 4-3 left; 1 plays 6-5 right; 0 plays 5-3 left"
    end = replay(Rules.one_vs_one(capicu_bonus=bonus), hands, script, stock="4-3 1-1")
    assert checked(end, "domino", 0, points, 0).capicu


def test_one_vs_one_blocked_with_a_winner() -> None:
    hands = ["6-6 1-2", "6-5 0-0"]
    script = "0 plays 6-6; 1 plays 6-5 right; 0 draws; 0 draws; 0 plays 5-1 right; 1 draws; 1 passes; 0 plays 1-2 right"
    end = replay(Rules.one_vs_one(), hands, script, stock="3-3 5-1 4-4")
    outcome = checked(end, "blocked", 0, 6 + 8, 0)
    assert outcome.blocker == 0 and tuple(outcome.pips) == (6, 8)
    losers = replay(Rules.one_vs_one(count="losers"), hands, script, stock="3-3 5-1 4-4")
    checked(losers, "blocked", 0, 8, 0)


def test_one_vs_one_blocked_tie() -> None:
    hands = ["6-6 1-2", "6-5 0-0"]
    script = "0 plays 6-6; 1 plays 6-5 right; 0 draws; 0 draws; 0 plays 5-1 right; 1 draws; 1 passes; 0 plays 1-2 right"
    end = replay(Rules.one_vs_one(), hands, script, stock="1-3 5-1 0-4")
    outcome = checked(end, "blocked", None, 0, 0)
    assert tuple(outcome.pips) == (4, 4)
