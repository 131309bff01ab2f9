"""A match against the computer (play/game.py): whole hands at every table, the learner's moves checked by the
engine, the coach's remarks as they come, and a record that rebuilds the match move for move."""

from __future__ import annotations

import random

import pytest

from engine import Draw, IllegalMove, Pass, Play, Rules, Tile
from play.game import LEARNER, BadRecord, Game, Setup
from tests.play_support import TABLES, table_id


def setup_of(rules: Rules, level: str = "beginner", seed: int = 3, coach: bool = True) -> Setup:
    """The setup that plays ``rules``."""
    players = rules.players if rules.players != Rules.preset(rules.name).players else None
    return Setup(rules.name, players, level, coach, seed)


def play_out(game: Game, rng: random.Random) -> None:
    """Random learner moves and the computers' answers until the hand is over."""
    while not game.hand_over:
        if game.learner_to_move:
            assert game.play(rng.choice(game.position.legal_moves())) is None
        else:
            event = game.computer_step()
            assert event.seat != LEARNER


def same(first: Game, second: Game) -> bool:
    """Whether two games are at the same point of the same match."""
    return (first.position.history == second.position.history and first.position.hands == second.position.hands
            and first.match.scores == second.match.scores and first.hand_number == second.hand_number
            and first.remarks == second.remarks and _last(first) == _last(second))


def _last(game: Game) -> object:
    """The learner's last move and the history it was made after."""
    return None if game.last_move is None else (game.last_move[0].history, game.last_move[1])


@pytest.mark.parametrize("rules", [r for r in TABLES if setup_of(r).rules() == r], ids=table_id)
def test_a_hand_at_every_table_and_its_record_at_every_move(rules: Rules) -> None:
    game = Game.new(setup_of(rules))
    assert game.rules == rules
    rng = random.Random(table_id(rules))
    while not game.hand_over:
        assert same(Game.from_record(game.record), game)
        if game.learner_to_move:
            game.play(rng.choice(game.position.legal_moves()))
        else:
            game.computer_step()
    assert same(Game.from_record(game.record), game)
    if not game.match.is_over:
        game.next_hand()
        assert game.hand_number == 2 and same(Game.from_record(game.record), game)


def test_a_whole_match_adds_up_and_ends() -> None:
    game = Game.new(Setup("partnership", level="club", seed=8))
    rng = random.Random(8)
    totals = [0, 0]
    while True:
        play_out(game, rng)
        outcome = game.position.outcome
        assert outcome is not None
        totals = [total + points for total, points in zip(totals, outcome.scores, strict=True)]
        assert list(game.match.scores) == totals
        if game.match.is_over:
            break
        game.next_hand()
    assert max(game.match.scores) >= 100 and game.match.winner is not None
    with pytest.raises(ValueError, match="over"):
        game.next_hand()
    assert same(Game.from_record(game.record), game)


def test_the_learner_is_refused_out_of_turn_and_for_illegal_moves_and_nothing_changes() -> None:
    game = Game.new(Setup("partnership", level="beginner", seed=2))
    while game.learner_to_move:  # the learner holds the 6-6: let a computer be on turn first
        game.play(game.position.legal_moves()[0])
    if game.computer_to_move:
        history = game.position.history
        error = game.play(Pass())
        assert isinstance(error, IllegalMove) and error.code == "wrong-seat"
        assert game.position.history == history
        while game.computer_to_move:
            game.computer_step()
    if game.learner_to_move:
        history = game.position.history
        not_mine = next(t for t in (Tile(a, b) for a in range(7) for b in range(a + 1))
                        if t not in game.position.hands[LEARNER])
        error = game.play(Play(not_mine, "left"))
        assert isinstance(error, IllegalMove) and error.code == "not-in-hand"
        assert game.position.history == history
    with pytest.raises(ValueError, match="still being played"):
        game.next_hand()


def test_the_coach_speaks_only_when_on_and_starts_afresh_with_each_learner_move() -> None:
    quiet = Game.new(Setup("one_vs_one", level="club", coach=False, seed=5))
    talkative = Game.new(Setup("one_vs_one", level="club", coach=True, seed=5))
    assert quiet.remarks == [] and talkative.remarks[0].code.startswith("lead.lot")
    rng = random.Random(1)
    while not talkative.hand_over:
        if talkative.learner_to_move:
            move = rng.choice(talkative.position.legal_moves())
            talkative.play(move)
            quiet.play(move)
            assert talkative.last_move is not None and talkative.last_move[1] == move
            assert all(not r.code.startswith(("lead.", "draw_forced")) or isinstance(move, Draw)
                       for r in talkative.remarks)
        else:
            event = talkative.computer_step()
            assert quiet.computer_step() == event  # the coach changes nothing in the game
    assert quiet.remarks == [] and quiet.advice() is None
    assert any(r.code.startswith(("domino", "capicu", "tranque")) for r in talkative.remarks)


def test_the_same_seed_deals_and_plays_the_same_match() -> None:
    first, second = (Game.new(Setup("partnership", level="expert", seed=99)) for _ in range(2))
    while first.computer_to_move:
        assert first.computer_step() == second.computer_step()
    assert first.position.hands == second.position.hands
    assert Game.new(Setup("partnership", seed=100)).position.hands != first.start.hands


@pytest.mark.parametrize("record", [
    "", "2~partnership~~club~c~A~", "1~chess~~club~c~A~", "1~partnership~~master~c~A~", "1~one_vs_one~3~club~c~A~",
    "1~partnership~~club~c~*~", "1~partnership~~club~c~A~zz", "1~partnership~~club~c~A~AB~AB",
    "1~partnership~~club~c~A~A",
])
def test_a_record_that_does_not_describe_a_match_is_refused(record: str) -> None:
    with pytest.raises(BadRecord):
        Game.from_record(record)


@pytest.mark.parametrize(("table", "players", "level", "seed"), [
    ("chess", None, "club", 1), ("partnership", 2, "club", 1), ("draw_game", 5, "club", 1),
    ("one_vs_one", None, "grandmaster", 1), ("one_vs_one", None, "club", -1), ("one_vs_one", None, "club", True),
])
def test_a_setup_the_app_cannot_play_is_refused_with_a_clear_message(table: str, players: int | None, level: str,
                                                                     seed: object) -> None:
    with pytest.raises(ValueError, match=r"table|level|seed|players|option"):
        Setup(table, players, level, True, seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("rules", TABLES, ids=table_id)
def test_the_computers_move_up_to_the_learners_turn_giving_the_table_before_each_move(rules: Rules) -> None:
    rng = random.Random(8)
    game = Game.new(setup_of(rules, level="club", seed=5))
    twin = Game.new(setup_of(rules, level="club", seed=5))  # the same match, one computer move at a time
    while not game.hand_over:
        if game.learner_to_move:
            move = rng.choice(game.position.legal_moves())
            assert game.play(move) is None and twin.play(move) is None
            continue
        made = len(game.position.history)
        before = game.computers_move()
        assert game.learner_to_move or game.hand_over
        assert before and before[0] is not game.position
        stepped = []
        while twin.computer_to_move:
            stepped.append(twin.position)
            twin.computer_step()
        assert [p.history for p in before] == [p.history for p in stepped]  # one table per move, in order
        assert len(game.position.history) == made + len(before)
        assert game.position.history == twin.position.history and game.remarks == twin.remarks
    assert game.computers_move() == []  # nothing to do once the hand is over
