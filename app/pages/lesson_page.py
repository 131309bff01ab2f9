"""The lesson player: one page per lesson showing the step's text, the table to tap, its button twins, the
question's choices, feedback, hints and the way back and forth — every action goes through the lesson runner."""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import partial
from typing import Any

import streamlit as st

from app import classroom, navigation, signin, urls
from app.i18n import Words
from app.library import library
from app.pages import lesson_actions, play_page
from app.state import Visit, current_visit
from app.storage.browser import FEEDBACK_KEY, INSTRUCTION_KEY
from app.storage.progress import StepResult
from app.widgets import chrome, common, gestures, lesson_table_extras
from app.widgets.lesson_table import picture, table_view
from app.widgets.picture import IMAGE_KEY, layout_boxes, tap_picture
from lessons import Lesson, LessonRunner, StepView
from render import HighlightDescription, TableView
from wording.seats import seat_key

#: Seconds between the scripted replies as the picture plays them out (0 shows the end at once; AppTest uses 0).
REPLY_DELAY = float(os.environ.get("LAPLAZA_REPLY_DELAY", "0.7"))


def lesson_page(lesson_id: str) -> Callable[[], None]:
    """The page function for one lesson (pages are built from the lesson data, one callable each)."""

    def page() -> None:
        show(lesson_id)

    page.__name__ = f"lesson_{lesson_id}"
    return page


def show(lesson_id: str) -> None:
    """Draw a lesson at the learner's current step."""
    lib = library()
    visit = current_visit()
    words = Words(lib.texts, visit.settings.lang, lesson_id)
    try:
        lesson = lib.lesson(lesson_id)
    except KeyError:
        _broken(lib, lesson_id, words, visit)
        return
    if not visit.settings.classroom:  # (classroom mode has the whole width already)
        chrome.lesson_width()
    runner = visit.runner(lesson)
    params = urls.incoming(visit)
    if params is not None:
        step = urls.requested_step(visit, params, len(lesson.steps), runner.number)
        if step is not None and step != runner.number:
            runner.goto(step)
            visit.taps.clear()
    visit.place.last_lesson = lesson_id
    _consume_tap(visit, runner)  # a tap set without its callback (tests, or a lost callback) is still handled once
    _draw(lesson, runner, visit, words)
    visit.taps.show_step(lesson.id, runner.number)
    _save(visit, runner)
    urls.follow(visit, runner.number)


# ------------------------------------------------------------------------------------------------------- taps


def _on_tap(lesson_id: str) -> None:
    visit = current_visit()
    if lesson_id in visit.place.runners:
        _consume_tap(visit, visit.place.runners[lesson_id])


def _consume_tap(visit: Visit, runner: LessonRunner) -> None:
    """Handle the picture's tap once, on the picture it was made on (a tap on another step's means nothing now)."""
    gestures.take_tap(IMAGE_KEY, visit.taps, (runner.lesson.id, runner.number), lesson_actions.LessonTable(runner),
                      partial(_acted, visit))


def _call(action: Callable[..., None], lesson_id: str, *args: Any) -> None:
    """A widget callback: run ``action`` on this lesson's runner."""
    visit = current_visit()
    if lesson_id in visit.place.runners:
        visit.taps.acted += 1
        action(visit, visit.place.runners[lesson_id], *args)


def _acted(visit: Visit) -> None:
    """An action: the feedback comes into view with the focus (app/storage/browser.py)."""
    visit.taps.acted += 1


def _gesture(lesson_id: str, gesture: gestures.Gesture, *args: Any) -> None:
    """A button twin's callback: the gesture on this lesson's table."""
    visit = current_visit()
    if lesson_id in visit.place.runners:
        _acted(visit)
        gesture(visit.taps, lesson_actions.LessonTable(visit.place.runners[lesson_id]), *args)


def _on_answer(lesson_id: str, key: str) -> None:
    _call(lesson_actions.answer, lesson_id, st.session_state.get(key))


# ------------------------------------------------------------------------------------------------------- drawing


