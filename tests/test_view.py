"""What a seat can see (engine/view.py): nothing hidden leaks, equal views, and samples that fit the view."""

import itertools
import os
import pickle
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine import ALL_TILES, Draw, Event, Pass, Play, Position, Rules, Tile
from tests.play_support import TABLES, deal, random_play, table_id

SETTINGS = settings(max_examples=300, deadline=None)
ROOT = Path(__file__).resolve().parent.parent


def tiles(text: str) -> list[Tile]:
    """`"6-6 6-5"` → the tiles, in order."""
    return [Tile.parse(word) for word in text.split()]


def face_down_out_of_play(rules: Rules) -> bool:
    """Whether the table deals fewer than 28 tiles and has no stock: the rest lie face down (G2)."""
    return not rules.uses_stock and rules.players * rules.hand_size < len(ALL_TILES)


def in_play(position: Position) -> list[Tile]:
    """Every tile in the hands, on the table and in the stock."""
    return [t for hand in position.hands for t in hand] + list(position.line) + list(position.stock)


def open_positions() -> st.SearchStrategy[tuple[Position, int, random.Random]]:
    """A random hand of any table still open after some random moves, a seat, and a generator for sampling."""

    def build(table: int, seed: int, moves: int) -> tuple[Position, int, random.Random]:
        rng = random.Random(seed)
        rules = TABLES[table]
        position = random_play(deal(rules, rng), rng, moves)
        return position, rng.randrange(rules.players), rng

    return st.builds(build, st.integers(0, len(TABLES) - 1), st.integers(0, 2**32), st.integers(0, 40))


def public_facts(view: object) -> tuple[object, ...]:
    """Everything a view shows through its public interface."""
    v = view
    return (
        v.seat, v.rules, v.hand, v.hand_sizes, v.stock_size, v.unseen, v.placed, v.line, v.lead_index, v.ends,
        v.to_move, v.first_hand, v.outcome, tuple((e.seat, e.move, e.drawn) for e in v.history),
        tuple(v.known_lacks(s) for s in range(v.rules.players)), tuple(v.legal_moves()), v.fingerprint,
    )


def hidden_swap(position: Position, seat: int, rng: random.Random) -> Position | None:
    """The same hand replayed from a deal where two tiles `seat` cannot see by now traded places, or None if that
    deal cannot replay the same public history (a pass or a draw would no longer be legal)."""
    events = position.history
    place: dict[Tile, object] = {t: s for s, hand in enumerate(position.hands) if s != seat for t in hand}
    place.update({t: ("stock", i) for i, t in enumerate(position.stock)})
    if face_down_out_of_play(position.rules):
        seen = {*position.hands[seat], *position.line}
        place.update({t: "out" for t in ALL_TILES if t not in place and t not in seen})
    if len(set(place.values())) < 2:
        return None
    a = rng.choice(sorted(place))
    b = rng.choice(sorted(t for t in place if place[t] != place[a]))
    swap = {a: b, b: a}
    # The deal before the first event: each hand as it is now, plus what it played, minus what it drew; the stock
    # as it was before every draw.
    hands = []
    for s, hand in enumerate(position.hands):
        played = [e.move.tile for e in events if e.seat == s and isinstance(e.move, Play)]
        drawn = [e.drawn for e in events if e.seat == s and isinstance(e.move, Draw)]
        hands.append([swap.get(t, t) for t in (*hand, *played) if t not in drawn])
    stock = [swap.get(t, t) for t in (*(e.drawn for e in events if isinstance(e.move, Draw)), *position.stock)]
    try:
        start = Position.start(position.rules, hands, stock=stock, leader=events[0].seat,
                               reason=position.lead_reason)
        replayed = start.apply_all(Event(e.seat, e.move) for e in events)
    except ValueError:  # IllegalMove is a ValueError: the swapped deal cannot replay these moves
        return None
    # a swap that ends the hand (nobody can play any more), or changes why the leader leads (the lowest double
    # or, with none dealt, the lowest tile: said aloud at the table, G3), changes what everyone sees
    return replayed if replayed.outcome is None and replayed.lead_reason == position.lead_reason else None


