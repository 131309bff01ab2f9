"""The match review: every real decision the learner made (two or more distinct choices), rated by the points it
lost on average against the best move, judged from the learner's own view at that moment (never a hidden tile).

Pure Python. The evaluation is one function ``(view, moves) -> list[Estimate]`` so a stronger one can replace the
default (Monte Carlo playouts on a fixed number of deals, seeded from the decision itself: the same every run).

>>> from engine import Pass, Play, Position, Rules, Tile
>>> # The opponent passed on 3 and 5 and holds one tile; the 3-1 opens a 1 for it, the 5-5 keeps them stuck.
>>> pos = Position.setup(Rules.one_vs_one(), [["5-5", "3-1"], ["1-2"]], ["3-6", "6-5"], to_move=1).apply(Pass())
>>> rated = review([Moment(1, 1, pos, Play(Tile(3, 1), "left"))]).ratings[0]
>>> rated.mark.value, rated.loss, str(rated.best), rated.reason.code
('mistake', 13.0, 'plays 5-5 right', 'advice.stops')
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from engine import Draw, Move, Play, Position, View
from wording.texts import Message

from .analysis import DEFAULT_DEALS, analyse
from .choices import choices, same_choice
from .coach import Remark, move_words, why_better
from .game import LEARNER, Game
from .montecarlo import Estimate, estimate
from .seeding import decision_rng

#: Deals every choice of a decision is played out on by the default evaluation (the same deals for every choice;
#: fewer once they are searched exactly): the analysis's own, shown stronger than the Expert with them.
REVIEW_DEALS = DEFAULT_DEALS

Evaluate = Callable[[View, Sequence[Move]], list[Estimate]]
Progress = Callable[[int, int], None]


class Mark(enum.Enum):
    """How a decision is rated: by the points it lost on average against the best move."""

    FINE = "fine"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"


@dataclass(frozen=True)
class Thresholds:
    """Where the marks begin, in points lost on average: below ``inaccuracy`` a move is fine, from ``mistake`` on
    it is a mistake (the page shows these figures)."""

    inaccuracy: float = 2.0
    mistake: float = 6.0

    def mark(self, loss: float) -> Mark:
        """The mark for a move that lost ``loss`` points on average against the best one."""
        if loss < self.inaccuracy:
            return Mark.FINE
        return Mark.INACCURACY if loss < self.mistake else Mark.MISTAKE


#: The one place the marks' limits are set.
THRESHOLDS = Thresholds()


@dataclass(frozen=True)
class Moment:
    """A decision to rate: the hand (from 1), the move's place in that hand's history (from 0), the table just
    before it, and the move the seat made."""

    hand: int
    index: int
    position: Position
    move: Move
    seat: int = LEARNER

    @property
    def view(self) -> View:
        """What the seat knew then."""
        return self.position.view(self.seat)

    @property
    def key(self) -> tuple[int, int]:
        """The decision's place in the match: (hand, move index)."""
        return self.hand, self.index


@dataclass(frozen=True)
class Rating:
    """One decision rated: its estimates (one per distinct choice), the move the seat made and the best one, the
    points lost, the mark, and the coach's reason for the better move where the coach has one."""

    moment: Moment
    played: Move
    best: Move
    estimates: tuple[Estimate, ...]
    loss: float
    mark: Mark
    reason: Remark | None

    @property
    def expected(self) -> float:
        """The expected score difference for the seat's side after the move it made."""
        return self._of(self.played).mean

    @property
    def best_expected(self) -> float:
        """The expected score difference after the best move."""
        return self._of(self.best).mean

    def _of(self, move: Move) -> Estimate:
        return next(found for found in self.estimates if found.move == move)


@dataclass(frozen=True)
class Review:
    """Every rated decision of a match, in the order they were made."""

    ratings: tuple[Rating, ...]
    thresholds: Thresholds = THRESHOLDS

    @property
    def hands(self) -> tuple[int, ...]:
        """The hands with at least one decision, in order."""
        return tuple(dict.fromkeys(rating.moment.hand for rating in self.ratings))

    def of_hand(self, hand: int) -> tuple[Rating, ...]:
        """The decisions of one hand."""
        return tuple(rating for rating in self.ratings if rating.moment.hand == hand)

    def count(self, mark: Mark) -> int:
        """How many decisions got ``mark``."""
        return sum(1 for rating in self.ratings if rating.mark is mark)

    @property
    def lost(self) -> float:
        """The points lost on average over the whole match, every decision together."""
        return sum(rating.loss for rating in self.ratings)


