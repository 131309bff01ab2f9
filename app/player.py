"""The lesson player: one page per lesson showing the step's text, the table to tap, its button twins, the
question's choices, feedback, hints and the way back and forth — every action goes through the lesson runner."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import streamlit as st
from streamlit_image_coordinates import streamlit_image_coordinates

from lessons import Lesson, LessonRunner, StepView
from lessons.model import seat_key
from render import HighlightDescription

from . import actions, classroom, navigation, urls
from .i18n import Words
from .library import library
from .state import KEY, Session, session
from .table import IMAGE_KEY, picture, resolve, table_view

#: Seconds between the scripted replies as they are played out (0 shows them all at once; the tests use 0).
REPLY_DELAY = float(os.environ.get("LAPLAZA_REPLY_DELAY", "0.7"))
STAR, NO_STAR = "★", "☆"


def lesson_page(lesson_id: str) -> Callable[[], None]:
    """The page function for one lesson (pages are built from the lesson data, one callable each)."""

    def page() -> None:
        show(lesson_id)

    page.__name__ = f"lesson_{lesson_id}"
    return page


def stars_text(stars: int) -> str:
    """Stars as symbols: ★★☆."""
    return STAR * stars + NO_STAR * (3 - stars)


def show(lesson_id: str) -> None:
    """Draw a lesson at the learner's current step."""
    lib = library()
    visit = session(lib.languages[0].code)
    words = Words(lib.texts, visit.lang, lesson_id)
    try:
        lesson = lib.lesson(lesson_id)
    except KeyError:
        _broken(lib, lesson_id, words, visit)
        return
    runner = visit.runner(lesson)
    params = urls.incoming(visit)
    if params is not None:
        step = urls.requested_step(visit, params, len(lesson.steps), runner.number)
        if step is not None and step != runner.number:
            runner.goto(step)
            visit.clear_marks()
    visit.last_lesson = lesson_id
    _consume_tap(visit, runner)  # a tap set without its callback (tests, or a lost callback) is still handled once
    _draw(lesson, runner, visit, words)
    _save(visit, runner)
    urls.follow(visit, runner.number)


# ------------------------------------------------------------------------------------------------------- taps


def _on_tap(lesson_id: str) -> None:
    visit = st.session_state.get(KEY)
    if visit is not None and lesson_id in visit.runners:
        _consume_tap(visit, visit.runners[lesson_id])


def _consume_tap(visit: Session, runner: LessonRunner) -> None:
    """Handle the picture's click once: the component repeats its last value on every rerun."""
    value = st.session_state.get(IMAGE_KEY)
    if not isinstance(value, dict):
        return
    stamp = value.get("unix_time")
    if stamp is None or stamp == visit.handled_click:
        return
    visit.handled_click = stamp
    shown = visit.click_map
    if shown is None or shown[0] != runner.lesson.id or shown[1] != runner.number:
        return  # a tap on a picture of another step: it no longer means anything
    actions.tap(visit, runner, resolve(shown[2], value))


def _call(action: Callable[..., None], lesson_id: str, *args: Any) -> None:
    """A widget callback: run ``action`` on this lesson's runner."""
    visit = st.session_state.get(KEY)
    if visit is not None and lesson_id in visit.runners:
        action(visit, visit.runners[lesson_id], *args)


def _on_answer(lesson_id: str, key: str) -> None:
    _call(actions.answer, lesson_id, st.session_state.get(key))


# ------------------------------------------------------------------------------------------------------- drawing


def _draw(lesson: Lesson, runner: LessonRunner, visit: Session, words: Words) -> None:
    view = runner.view()
    title = words(lesson.title)
    count = len(lesson.steps)
    step_of = words("player.step", number=view.number, count=count)
    if visit.classroom:  # a compact header: the table gets the projector's height
        st.markdown(f"### {title} :gray[· {step_of}]")
        st.progress(view.number / count)
    else:
        st.title(title)
        st.progress(view.number / count, text=step_of)
    for notice in visit.notices:
        st.warning(words.render(notice), icon=":material/info:")
    visit.notices.clear()
    if visit.classroom:
        left, right = st.columns([3, 2], gap="large")
        with right:
            _step_text(view, words, large=True)
            _feedback(view, visit, words)
            _controls(lesson, runner, view, visit, words)
            _navigation(lesson, runner, view, visit, words)
            classroom.tools(lesson, runner, view, visit, words, _call)
        with left:
            _table(lesson, runner, view, visit, words)
    else:
        # Side by side on a wide screen, so the tile tapped and the buttons are in sight together; Streamlit
        # stacks the columns on a phone, in this order: text, table, controls.
        _step_text(view, words)
        left, right = st.columns([3, 2], gap="medium")
        with left:
            _table(lesson, runner, view, visit, words)
        with right:
            _feedback(view, visit, words)
            _controls(lesson, runner, view, visit, words)
            _navigation(lesson, runner, view, visit, words)


def _step_text(view: StepView, words: Words, large: bool = False) -> None:
    if view.kind == "remember":
        return
    if view.text:
        text = words(view.text)
        st.markdown(f"#### {text}" if large else text)


