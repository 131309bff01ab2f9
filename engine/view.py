"""What one seat can see of a hand: its own tiles and everything public, and random deals of the rest.

A ``View`` is what a hidden-information player is given instead of the position: two positions that differ only
in what the seat cannot see have equal views, and ``sample`` deals the unseen tiles at random, consistently with
the hand sizes and what everyone knows each seat lacks (RULES.md §7).

>>> from engine import Position, Rules
>>> pos = Position.setup(Rules.one_vs_one(), hands=[["5-1", "2-2"], ["6-6", "0-0"]], line=["3-4"], stock=["1-1"])
>>> view = pos.apply("draws").view(1)
>>> view.hand, view.hand_sizes, view.stock_size, [str(e) for e in view.history]
((Tile(0, 0), Tile(6, 6)), (3, 2), 0, ['0 draws'])
"""

from __future__ import annotations

import bisect
import functools
import hashlib
import operator
import random
from typing import TYPE_CHECKING, NamedTuple

from .bits import ALL_MASK, FULL, SEAT_BITS, TILE_OF_BIT, Chain, each_bit, fold_seats, tiles_of
from .moves import Draw, End, Event, Move, Play
from .position import DOUBLE_SIX, Placed, Position
from .tile import ALL_TILES, TILES_WITH, Tile

if TYPE_CHECKING:
    from .leads import LeadReason
    from .outcome import Outcome
    from .rules import Rules



class After(NamedTuple):
    """The public table once the seat has made a move: its open ends, their all-fives count, the hand's points,
    and what the move itself scored (all-fives; 0 elsewhere)."""

    open_ends: tuple[tuple[End, int], ...]
    end_count: int
    hand_points: tuple[int, ...]
    scored: int = 0