@SETTINGS
@given(open_positions())
def test_positions_differing_only_in_hidden_tiles_have_equal_views(case: tuple[Position, int, random.Random]) -> None:
    position, seat, rng = case
    assume(position.history)  # a started hand: its deal can be rebuilt from the events
    other = None
    for _ in range(20):
        other = hidden_swap(position, seat, rng)
        if other is not None:
            break
    assume(other is not None)
    assert other.hands != position.hands or other.stock != position.stock
    mine, theirs = position.view(seat), other.view(seat)
    assert mine == theirs
    assert hash(mine) == hash(theirs)
    assert public_facts(mine) == public_facts(theirs)
    # nothing reachable from the view object holds the real hidden tiles: both pickle to the same bytes
    assert pickle.dumps(mine) == pickle.dumps(theirs)


@SETTINGS
@given(open_positions())
def test_a_view_shows_the_seats_own_things_and_the_public_ones(case: tuple[Position, int, random.Random]) -> None:
    position, seat, _ = case
    view = position.view(seat)
    assert view.seat == seat and view.rules == position.rules
    assert view.hand == position.hands[seat]
    assert view.hand_sizes == tuple(len(hand) for hand in position.hands)
    assert view.stock_size == len(position.stock)
    hidden = {t for s, hand in enumerate(position.hands) if s != seat for t in hand} | set(position.stock)
    if face_down_out_of_play(position.rules):
        hidden |= set(ALL_TILES) - set(position.hands[seat]) - set(position.line)
    assert view.unseen == hidden
    assert (view.placed, view.line, view.ends, view.lead_index) == (
        position.placed, position.line, position.ends, position.lead_index
    )
    assert (view.to_move, view.first_hand, view.outcome) == (position.to_move, position.first_hand, position.outcome)
    assert [str(e) for e in view.history] == [str(e) for e in position.history]
    for mine, real in zip(view.history, position.history, strict=True):
        assert mine.drawn == (real.drawn if real.seat == seat else None)
    for other in range(position.rules.players):
        assert view.known_lacks(other) == position.known_lacks(other)
    expected = position.legal_moves() if position.to_move == seat else []
    assert view.legal_moves() == expected


@SETTINGS
@given(open_positions())
def test_a_sample_fits_the_view_and_plays_on_legally(case: tuple[Position, int, random.Random]) -> None:
    position, seat, rng = case
    view = position.view(seat)
    for _ in range(3):
        sample = view.sample(rng)
        assert sample.view(seat) == view
        assert sample.hands[seat] == position.hands[seat]
        assert tuple(len(hand) for hand in sample.hands) == view.hand_sizes
        assert len(sample.stock) == view.stock_size
        dealt = {t for s, hand in enumerate(sample.hands) if s != seat for t in hand} | set(sample.stock)
        assert dealt <= view.unseen
        assert dealt == view.unseen or face_down_out_of_play(position.rules)
        for other, hand in enumerate(sample.hands):
            lacks = view.known_lacks(other)
            assert not [t for t in hand if t.high in lacks or t.low in lacks], (other, hand, lacks)
        assert sample.line == position.line and sample.to_move == position.to_move
        end = sample
        while end.outcome is None:
            moves = end.legal_moves()
            assert moves
            end = end.apply(rng.choice(moves))  # apply raises IllegalMove if the engine refused it
        assert Counter(in_play(end)) == Counter(in_play(sample))
        assert Counter(in_play(sample)) == Counter(in_play(position)) or face_down_out_of_play(position.rules)


def test_the_sample_is_uniform_over_every_deal_the_known_lacks_allow() -> None:
    # seat 1 passed on 3|4 (lacks 3 and 4), seat 3 passed on 3|4 too; seat 2 has no known lack.
    hands = [tiles("1-1 5-5 6-1"), tiles("0-0 2-2 5-6 1-0"), tiles("6-3 6-2 4-4"), tiles("2-1 5-1 0-5 6-6")]
    position = Position.setup(Rules.partnership(), hands, ["3-4"], to_move=1)
    position = position.apply_all(["1 passes", "2 plays 4-4 right", "3 passes"])
    view = position.view(0)
    assert view.known_lacks(1) == view.known_lacks(3) == {3, 4}
    hidden = sorted(view.unseen)
    allowed = [t for t in hidden if not {t.high, t.low} & {3, 4}]
    deals = []
    for one in itertools.combinations(allowed, 4):
        for three in itertools.combinations([t for t in allowed if t not in one], 4):
            two = [t for t in hidden if t not in one and t not in three]
            if len(two) == 2:
                deals.append((one, tuple(two), three))
    rng = random.Random(20240613)
    draws = 60 * len(deals)
    counts = Counter()
    for _ in range(draws):
        sample = view.sample(rng)
        counts[sample.hands[1], sample.hands[2], sample.hands[3]] += 1
    assert len(deals) == 630 and set(counts) == set(deals)
    expected = draws / len(deals)
    chi2 = sum((counts[d] - expected) ** 2 / expected for d in deals)
    # far above any plausible chi-square for len(deals) - 1 degrees of freedom only if the sampler is biased
    assert chi2 < len(deals) + 6 * (2 * len(deals)) ** 0.5, (chi2, len(deals))


