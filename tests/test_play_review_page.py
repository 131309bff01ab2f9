"""The review on the Play page under AppTest: a short match played to its end through the buttons, then Review rates
every decision (a few per run, with a progress bar), shows the marks in words, each hand's chart with its figures,
and opens a decision with the table as it was and the moves named."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from streamlit.testing.v1 import AppTest

import app.pages.play_page
import app.widgets.play_review
from app.i18n import Words
from app.widgets.play_review import ReviewState, points_text
from engine import Move, View
from play.game import LEARNER, Game, Setup
from play.montecarlo import Estimate
from play.review import Mark, monte_carlo, move_message
from tests.app_support import LIBRARY, click, open_app
from tests.test_play_page import by_buttons, game, learner_move, page_text, state


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The computers' moves all at once, and the evaluation counted (a rerun must not rate a decision again)."""
    monkeypatch.setattr(app.pages.play_page, "PACE", 0.0)
    calls: list[int] = []
    evaluate = monte_carlo(deals=60)

    def counted(view: View, moves: Sequence[Move]) -> list[Estimate]:
        calls.append(1)
        return evaluate(view, moves)

    monkeypatch.setattr(app.widgets.play_review, "EVALUATE", counted)
    return calls


def short_match(seed: int, table: str = "one_vs_one", target: int = 10) -> str:
    """The record of a match to ``target`` points, just dealt (the computers that lead have moved)."""
    started = Game.new(Setup(table, level="club", seed=seed, target=target))
    started.computers_move()
    return started.record


def review_state(at: AppTest) -> ReviewState:
    found = state(at).review
    assert found is not None
    return found


def finish_review(at: AppTest) -> int:
    """Rerun until every decision is rated (the panel rates a few per run); the number of runs it took."""
    for runs in range(1, 200):
        if review_state(at).done:
            return runs
        at.run()
        assert not at.exception, at.exception
    raise AssertionError("the review never finished")


def words(key: str, **args: object) -> str:
    return Words(LIBRARY.texts, "en", "play")(key, **args)


def play_to_the_end(at: AppTest) -> None:
    """The learner plays as a club player would, hand after hand, until the match is over."""
    while not (game(at).hand_over and game(at).match.is_over):
        if game(at).hand_over:
            click(at, "play_next_hand")
        else:
            by_buttons(at, learner_move(at))


def test_a_short_match_to_its_end_then_review_marks_every_decision_and_opens_one(quick: list[int]) -> None:
    at = open_app(lesson="play", lang="en", game=short_match(seed=4))
    play_to_the_end(at)
    assert game(at).match.is_over
    click(at, "play_review")
    runs = finish_review(at)
    reviewed = review_state(at)
    review = reviewed.review()
    assert len(review.ratings) == len(reviewed.moments) > 0
    assert len(quick) == len(review.ratings)  # one evaluation per decision
    shown = page_text(at)
    assert words("review.title") in shown and "{" not in shown
    assert words("review.about", deals=800, inaccuracy=2, mistake=6) in shown  # the limits, as figures
    for mark in Mark:  # the marks are counted in words (and icons), never colour alone
        assert f"{words(f'review.mark.{mark.value}')}: {review.count(mark)}" in shown
    # each hand's chart, and its figures in a table beside it (the text alternative)
    assert len(at.get("vega_lite_chart")) == len(review.hands)
    said = Words(LIBRARY.texts, "en", "play")
    for number, rating in enumerate(review.of_hand(review.hands[0]), start=1):
        figures = (number, points_text(rating.expected, said), points_text(rating.best_expected, said),
                   words(f"review.mark.{rating.mark.value}"))
        assert "| {} | {} | {} | {} |".format(*figures) in shown
    assert words("review.chart_in_words", number=review.hands[0]) in shown
    # one button per decision, its mark in words in the label; a rerun rates nothing again
    labels = {button.key: button.label for button in at.button if button.key and button.key.startswith(
        "play_review_") and button.key != "play_review_panel"}
    assert len(labels) == len(review.ratings)
    at.run()
    assert len(quick) == len(review.ratings) and runs >= 1
    # open the worst decision: the table as it was, the move made and the better one, named in words
    worst = max(review.ratings, key=lambda rating: rating.loss)
    key = f"play_review_{worst.moment.key[0]}_{worst.moment.key[1]}"
    assert words(f"review.mark.{worst.mark.value}") in labels[key]
    click(at, key)
    assert review_state(at).selected == worst.moment.key
    shown = page_text(at)
    view = worst.moment.view
    assert words("review.played", move=said.render(move_message(view, worst.played))) in shown
    if worst.best == worst.played:
        assert words("review.was_best") in shown
    else:
        assert words("review.better", move=said.render(move_message(view, worst.best))) in shown
    if worst.reason is not None:
        assert said.render(worst.reason.message) in shown
    assert any(element.proto.id.endswith("play_review_picture") for element in at.get("bidi_component"))
    click(at, key)  # a second tap closes it
    assert review_state(at).selected is None


