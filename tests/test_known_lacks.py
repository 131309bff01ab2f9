"""What everyone knows a seat lacks, exactly as RULES.md §7 says: passes, forced draws, wipes, never the line."""

from engine import Draw, Pass, Play, Position, Tile
from tests.conftest import ONE, PAIRS, tiles


def test_nothing_known_at_the_start() -> None:
    position = Position.setup(PAIRS, [tiles("1-1 4-0"), tiles("0-0"), tiles("5-5"), tiles("6-6")], ["3-4"])
    assert all(position.known_lacks(seat) == frozenset() for seat in range(4))


def test_a_pass_tells_both_ends() -> None:
    position = Position.setup(PAIRS, [tiles("1-1"), tiles("0-4"), tiles("5-5"), tiles("6-6")], ["3-4"])
    after = position.apply(Pass())
    assert after.known_lacks(0) == frozenset({3, 4})
    assert after.known_lacks(1) == frozenset()


def test_passes_add_up_and_survive_own_plays() -> None:
    # seat 0 passes on 3|4, later passes on 2|4: it lacks 2, 3, 4; playing a tile does not wipe it
    hands = [tiles("1-1 1-5"), tiles("4-2 2-1 6-5"), tiles("6-6"), tiles("0-0")]
    position = Position.setup(PAIRS, hands, ["3-4"])
    position = position.apply_all(["0 passes", "1 plays 4-2 right"])
    assert position.ends == (3, 2)
    assert position.to_move == 2
    position = position.apply_all(["2 passes", "3 passes", "0 passes"])
    assert position.known_lacks(0) == frozenset({2, 3, 4})
    position = position.apply_all(["1 plays 2-1 right", "2 passes", "3 passes", "0 plays 1-5 right"])
    assert position.known_lacks(0) == frozenset({2, 3, 4})
    assert position.known_lacks(2) == frozenset({1, 2, 3})


def test_never_deduced_from_the_line() -> None:
    # every 5 is on the line, but nobody passed: nothing is known
    line = ["0-5", "5-5", "5-1", "1-1", "1-6", "6-5", "5-2", "2-2", "2-3", "3-5", "5-4"]
    position = Position.setup(ONE, [tiles("0-6 4-4"), tiles("3-3 0-0")], line, stock=tiles("2-4"))
    assert position.ends == (0, 4)
    assert position.known_lacks(0) == frozenset()
    after = position.apply(Play(Tile(4, 4), "right"))
    assert after.known_lacks(0) == frozenset()
    assert after.known_lacks(1) == frozenset()


def test_forced_draws_that_end_in_a_play_tell_the_ends_before_them() -> None:
    position = Position.setup(ONE, [tiles("1-1 0-2"), tiles("6-6")], ["3-4"], stock=tiles("2-2 5-4 0-0"))
    drew = position.apply(Draw())  # 2-2 does not fit
    assert drew.known_lacks(0) == frozenset()
    fitting = drew.apply(Draw())  # 5-4 fits: between the fitting draw and its play nothing is known
    assert fitting.known_lacks(0) == frozenset()
    played = fitting.apply(Play(Tile(5, 4), "right"))
    assert played.ends == (3, 5)
    assert played.known_lacks(0) == frozenset({3, 4})


def test_a_new_draw_wipes_what_was_known() -> None:
    # seat 0 draws to a fit on 3|4 (knows {3, 4}); later draws again on 3|5: the old knowledge is gone
    position = Position.setup(ONE, [tiles("1-1 0-2"), tiles("4-6 0-5 5-6")], ["3-4"], stock=tiles("5-4 2-5 6-1 0-0"))
    position = position.apply_all(["0 draws", "0 plays 5-4 right", "1 plays 0-5 right"])
    assert position.ends == (3, 0)
    assert position.known_lacks(0) == frozenset({3, 4})
    position = position.apply_all(["0 plays 0-2 right", "1 draws"])
    assert position.ends == (3, 2)
    assert position.known_lacks(0) == frozenset({3, 4})
    assert position.known_lacks(1) == frozenset()  # mid-draw: wiped, nothing known
    position = position.apply_all(["1 plays 2-5 right"])
    assert position.known_lacks(1) == frozenset({2, 3})
    assert position.ends == (3, 5)
    position = position.apply(Draw())  # seat 0 holds only 1-1: draws 6-1, which does not fit 3|5
    assert position.known_lacks(0) == frozenset()
    position = position.apply(Draw())  # 0-0 does not fit either; the stock is now empty
    assert position.known_lacks(0) == frozenset()
    assert position.legal_moves() == [Pass()]
    position = position.apply(Pass())
    assert position.known_lacks(0) == frozenset({3, 5})


def test_draws_then_pass_tell_the_ends_of_the_pass() -> None:
    position = Position.setup(ONE, [tiles("1-1"), tiles("4-6")], ["3-4"], stock=tiles("2-2"))
    position = position.apply_all(["0 draws", "0 passes"])
    assert position.known_lacks(0) == frozenset({3, 4})


def test_known_lacks_is_a_frozenset_of_ints() -> None:
    position = Position.setup(PAIRS, [tiles("1-1"), tiles("0-4"), tiles("5-5"), tiles("6-6")], ["3-4"])
    lacks = position.apply(Pass()).known_lacks(0)
    assert isinstance(lacks, frozenset)
    assert all(isinstance(n, int) for n in lacks)
