"""Questions about a turn of play: which tiles fit, where a tile goes, play / draw / pass, what a pass tells.
Each is asked of the engine on a position reached by seeded random play."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from engine import Draw, Pass, Play, Position, Rules, Tile
from wording.table_words import counted
from wording.texts import Message, Ref

from .choices import (
    action_why,
    because,
    ends_words,
    every,
    numbers,
    other_seat,
    place_why,
    seat_name,
    shuffled,
    spelled,
)
from .playout import play_until
from .question import Choice, Draft

WHERE = ("left", "right", "both", "nowhere")
ACTIONS = ("play", "draw", "pass")


def random_rules(rng: random.Random, partnership: float = 0.5, **options: object) -> Rules:
    """The partnership game with probability ``partnership``, else 1-vs-1 (house-rule options as given)."""
    if rng.random() < partnership:
        return Rules.partnership(**options)
    return Rules.one_vs_one(**options)


def fits(rng: random.Random) -> Draft:
    """Which of your tiles fit: pick every tile of the mover's hand that can be played (``playable_tiles``)."""
    rules = random_rules(rng)

    def wanted(pos: Position) -> bool:
        if pos.outcome is not None or pos.ends is None or len(pos.hands[pos.to_move]) < 3:
            return False
        return 0 < len(pos.playable_tiles()) < len(pos.hands[pos.to_move]) and rng.random() < 0.4

    position, _ = play_until(rng, rules, wanted)
    hand = position.hands[position.to_move]
    playable = position.playable_tiles()
    left, right = position.ends or (0, 0)
    fact = "§4a" if any(tile.is_double for tile in hand) and rng.random() < 0.5 else "§3a"
    return Draft(
        position=position,
        viewer=position.to_move,
        prompt=Message.of("practice.fits.prompt", left=left, right=right),
        options=tuple(Choice(tile, Message.of("practice.option.tile", tile=str(tile))) for tile in hand),
        correct=frozenset(i for i, tile in enumerate(hand) if tile in playable),
        multiple=True,
        reason=Message.of("practice.fits.reason", left=left, right=right,
                          tiles=spelled([t for t in hand if t in playable])),
        fact=fact,
    )


def where_tile_goes(position: Position, tile: Tile) -> str:
    """The ends the engine lets ``tile`` go to, as one word: left, right, both or nowhere."""
    ends = sorted({move.end for move in position.moves_for(tile) if move.end is not None})
    return "both" if len(ends) == 2 else ends[0] if ends else "nowhere"


def where(rng: random.Random, doubles: bool | None = None, target: str | None = None) -> Draft:
    """Where can this tile go: left, right, both or nowhere (``moves_for``); ``doubles`` True asks only about
    doubles, False never, None either; ``target`` chooses the answer (random by default)."""
    rules = random_rules(rng)
    target = rng.choice(WHERE) if target is None else target
    found: list[Tile] = []

    def wanted(pos: Position) -> bool:
        if pos.outcome is not None or pos.ends is None:
            return False
        found[:] = [t for t in pos.hands[pos.to_move]
                    if where_tile_goes(pos, t) == target and doubles in (None, t.is_double)]
        return bool(found) and rng.random() < 0.5

    position, _ = play_until(rng, rules, wanted)
    tile = rng.choice(found)
    answer = where_tile_goes(position, tile)
    left, right = position.ends or (0, 0)
    options, correct = every(WHERE, answer, lambda v: Message(f"practice.where.{v}"), place_why(position, tile))
    fact = "§4a" if tile.is_double else "§3c" if answer == "both" else "§3a"
    return Draft(
        position=position, viewer=position.to_move, options=options, correct=correct, fact=fact,
        prompt=Message.of("practice.where.prompt", tile=str(tile)),
        reason=Message.of(f"practice.where.reason_{answer}", tile=str(tile), left=left, right=right,
                          ends=ends_words(left, right)),
        subject=(("tile", tile),),
    )


