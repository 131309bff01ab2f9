"""The review at a class table (AppTest): four learners sit at a partnership table from their phones, the match is
played to its end on the server, and each learner's "Review my moves" rates their own decisions only, from their
own seat's view, built from the server's record without changing the table; a learner not seated there gets none."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

import app.widgets.play_review
from app.i18n import Words
from app.pages import table_phone
from app.storage.tables_sql import SqlTables
from app.widgets.play_review import ReviewState
from engine import Move, View
from play.choices import choices
from play.montecarlo import Estimate
from play.players import computer_player
from play.review import Mark, monte_carlo, move_message
from tests.app_support import LIBRARY, click, shown_picture
from tests.identity_support import Roster, make_roster
from tests.test_table_pages import again, app_database, keys, phone

NAMES = ("Ana", "Ben", "Carla", "Dion")


@pytest.fixture
def roster(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Roster]:
    """A class of five: four to sit at the table, Eva to stay in the lobby; the review rated on fewer deals."""
    url = app_database(tmp_path, monkeypatch)
    evaluate = monte_carlo(deals=40)

    def quick(view: View, moves: Sequence[Move]) -> list[Estimate]:
        return evaluate(view, moves)

    monkeypatch.setattr(app.widgets.play_review, "EVALUATE", quick)
    yield make_roster(url, *NAMES, "Eva")


def store() -> SqlTables:
    found = table_phone.open_tables()
    assert found is not None
    return found


def seated_table(roster: Roster) -> tuple[str, dict[str, AppTest]]:
    """A partnership table to 20 opened by the teacher's class, each of the four sitting from their phone in turn."""
    table_id = store().open(roster.school_class.code, "partnership", target=20, idle=600, seed=5)
    phones = {}
    for seat, name in enumerate(NAMES):
        phones[name] = phone(roster, name)
        click(phones[name], f"sit_{table_id}_{seat}")
    table = store().read(table_id)
    assert table is not None and table.match.state == "playing"  # a full table starts by itself
    return table_id, phones


def play_to_the_end(table_id: str, roster: Roster, one_hand: bool = False) -> dict[int, list[tuple[int, int, Move]]]:
    """Every seat's learner moves as a club player would, through the server's checks, hand after hand, until the
    match is over (``one_hand``: the first hand); returns each seat's real decisions (two or more distinct choices)
    as (hand, move index, move)."""
    players = {seat: computer_player("club", 40 + seat) for seat in range(len(NAMES))}
    decided: dict[int, list[tuple[int, int, Move]]] = {seat: [] for seat in players}
    for _ in range(400):
        table = store().read(table_id)
        assert table is not None
        match, game = table.match, table.match.game
        if match.state == "over" or (one_hand and game.hand_over):
            return decided
        learner = roster.keys[NAMES[0]]
        if game.hand_over:
            assert store().next_hand(table_id, learner, table.version) is None
            continue
        seat = game.position.to_move
        view = game.position.view(seat)
        move = players[seat].choose(view)
        if len(choices(view)) > 1:
            decided[seat].append((game.hand_number, len(game.position.history), move))
        assert store().move(table_id, roster.keys[NAMES[seat]], move, table.version) is None
    raise AssertionError("the match never ended")


def review_of(at: AppTest) -> ReviewState:
    found = at.session_state[table_phone.STATE_KEY].review
    assert found is not None
    return found


def words(key: str, **args: object) -> str:
    return Words(LIBRARY.texts, "en", "play")(key, **args)


def test_each_learner_reviews_their_own_decisions_from_their_own_seat(roster: Roster) -> None:
    table_id, phones = seated_table(roster)
    decided = play_to_the_end(table_id, roster)
    before = store().read(table_id)
    assert before is not None and before.match.state == "over"
    for name in ("Ana", "Carla"):  # partners: the one's decisions are never the other's
        at = again(phones[name])
        seat = NAMES.index(name)
        click(at, "play_review")
        for _ in range(300):
            if review_of(at).done:
                break
            again(at)
        review = review_of(at).review()
        # exactly this learner's decisions, in order, each from their own seat's view, each with a mark
        assert [(r.moment.hand, r.moment.index, r.moment.move) for r in review.ratings] == decided[seat]
        assert decided[seat] and all(r.moment.seat == seat and r.moment.view.seat == seat for r in review.ratings)
        decisions = [button for button in at.button if (button.key or "").startswith("play_review_")]
        assert len(decisions) == len(review.ratings)
        assert all(any(words(f"review.mark.{mark.value}") in button.label for mark in Mark) for button in decisions)
        for mark in Mark:
            assert f"{words(f'review.mark.{mark.value}')}: {review.count(mark)}" in " ".join(
                element.value for element in at.markdown)
        # a decision opened: the table as this learner saw it then, their tiles named, no other hand's
        rating = review.ratings[-1]
        click(at, f"play_review_{rating.moment.hand}_{rating.moment.index}")
        said = shown_picture(at, "play_review_picture")["alt"]
        hands = rating.moment.position.hands
        assert all(str(tile) in said for tile in hands[seat])
        assert not any(str(tile) in said for other in range(len(hands)) if other != seat for tile in hands[other])
        assert words("review.played", move=Words(LIBRARY.texts, "en", "play").render(
            move_message(rating.moment.view, rating.played))) in " ".join(element.value for element in at.markdown)
    after = store().read(table_id)
    assert after is not None  # the review only read the table
    assert (after.version, after.match.record, after.match.state) == (before.version, before.match.record, "over")


def test_a_learner_not_seated_at_the_table_gets_no_review_of_it(roster: Roster) -> None:
    table_id, _ = seated_table(roster)
    play_to_the_end(table_id, roster)
    table = store().read(table_id)
    assert table is not None
    eva = phone(roster, "Eva")
    assert "play_review" not in keys(eva)
    eva.session_state[table_phone.STATE_KEY].table_id = table_id  # a tab pointed at the table: still not hers
    again(eva)
    assert "play_review" not in keys(eva) and eva.session_state[table_phone.STATE_KEY].review is None
    assert table_phone.seat_review(table, roster.keys["Eva"], None) is None
    assert table_phone.seat_review(table, roster.keys["Ben"], None) is not None  # (Ben sat there: his)


def test_the_review_is_put_away_when_the_next_hand_is_dealt(roster: Roster) -> None:
    table_id, phones = seated_table(roster)
    play_to_the_end(table_id, roster, one_hand=True)
    ana = again(phones["Ana"])
    click(ana, "play_review")
    assert review_of(ana).moments and {moment.hand for moment in review_of(ana).moments} == {1}
    assert words("review.title") in " ".join(element.value for element in ana.markdown)
    table = store().read(table_id)
    assert table is not None and table.match.state == "playing"
    assert store().next_hand(table_id, roster.keys["Ben"], table.version) is None  # another phone deals
    again(ana)
    assert words("review.title") not in " ".join(element.value for element in ana.markdown)
    assert "play_review" not in keys(ana)  # offered again once this hand is over