class View:
    """One seat's view of a hand (immutable). Get it with ``Position.view(seat)``.

    Everything here is public or the seat's own: its hand, the line, the sizes of the other hands and of the
    stock, the history (another seat's draw shows no tile) and each seat's known lacks.
    """

    __slots__ = ("_deal", "_hand_sizes", "_history", "_key", "_seat", "_stock_size", "_table", "_unseen")

    _seat: int
    _table: Position  # the public position: own hand, other hands and stock filled canonically from the unseen
    _hand_sizes: tuple[int, ...]
    _stock_size: int
    _unseen: int  # tile bits
    _history: tuple[Event, ...]
    _key: tuple[object, ...]
    _deal: _Deal | None

    def __init__(self) -> None:
        raise TypeError("get a View with Position.view(seat)")

    @classmethod
    def _of(cls, position: Position, seat: int) -> View:
        """The view of ``position`` from ``seat`` (what ``Position.view`` returns)."""
        rules = position.rules
        players = rules.players
        hands = position._hands
        own = hands >> SEAT_BITS * seat & FULL
        sizes = tuple((hands >> SEAT_BITS * s & FULL).bit_count() for s in range(players))
        if rules.uses_stock or players * rules.hand_size >= len(ALL_TILES):
            # Every tile of the set is dealt: those nobody holds, not on the table and not in the stock were left
            # out by a scripted position, and stay out.
            unseen = fold_seats(hands & ~(FULL << SEAT_BITS * seat), players)
            unseen |= sum(tile.bit for tile in position.stock)
        else:
            # A game without a stock that deals fewer than 28 tiles: the rest lie face down, out of play (G2).
            unseen = ALL_MASK & ~own & ~sum(tile.bit for tile in position.line)
        stock_size = len(position.stock)
        table = position._redealt(
            _canonical_hands(own, seat, sizes, unseen), _canonical_stock(unseen, sizes, seat, stock_size),
            _public_chain(position, seat),
        )
        history = table.history
        key = (
            rules, seat, own, sizes, stock_size, unseen, position._public_state(),
            tuple((e.seat, e.move, e.drawn) for e in history), position.outcome,
        )
        view = object.__new__(cls)
        for name, value in (
            ("_seat", seat), ("_table", table), ("_hand_sizes", sizes), ("_stock_size", stock_size),
            ("_unseen", unseen), ("_history", history), ("_key", key), ("_deal", None),
        ):
            object.__setattr__(view, name, value)
        return view

    # ------------------------------------------------------------------------------------------------ what it shows

    @property
    def seat(self) -> int:
        """The seat looking."""
        return self._seat

    @property
    def rules(self) -> Rules:
        """The rule set of the hand."""
        return self._table.rules

    @property
    def hand(self) -> tuple[Tile, ...]:
        """The seat's own tiles, lowest first."""
        return self._table.hands[self._seat]

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many tiles each seat holds (its own included)."""
        return self._hand_sizes

    @property
    def stock_size(self) -> int:
        """How many tiles are left in the stock."""
        return self._stock_size

    @property
    def unseen(self) -> frozenset[Tile]:
        """The tiles this seat cannot see: the other hands and the stock together, and at a table that deals fewer
        than all 28 tiles without a stock, the tiles lying face down out of play."""
        return frozenset(tiles_of(self._unseen))

    @property
    def placed(self) -> tuple[Placed, ...]:
        """The line with each tile's orientation (as ``Position.placed``)."""
        return self._table.placed

    @property
    def line(self) -> tuple[Tile, ...]:
        """The tiles on the table, left to right."""
        return self._table.line

    @property
    def lead_index(self) -> int | None:
        """Where the lead lies in ``line`` (``None`` before the lead)."""
        return self._table.lead_index

    @property
    def ends(self) -> tuple[int, int] | None:
        """The numbers at the left and right open ends, or ``None`` before the lead."""
        return self._table.ends

    @property
    def open_ends(self) -> tuple[tuple[End, int], ...]:
        """The ends a tile can be played on now, as ``(name, number)`` (as ``Position.open_ends``)."""
        return self._table.open_ends

    @property
    def end_count(self) -> int:
        """The all-fives count of the open ends (RULES.md S5)."""
        return self._table.end_count

    @property
    def hand_points(self) -> tuple[int, ...]:
        """Per side, the points scored during this hand so far (all-fives; zeros elsewhere)."""
        return self._table.hand_points

    @property
    def to_move(self) -> int:
        """The seat whose turn it is."""
        return self._table.to_move

    @property
    def first_hand(self) -> bool:
        """Whether this is a partnership match's first hand, led with the 6-6."""
        return self._table.first_hand

    @property
    def leader(self) -> int | None:
        """The seat that leads (led) this hand (as ``Position.leader``)."""
        return self._table.leader

    @property
    def lead_reason(self) -> LeadReason | None:
        """Why ``leader`` leads this hand (as ``Position.lead_reason``): everyone at the table knows it."""
        return self._table.lead_reason

    @property
    def history(self) -> tuple[Event, ...]:
        """The hand's events, oldest first; a draw shows its tile only when this seat drew it."""
        return self._history

    @property
    def outcome(self) -> Outcome | None:
        """How the hand ended (then every hand is shown and counted), or ``None`` while it is open."""
        return self._table.outcome

    def known_lacks(self, seat: int) -> frozenset[int]:
        """The numbers everyone knows ``seat`` does not hold now (RULES.md §7)."""
        return self._table.known_lacks(seat)

    def plays_on_ends(self) -> tuple[tuple[Event, frozenset[int]], ...]:
        """Every play that followed an end, oldest first, with the numbers showing at the open ends just before it
        (``Position.plays_on_ends``: all of it public)."""
        return self._table.plays_on_ends()

    def legal_moves(self) -> list[Move]:
        """The seat's legal moves when it is its turn (as ``Position.legal_moves``); empty otherwise."""
        if self._table.to_move != self._seat:
            return []
        return self._table.legal_moves()

    def after(self, move: Move) -> After:
        """The public table once the seat has made ``move`` (one of its legal moves), as the engine lays the tile."""
        if self._table.to_move != self._seat:
            raise ValueError(f"it is seat {self._table.to_move}'s turn, not seat {self._seat}'s")
        table = self._table.apply(move)
        link = table._history
        assert link is not None
        scored = link[3] if link[2].__class__ is Play and link[3] else 0
        return After(table.open_ends, table.end_count, table.hand_points, scored)  # type: ignore[arg-type]  # a play's link holds its points, an int

    @property
    def fingerprint(self) -> str:
        """A short text naming this view, the same in every run (for seeding players; never Python's ``hash``)."""
        text = repr(self._key).encode()
        return hashlib.blake2b(text, digest_size=12).hexdigest()

    # ------------------------------------------------------------------------------------------------ sampling

    def sample(self, rng: random.Random) -> Position:
        """A full position consistent with this view: the unseen tiles dealt at random to the other hands and
        the stock (in a random order), every deal that fits the hand sizes and the known lacks equally likely."""
        if not isinstance(rng, random.Random):
            raise TypeError(f"rng={rng!r}: sample with a random.Random, e.g. random.Random(seed)")
        if self._table.outcome is not None:
            raise ValueError("the hand is over: every hand is shown, there is nothing left to sample")
        if self._deal is None:
            self._deal = _Deal(self)
        own = self._seat
        table = self._table
        hands, stock = self._deal.draw(rng)
        packed = table._hands >> SEAT_BITS * own & ((1 << SEAT_BITS) - 1)
        packed <<= SEAT_BITS * own
        for seat, bits in hands.items():
            packed |= bits << SEAT_BITS * seat
        return table._redealt(packed, tuple(TILE_OF_BIT[bit] for bit in stock), table._history)

    # ------------------------------------------------------------------------------------------------ identity

    def __eq__(self, other: object) -> bool:
        return isinstance(other, View) and self._key == other._key

    def __hash__(self) -> int:
        return hash(self._key)

    def __setattr__(self, name: str, value: object) -> None:
        if name == "_deal":  # the sampling plan, worked out once on the first sample
            object.__setattr__(self, name, value)
            return
        raise AttributeError("views are immutable")

    def __repr__(self) -> str:
        hand = " ".join(map(str, self.hand))
        return (
            f"<View seat={self._seat} of {self.rules.name} hand=[{hand}] ends={self.ends} "
            f"sizes={self._hand_sizes} stock={self._stock_size} to_move={self.to_move}>"
        )