def test_the_review_is_offered_after_each_hand_and_kept_for_the_next(quick: list[int]) -> None:
    at = open_app(lesson="play", lang="es", game=short_match(seed=9, target=300))
    while not game(at).hand_over:
        by_buttons(at, learner_move(at))
    assert not game(at).match.is_over
    click(at, "play_review")
    finish_review(at)
    first = len(quick)
    assert {m.hand for m in review_state(at).moments} <= {1}
    assert Words(LIBRARY.texts, "es", "play")("review.title") in page_text(at)
    click(at, "play_next_hand")
    assert not review_state(at).open and Words(LIBRARY.texts, "es", "play")("review.title") not in page_text(at)
    while not game(at).hand_over:
        by_buttons(at, learner_move(at))
    click(at, "play_review")
    finish_review(at)
    # the second review rates only the new hand's decisions: the first hand's are kept
    assert len(quick) == len(review_state(at).moments)
    assert len(quick) - first == sum(1 for m in review_state(at).moments if m.hand == 2)


@pytest.mark.parametrize("lang", ["pap", "el", "eo"])
def test_the_review_reads_in_every_language(lang: str) -> None:
    at = open_app(lesson="play", lang=lang, game=short_match(seed=4))
    play_to_the_end(at)
    click(at, "play_review")
    finish_review(at)
    said = Words(LIBRARY.texts, lang, "play")
    shown = page_text(at)
    assert said("review.title") in shown and "[review." not in shown and "{" not in shown
    rating = review_state(at).review().ratings[0]
    click(at, f"play_review_{rating.moment.key[0]}_{rating.moment.key[1]}")
    assert said("review.played", move=said.render(move_message(rating.moment.view, rating.played))) in page_text(at)
    assert LEARNER == 0


def test_points_are_written_with_the_languages_decimal_mark() -> None:
    figures = {lang: points_text(2.54, Words(LIBRARY.texts, lang, "play")) for lang in ("en", "es", "pap", "el")}
    assert figures == {"en": "2.5", "es": "2.5", "pap": "2,5", "el": "2,5"}
    assert points_text(6.0, Words(LIBRARY.texts, "el", "play")) == "6"


def test_one_review_rates_at_a_time_on_a_server(quick: list[int]) -> None:
    # A class reviewing at once: while another session's review holds the server's turn, this one rates nothing
    # and waits for its next tick; then it goes on.
    played = Game.from_record(short_match(4))
    while not played.hand_over:
        if played.position.to_move == LEARNER:
            played.play(played.position.view(LEARNER).legal_moves()[0])
        else:
            played.computers_move()
    state = app.widgets.play_review.start(played, None)
    assert state.moments, "the learner had choices to review"
    with app.widgets.play_review.RATING:  # another session rating
        app.widgets.play_review.rate_some(state)
    assert state.ratings == {} and quick == []
    app.widgets.play_review.rate_some(state)
    assert state.ratings and quick
