"""The match review (play/review.py): a blunder is a mistake and the best move fine, forced moves are no decisions,
progress is told once per decision, the same match is rated the same every time, and the evaluation can be swapped."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from engine import Move, Pass, Play, Position, Rules, Tile, View
from lessons.loader import load_library
from play import choices
from play.game import LEARNER, Game, Setup, played_through
from play.montecarlo import Estimate
from play.review import THRESHOLDS, Mark, Moment, Thresholds, moments, rate, review

LIBRARY = load_library()
LANGUAGES = [language.code for language in LIBRARY.languages]


def gift_position() -> Position:
    """The opponent has passed on 3 and 5 (so lacks both) and holds one tile, the 1-2; the stock is empty. The
    learner's 3-1 opens a 1 and hands them the domino; the 5-5 keeps them stuck, and the 3-1 then goes out."""
    rules = Rules.one_vs_one()
    return Position.setup(rules, [["5-5", "3-1"], ["1-2"]], ["3-6", "6-5"], to_move=1).apply(Pass())


def blunder() -> Moment:
    return Moment(1, 1, gift_position(), Play(Tile(3, 1), "left"))


def quick_match(seed: int, target: int = 40, table: str = "one_vs_one") -> Game:
    """A whole short match, the learner playing as a club player would."""
    return played_through(Setup(table, level="club", seed=seed, target=target))


def test_giving_away_a_domino_is_a_mistake_with_the_coachs_reason() -> None:
    rated = rate(blunder())
    assert rated.played == Play(Tile(3, 1), "left") and rated.best == Play(Tile(5, 5), "right")
    assert rated.expected == -10  # the opponent goes out: the learner's 10 left in hand go to them
    assert rated.best_expected == 3  # the learner goes out and scores the opponent's 1-2
    assert rated.loss == 13 and rated.mark is Mark.MISTAKE
    assert rated.reason is not None and rated.reason.code == "advice.stops"  # the coach's own reason
    for lang in LANGUAGES:
        text = LIBRARY.texts.render(rated.reason.message, lang, "play")
        assert "5-5" in text and "13" in text and "{" not in text


def test_the_best_move_is_fine_and_loses_nothing() -> None:
    rated = rate(Moment(1, 1, gift_position(), Play(Tile(5, 5), "right")))
    assert rated.best == rated.played and rated.loss == 0 and rated.mark is Mark.FINE and rated.reason is None


def test_a_forced_move_is_not_a_decision() -> None:
    forced = Position.setup(Rules.one_vs_one(), [["5-5", "2-2"], ["1-2"]], ["3-6", "6-5"], to_move=1).apply(Pass())
    assert len(choices(forced.view(LEARNER))) == 1
    with pytest.raises(ValueError, match="forced"):
        rate(Moment(1, 1, forced, Play(Tile(5, 5), "right")))
    game = quick_match(seed=3)
    found = moments(game)
    learner_moves = sum(1 for hand in [*game.finished, game.position] for event in hand.history
                        if event.seat == LEARNER)
    assert 0 < len(found) < learner_moves  # some of the learner's moves were forced (a draw, a pass, one fit)
    for moment in found:
        assert len(choices(moment.view)) > 1
        assert moment.position.to_move == LEARNER and moment.position.check(moment.move) is None


def test_the_decisions_are_the_learners_moves_in_the_tables_they_were_made_in() -> None:
    game = quick_match(seed=5)
    found = moments(game)
    hands = [*game.finished, game.position]
    assert {moment.hand for moment in found} <= set(range(1, len(hands) + 1))
    for moment in found:
        event = hands[moment.hand - 1].history[moment.index]
        assert event.seat == LEARNER and event.move == moment.move
        assert moment.position.history == hands[moment.hand - 1].history[: moment.index]
    assert [m.key for m in moments(game.record)] == [m.key for m in found]  # the record gives the same


def test_progress_is_told_once_per_decision() -> None:
    game = quick_match(seed=7)
    told: list[tuple[int, int]] = []
    result = review(game, progress=lambda done, total: told.append((done, total)))
    count = len(result.ratings)
    assert count == len(moments(game)) > 0
    assert told == [(done, count) for done in range(1, count + 1)]


def test_the_same_match_is_rated_the_same_every_time() -> None:
    game = quick_match(seed=11)
    first, second = review(game), review(game.record)
    assert [(r.moment.key, r.loss, r.mark, r.best) for r in first.ratings] == \
           [(r.moment.key, r.loss, r.mark, r.best) for r in second.ratings]
    assert [r.estimates for r in first.ratings] == [r.estimates for r in second.ratings]


def test_the_evaluation_is_a_parameter() -> None:
    """Any ``(view, moves) -> estimates`` will do: here one that prefers the lightest tile, which turns the blunder
    round (a stronger analysis can be dropped in the same way)."""
    seen: list[tuple[View, tuple[Move, ...]]] = []

    def lightest_first(view: View, moves: Sequence[Move]) -> list[Estimate]:
        seen.append((view, tuple(moves)))
        return [Estimate(move, (-float(move.tile.pips) if isinstance(move, Play) else 0.0,)) for move in moves]

    rated = rate(blunder(), lightest_first)
    assert seen == [(gift_position().view(LEARNER), tuple(choices(gift_position().view(LEARNER))))]
    assert rated.best == Play(Tile(3, 1), "left") and rated.mark is Mark.FINE


def test_the_marks_limits_live_in_one_place() -> None:
    assert [THRESHOLDS.mark(loss) for loss in (0, 1.99, 2, 5.99, 6, 40)] == [
        Mark.FINE, Mark.FINE, Mark.INACCURACY, Mark.INACCURACY, Mark.MISTAKE, Mark.MISTAKE]
    strict = Thresholds(inaccuracy=0.5, mistake=1.0)
    assert rate(blunder(), thresholds=strict).mark is Mark.MISTAKE
    assert review([blunder()], thresholds=strict).thresholds == strict


def test_the_review_groups_by_hand_and_counts_the_marks() -> None:
    game = quick_match(seed=13, table="partnership")
    result = review(game)
    assert result.hands == tuple(sorted(set(result.hands)))
    assert sum(len(result.of_hand(hand)) for hand in result.hands) == len(result.ratings)
    assert sum(result.count(mark) for mark in Mark) == len(result.ratings)
    assert result.lost == pytest.approx(sum(r.loss for r in result.ratings))
    for rating in result.ratings:
        assert rating.best_expected >= rating.expected
        assert rating.loss == pytest.approx(rating.best_expected - rating.expected)
