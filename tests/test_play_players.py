"""The computer players (play/): always legal, reproducible from the seed in any run, blind to what they cannot see."""

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from engine import Play, Position, Rules, Tile
from play import LEVELS, Expert, choices, computer_player, same_choice
from play.heuristics import club_score, features
from play.montecarlo import estimate
from tests.play_support import TABLES, deal, table_id

PRESETS = (Rules.one_vs_one(), Rules.partnership())
ROOT = Path(__file__).resolve().parent.parent


def tiles(text: str) -> list[Tile]:
    """`"6-6 6-5"` → the tiles, in order."""
    return [Tile.parse(word) for word in text.split()]


def quick(level: str, seed: int):
    """A player of `level`; the expert with few playouts, so that whole hands stay quick in tests."""
    return Expert(seed, playouts=60) if level == "expert" else computer_player(level, seed)


@pytest.mark.parametrize("rules", TABLES, ids=table_id)
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_whole_hands_of_every_table_legally(rules: Rules, level: str) -> None:
    rng = random.Random(f"{table_id(rules)}-{level}")
    players = [quick(level, seed) for seed in range(rules.players)]
    for hand in range(2 if level == "expert" else 8):
        position = deal(rules, rng)
        while position.outcome is None:
            view = position.view(position.to_move)
            move = players[position.to_move].choose(view)
            assert move in position.legal_moves(), (hand, position, move)
            assert move in choices(view)
            position = position.apply(move)


@pytest.mark.parametrize("level", LEVELS)
def test_the_first_partnership_hand_is_led_with_the_double_six(level: str) -> None:
    position = Position.deal(Rules.partnership(), random.Random(2), first_hand=True)
    assert quick(level, 1).choose(position.view(position.to_move)) == Play(Tile(6, 6))


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_seed_and_view_give_the_same_move_whatever_came_before(level: str) -> None:
    rng = random.Random(5)
    views = []
    for rules in PRESETS:
        position = Position.deal(rules, rng, leader=0)
        for _ in range(3):
            position = position.apply(rng.choice(position.legal_moves()))
        views.append(position.view(position.to_move))
    first = [quick(level, 11).choose(view) for view in views]
    again = [quick(level, 11).choose(view) for view in reversed(views)]
    assert first == list(reversed(again))


def test_moves_are_the_same_in_every_process() -> None:
    code = (
        "import random; from engine import Position, Rules; from play import computer_player; "
        "p = Position.deal(Rules.one_vs_one(), random.Random(3), leader=1); "
        "print([str(computer_player(level, 8).choose(p.view(1))) for level in ('beginner', 'club', 'expert')])"
    )
    outputs = set()
    for hash_seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
        outputs.add(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                                   check=True).stdout)
    assert len(outputs) == 1


def test_a_seed_changes_what_a_beginner_does() -> None:
    position = Position.deal(Rules.one_vs_one(), random.Random(9), leader=0)
    view = position.view(0)
    assert len({computer_player("beginner", seed).choose(view) for seed in range(30)}) > 1


@pytest.mark.parametrize("level", LEVELS)
def test_players_cannot_tell_apart_positions_that_differ_only_in_hidden_tiles(level: str) -> None:
    rules = Rules.one_vs_one()
    a = Position.setup(rules, [tiles("5-1 2-2 6-3"), tiles("6-6 0-0 4-4")], ["3-4", "4-5"], stock=tiles("1-1 2-0"))
    b = Position.setup(rules, [tiles("5-1 2-2 6-3"), tiles("1-1 2-0 4-4")], ["3-4", "4-5"], stock=tiles("6-6 0-0"))
    assert a.view(0) == b.view(0)
    for seed in range(5):
        player = computer_player(level, seed)
        assert player.choose(a.view(0)) == player.choose(b.view(0))


def test_left_and_right_are_one_choice_when_both_ends_match() -> None:
    position = Position.setup(Rules.one_vs_one(), [tiles("4-1 4-4 2-2"), tiles("6-6")], ["4-0", "0-2", "2-4"])
    view = position.view(0)
    assert [str(m) for m in position.legal_moves()] == [
        "plays 4-1 left", "plays 4-4 left", "plays 4-1 right", "plays 4-4 right"
    ]
    assert [str(m) for m in choices(view)] == ["plays 4-1 left", "plays 4-4 left"]
    assert same_choice(view, Play(Tile(4, 1), "left"), Play(Tile(4, 1), "right"))
    assert not same_choice(view, Play(Tile(4, 1), "left"), Play(Tile(4, 4), "right"))
    different = Position.setup(Rules.one_vs_one(), [tiles("3-5 1-1"), tiles("6-6")], ["3-0", "0-5"]).view(0)
    assert len(choices(different)) == 2  # 3-5 on the 3 leaves 5|5, on the 5 leaves 3|3: two choices
    assert not same_choice(different, Play(Tile(5, 3), "left"), Play(Tile(5, 3), "right"))
    for level in LEVELS:
        assert computer_player(level, 4).choose(view) in choices(view)


