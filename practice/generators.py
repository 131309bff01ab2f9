"""One generator per skill: a seeded position (random play or a seeded set-up), asked of the engine, with
believable wrong options each checked against the engine's answer."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from engine import Draw, Match, Pass, Play, Position, Rules, Tile, draw_lot
from lessons.model import seat_key, side_key
from lessons.texts import Message, Ref

from .playout import NoSituation, play_out, play_until, rescore
from .question import Choice, Question
from .setups import blocking_setup
from .skills import get_skill, lesson_step

Fields = dict[str, Any]
Generator = Callable[[random.Random], Fields]


# ---------------------------------------------------------------------------------------------------- helpers


def _rules(rng: random.Random, partnership: float = 0.5, **options: Any) -> Rules:
    if rng.random() < partnership:
        return Rules.partnership(**options)
    return Rules.one_vs_one(**options)


def _seat(rules: Rules, viewer: int, seat: int) -> Ref:
    return Ref(seat_key(rules, viewer, seat))


def _side(rules: Rules, viewer: int, side: int | None) -> Ref:
    return Ref(side_key(rules, viewer, side))


def _other_seat(rng: random.Random, rules: Rules, seat: int) -> int:
    return rng.choice([s for s in range(rules.players) if s != seat])


def _tiles(tiles: Sequence[Tile]) -> tuple[str, ...]:
    return tuple(str(tile) for tile in tiles)


def _options(
    rng: random.Random,
    answer: Hashable,
    wrong: Sequence[Hashable],
    label: Callable[[Any], Message],
    count: int = 3,
) -> tuple[tuple[Choice, ...], frozenset[int]]:
    """The engine's answer and up to ``count`` distinct wrong values (any equal to the answer dropped), shuffled."""
    distinct: list[Hashable] = []
    for value in wrong:
        if value != answer and value not in distinct:
            distinct.append(value)
    values = [answer, *rng.sample(distinct, min(count, len(distinct)))]
    rng.shuffle(values)
    return tuple(Choice(v, label(v)) for v in values), frozenset([values.index(answer)])


def _fixed(values: Sequence[Hashable], answer: Hashable, label: Callable[[Any], Message]) -> tuple[Any, ...]:
    """All the values of a small closed set, in a fixed order, the engine's answer marked."""
    if answer not in values:
        raise AssertionError(f"the engine's answer {answer!r} is not among {values!r}")
    return tuple(Choice(v, label(v)) for v in values), frozenset([values.index(answer)])


def _points(value: int) -> Message:
    return Message.of("practice.option.points", points=value)


def _near(rng: random.Random, value: int, count: int = 2) -> list[int]:
    """Near-miss numbers around ``value`` (never negative)."""
    steps = rng.sample([-5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 10], count)
    return [value + step for step in steps if value + step >= 0]


# ---------------------------------------------------------------------------------------------------- skills


def fits(rng: random.Random) -> Fields:
    """Which of your tiles fit: pick every tile of the mover's hand that can be played (``playable_tiles``)."""
    rules = _rules(rng)

    def wanted(pos: Position) -> bool:
        if pos.outcome is not None or pos.ends is None or len(pos.hands[pos.to_move]) < 3:
            return False
        return 0 < len(pos.playable_tiles()) < len(pos.hands[pos.to_move]) and rng.random() < 0.4

    position, _ = play_until(rng, rules, wanted)
    hand = position.hands[position.to_move]
    playable = position.playable_tiles()
    left, right = position.ends or (0, 0)
    fact = "§4a" if any(tile.is_double for tile in hand) and rng.random() < 0.5 else "§3a"
    return {
        "position": position,
        "viewer": position.to_move,
        "prompt": Message.of("practice.fits.prompt", left=left, right=right),
        "options": tuple(Choice(tile, Message.of("practice.option.tile", tile=str(tile))) for tile in hand),
        "correct": frozenset(i for i, tile in enumerate(hand) if tile in playable),
        "multiple": True,
        "reason": Message.of("practice.fits.reason", left=left, right=right,
                             tiles=_tiles([t for t in hand if t in playable])),
        "fact": fact,
    }


WHERE = ("left", "right", "both", "nowhere")


def where_tile_goes(position: Position, tile: Tile) -> str:
    """The ends the engine lets ``tile`` go to, as one word: left, right, both or nowhere."""
    ends = sorted({move.end for move in position.moves_for(tile) if move.end is not None})
    return "both" if len(ends) == 2 else ends[0] if ends else "nowhere"