def must(rng: random.Random, partnership: float = 0.5, target: str | None = None) -> Draft:
    """Draw, pass or play: what the mover must do (``required_action``); ``target`` chooses the answer (a draw
    only where there is a stock)."""
    rules = random_rules(rng, partnership)
    targets = ("play", "pass") if rules.name == "partnership" else ("play", "draw", "draw", "pass")
    target = rng.choice(targets) if target not in targets else target

    def wanted(pos: Position) -> bool:
        return pos.ends is not None and pos.required_action() == target and rng.random() < 0.5

    position, _ = play_until(rng, rules, wanted)
    answer = position.required_action()
    left, right = position.ends or (0, 0)
    options, correct = every(ACTIONS, answer, lambda v: Message(f"answer.{v}"), action_why(position))
    ends = ends_words(left, right)
    if answer == "play":
        reason, fact = Message.of("practice.must.reason_play", tiles=spelled(sorted(position.playable_tiles()))), "§6d"
    elif answer == "draw":
        reason, fact = counted("practice.must.reason_draw", len(position.stock), ends=ends), "§6a"
    elif rules.uses_stock:
        reason, fact = Message.of("practice.must.reason_pass_empty", ends=ends), "§6b"
    else:
        reason, fact = Message.of("practice.must.reason_pass_partnership", ends=ends), "§6c"
    return Draft(position=position, viewer=position.to_move, prompt=Message("practice.must.prompt"),
                 options=options, correct=correct, reason=reason, fact=fact)


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
            if draws:
                notes.append(counted("practice.lacks.note_draw_pass", draws, seat=name, left=left, right=right))
            else:
                notes.append(Message.of("practice.lacks.note_pass", seat=name, left=left, right=right))
            draws = 0
        elif draws:
            notes.append(counted("practice.lacks.note_draw_play", draws, seat=name, left=ends[0], right=ends[1],
                                 tile=str(event.move.tile)))
            draws = 0
    return notes


def _just_told(pos: Position) -> bool:
    """Whether the last event told the table something: a pass, or a play right after the same seat's draws."""
    last = pos.history[-1] if pos.ends is not None and len(pos.history) > 1 else None
    if last is None or pos.outcome is not None:
        return False
    before = pos.history[-2]
    forced = isinstance(last.move, Play) and before.seat == last.seat and isinstance(before.move, Draw)
    return (isinstance(last.move, Pass) or forced) and bool(pos.known_lacks(last.seat))


def lacks(rng: random.Random, partnership: float = 0.5) -> Draft:
    """What does this pass (or forced draw) tell: the numbers the seat is known to lack (``known_lacks``)."""
    rules = random_rules(rng, partnership)
    position, trail = play_until(rng, rules, lambda pos: _just_told(pos) and rng.random() < 0.6)
    last = position.history[-1]
    seat = last.seat
    viewer = other_seat(rng, rules, seat)
    name = seat_name(rules, viewer, seat)
    answer = tuple(sorted(position.known_lacks(seat)))
    notes = _lacks_notes(trail, seat, name)
    before = trail[-2].ends or (0, 0)
    extra = rng.choice([n for n in range(7) if n not in answer] or [0])
    wrong = [tuple(sorted(set(before))), (before[0],), (before[1],), tuple(sorted(set(position.ends or ()))),
             tuple(sorted({*answer, extra})), answer[1:], answer[:-1], ()]
    options, correct = shuffled(rng, answer, wrong, numbers, why=_lacks_why(answer, name))
    is_pass = isinstance(last.move, Pass)
    drew = any(isinstance(e.move, Draw) and e.seat == seat for e in position.history)
    fact = "§7c" if len(notes) > 1 else "§7b" if drew else "§7a"
    return Draft(
        position=position, viewer=viewer, options=options, correct=correct, fact=fact,
        prompt=Message.of("practice.lacks.prompt_pass" if is_pass else "practice.lacks.prompt_draw", seat=name),
        reason=Message.of("practice.lacks.reason", numbers=answer),
        badges=((seat, "pass" if is_pass else "draw"),), notes=tuple(notes), subject=(("seat", seat),),
    )


def _lacks_why(answer: tuple[int, ...], name: Ref) -> Callable[[tuple[int, ...]], Message]:
    """Why a set of numbers is not what the table knows the seat lacks: the numbers it adds, those it misses."""

    def why(choice: tuple[int, ...]) -> Message:
        extra = tuple(n for n in choice if n not in answer)
        missing = tuple(n for n in answer if n not in choice)
        if extra and missing:
            return because("lacks_both", seat=name, extra=extra, missing=missing)
        if extra:
            return because("lacks_extra", seat=name, numbers=extra)
        return because("lacks_missing", seat=name, numbers=missing)

    return why
