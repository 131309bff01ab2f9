"""The engine says why, so that nothing above it works a rule fact out again (issue 21): a refusal carries its tile,
end and the number showing there; every end says its number, spinner arms included; an outcome says what decided
the hand; a play's event says what it scored; a hand's lead says why that seat leads; a seat's role comes from
the rules."""

import random

import pytest

from engine import Decision, LeadReason, Match, Play, Position, Rules, Tile, seat_role
from tests.conftest import tiles

# All-fives with a spinner: 3|5 5-5 5|0, the spinner's up and down open and show 5.
SPINNER = Position.setup(Rules.all_fives(), [["6-4", "5-1", "2-2"], ["6-6", "1-1"]], ["3-5", "5-5", "5-0"], spinner=1)


def test_a_refusal_at_a_spinner_arm_quotes_the_number_showing_there() -> None:
    error = SPINNER.check("plays 6-4 down")
    assert error is not None and error.code == "no-match"
    assert (error.tile, error.end, error.number) == (Tile(6, 4), "down", 5)


def test_a_refusal_at_the_left_and_right_quotes_each_number() -> None:
    assert SPINNER.check("plays 6-4 left").number == 3  # type: ignore[union-attr]
    assert SPINNER.check("plays 2-2 right").number == 0  # type: ignore[union-attr]


def test_refusals_carry_what_they_are_about() -> None:
    pos = Position.setup(Rules.one_vs_one(), [["6-6", "4-1"], ["2-2"]], ["3-4"], stock=["0-0"])
    missing = pos.check("plays 2-2 left")
    assert missing is not None and (missing.code, missing.tile, missing.end, missing.number) == (
        "not-in-hand", Tile(2, 2), "left", None)
    closed = pos.check("plays 4-1 up")
    assert closed is not None and (closed.code, closed.tile, closed.end) == ("bad-end", Tile(4, 1), "up")
    seat = pos.check("1 plays 2-2 left")
    assert seat is not None and (seat.code, seat.seat) == ("wrong-seat", 1)
    draw = pos.check("draws")
    assert draw is not None and draw.code == "has-playable" and draw.tile is None


def test_every_end_says_its_number() -> None:
    assert [SPINNER.end_number(end) for end in ("left", "right", "up", "down")] == [3, 0, 5, 5]
    after = SPINNER.apply("plays 5-1 up")
    assert [after.end_number(end) for end in ("left", "right", "up", "down")] == [3, 0, 1, 5]
    assert dict(after.open_ends) == {end: after.end_number(end) for end in ("left", "right", "up", "down")}


def test_an_end_that_is_not_open_has_no_number() -> None:
    closed = Position.setup(Rules.all_fives(), [["5-4"], ["6-6"]], ["3-5", "5-5"], spinner=1)
    assert closed.end_number("up") is None and closed.end_number("left") == 3
    line = Position.setup(Rules.one_vs_one(), [["6-4"], ["6-6"]], ["3-5"], stock=["0-0"])
    assert line.end_number("down") is None
    empty = Position.start(Rules.draw_game(), [["6-6"], ["1-1"]])
    assert empty.end_number("left") is None
    with pytest.raises(ValueError, match="end='middle'"):
        line.end_number("middle")  # type: ignore[arg-type]


def blocked(rules: Rules, hands: list[str]) -> Decision:
    """Seat 0 blocks the line 3|4 with 4-1 (nobody holds a 3 or a 1)."""
    position = Position.setup(rules, [tiles(h) for h in hands], ["3-4"])
    outcome = position.apply("plays 4-1 right").outcome
    assert outcome is not None and outcome.reason == "blocked"
    return outcome.decision


def test_an_outcome_says_what_decided_the_hand() -> None:
    assert blocked(Rules.partnership(), ["4-1 6-6", "5-5", "0-0", "2-2"]) is Decision.FEWEST
    assert blocked(Rules.partnership(), ["4-1 6-6", "5-5", "0-0", "2-0"]) is Decision.TIE
    assert blocked(Rules.partnership(blocked_winner="blocker"), ["4-1 6-6", "5-5", "0-0", "2-0"]) is Decision.BLOCKER
    domino = Position.setup(Rules.one_vs_one(), [["4-1"], ["6-6"]], ["3-4"], stock=["2-2"]).apply("plays 4-1 right")
    assert domino.outcome is not None and domino.outcome.decision is Decision.DOMINO


def test_a_tie_has_no_winner_and_a_decided_hand_has_one() -> None:
    rng = random.Random(21)
    for _ in range(300):
        position = Position.deal(Rules.block_game(), rng)
        while position.outcome is None:
            position = position.apply(rng.choice(position.legal_moves()))
        assert (position.outcome.decision is Decision.TIE) == (position.outcome.winner is None)