def _draw(lesson: Lesson, runner: LessonRunner, visit: Visit, words: Words) -> None:
    view = runner.view()
    title = words(lesson.title)
    count = len(lesson.steps)
    step_of = words("player.step", number=view.number, count=count)
    room = visit.settings.classroom
    if room:  # a compact header: the table gets the projector's height
        st.markdown(f"### {title} :gray[· {step_of}]")
        st.progress(view.number / count)
    else:
        st.title(title)
        st.progress(view.number / count, text=step_of)
    common.notices(visit, words, lesson.id)
    _saved_place(lesson, runner, visit, words)
    if view.kind == "remember":  # no table: the summary takes the page's width
        _remember(lesson, runner, view, words)
        _navigation(lesson, view, visit, words)
        return
    if lesson.course != "la_plaza":  # which table plays these rules (a step may sit at another table)
        rules = view.position.rules if view.position is not None else lesson.rules
        plays = words("tables.plays", table=words(f"tables.preset.{rules.name}"))
        st.markdown(f":material/table_restaurant: *{plays}*")
    if not room:
        _step_text(view, words)
    left, right = common.table_and_controls(room)
    with right:  # beside the picture (under it on a phone), so the picture stays where it was after an action
        if room:
            _step_text(view, words, large=True)
        _feedback(view, visit, words)
        replies = _replies(lesson, view, visit, words)
        _controls(lesson, view, visit, words)
        _navigation(lesson, view, visit, words)
        if room:
            classroom.tools(lesson, runner, view, visit, words, _call)
    with left:
        _table(lesson, view, visit, words, replies)


def _step_text(view: StepView, words: Words, large: bool = False) -> None:
    """The step's instruction, in the container a new step brings into view (app/storage/browser.py)."""
    if view.prompt is not None:
        text = words.render(view.prompt)
        with st.container(key=INSTRUCTION_KEY):
            st.markdown(f"#### {text}" if large else text)


def _table(lesson: Lesson, view: StepView, visit: Visit, words: Words, replies: list[Any]) -> None:
    """The picture to tap (first playing out ``replies``, positions, one by one), and the picture in words."""
    if view.position is None:
        visit.taps.click_map = None
        return
    labels = lesson_table_extras.labels(words, view.position.rules)
    step = lesson.step(view.number)
    conceal = view.conceal if view.kind == "question" else frozenset()  # the runner's step: a drill's own too

    def look(position: Any) -> TableView:
        return table_view(view, position, labels, classroom=visit.settings.classroom, face_up=visit.settings.face_up,
                          beginner=visit.settings.beginner, wrong=visit.taps.wrong, text=words,
                          start=step.position, conceal=conceal)

    drawn, palette = picture(view.position, look(view.position))
    visit.taps.click_map = (lesson.id, view.number, drawn.click_map)
    drawn_marks, other_marks = _mark_lines(view, words, lesson, drawn.description.highlights)
    in_words = [*words.table(drawn.description, view.position.rules, conceal), *drawn_marks]
    frames = [picture(position, look(position))[1] for position in replies]
    tap_picture(palette, " ".join(in_words), on_tap=partial(_on_tap, lesson.id), replies=frames, delay=REPLY_DELAY,
                boxes=layout_boxes(drawn), classroom=visit.settings.classroom)
    if visit.settings.classroom:
        with st.expander(words("player.in_words")):
            st.markdown("\n".join(f"- {line}" for line in [*in_words, *other_marks]))
    else:
        if other_marks:
            st.markdown("\n".join(f"- {line}" for line in other_marks))
        st.caption(f"**{words('player.in_words')}.** " + " ".join(in_words))


def _replies(lesson: Lesson, view: StepView, visit: Visit, words: Words) -> list[Any]:
    """What happened in this step, in words; the positions to play out on the picture one by one (the first time
    the step is done with scripted replies, else none)."""
    if not view.frames:
        return []
    played = [frame for frame in view.frames if not frame.prelude]  # the prelude is told, not played out
    replay = (lesson.id, view.number) not in visit.place.replies_shown and view.done and any(
        frame.scripted for frame in played)
    with st.container(border=True):
        st.markdown(f"**:material/history: {words('player.happened')}**")
        st.markdown("\n".join(f"- {words.event(frame.event, frame.position.rules, view.viewer)}"
                               for frame in view.frames))
    if view.done:
        visit.place.replies_shown.add((lesson.id, view.number))
    return [frame.position for frame in played[:-1]] if replay else []


#: How a labelled mark is said beside the picture: what its tag is beside, then what the tag says (a button's
#: mark says what tapping it does, ``table_words.draw`` / ``table_words.pass``).
_MARK_WORDS = {"tile": "table_words.tile", "arrow": "table_words.tile", "end": "table_words.end",
               "seat": "table_words.seat"}


