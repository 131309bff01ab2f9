"""The Play page's review of the learner's moves (play/review.py): rated a few at a time with a progress bar while
the page stays usable, then each hand's expected score as a chart with its figures in words, and one button per
decision that opens the table as it was, the move made and the better one named, and the coach's reason."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import streamlit as st

from app.i18n import Words
from app.widgets.play_table import lesson_link, table_as_it_was
from play.game import LEARNER, Game, Setup
from play.review import (
    REVIEW_DEALS,
    THRESHOLDS,
    Evaluate,
    Mark,
    Moment,
    Rating,
    Review,
    analysed,
    moments,
    move_message,
    rate,
)

#: The evaluation the page rates moves with: the analysis (exact search once few tiles are left), which changes fewer
#: marks under other deals than playouts alone (benchmarks/review_speed.py), at 0.06-0.25 s a decision.
EVALUATE: Evaluate = analysed()
#: One review rates at a time on a server: a class reviewing at once waits its turn, a few decisions each, and the
#: pages of the others (tables, rounds) keep their pace instead of sharing the interpreter with every review.
RATING = threading.Lock()
#: Seconds of rating per run of the working panel before the browser is given the page back for a moment.
BUDGET = 0.3
#: How often the working panel asks for its next few decisions, in seconds.
TICK = 0.2
#: Each mark's icon: the marks are said in words too, never by colour alone.
ICONS = {Mark.FINE: ":material/check_circle:", Mark.INACCURACY: ":material/help:", Mark.MISTAKE: ":material/cancel:"}


@dataclass
class ReviewState:
    """The review of one seat's decisions in one match (the Play page's learner, or a learner's seat at a class
    table): its decisions up to the hand it was opened after, the ratings found so far (kept, so a rerun or a later
    review of the same match does not rate a decision twice), whether it is on show, and the decision opened."""

    setup: Setup
    seat: int = LEARNER
    hand: int = 0
    moments: list[Moment] = field(default_factory=list)
    ratings: dict[tuple[int, int], Rating] = field(default_factory=dict)
    open: bool = False
    selected: tuple[int, int] | None = None

    @property
    def done(self) -> bool:
        """Whether every decision is rated."""
        return all(moment.key in self.ratings for moment in self.moments)

    def step(self, evaluate: Evaluate, budget: float) -> None:
        """Rate the next decisions, at least one, until ``budget`` seconds have gone."""
        start = time.perf_counter()
        for moment in self.moments:
            if moment.key not in self.ratings:
                self.ratings[moment.key] = rate(moment, evaluate)
                if time.perf_counter() - start >= budget:
                    return

    def review(self) -> Review:
        """The review of the decisions rated, in the order they were made."""
        return Review(tuple(self.ratings[m.key] for m in self.moments if m.key in self.ratings))

    def showing(self, game: Game) -> bool:
        """Whether the review is on show with ``game`` as it is now: opened on this match, and its hand still over
        (a hand dealt since, by this page or another phone at the table, puts it away)."""
        return self.open and game.hand_over and self.setup == game.setup and self.hand == game.hand_number


def start(game: Game, current: ReviewState | None, seat: int = LEARNER) -> ReviewState:
    """Open the review of ``seat``'s decisions in every hand played so far, keeping the ratings already found for
    this seat in this match."""
    same = current is not None and current.setup == game.setup and current.seat == seat
    state = current if same and current is not None else ReviewState(game.setup, seat)
    state.moments = moments(game, seat)
    state.hand = game.hand_number
    state.open = True
    state.selected = None
    return state


def button(words: Words, on_click: Callable[[], None]) -> None:
    """The button that opens the review (once a hand is over)."""
    st.button(words("review.button"), key="play_review", icon=":material/query_stats:", on_click=on_click)


def panel(game: Game, state: ReviewState, words: Words, classroom: bool) -> None:
    """The review: a progress bar while the decisions are rated, then the marks, the charts and the decisions."""
    with st.container(border=True, key="play_review_panel"):
        st.markdown(f"### :material/query_stats: {words('review.title')}")
        st.caption(words("review.about", deals=REVIEW_DEALS, inaccuracy=points_text(THRESHOLDS.inaccuracy, words),
                         mistake=points_text(THRESHOLDS.mistake, words)))
        if not state.done:
            _working(state, words)
            return
        _results(game, state, words, classroom)


@st.fragment(run_every=TICK)
def _working(state: ReviewState, words: Words) -> None:
    """A few decisions rated per run, the bar showing how far; the whole page is drawn again once all are."""
    rate_some(state)
    done, total = len(state.ratings), len(state.moments)  # (ratings holds only this match's decisions)
    st.progress(done / total if total else 1.0, text=words("review.working", done=done, total=total))
    if state.done:
        st.rerun()


def rate_some(state: ReviewState) -> None:
    """Rate the next few decisions when no other review on this server is rating (``RATING``); else leave them
    for the next tick."""
    if RATING.acquire(timeout=BUDGET):
        try:
            state.step(EVALUATE, BUDGET)
        finally:
            RATING.release()


def _results(game: Game, state: ReviewState, words: Words, classroom: bool) -> None:
    review = state.review()
    if not review.ratings:
        st.info(words("review.none"), icon=":material/info:")
        return
    st.markdown(" · ".join(f"{ICONS[mark]} {words(f'review.mark.{mark.value}')}: {review.count(mark)}"
                           for mark in Mark))
    st.caption(words("review.expected_about"))
    for hand in review.hands:
        _hand(game, state, review.of_hand(hand), hand, words, classroom)


def _hand(game: Game, state: ReviewState, ratings: tuple[Rating, ...], hand: int, words: Words,
          classroom: bool) -> None:
    """One hand: the expected score after each decision (the learner's move and the best), as a chart and as a
    table of its figures, then a button per decision."""
    st.markdown(f"#### {words('review.hand', number=hand)}")
    yours, best = words("review.chart_yours"), words("review.chart_best")
    number = words("review.decision_column")
    values = [{"n": index, "series": name, "score": round(value, 1)}
              for index, rating in enumerate(ratings, start=1)
              for name, value in ((yours, rating.expected), (best, rating.best_expected))]
    st.vega_lite_chart(_chart_spec(values, number, words("review.chart_axis"),
                                   words("review.chart_in_words", number=hand)), height=320)  # legend: two lines
    rows = [f"| {number} | {yours} | {best} | {words('review.mark_column')} |", "|---|---|---|---|"]
    rows += [f"| {index} | {points_text(r.expected, words)} | {points_text(r.best_expected, words)} | "
             f"{words(f'review.mark.{r.mark.value}')} |" for index, r in enumerate(ratings, start=1)]
    st.caption(words("review.chart_in_words", number=hand))
    st.markdown("\n".join(rows))
    for index, rating in enumerate(ratings, start=1):
        view = rating.moment.view
        label = words("review.decision", number=index, mark=words(f"review.mark.{rating.mark.value}"),
                      move=words.render(move_message(view, rating.played)))
        key = rating.moment.key
        st.button(label, key=f"play_review_{key[0]}_{key[1]}", icon=ICONS[rating.mark],
                  type="primary" if state.selected == key else "secondary",
                  on_click=_select, args=(state, key))
        if state.selected == key:
            _decision(game, rating, index, words, classroom)


def _chart_spec(values: list[dict[str, object]], number: str, axis: str, title: str) -> dict[str, object]:
    """Two lines (after the learner's move, after the best) told apart by their dashes and point shapes as well as
    their colours; the points themselves are hidden from screen readers, which read the table of figures instead
    (the chart is named after it)."""
    # the legend one entry a line and never cut short (on a phone two long entries side by side were cut to "…")
    series = {"field": "series", "type": "nominal", "title": None,
              "legend": {"orient": "bottom", "direction": "vertical", "columns": 1, "labelLimit": 1000}}
    return {
        "description": title,
        "data": {"values": values},
        "mark": {"type": "line", "point": {"size": 60, "filled": True}, "aria": False},
        "encoding": {
            "x": {"field": "n", "type": "ordinal", "title": number, "axis": {"labelAngle": 0}},
            "y": {"field": "score", "type": "quantitative", "title": axis,  # its title above the axis, level: a
                  "axis": {"titleAngle": 0, "titleAlign": "left", "titleAnchor": "end", "titleY": -12, "titleX": 0,
                           "titleLimit": 1000}},  # short chart cut it short when written upwards
            "color": series,
            "strokeDash": series,
            "shape": series,
        },
    }


def _select(state: ReviewState, key: tuple[int, int]) -> None:
    state.selected = None if state.selected == key else key


def _decision(game: Game, rating: Rating, index: int, words: Words, classroom: bool) -> None:
    """One decision opened: the table as it was, the move made and the better one in words, and why."""
    moment, view = rating.moment, rating.moment.view
    with st.container(border=True):
        st.caption(words("review.table_caption", number=index, hand=moment.hand))
        table_as_it_was(game, moment.position, moment.hand, words, classroom, key="play_review_picture",
                        viewer=moment.seat)
        lines = [words("review.played", move=words.render(move_message(view, rating.played)))]
        if rating.best == rating.played:
            lines.append(words("review.was_best"))
        else:
            lines.append(words("review.better", move=words.render(move_message(view, rating.best))))
        lines.append(f"{ICONS[rating.mark]} {words(f'review.mark.{rating.mark.value}')}: "
                     + words("review.lost", points=points_text(rating.loss, words)))
        st.markdown("\n".join(f"- {line}" for line in lines))
        if rating.reason is not None:
            st.markdown(f":material/tips_and_updates: {words.render(rating.reason.message)}")
            if rating.reason.step is not None:
                lesson_link(rating.reason.step, words)


def points_text(value: float, words: Words) -> str:
    """A number of points to one decimal, with the language's decimal mark (a whole number without one)."""
    if round(value, 1) == round(value):
        return str(round(value))
    return words.decimal(value)
