"""The rule sets of every table (issue 12): presets, what each one is, and the options each one takes (G2, G9, S1)."""

import random

import pytest

from engine import Position, Rules
from engine.rules import PRESETS

# name: (default players, allowed players, stock, lead rule, scoring, target, partnerships by default with 4)
TABLE = {
    "one_vs_one": (2, (2,), True, "la_plaza", "la_plaza", 100, False),
    "partnership": (4, (4,), False, "la_plaza", "la_plaza", 100, True),
    "draw_game": (2, (2, 3, 4), True, "lowest_double", "winner_takes", 100, False),
    "block_game": (2, (2, 3, 4), False, "lowest_double", "winner_takes", 100, False),
    "katsika": (4, (2, 3, 4), False, "lowest_double", "katsika", 100, True),
    "international": (4, (4,), False, "highest_tile", "winner_takes", 100, True),
    "international_two": (2, (2,), True, "highest_tile", "winner_takes", 100, False),
    "all_fives": (2, (2, 3, 4), True, "random", "all_fives", 250, False),
}


def test_every_preset_is_listed_once() -> None:
    assert set(PRESETS) == set(TABLE) and len(PRESETS) == len(TABLE)


@pytest.mark.parametrize("name", list(TABLE))
def test_g9_s1_preset_defaults(name: str) -> None:
    players, _, stock, lead_rule, scoring, target, partners = TABLE[name]
    rules = Rules.preset(name)
    assert rules == getattr(Rules, name)()  # the class method of the same name
    assert (rules.name, rules.players, rules.uses_stock, rules.lead_rule) == (name, players, stock, lead_rule)
    assert (rules.scoring, rules.target, rules.partners, rules.hand_size) == (scoring, target, partners, 7)
    assert rules.sides == 2
    assert rules.spinner == (name == "all_fives")
    assert rules.target_loses == (name == "katsika")
    assert rules.katsika_doubles == (name == "katsika")


@pytest.mark.parametrize("name", [name for name, row in TABLE.items() if len(row[1]) > 1])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_g2_s1_players_sides_and_seats(name: str, players: int) -> None:
    rules = Rules.preset(name, players=players)
    partners = players == 4 and TABLE[name][6]
    assert rules.players == players and rules.partners == partners
    if partners:
        assert rules.sides == 2
        assert [rules.side_of(s) for s in range(4)] == [0, 1, 0, 1]
        assert [rules.partner_of(s) for s in range(4)] == [2, 3, 0, 1]
    else:
        assert rules.sides == players
        assert [rules.side_of(s) for s in range(players)] == list(range(players))
        assert all(rules.partner_of(s) is None for s in range(players))


@pytest.mark.parametrize("name", ["draw_game", "block_game", "all_fives"])
def test_four_players_may_play_in_partnerships(name: str) -> None:
    rules = Rules.preset(name, players=4, partnership=True)
    assert rules.partners and rules.sides == 2 and rules.partner_of(1) == 3
    assert not Rules.katsika(partnership=False).partners and Rules.katsika(partnership=False).sides == 4
    assert not Rules.international(partnership=False).partners


@pytest.mark.parametrize(
    ("name", "players", "hand_size", "stock_left"),
    [
        ("draw_game", 2, 7, 14),
        ("draw_game", 3, 7, 7),
        ("draw_game", 4, 6, 4),  # 7 each would leave no tile in the stock: the default is 6 (G2)
        ("draw_game", 2, 13, 2),
        ("block_game", 2, 7, 0),  # no stock: the other 14 are out of play
        ("block_game", 2, 14, 0),
        ("katsika", 3, 7, 0),
        ("all_fives", 2, 7, 14),
        ("all_fives", 3, 7, 7),
        ("all_fives", 4, 7, 0),  # all 28 dealt, no stock (S1)
    ],
)
def test_g2_s1_deals(name: str, players: int, hand_size: int, stock_left: int) -> None:
    options = {"players": players} if hand_size == Rules.preset(name, players=players).hand_size else {
        "players": players, "hand_size": hand_size}
    rules = Rules.preset(name, **options)
    assert rules.hand_size == hand_size
    leader = None if rules.lead_rule == "lowest_double" else 0
    position = Position.deal(rules, random.Random(players * hand_size), leader=leader)
    assert [len(hand) for hand in position.hands] == [hand_size] * players
    assert len(position.stock) == stock_left
    assert rules.uses_stock == (stock_left > 0)
    dealt = {t for hand in position.hands for t in hand} | set(position.stock)
    assert len(dealt) == players * hand_size + stock_left


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("draw_game", {"hand_size": 1}),  # at least two (G2)
        ("draw_game", {"hand_size": 14}),  # 2 x 14 = 28 leaves no tile in the stock
        ("draw_game", {"players": 4, "hand_size": 7}),
        ("international_two", {"hand_size": 14}),
        ("block_game", {"hand_size": 15}),  # the set must suffice
        ("block_game", {"players": 4, "hand_size": 8}),
        ("all_fives", {"players": 3, "hand_size": 10}),
        ("international", {"players": 2}),  # international is four players
        ("international_two", {"players": 3}),
        ("international_two", {"partnership": True}),
        ("one_vs_one", {"scoring": "katsika"}),  # La Plaza's counting is H1-H3
        ("all_fives", {"scoring": "winner_takes"}),
        ("draw_game", {"count": "losers"}),  # La Plaza's options stay La Plaza's
        ("katsika", {"capicu_bonus": 25}),
        ("all_fives", {"blocked_winner": "blocker"}),
        ("katsika", {"scoring": "winner_takes", "katsika_doubles": False}),
        ("katsika", {"katsika_doubles": "yes"}),
        ("draw_game", {"target": -100}),
    ],
)
def test_an_option_a_preset_does_not_take_or_a_wrong_value_is_refused(name: str, options: dict) -> None:
    with pytest.raises(ValueError) as excinfo:
        Rules.preset(name, **options)
    assert any(option in str(excinfo.value) for option in options)


def test_g9_options_when_proposing_a_game() -> None:
    rules = Rules.block_game(target=150, hand_size=5, scoring="katsika")
    assert (rules.target, rules.hand_size, rules.scoring, rules.target_loses) == (150, 5, "katsika", True)
    assert rules.katsika_doubles  # katsika scoring brings its doubles, unless the table sets face value
    assert not Rules.katsika(katsika_doubles=False).katsika_doubles
    assert Rules.katsika(scoring="winner_takes").target_loses is False


def test_with_options_changes_one_option_and_keeps_the_rest() -> None:
    rules = Rules.katsika(players=3, target=50)
    again = rules.with_options(players=4)
    assert (again.players, again.target, again.partners) == (4, 50, True)  # partnerships come back with 4
    assert rules.with_options(scoring="winner_takes").katsika_doubles is False
    assert Rules.draw_game(players=4).with_options(players=2).hand_size == 7
    with pytest.raises(ValueError, match="players"):
        Rules.international().with_options(players=2)


def test_rules_say_what_they_are_in_their_repr() -> None:
    assert repr(Rules.katsika(players=3)).startswith("<Rules katsika: 3 players, 7 tiles each")
    assert "count='losers'" in repr(Rules.one_vs_one(count="losers"))
