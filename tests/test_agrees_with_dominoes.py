"""The PyPI package `dominoes` (abw333) plays the partnership game with 6-6 leading the first hand, as La Plaza does:
over many random hands the engine offers the same moves at every turn, passes where it skips a seat, and ends each
hand the same way with the same score."""

import random

import dominoes
import pytest

from engine import Pass, Play, Position, Tile
from tests.conftest import PAIRS


def our_tile(domino: dominoes.Domino) -> Tile:
    """The engine's tile for a `dominoes` domino."""
    return Tile(domino.first, domino.second)


def offered(position: Position) -> set[tuple[Tile, bool]]:
    """The engine's legal plays as `dominoes` lists them: (tile, left?), one end only when both ends show alike."""
    ends = position.ends
    plays = set()
    for move in position.legal_moves():
        assert isinstance(move, Play)
        left = move.end == "left" or (ends is not None and ends[0] == ends[1])
        plays.add((move.tile, left))
    return plays


@pytest.mark.parametrize("seed", range(150))
def test_the_engine_and_dominoes_agree_move_by_move(seed: int) -> None:
    state = random.getstate()
    random.seed(seed)  # the package deals from the module-level generator
    try:
        game = dominoes.Game.new(starting_domino=dominoes.Domino(6, 6))
    finally:
        random.setstate(state)
    hands = [[our_tile(d) for d in hand] + ([Tile(6, 6)] if seat == game.starting_player else [])
             for seat, hand in enumerate(game.hands)]
    position = Position.start(PAIRS, hands, first_hand=True)
    assert position.to_move == game.starting_player
    position = position.apply(Play(Tile(6, 6)))  # `dominoes` has played the 6-6 already
    rng = random.Random(seed)
    while game.result is None:
        while position.to_move != game.turn:  # `dominoes` skips the seats that cannot play: they pass here
            assert position.legal_moves() == [Pass()]
            position = position.apply(Pass())
        assert position.ends == (game.board.left_end(), game.board.right_end())
        assert offered(position) == {(our_tile(d), left) for d, left in game.valid_moves}
        domino, left = rng.choice(game.valid_moves)
        game.make_move(domino, left)
        position = position.apply(Play(our_tile(domino), "left" if left else "right"))
        assert [set(hand) for hand in position.hands] == [{our_tile(d) for d in hand} for hand in game.hands]
    outcome = position.outcome
    assert outcome is not None
    result = game.result
    if result.won:  # a domino: `dominoes` gives the seat that went out and every tile left, signed by side
        assert outcome.reason == "domino" and outcome.seat == result.player
        assert outcome.points == abs(result.points) and outcome.winner == result.player % 2
    else:  # stuck: the side with fewer points takes every point left; a tie scores 0
        assert outcome.reason == "blocked"
        assert outcome.points == abs(result.points)
        expected = None if result.points == 0 else (0 if result.points > 0 else 1)
        assert outcome.winner == expected
