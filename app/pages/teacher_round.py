"""The teacher's side of a live round, on the Teacher page: starting a round for the class open (a lesson question, a
practice code, or a new set from skills and a count; seconds per question or until everyone has answered; a
leaderboard, off by default), and the round on the projector — the question with its table, the countdown, how many
have answered of how many are there, then the tally as bars with their numbers in words, the right answer and why,
and the leaderboard by nickname if asked for. A "play the tile" question (a lesson's one-move act step) is played on
the phones' tables; its bars are the moves played, each said in words. Keys: N next question, A show the answer
(R is Streamlit's), P pause.

The projector shows no code and no secret: the question, counts, and (only if the teacher turned it on) nicknames.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import UTC, datetime

import streamlit as st

from app.i18n import Words, plain
from app.library import library
from app.pages.teacher_desk import Desk, desk, page_words
from app.state import tab_state
from app.storage.browser import FEEDBACK_KEY
from app.storage.progress_sql import DATABASE_ERRORS
from app.storage.rounds_sql import SqlRounds
from app.widgets import common
from app.widgets.round_question import (
    answer_text,
    draw_table,
    notes,
    option_labels,
    prompt,
    reasons,
    round_words,
    rounds_store,
)
from practice import get_skill
from practice.rounds import ROUND_SKILLS, Asked, Item, Round, RoundRefused, Settings, draw_set, question_steps, tally

KEY = "teacher_round"  # session state: this tab's `RoundDesk`
FOLLOW_SECONDS = 1.0
LESSON, CODE, SKILLS = "lesson", "code", "skills"

PROJECTOR_CSS = """
<style>
[data-testid="stSidebar"], [data-testid="stSidebarCollapsedControl"], [data-testid="stExpandSidebarButton"] {
  display: none; }
.st-key-round_projector h1 { font-size: 3rem; }
.st-key-round_projector [data-testid="stMarkdownContainer"] p,
.st-key-round_projector [data-testid="stMarkdownContainer"] li { font-size: 1.8rem; }
.st-key-round_projector [data-testid="stCaptionContainer"] p { font-size: 1.3rem; }
.st-key-round_projector [data-testid="stProgress"] p { font-size: 1.6rem; }
.st-key-round_answered [data-testid="stMarkdownContainer"] p { font-size: 2.2rem; font-weight: 600; }
</style>
"""


@dataclass
class RoundDesk:
    """The round's part of the Teacher page in one tab: the round on the projector (its id and the class), the
    version last drawn there, and what to say once."""

    showing: str | None = None
    class_code: str | None = None
    drawn: int | None = None
    notice: tuple[str, str] | None = None


def round_desk() -> RoundDesk:
    """This tab's `RoundDesk`."""
    return tab_state(KEY, RoundDesk)


def _words(words: Words) -> Words:
    return round_words(words.texts, words.lang)


def _say(state: RoundDesk) -> None:
    if state.notice is not None:
        with st.container(key=FEEDBACK_KEY):
            common.feedback_box(*state.notice)
        state.notice = None


# --------------------------------------------------------------------------------------------- starting a round


def controls(here: Desk, words: Words) -> None:
    """The live round's box on the teacher's own screen, for the class open: the round running, or start one."""
    rounds, state = rounds_store(), round_desk()
    if rounds is None or here.school_class is None:
        return
    words = _words(words)
    try:
        found = rounds.current(here.school_class.code)
    except DATABASE_ERRORS:
        st.warning(words("round.failed"), icon=":material/cloud_off:")
        return
    with st.container(border=True, key="round_controls"):
        st.subheader(words("round.teacher.title"), anchor=False)
        _say(state)
        if found is not None and found.phase != "over":
            st.markdown(words("round.teacher.running", number=found.number + 1, size=len(found.items)))
            with st.container(horizontal=True, gap="small"):
                st.button(words("round.teacher.show"), key="round_show", type="primary", icon=":material/tv:",
                          on_click=_on_show, args=(found.id,))
                st.button(words("round.teacher.end"), key="round_end", icon=":material/stop:",
                          on_click=_on_act, args=(found.id, "end", found.version))
            return
        st.caption(words("round.teacher.intro"))
        _start_form(words)
        st.button(words("round.teacher.start"), key="round_start", type="primary", icon=":material/play_arrow:",
                  on_click=_on_start)