def where(rng: random.Random) -> Fields:
    """Where can this tile go: left, right, both or nowhere (``moves_for``)."""
    rules = _rules(rng)
    target = rng.choice(WHERE)
    found: list[Tile] = []

    def wanted(pos: Position) -> bool:
        if pos.outcome is not None or pos.ends is None:
            return False
        found[:] = [t for t in pos.hands[pos.to_move] if where_tile_goes(pos, t) == target]
        return bool(found) and rng.random() < 0.5

    position, _ = play_until(rng, rules, wanted)
    tile = rng.choice(found)
    answer = where_tile_goes(position, tile)
    left, right = position.ends or (0, 0)
    options, correct = _fixed(WHERE, answer, lambda v: Message(f"practice.where.{v}"))
    fact = "§4a" if tile.is_double else "§3c" if answer == "both" else "§3a"
    return {
        "position": position,
        "viewer": position.to_move,
        "prompt": Message.of("practice.where.prompt", tile=str(tile)),
        "options": options,
        "correct": correct,
        "reason": Message.of(f"practice.where.reason_{answer}", tile=str(tile), left=left, right=right),
        "fact": fact,
        "subject": (("tile", tile),),
    }


ACTIONS = ("play", "draw", "pass")


def action_of(position: Position) -> str:
    """What the engine allows the mover: play (some tile fits), draw or pass."""
    moves = position.legal_moves()
    if any(isinstance(m, Play) for m in moves):
        return "play"
    return "draw" if any(isinstance(m, Draw) for m in moves) else "pass"


def must(rng: random.Random) -> Fields:
    """Draw, pass or play: what the mover must do (``legal_moves``)."""
    rules = _rules(rng)
    targets = ("play", "pass") if rules.name == "partnership" else ("play", "draw", "draw", "pass")
    target = rng.choice(targets)

    def wanted(pos: Position) -> bool:
        return pos.outcome is None and pos.ends is not None and action_of(pos) == target and rng.random() < 0.5

    position, _ = play_until(rng, rules, wanted)
    answer = action_of(position)
    left, right = position.ends or (0, 0)
    options, correct = _fixed(ACTIONS, answer, lambda v: Message(f"answer.{v}"))
    playable = sorted(position.playable_tiles())
    if answer == "play":
        reason, fact = Message.of("practice.must.reason_play", tiles=_tiles(playable)), "§6d"
    elif answer == "draw":
        reason = Message.of("practice.must.reason_draw", left=left, right=right, count=len(position.stock))
        fact = "§6a"
    elif rules.uses_stock:
        reason, fact = Message.of("practice.must.reason_pass_empty", left=left, right=right), "§6b"
    else:
        reason, fact = Message.of("practice.must.reason_pass_partnership", left=left, right=right), "§6c"
    return {
        "position": position,
        "viewer": position.to_move,
        "prompt": Message("practice.must.prompt"),
        "options": options,
        "correct": correct,
        "reason": reason,
        "fact": fact,
    }


def _lacks_notes(trail: Sequence[Position], seat: int, name: Ref) -> list[Message]:
    """The seat's passes and forced draws this hand, as the table saw them (the ends at the time)."""
    notes: list[Message] = []
    draws, ends = 0, (0, 0)
    for before, event in zip(trail, trail[-1].history, strict=False):
        if event.seat != seat:
            continue
        left, right = before.ends or (0, 0)
        if isinstance(event.move, Draw):
            if draws == 0:
                ends = (left, right)
            draws += 1
        elif isinstance(event.move, Pass):
            key = "practice.lacks.note_draw_pass" if draws else "practice.lacks.note_pass"
            notes.append(Message.of(key, seat=name, count=draws, left=left, right=right))
            draws = 0
        elif draws:
            notes.append(Message.of("practice.lacks.note_draw_play", seat=name, count=draws, left=ends[0],
                                    right=ends[1], tile=str(event.move.tile)))
            draws = 0
    return notes


