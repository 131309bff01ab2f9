"""A deeper evaluation than the Expert's, for reviews and puzzles: every choice of a seat played on the same many
sampled deals, drawn as likely as they make what the others played, each deal searched exactly once few tiles are
left, the heaviest-tile playout before that (59% of the points against the Expert: docs/performance.md).

A sampled deal fixes every hand and, at a table with a stock, the stock's order, so from there the hand is a game
of perfect information: ``exact_values`` plays it out with every seat choosing what is best for its own side
(max-n; alpha-beta where two sides play, what one wins the other loses), remembering the positions it has already
solved.

>>> from engine import Position, Rules
>>> pos = Position.setup(Rules.one_vs_one(), hands=[["4-1", "3-3"], ["1-6"]], line=["1-5", "5-4"])
>>> analysis = analyse(pos.view(0), seed=1)  # on the left 4-1 blocks and wins 13; on the right 1-6 goes out
>>> [(str(found.move), found.mean) for found in analysis.estimates], analysis.margin
([('plays 4-1 left', 13.0), ('plays 4-1 right', -6.0)], 19.0)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine import ALL_TILES, Draw, Move, Play, Position, Rules, View
from engine.tile import TILES_WITH

from .choices import choices
from .montecarlo import Estimate, playout, side_value
from .seeding import decision_rng

#: Deals every choice is played on by default while playouts judge them, more than the Expert gives its best
#: choices; once the deals are searched exactly, at most ``EXACT_DEALS`` (a search costs a hundred playouts). A
#: review of 30 decisions takes well under 30 s (see ``benchmarks/analysis_strength.py``).
DEFAULT_DEALS = 800
EXACT_DEALS = 200
#: A deal is searched exactly once at most this many tiles are left to play (the hands and the stock together)
#: and no hand holds more than ``EXACT_HAND`` (two long hands make a much wider search than four short ones);
#: before that each deal is played out with the heaviest fitting tile.
EXACT_TILES = 16
EXACT_HAND = 5
#: How the others' plays are read (at a table with a stock, only those after the seat's last draw): a seat is
#: taken to choose among its fitting tiles with odds growing ``e ** INFERENCE`` times a pip (a double half a pip
#: more, as in the playouts), so a deal where a seat held heavier tiles that fitted and played a light one is less
#: likely, never ruled out. ``POOL`` deals are drawn for each one kept, and the kept ones are drawn from the pool by
#: how likely each makes the plays seen (0 reads nothing: every deal as likely).
INFERENCE = 0.3
POOL = 3

_SEAT_BITS = 28  # as the engine packs hands: seat s's tiles are ``tile.bit << 28 * s`` (only a key here)


@dataclass(frozen=True)
class Analysis:
    """Every choice of a seat with its expected result for the seat's side, best first (ties keep the order of the
    legal moves)."""

    estimates: tuple[Estimate, ...]
    exact: int  # how many of the values (choices x deals) are exact (searched, or the hand ended) not playouts

    @property
    def best(self) -> Move:
        """The choice with the best expected result."""
        return self.estimates[0].move

    @property
    def deals(self) -> int:
        """How many deals every choice was played on (one when the view leaves nothing to guess)."""
        return len(self.estimates[0].values)

    @property
    def margin(self) -> float | None:
        """How many points the best choice wins over the second best on average (on the same deals); ``None``
        when there is only one choice."""
        if len(self.estimates) < 2:
            return None
        return self.estimates[0].lead_over(self.estimates[1])[0]

    def estimate_of(self, move: Move) -> Estimate:
        """The estimate of one of the analysed choices."""
        for found in self.estimates:
            if found.move == move:
                return found
        raise ValueError(f"{move} is not one of the analysed choices: {', '.join(str(e.move) for e in self.estimates)}")


def analyse(view: View, deals: int = DEFAULT_DEALS, seed: int = 0, exact_tiles: int = EXACT_TILES,
            inference: float = INFERENCE) -> Analysis:
    """Every distinct choice of the seat to move (``choices``), each played on the same sampled deals (``deals``,
    or at most ``EXACT_DEALS`` once they are searched exactly: at most ``exact_tiles`` tiles left) and valued for
    its side; the deals drawn as likely as the others' plays make them (``inference``). The same seed always gives
    the same analysis."""
    if deals < 1:
        raise ValueError(f"deals={deals!r}: at least one deal")
    moves = choices(view)
    if not moves:
        raise ValueError(f"seat {view.seat} has no choice to analyse: it is seat {view.to_move}'s turn"
                         if view.outcome is None else "the hand is over: there is no choice to analyse")
    rules = view.rules
    side = rules.side_of(view.seat)
    rng = decision_rng(seed, view, "analysis")
    values: list[list[float]] = [[] for _ in moves]
    exact = 0
    for world in _worlds(view, deals, exact_tiles, inference, rng):
        search = _search(rules)  # one memory a deal: the choices share the positions they lead to
        for index, move in enumerate(moves):
            after = world.apply(move)
            if after.outcome is not None:
                values[index].append(side_value(after.outcome, rules, side))
                exact += 1
            elif _searchable(after, exact_tiles):
                values[index].append(search.values(after, _packed(after), _last_player(view, move))[side])
                exact += 1
            else:
                end = playout(after)
                values[index].append(side_value(end.outcome, rules, side))  # type: ignore[arg-type]  # a played-out hand has its outcome
    estimates = [Estimate(move, tuple(found)) for move, found in zip(moves, values, strict=True)]
    estimates.sort(key=lambda found: -found.mean)  # stable: ties keep the order of the legal moves
    return Analysis(tuple(estimates), exact)


def _worlds(view: View, deals: int, exact_tiles: int, inference: float, rng: random.Random) -> list[Position]:
    """The deals to play every choice on: one when the view leaves nothing to guess; else drawn from the view,
    kept by how likely they make the others' plays (systematic resampling of a pool ``POOL`` times larger)."""
    if _deal_is_known(view):
        return [view.sample(rng)]
    if sum(view.hand_sizes) + view.stock_size - 1 <= exact_tiles:
        deals = min(deals, EXACT_DEALS)
    evidence = _evidence(view) if inference else ()
    if not evidence:
        return [view.sample(rng) for _ in range(deals)]
    odds = {tile.bit: math.exp(inference * (tile.pips + 0.5 * tile.is_double)) for tile in ALL_TILES}
    pool = [view.sample(rng) for _ in range(deals * POOL)]
    weights = [_likelihood(world, evidence, odds) for world in pool]
    step = sum(weights) / deals
    mark = rng.random() * step
    kept: list[Position] = []
    total = 0.0
    for world, weight in zip(pool, weights, strict=True):
        total += weight
        while mark < total and len(kept) < deals:
            kept.append(world)
            mark += step
    return kept


