"""Questions about the other tables (RULES.md G, S), each asked of the engine on seeded random play: the all-fives
count of the open ends and whether the play scored, who leads a hand on the Greek game site (G3, G4), a katsika
penalty, and a hand's end-of-hand points rounded to the nearest 5 (S6)."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine import LeadReason, Match, Move, Play, Position, Rules
from engine.outcome import round_to_five
from wording.seats import seat_key
from wording.texts import Message, Ref

from .choices import (
    action_why,
    because,
    every,
    near,
    off_by,
    other_seat,
    points,
    seat_name,
    shuffled,
    side_name,
)
from .playout import NoSituation
from .question import Draft

MAX_DEALS = 400
#: What a question about points keeps out of its picture while open: the score line (and its words) would say it.
POINTS = frozenset({"scores"})


def deal(rng: random.Random, rules: Rules, first_hand: bool = False) -> Position:
    """A shuffled hand with the leader the rules give it: found by the deal (G3, G4's first hand), else a seat
    chosen at random (all-fives, the international games after their first hand)."""
    if rules.lead_rule == "lowest_double" or (rules.lead_rule == "highest_tile" and first_hand):
        return Position.deal(rules, rng, first_hand=first_hand)
    return Position.deal(rules, rng, leader=rng.randrange(rules.players))


def play_once(rng: random.Random, position: Position) -> Position:
    """One random legal move; a lead is a double when there is one, often (so that spinners come up)."""
    moves = position.legal_moves()
    if position.ends is None and rng.random() < 0.6:  # before the lead (`placed` rebuilds the table: slow)
        doubles: list[Move] = [m for m in moves if isinstance(m, Play) and m.tile.is_double]
        moves = doubles or moves
    return position.apply(rng.choice(moves))


def play_to(rng: random.Random, rules: Rules, stop: Callable[[Position, Position], bool]) -> tuple[Position, Position]:
    """The first (before, after) pair of consecutive positions, over fresh deals, for which ``stop`` holds."""
    for _ in range(MAX_DEALS):
        position = deal(rng, rules)
        while position.outcome is None:
            after = play_once(rng, position)
            if stop(position, after):
                return position, after
            position = after
    raise NoSituation("random play did not reach the wanted situation")


def _players(rng: random.Random) -> int:
    return rng.choice((2, 2, 3, 4))


# ------------------------------------------------------------------------------------------------- all-fives count

Counted = tuple[int, int]  # (the open ends' count, the points the play scored)


def _count_label(value: Counted) -> Message:
    count, scored = value
    if scored:
        return Message.of("practice.fives.option_scores", count=count, points=scored)
    return Message.of("practice.fives.option_none", count=count)


def fives(rng: random.Random) -> Draft:
    """After a play at all-fives: what do the open ends count, and what did the play score (``end_count``, and
    the play's ``Event.scored``)?"""
    rules = Rules.all_fives(players=_players(rng))
    want = rng.random() < 0.5

    def wanted(before: Position, after: Position) -> bool:
        if not isinstance(after.history[-1].move, Play) or after.outcome is not None or len(after.placed) < 2:
            return False
        return (after.history[-1].scored > 0) == want and rng.random() < 0.4

    _, after = play_to(rng, rules, wanted)
    seat = after.history[-1].seat
    count, gained = after.end_count, after.history[-1].scored
    wrong: list[Counted] = [(count, 0 if gained else count)]  # the count right, the scoring wrong
    for other in near(rng, count, 4):
        if other > 0:
            wrong.append((other, other if other % 5 == 0 else 0))
    def why(value: Counted) -> Message:
        chosen, _ = value
        if chosen != count:
            return because("fives_count", count=chosen)
        return because("fives_multiple" if gained else "fives_not_multiple", count=count)

    options, correct = shuffled(rng, (count, gained), wrong, _count_label, why=why)
    viewer = other_seat(rng, rules, seat)  # the prompt names the seat that played: another's, for the grammar
    tile = after.history[-1].move.tile  # type: ignore[union-attr]  # the last event is the play just made
    key = "practice.fives.reason_scores" if gained else "practice.fives.reason_none"
    fact = "S5c" if len(after.placed) == 1 else "S5b" if gained else "S5a"
    return Draft(
        position=after, viewer=viewer, options=options, correct=correct, fact=fact,
        prompt=Message.of("practice.fives.prompt", seat=seat_name(rules, viewer, seat), tile=str(tile)),
        reason=Message.of(key, count=count, points=gained), subject=(("seat", seat),), conceal=POINTS,
    )


# ------------------------------------------------------------------------------------------------- who leads


def _seat_label(rules: Rules, viewer: int) -> Callable[[int], Message]:
    return lambda seat: Message(seat_key(rules, viewer, seat))


def _not_leader(rules: Rules, viewer: int, reason: Message) -> Callable[[int], Message]:
    """Why a seat does not lead: named, with the rule that finds the leader (the engine's ``lead_reason``)."""
    return lambda seat: because("leader_not", seat=seat_name(rules, viewer, seat), rule=reason)


def leader(rng: random.Random) -> Draft:
    """Who leads: the lowest double of a Greek deal (G3), the highest tile of an international first hand, or
    the winner of the international hand before (G4)."""
    kind = rng.choice(("lowest", "lowest", "highest", "winner"))
    if kind == "winner":
        return _leader_after(rng)
    if kind == "highest":
        rules = Rules.international_two() if rng.random() < 0.7 else Rules.international()
        position = deal(rng, rules, first_hand=True)
        reason, fact = Message("practice.leader.reason_highest"), "G4a"
    else:
        name = rng.choice(("draw_game", "block_game"))
        rules = Rules.preset(name, players=_players(rng))
        position = deal(rng, rules)
        by_double = position.lead_reason is LeadReason.LOWEST_DOUBLE  # else the lowest tile: no double was dealt
        reason = Message("practice.leader.reason_double" if by_double else "practice.leader.reason_tile")
        fact = "G3a" if by_double else "G3b"
    viewer = rng.randrange(rules.players)
    options, correct = every(tuple(range(rules.players)), position.to_move, _seat_label(rules, viewer),
                             _not_leader(rules, viewer, reason))
    return Draft(
        position=position, viewer=viewer, face_up=frozenset(range(rules.players)), options=options,
        correct=correct, reason=reason, fact=fact, turn_hidden=True,
        prompt=Message.of(f"practice.leader.prompt_{'first' if kind == 'highest' else 'deal'}",
                          table=Ref(f"tables.preset.{rules.name}")),
    )


def _leader_after(rng: random.Random) -> Draft:
    """The international games after a hand: its winner leads the next one (``Match.next_leader``)."""
    rules = Rules.international_two() if rng.random() < 0.5 else Rules.international()
    for _ in range(MAX_DEALS):
        position = deal(rng, rules, first_hand=True)
        while position.outcome is None:
            position = play_once(rng, position)
        match = Match(rules)
        match.record(position.outcome)
        if match.next_leader is not None:
            break
    else:
        raise NoSituation("no international hand with a winner")
    outcome = position.outcome
    assert outcome is not None and match.next_leader is not None
    domino = outcome.reason == "domino"
    actor = outcome.seat if domino else outcome.blocker
    viewer = other_seat(rng, rules, actor if actor is not None else 0)  # the prompt names who ended the hand
    reason = Message("practice.leader.reason_domino" if domino else "practice.leader.reason_blocked")
    options, correct = every(tuple(range(rules.players)), match.next_leader, _seat_label(rules, viewer),
                             _not_leader(rules, viewer, reason))
    return Draft(
        position=position, viewer=viewer, face_up=frozenset(range(rules.players)), options=options,
        correct=correct, fact="G4b", reason=reason,
        prompt=Message.of(f"practice.leader.prompt_{'domino' if domino else 'blocked'}",
                          seat=seat_name(rules, viewer, actor if actor is not None else 0)),
    )


# ------------------------------------------------------------------------------------------------- katsika


def katsika(rng: random.Random) -> Draft:
    """A katsika hand that ended: how many penalty points does a losing side write (``outcome.scores``)?"""
    players = rng.choice((4, 4, 2, 3))
    rules = Rules.katsika(players=players)
    _, position = play_to(rng, rules, lambda _, after: after.outcome is not None and after.outcome.winner is not None)
    outcome = position.outcome
    assert outcome is not None and outcome.winner is not None
    losers = [side for side in range(rules.sides) if side != outcome.winner and outcome.scores[side] > 0]
    if not losers:
        raise NoSituation("every losing hand was empty")
    side = rng.choice(losers)
    seats_of_side = [seat for seat in range(rules.players) if rules.side_of(seat) == side]
    if rules.sides > 2:  # sides named like seats: the prompt names two of them, so the learner is the third
        viewer = next(seat for seat in range(rules.players) if rules.side_of(seat) not in (side, outcome.winner))
    else:  # "your side" or "the other side": half the time the learner sits on the side that pays
        viewer = rng.choice(seats_of_side) if rng.random() < 0.5 else rng.randrange(rules.players)
    answer = outcome.scores[side]
    name, winner = side_name(rules, viewer, side), side_name(rules, viewer, outcome.winner)
    own = outcome.side_pips[side]
    theirs = outcome.side_pips[outcome.winner]
    why: dict[int, Message] = {}  # each wrong penalty and the slip that gives it
    why.setdefault(0, because("katsika_zero", side=name))
    why.setdefault(own, because("katsika_double", pips=own))  # a lone 0-0 or 6-6 counted as its pips
    why.setdefault(theirs, because("katsika_winner", side=winner, pips=theirs))
    why.setdefault(sum(outcome.side_pips), because("katsika_all", pips=sum(outcome.side_pips)))
    for seat in seats_of_side:  # one partner's hand only
        why.setdefault(outcome.pips[seat], because("katsika_partner", pips=outcome.pips[seat]))
    for value in near(rng, answer):
        why.setdefault(value, off_by(value, answer))
    wrong = [0, own, outcome.side_pips[outcome.winner], sum(outcome.side_pips), *near(rng, answer)]
    wrong += [outcome.pips[seat] for seat in seats_of_side]
    options, correct = shuffled(rng, answer, wrong, points, why=lambda v: why.get(v) or off_by(v, answer))
    doubles = answer != outcome.side_pips[side]  # a lone 0-0 or 6-6 counted 25 or 50 (G8, project)
    reason = Message.of("practice.katsika.reason_double" if doubles else "practice.katsika.reason", points=answer,
                        side=side_name(rules, viewer, side))
    return Draft(
        position=position, viewer=viewer, face_up=frozenset(range(rules.players)), options=options,
        correct=correct, reason=reason, fact="G8d" if doubles else "G8b",
        prompt=Message.of("practice.katsika.prompt", side=side_name(rules, viewer, side),
                          winner=side_name(rules, viewer, outcome.winner)),
        subject=(("side", side),), conceal=POINTS,
    )


# ------------------------------------------------------------------------------------------------- rounding


def rounding(rng: random.Random) -> Draft:
    """The end of an all-fives hand: what the winning side scores for it, the opponents' pips added and rounded
    to the nearest 5 (``outcome.points``)."""
    rules = Rules.all_fives(players=_players(rng))
    blocked = rng.random() < 0.3

    def wanted(before: Position, after: Position) -> bool:
        out = after.outcome
        return out is not None and out.winner is not None and (out.reason == "blocked") == blocked \
            and sum(out.side_pips) - out.side_pips[out.winner] > 0

    _, position = play_to(rng, rules, wanted)
    outcome = position.outcome
    assert outcome is not None and outcome.winner is not None
    raw = sum(outcome.side_pips) - outcome.side_pips[outcome.winner]
    answer = outcome.points
    each = sum(round_to_five(pips) for side, pips in enumerate(outcome.side_pips) if side != outcome.winner)
    wrong = [raw, each, raw // 5 * 5, -(-raw // 5) * 5, answer + 5, max(0, answer - 5), sum(outcome.side_pips)]
    why: dict[int, Message] = {}  # each wrong score and the slip that gives it
    why.setdefault(raw, because("rounding_raw", pips=raw))
    why.setdefault(each, because("rounding_each", points=each))
    for value in (raw // 5 * 5, -(-raw // 5) * 5):
        why.setdefault(value, because("rounding_way", pips=raw, points=value))
    why.setdefault(sum(outcome.side_pips), because("rounding_all", points=sum(outcome.side_pips)))
    options, correct = shuffled(rng, answer, wrong, points, why=lambda v: why.get(v) or off_by(v, answer))
    # The prompt names the winning side: with sides named like seats, the learner is another seat.
    winners = [seat for seat in range(rules.players) if rules.side_of(seat) == outcome.winner]
    others = [seat for seat in range(rules.players) if seat not in winners]
    viewer = rng.choice(others) if rules.sides > 2 else rng.randrange(rules.players)
    winner = side_name(rules, viewer, outcome.winner)
    key = "practice.rounding.prompt_blocked" if blocked else "practice.rounding.prompt"
    return Draft(
        position=position, viewer=viewer, face_up=frozenset(range(rules.players)), options=options,
        correct=correct, fact="S6b" if blocked else "S6a",
        prompt=Message.of(key, side=winner),
        reason=Message.of("practice.rounding.reason", pips=raw, points=answer), conceal=POINTS,
    )


# ------------------------------------------------------------------------------------------------- drills' own

ACTIONS = ("play", "draw", "pass")


def table_must(rng: random.Random, target: str | None = None, spinner: bool = False) -> Draft:
    """Play, draw or pass at the other tables (``required_action``): the Greek site's games with a stock, without
    one and katsika (G6), or all-fives with its spinner (S4)."""
    if spinner:
        rules = Rules.all_fives(players=_players(rng))
    else:
        rules = Rules.preset(rng.choice(("draw_game", "block_game", "katsika")), players=_players(rng))
    wanted = target or rng.choice(ACTIONS)
    if wanted == "draw" and not rules.uses_stock:
        wanted = "pass"

    def stop(_: Position, after: Position) -> bool:
        return after.ends is not None and after.required_action() == wanted and rng.random() < 0.5

    _, position = play_to(rng, rules, stop)
    answer = position.required_action()
    ends = tuple(number for _, number in position.open_ends)
    options, correct = every(ACTIONS, answer, lambda value: Message(f"answer.{value}"), action_why(position))
    if answer == "play":
        reason = Message.of("practice.tablemust.reason_play", ends=ends)
    elif answer == "draw":
        reason = Message.of("practice.tablemust.reason_draw", ends=ends)
    else:
        key = "reason_pass_empty" if rules.uses_stock else "reason_pass_none"
        reason = Message.of(f"practice.tablemust.{key}", ends=ends)
    fact = "S4a" if spinner else "G6a" if rules.uses_stock else "G6b"
    return Draft(
        position=position, viewer=position.to_move, options=options, correct=correct, reason=reason, fact=fact,
        prompt=Message("practice.tablemust.prompt"),  # the lesson page names the table above it already
    )


def winner_takes(rng: random.Random) -> Draft:
    """The end of a hand at the Greek site's winner-takes count (G7, G8): what does the winning side score?"""
    name = rng.choice(("draw_game", "block_game"))
    players = _players(rng)
    rules = Rules.preset(name, players=players, partnership=players == 4 and rng.random() < 0.5)

    def stop(_: Position, after: Position) -> bool:
        out = after.outcome
        return out is not None and out.winner is not None and out.points > 0

    _, position = play_to(rng, rules, stop)
    outcome = position.outcome
    assert outcome is not None and outcome.winner is not None
    answer = outcome.points
    wrong = [sum(outcome.side_pips), outcome.side_pips[outcome.winner], 0, *near(rng, answer)]
    winners = [seat for seat in range(rules.players) if rules.side_of(seat) == outcome.winner]
    viewer = rng.choice([s for s in range(rules.players) if s not in winners]) if rules.sides > 2 \
        else rng.randrange(rules.players)
    winning = side_name(rules, viewer, outcome.winner)
    why: dict[int, Message] = {}  # each wrong score and the slip that gives it
    why.setdefault(sum(outcome.side_pips), because("takes_all", points=sum(outcome.side_pips)))
    why.setdefault(outcome.side_pips[outcome.winner],
                   because("takes_own", side=winning, points=outcome.side_pips[outcome.winner]))
    why.setdefault(0, because("takes_zero", side=winning))
    options, correct = shuffled(rng, answer, wrong, points, why=lambda v: why.get(v) or off_by(v, answer))
    domino = outcome.reason == "domino"
    return Draft(
        position=position, viewer=viewer, face_up=frozenset(range(rules.players)), options=options,
        correct=correct, fact="G8a" if domino else "G7b",
        prompt=Message.of(f"practice.takes.prompt_{'domino' if domino else 'blocked'}",
                          table=Ref(f"tables.preset.{rules.name}"), side=side_name(rules, viewer, outcome.winner)),
        reason=Message.of("practice.takes.reason", points=answer), conceal=POINTS,
    )