def test_a_sample_keeps_tiles_out_of_play_out() -> None:
    # a scripted 1-vs-1 table with most of the set left out: only the opponent's and the stock's tiles move
    position = Position.setup(Rules.one_vs_one(), [tiles("5-1 2-2"), tiles("6-6 0-0")], ["3-4"], stock=tiles("1-1 6-2"))
    view = position.view(0)
    assert view.unseen == set(tiles("6-6 0-0 1-1 6-2"))
    rng = random.Random(3)
    seen = set()
    for _ in range(200):
        sample = view.sample(rng)
        assert set(sample.hands[1]) | set(sample.stock) == view.unseen
        seen.add(sample.hands[1])
    assert len(seen) == 6  # every pair of the four unseen tiles turns up


def test_forced_draw_lacks_are_respected_and_the_draw_shows_no_tile() -> None:
    position = Position.setup(
        Rules.one_vs_one(), [tiles("6-6 0-4"), tiles("1-1 0-2 1-2")], ["3-4"], stock=tiles("5-5 4-1 0-0 6-5 6-1")
    )
    position = position.apply_all(["0 plays 0-4 right", "1 plays 0-2 right", "0 draws", "0 draws", "0 draws"])
    # seat 0 drew 5-5 and 4-1 (no fit on 3|2), then 0-0 (no fit) ... still its turn
    assert position.to_move == 0
    position = position.apply(Draw())  # 6-5: no fit either; the stock has 6-1 left
    view = position.view(1)
    assert [e.drawn for e in view.history if isinstance(e.move, Draw)] == [None] * 4
    assert view.known_lacks(0) == frozenset()  # mid-draw: wiped
    own = position.view(0)
    assert [e.drawn for e in own.history if isinstance(e.move, Draw)] == tiles("5-5 4-1 0-0 6-5")
    assert own != view and own.hand == position.hands[0]


def test_a_pass_makes_every_sample_respect_it() -> None:
    hands = [tiles("1-1 5-5"), tiles("0-0 2-2 6-1"), tiles("6-6 4-2 4-5"), tiles("2-1 5-1 6-5")]
    position = Position.setup(Rules.partnership(), hands, ["3-4"], to_move=1).apply(Pass())
    view = position.view(2)
    rng = random.Random(9)
    for _ in range(300):
        assert not [t for t in view.sample(rng).hands[1] if t.has(3) or t.has(4)]


def test_views_differ_when_what_the_seat_sees_differs() -> None:
    rules = Rules.one_vs_one()
    a = Position.setup(rules, [tiles("5-1 2-2"), tiles("6-6 0-0")], ["3-4", "4-5"], stock=tiles("1-1"))
    b = Position.setup(rules, [tiles("5-1 1-1"), tiles("6-6 0-0")], ["3-4", "4-5"], stock=tiles("2-2"))
    assert a.view(1) == b.view(1)
    assert a.view(0) != b.view(0)
    assert a.view(0) != a.view(1)
    assert a.apply("plays 5-1 right").view(1) != a.view(1)


def test_legal_moves_only_on_the_seats_turn() -> None:
    position = Position.setup(Rules.one_vs_one(), [tiles("5-1 2-2"), tiles("6-6")], ["3-4", "4-5"], stock=tiles("0-0"))
    assert position.view(1).legal_moves() == []
    assert position.view(0).legal_moves() == [Play(Tile(5, 1), "right")]
    drawing = position.apply("plays 5-1 right")
    assert drawing.view(1).legal_moves() == [Draw()]


def test_a_view_cannot_be_changed_or_built_directly() -> None:
    view = Position.deal(Rules.partnership(), random.Random(1), first_hand=True).view(0)
    with pytest.raises(AttributeError):
        view._seat = 1  # type: ignore[misc]
    with pytest.raises(TypeError):
        type(view)()
    with pytest.raises(ValueError, match="seat"):
        Position.deal(Rules.partnership(), random.Random(1), first_hand=True).view(4)


