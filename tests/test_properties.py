"""Hypothesis sweeps over random deals and random legal play, for both rule sets (issue 2's invariants)."""

import itertools
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import ALL_TILES, Draw, IllegalMove, Pass, Play, Position, Rules, Tile

SETTINGS = settings(max_examples=200, deadline=None)
ENDS: tuple[str | None, ...] = (None, "left", "right")


def every_tile(position: Position) -> list[Tile]:
    """Every tile in the hands, on the line and in the stock."""
    return [t for hand in position.hands for t in hand] + list(position.line) + list(position.stock)


def expected_play_code(position: Position, tile: Tile, end: str | None) -> str | None:
    """The code a play must raise, from RULES.md and the issue's precedence; None if it is legal."""
    if position.outcome is not None:
        return "hand-over"
    if tile not in position.hands[position.to_move]:
        return "not-in-hand"
    if position.ends is None:
        if end is not None:
            return "bad-end"
        if position.first_hand and position.rules.players == 4 and tile != Tile(6, 6):
            return "must-lead-double-six"
        return None
    if end is None:
        return "bad-end"
    showing = position.ends[0] if end == "left" else position.ends[1]
    return None if showing in (tile.high, tile.low) else "no-match"


def can_play(position: Position, seat: int) -> bool:
    """Whether `seat` holds a tile that fits the line (any tile on an empty line)."""
    if position.ends is None:
        return bool(position.hands[seat])
    return any(t.high in position.ends or t.low in position.ends for t in position.hands[seat])


def expected_other_code(position: Position, move: Draw | Pass) -> str | None:
    """The code a draw or pass must raise; None if it is legal."""
    if position.outcome is not None:
        return "hand-over"
    if can_play(position, position.to_move):
        return "has-playable"
    if isinstance(move, Pass):
        return "must-draw" if position.stock else None
    return None if position.stock else "stock-empty"


def code_or_none(position: Position, move: object) -> str | None:
    """The code apply raises, or None when the move applies."""
    try:
        position.apply(move)
    except IllegalMove as error:
        return error.code
    return None


def expected_points(position: Position) -> tuple[int | None, int]:
    """Winner side and points of a finished hand, counted from its hands under its rules."""
    rules = position.rules
    outcome = position.outcome
    assert outcome is not None
    pips = [sum(t.pips for t in hand) for hand in position.hands]
    side_pips = [0, 0]
    for seat, value in enumerate(pips):
        side_pips[rules.side_of(seat)] += value
    if outcome.reason == "domino":
        winner: int | None = rules.side_of(position.history[-1].seat)
    elif rules.blocked_winner == "blocker":
        winner = rules.side_of(outcome.blocker)
    elif side_pips[0] == side_pips[1]:
        return None, 0
    else:
        winner = 0 if side_pips[0] < side_pips[1] else 1
    counted = sum(side_pips) if rules.count == "all" else side_pips[1 - winner]
    return winner, counted + (rules.capicu_bonus if outcome.capicu else 0)


def is_capicu(before: Position, move: Play) -> bool:
    """Whether this last play is a capicú: a mixed tile matching both of two different ends."""
    ends = before.ends
    tile = Tile.parse(str(move.tile)) if not isinstance(move.tile, Tile) else move.tile
    return ends is not None and ends[0] != ends[1] and not tile.is_double and {tile.high, tile.low} == set(ends)


RULES = st.builds(
    lambda partnership, count, blocked_winner, bonus: (Rules.partnership if partnership else Rules.one_vs_one)(
        count=count, blocked_winner=blocked_winner, capicu_bonus=bonus
    ),
    st.booleans(),
    st.sampled_from(["all", "losers"]),
    st.sampled_from(["fewer", "blocker"]),
    st.sampled_from([0, 25, 30]),
)


def deal(rules: Rules, rng: random.Random) -> Position:
    """A fresh deal: a partnership first hand half of the time, else a random leader."""
    if rules.players == 4 and rng.random() < 0.5:
        return Position.deal(rules, rng, first_hand=True)
    return Position.deal(rules, rng, leader=rng.randrange(rules.players))


@SETTINGS
@given(rules=RULES, seed=st.integers(0, 2**32 - 1))
def test_random_hands_keep_every_invariant(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    position = deal(rules, rng)
    before = position
    last: object = None
    steps = 0
    while True:
        # the 28 tiles are conserved and never duplicated
        assert Counter(every_tile(position)) == Counter(ALL_TILES)
        # the line chains: touching halves are equal, the ends are its outer halves, the lead was played first
        placed = position.placed
        assert all(a.right == b.left for a, b in itertools.pairwise(placed))
        assert all({p.left, p.right} == {p.tile.high, p.tile.low} for p in placed)
        assert tuple(p.tile for p in placed) == position.line
        if placed:
            assert position.ends == (placed[0].left, placed[-1].right)
            first_play = next(e.move for e in position.history if isinstance(e.move, Play))
            assert position.line[position.lead_index] == first_play.tile
        # known_lacks never names a number the seat holds
        for seat in range(rules.players):
            held = {n for t in position.hands[seat] for n in (t.high, t.low)}
            assert not position.known_lacks(seat) & held
        # every offered move applies; every other (tile, end) play raises the expected code
        offered = position.legal_moves()
        assert len(set(offered)) == len(offered)
        for tile in ALL_TILES:
            for end in ENDS:
                move = Play(tile, end)
                expected = expected_play_code(position, tile, end)
                if move in offered:
                    assert expected is None
                    assert code_or_none(position, move) is None
                else:
                    assert expected is not None, move
                    assert code_or_none(position, move) == expected, move
        for other in (Draw(), Pass()):
            expected = expected_other_code(position, other)
            assert (other in offered) == (expected is None)
            assert code_or_none(position, other) == expected
        if position.outcome is not None:
            break
        assert offered
        before = position
        last = rng.choice(offered)
        position = position.apply(last)
        steps += 1
        assert steps < 200

    outcome = position.outcome
    # the hand ends the moment it is decided
    if outcome.reason == "domino":
        assert not position.hands[position.history[-1].seat]
        assert outcome.capicu == is_capicu(before, last)
        assert outcome.next_leader == position.history[-1].seat
    else:
        assert not position.stock
        assert not any(can_play(position, seat) for seat in range(rules.players))
        assert not outcome.capicu
        # a blocked full-set hand: both ends equal, all seven tiles of that number on the line
        left, right = position.ends
        assert left == right
        assert sum(1 for t in position.line if left in (t.high, t.low)) == 7
        plays = [e for e in position.history if isinstance(e.move, Play)]
        assert outcome.blocker == plays[-1].seat
        assert outcome.next_leader == outcome.blocker
    assert tuple(outcome.pips) == tuple(sum(t.pips for t in hand) for hand in position.hands)
    assert (outcome.winner, outcome.points) == expected_points(position)
