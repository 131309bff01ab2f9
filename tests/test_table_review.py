"""The review at a class table (AppTest): four learners sit at a partnership table from their phones, the match is
played to its end on the server, and each learner's "Review my moves" rates their own decisions only, from their
own seat's view, built from the server's record without changing the table; a learner not seated there gets none.
Once the match is over (or the teacher closed the table), a reload finds it under "Your last matches" in the lobby,
with its review; at an over table the learner goes back to the lobby keeping their seat in the record."""

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
from tests.app_support import LIBRARY, click, shown_picture, texts
from tests.identity_support import Roster, make_roster
from tests.test_table_pages import again, app_database, keys, mine, phone

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


# ------------------------------------------------------------------------------------- after the match, from the lobby


def last_matches(at: AppTest) -> list[str]:
    """The review buttons under "Your last matches", by key."""
    return [key for key in keys(at) if key.startswith("finished_review_")]


def rated(at: AppTest) -> ReviewState:
    """The review opened on this phone, once every decision is rated (a few a run, as the page's ticks do)."""
    for _ in range(300):
        if review_of(at).done:
            break
        again(at)
    return review_of(at)


def test_a_reload_after_the_match_reviews_it_from_the_lobby_and_goes_back(roster: Roster) -> None:
    table_id, _ = seated_table(roster)
    decided = play_to_the_end(table_id, roster)
    before = store().read(table_id)
    assert before is not None and before.match.state == "over"
    assert not store().tables(roster.school_class.code)  # the match has left the open tables
    ana = phone(roster, "Ana")  # a fresh session: the page reloaded, or another phone
    assert mine("en", "class_table.finished_title") in [header.value for header in ana.subheader]
    assert last_matches(ana) == [f"finished_review_{table_id}"]
    assert ana.button(key=f"finished_review_{table_id}").label == words("review.button")
    assert any(text.startswith("Match over · ") for text in texts(ana, "caption"))
    click(ana, f"finished_review_{table_id}")
    assert [header.value for header in ana.header][:1] == [table_phone.numbered_name(
        before, Words(LIBRARY.texts, "en", "play"), Words(LIBRARY.texts, "en", table_phone.SCOPE), short=True)]
    assert any(text.endswith(" wins the match!") for text in texts(ana, "markdown"))  # how the match ended
    assert "class_table_to_lobby" in keys(ana) and not last_matches(ana)  # the finished table instead of the lobby
    review = rated(ana).review()
    assert [(r.moment.hand, r.moment.index, r.moment.move) for r in review.ratings] == decided[0]  # hers, seat 0
    assert review.ratings and all(r.moment.view.seat == 0 for r in review.ratings)
    decisions = [key for key in keys(ana) if key.startswith("play_review_")]
    assert len(decisions) == len(review.ratings)
    assert words("review.title") in " ".join(texts(ana, "markdown"))
    click(ana, "class_table_to_lobby")
    assert last_matches(ana) == [f"finished_review_{table_id}"]  # the lobby again
    assert not [key for key in keys(ana) if key.startswith("play_review")]
    after = store().read(table_id)
    assert after is not None  # only read
    assert (after.version, after.match.record, after.match.seats) == (before.version, before.match.record,
                                                                      before.match.seats)


def test_a_learner_who_did_not_sit_there_gets_nothing_of_a_finished_table(roster: Roster) -> None:
    table_id, _ = seated_table(roster)
    play_to_the_end(table_id, roster)
    eva = phone(roster, "Eva")  # of the same class, in the lobby the whole match
    assert not last_matches(eva) and mine("en", "class_table.finished_title") not in [
        header.value for header in eva.subheader]
    eva.session_state[table_phone.STATE_KEY].finished_id = table_id  # a forged tap: a tab pointed at the table
    again(eva)
    state = eva.session_state[table_phone.STATE_KEY]
    assert state.finished_id is None and state.review is None
    assert "class_table_to_lobby" not in keys(eva) and not [key for key in keys(eva) if key.startswith("play_review")]
    assert [header.value for header in eva.header] == [mine("en", "class_table.title")]  # the lobby, nothing more
    code = roster.school_class.code
    assert table_phone.finished_table(store(), table_id, roster.keys["Eva"], code) is None
    assert table_phone.finished_table(store(), table_id, roster.keys["Ben"], "ZZZ-999") is None  # not his class
    assert table_phone.finished_table(store(), table_id, roster.keys["Ben"], code) is not None


def test_at_an_over_table_the_learner_goes_back_to_the_lobby_keeping_the_seat(roster: Roster) -> None:
    table_id, phones = seated_table(roster)
    play_to_the_end(table_id, roster)
    carla = again(phones["Carla"])  # she stayed on the page: the match's end
    assert "class_table_leave" not in keys(carla) and "class_table_to_lobby" in keys(carla)
    assert mine("en", "class_table.leave_title") not in [expander.label for expander in carla.expander]
    before = store().read(table_id)
    assert before is not None
    click(carla, "class_table_to_lobby")
    after = store().read(table_id)
    assert after is not None and after.version == before.version  # no write
    assert after.match.seat_of(roster.keys["Carla"]) == 2 and after.seats[2].nickname == "Carla"
    assert last_matches(carla) == [f"finished_review_{table_id}"]


def test_a_table_the_teacher_closed_between_hands_shows_that_hands_count_and_review(roster: Roster) -> None:
    table_id, phones = seated_table(roster)
    decided = play_to_the_end(table_id, roster, one_hand=True)
    assert store().close(table_id, roster.school_class.code)
    ben = again(phones["Ben"])  # his phone, at the table, finds it closed: the lobby
    assert last_matches(ben) == [f"finished_review_{table_id}"]
    closed = mine("en", "class_table.finished_closed", hand=1, scores="").split(" · ")[0]
    assert any(text.startswith(closed) for text in texts(ben, "caption"))
    click(ben, f"finished_review_{table_id}")
    assert f"**:material/calculate: {words('play.count_title')}**" in texts(ben, "markdown")  # the hand's count
    review = rated(ben).review()
    assert [(r.moment.hand, r.moment.index, r.moment.move) for r in review.ratings] == decided[1]


def test_the_follow_waits_while_a_finished_review_is_read_and_the_lobby_notices_new_tables(roster: Roster) -> None:
    table_id, _ = seated_table(roster)
    play_to_the_end(table_id, roster, one_hand=True)
    code = roster.school_class.code
    assert store().close(table_id, code)
    dion = phone(roster, "Dion")
    click(dion, f"finished_review_{table_id}")
    store().open(code, "one_vs_one", idle=600)  # meanwhile another table opens
    state = dion.session_state[table_phone.STATE_KEY]
    assert not table_phone.redraw_due(state, store(), code)  # no rerun every second while he reads
    again(dion)  # a run of the page (the review's own ticks): still the review, no jump to the lobby
    assert "class_table_to_lobby" in keys(dion) and not last_matches(dion)
    click(dion, "class_table_to_lobby")
    state = dion.session_state[table_phone.STATE_KEY]
    assert not table_phone.redraw_due(state, store(), code)  # the lobby drawn with the new table
    store().open(code, "partnership", idle=600)
    assert table_phone.redraw_due(state, store(), code)  # the lobby follows the class's tables again
