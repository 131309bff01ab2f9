"""What the Play page shows of a match: the table to tap with its words, what just happened, the coach, the count
at the end of a hand, the match's summary, and the hand's record with a slider to step back through it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import streamlit as st

from app import navigation, urls
from app.i18n import Words
from app.widgets import lesson_table_extras
from app.widgets.lesson_table import CLASSROOM_SCALE, PHONE_SCALE, PHONE_SIZE, PROJECTOR_SIZE, picture
from app.widgets.picture import layout_boxes, tap_picture
from engine import Draw, Pass, Position
from play.coach import Remark, end_remarks
from play.game import LEARNER, Game
from render import ClickMap, TableView
from wording.seats import seat_key, side_key

IMAGE_KEY = "play_picture"  # the session-state key of the Play page's picture (tests set it to tap)


def table_picture(game: Game, selected: object, wrong: object, words: Words, classroom: bool,
                  on_tap: Callable[[], None] | None, between: Sequence[Position] = (), pace: float = 0.0, *,
                  viewer: int = LEARNER, to_move: bool | None = None, key: str = IMAGE_KEY,
                  watching: bool = False, names: dict[int, str] | None = None) -> ClickMap:
    """The table as the learner at ``viewer`` sees it (every hand face up once the hand is over), to tap, after the
    browser has shown each of the tables ``between`` for ``pace`` seconds (the other seats' moves one by one); the
    table in words below it. ``to_move``: whether the learner may move now (default: the Play page's turn). Returns
    the click map of the table as it is now, to resolve the next tap on it. ``watching``: drawn for someone at no
    seat (the teacher), every hand face down until the hand is over; ``names`` writes who sits at each seat on the
    picture instead of its role."""
    position = game.position
    to_move = game.learner_to_move if to_move is None else to_move
    view = _view(game, position, words, classroom, selected=selected if to_move else None, wrong=wrong,
                 viewer=viewer, watching=watching, names=names)
    drawn, palette = picture(position, view)
    in_words = words.table(drawn.description, position.rules)
    frames = []
    if pace > 0:  # (at pace 0 the browser shows the last table at once: nothing to draw)
        frames = [picture(earlier, _view(game, earlier, words, classroom, face_up=False, viewer=viewer,
                                         watching=watching, names=names))[1]
                  for earlier in between]
    tap_picture(palette, " ".join(in_words), key=key, on_tap=None if game.hand_over else on_tap,
                replies=frames, delay=pace, boxes=layout_boxes(drawn), classroom=classroom)
    _score_line(game, words, viewer)
    st.caption(f"**{words('player.in_words')}.** " + " ".join(in_words))
    return drawn.click_map


def table_as_it_was(game: Game, position: Position, hand: int, words: Words, classroom: bool, key: str,
                    viewer: int = LEARNER) -> None:
    """An earlier table of the match (of hand ``hand``, from 1) as the learner at ``viewer`` saw it then, only to look
    at: the other hands face down, the match's score as it stood before that hand, and the table in words."""
    view = _view(game, position, words, classroom, face_up=False, viewer=viewer,
                 scores=game.match.scores_before(hand))
    drawn, palette = picture(position, view)
    in_words = words.table(drawn.description, position.rules)
    tap_picture(palette, " ".join(in_words), key=key, classroom=classroom)
    st.caption(f"**{words('player.in_words')}.** " + " ".join(in_words))


def _view(game: Game, position: Position, words: Words, classroom: bool, *, selected: object = None,
          wrong: object = None, face_up: bool | None = None, viewer: int = LEARNER,
          watching: bool = False, names: dict[int, str] | None = None,
          scores: tuple[int, ...] | None = None) -> TableView:
    """How to draw ``position`` of the game; ``face_up`` (default: once the hand is over, every hand is shown, also
    stepping back through it) turns every hand face up; ``scores``: the match's score before the hand drawn
    (default: before the hand under way)."""
    rules = position.rules
    over = game.hand_over if face_up is None else face_up
    extras = {}
    labels = lesson_table_extras.labels(words, rules)
    if names:
        labels = {**labels, **{rules.role(viewer, seat): name for seat, name in names.items()}}
    if lesson_table_extras.shows_scores(rules):
        extras = {"scores": _scores_before(game) if scores is None else scores, "end_count": rules.spinner}
    return TableView(
        viewer=viewer, selected=selected, hint=selected is not None,
        face_up=frozenset(range(rules.players)) if over else frozenset(), wrong=wrong,
        badges=_badges(position, viewer),
        label_ends=True, labels=labels, watching=watching,
        scale=CLASSROOM_SCALE if classroom else PHONE_SCALE, size=PROJECTOR_SIZE if classroom else PHONE_SIZE,
        **extras,
    )


def _scores_before(game: Game) -> tuple[int, ...]:
    """Each side's points before the hand under way (the picture adds what this hand brings)."""
    scores = game.match.scores
    outcome = game.position.outcome
    if outcome is None:
        return scores
    return tuple(total - this for total, this in zip(scores, outcome.scores, strict=True))


def _recent(position: Position, viewer: int = LEARNER) -> list:
    """The events since the learner's own last move (the whole hand so far if they have not moved yet)."""
    events = list(position.history)
    for index in range(len(events) - 1, -1, -1):
        if events[index].seat == viewer and not isinstance(events[index].move, Draw):
            return events[index:]
    return events


def _badges(position: Position, viewer: int) -> dict[int, str]:
    marks: dict[int, str] = {}
    for event in _recent(position, viewer):
        if isinstance(event.move, Pass):
            marks[event.seat] = "pass"
        elif isinstance(event.move, Draw):
            marks[event.seat] = "draw"
        else:
            marks.pop(event.seat, None)
    return marks


def happened(game: Game, words: Words, viewer: int = LEARNER) -> None:
    """What happened since the learner's last move, one line a move."""
    events = _recent(game.position, viewer)
    if not events:
        return
    with st.container(border=True):
        st.markdown(f"**:material/history: {words('player.happened')}**")
        st.markdown("\n".join(f"- {words.event(event, game.rules, viewer)}" for event in events))


def _side_name(game: Game, side: int | None, words: Words, viewer: int = LEARNER) -> str:
    """A side named as the subject of a sentence ("Your side scores ...")."""
    return words(side_key(game.rules, viewer, side))


def _you(game: Game, side: int | None, viewer: int = LEARNER) -> str:
    """``"_you"`` where the side is the learner alone (each player a side): its sentence is about "you"."""
    rules = game.rules
    return "_you" if rules.sides == rules.players and side == rules.side_of(viewer) else ""


def _side_label(game: Game, side: int, words: Words, viewer: int = LEARNER) -> str:
    """A side named in a list ("You 23 · Your opponent 40"): at a table without partnerships, its player."""
    if game.rules.partners:
        return _side_name(game, side, words, viewer)
    return words(seat_key(game.rules, viewer, side))


def scores_text(game: Game, words: Words, viewer: int = LEARNER) -> str:
    """The match score, side by side, each side named as ``viewer`` sees it ("You 23 · Your opponent 40")."""
    scores = enumerate(game.match.scores)
    return " · ".join(f"{_side_label(game, side, words, viewer)} {score}" for side, score in scores)


def _score_line(game: Game, words: Words, viewer: int = LEARNER) -> None:
    """The match score, side by side, and what wins it (the other tables' pictures write their own)."""
    if lesson_table_extras.shows_scores(game.rules):
        return
    key = "play.score_loses" if game.rules.target_loses else "play.score"
    scores = scores_text(game, words, viewer)
    st.markdown(f":material/scoreboard: {words(key, scores=scores, target=game.rules.target)}")


# ----------------------------------------------------------------------------------------------------- coach


def coach_box(game: Game, words: Words) -> None:
    """What the coach says about the moves since the learner's last one, each with the lesson step teaching it,
    and at most one word on the learner's own move."""
    if not game.setup.coach:
        return
    said = [*game.remarks]
    advice = game.advice()
    if advice is not None:
        said.append(advice)
    remarks_box(said, words)


def remarks_box(said: Sequence[Remark], words: Words) -> None:
    """The coach's box: each remark with the lesson step teaching it (nothing when the coach has nothing to say)."""
    if not said:
        return
    with st.container(border=True):
        st.markdown(f"**:material/record_voice_over: {words('play.coach_title')}**")
        for remark in said:
            icon = ":material/tips_and_updates:" if remark.code.startswith("advice.") else ":material/gavel:"
            st.markdown(f"{icon} {words.render(remark.message)}")
            if remark.step is not None:
                lesson_link(remark.step, words)


def lesson_link(step: str, words: Words) -> None:
    """A link to the lesson step that teaches a remark's rule (``"pasa:4"``), within the visit."""
    lesson_id, number = step.split(":")
    page = navigation.page(lesson_id)
    if page is None:
        return
    name = words.texts.find(words.lang, "title", lesson_id) or lesson_id
    st.page_link(page, label=words("play.learn_it", lesson=name, step=number), icon=":material/school:",
                 query_params={urls.STEP: number, urls.LANG: words.lang})


# ----------------------------------------------------------------------------------------------------- count


def count_panel(game: Game, words: Words, viewer: int = LEARNER) -> None:
    """The count, step by step: how the hand ended, each hand's tiles and points, the sides' totals, the rule
    that counts them, what each side scores and the match so far (the table stays until "Next hand")."""
    position = game.position
    outcome = position.outcome
    if outcome is None:
        return
    rules = position.rules
    steps = [words.render(remark.message) for remark in end_remarks(position.view(viewer))
             if not remark.code.startswith("count.")]
    order = [(viewer + offset) % rules.players for offset in range(rules.players)]
    for seat in order:
        tiles = " ".join(map(str, position.hands[seat])) or words("play.count_empty")
        steps.append(words("play.count_seat", seat=words(seat_key(rules, viewer, seat)), tiles=tiles,
                           pips=outcome.pips[seat]))
    if rules.sides < rules.players:
        steps += [words("play.count_side", side=_side_name(game, side, words, viewer), pips=pips)
                  for side, pips in enumerate(outcome.side_pips)]
    steps += [words.render(remark.message) for remark in end_remarks(position.view(viewer))
              if remark.code.startswith("count.")]
    gained = [(side, points) for side, points in enumerate(outcome.scores) if points]
    if gained:
        steps += [words(f"play.count_points{_you(game, side, viewer)}", side=_side_name(game, side, words, viewer),
                        points=points) for side, points in gained]
    else:
        steps.append(words("play.count_nobody"))
    steps.append(words("play.count_match", scores=scores_text(game, words, viewer)))
    with st.container(border=True):
        st.markdown(f"**:material/calculate: {words('play.count_title')}**")
        st.markdown("\n".join(f"{number}. {text}" for number, text in enumerate(steps, start=1)))


def match_summary(game: Game, words: Words, viewer: int = LEARNER) -> None:
    """The match's end: who won it, hands won and points per side, and a sapatu / pollona when there was one."""
    match = game.match
    winner = match.loser if game.rules.target_loses else match.winner
    lines = []
    for side, score in enumerate(match.scores):
        won = sum(1 for outcome in match.outcomes if outcome.winner == side)
        lines.append(words("play.summary_side", side=_side_label(game, side, words, viewer), hands=won,
                           points=score))
    key = ("play.summary_loses" if game.rules.target_loses else "play.summary_won") + _you(game, winner, viewer)
    with st.container(border=True):
        st.markdown(f"### :material/emoji_events: {words(key, side=_side_name(game, winner, words, viewer))}"
                    if winner is not None else f"### {words('play.summary_over')}")
        st.markdown("\n".join(f"- {line}" for line in lines))
        if match.sapatu:
            st.markdown(f"**{words('play.sapatu')}**")


# ----------------------------------------------------------------------------------------------------- record


def record_text(game: Game, words: Words) -> str:
    """The hand in the engine's notation, one move a line; once it is over, every hand as dealt in comments
    (``parse_history`` reads it back, skipping them)."""
    lines = [f"# {words(f'tables.preset.{game.setup.table}')} — {words('play.hand', number=game.hand_number)}"]
    if game.hand_over:
        lines += [f"# {seat}: {' '.join(map(str, hand))}" for seat, hand in enumerate(_dealt(game))]
    lines += [str(event) for event in game.position.history]
    return "\n".join(lines)


def _dealt(game: Game) -> tuple[tuple[object, ...], ...]:
    return game.start.hands


def hand_record(game: Game, words: Words, classroom: bool) -> None:
    """The hand's record, copyable, and a slider to step back through it (the table as it was after each move)."""
    history = game.position.history
    with st.expander(words("play.record_title")):
        st.code(record_text(game, words), language=None)
        if not history:
            return
        moves = st.slider(words("play.replay"), 0, len(history), len(history), key=f"play_replay_{game.hand_number}")
        if moves < len(history):
            earlier = game.start.apply_all(history[:moves])
            drawn, palette = picture(earlier, _view(game, earlier, words, classroom))
            in_words = words.table(drawn.description, earlier.rules)
            tap_picture(palette, " ".join(in_words), key="play_replay_picture", classroom=classroom)
            last = words.event(history[moves - 1], game.rules, LEARNER) if moves else words("play.replay_start")
            st.caption(words("play.replay_at", moves=moves, count=len(history), last=last))

