"""Bad input to the engine gets a specific exception whose message quotes it: never an AttributeError, an
IndexError, a confusing message or silent acceptance (issue 11, "The engine refuses bad input clearly")."""

import random
import re

import pytest

from engine import (
    ALL_TILES,
    Draw,
    Event,
    Match,
    Pass,
    Play,
    Position,
    Rules,
    Tile,
    draw_lot,
    format_history,
    parse,
    parse_history,
)
from tests.conftest import ONE, PAIRS, tiles


def refused(error: type[Exception], quoted: object, call, *args, **kwargs) -> str:
    """Call it, expect exactly `error` (or a subclass), and check the message quotes `quoted` as Python writes it."""
    with pytest.raises(error) as excinfo:
        call(*args, **kwargs)
    message = str(excinfo.value)
    assert repr(quoted) in message or str(quoted) in message, message
    return message


# --- rule sets take only the options their table allows ---------------------------------------------


@pytest.mark.parametrize("option", ["players", "hand_size", "uses_stock", "partnership", "scoring", "spinner"])
@pytest.mark.parametrize("rules", [ONE, PAIRS], ids=["one_vs_one", "partnership"])
def test_la_plaza_takes_only_its_house_rules(rules: Rules, option: str) -> None:
    message = refused(ValueError, option, rules.with_options, **{option: 3})
    assert "count, blocked_winner, capicu_bonus, target" in message


@pytest.mark.parametrize(
    ("options", "quoted"),
    [
        ({"hand_size": 8, "players": 4}, "hand_size=8"),  # 8, 8, 8 and only 4 left: never dealt
        ({"hand_size": -1}, "hand_size=-1"),
        ({"hand_size": 0}, "hand_size=0"),
        ({"hand_size": 14}, "hand_size=14"),  # a draw game must keep one tile in the stock
        ({"players": 5}, "players=5"),
        ({"players": 1}, "players=1"),
        ({"players": "3"}, "players='3'"),
        ({"partnership": True}, "partnership=True"),  # two players cannot be partners
        ({"scoring": "all_fives"}, "scoring='all_fives'"),
        ({"katsika_doubles": True}, "katsika_doubles"),  # only with katsika scoring
        ({"target": 0}, "target=0"),
        ({"target": 2.5}, "target=2.5"),
    ],
)
def test_greek_options_are_each_checked(options: dict, quoted: str) -> None:
    with pytest.raises(ValueError, match=re.escape(quoted)):
        Rules.draw_game(**options)


def test_an_unknown_preset_is_named() -> None:
    refused(ValueError, "la_plaza", Rules.preset, "la_plaza")
    refused(ValueError, 123, Rules.preset, 123)


# --- positions ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("rng", [None, 42, "seed"])
def test_deal_needs_a_random_generator(rng: object) -> None:
    refused(TypeError, rng, Position.deal, ONE, rng, leader=0)


@pytest.mark.parametrize("rules", [None, "one_vs_one", 2])
def test_positions_need_a_rule_set(rules: object) -> None:
    refused(TypeError, rules, Position.setup, rules, [tiles("1-1"), tiles("2-2")], ["3-4"])
    refused(TypeError, rules, Position.start, rules, [tiles("1-1"), tiles("2-2")], leader=0)
    refused(TypeError, rules, Position.deal, rules, random.Random(1), leader=0)


@pytest.mark.parametrize("hands", [None, 7, "6-6 5-5", [None, ["1-1"]], [["1-1"], 5]])
def test_hands_must_be_lists_of_tiles(hands: object) -> None:
    bad = hands if not isinstance(hands, list) else next(h for h in hands if not isinstance(h, list))
    refused(ValueError, bad, Position.setup, ONE, hands, ["3-4"])


@pytest.mark.parametrize("stock", [None, 3, "2-2"])
def test_the_stock_must_be_a_list_of_tiles(stock: object) -> None:
    refused(ValueError, stock, Position.setup, ONE, [tiles("1-1"), tiles("2-2")], ["3-4"], stock=stock)


@pytest.mark.parametrize("lead_index", [True, "1", 1.0, -1, 2])
def test_lead_index_must_be_a_tile_of_the_line(lead_index: object) -> None:
    refused(ValueError, lead_index, Position.setup, ONE, [tiles("1-1"), tiles("2-2")], ["3-4", "4-5"],
            lead_index=lead_index)


@pytest.mark.parametrize("first_hand", ["yes", 1, None])
def test_first_hand_is_true_or_false(first_hand: object) -> None:
    hands = [tiles("6-6"), tiles("1-1"), tiles("2-2"), tiles("3-3")]
    refused(ValueError, first_hand, Position.start, PAIRS, hands, first_hand=first_hand)


