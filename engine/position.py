"""One hand in progress: the hands, the line, the stock and whose turn it is; ``apply`` returns the next position."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, NamedTuple

from .errors import IllegalMove
from .moves import DRAW, PASS, PLAYS, Draw, End, Event, Move, Pass, Play, parse
from .outcome import Outcome, score_blocked, score_domino
from .rules import Rules
from .tile import ALL_TILES, TILES_WITH, Tile

if TYPE_CHECKING:
    from .view import View

DOUBLE_SIX = Tile(6, 6)

TileLike = Tile | str


# A history link: (older link, seat, move, tile drawn or None). Events are built only when someone asks.
_Chain = tuple["_Chain | None", int, "Move", Tile | None]


class Placed(NamedTuple):
    """A tile on the line, with the number its left half and its right half show."""

    tile: Tile
    left: int
    right: int


class Position:
    """An immutable snapshot of one hand. Build one with ``start``, ``setup`` or ``deal``; play with ``apply``.

    >>> rules = Rules.one_vs_one()
    >>> pos = Position.setup(rules, hands=[["5-1", "2-2"], ["6-6"]], line=["3-4", "4-5"])
    >>> pos.ends, [str(m) for m in pos.legal_moves()]
    ((3, 5), ['plays 5-1 right'])
    """

    __slots__ = (
        "_first_hand",
        "_hands",
        "_hands_view",
        "_history",
        "_lacks",
        "_last_player",
        "_left",
        "_line",
        "_outcome",
        "_pending",
        "_right",
        "_rules",
        "_setup_line",
        "_stock",
        "_to_move",
    )

    _rules: Rules
    _hands: int  # every seat's tiles packed in one int: seat s holds tile bits << 28 * s
    _hands_view: tuple[tuple[Tile, ...], ...] | None
    # The line is kept as its two end numbers (-1 before the lead) plus the history; the tiles with their
    # orientation are rebuilt from the set-up line and the plays only when someone looks (see `placed`).
    _setup_line: tuple[tuple[Placed, ...], int]
    _line: tuple[tuple[Placed, ...], int] | None
    _left: int
    _right: int
    _stock: tuple[Tile, ...]
    _to_move: int
    _history: _Chain | None  # newest event first, linked to the older ones: O(1) to extend
    _outcome: Outcome | None
    _first_hand: bool
    _lacks: tuple[int, ...]
    _pending: tuple[int, ...]
    _last_player: int

    def __init__(self) -> None:
        raise TypeError("build a Position with Position.start, Position.setup or Position.deal")

    # ----------------------------------------------------------------------------------------------- building

    @classmethod
    def start(
        cls,
        rules: Rules,
        hands: Sequence[Sequence[TileLike]],
        stock: Sequence[TileLike] = (),
        leader: int | None = None,
        first_hand: bool = False,
    ) -> Position:
        """An empty line about to be led. In a partnership match's first hand the holder of 6-6 leads it."""
        hand_tiles = _read_hands(rules, hands)
        stock_tiles = _read_stock(rules, stock)
        _check_unique(hand_tiles, (), stock_tiles)
        leader, must_lead_double_six = _find_leader(rules, _pack(hand_tiles), leader, first_hand)
        return cls._make(rules, _pack(hand_tiles), (), -1, stock_tiles, leader, must_lead_double_six, leader - 1)

    @classmethod
    def setup(
        cls,
        rules: Rules,
        hands: Sequence[Sequence[TileLike]],
        line: Sequence[TileLike],
        stock: Sequence[TileLike] = (),
        to_move: int = 0,
        lead_index: int | None = None,
    ) -> Position:
        """Any scripted mid-hand position: the line left to right, the stock in draw order.

        With two or more line tiles each one's orientation follows from its neighbours; a lone mixed tile must be
        text and is read as written (``"3-4"`` shows 3 on the left). ``lead_index`` says which line tile was the
        lead (the middle one if omitted). The seat before ``to_move`` is taken to have played the last tile.
        """
        hand_tiles = _read_hands(rules, hands)
        stock_tiles = _read_stock(rules, stock)
        placed = _read_line(line)
        _check_unique(hand_tiles, tuple(p.tile for p in placed), stock_tiles)
        _check_seat(rules, to_move, "to_move")
        if not placed:
            return cls.start(rules, hand_tiles, stock_tiles, leader=to_move)
        if lead_index is None:
            lead_index = len(placed) // 2
        if not 0 <= lead_index < len(placed):
            raise ValueError(f"lead_index={lead_index!r}: the line has {len(placed)} tiles")
        position = cls._make(rules, _pack(hand_tiles), placed, lead_index, stock_tiles, to_move, False, to_move - 1)
        if position._is_blocked():
            raise ValueError(
                "this position is already blocked (nobody can play and the stock is empty); "
                "set it up one move earlier and play the blocking tile"
            )
        return position

    @classmethod
    def deal(cls, rules: Rules, rng: random.Random, leader: int | None = None, first_hand: bool = False) -> Position:
        """A shuffled deal from ``rng``: ``hand_size`` tiles a seat, the rest as the stock (1-vs-1)."""
        tiles = list(ALL_TILES)
        rng.shuffle(tiles)
        size, players = rules.hand_size, rules.players
        bits = [tile.bit for tile in tiles]
        # Tiles straight from the full set need none of start's checks: pack them as they come.
        packed = 0
        for seat in range(players):
            packed |= sum(bits[seat * size : (seat + 1) * size]) << _SEAT_BITS * seat
        rest = tuple(tiles[players * size :]) if rules.uses_stock else ()
        leader, must_lead_double_six = _find_leader(rules, packed, leader, first_hand)
        return cls._make(rules, packed, (), -1, rest, leader, must_lead_double_six, leader - 1)

    @classmethod
    def _make(
        cls,
        rules: Rules,
        hands: int,
        placed: tuple[Placed, ...],
        lead: int,
        stock: tuple[Tile, ...],
        to_move: int,
        first_hand: bool,
        last_player: int,
    ) -> Position:
        position = object.__new__(cls)
        position._rules = rules
        position._hands = hands
        position._hands_view = None
        position._setup_line = (placed, lead)
        position._line = (placed, lead)
        position._left = placed[0].left if placed else -1
        position._right = placed[-1].right if placed else -1
        position._stock = stock
        position._to_move = to_move
        position._history = None
        position._outcome = None
        position._first_hand = first_hand
        position._lacks = (0,) * rules.players
        position._pending = (0,) * rules.players
        position._last_player = last_player % rules.players
        return position

    def _copy(self) -> Position:
        # Spelled out rather than looped over __slots__: this runs once a move and dominates a playout.
        position = object.__new__(Position)
        position._rules = self._rules
        position._hands = self._hands
        position._hands_view = self._hands_view
        position._setup_line = self._setup_line
        position._line = self._line
        position._left = self._left
        position._right = self._right
        position._stock = self._stock
        position._to_move = self._to_move
        position._history = self._history
        position._outcome = None
        position._first_hand = self._first_hand
        position._lacks = self._lacks
        position._pending = self._pending
        position._last_player = self._last_player
        return position

    def _redealt(self, hands: int, stock: tuple[Tile, ...], history: _Chain | None) -> Position:
        """This position with other hands (packed), stock and history: how a ``View`` builds what it may show."""
        position = self._copy()
        position._hands = hands
        position._hands_view = None
        position._stock = stock
        position._history = history
        position._outcome = self._outcome
        return position

    # ----------------------------------------------------------------------------------------------- views

    def view(self, seat: int) -> View:
        """What ``seat`` can see: its own hand and everything public, with random deals of the rest (``sample``)."""
        from .view import View  # the view module builds on this one

        _check_seat(self._rules, seat, "seat")
        return View._of(self, seat)

    @property
    def rules(self) -> Rules:
        """The rule set this hand is played under."""
        return self._rules

    @property
    def hands(self) -> tuple[tuple[Tile, ...], ...]:
        """Each seat's tiles, lowest first (as players like to arrange them)."""
        if self._hands_view is None:
            self._hands_view = tuple(
                _unpack(self._hands >> _SEAT_BITS * seat & _FULL) for seat in range(self._rules.players)
            )
        return self._hands_view

    @property
    def line(self) -> tuple[Tile, ...]:
        """The tiles on the table, left to right."""
        return tuple(p.tile for p in self.placed)

    @property
    def placed(self) -> tuple[Placed, ...]:
        """The line with each tile's orientation: the number on its left and right half."""
        return self._line_with_lead()[0]

    @property
    def lead_index(self) -> int | None:
        """Where the lead lies in ``line`` (``None`` before the lead)."""
        return self._line_with_lead()[1] if self._left >= 0 else None

    @property
    def ends(self) -> tuple[int, int] | None:
        """The numbers showing at the left and right open ends, or ``None`` before the lead."""
        return (self._left, self._right) if self._left >= 0 else None

    @property
    def stock(self) -> tuple[Tile, ...]:
        """The stock in draw order (the first is drawn next)."""
        return self._stock

    @property
    def to_move(self) -> int:
        """The seat whose turn it is."""
        return self._to_move

    @property
    def history(self) -> tuple[Event, ...]:
        """The events of this hand so far (since ``start`` or ``setup``), oldest first."""
        return tuple(reversed(tuple(self._events_newest_first())))

    def _line_with_lead(self) -> tuple[tuple[Placed, ...], int]:
        """The line's tiles with their orientation, and the lead's index, rebuilt once from the plays."""
        if self._line is None:
            placed, lead = self._setup_line
            line = list(placed)
            plays = [e.move for e in self.history if e.move.__class__ is Play]
            for play in plays:
                tile, end = play.tile, play.end  # type: ignore[union-attr]
                if end == "right":
                    line.append(_PLACED[tile.bit << 3 | line[-1].right])
                elif end == "left":
                    line.insert(0, _PLACED_RIGHT[tile.bit << 3 | line[0].left])
                    lead += 1
                else:
                    line, lead = [_PLACED[tile.bit << 3 | tile.high]], 0
            self._line = (tuple(line), lead)
        return self._line

    def _events_newest_first(self) -> Iterator[Event]:
        chain = self._history
        while chain is not None:
            chain, seat, move, drawn = chain
            yield Event(seat, move, drawn)

    @property
    def outcome(self) -> Outcome | None:
        """How the hand ended, or ``None`` while it is open."""
        return self._outcome

    @property
    def first_hand(self) -> bool:
        """Whether this is a partnership match's first hand, led with the 6-6."""
        return self._first_hand

    @property
    def last_play(self) -> Event | None:
        """The last tile played in this hand's history, if any."""
        for event in self._events_newest_first():
            if isinstance(event.move, Play):
                return event
        return None

    def drawn_tiles(self, seat: int) -> tuple[Tile, ...]:
        """The tiles ``seat`` drew from the stock this hand and still holds."""
        drawn = {e.drawn for e in self._events_newest_first() if e.seat == seat and e.drawn is not None}
        return tuple(tile for tile in self.hands[seat] if tile in drawn)

    def known_lacks(self, seat: int) -> frozenset[int]:
        """The numbers everyone at the table knows ``seat`` does not hold now (RULES.md §7)."""
        _check_seat(self._rules, seat, "seat")
        mask = self._lacks[seat]
        return frozenset(n for n in range(7) if mask >> n & 1)

    # ----------------------------------------------------------------------------------------------- moves

    def legal_moves(self) -> list[Move]:
        """Every legal move for the seat to move: plays (a tile fitting both ends at both), else a draw or a pass."""
        if self._outcome is not None:
            return []
        hand = self._hands >> _SEAT_BITS * self._to_move & _FULL
        if self._left < 0:
            if self._first_hand:
                return [PLAYS[DOUBLE_SIX, None]]
            return [_LEAD_PLAYS[bit] for bit in _bits(hand)]
        fits_left = hand & TILES_WITH[self._left]
        fits_right = hand & TILES_WITH[self._right]
        if not (fits_left or fits_right):
            return [DRAW] if self._stock else [PASS]
        moves: list[Move] = []
        while fits_left:
            bit = fits_left & -fits_left
            moves.append(_LEFT_PLAYS[bit])
            fits_left ^= bit
        while fits_right:
            bit = fits_right & -fits_right
            moves.append(_RIGHT_PLAYS[bit])
            fits_right ^= bit
        return moves

    def required_action(self) -> str | None:
        """What the seat to move must do: ``"play"`` (some tile fits), ``"draw"`` or ``"pass"``; ``None`` once over.

        >>> Position.setup(Rules.one_vs_one(), hands=[["6-6"], ["1-1"]], line=["3-4"], stock=["2-2"]).required_action()
        'draw'
        """
        if self._outcome is not None:
            return None
        hand = self._hands >> _SEAT_BITS * self._to_move & _FULL
        if self._has_playable(hand):
            return "play"
        return "draw" if self._stock else "pass"

    def moves_for(self, tile: TileLike) -> list[Play]:
        """The legal plays of one tile for the seat to move (empty if it cannot be played now)."""
        tile = Tile.coerce(tile)
        return [m for m in self.legal_moves() if isinstance(m, Play) and m.tile is tile]

    def playable_tiles(self, seat: int | None = None) -> frozenset[Tile]:
        """The tiles ``seat`` could play on the line as it is (default: the seat to move, by its legal moves).

        For another seat it is the tiles that fit an open end (any tile before the lead), as if it were its turn.
        """
        if seat is None or seat == self._to_move:
            return frozenset(m.tile for m in self.legal_moves() if isinstance(m, Play))
        _check_seat(self._rules, seat, "seat")
        hand = self._hands >> _SEAT_BITS * seat & _FULL
        if self._outcome is not None:
            return frozenset()
        if self._left >= 0:
            hand &= TILES_WITH[self._left] | TILES_WITH[self._right]
        return frozenset(_unpack(hand))

    def check(self, move: Move | Event | str) -> IllegalMove | None:
        """The error ``apply`` would raise for ``move``, or ``None`` if it is legal."""
        try:
            return self._error(self._read_move(move))
        except IllegalMove as error:
            return error

    def is_legal(self, move: Move | Event | str) -> bool:
        """Whether ``move`` is legal for the seat to move."""
        return self.check(move) is None

    def apply(self, move: Move | Event | str) -> Position:
        """The position after ``move`` by the seat to move; raises ``IllegalMove`` if the rules refuse it."""
        # A legal play at an open end is by far the most common move, so it is checked inline and played
        # without further calls: this is the hot path of every playout. Anything else (a lead, a draw, a pass,
        # notation, an illegal move) is read and checked by _read_move and _error first.
        if not (
            move.__class__ is Play
            and self._outcome is None
            and self._left >= 0
            and move.end is not None  # type: ignore[union-attr]
            and self._hands >> _SEAT_BITS * self._to_move & move.tile.bit  # type: ignore[union-attr]
            and move.tile.mask & (1 << (self._left if move.end == "left" else self._right))  # type: ignore[union-attr]
        ):
            move = self._read_move(move)
            error = self._error(move)
            if error is not None:
                raise error
            if move.__class__ is Draw:
                return self._after_draw()
            if move.__class__ is Pass:
                return self._after_pass()
        seat, tile, end = self._to_move, move.tile, move.end  # type: ignore[union-attr]
        rules = self._rules
        shift = _SEAT_BITS * seat
        after = object.__new__(Position)
        after._rules = rules
        after._hands = hands = self._hands & ~(tile.bit << shift)
        after._hands_view = None
        after._stock = stock = self._stock
        after._outcome = None
        left, right = self._left, self._right
        # The covered half matches the end; the other half (pips minus the covered one) is the new end.
        if end == "right":
            after._left, after._right = left, tile.pips - right
        elif end == "left":
            after._left, after._right = tile.pips - left, right
        else:
            after._left, after._right = tile.high, tile.low
        after._setup_line = self._setup_line
        after._line = None
        after._first_hand = False
        pending = self._pending
        if pending[seat]:
            # A forced draw ended in this play: everyone knows the seat had none of the ends shown before it.
            after._lacks = _with(self._lacks, seat, pending[seat])
            after._pending = _with(pending, seat, 0)
        else:
            after._lacks = self._lacks
            after._pending = pending
        after._history = (self._history, seat, move, None)
        after._last_player = seat
        after._to_move = (seat + 1) % rules.players
        if not hands >> shift & _FULL:
            # Capicú: out with a mixed tile that matched both ends while they showed different numbers (§11).
            capicu = end is not None and left != right and tile.mask == (1 << left) | (1 << right)
            after._outcome = score_domino(rules, after.hands, seat, capicu)
        elif not stock and not hands & (_ALL_SEATS_WITH[after._left] | _ALL_SEATS_WITH[after._right]):
            after._outcome = score_blocked(rules, after.hands, seat)
        return after

    def apply_all(self, moves: Iterable[Move | Event | str]) -> Position:
        """Apply moves in turn (moves, events, or their notation such as ``"1 draws"``)."""
        position = self
        for move in moves:
            position = position.apply(move)
        return position

    def _read_move(self, move: Move | Event | str) -> Move:
        if move.__class__ is Play or move.__class__ is Draw or move.__class__ is Pass:
            return move  # type: ignore[return-value]
        if isinstance(move, str):
            move = parse(move)
        if isinstance(move, Event):
            if move.seat != self._to_move and self._outcome is None:
                raise IllegalMove("wrong-seat", f"it is seat {self._to_move}'s turn, not seat {move.seat}'s")
            move = move.move
        if not isinstance(move, Play | Draw | Pass):
            raise TypeError(f"not a move: {move!r}")
        return move

    def _error(self, move: Move) -> IllegalMove | None:
        if self._outcome is not None:
            return IllegalMove("hand-over", "the hand is over; no more moves")
        hand = self._hands >> _SEAT_BITS * self._to_move & _FULL
        if isinstance(move, Play):
            return self._play_error(move, hand)
        if self._has_playable(hand):
            verb = "pass" if isinstance(move, Pass) else "draw"
            return IllegalMove("has-playable", f"you cannot {verb} while holding a tile that can be played")
        if isinstance(move, Pass) and self._stock:
            return IllegalMove("must-draw", "you cannot pass while the stock has tiles: draw until one fits")
        if isinstance(move, Draw) and not self._stock:
            if not self._rules.uses_stock:
                return IllegalMove("stock-empty", "this game has no stock to draw from: pass")
            return IllegalMove("stock-empty", "the stock is empty: pass")
        return None

    def _play_error(self, move: Play, hand: int) -> IllegalMove | None:
        tile, end = move.tile, move.end
        if not hand & tile.bit:
            return IllegalMove("not-in-hand", f"{tile} is not in your hand")
        if self._left < 0:
            if end is not None:
                return IllegalMove("bad-end", "the lead starts the line: it has no end to go to")
            if self._first_hand and tile is not DOUBLE_SIX:
                return IllegalMove("must-lead-double-six", "the first partnership hand must be led with the 6-6")
            return None
        if end is None:
            return IllegalMove("bad-end", "say which open end the tile goes to: left or right")
        number = self._left if end == "left" else self._right
        if not tile.mask & (1 << number):
            return IllegalMove("no-match", f"{tile} has no {number}, the number showing at the {end} end")
        return None

    def _has_playable(self, hand: int) -> bool:
        if self._left < 0:
            return bool(hand)
        return bool(hand & (TILES_WITH[self._left] | TILES_WITH[self._right]))

    def _is_blocked(self) -> bool:
        if self._stock or self._left < 0:
            return False
        return not self._hands & (_ALL_SEATS_WITH[self._left] | _ALL_SEATS_WITH[self._right])

    def _ends_mask(self) -> int:
        return (1 << self._left) | (1 << self._right) if self._left >= 0 else 0

    def _after_draw(self) -> Position:
        seat = self._to_move
        after = self._copy()
        drawn = self._stock[0]
        after._stock = self._stock[1:]
        after._hands = self._hands | drawn.bit << _SEAT_BITS * seat
        after._hands_view = None
        # The drawn tile is unseen, so what was known is wiped until the draw ends in a play or a pass.
        after._lacks = _with(self._lacks, seat, 0)
        after._pending = _with(self._pending, seat, self._ends_mask())
        after._history = (self._history, seat, DRAW, drawn)
        if after._is_blocked():
            after._outcome = score_blocked(self._rules, after.hands, self._last_player)
        return after

    def _after_pass(self) -> Position:
        seat = self._to_move
        after = self._copy()
        after._lacks = _with(self._lacks, seat, self._lacks[seat] | self._ends_mask())
        after._pending = _with(self._pending, seat, 0)
        after._history = (self._history, seat, PASS, None)
        after._to_move = (seat + 1) % self._rules.players
        return after

    def __repr__(self) -> str:
        line = " ".join(f"[{p.left}|{p.right}]" for p in self.placed) or "(empty)"
        hands = "; ".join(" ".join(map(str, hand)) for hand in self.hands)
        state = f"to_move={self._to_move}" if self._outcome is None else f"outcome={self._outcome.reason}"
        return f"<Position {self._rules.name} line={line} hands=[{hands}] stock={len(self._stock)} {state}>"