def _start_form(words: Words) -> None:
    sources = {LESSON: words("round.teacher.from_lesson"), CODE: words("round.teacher.from_code"),
               SKILLS: words("round.teacher.from_skills")}
    source = st.segmented_control(words("round.teacher.source"), list(sources), format_func=sources.__getitem__,
                                  default=SKILLS, key="round_source") or SKILLS
    if source == LESSON:
        lessons = _question_lessons()
        titles = {lesson_id: words.texts.find(words.lang, "title", lesson_id) or lesson_id for lesson_id in lessons}
        chosen = st.selectbox(words("round.teacher.lesson"), list(lessons), format_func=titles.__getitem__,
                              key="round_lesson")
        lesson = library().lesson(chosen)
        said = Words(words.texts, words.lang, chosen)

        def step_label(number: int) -> str:
            step = lesson.steps[number - 1]
            text = said.render(step.message) if step.message is not None else ""
            key = "round.teacher.step_label_tap" if step.kind == "act" else "round.teacher.step_label"
            return words(key, step=number, text=text if len(text) < 90 else f"{text[:88]}…")

        st.selectbox(words("round.teacher.step"), list(lessons[chosen]), format_func=step_label,
                     key=f"round_step_{chosen}")
    elif source == CODE:
        st.text_input(words("round.teacher.code"), key="round_code", placeholder="lacks-4821", max_chars=40,
                      help=words("round.teacher.code_help"))
    else:
        st.multiselect(words("round.teacher.skills"), list(ROUND_SKILLS),
                       format_func=lambda skill: words(get_skill(skill).title), default=["must", "lacks"],
                       key="round_skills")
        st.number_input(words("round.teacher.count"), min_value=1, max_value=30, value=5, step=1, key="round_count")
    st.number_input(words("round.teacher.seconds"), min_value=0, max_value=600, value=20, step=5,
                    help=words("round.teacher.seconds_help"), key="round_seconds")
    st.toggle(words("round.teacher.leaderboard"), value=False, key="round_leaderboard")


@st.cache_data(show_spinner=False)
def _question_lessons_of(_stamp: int) -> dict[str, tuple[int, ...]]:
    found = {}
    for lesson in library().lessons:
        steps = question_steps(lesson)
        if steps:
            found[lesson.id] = steps
    return found


def _question_lessons() -> dict[str, tuple[int, ...]]:
    """Every lesson with questions a round can ask, and those steps' numbers."""
    return _question_lessons_of(id(library()))


def _items(words: Words) -> list[Item] | None:
    """The questions the form asks for (None, said why, when it names none)."""
    source = st.session_state.get("round_source") or SKILLS
    state = round_desk()
    if source == LESSON:
        lesson_id = st.session_state.get("round_lesson")
        number = st.session_state.get(f"round_step_{lesson_id}")
        if lesson_id is None or number is None:
            return None
        return [Item.lesson_step(str(lesson_id), int(number))]
    if source == CODE:
        typed = str(st.session_state.get("round_code") or "")
        try:
            return [Item.code(typed)]
        except ValueError:
            state.notice = ("error", words("round.teacher.bad_code"))
            return None
    skills = list(st.session_state.get("round_skills") or [])
    count = int(st.session_state.get("round_count") or 5)
    try:
        return list(draw_set(skills, count, random.SystemRandom()))
    except ValueError:
        state.notice = ("error", words("round.teacher.no_skills"))
        return None


def _on_start() -> None:
    here, rounds, state = desk(), rounds_store(), round_desk()
    words = _words(page_words())
    if rounds is None or here.school_class is None or here.teacher_id is None:
        return
    items = _items(words)
    if not items:
        return
    settings = Settings(int(st.session_state.get("round_seconds") or 0),
                        bool(st.session_state.get("round_leaderboard")))
    try:
        made = rounds.start(here.school_class.code, here.teacher_id, items, settings)
    except RoundRefused as refused:
        state.notice = ("error", words(f"round.refused.{refused.code}"))
        return
    except DATABASE_ERRORS:
        state.notice = ("error", words("round.failed"))
        return
    _on_show(made.id)


def _on_show(round_id: str) -> None:
    here, state = desk(), round_desk()
    state.showing = round_id
    state.class_code = here.school_class.code if here.school_class is not None else None
    state.drawn = None


def _on_act(round_id: str, action: str, version: int) -> None:
    rounds, state = rounds_store(), round_desk()
    if rounds is None:
        return
    try:
        rounds.act(round_id, action, version)
        if action == "end":
            state.notice = ("info", _words(page_words())("round.teacher.ended"))
    except RoundRefused as refused:
        state.notice = ("info", _words(page_words())(f"round.refused.{refused.code}"))
    except DATABASE_ERRORS:
        state.notice = ("error", _words(page_words())("round.failed"))


def _on_back() -> None:
    state = round_desk()
    state.showing = None


# --------------------------------------------------------------------------------------------- the projector


def projector(here: Desk, words: Words) -> bool:
    """Draw the round on the projector when the teacher put it there (True: drawn, nothing else goes on the page)."""
    state = round_desk()
    rounds = rounds_store()
    school_class = here.school_class
    if state.showing is None or rounds is None or school_class is None or here.teacher_id is None:
        return False
    if state.class_code != school_class.code:  # another class opened since
        state.showing = None
        return False
    words = _words(words)
    try:
        found = rounds.get(state.showing)
        found = rounds.settle(found) if found is not None else None
    except DATABASE_ERRORS:
        st.warning(words("round.failed"), icon=":material/cloud_off:")
        return True
    if found is None or found.class_code != school_class.code:
        state.showing = None
        return False
    st.html(PROJECTOR_CSS)
    state.drawn = found.version
    with st.container(horizontal=True, horizontal_alignment="distribute", vertical_alignment="center"):
        st.caption(words("round.number", number=found.number + 1, size=len(found.items)))
        st.button(words("round.projector.back"), key="round_back", icon=":material/close:", type="tertiary",
                  shortcut="Escape", on_click=_on_back)
    _say(state)
    with st.container(key="round_projector"):
        if found.phase == "over":
            st.title(words("round.projector.over"), anchor=False)
            if found.settings.leaderboard:
                _leaderboard(rounds, found, words)
        else:
            _question(rounds, found, words)
    _keys(found, words)
    _follow(found.id)
    return True


