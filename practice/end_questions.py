"""Questions about the end of a hand and of a match: counting a domino, who wins a blocked hand, going out with a
capicú (or not), and the match score after a hand."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine import Match, Play, Position, Rules, Tile
from wording.table_words import counted
from wording.texts import Message, Ref

from .choices import (
    because,
    count_rule,
    ends_words,
    every,
    near,
    off_by,
    other_seat,
    place_why,
    points,
    reasons,
    seat_name,
    shuffled,
    side_name,
    spelled,
)
from .play_questions import random_rules
from .playout import NoSituation, play_out, play_until, rescore
from .question import Draft
from .setups import blocking_setup

CAPICU = ("capicu", "either", "left", "right", "none")
TARGETS = (50, 100, 100, 150, 200, 500)


def _count_rules(rng: random.Random) -> tuple[Rules, bool]:
    """1-vs-1 (questions about drawn tiles) or the partnership game, counting every hand or only the losers'."""
    if rng.random() < 0.5:
        return Rules.one_vs_one(), True
    return Rules.partnership(count="losers" if rng.random() < 0.3 else "all"), False


def count(rng: random.Random) -> Draft:
    """Count the points of a finished hand: 1-vs-1 with drawn tiles, or partnership with the count option."""
    rules, drawn_needed = _count_rules(rng)

    def wanted(pos: Position) -> bool:
        out = pos.outcome
        if out is None or out.reason != "domino":
            return False
        return not drawn_needed or bool(pos.drawn_tiles(1 - (out.seat or 0)))

    position, trail = play_until(rng, rules, wanted)
    outcome = position.outcome
    assert outcome is not None and outcome.seat is not None
    viewer = other_seat(rng, rules, outcome.seat)
    answer = outcome.points
    why: dict[int, Message] = {}  # each wrong count and the slip that gives it
    notes = []
    for seat in range(rules.players):
        drawn = position.drawn_tiles(seat)
        if drawn:
            name = seat_name(rules, viewer, seat)
            why.setdefault(answer - sum(t.pips for t in drawn),  # forgot the drawn tiles
                           because("count_no_drawn", seat=name, tiles=spelled(drawn)))
            notes.append(Message.of("practice.count.note_drawn", seat=name, tiles=spelled(drawn)))
    if position.stock:
        stock = sum(t.pips for t in position.stock)
        why.setdefault(answer + stock, because("count_stock", pips=stock))  # counted the stock
    if rules.players == 4:
        other = rules.with_options(count="all" if rules.count == "losers" else "losers")
        value = rescore(trail[0], position, other).outcome.points  # type: ignore[union-attr]  # same moves, same end
        why.setdefault(value, because("count_rule", points=value, rule=count_rule(rules)))
        why.setdefault(max(outcome.pips), because("count_heaviest", points=max(outcome.pips)))  # one hand only
    for value in near(rng, answer):
        why.setdefault(value, off_by(value, answer))
    options, correct = shuffled(rng, answer, list(why), points, why=reasons(why))
    if rules.uses_stock:
        reason, fact = Message.of("practice.count.reason_drawn", points=answer), "§10b"
    elif rules.count == "losers":
        reason, fact = Message.of("practice.count.reason_losers", points=answer), "H1"
    else:
        reason, fact = Message.of("practice.count.reason_all", points=answer), "§10a"
    last = position.last_play
    last_tile = str(last.move.tile) if last and isinstance(last.move, Play) else ""
    return Draft(
        position=position, viewer=viewer, face_up=frozenset(range(rules.players)), options=options,
        correct=correct, reason=reason, fact=fact, notes=tuple(notes),
        prompt=Message.of("practice.count.prompt", seat=seat_name(rules, viewer, outcome.seat),
                          tile=last_tile, rule=count_rule(rules)),
    )


