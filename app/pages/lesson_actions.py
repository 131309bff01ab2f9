"""What the learner's actions do to the lesson runner: run as widget callbacks, before the page is drawn, so the
picture drawn in the same run already shows their effect. Taps and their button twins go the way of every table
(`app/widgets/gestures.py`) through `LessonTable`. Nothing here raises on bad input, and nothing here reads or writes
the runner's insides: every change goes through its public methods."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.state import Visit
from engine import Move, Tile
from lessons import LessonRunner
from wording import Message, Ref
from wording.seats import seat_key


@dataclass(frozen=True)
class LessonTable:
    """A lesson step's table as the gestures see it (`app.widgets.gestures.Table`): the runner judges every move, and
    its feedback (the engine's refusal in words, or the lesson's own word on a wrong move) is what the page shows."""

    runner: LessonRunner

    @property
    def viewer(self) -> int:
        """The seat the step shows the table from."""
        return self.runner.step.viewer

    @property
    def hand(self) -> tuple[Tile, ...]:
        """The learner's tiles."""
        return self.runner.hand

    @property
    def selected(self) -> Tile | None:
        """The lifted tile."""
        return self.runner.selected

    def blocked(self) -> Message | None:
        """Why no move can be made here: a step without a table to play, or one done already."""
        if self.runner.step.kind != "act":
            return Message("notice.not_your_table")
        if self.runner.done:
            return Message("step.done")
        return None

    def select(self, tile: Tile) -> None:
        """Lift the tile, or put it back."""
        self.runner.select(tile)

    def move(self, move: Move) -> bool:
        """The move, judged by the runner; False when refused or wrong (its feedback says why)."""
        return self.runner.act(move).kind != "error"

    def seat(self, seat: int) -> Ref:
        """A seat named from the step's viewer, by the step's own rules (a 1-vs-1 lesson may show a partnership)."""
        runner = self.runner
        position = runner.step.position
        return Ref(seat_key(position.rules if position is not None else runner.lesson.rules, runner.step.viewer,
                            seat))


def answer(visit: Visit, runner: LessonRunner, option: Any) -> None:
    """Choose an answer of a question step (``None``, an emptied choice, is ignored)."""
    visit.taps.clear()
    if option is None or runner.step.kind != "question":
        return
    try:
        runner.answer(int(option))
    except (TypeError, ValueError):
        visit.taps.notice = Message("wrong.answer")


def hint(visit: Visit, runner: LessonRunner) -> None:
    """The next hint level; from the second one the tile to play is lifted, so the picture marks its end."""
    visit.taps.clear()
    runner.hint()
    runner.lift_hinted_tile()


def retry(visit: Visit, runner: LessonRunner) -> None:
    """Start the step again (mistakes already made stay counted)."""
    visit.taps.clear()
    runner.retry()
    visit.place.replies_shown.discard((runner.lesson.id, runner.number))
    visit.taps.generation += 1


def next_step(visit: Visit, runner: LessonRunner, free: bool = False) -> None:
    """On to the next step once this one is done (a teacher in classroom mode may move on freely)."""
    visit.taps.clear()
    if runner.number >= len(runner.lesson.steps):
        visit.taps.notice = Message("notice.last_step")
    elif free:
        runner.goto(runner.number + 1)
    elif not runner.next():
        visit.taps.notice = Message("notice.finish_step")


def back_step(visit: Visit, runner: LessonRunner) -> None:
    """Back to the previous step, as the learner left it."""
    visit.taps.clear()
    runner.back()