def test_the_expert_finds_the_win_a_heavy_tile_player_misses() -> None:
    # ends 3|5, empty stock; seat 1 holds one tile, which fits only a 6. Playing 5-6 hands seat 1 the domino;
    # 3-1 leaves 1|5, seat 1 must pass, and 5-6 goes out next turn.
    position = Position.setup(Rules.one_vs_one(), [tiles("5-6 3-1"), tiles("6-2")], ["3-0", "0-5"])
    view = position.view(0)
    assert computer_player("club", 1).choose(view) == Play(Tile(6, 5), "right")  # heaviest first
    assert computer_player("expert", 1).choose(view) == Play(Tile(3, 1), "left")
    best, worst = estimate(view, [Play(Tile(3, 1), "left"), Play(Tile(6, 5), "right")], 20, random.Random(0))
    assert best.mean == 8 and worst.mean == -4  # won, counting 6-2; or lost, counting 3-1


def test_the_club_player_stops_the_opponent_that_is_known_to_lack_a_number() -> None:
    # seat 1 passed on 3|4, so everyone knows it has no 3 and no 4; seat 0's 4-4 leaves 3|4 again and seat 1
    # must pass again, while 4-1 would open a 1.
    hands = [tiles("4-1 4-4 6-6"), tiles("0-0 2-2 5-6"), tiles("6-1 6-2"), tiles("5-5 0-1")]
    position = Position.setup(Rules.partnership(), hands, ["3-4"], to_move=1).apply_all(
        ["1 passes", "2 passes", "3 passes"]
    )
    view = position.view(0)
    assert view.known_lacks(1) == {3, 4}
    chosen = computer_player("club", 3).choose(view)
    assert chosen.tile == Tile(4, 4)  # type: ignore[union-attr]
    found = features(view, chosen)
    assert found is not None and found.next_stopped and found.double


def test_the_club_player_keeps_its_partners_numbers_open() -> None:
    # seat 2 (the partner) passed on 1|2; seat 0 may leave 1|2 again (1-1 keeps the 1) or open a 5 (2-5).
    hands = [tiles("1-1 2-5 0-0"), tiles("6-6 6-5"), tiles("3-3 4-4 6-3"), tiles("2-2 6-4 0-3")]
    position = Position.setup(Rules.partnership(), hands, ["1-2"], to_move=2)
    position = position.apply_all(["2 passes", "3 plays 2-2 right"])
    view = position.view(0)
    assert view.known_lacks(2) == {1, 2}
    leaving_partner_stuck = features(view, Play(Tile(1, 1), "left"))
    assert leaving_partner_stuck is not None and leaving_partner_stuck.partner_stopped
    assert club_score(view, Play(Tile(5, 2), "right")) > club_score(view, Play(Tile(1, 1), "left"))
    # without the partner's pass the double would have been the club player's choice
    alone = Position.setup(Rules.partnership(), hands, ["1-2"], to_move=3).apply("3 plays 2-2 right").view(0)
    assert computer_player("club", 0).choose(alone) == Play(Tile(1, 1), "left")
    assert computer_player("club", 0).choose(view) == Play(Tile(5, 2), "right")


def test_a_player_refuses_to_move_out_of_turn_or_after_the_hand() -> None:
    position = Position.setup(Rules.one_vs_one(), [tiles("4-1"), tiles("6-6")], ["3-4"], stock=tiles("2-2"))
    with pytest.raises(ValueError, match="turn"):
        computer_player("club", 0).choose(position.view(1))
    over = position.apply("plays 4-1 right")
    with pytest.raises(ValueError, match="over"):
        computer_player("expert", 0).choose(over.view(0))


@pytest.mark.parametrize(("level", "seed"), [("master", 1), ("Club", 1), ("club", "1"), ("club", True)])
def test_unknown_levels_and_seeds_are_refused_with_a_clear_message(level: str, seed: object) -> None:
    with pytest.raises(ValueError, match=r"level|seed"):
        computer_player(level, seed)  # type: ignore[arg-type]


def test_a_spinners_twin_ends_are_one_choice_and_its_different_arms_are_not() -> None:
    rules = Rules.all_fives()
    lone = Position.setup(rules, [tiles("5-0 6-6"), tiles("1-1")], ["5-5"], spinner=0)
    assert [str(m) for m in choices(lone.view(0))] == ["plays 5-0 left"]  # left and right of a lone spinner
    opened = Position.setup(rules, [tiles("5-4 3-2 6-6"), tiles("1-1")], ["3-5", "5-5", "5-1"], spinner=1)
    view = opened.view(0)
    assert [str(m) for m in view.legal_moves()] == ["plays 3-2 left", "plays 5-4 up", "plays 5-4 down"]
    assert [str(m) for m in choices(view)] == ["plays 3-2 left", "plays 5-4 up"]
    one_arm = Position.setup(rules, [tiles("5-4 6-6"), tiles("1-1")], ["5-5", "5-1"], spinner=0)
    # left of the spinner (nothing there yet) and... only the left shows 5: one play, nothing to merge
    assert [str(m) for m in choices(one_arm.view(0))] == ["plays 5-4 left"]
