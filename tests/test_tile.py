"""Tiles of the double-six set (RULES.md §1): identity, text form, pips and doubles."""

import itertools

import pytest

from engine import ALL_TILES, Tile


def test_tile_is_order_free() -> None:
    assert Tile(5, 6) == Tile(6, 5)
    assert hash(Tile(5, 6)) == hash(Tile(6, 5))
    assert len({Tile(5, 6), Tile(6, 5)}) == 1


def test_tile_text_shows_the_higher_half_first() -> None:
    assert str(Tile(5, 6)) == "6-5"
    assert str(Tile(6, 5)) == "6-5"
    assert str(Tile(0, 0)) == "0-0"


@pytest.mark.parametrize("text", ["6-5", "5-6", "6|5", "5|6"])
def test_parse_accepts_dash_and_bar(text: str) -> None:
    assert Tile.parse(text) == Tile(6, 5)


def test_parse_and_str_round_trip_over_the_whole_set() -> None:
    for tile in ALL_TILES:
        assert Tile.parse(str(tile)) == tile


def test_pips_is_the_sum_of_both_halves() -> None:
    assert Tile(6, 5).pips == 11
    assert Tile(0, 0).pips == 0
    assert Tile(3, 3).pips == 6


def test_is_double() -> None:
    assert Tile(4, 4).is_double
    assert not Tile(4, 3).is_double


def test_the_set_has_28_distinct_tiles_every_pair_once() -> None:
    assert len(ALL_TILES) == 28
    assert len(set(ALL_TILES)) == 28
    pairs = {frozenset((a, b)) for a, b in itertools.combinations_with_replacement(range(7), 2)}
    assert {frozenset((t.high, t.low)) for t in ALL_TILES} == pairs
    assert sum(t.pips for t in ALL_TILES) == 168
    assert sum(t.is_double for t in ALL_TILES) == 7


@pytest.mark.parametrize(("a", "b"), [(7, 1), (-1, 3), (2, 9)])
def test_numbers_outside_0_to_6_raise(a: int, b: int) -> None:
    with pytest.raises(ValueError):
        Tile(a, b)


@pytest.mark.parametrize("text", ["6-7", "65", "a-b", "", "6-5-4", "6 5", "x|1"])
def test_bad_text_raises_a_value_error_quoting_it(text: str) -> None:
    with pytest.raises(ValueError) as excinfo:
        Tile.parse(text)
    message = str(excinfo.value)
    assert repr(text) in message or f'"{text}"' in message


def test_numbers_outside_0_to_6_are_named_in_the_message() -> None:
    with pytest.raises(ValueError, match="7"):
        Tile(7, 1)


def test_high_low_has_other() -> None:
    tile = Tile(2, 5)
    assert (tile.high, tile.low) == (5, 2)
    assert tile.has(5) and tile.has(2) and not tile.has(3)
    assert tile.other(5) == 2 and tile.other(2) == 5
    assert Tile(4, 4).other(4) == 4


def test_tiles_sort() -> None:
    assert sorted([Tile(6, 6), Tile(0, 1), Tile(3, 2)])[0] == Tile(0, 1)
    assert sorted([Tile(6, 6), Tile(0, 1), Tile(3, 2)])[-1] == Tile(6, 6)


@pytest.mark.parametrize(("a", "b"), [(True, 2), (5.0, 6), ("5", 6), ([1], 2)])
def test_only_whole_numbers_make_a_tile(a: object, b: object) -> None:
    with pytest.raises(ValueError, match="whole numbers 0-6"):
        Tile(a, b)  # type: ignore[arg-type]