def _question(rounds: SqlRounds, found: Round, words: Words) -> None:
    asked = rounds.asked(found.item)
    labels = option_labels(asked, words)
    left, right = st.columns([3, 2], gap="large")
    with left:
        draw_table(asked, words, key="round_projector_table", projector=True, answer=found.phase == "revealed")
    with right:
        st.markdown(f"### {prompt(asked, words)}")
        if asked.notes:
            st.markdown(notes(asked, words))
        if found.phase != "revealed" and asked.taps:  # the moves are made on the phones' tables
            st.markdown(words("round.projector.tap"))
        elif found.phase != "revealed":
            st.markdown("\n".join(f"- {label}" for label in labels))
            st.caption(words("round.projector.join"))
        else:
            _tally(rounds, found, asked, labels, words)
            if found.settings.leaderboard:
                _leaderboard(rounds, found, words)


def _tally(rounds: SqlRounds, found: Round, asked: Asked, labels: list[str], words: Words) -> None:
    """The tally as bars, each with its option and count in words (the right one said so, not only coloured); a
    tap-to-play question's bars are the moves played, and the right ones even when nobody played them."""
    counts = tally(asked, rounds.picks(found))
    st.markdown(f"**{words('round.projector.tally')}**")
    answered = sum(counts) or 1  # each bar its share of the answers: four options picked once each are four quarters
    with st.container(key="round_tally"):
        for index, (label, count) in enumerate(zip(labels, counts, strict=True)):
            if asked.taps and not count and index not in asked.rights:
                continue  # a legal move nobody played
            key = "round.projector.bar_right" if index in asked.rights else "round.projector.bar"
            st.progress(count / answered, text=words(key, option=label, count=count))
    answer = answer_text(asked, words, labels)
    common.feedback_box("success", f"**{words('round.projector.answer_is', answer=answer)}**  \n"
                                   f"{reasons(asked, words, None)}")


def _leaderboard(rounds: SqlRounds, found: Round, words: Words) -> None:
    standings = rounds.standings(found)
    if not standings:
        return
    st.markdown(f"**{words('round.projector.leaderboard')}**")
    st.markdown("  \n".join(words("round.projector.standing", place=place, nickname=plain(standing.nickname),
                                  right=standing.right)
                            for place, standing in enumerate(standings, start=1)))


def _keys(found: Round, words: Words) -> None:
    """The teacher's buttons, with their keys."""
    if found.phase == "over":
        return
    with st.container(horizontal=True, gap="small", key="round_keys"):
        st.button(words("round.projector.reveal"), key="round_reveal", icon=":material/visibility:", shortcut="A",
                  disabled=found.phase == "revealed", on_click=_on_act, args=(found.id, "reveal", found.version))
        label = words("round.projector.finish") if found.last else words("round.projector.next")
        st.button(label, key="round_next", type="primary", icon=":material/arrow_forward:", shortcut="N",
                  on_click=_on_act, args=(found.id, "next", found.version))
        paused = found.phase == "paused"
        st.button(words("round.projector.resume") if paused else words("round.projector.pause"), key="round_pause",
                  icon=":material/play_arrow:" if paused else ":material/pause:", shortcut="P",
                  disabled=found.phase == "revealed", on_click=_on_act, args=(found.id, "pause", found.version))
    st.caption(words("round.projector.keys"))


@st.fragment(run_every=FOLLOW_SECONDS)
def _follow(round_id: str) -> None:
    """Every second: how many have answered of how many are there, and the countdown; when the round changed (the
    last answer revealed it, the countdown ran out), the projector is drawn again."""
    st.set_page_config(layout="wide")  # a fragment's own run would fall back to the narrow layout
    rounds, state = rounds_store(), round_desk()
    if rounds is None or state.showing != round_id:
        return
    words = round_words(library().texts, page_words().lang)
    try:
        found = rounds.get(round_id)
        found = rounds.settle(found) if found is not None else None
        if found is None:
            return
        if found.version != state.drawn:
            st.rerun()
        if found.phase == "over":
            return
        count = rounds.count(found)
    except DATABASE_ERRORS:
        return
    with st.container(key="round_answered"):
        line = words("round.projector.answered", answered=count.answered, present=count.present)
        left = found.time_left(datetime.now(UTC))
        if found.phase == "paused":
            line += f" · {words('round.projector.paused')}"
        elif found.phase == "open":
            line += " · " + (words("round.seconds_left", seconds=int(left + 0.999)) if left is not None
                             else words("round.until_all"))
        st.markdown(line)