def _evidence(view: View) -> tuple[tuple[int, int, int, int], ...]:
    """The others' plays that had a choice of tile to read: (seat, the tile's bit, the tiles that fitted then,
    the tiles the seat played after it). At a table with a stock only the plays a seat made after its last draw:
    its hand then was the one it holds now and the tiles it played since (a draw before would change it unseen)."""
    drew_since: set[int] = set()  # the seats that drew after the event looked at (the history read backwards)
    readable = set()
    for event in reversed(view.history):
        if isinstance(event.move, Draw):
            drew_since.add(event.seat)
        elif isinstance(event.move, Play) and event.seat not in drew_since:
            readable.add(event.move.tile)
    plays = [(event.seat, event.move.tile.bit, _fitting(numbers)) for event, numbers in view.plays_on_ends()  # type: ignore[union-attr]  # plays only
             if event.seat != view.seat and event.move.tile in readable]  # type: ignore[union-attr]  # plays only
    found = []
    for index, (seat, bit, fitting) in enumerate(plays):
        later = sum(other for who, other, _ in plays[index + 1:] if who == seat)
        found.append((seat, bit, fitting, later))
    return tuple(found)


def _fitting(numbers: frozenset[int]) -> int:
    """The tiles showing any of ``numbers``, as bits."""
    bits = 0
    for number in numbers:
        bits |= TILES_WITH[number]
    return bits