def monte_carlo(deals: int = REVIEW_DEALS, seed: int = 0) -> Evaluate:
    """The default evaluation: every move played out on ``deals`` deals consistent with the view, the deals drawn
    from a generator seeded by the decision (``seed`` and the view), so a decision is rated the same every time."""

    def evaluate(view: View, moves: Sequence[Move]) -> list[Estimate]:
        return estimate(view, moves, deals, decision_rng(seed, view, "review"))

    return evaluate


def analysed(deals: int = REVIEW_DEALS, seed: int = 0) -> Evaluate:
    """The stronger evaluation (``play.analysis.analyse``): the same sampled deals for every choice, and each deal
    searched exactly once few tiles are left, so a late decision is rated without the playouts' noise."""

    def evaluate(view: View, moves: Sequence[Move]) -> list[Estimate]:
        found = analyse(view, deals, seed)
        return [found.estimate_of(move) for move in moves]

    return evaluate


def moments(game: Game | str, seat: int = LEARNER) -> list[Moment]:
    """A seat's decisions in a match (a game or its record; by default the Play page's learner, at a class table the
    seat a learner holds): each of its moves with two or more distinct choices, with the table just before it, over
    every hand so far."""
    played = Game.from_record(game) if isinstance(game, str) else game
    hands = [*played.finished, played.position]
    again = Game.new(replace(played.setup, coach=False))  # replayed for the tables before each move
    found: list[Moment] = []
    for number, hand in enumerate(hands, start=1):
        if number > 1:
            again.next_hand()
        for index, event in enumerate(hand.history):
            position = again.position
            if position.to_move == seat and len(choices(position.view(seat))) > 1:
                found.append(Moment(number, index, position, event.move, seat))
            error = again.move(event.move)
            if error is not None:  # the game's own history: cannot happen
                raise ValueError(f"hand {number}: {event.move} does not replay ({error})")
    return found


def rate(moment: Moment, evaluate: Evaluate | None = None, thresholds: Thresholds = THRESHOLDS) -> Rating:
    """One decision rated: every distinct choice evaluated from the seat's view, the move made against the best."""
    view = moment.view
    options = choices(view)
    played = next((option for option in options if same_choice(view, option, moment.move)), None)
    if played is None:
        raise ValueError(f"{moment.move} is not one of seat {moment.seat}'s legal moves there")
    if len(options) < 2:
        raise ValueError(f"{moment.move} was forced: there was nothing to choose")
    estimates = tuple((evaluate or monte_carlo())(view, options))
    best = max(estimates, key=lambda found: found.mean)  # the first of equals: choices() keeps the engine's order
    mine = next(found for found in estimates if found.move == played)
    loss = max(0.0, best.mean - mine.mean)
    mark = thresholds.mark(loss)
    reason = None
    if mark is not Mark.FINE and isinstance(best.move, Play) and isinstance(played, Play):
        reason = why_better(view, best.move, played, loss)
    return Rating(moment, played, best.move, estimates, loss, mark, reason)


def review(source: Game | str | Sequence[Moment], evaluate: Evaluate | None = None,
           progress: Progress | None = None, thresholds: Thresholds = THRESHOLDS) -> Review:
    """Rate every decision of a match (a game, its record, or decisions already picked out); ``progress(done,
    total)`` is called once after each decision is rated."""
    picked = list(source) if not isinstance(source, Game | str) else moments(source)
    evaluate = evaluate or monte_carlo()
    ratings = []
    for done, moment in enumerate(picked, start=1):
        ratings.append(rate(moment, evaluate, thresholds))
        if progress is not None:
            progress(done, len(picked))
    return Review(tuple(ratings), thresholds)


def move_message(view: View, move: Move) -> Message:
    """A move in words, to stand inside a sentence: a play as the coach names it, or drawing, or passing."""
    if isinstance(move, Play):
        return move_words(view, move)
    return Message("review.move_draw" if isinstance(move, Draw) else "review.move_pass")


__all__ = [
    "REVIEW_DEALS",
    "THRESHOLDS",
    "Evaluate",
    "Mark",
    "Moment",
    "Rating",
    "Review",
    "Thresholds",
    "analysed",
    "moments",
    "monte_carlo",
    "move_message",
    "rate",
    "review",
]