def lacks(rng: random.Random) -> Fields:
    """What does this pass (or forced draw) tell: the numbers the seat is known to lack (``known_lacks``)."""
    rules = _rules(rng)

    def wanted(pos: Position) -> bool:
        last = pos.history[-1] if pos.ends is not None and len(pos.history) > 1 else None
        if last is None or pos.outcome is not None:
            return False
        forced = isinstance(last.move, Play) and pos.history[-2].seat == last.seat and isinstance(
            pos.history[-2].move, Draw)
        return (isinstance(last.move, Pass) or forced) and bool(pos.known_lacks(last.seat)) and rng.random() < 0.6

    position, trail = play_until(rng, rules, wanted)
    last = position.history[-1]
    seat = last.seat
    viewer = _other_seat(rng, rules, seat)
    name = _seat(rules, viewer, seat)
    answer = tuple(sorted(position.known_lacks(seat)))
    notes = _lacks_notes(trail, seat, name)
    before = trail[-2].ends or (0, 0)
    shown_then = tuple(sorted(set(before)))
    now = tuple(sorted(set(position.ends or ())))
    extra = rng.choice([n for n in range(7) if n not in answer] or [0])
    wrong = [
        shown_then,
        (before[0],),
        (before[1],),
        now,
        tuple(sorted({*answer, extra})),
        answer[1:],
        answer[:-1],
        (),
    ]
    options, correct = _options(rng, answer, wrong, _numbers)
    is_pass = isinstance(last.move, Pass)
    drew = any(isinstance(e.move, Draw) and e.seat == seat for e in position.history)
    fact = "§7c" if len(notes) > 1 else "§7b" if drew else "§7a"
    return {
        "position": position,
        "viewer": viewer,
        "prompt": Message.of("practice.lacks.prompt_pass" if is_pass else "practice.lacks.prompt_draw", seat=name),
        "options": options,
        "correct": correct,
        "reason": Message.of("practice.lacks.reason", numbers=answer),
        "fact": fact,
        "badges": ((seat, "pass" if is_pass else "draw"),),
        "notes": tuple(notes),
        "subject": (("seat", seat),),
    }


def _numbers(value: tuple[int, ...]) -> Message:
    if not value:
        return Message("practice.lacks.nothing")
    return Message.of("answer.numbers", numbers=value)


def _lead_label(rules: Rules, viewer: int) -> Callable[[Any], Message]:
    def label(value: Any) -> Message:
        if value == "again":
            return Message("practice.lead.again")
        return Message("practice.lead." + seat_key(rules, viewer, value).split(".")[1])

    return label


def lead(rng: random.Random) -> Fields:
    """Who leads: the 6-6 in a partnership match's first hand, the 1-vs-1 lot, after a domino, after a tranque."""
    kind = rng.choice(("first", "lot", "domino", "blocked"))
    if kind == "first":
        rules = Rules.partnership()
        position = Position.deal(rules, rng, first_hand=True)
        viewer = rng.randrange(4)
        options, correct = _fixed(tuple(range(4)), position.to_move, _lead_label(rules, viewer))
        return {
            "position": position, "viewer": viewer, "face_up": frozenset(range(4)), "options": options,
            "correct": correct, "prompt": Message("practice.lead.prompt_first"),
            "reason": Message("practice.lead.reason_first"), "fact": "§5a", "turn_hidden": True,
        }
    if kind == "lot":
        rules = Rules.one_vs_one()
        lot = draw_lot(rng)
        want_tie = rng.random() < 0.3
        while want_tie and len(lot.rounds) < 2:
            lot = draw_lot(rng)
        index = 0 if want_tie else len(lot.rounds) - 1
        turned = lot.rounds[index]
        answer = lot.leader if index == len(lot.rounds) - 1 else "again"
        options, correct = _fixed((0, 1, "again"), answer, _lead_label(rules, 0))
        reason = (Message.of("practice.lead.reason_tie", pips=turned[0].pips) if answer == "again" else
                  Message.of("practice.lead.reason_lot", high=max(t.pips for t in turned),
                             low=min(t.pips for t in turned)))
        return {
            "position": Position.deal(rules, rng, leader=lot.leader), "viewer": 0, "options": options,
            "correct": correct, "reason": reason, "fact": "§5b", "turn_hidden": True,
            "prompt": Message.of("practice.lead.prompt_lot", mine=str(turned[0]), theirs=str(turned[1])),
            "loose": ((0, (turned[0],)), (1, (turned[1],))), "subject": (("lot", lot), ("round", index)),
        }
    if kind == "domino":
        rules = _rules(rng)
        position, _ = play_until(rng, rules, lambda p: p.outcome is not None and p.outcome.reason == "domino")
        actor = position.outcome.seat if position.outcome and position.outcome.seat is not None else 0
        prompt_key, reason_key, fact = "practice.lead.prompt_domino", "practice.lead.reason_domino", "§5c"
    else:
        rules = _rules(rng, partnership=0.7)
        if rng.random() < 0.3:
            start, blocking = blocking_setup(rng, rules, tie=True)
            position = start.apply(blocking)
        else:
            position, _ = play_until(rng, rules, lambda p: p.outcome is not None and p.outcome.reason == "blocked")
        actor = position.outcome.blocker if position.outcome and position.outcome.blocker is not None else 0
        prompt_key, reason_key, fact = "practice.lead.prompt_blocked", "practice.lead.reason_blocked", "§5d"
    match = Match(rules)
    match.record(position.outcome)  # type: ignore[arg-type]
    viewer = _other_seat(rng, rules, actor)
    last = position.last_play
    options, correct = _fixed(tuple(range(rules.players)), match.next_leader, _lead_label(rules, viewer))
    return {
        "position": position, "viewer": viewer, "face_up": frozenset(range(rules.players)), "options": options,
        "correct": correct, "fact": fact, "reason": Message(reason_key),
        "prompt": Message.of(prompt_key, seat=_seat(rules, viewer, actor), tile=str(last.move.tile) if last else ""),
    }


