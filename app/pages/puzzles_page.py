"""The Puzzles page (``/puzzles``): one position from a real hand at a time, answered with the lessons' gesture (tap a
tile, then its end, or their button twins); right or wrong, the coach says why the answer is best and what every
choice is worth; every attempt rates the learner and the puzzle (Glicko-2). A puzzle opens by its code or its link
(``/puzzles?puzzle=partnership-004``); the puzzle of the day is the same for everyone on a date.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import partial
from typing import Any

import streamlit as st

from app import navigation, urls
from app.i18n import Words
from app.library import library
from app.puzzles import (
    Judgement,
    PuzzleState,
    choose_next,
    daily_puzzle,
    judge,
    learner_rating,
    page_state,
    puzzles,
    settle,
    themes_present,
    today,
)
from app.state import Visit, current_visit
from app.storage.browser import FEEDBACK_KEY
from app.widgets import common, gestures, lesson_table_extras
from app.widgets.lesson_table import CLASSROOM_SCALE, PHONE_SCALE, PHONE_SIZE, PROJECTOR_SIZE, picture
from app.widgets.picture import layout_boxes, tap_picture
from engine import Move, Tile
from practice.puzzle_choice import PuzzleCodeError, find_puzzle
from practice.puzzles import Puzzle
from render import TableView
from wording import Message, Ref, refusal
from wording.seats import seat_key

SCOPE = "puzzles"  # the page's texts: lessons/texts/<lang>/puzzles.toml
COACH = "play"  # the coach's words
PUZZLE_PARAM = "puzzle"
IMAGE_KEY = "puzzle_picture"
THEMES_KEY = "puzzles_themes"
CODE_KEY = "puzzles_code_input"
PREFIX = "puzzle_"  # the button twins' keys: puzzle_tile_6-4, puzzle_end_left, ...


@dataclass(frozen=True)
class PuzzleTable:
    """The puzzle as the gestures see it (`app.widgets.gestures.Table`): the seat to move, its lifted tile, and the
    engine's refusal of a move kept to show; a legal move answers the puzzle."""

    state: PuzzleState
    puzzle: Puzzle

    @property
    def viewer(self) -> int:
        """The seat the learner plays: the puzzle's seat to move."""
        return self.puzzle.seat

    @property
    def hand(self) -> tuple[Tile, ...]:
        """The seat's tiles."""
        return tuple(self.puzzle.position.hands[self.puzzle.seat])

    @property
    def selected(self) -> Tile | None:
        """The lifted tile."""
        return self.state.selected

    def blocked(self) -> Message | None:
        """Once answered, the puzzle takes no more moves."""
        return Message("puzzles.answered") if self.state.judgement is not None else None

    def select(self, tile: Tile) -> None:
        """Lift the tile, or put it back."""
        self.state.selected = None if self.state.selected == tile else tile

    def move(self, move: Move) -> bool:
        """A legal move answers the puzzle (rated on the page's run); a refused one keeps the engine's reason."""
        error = self.puzzle.position.check(move)
        if error is not None:
            self.state.error = refusal(error)
            return False
        self.state.selected = self.state.error = None
        self.state.judgement = judge(self.puzzle, move)
        self.state.pending = True
        return True

    def seat(self, seat: int) -> Ref:
        """A seat named as the learner sees it."""
        return Ref(seat_key(self.puzzle.position.rules, self.puzzle.seat, seat))


def title(words: Words) -> str:
    """The page's name in the navigation."""
    return words.texts.render(Message("puzzles.title"), words.lang, SCOPE)


def entry_button(words: Words, key: str) -> None:
    """A way in to the Puzzles page, from the home page."""
    label = words.texts.render(Message("puzzles.go"), words.lang, SCOPE)
    if st.button(label, key=key, icon=":material/extension:"):
        navigation.go(navigation.PUZZLES)


