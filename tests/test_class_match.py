"""A class table's match (play/class_match.py): whose turn, stale and doubled moves, the engine's refusals, idle seats
played by the computer until their learner is back, leaving, and a whole match played to its target."""

from __future__ import annotations

import pytest

from engine import Draw, Pass, Play, Position, Rules
from play.class_match import CLOSED, OVER, PLAYING, WAITING, ClassMatch, Seat
from play.game import Game, Setup


def seated(table: str = "one_vs_one", learners: tuple[str, ...] = ("ana", "ben"), seed: int = 7,
           target: int | None = 30, idle: int = 60) -> ClassMatch:
    """A table with ``learners`` in seats 0, 1, ... and the match started (at time 10 if the seats were not all
    taken: a full table starts by itself)."""
    match = ClassMatch.open(Setup(table, seed=seed, target=target), idle=idle, now=0.0)
    for seat, learner in enumerate(learners):
        assert match.sit(learner, seat, now=float(seat)) is None
    assert match.start(learners[0], now=10.0) is None
    return match


def learner_to_move(match: ClassMatch) -> str:
    seat = match.to_move
    assert seat is not None
    learner = match.seats[seat].learner
    assert learner is not None
    return learner


def a_legal_move(match: ClassMatch) -> Play | Draw | Pass:
    return match.game.position.legal_moves()[0]  # type: ignore[return-value]


def test_a_table_waits_for_two_learners_then_starts() -> None:
    match = ClassMatch.open(Setup("partnership", seed=3), idle=60, now=0.0)
    assert match.state == WAITING and match.to_move is None
    assert match.sit("ana", 0, now=1.0) is None
    assert match.start("ana", now=2.0).code == "too_few"  # type: ignore[union-attr]
    assert match.sit("ben", 0, now=2.0).code == "seat_taken"  # type: ignore[union-attr]
    assert match.sit("ben", 2, now=3.0) is None
    assert match.start("carla", now=4.0).code == "not_seated"  # type: ignore[union-attr]
    assert match.start("ben", now=4.0) is None
    assert match.state == PLAYING
    # the 6-6 leads the first partnership hand; empty seats are the computer's, played at once
    assert match.seats[1] == Seat() and match.seats[3] == Seat()


def test_a_full_table_starts_by_itself() -> None:
    match = ClassMatch.open(Setup("one_vs_one", seed=1), idle=60, now=0.0)
    match.sit("ana", 0, now=1.0)
    assert match.state == WAITING
    match.sit("ben", 1, now=2.0)
    assert match.state == PLAYING


def test_a_move_is_checked_seat_turn_version_and_rules() -> None:
    match = seated()
    mover = learner_to_move(match)
    other = "ben" if mover == "ana" else "ana"
    version = match.version
    assert match.move("zoe", a_legal_move(match), version, now=11.0).code == "not_seated"  # type: ignore[union-attr]
    assert match.move(other, a_legal_move(match), version, now=11.0).code == "not_your_turn"  # type: ignore[union-attr]
    assert match.move(mover, a_legal_move(match), version - 1, now=11.0).code == "stale"  # type: ignore[union-attr]
    position = match.game.position
    not_held = next(tile for tile in position.hands[1 - position.to_move])
    refused = match.move(mover, Play(not_held, None), version, now=11.0)
    assert refused is not None and refused.code == "illegal" and refused.error is not None
    assert match.version == version and match.game.position is position  # nothing changed by a refusal
    move = a_legal_move(match)
    assert match.move(mover, move, version, now=12.0) is None
    assert match.game.position.history[0].move == move and match.version > version


def test_a_doubled_move_from_two_tabs_counts_once() -> None:
    match = seated()
    mover = learner_to_move(match)
    version = match.version
    move = a_legal_move(match)
    assert match.move(mover, move, version, now=11.0) is None
    played = len(match.game.position.history)
    assert match.move(mover, move, version, now=11.1).code == "stale"  # type: ignore[union-attr]
    assert len(match.game.position.history) == played


def test_computers_play_up_to_the_next_learner() -> None:
    match = seated("partnership", ("ana", "ben"), seed=5)  # ana at 0, ben at 1, computers at 2 and 3
    for _ in range(8):
        seat = match.to_move
        if seat is None:
            break
        assert seat in (0, 1), "a computer seat never waits for anyone"
        match.move(learner_to_move(match), a_legal_move(match), match.version, now=20.0)


def test_an_idle_seat_is_played_by_the_computer_until_its_learner_is_back() -> None:
    match = seated(idle=60)
    mover = learner_to_move(match)
    seat = match.seat_of(mover)
    assert seat is not None
    started = match.moved_at
    assert match.advance(now=started + 59) == 0  # the limit (60 s from the start) is not reached
    version = match.version
    assert match.advance(now=started + 61) >= 1
    assert match.seats[seat].away and match.version > version
    # away: each of their turns is played at once, right after the other learner's move
    other = match.seats[1 - seat].learner
    assert other is not None
    for now in (started + 62, started + 63, started + 64):
        if match.game.hand_over:
            break
        assert match.to_move == 1 - seat
        played = len(match.game.position.history)
        assert match.move(other, a_legal_move(match), match.version, now) is None
        assert match.game.hand_over or (match.to_move == 1 - seat and len(match.game.position.history) >= played + 2)
    assert match.back(mover, now=started + 65) is None
    assert not match.seats[seat].away