#: How often a tranque question is a tie, and how often its blocked hand is set up (a short line, read at a
#: glance) rather than played out: random play blocks long lines, which quick drills turn down, so without set-up
#: winners almost every drill was a tie.
TIE_SHARE = 0.25
SETUP_SHARE = 0.6


def _blocked_hand(rng: random.Random, rules: Rules, tie: bool) -> tuple[Position, Position]:
    """A hand ended in a tranque, and its start: a seeded set-up (always for a tie, often for a winner), else
    random play."""
    if tie or rng.random() < SETUP_SHARE:
        for _ in range(50):
            start, blocking = blocking_setup(rng, rules, tie=tie)
            final = start.apply(blocking)
            if final.outcome is not None and final.outcome.reason == "blocked" and \
                    (final.outcome.winner is None) == tie:
                return start, final
        raise NoSituation(f"no {'tied ' if tie else ''}tranque set up")
    final, trail = play_until(rng, rules, lambda p: p.outcome is not None and p.outcome.reason == "blocked")
    return trail[0], final


def _tranque_wrong(start: Position, position: Position, rules: Rules) -> list[tuple[int | None, int]]:
    """Believable wrong answers: the other tables' rules, the other side, nobody, the difference."""
    outcome = position.outcome
    assert outcome is not None
    wrong: list[tuple[int | None, int]] = []
    for other in (rules.with_options(blocked_winner="blocker"),
                  rules.with_options(count="all" if rules.count == "losers" else "losers")):
        again = rescore(start, position, other).outcome
        assert again is not None
        wrong.append((again.winner, again.points))
    total = sum(outcome.side_pips)
    if outcome.winner is None:
        return [*wrong, (0, total), (1, total)]
    return [*wrong, (1 - outcome.winner, outcome.points), (None, 0),
            (outcome.winner, abs(outcome.side_pips[0] - outcome.side_pips[1]))]


def tranque(rng: random.Random) -> Draft:
    """Who wins this tranque and for how many points (or nobody on a tie)."""
    rules = random_rules(rng, partnership=0.7)
    if rules.players == 4 and rng.random() < 0.25:
        rules = rules.with_options(count="losers")
    start, position = _blocked_hand(rng, rules, tie=rng.random() < TIE_SHARE)
    outcome = position.outcome
    assert outcome is not None and outcome.blocker is not None
    viewer = other_seat(rng, rules, outcome.blocker)

    def label(value: tuple[int | None, int]) -> Message:
        if value[0] is None:
            return Message("practice.tranque.nobody")
        return counted("practice.tranque.option", value[1], side=side_name(rules, viewer, value[0]), points=value[1])

    ours, theirs = outcome.side_pips[rules.side_of(viewer)], outcome.side_pips[1 - rules.side_of(viewer)]

    def why(value: tuple[int | None, int]) -> Message:
        side, scored = value
        if side is None:
            return because("tranque_no_tie", ours=ours, theirs=theirs)
        name = side_name(rules, viewer, side)
        if outcome.winner is None:
            return because("tranque_tie", side=name, points=scored, pips=ours)
        if side != outcome.winner:
            return because("tranque_fewer", side=name, points=scored, pips=outcome.side_pips[side])
        return because("tranque_rule", side=name, points=scored, rule=count_rule(rules))

    options, correct = shuffled(rng, (outcome.winner, outcome.points), _tranque_wrong(start, position, rules), label,
                                why=why)
    if outcome.winner is None:
        reason, fact = Message.of("practice.tranque.reason_tie", ours=ours), "§9c"
    else:
        reason = Message.of("practice.tranque.reason", ours=ours, theirs=theirs, points=outcome.points,
                            rule=count_rule(rules))
        fact = "H1" if rules.count == "losers" else "§9b"
    last = position.last_play
    last_tile = str(last.move.tile) if last and isinstance(last.move, Play) else ""
    return Draft(
        position=position, viewer=viewer, face_up=frozenset(range(rules.players)), options=options,
        correct=correct, reason=reason, fact=fact,
        prompt=Message.of("practice.tranque.prompt", seat=seat_name(rules, viewer, outcome.blocker),
                          tile=last_tile, rule=count_rule(rules)),
    )


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