class _Deal:
    """How to deal a view's unseen tiles uniformly at random among the deals its constraints allow.

    Seats with a known lack ("constrained") take only tiles free of those numbers; every other place (seats with no
    known lack, the stock, and the tiles face down out of play) takes anything, so they are one "free" pile dealt
    out at the end. The tiles a constrained seat may take are placed one by one: each goes to a place with a
    probability proportional to the number of deals of the remaining tiles that still fit (counted once, memoised),
    which makes every fitting deal equally likely without ever retrying.
    """

    __slots__ = (
        "capacities", "constrained", "counts", "fitting", "forced", "free_seats", "options", "pinned", "stock_size",
        "tiles",
    )

    def __init__(self, view: View) -> None:
        seat, sizes = view._seat, list(view._hand_sizes)
        # Before a partnership match's first lead everyone knows the seat to move holds the 6-6 (§5).
        self.pinned: dict[int, int] = {}
        if view.first_hand and view.ends is None and view.to_move != seat:
            self.pinned[view.to_move] = DOUBLE_SIX.bit
            sizes[view.to_move] -= 1
        others = [s for s in range(len(sizes)) if s != seat and sizes[s]]
        lacks = {s: _mask(view.known_lacks(s)) for s in others}
        self.constrained = tuple(s for s in others if lacks[s])
        self.free_seats = tuple((s, sizes[s]) for s in others if not lacks[s])
        self.capacities = tuple(sizes[s] for s in self.constrained)
        self.stock_size = view._stock_size
        self.tiles: list[tuple[int, int]] = []  # (tile bit, the constrained seats that may take it, as bits)
        self.forced: list[int] = []  # tiles no constrained seat may take: into the free pile
        for bit in each_bit(view._unseen):
            if bit in self.pinned.values():
                continue
            allowed = sum(1 << i for i, s in enumerate(self.constrained) if not bit & _LACKING[lacks[s]])
            if allowed:
                self.tiles.append((bit, allowed))
            else:
                self.forced.append(bit)
        # At a table with tiles face down out of play, an open hand that the seat itself cannot play on tells
        # everyone that another hand holds a tile fitting an open end (else the hand would have ended blocked).
        self.fitting = 0
        ends = {number for _, number in view.open_ends}
        if ends and not view._stock_size and view.outcome is None:
            fitting = functools.reduce(operator.or_, (TILES_WITH[n] for n in ends))
            if not sum(tile.bit for tile in view.hand) & fitting:
                self.fitting = fitting
        self.counts: dict[tuple[int, tuple[int, ...]], int] = {}
        self.options: dict[tuple[int, tuple[int, ...]], tuple[tuple[int, ...], tuple[int, ...]]] = {}
        if self.constrained and not self._count(0, self.capacities):
            raise ValueError("no deal of the unseen tiles fits the hand sizes and the known lacks")

    def draw(self, rng: random.Random) -> tuple[dict[int, int], list[int]]:
        """One random deal: each other seat's tile bits, and the stock's bits in draw order."""
        while True:
            hands, stock = self._draw_once(rng)
            # Deals where nobody could play on are drawn again: among the rest every deal stays equally likely.
            if not self.fitting or any(bits & self.fitting for bits in hands.values()):
                return hands, stock

    def _draw_once(self, rng: random.Random) -> tuple[dict[int, int], list[int]]:
        hands = dict.fromkeys(self.constrained, 0)
        hands.update(self.pinned)
        free = list(self.forced)
        capacities = self.capacities
        for index, (bit, _) in enumerate(self.tiles):
            if not any(capacities):
                free.extend(bit for bit, _ in self.tiles[index:])
                break
            places, cumulative = self._options(index, capacities)
            place = places[bisect.bisect_right(cumulative, rng.randrange(cumulative[-1]))]
            if place < 0:
                free.append(bit)
            else:
                hands[self.constrained[place]] |= bit
                capacities = _minus_one(capacities, place)
        rng.shuffle(free)
        start = 0
        for s, size in self.free_seats:
            hands[s] = hands.get(s, 0) | sum(free[start : start + size])
            start += size
        return hands, free[start : start + self.stock_size]

    def _options(self, index: int, capacities: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Where tile ``index`` may go (a constrained seat's index, or -1 for the free pile), with the cumulative
        numbers of deals that follow each choice."""
        key = (index, capacities)
        found = self.options.get(key)
        if found is None:
            allowed = self.tiles[index][1]
            places, cumulative, total = [], [], 0
            for place in (-1, *range(len(capacities))):
                if place >= 0 and not (allowed >> place & 1 and capacities[place]):
                    continue
                ways = self._count(index + 1, capacities if place < 0 else _minus_one(capacities, place))
                if ways:
                    total += ways
                    places.append(place)
                    cumulative.append(total)
            found = self.options[key] = (tuple(places), tuple(cumulative))
        return found

    def _count(self, index: int, capacities: tuple[int, ...]) -> int:
        """The number of ways tiles ``index`` onwards can fill the constrained seats' remaining places (the others
        going to the free pile)."""
        needed = sum(capacities)
        if needed > len(self.tiles) - index:
            return 0
        if not needed:
            return 1
        key = (index, capacities)
        if key not in self.counts:
            cumulative = self._options(index, capacities)[1]
            self.counts[key] = cumulative[-1] if cumulative else 0
        return self.counts[key]


def _minus_one(capacities: tuple[int, ...], place: int) -> tuple[int, ...]:
    return capacities[:place] + (capacities[place] - 1,) + capacities[place + 1 :]


def _mask(numbers: frozenset[int]) -> int:
    return sum(1 << n for n in numbers)


# For a set of numbers (as a 7-bit mask), the tile bits of every tile showing one of them.
_LACKING = tuple(
    functools.reduce(operator.or_, (TILES_WITH[n] for n in range(7) if mask >> n & 1), 0) for mask in range(128)
)



def _canonical_hands(own: int, seat: int, sizes: tuple[int, ...], unseen: int) -> int:
    """The seat's own hand, and the other hands filled with the lowest unseen tiles in seat order.

    Only the sizes matter here: this filling is made from what the seat sees, so it tells nothing, and it lets the
    engine answer the seat's legal moves on the public table.
    """
    bits = list(each_bit(unseen))
    packed, start = own << SEAT_BITS * seat, 0
    for other, size in enumerate(sizes):
        if other != seat:
            packed |= sum(bits[start : start + size]) << SEAT_BITS * other
            start += size
    return packed


def _canonical_stock(unseen: int, sizes: tuple[int, ...], seat: int, stock_size: int) -> tuple[Tile, ...]:
    """The unseen tiles left after ``_canonical_hands``, as the stock."""
    dealt = sum(size for other, size in enumerate(sizes) if other != seat)
    return tiles_of(unseen)[dealt : dealt + stock_size]


def _public_chain(position: Position, seat: int) -> Chain | None:
    """The position's history chain with the tiles other seats drew taken out (for the public table)."""
    links: list[tuple[int, Move, Tile | int | None]] = []
    chain = position._history
    while chain is not None:
        chain, who, move, brought = chain
        # Another seat's draw shows no tile; what a play scored everyone sees.
        links.append((who, move, brought if who == seat or move.__class__ is not Draw else None))
    public: Chain | None = None
    for who, move, drawn in reversed(links):
        public = (public, who, move, drawn)
    return public


__all__ = ["View"]
