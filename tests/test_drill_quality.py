"""Drills that teach, every kind over many seeds: their answers spread out, no question can be answered from its
picture's words, score line, table in words or its own text, and every wrong option is told its own reason."""

from __future__ import annotations

import random
import re
from collections import Counter
from functools import cache

import pytest

from engine import Position
from lessons import Library, Step
from lessons.model import Option
from practice.drills import DRILL_KINDS, kinds_for, make_drill
from render.scores import score_line
from wording.seats import side_key
from wording.table_extras import TableExtras, score_words
from wording.table_words import describe_position
from wording.texts import Message, Ref

#: Questions made of each kind. A kind's drills come round in turn within a lesson, so the seeds walk the turns too.
SEEDS = range(80)
#: No answer may be the right one for more than this share of a kind's questions.
MOST_COMMON = 0.6
#: The languages every wrong option's reason is rendered in (for a share of the seeds, to stay quick).
RENDERED = range(12)
KIND_IDS = [kind.id for kind in DRILL_KINDS]


@cache
def drills(kind_id: str) -> tuple[Step, ...]:
    """The questions a kind makes over ``SEEDS``, as a lesson's drill step sees them."""
    kind = next(k for k in DRILL_KINDS if k.id == kind_id)
    slot = Step(1, "question", drill=kind.facts)
    kinds = kinds_for(kind.facts)
    index = kinds.index(kind)
    return tuple(make_drill(slot, index + len(kinds) * seed, random.Random(f"quality-{seed}")) for seed in SEEDS)


def _english(library: Library, message: Message | Ref) -> str:
    return library.texts.render(message if isinstance(message, Message) else Message(message.key), "en")


def _is_seat(option: Option) -> bool:
    """Whether the options name seats (who leads), by their labels' keys."""
    return option.label.key.startswith(("role.", "practice.lead."))


def _is_points(option: Option) -> bool:
    return option.label.key.startswith("practice.option.points")


def _score_line_words(step: Step) -> tuple[Message, ...]:
    """The score line under the picture in words, as the lesson page writes it: each side's total (the match so far
    plus this hand), the target, the side in danger — unless the question keeps it out."""
    position = step.position
    if position is None or position.rules.scoring == "la_plaza":
        return ()
    rules = position.rules
    line = score_line(position, (0,) * rules.sides)
    extras = TableExtras(totals=line.totals, target=rules.target, target_loses=rules.target_loses,
                         danger=line.danger, partners=rules.partners)
    return tuple(score_words(rules.players, step.viewer, extras, step.conceal))


def _shown(step: Step) -> tuple[Message, ...]:
    """Everything the learner reads besides the options: the table in words (concealed facts out) and the score line."""
    if step.position is None:
        return ()
    position: Position = step.position
    face_up = range(position.rules.players) if step.face_up else ()
    return (*describe_position(position, step.viewer, face_up=face_up, conceal=step.conceal), *_score_line_words(step))


def _number_in(number: int, text: str) -> bool:
    """Whether ``number`` stands on its own in ``text`` (not as half of a tile like 6-5)."""
    return re.search(rf"(?<![\d-]){number}(?![\d-])", text) is not None


@pytest.mark.parametrize("kind_id", KIND_IDS)
def test_no_answer_is_right_for_most_questions(kind_id: str) -> None:
    answers = Counter(repr(step.answer) for step in drills(kind_id))
    value, times = answers.most_common(1)[0]
    assert times <= MOST_COMMON * len(SEEDS), f"{kind_id}: {value} is the answer {times} times in {len(SEEDS)}"


def _question(step: Step) -> Message:
    """The question's own text, without the notes on what happened earlier in the hand (those are what it asks
    about: a pass with 5 and 6 showing is how the learner knows the seat lacks them)."""
    message = step.message
    assert message is not None
    return dict(message.args)["prompt"] if message.key == "drill.prompt" else message


@pytest.mark.parametrize("kind_id", KIND_IDS)
def test_no_answer_can_be_read_off_the_question(kind_id: str, library: Library) -> None:
    for step in drills(kind_id):
        right = next(option for option in step.options if option.value == step.answer)
        prompt = _english(library, _question(step))
        shown = _shown(step)
        words = " ".join(_english(library, message) for message in shown)
        if _is_seat(right):  # who leads: the picture must not say whose turn it is
            turn = [m for m in shown if m.key == "picture.to_move"]
            assert not turn, (kind_id, prompt, words)
        else:
            label = _english(library, right.label)
            assert label not in prompt, (kind_id, label, prompt)
            if right.label.key != "answer.numbers":  # what a pass tells: the ends it showed, which the table shows
                assert label not in words, (kind_id, label, words)
        numbers = [step.answer] if _is_points(right) else []
        if kind_id == "fives":  # (the count, the points the play scored)
            numbers = [n for n in step.answer if n]  # type: ignore[union-attr]
        score_text = " ".join(_english(library, m) for m in _score_line_words(step))
        for number in numbers:
            assert not _number_in(number, score_text), (kind_id, number, score_text)
            assert not _number_in(number, prompt), (kind_id, number, prompt)


def _names(library: Library, step: Step) -> set[str]:
    """Every seat's and side's name as the learner reads them."""
    rules = step.position.rules if step.position is not None else None
    if rules is None:
        return {_english(library, Ref(f"role.{role}")) for role in ("you", "opponent")}
    seats = {_english(library, Ref(f"role.{rules.role(step.viewer, seat)}")) for seat in range(rules.players)}
    sides = {_english(library, Ref(side_key(rules, step.viewer, side))) for side in range(rules.sides)}
    return seats | sides


@pytest.mark.parametrize("kind_id", KIND_IDS)
def test_every_wrong_option_is_told_its_own_reason(kind_id: str, library: Library) -> None:
    for seed, step in zip(SEEDS, drills(kind_id), strict=True):
        wrong = [option for option in step.options if option.value != step.answer]
        assert wrong and all(option.why is not None for option in wrong), (kind_id, seed)
        nudge = _english(library, step.hints[0]) if step.hints else ""
        reasons = [_english(library, option.why) for option in wrong]  # type: ignore[arg-type]
        assert len(set(reasons)) == len(reasons), (kind_id, seed, reasons)  # not one text for every option
        names = _names(library, step)
        for reason in reasons:
            assert reason != nudge and "{" not in reason, (kind_id, reason)
            specific = re.search(r"\d", reason) or any(name in reason for name in names)
            assert specific, (kind_id, seed, reason)  # a tile, a number, a seat or a side
        if seed in RENDERED:
            for lang in library.texts.languages:
                for option in wrong:
                    text = library.texts.render(option.why, lang)  # type: ignore[arg-type]
                    assert text and "{" not in text, (kind_id, lang, text)