def open_theme(visit: Visit, theme: str) -> None:
    """Go to the Puzzles page with a puzzle about ``theme`` near the learner's rating, its code in the address (from
    the home page's plan; never from a callback)."""
    state = _state()
    found = choose_next(visit, state, (theme,), random.Random())
    if found is None:
        navigation.go(navigation.PUZZLES)
        return
    state.show(found)
    navigation.go(navigation.PUZZLES, **{PUZZLE_PARAM: found.id})


def show() -> None:
    """Draw the Puzzles page."""
    visit = current_visit()
    words = Words(library().texts, visit.settings.lang, SCOPE)
    state = _state()
    _take_address(visit, state)
    _consume_tap(state)
    settle(visit, state)
    st.title(words("puzzles.title"))
    common.notices(visit, words, navigation.PUZZLES)
    _rating_line(visit, state, words)
    if state.puzzle is None:
        state.show(daily_puzzle(), today())
    _puzzle(state, state.puzzle, visit, words)  # type: ignore[arg-type]  # shown just above
    _choose(state, words)  # below the puzzle: on a phone the task and the table come first, without scrolling
    urls.follow(visit, extra={PUZZLE_PARAM: state.puzzle.id} if state.puzzle is not None else None)


def _state() -> PuzzleState:
    return page_state()


def _take_address(visit: Visit, state: PuzzleState) -> None:
    """A puzzle code in the address (a shared link, a reload) opens that puzzle, once; a code that opens nothing
    says so in the learner's language, quoting it as plain text, and the page goes on with its puzzle."""
    params = urls.incoming(visit)
    code = (params or {}).get(PUZZLE_PARAM)
    if code is None or code == state.code_read or (state.puzzle is not None and state.puzzle.id == code):
        return
    state.code_read = code
    refused = _open_code(state, code)
    if refused is not None:
        visit.place.notices.append(refused)


def _open_code(state: PuzzleState, code: str) -> Message | None:
    """Show the puzzle ``code`` opens; what to say when it opens none."""
    try:
        puzzle = find_puzzle(puzzles(), code)
    except PuzzleCodeError as refused:
        return Message.of(f"puzzles.bad_code.{refused.reason}", code=urls.quoted(code))
    state.show(puzzle, today() if puzzle == daily_puzzle() else None)
    return None


# ----------------------------------------------------------------------------------------------------- actions


def _on_tap() -> None:
    _consume_tap(_state())


def _consume_tap(state: PuzzleState) -> None:
    """Handle the picture's tap once, on the puzzle it was made on."""
    puzzle = state.puzzle
    showing = (puzzle.id, state.judgement is not None) if puzzle is not None else (None, None)
    table = PuzzleTable(state, puzzle) if puzzle is not None else None
    gestures.take_tap(IMAGE_KEY, state.taps, showing, table, partial(_acted, state))


def _gesture(gesture: gestures.Gesture, *args: Any) -> None:
    """A button twin's callback: the gesture on the puzzle's table."""
    state = _state()
    if state.puzzle is not None:
        _acted(state)
        gesture(state.taps, PuzzleTable(state, state.puzzle), *args)


def _acted(state: PuzzleState) -> None:
    """An action: the feedback comes into view, an earlier refusal goes."""
    current_visit().taps.acted += 1
    state.error = None


def _on_next() -> None:
    visit, state = current_visit(), _state()
    visit.taps.acted += 1
    themes = tuple(st.session_state.get(THEMES_KEY) or ())
    found = choose_next(visit, state, themes, random.Random())
    if found is None:
        visit.place.notices.append(Message("puzzles.none_for_themes"))
    else:
        state.show(found)


def _on_daily() -> None:
    current_visit().taps.acted += 1
    _state().show(daily_puzzle(), today())


def _on_open_code() -> None:
    visit = current_visit()
    visit.taps.acted += 1
    refused = _open_code(_state(), str(st.session_state.get(CODE_KEY) or ""))
    if refused is not None:
        visit.place.notices.append(refused)