def test_a_hand_over_deals_the_next_on_a_learners_ask_once() -> None:
    match = seated(idle=60)
    now = 10.0
    while not match.game.hand_over:
        now += 61
        match.advance(now)
    version = match.version
    asker = match.learners[0]
    assert match.next_hand(asker, version, now=now + 1) is None
    assert match.game.hand_number == 2
    assert match.next_hand(asker, version, now=now + 2).code == "stale"  # type: ignore[union-attr]
    assert match.game.hand_number == 2


def test_a_table_plays_on_to_its_target_and_ends() -> None:
    match = seated(target=20, idle=30)
    now = 10.0
    for _ in range(2000):
        if match.state == OVER:
            break
        now += 31
        match.advance(now)
    assert match.state == OVER and match.game.match.is_over and max(match.game.match.scores) >= 20
    assert match.due() is None


def test_everyone_leaving_closes_the_table() -> None:
    match = seated("partnership", ("ana", "ben"))
    assert match.leave("ana", now=11.0) is None
    assert match.state == PLAYING and match.seats[0] == Seat()
    assert match.leave("ana", now=11.5).code == "not_seated"  # type: ignore[union-attr]
    assert match.leave("ben", now=12.0) is None
    assert match.state == CLOSED and match.advance(now=1000.0) == 0
    assert match.sit("ana", 0, now=13.0).code == "closed"  # type: ignore[union-attr]


def test_a_learner_may_take_a_computer_seat_during_the_match() -> None:
    match = seated("partnership", ("ana", "ben"))
    assert match.sit("carla", 2, now=11.0) is None and match.seats[2].learner == "carla"
    assert match.sit("carla", 3, now=12.0) is None  # moving seats frees the first
    assert match.seats[2] == Seat() and match.seats[3].learner == "carla"


def test_the_stored_record_rebuilds_the_same_table() -> None:
    match = seated(idle=30)
    match.advance(now=100.0)
    again = ClassMatch.rebuild(match.record, match.seats, match.idle, match.state, match.version, match.moved_at)
    assert again.game.position.history == match.game.position.history
    assert again.game.position.hands == match.game.position.hands
    assert again.game.match.scores == match.game.match.scores and again.game.rules.target == 30


def test_the_target_is_kept_in_the_record_and_a_play_page_record_reads_as_before() -> None:
    game = Game.new(Setup("one_vs_one", seed=3, target=50))
    assert game.rules.target == 50 and Game.from_record(game.record).rules.target == 50
    plain = Game.new(Setup("one_vs_one", seed=3))
    assert plain.record.startswith("1~") and Game.from_record(plain.record).rules.target == Rules.one_vs_one().target


def test_the_coach_speaks_to_each_seat_from_its_own_view() -> None:
    match = seated("partnership", ("ana", "ben"), seed=11)
    for seat in (0, 1):
        for remark in match.coach(seat):
            for tile in match.game.position.hands[1 - seat] + match.game.position.hands[3 - seat]:
                assert str(tile) not in str(remark.message.args), "the coach never tells another seat's tiles"


def test_positions_since_give_each_table_in_between() -> None:
    match = seated("partnership", ("ana", "ben"), seed=5)
    hand, seen = match.game.hand_number, len(match.game.position.history)
    match.move(learner_to_move(match), a_legal_move(match), match.version, now=20.0)
    between = match.positions_since(hand, seen)
    made = len(match.game.position.history) - seen
    assert len(between) == made
    assert all(isinstance(position, Position) for position in between)
    assert [len(p.history) for p in between] == list(range(seen, seen + made))


@pytest.mark.parametrize("idle", [0, 4, 601, True, 30.5])
def test_an_idle_limit_out_of_range_is_refused(idle: object) -> None:
    with pytest.raises(ValueError, match="idle"):
        ClassMatch.open(Setup("one_vs_one"), idle=idle, now=0.0)  # type: ignore[arg-type]


def test_computers_that_lead_play_at_once_when_the_match_starts() -> None:
    led_by_computer = 0
    for seed in range(30):
        match = ClassMatch.open(Setup("partnership", seed=seed), idle=60, now=0.0)
        for seat, learner in enumerate(("ana", "ben")):
            assert match.sit(learner, seat, now=1.0) is None
        first = match.game.position.to_move
        assert match.start("ana", now=2.0) is None
        assert match.to_move in (0, 1), f"seed {seed}: the table waits on a computer seat"
        if first in (2, 3):
            led_by_computer += 1
            assert match.game.position.history, f"seed {seed}: the computer who leads has not played"
            assert match.due() == 2.0 + 60, "the learner's clock starts when the computers have played"
    assert led_by_computer, "no deal in 30 was led by a computer seat: the test proves nothing"