def _count_rule(rules: Rules) -> Message:
    return Message(f"practice.rule.count_{rules.count}")


def count(rng: random.Random) -> Fields:
    """Count the points of a finished hand: 1-vs-1 with drawn tiles, or partnership with the count option."""
    if rng.random() < 0.5:
        rules = Rules.one_vs_one()

        def wanted(pos: Position) -> bool:
            out = pos.outcome
            return out is not None and out.reason == "domino" and bool(pos.drawn_tiles(1 - (out.seat or 0)))
    else:
        rules = Rules.partnership(count="losers" if rng.random() < 0.3 else "all")

        def wanted(pos: Position) -> bool:
            return pos.outcome is not None and pos.outcome.reason == "domino"

    position, trail = play_until(rng, rules, wanted)
    outcome = position.outcome
    assert outcome is not None and outcome.seat is not None
    viewer = _other_seat(rng, rules, outcome.seat)
    answer = outcome.points
    wrong = _near(rng, answer)
    notes = []
    for seat in range(rules.players):
        drawn = position.drawn_tiles(seat)
        if drawn:
            wrong.append(answer - sum(t.pips for t in drawn))  # forgot the drawn tiles
            notes.append(Message.of("practice.count.note_drawn", seat=_seat(rules, viewer, seat), tiles=_tiles(drawn)))
    if position.stock:
        wrong.append(answer + sum(t.pips for t in position.stock))  # counted the stock
    if rules.players == 4:
        other = rules.with_options(count="all" if rules.count == "losers" else "losers")
        wrong.append(rescore(trail[0], position, other).outcome.points)  # type: ignore[union-attr]
        wrong.append(max(outcome.pips))  # only the heaviest hand
    options, correct = _options(rng, answer, wrong, _points)
    if rules.uses_stock:
        reason, fact = Message.of("practice.count.reason_drawn", points=answer), "§10b"
    elif rules.count == "losers":
        reason, fact = Message.of("practice.count.reason_losers", points=answer), "H1"
    else:
        reason, fact = Message.of("practice.count.reason_all", points=answer), "§10a"
    last = position.last_play
    return {
        "position": position, "viewer": viewer, "face_up": frozenset(range(rules.players)), "options": options,
        "correct": correct, "reason": reason, "fact": fact, "notes": tuple(notes),
        "prompt": Message.of("practice.count.prompt", seat=_seat(rules, viewer, outcome.seat),
                             tile=str(last.move.tile) if last else "", rule=_count_rule(rules)),
    }


def _blocked_hand(rng: random.Random, rules: Rules, tie: bool) -> tuple[Position, Position]:
    """A hand ended in a tranque, and its start: random play, or a seeded set-up for a tie."""
    if tie:
        for _ in range(50):
            start, blocking = blocking_setup(rng, rules, tie=True)
            final = start.apply(blocking)
            if final.outcome is not None and final.outcome.reason == "blocked" and final.outcome.winner is None:
                return start, final
        raise NoSituation("no tied tranque set up")
    final, trail = play_until(rng, rules, lambda p: p.outcome is not None and p.outcome.reason == "blocked")
    return trail[0], final