# ----------------------------------------------------------------------------------------------------- drawing


def _rating_line(visit: Visit, state: PuzzleState, words: Words) -> None:
    """The learner's puzzle rating, and where it is kept (a visitor's: in this visit only)."""
    rating = learner_rating(visit, state)
    st.markdown(f":material/trending_up: {words('puzzles.your_rating', rating=rating.shown)}")
    if not visit.account.signed_in:
        st.caption(words("puzzles.visitor"))
    elif state.not_saved:
        st.caption(words("puzzles.not_saved"))


def _choose(state: PuzzleState, words: Words) -> None:
    """The theme filter, the next puzzle near the learner's rating, the puzzle of the day, a code to open, and the
    way home (where a visitor signs in, and the puzzles of the visit count for them)."""
    st.multiselect(words("puzzles.themes"), themes_present(), key=THEMES_KEY,
                   format_func=lambda theme: words(f"puzzles.theme.{theme}"),
                   placeholder=words("puzzles.themes_any"))
    with st.container(horizontal=True, gap="small"):
        st.button(words("puzzles.next"), key="puzzles_next", type="primary", icon=":material/arrow_forward:",
                  on_click=_on_next)
        st.button(words("puzzles.daily"), key="puzzles_daily", icon=":material/today:", on_click=_on_daily)
    with st.expander(words("puzzles.open_code")), st.form("puzzles_code_form", border=False, enter_to_submit=True):
        st.text_input(words("puzzles.code_label"), key=CODE_KEY, placeholder="partnership-004", max_chars=40)
        st.form_submit_button(words("puzzles.open"), key="puzzles_open", icon=":material/search:",
                              on_click=_on_open_code)
    if st.button(words("player.all_lessons"), key="puzzles_home", icon=":material/home:", type="tertiary"):
        navigation.go(navigation.HOME)


def _puzzle(state: PuzzleState, puzzle: Puzzle, visit: Visit, words: Words) -> None:
    """The puzzle: its name and task, the table to tap with its words, the buttons, and the answer's explanation."""
    table = words(f"tables.preset.{puzzle.preset}")
    heading = words("puzzles.heading", code=puzzle.id, table=_capital(table))
    if state.daily is not None:
        heading = f"{words('puzzles.daily_heading', date=state.daily.isoformat())} · {heading}"
    st.subheader(heading)
    st.markdown(f"**{words('puzzles.task')}**")
    left, right = common.table_and_controls(visit.settings.classroom)
    with left:
        _picture(state, puzzle, words, visit.settings.classroom)
    with right:
        with st.container(key=FEEDBACK_KEY):
            common.tap_notice(words, state.taps.notice)
            if state.error is not None:
                common.feedback_box("error", words.render(state.error))
            if state.judgement is not None:
                _explanation(state, state.judgement, puzzle, words)
        if state.judgement is None:
            gestures.buttons(words, puzzle.position, PuzzleTable(state, puzzle), _gesture, prefix=PREFIX)
        _history(puzzle, words)
    _code_and_link(puzzle, visit, words)


def _picture(state: PuzzleState, puzzle: Puzzle, words: Words, classroom: bool) -> None:
    """The table as the seat to move sees it, to tap (until answered), and the same table in words."""
    position = state.position
    assert position is not None
    rules = position.rules
    open_ = state.judgement is None
    extras = {"end_count": rules.spinner} if lesson_table_extras.shows_scores(rules) else {}
    view = TableView(viewer=puzzle.seat, selected=state.selected if open_ else None,
                     hint=open_ and state.selected is not None, wrong=state.taps.wrong, label_ends=True,
                     labels=lesson_table_extras.labels(words, rules),
                     scale=CLASSROOM_SCALE if classroom else PHONE_SCALE,
                     size=PROJECTOR_SIZE if classroom else PHONE_SIZE, **extras)
    drawn, palette = picture(position, view)
    in_words = " ".join(words.table(drawn.description, rules))
    tap_picture(palette, in_words, key=IMAGE_KEY, on_tap=_on_tap if open_ else None, boxes=layout_boxes(drawn),
                classroom=classroom)
    state.taps.click_map = (puzzle.id, not open_, drawn.click_map)
    st.caption(f"**{words('player.in_words')}.** {in_words}")


