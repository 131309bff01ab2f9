"""The computer players: a beginner, a club player and an expert, each choosing a legal move from a seat's view."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

from engine import Move, Play, Position, View

from .choices import choices
from .heuristics import club_score
from .montecarlo import best_of
from .seeding import decision_rng

Level = Literal["beginner", "club", "expert"]
LEVELS: tuple[Level, ...] = ("beginner", "club", "expert")

#: The expert's playouts for one decision, shared out over its choices (so its time hardly depends on how many).
EXPERT_PLAYOUTS = 1500


class ComputerPlayer(Protocol):
    """Anything that picks a move from a view (its level and seed are read-only: the players are frozen)."""

    @property
    def level(self) -> str:
        """The player's level: ``"beginner"``, ``"club"`` or ``"expert"``."""
        ...

    @property
    def seed(self) -> int:
        """The seed its choices follow."""
        ...

    def choose(self, view: View) -> Move:
        """One of ``view.legal_moves()``; the same seed and view always give the same move."""
        ...


@dataclass(frozen=True)
class Beginner:
    """Plays like a new learner: always legal, mostly whatever fits first to the eye, now and then its heaviest."""

    seed: int
    level: str = "beginner"

    def choose(self, view: View) -> Move:
        """A legal move, at random among the distinct choices, sometimes the heaviest tile."""
        options = _options(view)
        rng = decision_rng(self.seed, view, self.level)
        if len(options) > 1 and rng.random() < 0.3:
            return max(options, key=lambda move: move.tile.pips)  # type: ignore[union-attr]  # several options: all Plays
        return options[rng.randrange(len(options))]


@dataclass(frozen=True)
class Club:
    """A heuristic player: heavy tiles and doubles early, a variety of numbers kept, the numbers an opponent lacks
    put on the ends, the partner's numbers kept open."""

    seed: int
    level: str = "club"

    def choose(self, view: View) -> Move:
        """The move the club heuristics like best (ties broken by the seeded generator)."""
        options = _options(view)
        if len(options) == 1:
            return options[0]
        rng = decision_rng(self.seed, view, self.level)
        return max(options, key=lambda move: (club_score(view, move), rng.random()))


@dataclass(frozen=True)
class Expert:
    """Determinized Monte Carlo: deals the unseen tiles at random, plays every choice out, keeps the best average."""

    seed: int
    level: str = "expert"
    playouts: int = EXPERT_PLAYOUTS

    def choose(self, view: View) -> Move:
        """The choice with the best expected score difference over a fixed number of seeded playouts."""
        options = _options(view)
        if len(options) == 1:
            return options[0]
        for move in options:
            if isinstance(move, Play) and len(view.hand) == 1:
                return move  # the last tile: the hand is won, there is nothing to weigh
        return best_of(view, options, self.playouts, decision_rng(self.seed, view, self.level))


def computer_player(level: str, seed: int) -> ComputerPlayer:
    """A computer player of ``level`` (``"beginner"``, ``"club"`` or ``"expert"``) whose choices follow ``seed``."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed={seed!r}: a whole number")
    if level == "beginner":
        return Beginner(seed)
    if level == "club":
        return Club(seed)
    if level == "expert":
        return Expert(seed)
    raise ValueError(f"level={level!r}: use one of {', '.join(map(repr, LEVELS))}")


def _options(view: View) -> list[Move]:
    if not isinstance(view, View):
        hint = " (a Position sees every hand: give position.view(seat))" if isinstance(view, Position) else ""
        raise TypeError(f"choose takes a seat's View, not {view!r}{hint}")
    options = choices(view)
    if not options:
        raise ValueError(f"seat {view.seat} has no move to choose: it is seat {view.to_move}'s turn"
                         if view.outcome is None else "the hand is over: there is no move to choose")
    return options