@pytest.mark.parametrize("seat", [5, -1, "0", True, None, 1.0])
def test_every_seat_argument_is_checked(seat: object) -> None:
    position = Position.setup(ONE, [tiles("1-1"), tiles("0-4")], ["3-4"], stock=tiles("2-2"))
    refused(ValueError, seat, position.drawn_tiles, seat)
    refused(ValueError, seat, position.known_lacks, seat)
    refused(ValueError, seat, ONE.side_of, seat)
    refused(ValueError, seat, ONE.partner_of, seat)
    if seat is not None:
        refused(ValueError, seat, position.playable_tiles, seat)
        refused(ValueError, seat, Position.setup, ONE, [tiles("1-1"), tiles("0-4")], ["3-4"], to_move=seat)


def test_a_string_seat_in_an_event_is_refused_before_it_reaches_a_position() -> None:
    refused(ValueError, "0", Event, "0", Draw())
    refused(ValueError, 4, Event, 4, Pass())


def test_an_event_takes_a_drawn_tile_only_for_a_draw() -> None:
    refused(ValueError, Tile(4, 0), Event, 0, Pass(), Tile(4, 0))
    refused(ValueError, "4-0", Event, 0, Draw(), "4-0")
    refused(TypeError, "draws", Event, 0, "draws")


def test_replaying_a_draw_that_took_another_tile_is_refused() -> None:
    position = Position.setup(ONE, [tiles("1-1"), tiles("0-4")], ["3-4"], stock=tiles("2-2 5-5"))
    message = refused(ValueError, Tile(4, 0), position.apply, Event(0, Draw(), Tile(4, 0)))
    assert "2-2" in message
    # the same draw with the tile that is really next replays, and so does one with no tile logged
    assert position.apply(Event(0, Draw(), Tile(2, 2))).hands[0] == (Tile(1, 1), Tile(2, 2))
    assert position.apply(Event(0, Draw())).hands[0] == (Tile(1, 1), Tile(2, 2))


def test_apply_all_wants_moves_not_one_text() -> None:
    position = Position.setup(ONE, [tiles("1-1"), tiles("0-4")], ["3-4"], stock=tiles("2-2"))
    refused(TypeError, "0 draws", position.apply_all, "0 draws")


# --- tiles and notation ------------------------------------------------------------------------------


@pytest.mark.parametrize("other", [5, "6-5", None, 2.5])
def test_tiles_compare_only_with_tiles(other: object) -> None:
    tile = Tile(1, 2)
    assert tile.__lt__(other) is NotImplemented
    assert tile.__ge__(other) is NotImplemented
    with pytest.raises(TypeError):
        tile < other  # noqa: B015  (the comparison itself is what is tested)
    with pytest.raises(TypeError):
        tile >= other  # noqa: B015
    assert Tile(1, 2) < Tile(3, 0) and Tile(3, 0) >= Tile(1, 2)


@pytest.mark.parametrize("text", ["６-５", "٦-٥", "۶|۵", "6-５"])
def test_only_ascii_digits_make_a_tile(text: str) -> None:
    refused(ValueError, text, Tile.parse, text)
    with pytest.raises(ValueError):
        parse(f"0 plays {text} left")


@pytest.mark.parametrize("text", ["٠ draws", "０ passes"])
def test_only_ascii_digits_make_a_seat(text: str) -> None:
    refused(ValueError, text, parse, text)


@pytest.mark.parametrize("history", [None, 123, ["0 draws"], b"0 draws"])
def test_parse_history_reads_text_only(history: object) -> None:
    refused(TypeError, history, parse_history, history)


@pytest.mark.parametrize("events", [None, 5, "0 draws", [Event(0, Draw()), "1 passes"]])
def test_format_history_writes_events_only(events: object) -> None:
    bad = events if not isinstance(events, list) else events[1]
    refused(TypeError, bad, format_history, events)


def test_a_semicolon_inside_a_comment_does_not_split_the_line() -> None:
    events = parse_history("0 plays 6-6  # then 1 passes; 2 passes\n1 plays 6-5 right; 2 passes # done; 3 draws")
    assert [str(e) for e in events] == ["0 plays 6-6", "1 plays 6-5 right", "2 passes"]


def test_a_play_names_a_real_end() -> None:
    refused(ValueError, "middle", Play, Tile(6, 5), "middle")
    refused(ValueError, "7-7", Play, "7-7", "left")


# --- matches and the lot -----------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [None, "one_vs_one"])
def test_a_match_needs_a_rule_set(rules: object) -> None:
    refused(TypeError, rules, Match, rules)