def _table(lesson: Lesson, runner: LessonRunner, view: StepView, visit: Session, words: Words) -> None:
    """The picture to tap, the replies played out one by one, and the picture in words beside it."""
    if view.position is None:
        visit.click_map = None
        return
    labels = words.role_labels()

    def look(position: Any) -> Any:
        return table_view(view, position, labels, classroom=visit.classroom, face_up=visit.face_up,
                          beginner=visit.beginner, wrong=visit.wrong, text=words)

    slot = st.empty()
    scripted = [frame for frame in view.frames if frame.scripted]
    replay = (lesson.id, view.number) not in visit.replies_shown and view.done and scripted
    if view.frames:
        with st.status(words("player.happened"), state="running" if replay else "complete", expanded=True) as box:
            for frame in view.frames:
                if replay and REPLY_DELAY > 0:
                    slot.image(picture(frame.position, look(frame.position))[1], output_format="PNG")
                    time.sleep(REPLY_DELAY if frame.scripted else REPLY_DELAY / 2)
                st.markdown(f"- {words.event(frame.event, lesson.rules, view.viewer)}")
            if replay:
                box.update(state="complete")
        visit.replies_shown.add((lesson.id, view.number))
    drawn, palette = picture(view.position, look(view.position))
    visit.click_map = (lesson.id, view.number, drawn.click_map)
    with slot:
        streamlit_image_coordinates(palette, key=IMAGE_KEY, width="stretch", png_compression_level=6,
                                    on_click=partial(_on_tap, lesson.id), cursor="pointer")
    drawn_marks, other_marks = _mark_lines(view, words, lesson, drawn.description.highlights)
    in_words = [*words.table(drawn.description, lesson.rules), *drawn_marks]
    if visit.classroom:
        with st.expander(words("player.in_words")):
            st.markdown("\n".join(f"- {line}" for line in [*in_words, *other_marks]))
    else:
        if other_marks:
            st.markdown("\n".join(f"- {line}" for line in other_marks))
        st.caption(f"**{words('player.in_words')}.** " + " ".join(in_words))


def _mark_lines(view: StepView, words: Words, lesson: Lesson,
                drawn: tuple[HighlightDescription, ...]) -> tuple[list[str], list[str]]:
    """The lesson's labelled marks in words, split in two: those the picture shows with their tag (they belong to
    its text alternative) and the others (button marks, a face-down tile), which only these words can say.

    ``drawn`` is the picture's description of the non-button marks, in the same order.
    """
    on_picture: list[str] = []
    elsewhere: list[str] = []
    position = view.position
    shown = iter(drawn)
    for mark in view.marks:
        on_it = mark.kind != "button" and next(shown).shown
        if not mark.label:
            continue
        if mark.kind == "end" and position is not None and position.ends is not None and mark.end is not None:
            number = position.ends[0] if mark.end == "left" else position.ends[1]
            what = words("player.end_button", end=words(f"end.{mark.end}"), number=number)
        elif mark.kind in ("tile", "arrow"):
            what = str(mark.tile)
        elif mark.kind == "seat" and mark.seat is not None:
            what = words(seat_key(lesson.rules, view.viewer, mark.seat))
        elif mark.kind == "button":
            what = words(f"button.{mark.button}")
        else:
            continue
        (on_picture if on_it else elsewhere).append(words("table_words.mark", label=words(mark.label), what=what))
    return on_picture, elsewhere


def _feedback(view: StepView, visit: Session, words: Words) -> None:
    if visit.tap_notice is not None:
        st.info(words.render(visit.tap_notice), icon=":material/touch_app:")
    feedback = view.feedback
    if feedback is None:
        return
    text = words.render(feedback)
    if feedback.kind == "success":
        st.success(text, icon=":material/check_circle:")
    elif feedback.kind == "error":
        st.error(text, icon=":material/error:")
    else:
        st.info(text, icon=":material/lightbulb:")


def _controls(lesson: Lesson, runner: LessonRunner, view: StepView, visit: Session, words: Words) -> None:
    if view.kind == "act":
        _act_buttons(lesson, runner, view, words)
    elif view.kind == "question":
        _choices(lesson, view, visit, words)
    elif view.kind == "remember":
        _remember(lesson, runner, view, words)


