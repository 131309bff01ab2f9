"""Questions about who leads a hand: the 6-6 in a partnership match's first hand, the 1-vs-1 lot, after a domino,
after a blocked hand — one generator each, and `lead` picking one of them."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine import Match, Position, Rules, draw_lot
from wording.texts import Message

from .choices import because, every, other_seat, seat_name
from .play_questions import random_rules
from .playout import play_until
from .question import Draft
from .setups import blocking_setup


def _label(rules: Rules, viewer: int) -> Callable[[Any], Message]:
    """An option naming who leads (or, for the lot, that both turn again)."""

    def label(value: Any) -> Message:
        if value == "again":
            return Message("practice.lead.again")
        return Message(f"practice.lead.{rules.role(viewer, value)}")

    return label


def lead_first(rng: random.Random) -> Draft:
    """The first hand of a partnership match: the holder of the 6-6 leads it (every hand shown face up)."""
    rules = Rules.partnership()
    position = Position.deal(rules, rng, first_hand=True)
    viewer = rng.randrange(4)
    options, correct = every(tuple(range(4)), position.to_move, _label(rules, viewer),
                             lambda seat: because("lead_no_66", seat=seat_name(rules, viewer, seat)))
    return Draft(
        position=position, viewer=viewer, face_up=frozenset(range(4)), options=options, correct=correct,
        prompt=Message("practice.lead.prompt_first"), reason=Message("practice.lead.reason_first"), fact="§5a",
        turn_hidden=True,
    )


def lead_lot(rng: random.Random) -> Draft:
    """The first hand of a 1-vs-1 match: the lot (the higher tile leads, a tie turns again)."""
    rules = Rules.one_vs_one()
    lot = draw_lot(rng)
    want_tie = rng.random() < 0.3
    while want_tie and len(lot.rounds) < 2:
        lot = draw_lot(rng)
    index = 0 if want_tie else len(lot.rounds) - 1
    turned = lot.rounds[index]
    answer = lot.leader if index == len(lot.rounds) - 1 else "again"
    mine, theirs = turned

    def why(choice: int | str) -> Message:
        if choice == "again":
            return because("lot_no_tie", mine=str(mine), theirs=str(theirs), mine_pips=mine.pips,
                           theirs_pips=theirs.pips)
        assert isinstance(choice, int)  # past "again", a choice is a seat
        name = seat_name(rules, 0, choice)
        if answer == "again":
            return because("lot_tie", seat=name, pips=mine.pips)
        tile = turned[choice]
        return because("lot_fewer", seat=name, tile=str(tile), pips=tile.pips)

    options, correct = every((0, 1, "again"), answer, _label(rules, 0), why)
    if answer == "again":
        reason = Message.of("practice.lead.reason_tie", pips=turned[0].pips)
    else:
        reason = Message.of("practice.lead.reason_lot", high=max(t.pips for t in turned),
                            low=min(t.pips for t in turned))
    return Draft(
        position=Position.deal(rules, rng, leader=lot.leader), viewer=0, options=options, correct=correct,
        reason=reason, fact="§5b", turn_hidden=True, pictured=False,
        prompt=Message.of("practice.lead.prompt_lot", mine=str(turned[0]), theirs=str(turned[1])),
        loose=((0, (turned[0],)), (1, (turned[1],))), subject=(("lot", lot), ("round", index)),
    )


def _next_hand(rng: random.Random, rules: Rules, position: Position, actor: int, fact: str, kind: str) -> Draft:
    """Who leads after a finished hand, seen by anyone but ``actor`` (who went out, or blocked)."""
    assert position.outcome is not None
    match = Match(rules)
    match.record(position.outcome)
    viewer = other_seat(rng, rules, actor)
    last = position.last_play
    tile = str(last.move.tile) if last else ""  # type: ignore[union-attr]  # last_play: a Play's event
    key = "lead_not_out" if kind == "domino" else "lead_not_blocker"
    options, correct = every(tuple(range(rules.players)), match.next_leader, _label(rules, viewer),
                             lambda seat: because(key, seat=seat_name(rules, viewer, seat), tile=tile))
    return Draft(
        position=position, viewer=viewer, face_up=frozenset(range(rules.players)), options=options,
        correct=correct, fact=fact, reason=Message(f"practice.lead.reason_{kind}"),
        prompt=Message.of(f"practice.lead.prompt_{kind}", seat=seat_name(rules, viewer, actor), tile=tile),
    )


def lead_domino(rng: random.Random) -> Draft:
    """After a domino: the player who went out leads (that seat, not its partner)."""
    rules = random_rules(rng)
    position, _ = play_until(rng, rules, lambda p: p.outcome is not None and p.outcome.reason == "domino")
    assert position.outcome is not None and position.outcome.seat is not None
    return _next_hand(rng, rules, position, position.outcome.seat, "§5c", "domino")


def lead_blocked(rng: random.Random) -> Draft:
    """After a blocked hand: the blocker leads, whichever side won (a tie now and then, set up on purpose)."""
    rules = random_rules(rng, partnership=0.7)
    if rng.random() < 0.3:
        start, blocking = blocking_setup(rng, rules, tie=True)
        position = start.apply(blocking)
    else:
        position, _ = play_until(rng, rules, lambda p: p.outcome is not None and p.outcome.reason == "blocked")
    assert position.outcome is not None and position.outcome.blocker is not None
    return _next_hand(rng, rules, position, position.outcome.blocker, "§5d", "blocked")


LEADS: tuple[Callable[[random.Random], Draft], ...] = (lead_first, lead_lot, lead_domino, lead_blocked)


def lead(rng: random.Random) -> Draft:
    """Who leads: one of the four situations, picked at random."""
    return rng.choice(LEADS)(rng)
