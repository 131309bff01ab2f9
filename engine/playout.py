"""Whole-hand playouts on ints: a position played to the end of its hand in one loop, at every table, with the
result a move-by-move ``apply`` would give.

Inside a playout each hand is a bitmask, the line its end numbers, the stock an index, and a move a small tuple
looked up by the tiles that fit an end; the history links and what everyone knows a seat lacks are kept as
``apply`` keeps them. One ``Position`` is built at the end: the same hands, line, stock, history and ``Outcome`` as
playing the same moves one ``apply`` at a time, so the public positions stay immutable values. Two policies:

- ``random_playout``: uniformly random legal moves, drawing from ``rng`` exactly as ``rng.choice(legal_moves())``
  at every move (forced draws and passes included), so a seeded caller gets the same hands as before.
- ``heaviest_playout``: every seat plays its heaviest fitting tile (a double weighs half a pip more; the first of
  the legal moves among equals: the lowest tile, the left end before the right).

All-fives plays in a twin loop with the spinner's four ends and the points scored during the hand. A
``random.Random`` subclass that draws other than by ``getrandbits`` (or any other rng) plays move by move through
``apply``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from .bits import SEAT_BITS, TILE_OF_BIT, seat_masks
from .leads import DOUBLE_SIX
from .moves import ALL_ENDS, DRAW, ENDS, PASS, PLAYS, Play
from .outcome import Outcome, score_blocked, score_domino
from .position import _SPINNER, _TILES_SHOWING, Position, _SpinnerPosition
from .tile import ALL_TILES, TILES_WITH, Tile

# From position.py: _SPINNER, the `_arms` bit of a spinner lead; _TILES_SHOWING, the tiles showing a set of numbers.
# `Position._known` keeps the ends a seat saw before a forced draw from this bit on (see position.py).
_PENDING = 28


def _subsets(mask: int) -> Iterator[int]:
    subset = mask
    while True:
        yield subset
        if not subset:
            return
        subset = (subset - 1) & mask


def _weight(tile: Tile) -> float:
    """A tile's weight for the heaviest policy: its pips, half a pip more for a double."""
    return tile.pips + 0.5 * tile.is_double


# Every set of tiles that can fit one end (a subset of the tiles showing one number), by its tile bits.
_FITTING = sorted({subset for n in range(7) for subset in _subsets(TILES_WITH[n])})

# A play in a playout: (tile bit, tile pips, the Play, 1 at the right end else 0); the new end number is the pips
# less the number it covers. The options of a fitting set at one end, lowest tile first (legal_moves' order).
_Option = tuple[int, int, Play, int]
_OPTIONS: tuple[dict[int, tuple[_Option, ...]], dict[int, tuple[_Option, ...]]] = tuple(  # type: ignore[assignment]  # tuple() types it [X, ...]; it has two
    {
        subset: tuple(
            (tile.bit, tile.pips, PLAYS[tile, end], side) for tile in ALL_TILES if subset & tile.bit
        )
        for subset in _FITTING
    }
    for side, end in enumerate(ENDS)
)
_LEFT_OPTIONS, _RIGHT_OPTIONS = _OPTIONS

# The heaviest option of a fitting set at one end (the first among equals), with its weight in front.
_Heaviest = tuple[float, int, int, Play]
_HEAVIEST: tuple[dict[int, _Heaviest], dict[int, _Heaviest]] = tuple(  # type: ignore[assignment]  # tuple() types it [X, ...]; it has two
    {
        subset: max(
            ((_weight(TILE_OF_BIT[bit]), bit, pips, play) for bit, pips, play, _ in options),
            key=lambda option: option[0],
        )
        for subset, options in table.items()
        if options
    }
    for table in _OPTIONS
)
_LEFT_HEAVIEST, _RIGHT_HEAVIEST = _HEAVIEST

