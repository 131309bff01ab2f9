"""Matches: scores, target, winner, sapatu, next leader, the 1-vs-1 lot and Match.deal (RULES.md §5, §12, H4)."""

import random
from collections import Counter

import pytest

from engine import ALL_TILES, Match, Outcome, Play, Position, Rules, Tile, draw_lot
from tests.conftest import tiles


def domino(rules: Rules, seat: int, loser_tile: str = "6-6") -> Outcome:
    """An outcome where `seat` goes out with 4-1 on 3|4; in 1-vs-1 the other seat holds `loser_tile`,
    in the partnership game the others hold 6-6, 5-5 and 0-0 in seat order."""
    if rules.players == 2:
        hands = [tiles(loser_tile), tiles(loser_tile)]
        hands[seat] = tiles("4-1")
    else:
        others = iter(["6-6", "5-5", "0-0"])
        hands = [tiles("4-1") if s == seat else tiles(next(others)) for s in range(4)]
    outcome = Position.setup(rules, hands, ["3-4"], to_move=seat).apply(Play(Tile(4, 1), "right")).outcome
    assert outcome is not None and outcome.reason == "domino"
    return outcome


def blocked_tie() -> Outcome:
    """A tied blocked partnership hand, blocked by seat 0."""
    hands = [tiles("4-1 6-6"), tiles("5-5"), tiles("0-0"), tiles("2-0")]
    outcome = Position.setup(Rules.partnership(), hands, ["3-4"]).apply(Play(Tile(4, 1), "right")).outcome
    assert outcome is not None and outcome.winner is None
    return outcome


def test_scores_add_up_per_side() -> None:
    rules = Rules.one_vs_one()
    match = Match(rules)
    assert tuple(match.scores) == (0, 0)
    assert match.winner is None and not match.is_over and match.next_leader is None
    match.record(domino(rules, 0))  # 12
    match.record(domino(rules, 1, "5-5"))  # 10
    match.record(domino(rules, 0, "2-2"))  # 4
    assert tuple(match.scores) == (16, 10)
    assert match.next_leader == 0
    assert len(match.outcomes) == 3


def test_the_score_before_a_hand_counts_the_hands_before_it() -> None:
    rules = Rules.one_vs_one()
    match = Match(rules)
    match.record(domino(rules, 0))  # 12
    match.record(domino(rules, 1, "5-5"))  # 10
    assert match.scores_before(1) == (0, 0)
    assert match.scores_before(2) == (12, 0)
    assert match.scores_before(3) == (12, 10) == match.scores
    with pytest.raises(ValueError, match="hand=0"):
        match.scores_before(0)


def test_first_side_to_reach_the_target_wins() -> None:
    rules = Rules.one_vs_one(target=50)
    match = Match(rules)
    for _ in range(4):
        match.record(domino(rules, 1))  # 12 each
    assert tuple(match.scores) == (0, 48) and match.winner is None and not match.is_over
    match.record(domino(rules, 0, "1-0"))  # 1
    match.record(domino(rules, 1, "1-1"))  # 2 → exactly 50
    assert tuple(match.scores) == (1, 50)
    assert match.winner == 1 and match.is_over
    assert not match.sapatu


def test_sapatu_when_the_other_side_is_still_on_zero() -> None:
    rules = Rules.partnership(target=50)
    match = Match(rules)
    while match.winner is None:
        match.record(domino(rules, 3))  # side 1 scores 12 + 10 + 0 = 22 each hand
    assert match.winner == 1 and tuple(match.scores) == (0, 66)
    assert match.sapatu


def test_default_target_is_100() -> None:
    rules = Rules.one_vs_one()
    match = Match(rules)
    for _ in range(8):
        match.record(domino(rules, 0))
    assert match.scores[0] == 96 and match.winner is None
    match.record(domino(rules, 0))
    assert match.winner == 0 and match.sapatu


def test_a_tied_block_scores_nothing_and_the_blocker_leads() -> None:
    match = Match(Rules.partnership())
    match.record(blocked_tie())
    assert tuple(match.scores) == (0, 0)
    assert match.next_leader == 0 and match.winner is None


def test_next_leader_follows_the_last_outcome() -> None:
    rules = Rules.partnership()
    match = Match(rules)
    match.record(domino(rules, 2))
    assert match.next_leader == 2
    match.record(domino(rules, 3))
    assert match.next_leader == 3


# --- the 1-vs-1 lot ----------------------------------------------------------------------------------


def test_lot_is_reproducible_from_a_random() -> None:
    for seed in range(30):
        assert draw_lot(random.Random(seed)) == draw_lot(random.Random(seed))


def test_lot_higher_pip_total_leads_ties_turn_again() -> None:
    leaders: Counter[int] = Counter()
    saw_tie = False
    for seed in range(300):
        lot = draw_lot(random.Random(seed))
        assert lot.rounds
        for turned in lot.rounds[:-1]:
            assert len(turned) == 2 and turned[0].pips == turned[1].pips
            saw_tie = True
        last = lot.rounds[-1]
        assert len(last) == 2 and len(set(last)) == 2
        assert last[lot.leader].pips > last[1 - lot.leader].pips
        leaders[lot.leader] += 1
    assert saw_tie and leaders[0] > 50 and leaders[1] > 50


def test_match_deal_first_hand_one_vs_one_uses_the_lot() -> None:
    for seed in range(20):
        match = Match(Rules.one_vs_one())
        position = match.deal(random.Random(seed))
        assert match.lot is not None
        assert position.to_move == match.lot.leader
        assert len(position.legal_moves()) == 7  # any tile of the hand
        # the lot tiles went back: the whole set is dealt
        dealt = [t for hand in position.hands for t in hand] + list(position.stock)
        assert Counter(dealt) == Counter(ALL_TILES)
        again = Match(Rules.one_vs_one()).deal(random.Random(seed))
        assert again.hands == position.hands and again.to_move == position.to_move


def test_match_deal_first_hand_partnership_double_six_leads() -> None:
    for seed in range(20):
        position = Match(Rules.partnership()).deal(random.Random(seed))
        assert Tile(6, 6) in position.hands[position.to_move]
        assert position.legal_moves() == [Play(Tile(6, 6))]


@pytest.mark.parametrize("make_rules", [Rules.one_vs_one, Rules.partnership])
def test_match_deal_later_hands_the_next_leader_leads_anything(make_rules) -> None:
    rules = make_rules()
    match = Match(rules)
    match.record(domino(rules, 1))
    position = match.deal(random.Random(3))
    assert position.to_move == 1
    assert len(position.legal_moves()) == 7
    assert position.line == ()
