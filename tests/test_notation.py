"""The move and history notation, both ways: str() and parse (issue 2)."""

import random

import pytest

from engine import (
    Draw,
    Event,
    Pass,
    Play,
    Position,
    Rules,
    Tile,
    format_history,
    parse,
    parse_event,
    parse_history,
    parse_move,
)


def test_moves_to_text() -> None:
    assert str(Play(Tile(6, 5), "right")) == "plays 6-5 right"
    assert str(Play(Tile(5, 6), "left")) == "plays 6-5 left"
    assert str(Play(Tile(6, 6))) == "plays 6-6"
    assert str(Draw()) == "draws"
    assert str(Pass()) == "passes"


def test_events_to_text() -> None:
    assert str(Event(0, Play(Tile(6, 5), "right"))) == "0 plays 6-5 right"
    assert str(Event(1, Draw())) == "1 draws"
    assert str(Event(3, Pass())) == "3 passes"


@pytest.mark.parametrize(
    "move", [Play(Tile(6, 5), "right"), Play(Tile(2, 0), "left"), Play(Tile(4, 4)), Draw(), Pass()]
)
def test_move_round_trip(move: object) -> None:
    assert parse_move(str(move)) == move
    assert parse(str(move)) == move


@pytest.mark.parametrize("event", [Event(0, Play(Tile(6, 5), "right")), Event(2, Draw()), Event(3, Pass())])
def test_event_round_trip(event: Event) -> None:
    assert parse_event(str(event)) == event
    assert parse(str(event)) == event


def test_parse_reads_5_6_and_bar_forms() -> None:
    assert parse("0 plays 5-6 left") == Event(0, Play(Tile(6, 5), "left"))
    assert parse_move("plays 6|5 right") == Play(Tile(6, 5), "right")


@pytest.mark.parametrize(
    "text", ["", "plays", "plays 6-5 sideways", "0 plays 7-5 left", "x draws", "1 dances", "plays 6-5 left right"]
)
def test_bad_text_raises_value_error(text: str) -> None:
    with pytest.raises(ValueError):
        parse(text)


def test_history_text_both_separators() -> None:
    events = parse_history("0 plays 6-6\n1 plays 6-5 right; 2 passes")
    assert list(events) == [Event(0, Play(Tile(6, 6))), Event(1, Play(Tile(6, 5), "right")), Event(2, Pass())]


@pytest.mark.parametrize("rules", [Rules.one_vs_one(), Rules.partnership()])
def test_history_round_trip_replays_the_same_hand(rules: Rules) -> None:
    rng = random.Random(11)
    start = Position.deal(rules, rng, leader=0)
    position = start
    while position.outcome is None:
        position = position.apply(rng.choice(position.legal_moves()))
    text = format_history(position.history)
    assert "draws" in text or rules.players == 4
    events = parse_history(text)
    assert [(e.seat, e.move) for e in events] == [(e.seat, e.move) for e in position.history]
    replayed = start.apply_all(events)
    assert replayed.hands == position.hands
    assert replayed.line == position.line
    assert replayed.outcome == position.outcome
    assert start.apply_all(text.splitlines()).outcome == position.outcome


def test_drawn_tile_is_hidden_from_the_text() -> None:
    position = Position.setup(Rules.one_vs_one(), [[Tile(1, 1)], [Tile(3, 0)]], ["3-4"], stock=[Tile(4, 2)])
    position = position.apply(Draw())
    event = position.history[-1]
    assert event.drawn == Tile(4, 2)
    assert str(event) == "0 draws"


def test_apply_all_checks_the_seat() -> None:
    position = Position.setup(Rules.one_vs_one(), [[Tile(1, 1)], [Tile(3, 0)]], ["3-4"], stock=[Tile(4, 2)])
    with pytest.raises(ValueError) as excinfo:
        position.apply_all(["1 draws"])
    assert getattr(excinfo.value, "code", None) == "wrong-seat"