# Every way a tile can lie on the line, keyed by tile and the number on its left (or, below, its right) half.
# The key is tile.bit << 3 | number, an int: cheaper to hash than a tuple in the hot path.
_PLACED: dict[int, Placed] = {
    tile.bit << 3 | n: Placed(tile, n, tile.other(n)) for tile in ALL_TILES for n in {tile.high, tile.low}
}
_PLACED_RIGHT: dict[int, Placed] = {p.tile.bit << 3 | p.right: p for p in _PLACED.values()}

# Plays by tile bit, for legal_moves walking the bits of a hand.
_LEAD_PLAYS = {tile.bit: PLAYS[tile, None] for tile in ALL_TILES}
_LEFT_PLAYS = {tile.bit: PLAYS[tile, "left"] for tile in ALL_TILES}
_RIGHT_PLAYS = {tile.bit: PLAYS[tile, "right"] for tile in ALL_TILES}
_TILE_OF_BIT = {tile.bit: tile for tile in ALL_TILES}

# Hands are packed in one int, 28 bits a seat; "tiles showing n in anybody's hand" is then one AND.
_SEAT_BITS = 28
_FULL = (1 << _SEAT_BITS) - 1
_ALL_SEATS_WITH = tuple(sum(TILES_WITH[n] << _SEAT_BITS * seat for seat in range(4)) for n in range(7))