# The same for a spinner's four ends (all-fives): (tile bit, pips, the Play, the end 0-3 for left, right, up,
# down, 1 for a double) and the heaviest of a set, with its weight in front; lists in legal_moves' order.
_SpinOption = tuple[int, int, Play, int, int]
_SPIN_OPTIONS: tuple[dict[int, tuple[_SpinOption, ...]], ...] = tuple(
    {
        subset: tuple(
            (tile.bit, tile.pips, PLAYS[tile, end], index, int(tile.is_double))
            for tile in ALL_TILES
            if subset & tile.bit
        )
        for subset in _FITTING
    }
    for index, end in enumerate(ALL_ENDS)
)
_SpinHeaviest = tuple[float, int, int, Play, int, int]
_SPIN_HEAVIEST: tuple[dict[int, _SpinHeaviest], ...] = tuple(
    {
        subset: max(((_weight(TILE_OF_BIT[option[0]]), *option) for option in options), key=lambda entry: entry[0])
        for subset, options in table.items()
        if options
    }
    for table in _SPIN_OPTIONS
)
# n.bit_length() for the option counts a hand can have (at most 7 tiles fit each end), as Random._randbelow uses.
_BITS_FOR = tuple(n.bit_length() for n in range(16))
_LEAD_PLAYS = {tile.bit: PLAYS[tile, None] for tile in ALL_TILES}
_WEIGHT_OF_BIT = {tile.bit: _weight(tile) for tile in ALL_TILES}


# How random.Random.choice draws an index (CPython 3.11-3.13): getrandbits(n.bit_length()) until it is below n.
_RANDBELOW = getattr(random.Random, "_randbelow_with_getrandbits", None)


def _fast_random(rng: random.Random) -> bool:
    """Whether ``rng.choice`` draws as ``getrandbits`` does in ``random.Random`` (so it can be inlined)."""
    kind = type(rng)
    return (
        _RANDBELOW is not None
        and isinstance(rng, random.Random)
        and kind.choice is random.Random.choice
        and getattr(kind, "_randbelow", None) is _RANDBELOW
    )


def random_playout(position: Position, rng: random.Random) -> Position:
    """``position`` played to the end of the hand with uniformly random legal moves: what applying
    ``rng.choice(position.legal_moves())`` until the hand is over gives, with the same draws from ``rng``."""
    if position._outcome is not None:
        return position
    if not _fast_random(rng):
        while position.outcome is None:
            position = position.apply(rng.choice(position.legal_moves()))
        return position
    if position.__class__ is _SpinnerPosition:
        return _spinner_played_out(position, rng.getrandbits)  # type: ignore[arg-type]  # its class is checked
    return _played_out(position, rng.getrandbits)


def heaviest_playout(position: Position) -> Position:
    """``position`` played to the end of the hand, every seat playing its heaviest fitting tile (a double weighs
    half a pip more; among equals the first legal move: the lowest tile, the left end before the right)."""
    if position._outcome is not None:
        return position
    if position.__class__ is _SpinnerPosition:
        return _spinner_played_out(position, None)  # type: ignore[arg-type]  # its class is checked
    return _played_out(position, None)


