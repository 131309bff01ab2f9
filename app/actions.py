"""What the learner's taps and buttons do to the lesson runner: run as widget callbacks, before the page is drawn,
so the picture drawn in the same run already shows their effect. Nothing here raises on bad input."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine import Event, Play, parse_move
from lessons import LessonRunner, Message, Ref
from lessons.model import seat_key
from render import HandTile, OpenEnd, SeatTiles, Stock

from .state import Session


def select_tile(session: Session, runner: LessonRunner, tile: Any) -> None:
    """Lift a tile of the hand, or put it back when it is already lifted."""
    session.clear_marks()
    if not _can_play(session, runner):
        return
    hand = runner.state.position.hands[runner.step.viewer] if runner.state.position is not None else ()
    if tile not in hand:
        session.tap_notice = Message("notice.empty_felt")
        return
    runner.select(tile)


def play_at(session: Session, runner: LessonRunner, end: str | None) -> None:
    """Play the lifted tile at an end (``None``: the lead on an empty table)."""
    session.clear_marks()
    if not _can_play(session, runner):
        return
    tile = runner.state.selected
    if tile is None:
        session.tap_notice = Message("notice.pick_tile")
        return
    feedback = runner.play(tile, end)
    if feedback.kind == "error":
        session.wrong = (tile, end)


def draw(session: Session, runner: LessonRunner) -> None:
    """Draw from the stock."""
    session.clear_marks()
    if _can_play(session, runner):
        runner.draw()


def pass_turn(session: Session, runner: LessonRunner) -> None:
    """Pass."""
    session.clear_marks()
    if _can_play(session, runner):
        runner.pass_turn()


def tap(session: Session, runner: LessonRunner, region: Any) -> None:
    """A tap on the picture, already resolved through the click map (None: empty felt)."""
    if isinstance(region, HandTile):
        select_tile(session, runner, region.tile)
    elif isinstance(region, OpenEnd):
        play_at(session, runner, region.end if region.kind == "end" else None)
    elif isinstance(region, Stock):
        draw(session, runner)
    elif isinstance(region, SeatTiles):
        session.clear_marks()
        if _can_play(session, runner):
            session.tap_notice = Message.of("notice.other_tiles", seat=_seat_ref(runner, region.seat))
    else:
        session.clear_marks()
        if _can_play(session, runner):
            session.tap_notice = Message("notice.empty_felt")


def answer(session: Session, runner: LessonRunner, option: Any) -> None:
    """Choose an answer of a question step (``None``, an emptied choice, is ignored)."""
    session.clear_marks()
    if option is None or runner.step.kind != "question":
        return
    try:
        runner.answer(int(option))
    except (TypeError, ValueError):
        session.tap_notice = Message("wrong.answer")


def hint(session: Session, runner: LessonRunner) -> None:
    """The next hint level; at the second one the tile to play is lifted so its end is marked."""
    session.clear_marks()
    runner.hint()
    if runner.step.kind == "act" and runner.state.hint_level >= 2:
        remaining = runner.remaining_solution()
        move = parse_move(remaining[0]) if remaining else None
        if isinstance(move, Play) and runner.state.selected != move.tile:
            feedback = runner.state.feedback
            runner.select(move.tile)
            runner.states[runner.number] = replace(runner.state, feedback=feedback)


def retry(session: Session, runner: LessonRunner) -> None:
    """Start the step again (mistakes already made stay counted)."""
    session.clear_marks()
    runner.retry()
    session.replies_shown.discard((runner.lesson.id, runner.number))
    session.generation += 1


def next_step(session: Session, runner: LessonRunner, free: bool = False) -> None:
    """On to the next step once this one is done (a teacher in classroom mode may move on freely)."""
    session.clear_marks()
    if runner.number >= len(runner.lesson.steps):
        session.tap_notice = Message("notice.last_step")
    elif free:
        runner.goto(runner.number + 1)
    elif not runner.next():
        session.tap_notice = Message("notice.finish_step")


def back_step(session: Session, runner: LessonRunner) -> None:
    """Back to the previous step, as the learner left it."""
    session.clear_marks()
    runner.back()


def solution_events(runner: LessonRunner) -> list[Event]:
    """The moves still to make in an act step, as events of the learner's seat (for "show the answer")."""
    return [Event(runner.step.viewer, parse_move(move)) for move in runner.remaining_solution()]


def _can_play(session: Session, runner: LessonRunner) -> bool:
    step = runner.step
    if step.kind != "act":
        session.tap_notice = Message("notice.not_your_table")
        return False
    if runner.done:
        session.tap_notice = Message("step.done")
        return False
    return True


def _seat_ref(runner: LessonRunner, seat: int) -> Ref:
    return Ref(seat_key(runner.lesson.rules, runner.step.viewer, seat))