def tranque(rng: random.Random) -> Fields:
    """Who wins this tranque and for how many points (or nobody on a tie)."""
    rules = _rules(rng, partnership=0.7)
    if rules.players == 4 and rng.random() < 0.25:
        rules = rules.with_options(count="losers")
    start, position = _blocked_hand(rng, rules, tie=rng.random() < 0.35)
    outcome = position.outcome
    assert outcome is not None and outcome.blocker is not None
    viewer = _other_seat(rng, rules, outcome.blocker)
    answer = (outcome.winner, outcome.points)
    wrong: list[tuple[int | None, int]] = []
    for other in (rules.with_options(blocked_winner="blocker"),
                  rules.with_options(count="all" if rules.count == "losers" else "losers")):
        again = rescore(start, position, other).outcome
        assert again is not None
        wrong.append((again.winner, again.points))
    total = sum(outcome.side_pips)
    if outcome.winner is None:
        wrong += [(0, total), (1, total)]
    else:
        wrong += [(1 - outcome.winner, outcome.points), (None, 0),
                  (outcome.winner, abs(outcome.side_pips[0] - outcome.side_pips[1]))]

    def label(value: tuple[int | None, int]) -> Message:
        if value[0] is None:
            return Message("practice.tranque.nobody")
        return Message.of("practice.tranque.option", side=_side(rules, viewer, value[0]), points=value[1])

    options, correct = _options(rng, answer, wrong, label)
    ours, theirs = outcome.side_pips[rules.side_of(viewer)], outcome.side_pips[1 - rules.side_of(viewer)]
    if outcome.winner is None:
        reason, fact = Message.of("practice.tranque.reason_tie", ours=ours), "§9c"
    else:
        reason = Message.of("practice.tranque.reason", ours=ours, theirs=theirs, points=outcome.points,
                            rule=_count_rule(rules))
        fact = "H1" if rules.count == "losers" else "§9b"
    last = position.last_play
    return {
        "position": position, "viewer": viewer, "face_up": frozenset(range(rules.players)), "options": options,
        "correct": correct, "reason": reason, "fact": fact,
        "prompt": Message.of("practice.tranque.prompt", seat=_seat(rules, viewer, outcome.blocker),
                             tile=str(last.move.tile) if last else "", rule=_count_rule(rules)),
    }


CAPICU = ("capicu", "either", "left", "right", "none")


def going_out(position: Position, tile: Tile) -> str:
    """What playing ``tile`` (the mover's last) does, by the engine: capicu, either, left, right or none."""
    moves = position.moves_for(tile)
    if not moves:
        return "none"
    outcomes = [position.apply(move).outcome for move in moves]
    if not all(o is not None and o.reason == "domino" for o in outcomes):
        raise AssertionError("the last tile did not end the hand")
    if any(o is not None and o.capicu for o in outcomes):
        return "capicu"
    return "either" if len(moves) == 2 else str(moves[0].end)


def capicu(rng: random.Random) -> Fields:
    """Would going out here be a capicú, and at which end does the domino go (``moves_for`` and ``outcome``)."""
    rules = _rules(rng)
    target = rng.choice(CAPICU)

    def suits(tile: Tile, ends: tuple[int, int]) -> bool:
        left, right = ends
        if target == "capicu":
            return left != right and tile is Tile(left, right)
        if target == "either":
            return left == right and tile.has(left)
        if target == "left":
            return tile.has(left) and not tile.has(right)
        if target == "right":
            return tile.has(right) and not tile.has(left)
        return not tile.has(left) and not tile.has(right)

    for _ in range(100):
        found, _trail = play_until(rng, rules, lambda p: (
            p.outcome is None and p.ends is not None and len(p.hands[p.to_move]) == 1 and rng.random() < 0.5))
        ends = found.ends or (0, 0)
        mover = found.to_move
        spare = [(seat, t) for seat, hand in enumerate(found.hands) for t in hand if seat != mover]
        spare += [(-1, t) for t in found.stock]
        candidates = [(where, t) for where, t in spare if suits(t, ends)]
        if not candidates:
            continue
        where_from, tile = rng.choice(candidates)
        # Swap the mover's last tile with the chosen one, wherever it lies: counts stay as dealt.
        own = found.hands[mover][0]
        hands = [[own if t is tile else t for t in hand] for hand in found.hands]
        hands[mover] = [tile]
        stock = [own if t is tile else t for t in found.stock]
        line = [f"{p.left}-{p.right}" for p in found.placed]
        try:
            position = Position.setup(rules, hands, line, stock, to_move=mover, lead_index=found.lead_index)
        except ValueError:
            continue  # a tile that fits nowhere with nobody able to play: already a tranque, not a question
        answer = going_out(position, tile)
        options, correct = _fixed(CAPICU, answer, lambda v: Message(f"practice.capicu.{v}"))
        return {
            "position": position, "viewer": mover, "options": options, "correct": correct,
            "prompt": Message.of("practice.capicu.prompt", tile=str(tile), left=ends[0], right=ends[1]),
            "reason": Message.of(f"practice.capicu.reason_{answer}", tile=str(tile), left=ends[0], right=ends[1]),
            "fact": "§11a", "subject": (("tile", tile), ("moved_from", where_from)),
        }
    raise NoSituation("no capicú position found")


