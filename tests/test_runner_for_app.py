"""The lesson runner's methods for the app's pages: the hand, the lifted tile, lifting the hinted tile, and the moves
still to make as events — so a page never reads or writes the runner's state itself."""

from __future__ import annotations

from engine import Draw, Event, Play, parse_move
from lessons import LessonRunner, load_library
from practice.drills import make_drill

LIBRARY = load_library()


def _act_step_with_a_play() -> tuple[str, int]:
    """A lesson and step whose scripted solution starts by playing a tile at an end."""
    for lesson in LIBRARY.lessons:
        for step in lesson.steps:
            if step.kind == "act" and step.hints is None and step.paths:
                first = parse_move(step.paths[0][0])
                if isinstance(first, Play) and first.end is not None:
                    return lesson.id, step.number
    raise AssertionError("no lesson has an act step that starts by playing a tile")


def _runner(lesson_id: str, number: int) -> LessonRunner:
    runner = LessonRunner(LIBRARY.lesson(lesson_id), drills=make_drill)
    runner.goto(number)
    return runner


def test_the_hand_is_the_learners_tiles_and_empty_without_a_table() -> None:
    lesson_id, number = _act_step_with_a_play()
    runner = _runner(lesson_id, number)
    step = runner.step
    assert runner.hand == tuple(step.position.hands[step.viewer])
    remember = next((lesson.id, s.number) for lesson in LIBRARY.lessons for s in lesson.steps if s.kind == "remember")
    assert _runner(*remember).hand == ()


def test_selected_follows_select() -> None:
    runner = _runner(*_act_step_with_a_play())
    tile = runner.hand[0]
    assert runner.selected is None
    runner.select(tile)
    assert runner.selected == tile
    runner.select(tile)
    assert runner.selected is None


def test_the_second_hint_lifts_the_tile_to_play_and_keeps_the_hints_words() -> None:
    runner = _runner(*_act_step_with_a_play())
    first = parse_move(runner.remaining_solution()[0])
    assert isinstance(first, Play)
    runner.hint()
    assert not runner.lift_hinted_tile()  # the first hint names the tile; nothing is lifted yet
    assert runner.selected is None
    words = runner.hint()
    assert runner.lift_hinted_tile()
    assert runner.selected == first.tile
    assert runner.view().feedback == words
    assert not runner.lift_hinted_tile()  # already lifted: nothing changes
    assert runner.selected == first.tile


def test_lifting_the_hinted_tile_counts_no_mistake_and_replaces_another_lifted_tile() -> None:
    runner = _runner(*_act_step_with_a_play())
    first = parse_move(runner.remaining_solution()[0])
    other = next(tile for tile in runner.hand if tile != first.tile)
    runner.select(other)
    runner.hint()
    runner.hint()
    assert runner.lift_hinted_tile() and runner.selected == first.tile
    assert runner.total_mistakes == 0


def test_nothing_is_lifted_on_a_question_or_a_finished_step() -> None:
    question = next((lesson.id, step.number) for lesson in LIBRARY.lessons for step in lesson.steps
                    if step.kind == "question")
    runner = _runner(*question)
    runner.hint()
    runner.hint()
    assert not runner.lift_hinted_tile() and runner.selected is None
    runner = _runner(*_act_step_with_a_play())
    for move in runner.remaining_solution():
        runner.act(move)
    assert runner.done
    assert not runner.lift_hinted_tile()


def test_solution_events_are_the_remaining_moves_of_the_learners_seat() -> None:
    runner = _runner(*_act_step_with_a_play())
    remaining = runner.remaining_solution()
    events = runner.solution_events()
    assert events == tuple(Event(runner.step.viewer, parse_move(move)) for move in remaining)
    assert all(isinstance(event, Event) for event in events)
    runner.act(remaining[0])
    assert runner.solution_events() == events[1:]


def test_solution_events_of_a_draw_step() -> None:
    drawing = next((lesson.id, step.number) for lesson in LIBRARY.lessons for step in lesson.steps
                   if step.kind == "act" and step.paths and isinstance(parse_move(step.paths[0][0]), Draw))
    runner = _runner(*drawing)
    assert isinstance(runner.solution_events()[0].move, Draw)
    assert runner.solution_events()[0].seat == runner.step.viewer