def test_a_match_refuses_an_outcome_of_other_rules_or_twice() -> None:
    pairs = Position.setup(PAIRS, [tiles("4-2"), tiles("0-0"), tiles("5-5"), tiles("6-6")], ["3-4"])
    outcome = pairs.apply("plays 4-2 right").outcome
    assert outcome is not None
    with pytest.raises(ValueError, match="other rules"):
        Match(ONE).record(outcome)
    with pytest.raises(ValueError, match="other rules"):
        Match(Rules.partnership(count="losers")).record(outcome)
    match = Match(Rules.partnership(target=50))  # another target: the same hand rules, so it counts
    match.record(outcome)
    with pytest.raises(ValueError, match="already recorded"):
        match.record(outcome)
    assert match.scores == (outcome.points, 0) and len(match.outcomes) == 1
    refused(TypeError, "plays 4-2 right", match.record, "plays 4-2 right")


@pytest.mark.parametrize("rng", [None, 7])
def test_the_lot_and_the_match_deal_need_a_random_generator(rng: object) -> None:
    refused(TypeError, rng, draw_lot, rng)
    refused(TypeError, rng, Match(ONE).deal, rng)


@pytest.mark.parametrize("players", [0, 1, 5, "2", True])
def test_the_lot_is_drawn_by_two_to_four_players(players: object) -> None:
    refused(ValueError, players, draw_lot, random.Random(1), players)


# --- a seat's view and the computer players take only what they are for (issue 21) ----------------------------


def test_a_view_samples_only_with_a_random_generator() -> None:
    view = Position.setup(ONE, [tiles("5-1 2-2"), tiles("6-6 0-0")], ["3-4"], stock=tiles("1-1")).view(0)
    refused(TypeError, None, view.sample, None)
    refused(TypeError, 7, view.sample, 7)


@pytest.mark.parametrize("level", ["beginner", "club", "expert"])
def test_a_computer_player_chooses_from_a_view_only(level: str) -> None:
    from play import computer_player

    position = Position.setup(ONE, [tiles("5-1 2-2"), tiles("6-6 0-0")], ["3-4"], stock=tiles("1-1"))
    player = computer_player(level, 1)
    refused(TypeError, None, player.choose, None)
    message = refused(TypeError, "Position", player.choose, position)
    assert "position.view(seat)" in message


# --- a set-up table must be one a real deal could give, unless it says it is partial (issue 21) --------------

EIGHT = "0-0 0-1 0-2 0-3 0-4 0-5 0-6 1-1"


def test_a_hand_larger_than_the_deal_at_a_table_without_a_stock_is_refused() -> None:
    message = refused(ValueError, "hand 0 holds 8 tiles", Position.setup, Rules.block_game(), [tiles(EIGHT),
                      tiles("6-6")], ["3-4"])
    assert "block_game deals 7" in message and "partial=True" in message
    assert Position.setup(Rules.block_game(), [tiles(EIGHT), tiles("6-6")], ["3-4"], partial=True).hands[0][0] == Tile(
        0, 0)


def test_more_tiles_than_the_table_deals_are_refused() -> None:
    hands = [tiles("0-0 0-1 0-2 0-3 0-4 0-5 0-6"), tiles("1-1 1-2 1-3 1-4 1-5 1-6 2-2")]
    line = ["3-4", "4-4", "4-5", "5-5", "5-6"]  # 14 in hands and 5 on the table: 19 where 2 × 7 = 14 are dealt
    refused(ValueError, "19 tiles in the hands and on the table", Position.setup, Rules.block_game(), hands, line)
    assert len(Position.setup(Rules.block_game(), hands, line, partial=True).line) == 5


def test_a_stock_larger_than_the_deal_leaves_or_hands_that_drew_more_than_it_gave_are_refused() -> None:
    rest = [tile for tile in ALL_TILES if tile not in tiles("6-6 5-5 3-4")]  # 25 tiles
    refused(ValueError, "a stock of 15 tiles", Position.setup, ONE, [tiles("6-6"), tiles("5-5")], ["3-4"],
            stock=rest[:15])
    nine = rest[:9]  # 2 drawn, but the stock of 14 still holds 13: it gave only 1
    refused(ValueError, "at least 2 drawn tiles", Position.setup, ONE, [nine, tiles("5-5")], ["3-4"], stock=rest[9:22])
    assert Position.setup(ONE, [nine, tiles("5-5")], ["3-4"], stock=rest[9:21]).stock == tuple(rest[9:21])


def test_partial_is_true_or_false() -> None:
    refused(ValueError, "partial='yes'", Position.setup, ONE, [tiles("6-6"), tiles("5-5")], ["3-4"], partial="yes")