TARGETS = (50, 100, 100, 150, 200, 500)


def score(rng: random.Random) -> Fields:
    """The match score after a hand: the new scores, whether the target is reached, and whether it is a sapatu."""
    goal = rng.choice(("on", "on", "won", "sapatu"))
    target = rng.choice((50, 100) if goal == "sapatu" else TARGETS)
    rules = _rules(rng, target=target)
    for _ in range(400):
        match = Match(rules)
        hands: list[Position] = []
        while not match.is_over:
            before = match.scores
            position = play_out(rng, match.deal(rng))
            hands.append(position)
            match.record(position.outcome)  # type: ignore[arg-type]
            reached = {"on": not match.is_over and rng.random() < 0.4, "won": match.is_over and not match.sapatu,
                       "sapatu": match.sapatu}[goal]
            if reached:
                return _score_fields(rng, rules, match, before, hands)
    raise NoSituation(f"no {goal} match found")


def _score_fields(rng: random.Random, rules: Rules, match: Match, before: tuple[int, ...],
                  hands: list[Position]) -> Fields:
    outcome = match.outcomes[-1]
    answer = (match.scores, match.winner, match.sapatu)
    scores = match.scores
    leading = 0 if scores[0] >= scores[1] else 1
    wrong: list[tuple[tuple[int, ...], int | None, bool]] = [
        (scores, None if match.winner is not None else leading, False),
        (before, None, False),
    ]
    if match.winner is not None:
        wrong += [(scores, match.winner, not match.sapatu), (scores, 1 - match.winner, False)]
    if outcome.winner is not None:
        swapped = list(before)
        swapped[1 - outcome.winner] += outcome.points
        wrong.append((tuple(swapped), None, False))

    def label(value: tuple[tuple[int, ...], int | None, bool]) -> Message:
        (ours, theirs), winner, sapatu = value
        state = "on" if winner is None else ("sapatu_" if sapatu else "won_") + ("yours" if winner == 0 else "theirs")
        return Message.of("practice.score.option", ours=ours, theirs=theirs, state=Ref(f"practice.score.{state}"))

    options, correct = _options(rng, answer, wrong, label)
    if outcome.winner is None:
        hand = Message("practice.score.hand_tie")
    else:
        hand = Message.of("practice.score.hand_won", side=_side(rules, 0, outcome.winner), points=outcome.points)
    if match.sapatu:
        reason, fact = Message.of("practice.score.reason_sapatu", target=rules.target), "§12c"
    elif match.winner is not None:
        reason, fact = Message.of("practice.score.reason_won", target=rules.target), "§12a"
    else:
        reason = Message.of("practice.score.reason_on", target=rules.target)
        fact = "§12a" if rules.target == 100 else "H4"
    return {
        "position": hands[-1], "viewer": 0, "face_up": frozenset(range(rules.players)), "options": options,
        "correct": correct, "reason": reason, "fact": fact,
        "prompt": Message.of("practice.score.prompt", target=rules.target, ours=before[0], theirs=before[1], hand=hand),
        "subject": (("rules", rules), ("outcomes", match.outcomes)),
    }


#: The generator of every skill, by skill id.
GENERATORS: dict[str, Generator] = {
    "fits": fits,
    "where": where,
    "must": must,
    "lacks": lacks,
    "lead": lead,
    "count": count,
    "tranque": tranque,
    "capicu": capicu,
    "score": score,
}


def generate(skill_id: str, seed: int) -> Question:
    """The question of a skill for a seed: the same for everyone, every time."""
    skill = get_skill(skill_id)
    rng = random.Random(f"{skill.id}-{seed}")
    fields = GENERATORS[skill.id](rng)
    lesson, step = lesson_step(fields["fact"], skill.lesson)
    return Question(skill=skill.id, seed=seed, lesson=lesson, step=step, **fields)