# One loop, every step inline, on purpose: a call per move is the cost this module exists to remove.
def _played_out(position: Position, getrandbits: Callable[[int], int] | None) -> Position:  # noqa: C901
    """The hand played out from an open position without a spinner: random moves drawn with ``getrandbits`` as
    ``Random.choice`` draws them, or with ``None`` the heaviest fitting tile."""
    start = position._start
    players = start.players
    hands = seat_masks(position._hands, players)
    held = 0  # every tile in any hand
    for hand in hands:
        held |= hand
    left, right = position._left, position._right
    stock = position._stock
    drawn = 0  # tiles drawn from the stock so far
    stock_size = len(stock)
    seat = position._to_move
    known = position._known
    history = position._history
    with_, bits_for = TILES_WITH, _BITS_FOR
    left_options, right_options = _LEFT_OPTIONS, _RIGHT_OPTIONS
    left_heaviest, right_heaviest = _LEFT_HEAVIEST, _RIGHT_HEAVIEST
    last = -1  # the last seat to play a tile in this playout
    if left < 0:
        hand = hands[seat]
        bit = _lead(hand, start.first_hand, getrandbits)
        tile = TILE_OF_BIT[bit]
        start = start.led()
        hands[seat] = hand = hand ^ bit
        held ^= bit
        if known >> _PENDING and known >> _PENDING + 7 * seat & 127:
            known = _played_after_drawing(known, seat)
        history = (history, seat, _LEAD_PLAYS[bit], None)
        left, right = tile.high, tile.low
        last = seat
        if not hand or (drawn == stock_size and not held & (with_[left] | with_[right])):
            return _ended(position, start, hands, left, right, stock, drawn, seat, seat + 1, history, known, False)
        seat = seat + 1 if seat + 1 < players else 0
    while True:
        hand = hands[seat]
        fits_left = hand & with_[left]
        fits_right = hand & with_[right]
        if fits_left or fits_right:
            if getrandbits is None:
                at_right: int = not fits_left or (
                    fits_right and right_heaviest[fits_right][0] > left_heaviest[fits_left][0]
                )
                _, bit, pips, play = right_heaviest[fits_right] if at_right else left_heaviest[fits_left]
            else:
                options = left_options[fits_left] + right_options[fits_right] if fits_right else left_options[fits_left]
                count = len(options)
                k = bits_for[count]
                r = getrandbits(k)
                while r >= count:
                    r = getrandbits(k)
                bit, pips, play, at_right = options[r]
            hands[seat] = hand = hand ^ bit
            held ^= bit
            if known >> _PENDING and known >> _PENDING + 7 * seat & 127:
                known = _played_after_drawing(known, seat)
            history = (history, seat, play, None)
            last = seat
            before_left, before_right = left, right
            if at_right:
                right = pips - right
            else:
                left = pips - left
            if not hand or (drawn == stock_size and not held & (with_[left] | with_[right])):
                # Capicú: out with a mixed tile that matched both ends while they showed different numbers (§11).
                capicu = not hand and before_left != before_right
                capicu = capicu and TILE_OF_BIT[bit].mask == (1 << before_left) | (1 << before_right)
                return _ended(position, start, hands, left, right, stock, drawn, seat, seat + 1, history, known, capicu)
            seat = seat + 1 if seat + 1 < players else 0
        elif drawn < stock_size:
            if getrandbits is not None:
                while getrandbits(1):  # what rng.choice([DRAW]) draws
                    pass
            tile = stock[drawn]
            drawn += 1
            bit = tile.bit
            hands[seat] = hand | bit
            held |= bit
            shift = 7 * seat
            ends = (1 << left) | (1 << right)
            known = known & ~(127 << shift | 127 << _PENDING + shift) | ends << _PENDING + shift
            history = (history, seat, DRAW, tile)
            if drawn == stock_size and not held & (with_[left] | with_[right]):
                blocker = last if last >= 0 else position._last_player()
                return _ended(position, start, hands, left, right, stock, drawn, blocker, seat, history, known, False)
        else:
            if getrandbits is not None:
                while getrandbits(1):  # what rng.choice([PASS]) draws
                    pass
            shift = 7 * seat
            lacks = (known >> shift & 127) | (1 << left) | (1 << right)
            known = known & ~(127 << shift | 127 << _PENDING + shift) | lacks << shift
            history = (history, seat, PASS, None)
            seat = seat + 1 if seat + 1 < players else 0