def _last_tile_position(rng: random.Random, rules: Rules, target: str) -> tuple[Position, Tile, int] | None:
    """A position whose mover holds one tile of the wanted kind (swapped in from another hand or the stock); the
    engine says what going out with each candidate would be (``going_out``)."""
    found, _trail = play_until(rng, rules, lambda p: (
        p.outcome is None and p.ends is not None and len(p.hands[p.to_move]) == 1 and rng.random() < 0.5))
    mover = found.to_move
    spare = [(seat, t) for seat, hand in enumerate(found.hands) for t in hand if seat != mover]
    spare += [(-1, t) for t in found.stock]
    rng.shuffle(spare)
    for where_from, tile in spare:
        position = _swapped_in(found, tile)
        if position is not None and going_out(position, tile) == target:
            return position, tile, where_from
    return None


def _swapped_in(found: Position, tile: Tile) -> Position | None:
    """``found`` with the mover's last tile swapped for ``tile``, wherever that lies: counts stay as dealt."""
    mover = found.to_move
    own = found.hands[mover][0]
    hands = [[own if t is tile else t for t in hand] for hand in found.hands]
    hands[mover] = [tile]
    stock = [own if t is tile else t for t in found.stock]
    line = [f"{p.left}-{p.right}" for p in found.placed]
    try:
        return Position.setup(found.rules, hands, line, stock, to_move=mover, lead_index=found.lead_index)
    except ValueError:
        return None  # a tile that fits nowhere with nobody able to play: already a tranque, not a question


def capicu(rng: random.Random, kinds: tuple[str, ...] = CAPICU) -> Draft:
    """Would going out here be a capicú, and at which end does the domino go (``moves_for`` and ``outcome``);
    ``kinds`` limits the situations (and the options) to some of capicu, either, left, right, none."""
    rules = random_rules(rng)
    target = rng.choice(kinds)
    for wanted in (target, *(kind for kind in kinds if kind != target)):  # the rare seed that finds none: another
        for _ in range(100):
            made = _last_tile_position(rng, rules, wanted)
            if made is not None:
                return _capicu_draft(kinds, *made)
    raise NoSituation("no capicú position found")


def _capicu_draft(kinds: tuple[str, ...], position: Position, tile: Tile, where_from: int) -> Draft:
    left, right = position.ends or (0, 0)
    answer = going_out(position, tile)
    options, correct = every(kinds, answer, lambda v: Message(f"practice.capicu.{v}"),
                             place_why(position, tile, capicu=answer == "capicu"))
    return Draft(
        position=position, viewer=position.to_move, options=options, correct=correct,
        prompt=Message.of("practice.capicu.prompt", tile=str(tile), left=left, right=right),
        reason=Message.of(f"practice.capicu.reason_{answer}", tile=str(tile), left=left, right=right,
                          ends=ends_words(left, right)),
        fact="§11a" if "capicu" in kinds else "§8a", subject=(("tile", tile), ("moved_from", where_from)),
    )


def _reached(goal: str, match: Match, rng: random.Random) -> bool:
    return {"on": not match.is_over and rng.random() < 0.4, "won": match.is_over and not match.sapatu,
            "sapatu": match.sapatu}[goal]


def score(rng: random.Random) -> Draft:
    """The match score after a hand: the new scores, whether the target is reached, and whether it is a sapatu."""
    goal = rng.choice(("on", "on", "won", "sapatu"))
    target = rng.choice((50, 100) if goal == "sapatu" else TARGETS)
    rules = random_rules(rng, target=target)
    for _ in range(400):
        match = Match(rules)
        hands: list[Position] = []
        while not match.is_over:
            before = match.scores
            position = play_out(rng, match.deal(rng))
            hands.append(position)
            match.record(position.outcome)  # type: ignore[arg-type]  # play_out plays to the hand's end
            if _reached(goal, match, rng):
                return _score_draft(rng, rules, match, before, hands)
    raise NoSituation(f"no {goal} match found")


