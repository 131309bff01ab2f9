"""What a lesson step's picture and words add at the other tables (RULES.md G, S): the score line (the match so far
and this hand's points), a "+15" badge for a play that just scored, the open ends' count and the tiles out of play
when the lesson turns them on, whatever a question asks kept out, and the words the picture writes for them."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from app.i18n import Words
from engine import Match, Play, Position, Rules
from lessons import StepView


def shows_scores(rules: Rules) -> bool:
    """Whether a table's pictures may show its scores: every table but La Plaza's (whose pictures stay as they
    are)."""
    return rules.scoring != "la_plaza"


def score_line_shown(view: StepView, position: Position) -> bool:
    """Whether this picture writes the score line: all-fives scores during the hand, so always there; the other
    tables once there is something to say — a hand that is over, or the match's earlier hands."""
    return position.rules.scoring == "all_fives" or position.outcome is not None or bool(view.match)


def match_before(view: StepView, rules: Rules) -> tuple[int, ...]:
    """Each side's points from the match's earlier hands the step names (none: a match just begun)."""
    match = Match(rules)
    for hand in view.match:
        if hand.outcome is not None:
            match.record(hand.outcome)
    return match.scores


def scored(view: StepView) -> dict[int, int]:
    """Seat → the points its last play in this step scored (all-fives): each play's ``Event.scored``. A seat
    whose later play scored nothing keeps no badge."""
    points: dict[int, int] = {}
    for frame in view.frames:
        event = frame.event
        if isinstance(event.move, Play):
            if event.scored > 0:
                points[event.seat] = event.scored
            else:
                points.pop(event.seat, None)
    return points


def view_options(view: StepView, position: Position, start: Position | None,
                 conceal: Collection[str] = ()) -> dict[str, Any]:
    """The ``TableView`` options of the other tables for this step and position; nothing at La Plaza's tables."""
    rules = position.rules
    if not shows_scores(rules):
        return {}
    kinds = {mark.kind for mark in view.marks}
    hide_scores = "scores" in conceal
    return {
        "scores": () if hide_scores or not score_line_shown(view, position) else match_before(view, rules),
        "scored": {} if hide_scores else scored(view),
        "end_count": "count" in kinds and "end_count" not in conceal,
        "out_of_play": "out_of_play" in kinds,
    }


def labels(words: Words, rules: Rules) -> dict[str, str]:
    """The words the pictures write: the seats' names, the ends' names (for a line that snakes its left end away
    from the left); at the other tables the sides, the target line, the danger sign, the count, the tiles out of
    play."""
    found = words.role_labels()
    found.update({f"end_{end}": words(f"picture.end_tag.{end}") for end in ("left", "right", "up", "down")})
    if not shows_scores(rules):
        return found
    target = "tables.picture.target_loses" if rules.target_loses else "tables.picture.target"
    found.update({
        "side_yours": words("side.yours"),
        "side_theirs": words("side.theirs"),
        "target": words(target, target=rules.target),
        "danger": words("tables.picture.danger"),
        "count": words("tables.picture.count"),
        "out_of_play": words("tables.picture.out_of_play"),
    })
    return found