def _act_buttons(lesson: Lesson, runner: LessonRunner, view: StepView, words: Words) -> None:
    """The button twins of every tap: the tiles of the hand, the ends, Draw and Pass."""
    position = view.position
    if position is None:
        return
    done = view.done
    highlighted = {mark.button for mark in view.marks if mark.kind == "button"}
    st.caption(words("player.your_tiles"))
    with st.container(horizontal=True, gap="small"):
        for tile in position.hands[view.viewer]:
            lifted = tile == view.selected
            st.button(str(tile), key=f"tile_{tile}", type="primary" if lifted else "secondary", disabled=done,
                      icon=":material/arrow_upward:" if lifted else None,
                      on_click=_call, args=(actions.select_tile, lesson.id, tile))
    st.caption(words("player.ends"))
    with st.container(horizontal=True, gap="small"):
        if position.ends is None:
            st.button(words("player.lead_button"), key="end_lead", disabled=done,
                      on_click=_call, args=(actions.play_at, lesson.id, None))
        else:
            for end, number in zip(("left", "right"), position.ends, strict=True):
                label = words("player.end_button", end=words(f"end.{end}"), number=number)
                st.button(label, key=f"end_{end}", disabled=done, icon=":material/adjust:",
                          on_click=_call, args=(actions.play_at, lesson.id, end))
        # Draw is offered even without a stock: the engine then says why not (that may be the lesson's point).
        st.button(words("button.draw"), key="draw", disabled=done, icon=":material/download:",
                  type="primary" if "draw" in highlighted else "secondary",
                  on_click=_call, args=(actions.draw, lesson.id))
        st.button(words("button.pass"), key="pass", disabled=done, icon=":material/block:",
                  type="primary" if "pass" in highlighted else "secondary",
                  on_click=_call, args=(actions.pass_turn, lesson.id))


def answer_key(lesson_id: str, number: int, generation: int) -> str:
    """The widget key of a question's choices (new after a retry, so the choice starts empty)."""
    return f"answer_{lesson_id}_{number}_{generation}"


def _choices(lesson: Lesson, view: StepView, visit: Session, words: Words) -> None:
    key = answer_key(lesson.id, view.number, visit.generation)
    labels = [words.render(option.label) for option in view.options]
    short = all(len(label) <= 14 for label in labels)
    st.radio(words("player.choose"), options=list(range(len(labels))), format_func=lambda i: labels[i],
             index=None, key=key, horizontal=short, disabled=view.done,
             on_change=_on_answer, args=(lesson.id, key))


def _remember(lesson: Lesson, runner: LessonRunner, view: StepView, words: Words) -> None:
    with st.container(border=True):
        st.markdown(f"### :material/lightbulb: {words('remember.title')}")
        st.markdown("\n".join(f"- {words(point)}" for point in view.points))
    if runner.finished:
        st.success(f"{words('lesson.done')} {stars_text(runner.stars)} — "
                   f"{words('player.finished', stars=runner.stars)}")
    ids = navigation.lesson_ids()
    following = ids[ids.index(lesson.id) + 1] if lesson.id in ids and ids.index(lesson.id) + 1 < len(ids) else None
    with st.container(horizontal=True):
        if following is not None and st.button(words("player.next_lesson"), key="next_lesson", type="primary",
                                               icon=":material/arrow_forward:"):
            navigation.go(following)
        if st.button(words("player.all_lessons"), key="all_lessons", icon=":material/home:"):
            navigation.go(navigation.HOME)


def _navigation(lesson: Lesson, runner: LessonRunner, view: StepView, visit: Session, words: Words) -> None:
    """Back, Hint, Retry, Next — always at hand (keyboard shortcuts in classroom mode)."""
    keys = visit.classroom
    count = len(lesson.steps)
    with st.container(horizontal=True, gap="small"):
        st.button(words("button.back"), key="back", icon=":material/arrow_back:", disabled=view.number <= 1,
                  shortcut="B" if keys else None, on_click=_call, args=(actions.back_step, lesson.id))
        st.button(words("button.hint"), key="hint", icon=":material/lightbulb:",
                  disabled=view.done or view.kind not in ("act", "question"),
                  shortcut="H" if keys else None, on_click=_call, args=(actions.hint, lesson.id))
        st.button(words("button.retry"), key="retry", icon=":material/replay:",
                  disabled=view.kind not in ("act", "question"),
                  on_click=_call, args=(actions.retry, lesson.id))
        st.button(words("button.next"), key="next", icon=":material/arrow_forward:", icon_position="right",
                  type="primary" if view.done and view.number < count else "secondary",
                  disabled=view.number >= count, shortcut="N" if keys else None,
                  on_click=_call, args=(actions.next_step, lesson.id, visit.classroom))
        if st.button(words("player.all_lessons"), key="home", icon=":material/home:", type="tertiary"):
            navigation.go(navigation.HOME)


def _broken(lib: Any, lesson_id: str, words: Words, visit: Session) -> None:
    """A lesson whose file could not be loaded: say so plainly, list the problems, keep the rest of the app."""
    st.title(lesson_id)
    st.warning(words("notice.broken_lesson"), icon=":material/construction:")
    problems = [str(error) for error in lib.errors if error.lesson == lesson_id]
    if problems:
        with st.expander("Details"):
            st.code("\n".join(problems), language=None, wrap_lines=True)
    if st.button(words("player.all_lessons"), key="all_lessons", icon=":material/home:"):
        navigation.go(navigation.HOME)
    urls.follow(visit)


def _save(visit: Session, runner: LessonRunner) -> None:
    """Keep the step to reopen and, once the last step is reached with everything done, the stars."""
    finished = runner.finished and runner.number == len(runner.lesson.steps)
    stars = runner.stars if finished else None
    record = (runner.number, stars)
    if visit.saved.get(runner.lesson.id) != record:
        visit.store.save_lesson(visit.learner, runner.lesson.id, runner.number, stars)
        visit.saved[runner.lesson.id] = record

