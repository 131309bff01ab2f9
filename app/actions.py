"""What the learner's taps and buttons do to the lesson runner: run as widget callbacks, before the page is drawn,
so the picture drawn in the same run already shows their effect. Nothing here raises on bad input, and nothing
here reads or writes the runner's insides: every change goes through its public methods."""

from __future__ import annotations

from typing import Any

from lessons import LessonRunner
from render import HandTile, OpenEnd, SeatTiles, Stock
from wording import Message, Ref
from wording.seats import seat_key

from .state import Visit


def select_tile(visit: Visit, runner: LessonRunner, tile: Any) -> None:
    """Lift a tile of the hand, or put it back when it is already lifted."""
    visit.taps.clear()
    if not _can_play(visit, runner):
        return
    if tile not in runner.hand:
        visit.taps.notice = Message("notice.empty_felt")
        return
    runner.select(tile)


def play_at(visit: Visit, runner: LessonRunner, end: str | None) -> None:
    """Play the lifted tile at an end (``None``: the lead on an empty table)."""
    visit.taps.clear()
    if not _can_play(visit, runner):
        return
    tile = runner.selected
    if tile is None:
        visit.taps.notice = Message("notice.pick_tile")
        return
    feedback = runner.play(tile, end)
    if feedback.kind == "error":
        visit.taps.wrong = (tile, end)


def draw(visit: Visit, runner: LessonRunner) -> None:
    """Draw from the stock."""
    visit.taps.clear()
    if _can_play(visit, runner):
        runner.draw()


def pass_turn(visit: Visit, runner: LessonRunner) -> None:
    """Pass."""
    visit.taps.clear()
    if _can_play(visit, runner):
        runner.pass_turn()


def tap(visit: Visit, runner: LessonRunner, region: Any) -> None:
    """A tap on the picture, already resolved through the click map (None: empty felt)."""
    if isinstance(region, HandTile):
        select_tile(visit, runner, region.tile)
    elif isinstance(region, OpenEnd):
        play_at(visit, runner, region.end if region.kind == "end" else None)
    elif isinstance(region, Stock):
        draw(visit, runner)
    elif isinstance(region, SeatTiles):
        visit.taps.clear()
        if _can_play(visit, runner):
            visit.taps.notice = Message.of("notice.other_tiles", seat=_seat_ref(runner, region.seat))
    else:
        visit.taps.clear()
        if _can_play(visit, runner):
            visit.taps.notice = Message("notice.empty_felt")


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


def _can_play(visit: Visit, runner: LessonRunner) -> bool:
    if runner.step.kind != "act":
        visit.taps.notice = Message("notice.not_your_table")
        return False
    if runner.done:
        visit.taps.notice = Message("step.done")
        return False
    return True


def _seat_ref(runner: LessonRunner, seat: int) -> Ref:
    position = runner.step.position  # a step's own rules: a 1-vs-1 lesson may show a partnership table
    return Ref(seat_key(position.rules if position is not None else runner.lesson.rules, runner.step.viewer, seat))