def _bits(mask: int) -> Iterator[int]:
    while mask:
        bit = mask & -mask
        yield bit
        mask ^= bit


def _unpack(mask: int) -> tuple[Tile, ...]:
    return tuple(_TILE_OF_BIT[bit] for bit in _bits(mask))


def _pack(hands: tuple[tuple[Tile, ...], ...]) -> int:
    return sum(sum(map(_bit_of, hand)) << _SEAT_BITS * seat for seat, hand in enumerate(hands))


_bit_of = attrgetter("bit")
_DRAW_EVENTS: dict[tuple[int, Tile], Event] = {
    (seat, tile): Event(seat, DRAW, tile) for seat in range(4) for tile in ALL_TILES
}


def _with(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return values[:index] + (value,) + values[index + 1 :]


def _find_leader(rules: Rules, hands: int, leader: int | None, first_hand: bool) -> tuple[int, bool]:
    """Who leads an empty line, and whether it must be the 6-6 (a partnership match's first hand, §5)."""
    must_lead_double_six = first_hand and rules.name == "partnership"
    if must_lead_double_six:
        holders = [seat for seat in range(rules.players) if hands >> _SEAT_BITS * seat & DOUBLE_SIX.bit]
        holder = holders[0] if holders else None
        if holder is None:
            raise ValueError("first partnership hand: nobody holds 6-6, and its holder must lead it")
        if leader is not None and leader != holder:
            raise ValueError(f"first partnership hand: seat {holder} holds 6-6 and leads, not seat {leader}")
        leader = holder
    if leader is None:
        raise ValueError("leader is required (only the first partnership hand finds it from the 6-6)")
    _check_seat(rules, leader, "leader")
    return leader, must_lead_double_six


def _check_seat(rules: Rules, seat: object, name: str) -> None:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < rules.players:
        raise ValueError(f"{name}={seat!r}: seats are 0 to {rules.players - 1} in {rules.name}")


def _read_hands(rules: Rules, hands: Sequence[Sequence[TileLike]]) -> tuple[tuple[Tile, ...], ...]:
    if isinstance(hands, str) or len(hands) != rules.players:
        count = "a string" if isinstance(hands, str) else f"{len(hands)} hands"
        raise ValueError(f"{rules.name} needs {rules.players} hands, one per seat; got {count}")
    result = []
    for seat, hand in enumerate(hands):
        if isinstance(hand, str):
            raise ValueError(f"hand {seat}: give a list of tiles, not the string {hand!r}")
        tiles = tuple(_read_tile(t, f"hand {seat}") for t in hand)
        if not tiles:
            raise ValueError(f"hand {seat} is empty: the hand would already be over")
        result.append(tiles)
    return tuple(result)


def _read_stock(rules: Rules, stock: Sequence[TileLike]) -> tuple[Tile, ...]:
    if isinstance(stock, str):
        raise ValueError(f"stock: give a list of tiles, not the string {stock!r}")
    tiles = tuple(_read_tile(t, "stock") for t in stock)
    if tiles and not rules.uses_stock:
        raise ValueError(f"{rules.name} has no stock, but {len(tiles)} stock tiles were given")
    return tiles


def _read_tile(value: TileLike, where: str) -> Tile:
    try:
        return Tile.coerce(value)
    except ValueError as error:
        raise ValueError(f"{where}: {error}") from None


def _read_line(line: Sequence[TileLike]) -> tuple[Placed, ...]:
    if isinstance(line, str):
        raise ValueError(f"line: give a list of tiles, not the string {line!r}")
    tiles = [_read_tile(t, "line") for t in line]
    if not tiles:
        return ()
    if len(tiles) == 1:
        tile = tiles[0]
        if tile.is_double:
            return (Placed(tile, tile.high, tile.high),)
        if not isinstance(line[0], str):
            raise ValueError(f"line: a lone mixed tile must be given as text, read as written (e.g. '{tile}')")
        left, right = (int(n) for n in line[0].replace("|", "-").split("-"))
        return (Placed(tile, left, right),)
    first, second = tiles[0], tiles[1]
    shared = [n for n in (first.high, first.low) if second.has(n)]
    if not shared:
        raise ValueError(f"line: {first} (tile 1) and {second} (tile 2) have no number in common")
    right = shared[0]
    placed = [Placed(first, first.other(right), right)]
    for index, tile in enumerate(tiles[1:], start=2):
        showing = placed[-1].right
        if not tile.has(showing):
            raise ValueError(
                f"line: {tile} (tile {index}) does not match the {showing} showing on {placed[-1].tile}'s right"
            )
        placed.append(Placed(tile, showing, tile.other(showing)))
    return tuple(placed)


def _check_unique(hands: tuple[tuple[Tile, ...], ...], line: tuple[Tile, ...], stock: tuple[Tile, ...]) -> None:
    seen: dict[Tile, str] = {}
    places = [(f"hand {seat}", hand) for seat, hand in enumerate(hands)] + [("line", line), ("stock", stock)]
    for place, tiles in places:
        for tile in tiles:
            if tile in seen:
                raise ValueError(f"tile {tile} appears twice ({seen[tile]} and {place}); every tile is in the set once")
            seen[tile] = place


__all__ = ["DOUBLE_SIX", "End", "Placed", "Position"]