Score = tuple[tuple[int, ...], int | None, bool]


def _score_wrong(match: Match, before: tuple[int, ...]) -> list[Score]:
    outcome = match.outcomes[-1]
    scores = match.scores
    leading = 0 if scores[0] >= scores[1] else 1
    wrong: list[Score] = [(scores, None if match.winner is not None else leading, False), (before, None, False)]
    if match.winner is not None:
        wrong += [(scores, match.winner, not match.sapatu), (scores, 1 - match.winner, False)]
    if outcome.winner is not None:
        swapped = list(before)
        swapped[1 - outcome.winner] += outcome.points
        wrong.append((tuple(swapped), None, False))
    return wrong


def _score_why(rules: Rules, match: Match, before: tuple[int, ...]) -> Callable[[Score], Message]:
    """Why a score is wrong: the hand's points left out or given to the wrong side, the target reached or not, a
    shutout or not (the match's own facts: its scores, winner and sapatu)."""
    outcome = match.outcomes[-1]
    scores, winner = match.scores, match.winner

    def side(number: int | None) -> Ref:
        return side_name(rules, 0, number)

    def why(value: Score) -> Message:
        chosen, chosen_winner, chosen_sapatu = value
        if chosen != scores:
            if chosen == before:
                return because("score_not_added", side=side(outcome.winner), points=outcome.points)
            return because("score_wrong_side", side=side(outcome.winner), points=outcome.points)
        if winner is None:
            return because("score_not_reached", target=rules.target, ours=scores[0], theirs=scores[1])
        if chosen_winner is None:
            return because("score_reached", side=side(winner), score=scores[winner], target=rules.target)
        if chosen_winner != winner:
            return because("score_wrong_winner", side=side(chosen_winner), score=scores[chosen_winner],
                           target=rules.target)
        if chosen_sapatu:
            return because("score_no_sapatu", score=scores[1 - winner])
        return because("score_sapatu", target=rules.target)

    return why


def _score_label(value: Score) -> Message:
    (ours, theirs), winner, sapatu = value
    state = "on" if winner is None else ("sapatu_" if sapatu else "won_") + ("yours" if winner == 0 else "theirs")
    return Message.of("practice.score.option", ours=ours, theirs=theirs, state=Ref(f"practice.score.{state}"))


def _score_draft(rng: random.Random, rules: Rules, match: Match, before: tuple[int, ...],
                 hands: list[Position]) -> Draft:
    outcome = match.outcomes[-1]
    options, correct = shuffled(rng, (match.scores, match.winner, match.sapatu), _score_wrong(match, before),
                                _score_label, why=_score_why(rules, match, before))
    if outcome.winner is None:
        hand = Message("practice.score.hand_tie")
    else:
        hand = Message.of("practice.score.hand_won", side=side_name(rules, 0, outcome.winner), points=outcome.points)
    if match.sapatu:
        reason, fact = Message.of("practice.score.reason_sapatu", target=rules.target), "§12c"
    elif match.winner is not None:
        reason, fact = Message.of("practice.score.reason_won", target=rules.target), "§12a"
    else:
        reason = Message.of("practice.score.reason_on", target=rules.target)
        fact = "§12a" if rules.target == 100 else "H4"
    return Draft(
        position=hands[-1], viewer=0, face_up=frozenset(range(rules.players)), options=options,
        correct=correct, reason=reason, fact=fact,
        prompt=Message.of("practice.score.prompt", target=rules.target, ours=before[0], theirs=before[1], hand=hand),
        subject=(("rules", rules), ("outcomes", match.outcomes)),
    )