def _explanation(state: PuzzleState, judgement: Judgement, puzzle: Puzzle, words: Words) -> None:
    """Right or wrong, the answer, the coach's reason, what the puzzle is about, every choice's expected points and
    what the attempt did to the ratings."""
    coach = Words(words.texts, words.lang, COACH)
    answer = next(row for row in judgement.rows if row.answer)
    verdict = words("puzzles.right") if judgement.solved else words("puzzles.wrong")
    lines = [f"**{verdict}** {words('puzzles.answer_is', move=coach.render(answer.move))}"]
    if judgement.reason is not None:
        if judgement.solved:  # the coach's reason compares the answer with the next best move: say which
            lines.append(words("puzzles.why_right", move=coach.render(judgement.rows[1].move)))
        lines.append(coach.render(judgement.reason.message))
    if puzzle.themes:
        names = ", ".join(words(f"puzzles.theme.{theme}") for theme in puzzle.themes)
        lines.append(words("puzzles.about", themes=names))
    common.feedback_box("success" if judgement.solved else "error", "  \n".join(lines))
    _values_table(judgement, coach, words)
    if state.rated is not None:
        change = state.rated.after.shown - state.rated.before.shown
        st.markdown(words("puzzles.rating_change", rating=state.rated.after.shown, change=f"{change:+d}",
                          puzzle=state.rated.puzzle.shown))


def _values_table(judgement: Judgement, coach: Words, words: Words) -> None:
    """Every choice with its expected points for the seat's side, best first, the answer and the learner's move
    marked: what the other moves lead to."""
    head = f"| {words('puzzles.col_move')} | {words('puzzles.col_points')} |\n|---|---:|"
    rows = []
    for row in judgement.rows:
        marks = [words("puzzles.mark_answer")] if row.answer else []
        if row.chosen:
            marks.append(words("puzzles.mark_yours"))
        name = _capital(coach.render(row.move)) + (f" ({', '.join(marks)})" if marks else "")
        rows.append(f"| {name} | {words.decimal(row.points, signed=True)} |")
    st.markdown(f"**{words('puzzles.values_title')}**")
    st.markdown("\n".join([head, *rows]))
    st.caption(words("puzzles.values_about"))


def _capital(text: str) -> str:
    """A name or a play in the coach's words ("el 6-4 …", written to stand inside a sentence) opening a heading or
    a table cell, capitalised."""
    return text[:1].upper() + text[1:]


def _history(puzzle: Puzzle, words: Words) -> None:
    """The hand so far, one move a line, as the seat to move saw it."""
    position = puzzle.position
    with st.expander(words("puzzles.so_far")):
        st.markdown("\n".join(f"- {words.event(event, position.rules, puzzle.seat)}" for event in position.history)
                    or words("puzzles.nothing_yet"))


def _code_and_link(puzzle: Puzzle, visit: Visit, words: Words) -> None:
    """The puzzle's code and the link that opens it for anyone."""
    link = puzzle_link(puzzle.id, visit.settings.lang, urls.app_address(navigation.PUZZLES))
    st.caption(f"{words('puzzles.code', code=puzzle.id)} · {words('puzzles.share')}")
    st.code(link, language=None, wrap_lines=True)


def puzzle_link(code: str, lang: str, base: str = "") -> str:
    """A link that opens one puzzle for anyone (``base``: the app's address, when known)."""
    return f"{base}/{navigation.PUZZLES}?{PUZZLE_PARAM}={code}&{urls.LANG}={lang}"