def _mark_lines(view: StepView, words: Words, lesson: Lesson,
                drawn: tuple[HighlightDescription, ...]) -> tuple[list[str], list[str]]:
    """The lesson's labelled marks in words, split in two: those the picture shows with their tag (they belong to
    its text alternative) and the others (button marks, a face-down tile), which only these words can say.

    ``drawn`` is the picture's description of the non-button marks, in the same order.
    """
    on_picture: list[str] = []
    elsewhere: list[str] = []
    shown = iter(drawn)
    for mark in view.marks:
        if mark.kind in ("count", "out_of_play"):
            continue  # parts of the table a lesson turns on: the table in words says them
        on_it = mark.kind != "button" and next(shown).shown
        what = _mark_subject(view, words, lesson, mark) if mark.label else None
        if what is not None:
            (on_picture if on_it else elsewhere).append(words(_MARK_WORDS[mark.kind] if mark.kind != "button"
                                                              else f"table_words.{mark.button}",
                                                              label=words(mark.label), what=what))
    return on_picture, elsewhere


def _mark_subject(view: StepView, words: Words, lesson: Lesson, mark: Any) -> str | None:
    """What a mark points at, in words (an end with its number, a tile, a seat, a button); None if nothing."""
    position = view.position
    ends = dict(position.open_ends) if position is not None else {}
    if mark.kind == "end" and mark.end in ends:
        return words("player.end_button", end=words(f"end.{mark.end}"), number=ends[mark.end])
    if mark.kind in ("tile", "arrow"):
        return str(mark.tile)
    if mark.kind == "seat" and mark.seat is not None:
        rules = position.rules if position is not None else lesson.rules  # a step may play another table
        return words(seat_key(rules, view.viewer, mark.seat))
    if mark.kind == "button":
        return words(f"button.{mark.button}")
    return None


def _feedback(view: StepView, visit: Visit, words: Words) -> None:
    stale = visit.taps.is_stale(view.feedback)  # an error about an earlier action: gone once the learner acts again
    with st.container(key=FEEDBACK_KEY):
        common.tap_notice(words, visit.taps.notice)
        if view.feedback is not None and not stale:
            common.feedback_box(view.feedback.kind, words.render(view.feedback))


def _controls(lesson: Lesson, view: StepView, visit: Visit, words: Words) -> None:
    if view.kind == "act":
        _act_buttons(lesson, view, visit, words)
    elif view.kind == "question":
        key = common.answer_key(lesson.id, view.number, visit.taps.generation)
        labels = [words.render(option.label) for option in view.options]
        common.answer_choice(words("player.choose"), labels, key, disabled=view.done, on_change=_on_answer,
                              args=(lesson.id, key))


def _act_buttons(lesson: Lesson, view: StepView, visit: Visit, words: Words) -> None:
    """The button twins of every tap: the tiles of the hand, the ends, Draw and Pass."""
    runner = visit.place.runners.get(lesson.id)
    if view.position is None or runner is None:
        return
    highlighted = frozenset(mark.button for mark in view.marks if mark.kind == "button")
    gestures.buttons(words, view.position, lesson_actions.LessonTable(runner), partial(_gesture, lesson.id),
                     disabled=view.done, highlighted=highlighted)


def _next_star(runner: LessonRunner, words: Words) -> None:
    """What the next star needs, under the stars: the steps to try again cleanly, or a new go at the lesson."""
    wanted = runner.next_star()
    if wanted is None:
        return
    stars, steps = wanted
    if steps == 0:
        st.caption(words("player.next_star.again", stars=stars))
    else:
        key = "player.next_star.one" if steps == 1 else "player.next_star.many"
        st.caption(words(key, stars=stars, count=steps, retry=words("button.retry")))


def _remember(lesson: Lesson, runner: LessonRunner, view: StepView, words: Words) -> None:
    """The summary step: what to remember, the stars once the lesson is finished, and the next lesson."""
    with st.container(border=True):
        st.markdown(f"### :material/lightbulb: {words('remember.title')}")
        st.markdown("\n".join(f"- {words(point)}" for point in view.points))
    if runner.finished:
        st.success(f"{words('lesson.done')} {common.stars_text(runner.stars)} — "
                   f"{words('player.finished', stars=runner.stars)}")
        _next_star(runner, words)
    ids = navigation.lesson_ids()
    following = ids[ids.index(lesson.id) + 1] if lesson.id in ids and ids.index(lesson.id) + 1 < len(ids) else None
    if following is not None and st.button(words("player.next_lesson"), key="next_lesson", type="primary",
                                           icon=":material/arrow_forward:"):
        navigation.go(following)
    if dict(navigation.courses(library())).get(lesson.course, [None])[-1] == lesson.id:  # a course's last lesson
        play_page.entry_button(words, "play_from_lesson", primary=following is None)


