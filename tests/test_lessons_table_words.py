"""The table in words: one builder for lessons, practice and the app's picture, one spelling rule for tiles,
plurals right in every language, each seat named as the picture labels it, concealed facts left out."""

from __future__ import annotations

import pytest

from engine import ALL_TILES, Position, Rules
from lessons import Library
from wording import describe_position, table_in_words
from wording.table_words import SeatShown, spell, spell_laid

ONE_VS_ONE = Position.setup(Rules.one_vs_one(), hands=[["6-5", "1-1"], ["4-0"]], line=["2-3", "3-5"], stock=["0-0"])


def _say(library: Library, lang: str, position: Position, viewer: int = 0, **options: object) -> list[str]:
    return [library.texts.render(m, lang) for m in describe_position(position, viewer, **options)]  # type: ignore[arg-type]


def test_a_tile_on_the_line_is_written_as_it_lies_and_any_other_as_the_engine_writes_it(library: Library) -> None:
    assert [spell_laid(placed) for placed in ONE_VS_ONE.placed] == ["2-3", "3-5"]
    assert spell(ONE_VS_ONE.hands[0][1]) == "6-5" == str(ONE_VS_ONE.hands[0][1])
    assert _say(library, "en", ONE_VS_ONE) == [
        "On the table: 2-3, 3-5. The open ends show 2 and 5.",
        "Your hand: 1-1, 6-5.",
        "Your opponent: 1 tile.",
        "Stock: 1 tile.",
        "22 more of the 28 tiles are left out of this picture: they play no part in this example.",
        "Whose turn: You.",
    ]


@pytest.mark.parametrize(("lang", "one", "many"), [("en", "1 tile", "2 tiles"), ("es", "1 ficha", "2 fichas"),
                                                   ("pap", "1 piedra", "2 piedra")])
def test_counts_take_the_right_plural(library: Library, lang: str, one: str, many: str) -> None:
    said = " ".join(_say(library, lang, ONE_VS_ONE))
    assert one in said and f"1 {many.split()[1]}" not in said.replace(one, "")
    two = Position.setup(Rules.one_vs_one(), hands=[["6-5"], ["4-0", "1-0"]], line=["2-3"], stock=["0-0", "2-2"])
    said = " ".join(_say(library, lang, two))
    assert said.count(many) == 2


def test_the_partnership_table_names_each_seat_as_the_picture_does(library: Library) -> None:
    position = Position.setup(Rules.partnership(), hands=[["6-5"], ["4-0"], ["4-4", "2-2"], ["1-1"]], line=["2-3"])
    said = _say(library, "en", position, viewer=0, face_up={2})
    assert said[1:5] == ["Your hand: 6-5.", "The opponent on your right: 1 tile.", "Your partner shows: 2-2, 4-4.",
                         "The opponent on your left: 1 tile."]
    from_partner = _say(library, "es", position, viewer=2)
    assert "Tu compañero: 1 ficha." in from_partner and "Turno: Tu compañero." in from_partner


def test_a_finished_hand_shows_every_hand_and_an_empty_one_says_so(library: Library) -> None:
    over = Position.setup(Rules.one_vs_one(), hands=[["5-1"], ["6-6"]], line=["2-5"]).apply("plays 5-1 right")
    said = _say(library, "en", over)
    assert said == ["On the table: 2-5, 5-1. The open ends show 2 and 1.", "Your hand is empty.",
                    "Your opponent shows: 6-6.", "The stock is empty.",
                    "25 more of the 28 tiles are left out of this picture: they play no part in this example.",
                    "The hand is over."]


def test_concealed_facts_are_left_out(library: Library) -> None:
    said = _say(library, "en", ONE_VS_ONE, conceal={"stock_count", "end_numbers"})
    assert said[0] == "On the table, from left to right: 2-3, 3-5."
    assert "The stock lies face down." in said
    assert not any("1 tile" in line and "Stock" in line for line in said)


def test_the_app_picture_and_a_position_are_said_by_the_same_builder(library: Library) -> None:
    seats = [SeatShown(0, 2, ONE_VS_ONE.hands[0]), SeatShown(1, 1)]
    direct = table_in_words(2, 0, ONE_VS_ONE.placed, seats, 1, 0)
    assert direct == describe_position(ONE_VS_ONE, 0)
    lifted = table_in_words(2, 0, ONE_VS_ONE.placed, seats, 1, 0, selected=ONE_VS_ONE.hands[0][1], fits=("right",))
    rendered = [library.texts.render(m, "en") for m in lifted]
    assert "Lifted from your hand: 6-5." in rendered and "The 6-5 fits at: right." in rendered


def test_every_tile_of_the_set_is_on_the_table_or_said_where_it_is(library: Library) -> None:
    """A table with its 28 tiles says nothing more; without a stock the others are out of play; with one, a table
    shown in part says how many it leaves out — in every language, with the right plural."""
    whole = Position.setup(Rules.one_vs_one(), hands=[["6-5"], ["4-0"]], line=["2-3"],
                           stock=[t for t in ALL_TILES if str(t) not in ("6-5", "4-0", "3-2")], partial=True)
    assert not any("28" in line or "out of play" in line for line in _say(library, "en", whole))
    pair = Position.setup(Rules.partnership(), hands=[["6-5"], ["4-0"], ["2-2"], ["1-1"]], line=["2-3"])
    assert "23 more tiles are out of play: nobody holds them, and nobody can draw them." in _say(library, "en", pair)
    one_left = Position.setup(Rules.one_vs_one(), hands=[["6-5"], ["4-0"]], line=["2-3"],
                              stock=[t for t in ALL_TILES if str(t) not in ("6-5", "4-0", "3-2", "1-1")],
                              partial=True)
    assert "1 more of the 28 tiles is left out of this picture: it plays no part in this example." in _say(
        library, "en", one_left)
    for lang in library.texts.languages:
        said = _say(library, lang, pair)
        assert any("23" in line for line in said), (lang, said)


def test_an_out_of_play_question_keeps_their_count_out_of_the_words(library: Library) -> None:
    pair = Position.setup(Rules.partnership(), hands=[["6-5"], ["4-0"], ["2-2"], ["1-1"]], line=["2-3"])
    assert not any("23" in line for line in _say(library, "en", pair, conceal={"out_of_play"}))


def test_a_hidden_stock_is_not_given_away_by_the_count_of_the_rest(library: Library) -> None:
    said = _say(library, "en", ONE_VS_ONE, conceal={"stock_count"})
    assert not any("28" in line for line in said), said
