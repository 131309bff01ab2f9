"""Starting, scripting and dealing positions, and their validation errors (RULES.md §1, §2, §5; issue 2)."""

import random
from collections import Counter

import pytest

from engine import ALL_TILES, Play, Position, Rules, Tile
from tests.conftest import ONE, PAIRS, tiles


def all_tiles_of(position: Position) -> list[Tile]:
    """Every tile in the hands, on the line and in the stock."""
    return [t for hand in position.hands for t in hand] + list(position.line) + list(position.stock)


# --- start -------------------------------------------------------------------------------------------


def test_start_has_an_empty_line_and_the_leader_to_move() -> None:
    position = Position.start(ONE, [tiles("6-5 2-2"), tiles("1-1")], stock=tiles("0-0"), leader=1)
    assert position.line == ()
    assert position.ends is None
    assert position.to_move == 1
    assert position.outcome is None
    assert tuple(position.stock) == (Tile(0, 0),)
    assert set(position.hands[0]) == set(tiles("6-5 2-2"))
    assert list(position.history) == []


def test_start_lead_may_be_any_tile_of_the_leader() -> None:
    position = Position.start(ONE, [tiles("6-5 2-2 0-1"), tiles("1-1")], leader=0)
    assert set(position.legal_moves()) == {Play(t) for t in tiles("6-5 2-2 0-1")}
    assert all(move.end is None for move in position.legal_moves())


def test_partnership_first_hand_the_double_six_holder_leads_it() -> None:
    hands = [tiles("1-1"), tiles("2-2"), tiles("6-6 3-3"), tiles("4-4")]
    position = Position.start(PAIRS, hands, first_hand=True)
    assert position.to_move == 2
    assert position.legal_moves() == [Play(Tile(6, 6))]


def test_leader_is_required_outside_a_partnership_first_hand() -> None:
    with pytest.raises(ValueError):
        Position.start(ONE, [tiles("6-6"), tiles("1-1")])
    with pytest.raises(ValueError):
        Position.start(PAIRS, [tiles("6-6"), tiles("1-1"), tiles("2-2"), tiles("3-3")])


def test_start_rejects_a_repeated_tile() -> None:
    with pytest.raises(ValueError, match="4-3"):
        Position.start(ONE, [tiles("3-4 1-1"), tiles("4-3")], leader=0)
    with pytest.raises(ValueError, match="1-1"):
        Position.start(ONE, [tiles("3-4 1-1"), tiles("2-2")], stock=tiles("1-1"), leader=0)


def test_start_rejects_a_wrong_number_of_hands() -> None:
    with pytest.raises(ValueError, match="hand"):
        Position.start(ONE, [tiles("1-1"), tiles("2-2"), tiles("3-3")], leader=0)
    with pytest.raises(ValueError, match="hand"):
        Position.start(PAIRS, [tiles("1-1"), tiles("2-2")], leader=0)


# --- setup -------------------------------------------------------------------------------------------


def test_setup_chains_the_line_left_to_right() -> None:
    position = Position.setup(ONE, [tiles("1-1 3-1"), tiles("2-2")], ["3-4", "4-5"])
    assert position.ends == (3, 5)
    assert tuple(position.line) == (Tile(3, 4), Tile(4, 5))


def test_setup_orients_tiles_by_their_neighbours_whatever_the_text_order() -> None:
    position = Position.setup(ONE, [tiles("1-1 3-1"), tiles("2-2")], ["4-3", "5-4", "5-5", "6-5"])
    assert position.ends == (3, 6)


def test_setup_accepts_tile_objects_in_the_line() -> None:
    position = Position.setup(ONE, [tiles("1-1 4-1"), tiles("2-2")], [Tile(3, 4), Tile(3, 3), Tile(3, 6)])
    assert position.ends == (4, 6)


@pytest.mark.parametrize(("text", "ends"), [("3-4", (3, 4)), ("4-3", (4, 3)), ("5-5", (5, 5))])
def test_setup_lone_tile_is_read_as_written(text: str, ends: tuple[int, int]) -> None:
    position = Position.setup(ONE, [tiles("1-1 0-5 0-3"), tiles("2-2")], [text])
    assert position.ends == ends


def test_setup_to_move_and_stock_order() -> None:
    position = Position.setup(ONE, [tiles("1-1"), tiles("2-2")], ["3-4"], stock=tiles("0-0 6-6"), to_move=1)
    assert position.to_move == 1
    assert tuple(position.stock) == (Tile(0, 0), Tile(6, 6))
    assert position.outcome is None


def test_setup_rejects_neighbours_that_do_not_match() -> None:
    with pytest.raises(ValueError, match=r"(4-3|6-5)"):
        Position.setup(ONE, [tiles("1-1"), tiles("2-2")], ["3-4", "5-6"])


def test_setup_rejects_a_double_that_does_not_match() -> None:
    with pytest.raises(ValueError):
        Position.setup(ONE, [tiles("1-1"), tiles("2-2")], ["3-4", "5-5"])


@pytest.mark.parametrize(
    ("hands", "line", "stock"),
    [
        (["1-1 1-1", "2-2"], ["3-4"], []),
        (["1-1", "3-4"], ["3-4"], []),
        (["1-1", "2-2"], ["3-4"], ["4-3"]),
        (["1-1", "2-2"], ["3-4", "4-4", "4-3"], []),
        (["1-1", "2-2"], ["3-4"], ["0-0", "0-0"]),
    ],
)
def test_setup_rejects_a_repeated_tile(hands: list[str], line: list[str], stock: list[str]) -> None:
    with pytest.raises(ValueError):
        Position.setup(ONE, [tiles(h) for h in hands], line, stock=tiles(" ".join(stock)))