def _navigation(lesson: Lesson, view: StepView, visit: Visit, words: Words) -> None:
    """Back, Hint, Retry, Next and All lessons — always at hand (keyboard shortcuts in classroom mode)."""
    keys = visit.settings.classroom
    count = len(lesson.steps)
    interactive = view.kind in ("act", "question")
    with st.container(horizontal=True, gap="small"):
        st.button(words("button.back"), key="back", icon=":material/arrow_back:", disabled=view.number <= 1,
                  shortcut="B" if keys else None, on_click=_call, args=(lesson_actions.back_step, lesson.id))
        if interactive:
            st.button(words("button.hint"), key="hint", icon=":material/lightbulb:", disabled=view.done,
                      shortcut="H" if keys else None, on_click=_call, args=(lesson_actions.hint, lesson.id))
            st.button(words("button.retry"), key="retry", icon=":material/replay:",
                      on_click=_call, args=(lesson_actions.retry, lesson.id))
        if view.number < count:
            st.button(words("button.next"), key="next", icon=":material/arrow_forward:", icon_position="right",
                      type="primary" if view.done else "secondary", shortcut="N" if keys else None,
                      on_click=_call, args=(lesson_actions.next_step, lesson.id, visit.settings.classroom))
        if st.button(words("player.all_lessons"), key="all_lessons", icon=":material/home:", type="tertiary"):
            navigation.go(navigation.HOME)


def _broken(lib: Any, lesson_id: str, words: Words, visit: Visit) -> None:
    """A lesson whose file could not be loaded: say so plainly, list the problems for the lesson's author, keep
    the rest of the app."""
    st.title(lesson_id)
    st.warning(words("notice.broken_lesson"), icon=":material/construction:")
    problems = [str(error) for error in lib.errors if error.lesson == lesson_id]
    if problems:
        with st.expander(words("page.details")):
            st.code("\n".join(problems), language=None, wrap_lines=True)
    if st.button(words("player.all_lessons"), key="all_lessons", icon=":material/home:"):
        navigation.go(navigation.HOME)
    urls.follow(visit)


def _saved_place(lesson: Lesson, runner: LessonRunner, visit: Visit, words: Words) -> None:
    """After a sign-in on a lesson opened at another step (a link, a reload): where the learner left off, offered."""
    step = visit.place.offers.get(lesson.id)
    if step is None or step == runner.number:
        visit.place.offers.pop(lesson.id, None)
        return
    with st.container(horizontal=True, vertical_alignment="center"):
        st.info(words("player.saved_place", step=step), icon=":material/bookmark:")
        st.button(words("player.saved_place_go", step=step), key="saved_place", icon=":material/redo:",
                  on_click=_go_saved, args=(lesson.id, step))


def _go_saved(lesson_id: str, step: int) -> None:
    visit = current_visit()
    visit.place.offers.pop(lesson_id, None)
    if lesson_id in visit.place.runners:
        visit.taps.acted += 1
        visit.place.runners[lesson_id].goto(step)
        visit.taps.clear()


def _save(visit: Visit, runner: LessonRunner) -> None:
    """Keep the step to reopen, what the runner saw in each step (done, mistakes, hints since the last save) and,
    once the last step is reached with everything done, the stars — all from the server's own runner."""
    finished = runner.finished and runner.number == len(runner.lesson.steps)
    stars = runner.stars if finished else None
    moves = runner.state.moves if runner.step.kind == "act" and not runner.step.drill else ()
    record = (runner.number, stars, moves)
    account = visit.account
    results = _step_changes(account.steps_saved, runner)
    if account.saved.get(runner.lesson.id) == record and not results:
        return
    signin.keep_record(visit)
    if account.saved.get(runner.lesson.id) != record:
        account.store.save_lesson(account.learner, runner.lesson.id, runner.number, stars, moves)
        account.saved[runner.lesson.id] = record
    if results:
        account.store.save_steps(account.learner, runner.lesson.id, results)
        for number, result in results.items():
            seen = account.steps_saved.get((runner.lesson.id, number), (False, 0, 0))
            account.steps_saved[(runner.lesson.id, number)] = (
                seen[0] or result.done, seen[1] + result.mistakes, seen[2] + result.hints)


def _step_changes(written: dict[tuple[str, int], tuple[bool, int, int]], runner: LessonRunner) -> dict[int, StepResult]:
    """What the runner saw in each step since it was last written: done now, and the new mistakes and hints."""
    changes = {}
    for number in {*runner.states, *runner.mistakes, *runner.hints_used}:
        done = runner.number_done(number) and number in runner.states
        mistakes, hints = runner.mistakes.get(number, 0), runner.hints_used.get(number, 0)
        was_done, was_mistakes, was_hints = written.get((runner.lesson.id, number), (False, 0, 0))
        if (done and not was_done) or mistakes > was_mistakes or hints > was_hints:
            changes[number] = StepResult(done and not was_done, max(0, mistakes - was_mistakes),
                                         max(0, hints - was_hints))
    return changes
