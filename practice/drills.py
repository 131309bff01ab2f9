"""Drills for the lessons: the practice engine's questions made into lesson question steps, on the facts a lesson's
drill step names — quick questions before its Remember box, new for every learner and counted in its stars."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial

from lessons.model import Step
from wording.texts import Message

from .end_questions import capicu, count, score, tranque
from .lead_questions import lead_blocked, lead_domino, lead_lot
from .play_questions import lacks, must, where
from .playout import NoSituation
from .question import Draft
from .table_questions import fives, katsika, leader, rounding, table_must, winner_takes

#: How many times a drill is tried again (the random generator continuing) before giving up.
ATTEMPTS = 200
#: A drill's table is read at a glance: a line of at most this many tiles (fewer at a table of four, whose
#: seats' names take room beside the line), hands of at most this many.
MAX_LINE = {2: 16, 3: 13, 4: 11}
MAX_HAND = 9


@dataclass(frozen=True)
class DrillKind:
    """One kind of drill: its id (its hint's text key ``drill.hint.<id>``), its generator and the facts it practises."""

    id: str
    make: Callable[[random.Random, int], Draft]  # (rng, how many drills of this kind came before in the lesson)
    facts: tuple[str, ...]


def _any(generator: Callable[[random.Random], Draft]) -> Callable[[random.Random, int], Draft]:
    """A generator whose answer varies by chance alone."""
    return lambda rng, _turn: generator(rng)


def _in_turn(generator: Callable[..., Draft], targets: tuple[str, ...], **options: object
             ) -> Callable[[random.Random, int], Draft]:
    """A generator whose answer goes round ``targets``, so a lesson's drills do not all have the same answer."""
    return lambda rng, turn: generator(rng, target=targets[turn % len(targets)], **options)


#: Every kind of drill, in the order of the lessons that use them.
DRILL_KINDS: tuple[DrillKind, ...] = (
    DrillKind("must_stock", _in_turn(must, ("draw", "play", "pass"), partnership=0.0), ("§6a", "§6b")),
    DrillKind("where_plain", _in_turn(where, ("both", "right", "nowhere", "left"), doubles=False), ("§3a", "§3c")),
    DrillKind("where_double", _in_turn(where, ("left", "nowhere", "right"), doubles=True), ("§4a",)),
    DrillKind("must", _in_turn(must, ("pass", "play")), ("§6c", "§6d")),
    DrillKind("lacks", _any(lacks), ("§7a", "§7b", "§7c")),
    DrillKind("lead_lot", _any(lead_lot), ("§5b",)),
    DrillKind("lead_domino", _any(lead_domino), ("§5c",)),
    DrillKind("going_out", _any(partial(capicu, kinds=("either", "left", "right", "none"))), ("§8a",)),
    DrillKind("count", _any(count), ("§10a", "§10b", "H1")),
    DrillKind("tranque", _any(tranque), ("§9b", "§9c")),
    DrillKind("lead_blocked", _any(lead_blocked), ("§5d", "§9d")),
    DrillKind("capicu", _any(capicu), ("§11a",)),
    DrillKind("score", _any(score), ("§12a", "§12c", "H4")),
    # The other tables (practice/table_questions.py).
    DrillKind("table_must", _in_turn(table_must, ("draw", "pass", "play")), ("G6a", "G6b")),
    DrillKind("fives_must", _in_turn(table_must, ("draw", "play", "pass"), spinner=True), ("S4a",)),
    DrillKind("table_leader", _any(leader), ("G3a", "G3b", "G4a", "G4b")),
    DrillKind("winner_takes", _any(winner_takes), ("G7a", "G7b", "G8a", "G10a")),
    DrillKind("katsika", _any(katsika), ("G8b", "G8d")),
    DrillKind("fives", _any(fives), ("S5a", "S5b", "S5c")),
    DrillKind("rounding", _any(rounding), ("S6a", "S6b")),
)


def kinds_for(facts: Iterable[str]) -> tuple[DrillKind, ...]:
    """The kinds of drill practising any of these facts."""
    wanted = set(facts)
    return tuple(kind for kind in DRILL_KINDS if wanted & set(kind.facts))


def make_drill(slot: Step, index: int, rng: random.Random) -> Step:
    """The question of a lesson's drill step: its ``index``-th drill takes the next kind for its facts, in turn."""
    kinds = kinds_for(slot.drill)
    if not kinds:
        raise ValueError(f"step {slot.number}: no drill practises {', '.join(slot.drill)}")
    kind = kinds[index % len(kinds)]
    fallback = None
    for _ in range(ATTEMPTS):  # the random generator goes on until the table is one to read at a glance
        try:
            draft = kind.make(rng, index // len(kinds))
        except NoSituation:  # random play that never reached the situation (very rare): play other hands
            continue
        if at_a_glance(draft):
            return drill_step(slot, kind.id, draft)
        fallback = fallback or draft
    if fallback is None:
        raise NoSituation(f"step {slot.number}: no {kind.id} drill in {ATTEMPTS} tries")
    return drill_step(slot, kind.id, fallback)


def at_a_glance(draft: Draft) -> bool:
    """Whether a question's table is small enough for a quick drill: a short line and hands of a dealt size."""
    position = draft.position
    return len(position.line) <= MAX_LINE[position.rules.players] and all(len(h) <= MAX_HAND for h in position.hands)


def drill_step(slot: Step, kind: str, draft: Draft) -> Step:
    """A generated question as an ordinary question step: its prompt (what happened first, then the question),
    its options and the engine's answer, a nudge then the reason as hints, the nudge again after a wrong answer."""
    if draft.multiple:
        raise ValueError(f"a drill takes one answer; {kind!r} asks for several")
    (right,) = draft.correct
    nudge = Message(f"drill.hint.{kind}")
    prompt = Message.of("drill.prompt", notes=draft.notes, prompt=draft.prompt) if draft.notes else draft.prompt
    position = draft.position if draft.pictured else None
    return Step(
        slot.number, "question", position=position, viewer=draft.viewer, options=draft.options,
        answer=draft.options[right].value, hints=(nudge, draft.reason), prompt=prompt,
        miss=Message.of("drill.wrong", nudge=nudge), drill=slot.drill, end_position=position,
        conceal=draft.hidden if position is not None else frozenset(), face_up=bool(draft.face_up),
    )