def _likelihood(world: Position, evidence: tuple[tuple[int, int, int, int], ...], odds: dict[int, float]) -> float:
    """How likely ``world``'s hands make the plays in ``evidence`` (up to a factor the same for every deal)."""
    packed = _packed(world)
    mask = (1 << _SEAT_BITS) - 1
    found = 1.0
    for seat, bit, fitting, later in evidence:
        could = (packed >> _SEAT_BITS * seat & mask | later | bit) & fitting
        total = 0.0
        while could:
            lowest = could & -could
            total += odds[lowest]
            could ^= lowest
        found *= odds[bit] / total
    return found


def exact_values(position: Position) -> dict[Move, tuple[float, ...]]:
    """For a position where every tile is known (a ``Position``, not a ``View``): each legal move of the seat to
    move with what the hand is then worth to every side (``side_value``), every seat playing its best for its side."""
    if position.outcome is not None:
        raise ValueError("the hand is over: there is no move to search")
    search = _search(position.rules)
    found = {}
    for move in position.legal_moves():
        after = position.apply(move)
        if after.outcome is not None:
            found[move] = tuple(side_value(after.outcome, after.rules, side) for side in search.sides)
        else:
            last = position.to_move if isinstance(move, Play) else _last_play_seat(position)
            found[move] = search.values(after, _packed(after), last)
    return found


def exact_value(position: Position, seat: int) -> float:
    """What the hand is worth to ``seat``'s side (points won minus lost, as ``side_value``) when every seat plays
    its best for its side from ``position``, where every tile is known."""
    side = position.rules.side_of(seat)
    if position.outcome is not None:
        return side_value(position.outcome, position.rules, side)
    return _search(position.rules).values(position, _packed(position), _last_play_seat(position))[side]


def exact_best(position: Position) -> list[Move]:
    """The legal moves of the seat to move that are worth the most to its side with perfect play (all of them
    when several tie)."""
    side = position.rules.side_of(position.to_move)
    found = exact_values(position)
    top = max(value[side] for value in found.values())
    return [move for move, value in found.items() if value[side] == top]


class _Search:
    """Max-n over a position where every tile is known: the seat to move takes the move best for its side (the
    first among equals), and every position met is remembered by what decides the rest of the hand."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.sides = range(rules.sides)
        self.seat_sides = tuple(rules.side_of(seat) for seat in range(rules.players))
        self.spinner = rules.spinner
        self.memory: dict[tuple[object, ...], tuple[float, ...]] = {}

    def values(self, position: Position, packed: int, last: int) -> tuple[float, ...]:
        """The hand's worth to every side from ``position`` (open); ``packed`` is its hands as one int and
        ``last`` the seat that played the last tile (a blocking draw makes it the blocker)."""
        key = self._key(position, packed, last)
        known = self.memory.get(key)
        if known is not None:
            return known
        seat = position.to_move
        side = self.seat_sides[seat]
        best: tuple[float, ...] | None = None
        for move in position.legal_moves():
            after = position.apply(move)
            child_packed, child_last = _after(position, move, packed, last)
            outcome = after.outcome
            if outcome is None:
                value = self.values(after, child_packed, child_last)
            else:
                value = tuple(side_value(outcome, self.rules, s) for s in self.sides)
            if best is None or value[side] > best[side]:
                best = value
        assert best is not None  # an open position always has a move: a play, a draw or a pass
        self.memory[key] = best
        return best

    def _key(self, position: Position, packed: int, last: int) -> tuple[object, ...]:
        if self.spinner:
            return (packed, position.open_ends, position.end_count, position.hand_points,
                    len(position.stock), position.to_move, last)
        return (packed, position.ends, len(position.stock), position.to_move, last)


class _TwoSides(_Search):
    """Alpha-beta where two sides play (what one side wins the other loses): the same values as max-n, found
    without searching the moves that cannot change them; the memory keeps bounds where a search was cut short."""

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self.bounds: dict[tuple[object, ...], tuple[float, float]] = {}

    def values(self, position: Position, packed: int, last: int) -> tuple[float, ...]:
        """As ``_Search.values``: the hand's worth to both sides from ``position`` (open)."""
        value = self._value(position, packed, last, -math.inf, math.inf)
        side = self.seat_sides[position.to_move]
        return (value, -value) if side == 0 else (-value, value)

    def _value(self, position: Position, packed: int, last: int, alpha: float, beta: float) -> float:
        """The hand's worth to the side to move, exact when it lies between ``alpha`` and ``beta``; otherwise a
        bound on the same side of the window."""
        key = self._key(position, packed, last)
        low, high = self.bounds.get(key, _UNBOUNDED)
        if low == high or low >= beta:
            return low
        if high <= alpha:
            return high
        alpha, beta = max(alpha, low), min(beta, high)
        window = alpha, beta
        seat = position.to_move
        side = self.seat_sides[seat]
        best = -math.inf
        for move in _heaviest_first(position.legal_moves()):
            after = position.apply(move)
            child_packed, child_last = _after(position, move, packed, last)
            outcome = after.outcome
            if outcome is not None:
                value = side_value(outcome, self.rules, side)
            elif self.seat_sides[after.to_move] == side:
                value = self._value(after, child_packed, child_last, alpha, beta)
            else:
                value = -self._value(after, child_packed, child_last, -beta, -alpha)
            if value > best:
                best = value
                if best > alpha:
                    alpha = best
                    if alpha >= beta:
                        break
        if best <= window[0]:
            high = min(high, best)
        elif best >= window[1]:
            low = max(low, best)
        else:
            low = high = best
        self.bounds[key] = (low, high)
        return best