def test_a_play_says_what_it_scored_and_the_scores_add_up_to_the_hands_points() -> None:
    rng = random.Random(5)
    scored_any = False
    for _ in range(60):
        position = Position.deal(Rules.all_fives(players=rng.choice((2, 3, 4))), rng, leader=0)
        while position.outcome is None:
            before = position
            position = position.apply(rng.choice(position.legal_moves()))
            event = position.history[-1]
            side = position.rules.side_of(event.seat)
            assert event.scored == position.hand_points[side] - before.hand_points[side]
            scored_any = scored_any or event.scored > 0
        per_side = [0] * position.rules.sides
        for event in position.history:
            per_side[position.rules.side_of(event.seat)] += event.scored
        assert tuple(per_side) == position.outcome.hand_points
    assert scored_any


def test_what_a_play_scored_is_public() -> None:
    pos = Position.setup(Rules.all_fives(), [["4-2", "1-1"], ["6-6", "0-0"]], ["3-5", "5-4"])
    after = pos.apply("plays 4-2 right")
    assert after.history[-1].scored == 5
    assert after.view(1).history[-1].scored == 5
    assert pos.view(0).after(Play(Tile(4, 2), "right")).scored == 5
    assert Position.setup(Rules.one_vs_one(), [["4-2"], ["6-6"]], ["3-4"], stock=["0-0"]).apply(
        "plays 4-2 right").history[-1].scored == 0


@pytest.mark.parametrize(("hands", "reason"), [
    (["6-6 2-1", "3-3 4-0"], LeadReason.LOWEST_DOUBLE),
    (["0-0 2-1", "5-3 4-0"], LeadReason.LOWEST_TILE),
])
def test_the_rules_say_why_a_seat_leads(hands: list[str], reason: LeadReason) -> None:
    position = Position.start(Rules.block_game(), [h.split() for h in hands])
    assert position.lead_reason is reason
    assert position.view(1 - position.to_move).lead_reason is reason


def test_the_first_hands_lead_reasons() -> None:
    rng = random.Random(3)
    assert Match(Rules.partnership()).deal(rng).lead_reason is LeadReason.DOUBLE_SIX
    assert Match(Rules.one_vs_one()).deal(rng).lead_reason is LeadReason.LOT
    assert Match(Rules.international()).deal(rng).lead_reason is LeadReason.HIGHEST_TILE
    assert Match(Rules.all_fives()).deal(rng).lead_reason is LeadReason.RANDOM
    assert Position.deal(Rules.one_vs_one(), rng, leader=1).lead_reason is LeadReason.GIVEN


def _next_reasons(rules: Rules, seed: int, hands: int = 40) -> set[tuple[LeadReason | None, LeadReason | None]]:
    """(what the hand before said, why the next hand's leader leads) over a few matches."""
    rng = random.Random(seed)
    seen = set()
    match = Match(rules)
    for _ in range(hands):
        if match.is_over:
            match = Match(rules)
        position = match.deal(rng)
        before = match.outcomes[-1].next_lead_reason if match.outcomes else None
        if match.outcomes:
            assert match.next_leader in (None, position.to_move)
            seen.add((before, position.lead_reason))
        while position.outcome is None:
            position = position.apply(rng.choice(position.legal_moves()))
        match.record(position.outcome)
    return seen


def test_after_the_first_hand_the_lead_goes_where_the_hand_before_said() -> None:
    plaza = _next_reasons(Rules.partnership(), 1)
    assert plaza == {(LeadReason.WENT_OUT, LeadReason.WENT_OUT), (LeadReason.BLOCKER, LeadReason.BLOCKER)}
    international = _next_reasons(Rules.international(), 2)
    assert (LeadReason.WINNER, LeadReason.WINNER) in international
    assert all(before == after for before, after in international)
    greek = _next_reasons(Rules.block_game(), 3)
    assert {after for _, after in greek} <= {LeadReason.LOWEST_DOUBLE, LeadReason.LOWEST_TILE}


def test_a_drawn_international_hand_is_led_again_by_the_same_seat() -> None:
    # Seat 1 leads 3-4, seat 2 blocks with 4-1 (3|1: nobody holds a 3 or a 1); each side holds 6 pips.
    position = Position.start(Rules.international(), [["0-0"], ["3-4", "2-2"], ["4-1", "6-0"], ["2-0"]],
                              leader=1, reason=LeadReason.WINNER)
    assert position.lead_reason is LeadReason.WINNER
    outcome = position.apply("plays 3-4").apply("plays 4-1 left").outcome
    assert outcome is not None and outcome.decision is Decision.TIE and outcome.side_pips == (6, 6)
    assert (outcome.next_leader, outcome.next_lead_reason) == (1, LeadReason.AGAIN)


def test_roles_come_from_the_rules() -> None:
    assert [Rules.partnership().role(0, seat) for seat in range(4)] == [
        "you", "right_opponent", "partner", "left_opponent"]
    assert [Rules.katsika(players=4, partnership=False).role(1, seat) for seat in range(4)] == [
        "left_opponent", "you", "right_opponent", "across_opponent"]
    assert [Rules.draw_game(players=3).role(2, seat) for seat in range(3)] == [
        "right_opponent", "left_opponent", "you"]
    assert seat_role(2, 1, 0) == "opponent"
    with pytest.raises(ValueError):
        Rules.one_vs_one().role(0, 2)