# The all-fives twin of _played_out, one loop for the same reason: four ends, the spinner, points during the hand.
def _spinner_played_out(  # noqa: C901
    position: _SpinnerPosition, getrandbits: Callable[[int], int] | None
) -> Position:
    """An all-fives hand played out (RULES.md S1-S7): as ``_played_out``, with the spinner's up and down ends
    opening once its left and right hold a tile, and every play whose open ends add up to a multiple of 5 scoring."""
    start = position._start
    players = start.players
    sides = start.rules._seat_sides
    hands = seat_masks(position._hands, players)
    held = 0
    for hand in hands:
        held |= hand
    left, right, up, down = position._left, position._right, position._up, position._down
    arms = position._arms
    points = list(position._points)
    stock = position._stock
    drawn = 0
    stock_size = len(stock)
    seat = position._to_move
    known = position._known
    history = position._history
    with_ = TILES_WITH
    on_left, on_right, on_up, on_down = _SPIN_OPTIONS
    heaviest_left, heaviest_right, heaviest_up, heaviest_down = _SPIN_HEAVIEST
    last = -1
    while True:
        hand = hands[seat]
        before_left, before_right, before_up = left, right, up
        if left < 0:
            # The lead: any tile (lowest first); a double is the spinner.
            bit = _lead(hand, False, getrandbits)
            tile = TILE_OF_BIT[bit]
            play: Play = _LEAD_PLAYS[bit]
            start = start.led()
            left, right = tile.high, tile.low
            arms = _SPINNER | tile.high << 9 | 16 | 32 if tile.is_double else 0
            end = -1
        else:
            fits_left, fits_right = hand & with_[left], hand & with_[right]
            fits_up = hand & with_[up] if up >= 0 else 0
            fits_down = hand & with_[down] if up >= 0 else 0
            if not (fits_left or fits_right or fits_up or fits_down):
                if drawn < stock_size:
                    if getrandbits is not None:
                        while getrandbits(1):  # what rng.choice([DRAW]) draws
                            pass
                    tile = stock[drawn]
                    drawn += 1
                    hands[seat] = hand | tile.bit
                    held |= tile.bit
                    shift = 7 * seat
                    ends = _ends(left, right, up, down)
                    known = known & ~(127 << shift | 127 << _PENDING + shift) | ends << _PENDING + shift
                    history = (history, seat, DRAW, tile)
                    if drawn == stock_size and not held & _TILES_SHOWING[ends]:
                        blocker = last if last >= 0 else position._last_player()
                        return _spinner_ended(
                            position, start, hands, (left, right, up, down, arms), points, stock, drawn, blocker,
                            seat, history, known, False,
                        )
                    continue
                if getrandbits is not None:
                    while getrandbits(1):  # what rng.choice([PASS]) draws
                        pass
                shift = 7 * seat
                lacks = (known >> shift & 127) | _ends(left, right, up, down)
                known = known & ~(127 << shift | 127 << _PENDING + shift) | lacks << shift
                history = (history, seat, PASS, None)
                seat = seat + 1 if seat + 1 < players else 0
                continue
            if getrandbits is None:
                found = [heaviest_left[fits_left]] if fits_left else []
                if fits_right:
                    found.append(heaviest_right[fits_right])
                if fits_up:
                    found.append(heaviest_up[fits_up])
                if fits_down:
                    found.append(heaviest_down[fits_down])
                _, bit, pips, play, end, double = max(found, key=_first) if len(found) > 1 else found[0]
            else:
                options = on_left[fits_left] + on_right[fits_right]
                if up >= 0:
                    options += on_up[fits_up] + on_down[fits_down]
                count = len(options)
                k = count.bit_length()
                r = getrandbits(k)
                while r >= count:
                    r = getrandbits(k)
                bit, pips, play, end, double = options[r]
            # Lay the tile: the covered half matches the end, the other half is the new end.
            if end == 0:
                left = pips - left
            elif end == 1:
                right = pips - right
            elif end == 2:
                up = pips - up
            else:
                down = pips - down
            arm = 1 << end
            arms = arms & ~(arm << 4) | arm | (arm << 4 if double else 0)
            if arms & _SPINNER and arms & 3 == 3 and up < 0:
                up = down = arms >> 9 & 7  # left and right both hold a tile: up and down open
        hands[seat] = hand = hand ^ bit
        held ^= bit
        count = _end_count(left, right, up, down, arms)
        scored = None
        if count and not count % 5:
            points[sides[seat]] += count
            scored = count
        if known >> _PENDING and known >> _PENDING + 7 * seat & 127:
            known = _played_after_drawing(known, seat)
        history = (history, seat, play, scored)
        last = seat
        if not hand or (drawn == stock_size and not held & _TILES_SHOWING[_ends(left, right, up, down)]):
            capicu = not hand and before_up < 0 and end >= 0 and before_left != before_right
            capicu = capicu and TILE_OF_BIT[bit].mask == (1 << before_left) | (1 << before_right)
            return _spinner_ended(
                position, start, hands, (left, right, up, down, arms), points, stock, drawn, seat, seat + 1,
                history, known, capicu,
            )
        seat = seat + 1 if seat + 1 < players else 0


def _first(entry: _SpinHeaviest) -> float:
    return entry[0]


def _ends(left: int, right: int, up: int, down: int) -> int:
    """The numbers showing at the open ends, as bits (as ``_ends_mask``)."""
    mask = (1 << left) | (1 << right)
    if up >= 0:
        mask |= (1 << up) | (1 << down)
    return mask