_UNBOUNDED = (-math.inf, math.inf)


def _heaviest_first(moves: Sequence[Move]) -> list[Move]:
    """The moves with the heaviest tile first (the cut-offs come sooner), draws and passes as they come."""
    return sorted(moves, key=lambda move: -move.tile.pips if move.__class__ is Play else 0)  # type: ignore[union-attr]  # a Play: its class is checked


def _search(rules: Rules) -> _Search:
    """The exact search for a table: alpha-beta where two sides play, max-n where more do."""
    return _TwoSides(rules) if rules.sides == 2 else _Search(rules)


def _after(position: Position, move: Move, packed: int, last: int) -> tuple[int, int]:
    """The packed hands and the last player once the seat to move has made ``move`` (see ``_Search.values``)."""
    seat = position.to_move
    if move.__class__ is Play:
        return packed ^ move.tile.bit << _SEAT_BITS * seat, seat  # type: ignore[union-attr]  # a Play: its class is checked
    if move.__class__ is Draw:
        return packed | position.stock[0].bit << _SEAT_BITS * seat, last
    return packed, last


def _packed(position: Position) -> int:
    """Every hand of ``position`` as one int, as a memory key."""
    return sum(tile.bit << _SEAT_BITS * seat for seat, hand in enumerate(position.hands) for tile in hand)


def _searchable(position: Position, exact_tiles: int) -> bool:
    """Whether few enough tiles are left to search the hand exactly (see ``EXACT_TILES``)."""
    hands = position.hands
    return sum(map(len, hands)) + len(position.stock) <= exact_tiles and max(map(len, hands)) <= EXACT_HAND


def _last_play_seat(position: Position) -> int:
    """The seat that played the last tile (for a hand a draw blocks); the seat before the one to move when no
    play is in the history."""
    event = position.last_play
    return event.seat if event is not None else (position.to_move - 1) % position.rules.players


def _last_player(view: View, move: Move) -> int:
    """Who has played the last tile once the view's seat has made ``move``."""
    if isinstance(move, Play):
        return view.seat
    for event in reversed(view.history):
        if isinstance(event.move, Play):
            return event.seat
    return (view.seat - 1) % view.rules.players


def _deal_is_known(view: View) -> bool:
    """Whether every sampled deal is the same: no stock and the unseen tiles all in one other hand."""
    others = [size for seat, size in enumerate(view.hand_sizes) if seat != view.seat and size]
    return view.stock_size == 0 and len(others) == 1 and others[0] == len(view.unseen)


__all__ = ["DEFAULT_DEALS", "EXACT_DEALS", "EXACT_HAND", "EXACT_TILES", "INFERENCE", "POOL", "Analysis", "analyse",
           "exact_best", "exact_value", "exact_values"]