def test_setup_names_the_repeated_tile() -> None:
    with pytest.raises(ValueError, match="4-3"):
        Position.setup(ONE, [tiles("1-1"), tiles("4-3")], ["3-4"])


def test_setup_rejects_a_wrong_number_of_hands() -> None:
    with pytest.raises(ValueError, match="hand"):
        Position.setup(PAIRS, [tiles("1-1"), tiles("2-2"), tiles("0-0")], ["3-4"])


def test_setup_hands_of_any_size() -> None:
    position = Position.setup(
        PAIRS, [tiles("1-1 1-2 1-3"), tiles("6-6"), tiles("2-2"), tiles("0-0 0-4")], ["3-4"], to_move=2
    )
    assert [len(hand) for hand in position.hands] == [3, 1, 1, 2]


# --- deal --------------------------------------------------------------------------------------------


def test_one_vs_one_deal_is_7_7_and_14_in_the_stock() -> None:
    position = Position.deal(ONE, random.Random(1), leader=0)
    assert [len(hand) for hand in position.hands] == [7, 7]
    assert len(position.stock) == 14
    assert Counter(all_tiles_of(position)) == Counter(ALL_TILES)
    assert position.line == () and position.to_move == 0


def test_partnership_deal_is_four_hands_of_7_and_no_stock() -> None:
    position = Position.deal(PAIRS, random.Random(2), leader=3)
    assert [len(hand) for hand in position.hands] == [7, 7, 7, 7]
    assert len(position.stock) == 0
    assert Counter(all_tiles_of(position)) == Counter(ALL_TILES)
    assert position.to_move == 3


def test_partnership_first_hand_deal_gives_the_lead_to_the_double_six() -> None:
    for seed in range(20):
        position = Position.deal(PAIRS, random.Random(seed), first_hand=True)
        holder = next(seat for seat, hand in enumerate(position.hands) if Tile(6, 6) in hand)
        assert position.to_move == holder
        assert position.legal_moves() == [Play(Tile(6, 6))]


def test_deal_is_reproducible_and_shuffled() -> None:
    first = Position.deal(ONE, random.Random(7), leader=1)
    again = Position.deal(ONE, random.Random(7), leader=1)
    other = Position.deal(ONE, random.Random(8), leader=1)
    assert first.hands == again.hands and tuple(first.stock) == tuple(again.stock)
    assert first.hands != other.hands


def test_positions_are_immutable_apply_returns_a_new_one() -> None:
    position = Position.start(ONE, [tiles("6-5 2-2"), tiles("1-1")], leader=0)
    after = position.apply(Play(Tile(6, 5)))
    assert position.line == () and Tile(6, 5) in position.hands[0]
    assert after.line == (Tile(6, 5),) and Tile(6, 5) not in after.hands[0]
    with pytest.raises(AttributeError):
        position.to_move = 1  # type: ignore[misc]


# --- every field set on every construction path ------------------------------------------------------


def every_slot(position: Position) -> list[str]:
    """The names of every slot of the position's class and its bases."""
    return [name for cls in type(position).__mro__ for name in getattr(cls, "__slots__", ())]


def construction_paths(rules: Rules) -> dict[str, Position]:
    """A position built by each way the engine builds one, for `rules`."""
    rng = random.Random(3)
    leader = None if rules.lead_rule == "lowest_double" else 0  # G3 finds its own leader
    paths: dict[str, Position] = {"deal": Position.deal(rules, rng, leader=leader)}
    hands = [tiles("1-1 4-1"), tiles("0-5"), tiles("6-6"), tiles("5-5")][: rules.players]
    stock = tiles("2-2 3-0") if rules.uses_stock else []
    paths["start"] = Position.start(rules, hands, stock=stock, leader=0)
    paths["setup"] = setup = Position.setup(rules, hands, ["3-4"], stock=stock)
    paths["lead"] = paths["start"].apply(Play(Tile(4, 1)))
    paths["play, inline"] = setup.apply(Play(Tile(4, 1), "right"))
    paths["play, from text"] = setup.apply("0 plays 4-1 right")
    paths["pass or draw"] = paths["play, inline"].apply(paths["play, inline"].legal_moves()[0])
    paths["domino"] = Position.setup(rules, [tiles("4-1"), *hands[1:]], ["3-4"], stock=stock).apply("plays 4-1 right")
    paths["view sample"] = setup.view(1).sample(rng)
    return paths


@pytest.mark.parametrize("rules", [ONE, PAIRS, Rules.all_fives(), Rules.katsika()], ids=lambda r: r.name)
def test_every_field_is_set_on_every_construction_path(rules: Rules) -> None:
    for path, position in construction_paths(rules).items():
        for name in every_slot(position):
            assert hasattr(position, name), f"{rules.name}: {path} leaves {name} unset"
        repr(position)  # and it reads as a whole


def test_each_play_after_the_lead_is_kept_with_the_numbers_it_could_follow() -> None:
    hands = [["6-6", "6-1", "1-1"], ["6-4", "2-3"], ["4-4", "0-0"], ["1-2", "5-5"]]
    pos = Position.start(PAIRS, hands, leader=0)
    pos = pos.apply_all(["plays 6-6", "plays 6-4 right", "plays 4-4 right", "passes", "plays 6-1 left"])
    seen = [(str(event.move), numbers) for event, numbers in pos.plays_on_ends()]
    assert seen == [("plays 6-4 right", {6}), ("plays 4-4 right", {4, 6}), ("plays 6-1 left", {4, 6})]
    assert pos.view(2).plays_on_ends() == pos.plays_on_ends()  # all of it public: every seat sees the same