def test_a_finished_hand_has_nothing_to_sample() -> None:
    position = Position.setup(Rules.one_vs_one(), [tiles("4-1"), tiles("6-6")], ["3-4"], stock=tiles("2-2"))
    over = position.apply("plays 4-1 right")
    assert over.view(1).outcome is over.outcome
    with pytest.raises(ValueError, match="over"):
        over.view(1).sample(random.Random(0))


def test_the_fingerprint_is_the_same_in_every_run() -> None:
    code = (
        "import random; from engine import Position, Rules; "
        "p = Position.deal(Rules.partnership(), random.Random(7), first_hand=True); "
        "p = p.apply(p.legal_moves()[0]); print(p.view(2).fingerprint)"
    )
    prints = set()
    for seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)}
        prints.add(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                                  check=True).stdout)
    assert len(prints) == 1 and len(prints.pop().strip()) == 24


@pytest.mark.parametrize("rules", TABLES, ids=table_id)
def test_every_tile_of_the_set_is_accounted_for_in_a_dealt_view(rules: Rules) -> None:
    position = random_play(deal(rules, random.Random(11)), random.Random(12), 5)
    for seat in range(rules.players):
        view = position.view(seat)
        assert set(view.hand) | view.unseen | set(view.line) == set(ALL_TILES)
        assert not set(view.hand) & view.unseen


def test_tiles_out_of_play_at_a_table_without_a_stock_stay_unknown() -> None:
    # a two-player block game deals 14 tiles; the other 14 lie face down, so the opponent's hand is not given away
    rules = Rules.block_game()
    position = Position.deal(rules, random.Random(4))
    view = position.view(0)
    assert len(view.unseen) == 21 and set(position.hands[1]) < view.unseen
    rng = random.Random(5)
    opponents = {view.sample(rng).hands[1] for _ in range(50)}
    assert len(opponents) == 50
    # and the same deal with an opponent's tile traded for one out of play looks the same from seat 0
    out = min(t for t in view.unseen - set(position.hands[1]) if not t.is_double)
    given = min(t for t in position.hands[1] if not t.is_double)
    traded = [out, *(t for t in position.hands[1] if t is not given)]
    other = Position.start(rules, [position.hands[0], traded])  # the same doubles: the same leader (G3)
    assert other.to_move == position.to_move
    assert other.view(0) == position.view(0)
    assert other.view(1) != position.view(1)


@pytest.mark.parametrize("rules", TABLES, ids=table_id)
def test_samples_of_every_table_play_on_legally(rules: Rules) -> None:
    rng = random.Random(table_id(rules))
    for _ in range(6):
        position = random_play(deal(rules, rng), rng, rng.randrange(25))
        view = position.view(rng.randrange(rules.players))
        sample = view.sample(rng)
        assert sample.view(view.seat) == view
        assert (sample.open_ends, sample.end_count, sample.hand_points) == (
            view.open_ends, view.end_count, view.hand_points
        )
        while sample.outcome is None:
            sample = sample.apply(rng.choice(sample.legal_moves()))


def test_a_sample_never_blocks_a_hand_that_is_still_open() -> None:
    # a two-player block game: seat 0 cannot play on 6|6 and nobody knows where the other sixes are, but the
    # hand is open, so seat 1 must hold one; samples never put them all among the tiles out of play
    line = ["6-0", "0-2", "2-6"]
    position = Position.setup(Rules.block_game(), [tiles("1-1 5-3"), tiles("6-5 4-4 1-3")], line, to_move=0)
    view = position.view(0)
    assert view.legal_moves() == [Pass()]
    rng = random.Random(8)
    for _ in range(200):
        sample = view.sample(rng)
        assert any(t.has(6) for t in sample.hands[1])
        assert sample.apply(Pass()).legal_moves() != [Pass()]


def test_after_a_move_the_view_tells_the_new_ends_count_and_points() -> None:
    rules = Rules.all_fives()
    position = Position.setup(rules, [tiles("5-0 6-6"), tiles("1-1")], ["5-5"], spinner=0)
    after = position.view(0).after(Play(Tile(5, 0), "left"))
    assert after.open_ends == (("left", 0), ("right", 5))
    assert after.end_count == 10 and after.hand_points == (10, 0)
    with pytest.raises(ValueError, match="turn"):
        position.view(1).after(Play(Tile(1, 1), "left"))