def _end_count(left: int, right: int, up: int, down: int, arms: int) -> int:
    """The all-fives count of the open ends (S5), as ``end_count`` counts it from the same state."""
    if not arms & 3:
        return left + right  # the lead alone: both halves (a double: twice its number)
    count = left * (2 if arms & 16 else 1) + right * (2 if arms & 32 else 1)
    if arms & 4:
        count += up * (2 if arms & 64 else 1)
    if arms & 8:
        count += down * (2 if arms & 128 else 1)
    return count


def _spinner_ended(
    position: _SpinnerPosition,
    start: object,
    hands: list[int],
    table: tuple[int, int, int, int, int],
    points: list[int],
    stock: tuple[Tile, ...],
    drawn: int,
    seat: int,
    to_move: int,
    history: object,
    known: int,
    capicu: bool,
) -> Position:
    """The finished all-fives hand's position, built once: ``seat`` went out or blocked the hand; ``table`` is
    the four end numbers and the arms."""
    scored = tuple(points)
    rules, leader = position._start.rules, position._start.leader
    if hands[seat]:
        outcome = score_blocked(rules, hands, seat, scored, leader)
    else:
        outcome = score_domino(rules, hands, seat, capicu, scored, leader)
    after = object.__new__(_SpinnerPosition)
    _fill(after, position, start, hands, table[0], table[1], stock, drawn, to_move, history, outcome, known)
    after._up, after._down, after._arms = table[2], table[3], table[4]
    after._points = scored
    return after


def _lead(hand: int, first_hand: bool, getrandbits: Callable[[int], int] | None) -> int:
    """The lead's tile bit: the 6-6 in a partnership match's first hand, else a random tile of the hand (lowest
    first, as ``legal_moves`` lists them) or the first heaviest."""
    leads = [DOUBLE_SIX.bit] if first_hand else _bits(hand)
    if getrandbits is None:
        weight_of = _WEIGHT_OF_BIT
        return max(leads, key=weight_of.__getitem__)
    count = len(leads)
    k = count.bit_length()
    r = getrandbits(k)
    while r >= count:
        r = getrandbits(k)
    return leads[r]


def _bits(mask: int) -> list[int]:
    """The bits of ``mask``, lowest first."""
    found = []
    while mask:
        bit = mask & -mask
        found.append(bit)
        mask ^= bit
    return found


def _played_after_drawing(known: int, seat: int) -> int:
    """A forced draw ended in this play: everyone knows the seat had none of the ends shown before it (§7)."""
    shift = 7 * seat
    pending = known >> _PENDING + shift & 127
    return known & ~(127 << shift | 127 << _PENDING + shift) | pending << shift


def _ended(
    position: Position,
    start: object,
    hands: list[int],
    left: int,
    right: int,
    stock: tuple[Tile, ...],
    drawn: int,
    seat: int,
    to_move: int,
    history: object,
    known: int,
    capicu: bool,
) -> Position:
    """The finished hand's position, built once, as the last ``apply`` of a move-by-move playout would: ``seat``
    went out (its hand is empty) or blocked the hand."""
    rules, leader = position._start.rules, position._start.leader
    if hands[seat]:
        outcome = score_blocked(rules, hands, seat, None, leader)
    else:
        outcome = score_domino(rules, hands, seat, capicu, None, leader)
    after = object.__new__(Position)
    _fill(after, position, start, hands, left, right, stock, drawn, to_move, history, outcome, known)
    return after


def _fill(
    after: Position,
    position: Position,
    start: object,
    hands: list[int],
    left: int,
    right: int,
    stock: tuple[Tile, ...],
    drawn: int,
    to_move: int,
    history: object,
    outcome: Outcome,
    known: int,
) -> None:
    """Set a new position's every slot of ``Position`` from a finished playout's state."""
    after._start = start  # type: ignore[assignment]  # a _Start, from the position played out
    packed = 0
    for index, hand in enumerate(hands):
        packed |= hand << SEAT_BITS * index
    after._hands = packed
    after._hands_view = None
    after._table = None
    after._left = left
    after._right = right
    after._stock = stock[drawn:] if drawn else stock
    after._to_move = to_move % position._start.players
    after._history = history  # type: ignore[assignment]  # a history chain, extended link by link
    after._outcome = outcome
    after._known = known


__all__ = ["heaviest_playout", "random_playout"]
