"""One hand in progress: the hands, the table, the stock and whose turn it is; ``apply`` returns the next position.

Every rule set plays through ``Position``. The tables without a spinner share one hot path that keeps each
seat's hand packed in an int and the line as its two end numbers; all-fives (a spinner and points scored during
the hand) plays through a subclass that also keeps the spinner's arms and the points.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from .bits import ALL_BITS, FULL, SEAT_BITS, TILE_OF_BIT, Chain, each_bit, pack_hands, seat_masks, tiles_of
from .errors import IllegalMove
from .leads import DOUBLE_SIX, LeadReason, find_leader
from .line import Placed, Table, read_table, read_tile
from .moves import ALL_ENDS, DRAW, PASS, PLAYS, Draw, End, Event, Move, Pass, Play, parse
from .outcome import Outcome, score_blocked, score_domino
from .rules import Rules
from .tile import ALL_TILES, TILES_WITH, Tile

if TYPE_CHECKING:
    from .view import View

TileLike = Tile | str


class _Start:
    """What a hand started from, shared by all its positions: the rules, the set-up table, who led."""

    __slots__ = ("first_hand", "last_player", "lead_reason", "leader", "players", "rules", "table")

    def __init__(
        self, rules: Rules, table: Table, first_hand: bool, last_player: int, leader: int | None,
        lead_reason: LeadReason | None = None,
    ) -> None:
        self.rules = rules
        self.players = rules.players
        self.table = table  # the set-up table; the plays in the history are laid on it
        self.first_hand = first_hand  # the lead must be the 6-6 (a partnership match's first hand)
        self.last_player = last_player  # who is taken to have played the set-up table's last tile
        self.leader = leader  # the seat that leads (led) this hand, if known (not for a set-up table)
        self.lead_reason = lead_reason  # why it leads, when known

    def key(self) -> tuple[object, ...]:
        """Everything here as plain values (for comparing views)."""
        return (self.rules, self.table, self.first_hand, self.last_player, self.leader, self.lead_reason)

    def led(self) -> _Start:
        """The same start once the lead is on the table: nothing constrains the lead any more."""
        if not self.first_hand:
            return self
        return _Start(self.rules, self.table, False, self.last_player, self.leader, self.lead_reason)


class Position:
    """An immutable snapshot of one hand. Build one with ``start``, ``setup`` or ``deal``; play with ``apply``.

    >>> rules = Rules.one_vs_one()
    >>> pos = Position.setup(rules, hands=[["5-1", "2-2"], ["6-6"]], line=["3-4", "4-5"])
    >>> pos.ends, [str(m) for m in pos.legal_moves()]
    ((3, 5), ['plays 5-1 right'])
    """

    __slots__ = (
        "_hands",
        "_hands_view",
        "_history",
        "_known",
        "_left",
        "_outcome",
        "_right",
        "_start",
        "_stock",
        "_table",
        "_to_move",
    )

    _start: _Start
    _hands: int  # every seat's tiles packed in one int: seat s holds tile bits << 28 * s
    _hands_view: tuple[tuple[Tile, ...], ...] | None
    # The line is kept as its two end numbers (-1 before the lead) plus the history; the tiles with their
    # orientation are rebuilt from the set-up table and the plays only when someone looks (see `_current_table`).
    _table: Table | None
    _left: int
    _right: int
    _stock: tuple[Tile, ...]
    _to_move: int
    _history: Chain | None  # newest event first, linked to the older ones: O(1) to extend
    _outcome: Outcome | None
    # What everyone knows each seat lacks (7 bits a seat, RULES.md §7) and, from bit 28, the ends a seat saw
    # before a forced draw, known once the draw ends in a play.
    _known: int

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
        reason: LeadReason | None = None,
    ) -> Position:
        """An empty line about to be led; hands of any size.

        With ``leader=None`` the rules find the leader: the 6-6 in a La Plaza partnership match's first hand, the
        lowest double in every Greek hand (G3), the highest tile in an international first hand (G4). Elsewhere
        the leader is required (the match knows it), and ``reason`` says why it leads (``lead_reason``). In a game
        without a stock, tiles not dealt are out of play.

        >>> Position.start(Rules.draw_game(), [["6-6", "2-1"], ["3-3", "4-0"]], stock=["5-5"]).to_move
        1
        """
        _check_rules(rules)
        hand_tiles = _read_hands(rules, hands)
        stock_tiles = _read_stock(rules, stock)
        _check_unique(hand_tiles, (), stock_tiles)
        packed = pack_hands(hand_tiles)
        leader, must_lead_double_six, why = find_leader(
            rules, seat_masks(packed, rules.players), leader, first_hand, reason
        )
        return _make(rules, packed, Table(), stock_tiles, leader, must_lead_double_six, leader - 1, leader, why)

    @classmethod
    def setup(
        cls,
        rules: Rules,
        hands: Sequence[Sequence[TileLike]],
        line: Sequence[TileLike],
        stock: Sequence[TileLike] = (),
        to_move: int = 0,
        lead_index: int | None = None,
        spinner: int | None = None,
        up: Sequence[TileLike] = (),
        down: Sequence[TileLike] = (),
        partial: bool = False,
    ) -> Position:
        """Any scripted mid-hand position: the line left to right, the stock in draw order.

        The tiles must be ones a real deal could give: at a table without a stock no hand holds more than the rules
        deal, nor all hands and the table together more than they deal; a stock is never larger than the deal leaves,
        and the hands hold no more drawn tiles than the stock has given. ``partial=True`` allows a table that no deal
        gives, which a lesson may show on purpose (and must say so by name).

        With two or more line tiles each one's orientation follows from its neighbours; a lone mixed tile must be
        text and is read as written (``"3-4"`` shows 3 on the left). ``lead_index`` says which line tile was the
        lead (the middle one if omitted). The seat before ``to_move`` is taken to have played the last tile.
        In all-fives, ``spinner`` names the line's lead double as the spinner (without it the line has none), and
        ``up``/``down`` list the tiles on its side arms, outwards:

        >>> pos = Position.setup(Rules.all_fives(), [["5-1"], ["6-6"]], ["3-5", "5-5", "5-0"], spinner=1, up=["5-4"])
        >>> pos.open_ends, pos.end_count
        ((('left', 3), ('right', 0), ('up', 4), ('down', 5)), 7)
        """
        _check_rules(rules)
        hand_tiles = _read_hands(rules, hands)
        stock_tiles = _read_stock(rules, stock)
        if (spinner is not None or up or down) and not rules.spinner:
            raise ValueError(f"spinner, up and down: {rules.name} has no spinner (only all_fives does)")
        table = read_table(line, lead_index, spinner, up, down)
        _check_unique(hand_tiles, tuple(p.tile for p in table.placed), stock_tiles)
        _check_seat(rules, to_move, "to_move")
        if not isinstance(partial, bool):
            raise ValueError(f"partial={partial!r}: must be True or False")
        if not partial:
            _check_dealt(rules, hand_tiles, len(table.placed), len(stock_tiles))
        if table.lead is None:
            return cls.start(rules, hand_tiles, stock_tiles, leader=to_move)
        position = _make(rules, pack_hands(hand_tiles), table, stock_tiles, to_move, False, to_move - 1, None)
        if position._is_blocked():
            raise ValueError(
                "this position is already blocked (nobody can play and the stock is empty); "
                "set it up one move earlier and play the blocking tile"
            )
        return position

    @classmethod
    def deal(
        cls,
        rules: Rules,
        rng: random.Random,
        leader: int | None = None,
        first_hand: bool = False,
        reason: LeadReason | None = None,
    ) -> Position:
        """A shuffled deal from ``rng``: ``rules.hand_size`` tiles a seat, the rest as the stock (if the game has
        one; otherwise out of play). The leader, and why it leads, are found as in ``start``."""
        _check_rules(rules)
        if not isinstance(rng, random.Random):
            raise TypeError(f"rng={rng!r}: deal with a random.Random, e.g. random.Random(seed)")
        # Shuffling the tiles' bits deals exactly what shuffling the tiles would (the same draws from rng).
        bits = list(ALL_BITS)
        rng.shuffle(bits)
        size, players = rules.hand_size, rules.players
        masks = []
        packed = 0
        for seat in range(players):
            mask = sum(bits[seat * size : seat * size + size])
            masks.append(mask)
            packed |= mask << SEAT_BITS * seat
        rest = tuple(map(TILE_OF_BIT.__getitem__, bits[players * size :])) if rules.uses_stock else ()
        leader, must_lead_double_six, why = find_leader(rules, masks, leader, first_hand, reason)
        return _make(rules, packed, _EMPTY, rest, leader, must_lead_double_six, leader - 1, leader, why)

    def _copy(self) -> Position:
        # Spelled out rather than looped over __slots__: this runs on every draw and pass.
        position = object.__new__(self.__class__)
        position._start = self._start
        position._hands = self._hands
        position._hands_view = self._hands_view
        position._table = self._table
        position._left = self._left
        position._right = self._right
        position._stock = self._stock
        position._to_move = self._to_move
        position._history = self._history
        position._outcome = None
        position._known = self._known
        return position

    def _redealt(self, hands: int, stock: tuple[Tile, ...], history: Chain | None) -> Position:
        """This position with other hands (packed), stock and history: how a ``View`` builds what it may show."""
        position = self._copy()
        position._hands = hands
        position._hands_view = None
        position._stock = stock
        position._history = history
        position._outcome = self._outcome
        return position

    def _public_state(self) -> tuple[object, ...]:
        """Everything about this position that every seat sees, besides the history (for comparing views)."""
        return (self._start.key(), self._left, self._right, self._to_move, self._known, self.first_hand)

    # ----------------------------------------------------------------------------------------------- views

    def view(self, seat: int) -> View:
        """What ``seat`` can see: its own hand and everything public, with random deals of the rest (``sample``)."""
        from .view import View  # the view module builds on this one

        _check_seat(self.rules, seat, "seat")
        return View._of(self, seat)

    @property
    def rules(self) -> Rules:
        """The rule set this hand is played under."""
        return self._start.rules

    @property
    def hands(self) -> tuple[tuple[Tile, ...], ...]:
        """Each seat's tiles, lowest first (as players like to arrange them)."""
        if self._hands_view is None:
            self._hands_view = tuple(
                tiles_of(self._hands >> SEAT_BITS * seat & FULL) for seat in range(self._start.players)
            )
        return self._hands_view

    @property
    def line(self) -> tuple[Tile, ...]:
        """Every tile on the table, in the order of ``placed``."""
        return tuple(p.tile for p in self.placed)

    @property
    def placed(self) -> tuple[Placed, ...]:
        """Every tile on the table with its orientation, arm and place on the arm (see ``Placed``).

        The line left to right first (left arm, lead, right arm), then a spinner's up arm and down arm, each
        outwards from the spinner. On a table without a spinner this is the line, left to right.
        """
        return self._current_table().placed

    @property
    def lead_index(self) -> int | None:
        """Where the lead lies in ``line`` and ``placed`` (``None`` before the lead)."""
        return self._current_table().lead_index if self._left >= 0 else None

    @property
    def ends(self) -> tuple[int, int] | None:
        """The numbers showing at the left and right ends of the line, or ``None`` before the lead."""
        return (self._left, self._right) if self._left >= 0 else None

    @property
    def open_ends(self) -> tuple[tuple[End, int], ...]:
        """The ends a tile can be played on now, as ``(name, number)``: left and right, and a spinner's up and down
        once they are open (RULES.md S3); empty before the lead."""
        if self._left < 0:
            return ()
        return (("left", self._left), ("right", self._right))

    @property
    def end_count(self) -> int:
        """The all-fives count of the open ends (RULES.md S5), for every rule set: each end's number, twice it at
        a double; a lone tile counts both halves (a lone double once)."""
        return self._current_table().end_count

    @property
    def hand_points(self) -> tuple[int, ...]:
        """Per side, the points scored during this hand so far (all-fives, S5); zeros at every other table."""
        return (0,) * self._start.rules.sides

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

    def _current_table(self) -> Table:
        """Every tile on the table, rebuilt once from the set-up table and the plays."""
        if self._table is None:
            plays = []
            chain = self._history
            while chain is not None:
                chain, _, move, _ = chain
                if move.__class__ is Play:
                    plays.append(move)
            table = self._start.table
            spins = self._start.rules.spinner
            for play in reversed(plays):
                table = table.played(play.tile, play.end, spins)  # type: ignore[union-attr]  # only Plays were kept
            self._table = table
        return self._table

    def _events_newest_first(self) -> Iterator[Event]:
        chain = self._history
        while chain is not None:
            chain, seat, move, brought = chain
            if brought is None:
                yield Event(seat, move)
            elif move.__class__ is Draw:
                yield Event(seat, move, brought)  # type: ignore[arg-type]  # a draw's link holds its Tile
            else:
                yield Event(seat, move, scored=brought)  # type: ignore[arg-type]  # a play's link holds its points

    @property
    def outcome(self) -> Outcome | None:
        """How the hand ended, or ``None`` while it is open."""
        return self._outcome

    @property
    def leader(self) -> int | None:
        """The seat that leads (or led) this hand; ``None`` for a table set up mid-hand."""
        return self._start.leader

    @property
    def lead_reason(self) -> LeadReason | None:
        """Why ``leader`` leads this hand (the lowest double, the winner of the hand before, the lot, ...);
        ``None`` for a table set up mid-hand.

        >>> Position.start(Rules.draw_game(), [["6-6", "2-1"], ["3-3", "4-0"]], stock=["5-5"]).lead_reason
        <LeadReason.LOWEST_DOUBLE: 'lowest_double'>
        """
        return self._start.lead_reason

    @property
    def first_hand(self) -> bool:
        """Whether the lead still to come must be the 6-6: true only before the lead of a La Plaza partnership
        match's first hand (False once it is led, and in every other hand)."""
        return self._start.first_hand

    @property
    def last_play(self) -> Event | None:
        """The last tile played in this hand's history, if any."""
        for event in self._events_newest_first():
            if isinstance(event.move, Play):
                return event
        return None

    def plays_on_ends(self) -> tuple[tuple[Event, frozenset[int]], ...]:
        """Every play of this hand that followed an end, oldest first, with the numbers showing at the open ends
        just before it: what the player could have followed (public; a seat's choice among its fitting tiles)."""
        found = []
        table = self._start.table
        spins = self._start.rules.spinner
        for event in self.history:
            move = event.move
            if move.__class__ is not Play:
                continue
            if table.lead is not None:
                ends = ("left", "right", "up", "down") if table.arms_open else ("left", "right")
                found.append((event, frozenset(table.end_number(end) for end in ends)))  # type: ignore[arg-type]  # End names
            table = table.played(move.tile, move.end, spins)  # type: ignore[union-attr]  # a Play: its class is checked
        return tuple(found)

    def drawn_tiles(self, seat: int) -> tuple[Tile, ...]:
        """The tiles ``seat`` drew from the stock this hand and still holds."""
        _check_seat(self.rules, seat, "seat")
        drawn = {e.drawn for e in self._events_newest_first() if e.seat == seat and e.drawn is not None}
        return tuple(tile for tile in self.hands[seat] if tile in drawn)

    def known_lacks(self, seat: int) -> frozenset[int]:
        """The numbers everyone at the table knows ``seat`` does not hold now (RULES.md §7)."""
        _check_seat(self.rules, seat, "seat")
        mask = self._known >> 7 * seat & 127
        return frozenset(n for n in range(7) if mask >> n & 1)

    # ----------------------------------------------------------------------------------------------- moves

    def legal_moves(self) -> list[Move]:
        """Every legal move for the seat to move: plays (a tile fitting two ends at each), else a draw or a pass."""
        if self._outcome is not None:
            return []
        hand = self._hands >> SEAT_BITS * self._to_move & FULL
        if self._left < 0:
            if self._start.first_hand:
                return [PLAYS[DOUBLE_SIX, None]]
            return [_LEAD_PLAYS[bit] for bit in each_bit(hand)]
        fits_left = hand & TILES_WITH[self._left]
        fits_right = hand & TILES_WITH[self._right]
        if fits_left or fits_right:
            return [*_LEFT_PLAYS[fits_left], *_RIGHT_PLAYS[fits_right]]
        return [DRAW] if self._stock else [PASS]

    def required_action(self) -> str | None:
        """What the seat to move must do: ``"play"`` (some tile fits), ``"draw"`` or ``"pass"``; ``None`` once over.

        >>> Position.setup(Rules.one_vs_one(), hands=[["6-6"], ["1-1"]], line=["3-4"], stock=["2-2"]).required_action()
        'draw'
        """
        if self._outcome is not None:
            return None
        hand = self._hands >> SEAT_BITS * self._to_move & FULL
        if self._has_playable(hand):
            return "play"
        return "draw" if self._stock else "pass"

    def moves_for(self, tile: TileLike) -> list[Play]:
        """The legal plays of one tile for the seat to move (empty if it cannot be played now)."""
        tile = Tile.coerce(tile)
        return [m for m in self.legal_moves() if isinstance(m, Play) and m.tile is tile]

    def playable_tiles(self, seat: int | None = None) -> frozenset[Tile]:
        """The tiles ``seat`` could play on the table as it is (default: the seat to move, by its legal moves).

        For another seat it is the tiles that fit an open end (any tile before the lead), as if it were its turn.
        """
        if seat is None or seat == self._to_move:
            return frozenset(m.tile for m in self.legal_moves() if isinstance(m, Play))
        _check_seat(self.rules, seat, "seat")
        hand = self._hands >> SEAT_BITS * seat & FULL
        if self._outcome is not None:
            return frozenset()
        if self._left >= 0:
            hand &= _TILES_SHOWING[self._ends_mask()]
        return frozenset(tiles_of(hand))

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
        # A legal play at the left or right end is by far the most common move, so it is checked inline and
        # played without further calls: this is the hot path of every playout. Anything else (a lead, a draw, a
        # pass, notation, an illegal move) is read and checked by _read_move and _error first.
        # `move.__class__ is Play` is the hot path's isinstance at half the cost; mypy does not narrow on it.
        seat = self._to_move
        legal = 0  # nonzero for a play that fits at the left or right end
        if move.__class__ is Play and self._outcome is None:
            play: Play = move  # type: ignore[assignment]  # a Play: its class is checked on the line above
            end, tile = play.end, play.tile
            if end == "right":
                legal = self._hands >> SEAT_BITS * seat & tile.bit and tile.mask & _NUMBER_BIT[self._right]
            elif end == "left":
                legal = self._hands >> SEAT_BITS * seat & tile.bit and tile.mask & _NUMBER_BIT[self._left]
        if not legal:
            checked = self._checked(move) if move.__class__ is not Pass else move
            if checked.__class__ is not Play:
                return self._after_draw() if checked.__class__ is Draw else self._after_pass()
            play = checked  # type: ignore[assignment]  # a Play: its class is checked on the line above
            tile, end = play.tile, play.end
        start = self._start if end is not None else self._start.led()
        shift = SEAT_BITS * seat
        after = object.__new__(Position)
        after._start = start
        after._hands = hands = self._hands & ~(tile.bit << shift)
        after._hands_view = None
        after._table = None
        after._stock = stock = self._stock
        after._outcome = None
        left, right = self._left, self._right
        # The covered half matches the end; the other half (pips minus the covered one) is the new end.
        if end == "right":
            after._left, after._right = new_left, new_right = left, tile.pips - right
        elif end == "left":
            after._left, after._right = new_left, new_right = tile.pips - left, right
        else:
            after._left, after._right = new_left, new_right = tile.high, tile.low
        known = self._known
        if known >> _PENDING and known >> _PENDING + 7 * seat & 127:
            known = _played_after_drawing(known, seat)
        after._known = known
        after._history = (self._history, seat, play, None)
        after._to_move = (seat + 1) % start.players
        if not hands >> shift & FULL:
            # Capicú: out with a mixed tile that matched both ends while they showed different numbers (§11).
            capicu = end is not None and left != right and tile.mask == (1 << left) | (1 << right)
            masks = seat_masks(hands, start.players)
            after._outcome = score_domino(start.rules, masks, seat, capicu, None, start.leader)
        elif not stock and not hands & (_ALL_SEATS_WITH[new_left] | _ALL_SEATS_WITH[new_right]):
            masks = seat_masks(hands, start.players)
            after._outcome = score_blocked(start.rules, masks, seat, None, start.leader)
        return after

    def apply_all(self, moves: Iterable[Move | Event | str]) -> Position:
        """Apply moves in turn (moves, events, or their notation such as ``"1 draws"``)."""
        if isinstance(moves, str):
            raise TypeError(f"apply_all takes a list of moves, not the text {moves!r}; use parse_history for text")
        position = self
        for move in moves:
            position = position.apply(move)
        return position

    def _checked(self, move: Move | Event | str) -> Move:
        """``move`` read from any form, if the rules allow it now; else raise the ``IllegalMove``."""
        move = self._read_move(move)
        error = self._error(move)
        if error is not None:
            raise error
        return move

    def _read_move(self, move: Move | Event | str) -> Move:
        if move.__class__ is Play or move.__class__ is Draw or move.__class__ is Pass:
            return move  # type: ignore[return-value]  # its class is checked above (`is`, cheaper than isinstance)
        if isinstance(move, str):
            move = parse(move)
        if isinstance(move, Event):
            if move.seat != self._to_move and self._outcome is None:
                raise IllegalMove(
                    "wrong-seat", f"it is seat {self._to_move}'s turn, not seat {move.seat}'s", seat=move.seat
                )
            if move.drawn is not None and self._outcome is None and self._stock and move.drawn is not self._stock[0]:
                raise ValueError(
                    f"{move} drew {move.drawn} in the history being replayed, but the stock's next tile here is "
                    f"{self._stock[0]}: this is not the same hand"
                )
            move = move.move
        if not isinstance(move, Play | Draw | Pass):
            raise TypeError(f"not a move: {move!r}")
        return move

    def _error(self, move: Move) -> IllegalMove | None:
        if self._outcome is not None:
            return IllegalMove("hand-over", "the hand is over; no more moves")
        hand = self._hands >> SEAT_BITS * self._to_move & FULL
        if isinstance(move, Play):
            return self._play_error(move, hand)
        if self._has_playable(hand):
            verb = "pass" if isinstance(move, Pass) else "draw"
            return IllegalMove("has-playable", f"you cannot {verb} while holding a tile that can be played")
        if isinstance(move, Pass) and self._stock:
            return IllegalMove("must-draw", "you cannot pass while the stock has tiles: draw until one fits")
        if isinstance(move, Draw) and not self._stock:
            if not self.rules.uses_stock:
                return IllegalMove("stock-empty", "this game has no stock to draw from: pass")
            return IllegalMove("stock-empty", "the stock is empty: pass")
        return None

    def _play_error(self, move: Play, hand: int) -> IllegalMove | None:
        tile, end = move.tile, move.end
        if not hand & tile.bit:
            return IllegalMove("not-in-hand", f"{tile} is not in your hand", tile=tile, end=end)
        if self._left < 0:
            if end is not None:
                return IllegalMove("bad-end", "the lead starts the line: it has no end to go to", tile=tile, end=end)
            if self.first_hand and tile is not DOUBLE_SIX:
                return IllegalMove(
                    "must-lead-double-six", "the first partnership hand must be led with the 6-6", tile=tile
                )
            return None
        if end is None:
            return IllegalMove("bad-end", f"say which open end the tile goes to: {self._end_names()}", tile=tile)
        number = self._end_number(end)
        if number < 0:
            return IllegalMove("bad-end", self._closed_end(end), tile=tile, end=end)
        if not tile.mask >> number & 1:
            return IllegalMove(
                "no-match", f"{tile} has no {number}, the number showing at the {end} end",
                tile=tile, end=end, number=number,
            )
        return None

    def end_number(self, end: End) -> int | None:
        """The number showing at ``end`` (``"left"``, ``"right"``, or a spinner's ``"up"``/``"down"``), or ``None``
        while that end is not open (before the lead; a spinner side that has not opened; no spinner at all).

        >>> pos = Position.setup(Rules.all_fives(), [["5-1"], ["6-6"]], ["3-5", "5-5", "5-0"], spinner=1)
        >>> [pos.end_number(end) for end in ("left", "right", "up", "down")]
        [3, 0, 5, 5]
        """
        if end not in ALL_ENDS:
            raise ValueError(f"end={end!r}: use 'left', 'right', 'up' or 'down'")
        number = self._end_number(end)
        return None if number < 0 else number

    def _end_number(self, end: str) -> int:
        """The number showing at an open end, or -1 if ``end`` is not open on this table."""
        return self._left if end == "left" else self._right if end == "right" else -1

    def _end_names(self) -> str:
        names = [name for name, _ in self.open_ends]
        return ", ".join(names[:-1]) + " or " + names[-1]

    def _closed_end(self, end: str) -> str:
        return f"this table has no spinner, so no {end} end: play at the left or right end"

    def _ends_mask(self) -> int:
        """The numbers showing at the open ends, as bits (0 before the lead)."""
        return (1 << self._left) | (1 << self._right) if self._left >= 0 else 0

    def _has_playable(self, hand: int) -> bool:
        if self._left < 0:
            return bool(hand)
        return bool(hand & _TILES_SHOWING[self._ends_mask()])

    def _is_blocked(self) -> bool:
        if self._stock or self._left < 0:
            return False
        return not self._hands & _ALL_SEATS_SHOWING[self._ends_mask()]

    def _last_player(self) -> int:
        """Who played the last tile on the table (for a hand blocked by a draw)."""
        chain = self._history
        while chain is not None:
            chain, seat, move, _ = chain
            if move.__class__ is Play:
                return seat
        return self._start.last_player % self._start.players

    def _blocked(self, blocker: int) -> Outcome:
        masks = seat_masks(self._hands, self._start.players)
        return score_blocked(self.rules, masks, blocker, self._scored(), self._start.leader)

    def _scored(self) -> tuple[int, ...] | None:
        """The points scored during the hand, for the outcome (``None``: none are, at this table)."""
        return None

    def _after_draw(self) -> Position:
        seat = self._to_move
        after = self._copy()
        drawn = self._stock[0]
        after._stock = self._stock[1:]
        after._hands = self._hands | drawn.bit << SEAT_BITS * seat
        after._hands_view = None
        # The drawn tile is unseen, so what was known is wiped until the draw ends in a play or a pass.
        shift = 7 * seat
        known = self._known & ~(127 << shift | 127 << _PENDING + shift)
        after._known = known | self._ends_mask() << _PENDING + shift
        after._history = (self._history, seat, DRAW, drawn)
        if not after._stock and after._is_blocked():
            after._outcome = after._blocked(self._last_player())
        return after

    def _after_pass(self) -> Position:
        """The position after a pass, checked here: passes are a good share of every playout."""
        seat = self._to_move
        ends = self._ends_mask()
        playable = self._hands >> SEAT_BITS * seat & _TILES_SHOWING[ends]
        if self._outcome is not None or self._stock or not ends or playable:
            raise self._error(PASS)  # type: ignore[misc]  # never None here: the pass was refused above
        after = self._copy()
        shift = 7 * seat
        known = self._known
        lacks = (known >> shift & 127) | ends
        after._known = known & ~(127 << shift | 127 << _PENDING + shift) | lacks << shift
        after._history = (self._history, seat, PASS, None)
        after._to_move = (seat + 1) % self._start.players
        return after

    def __repr__(self) -> str:
        line = " ".join(f"[{p.left}|{p.right}]" for p in self.placed) or "(empty)"
        hands = "; ".join(" ".join(map(str, hand)) for hand in self.hands)
        state = f"to_move={self._to_move}" if self._outcome is None else f"outcome={self._outcome.reason}"
        return f"<Position {self.rules.name} line={line} hands=[{hands}] stock={len(self._stock)} {state}>"


class _SpinnerPosition(Position):
    """A hand of all-fives (RULES.md S1–S7): a double lead is a spinner whose up and down open once its left and
    right each hold a tile, and every play whose open ends add up to a multiple of 5 scores at once."""

    __slots__ = ("_arms", "_down", "_points", "_up")

    _up: int  # the number at the end of the up arm, -1 while it is not open
    _down: int
    # Bits: 1/2/4/8 the left/right/up/down arm holds a tile; << 4 its end tile is a double (for the count);
    # 256 the lead is the spinner, whose number is at bits 9-11.
    _arms: int
    _points: tuple[int, ...]  # per side, scored during the hand

    def _copy(self) -> Position:
        position = super()._copy()
        assert isinstance(position, _SpinnerPosition)
        position._up = self._up
        position._down = self._down
        position._arms = self._arms
        position._points = self._points
        return position

    def _set_table(self, table: Table) -> None:
        """Take the spinner state from a set-up table."""
        self._up = self._down = -1
        self._points = (0,) * self._start.rules.sides
        arms = 0
        lead = table.lead
        if lead is not None:
            if table.spinner:
                arms |= _SPINNER | lead.left << 9
            for bit, arm in ((1, table.left), (2, table.right), (4, table.up), (8, table.down)):
                if arm:
                    arms |= bit | (bit << 4 if arm[-1].tile.is_double else 0)
                elif bit < 4 and lead.tile.is_double:
                    arms |= bit << 4  # the lead stands at this end
            if table.arms_open:
                self._up, self._down = table.end_number("up"), table.end_number("down")
        self._arms = arms

    def _public_state(self) -> tuple[object, ...]:
        return (*super()._public_state(), self._up, self._down, self._arms, self._points)

    @property
    def open_ends(self) -> tuple[tuple[End, int], ...]:
        """The ends a tile can be played on now, as ``(name, number)``: left and right, and a spinner's up and down
        once they are open (RULES.md S3); empty before the lead."""
        if self._left < 0:
            return ()
        if self._up < 0:
            return (("left", self._left), ("right", self._right))
        return (("left", self._left), ("right", self._right), ("up", self._up), ("down", self._down))

    @property
    def end_count(self) -> int:
        """The all-fives count of the open ends (RULES.md S5): each arm's end number, twice it at a double; an
        empty up or down arm counts nothing; a lone spinner counts twice its number once."""
        if self._left < 0:
            return 0
        arms = self._arms
        if not arms & 3:
            return self._left + self._right  # the lead alone: both halves (a double: twice its number)
        count = self._left * (2 if arms & 16 else 1) + self._right * (2 if arms & 32 else 1)
        if arms & 4:
            count += self._up * (2 if arms & 64 else 1)
        if arms & 8:
            count += self._down * (2 if arms & 128 else 1)
        return count

    @property
    def hand_points(self) -> tuple[int, ...]:
        """Per side, the points scored during this hand so far (S5)."""
        return self._points

    def _scored(self) -> tuple[int, ...] | None:
        return self._points

    def legal_moves(self) -> list[Move]:
        """Every legal move for the seat to move: plays (a tile fitting several ends at each), else a draw or a pass."""
        if self._outcome is not None:
            return []
        hand = self._hands >> SEAT_BITS * self._to_move & FULL
        if self._left < 0:
            return [_LEAD_PLAYS[bit] for bit in each_bit(hand)]
        moves: list[Move] = [*_LEFT_PLAYS[hand & TILES_WITH[self._left]], *_RIGHT_PLAYS[hand & TILES_WITH[self._right]]]
        if self._up >= 0:
            moves += _PLAYS_AT["up"][hand & TILES_WITH[self._up]]
            moves += _PLAYS_AT["down"][hand & TILES_WITH[self._down]]
        if moves:
            return moves
        return [DRAW] if self._stock else [PASS]

    def apply(self, move: Move | Event | str) -> Position:
        """The position after ``move`` by the seat to move; raises ``IllegalMove`` if the rules refuse it."""
        move = self._checked(move)
        if move.__class__ is Draw:
            return self._after_draw()
        if move.__class__ is Pass:
            return self._after_pass()
        return self._after_play(move)  # type: ignore[arg-type]  # neither Draw nor Pass: a Play

    def _after_play(self, move: Play) -> Position:
        seat, tile, end = self._to_move, move.tile, move.end
        rules = self._start.rules
        after = self._copy()
        assert isinstance(after, _SpinnerPosition)
        shift = SEAT_BITS * seat
        after._hands = hands = self._hands & ~(tile.bit << shift)
        after._hands_view = None
        after._table = None
        if end is None:
            after._start = self._start.led()
            after._left, after._right = tile.high, tile.low
            after._arms = _SPINNER | tile.high << 9 | 16 | 32 if tile.is_double else 0
        else:
            after._lay(tile, end)
        count = after.end_count
        scored = None
        if count and not count % 5:
            side = rules.side_of(seat)
            after._points = _with(self._points, side, self._points[side] + count)
            scored = count
        known = self._known
        if known >> _PENDING + 7 * seat & 127:
            known = _played_after_drawing(known, seat)
        after._known = known
        after._history = (self._history, seat, move, scored)
        after._to_move = (seat + 1) % self._start.players
        if not hands >> shift & FULL:
            capicu = self._up < 0 and end is not None and self._left != self._right
            capicu = capicu and tile.mask == (1 << self._left) | (1 << self._right)
            masks = seat_masks(hands, self._start.players)
            after._outcome = score_domino(rules, masks, seat, capicu, after._points, self._start.leader)
        elif after._is_blocked():
            after._outcome = after._blocked(seat)
        return after

    def _lay(self, tile: Tile, end: str) -> None:
        """Lay ``tile`` at the open ``end`` of this new position (already checked)."""
        number = self._end_number(end)
        bit = _ARM_BITS[end]
        setattr(self, _END_SLOT[end], tile.pips - number)
        arms = self._arms & ~(bit << 4) | bit | (bit << 4 if tile.is_double else 0)
        if arms & _SPINNER and arms & 3 == 3 and self._up < 0:
            self._up = self._down = arms >> 9 & 7  # left and right both hold a tile: up and down open
        self._arms = arms

    def _end_number(self, end: str) -> int:
        if end == "left":
            return self._left
        if end == "right":
            return self._right
        return self._up if end == "up" else self._down if end == "down" else -1

    def _closed_end(self, end: str) -> str:
        if self._arms & _SPINNER:
            return f"the spinner's {end} side opens once its left and right each hold a tile"
        return f"there is no spinner (the lead was not a double), so no {end} end: play at the left or right end"

    def _ends_mask(self) -> int:
        if self._left < 0:
            return 0
        mask = (1 << self._left) | (1 << self._right)
        if self._up >= 0:
            mask |= (1 << self._up) | (1 << self._down)
        return mask


_EMPTY = Table()
_SPINNER = 256
_ARM_BITS = {"left": 1, "right": 2, "up": 4, "down": 8}
_END_SLOT = {"left": "_left", "right": "_right", "up": "_up", "down": "_down"}

# Hands are packed in one int, 28 bits a seat; "tiles showing n in anybody's hand" is then one AND.
_ALL_SEATS_WITH = tuple(sum(TILES_WITH[n] << SEAT_BITS * seat for seat in range(4)) for n in range(7))
# The same for a set of numbers (7 bits, as _ends_mask gives): the tiles showing any of them.
_TILES_SHOWING = tuple(sum(t.bit for t in ALL_TILES if t.mask & numbers) for numbers in range(128))
_ALL_SEATS_SHOWING = tuple(sum(tiles << SEAT_BITS * seat for seat in range(4)) for tiles in _TILES_SHOWING)
# A number's bit in Tile.mask; the end "-1" (before the lead) finds the last entry, 0, which no tile matches.
_NUMBER_BIT = (1, 2, 4, 8, 16, 32, 64, 0)
# `_known` keeps the pending ends of a forced draw from this bit on.
_PENDING = 28

_LEAD_PLAYS = {tile.bit: PLAYS[tile, None] for tile in ALL_TILES}


def _subsets(mask: int) -> Iterator[int]:
    subset = mask
    while True:
        yield subset
        if not subset:
            return
        subset = (subset - 1) & mask


# For each end, the plays of every set of tiles that can fit it (any subset of the tiles showing one number),
# lowest tile first: legal_moves looks a hand's fitting tiles up instead of walking their bits.
_PLAYS_AT: dict[str, dict[int, tuple[Play, ...]]] = {
    end: {
        subset: tuple(PLAYS[TILE_OF_BIT[bit], end] for bit in sorted(TILE_OF_BIT) if subset & bit)
        for n in range(7)
        for subset in _subsets(TILES_WITH[n])
    }
    for end in ALL_ENDS
}
_LEFT_PLAYS = _PLAYS_AT["left"]
_RIGHT_PLAYS = _PLAYS_AT["right"]


def _make(
    rules: Rules,
    hands: int,
    table: Table,
    stock: tuple[Tile, ...],
    to_move: int,
    first_hand: bool,
    last_player: int,
    leader: int | None,
    lead_reason: LeadReason | None = None,
) -> Position:
    """A new hand's position, of the class that plays its rules."""
    position = object.__new__(_SpinnerPosition if rules._spinner else Position)
    position._start = _Start(rules, table, first_hand, last_player % rules.players, leader, lead_reason)
    position._hands = hands
    position._hands_view = None
    position._table = table
    position._left = table.end_number("left") if table.lead else -1
    position._right = table.end_number("right") if table.lead else -1
    position._stock = stock
    position._to_move = to_move
    position._history = None
    position._outcome = None
    position._known = 0
    if isinstance(position, _SpinnerPosition):
        position._set_table(table)
    return position


def _played_after_drawing(known: int, seat: int) -> int:
    """A forced draw ended in this play: everyone knows the seat had none of the ends shown before it (§7)."""
    shift = 7 * seat
    pending = known >> _PENDING + shift & 127
    return known & ~(127 << shift | 127 << _PENDING + shift) | pending << shift



def _with(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return values[:index] + (value,) + values[index + 1 :]


def _check_rules(rules: object) -> None:
    if not isinstance(rules, Rules):
        raise TypeError(f"rules={rules!r}: give a rule set, e.g. Rules.one_vs_one() or Rules.preset('katsika')")


def _check_seat(rules: Rules, seat: object, name: str) -> None:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < rules.players:
        raise ValueError(f"{name}={seat!r}: seats are 0 to {rules.players - 1} in {rules.name}")


def _read_hands(rules: Rules, hands: Sequence[Sequence[TileLike]]) -> tuple[tuple[Tile, ...], ...]:
    if isinstance(hands, str) or not isinstance(hands, Sequence):
        raise ValueError(f"hands: give one list of tiles per seat, not {hands!r}")
    if len(hands) != rules.players:
        raise ValueError(f"{rules.name} needs {rules.players} hands, one per seat; got {len(hands)} hands")
    result = []
    for seat, hand in enumerate(hands):
        if isinstance(hand, str) or not isinstance(hand, Sequence):
            raise ValueError(f"hand {seat}: give a list of tiles, not {hand!r}")
        tiles = tuple(read_tile(t, f"hand {seat}") for t in hand)
        if not tiles:
            raise ValueError(f"hand {seat} is empty: the hand would already be over")
        result.append(tiles)
    return tuple(result)


def _read_stock(rules: Rules, stock: Sequence[TileLike]) -> tuple[Tile, ...]:
    if isinstance(stock, str) or not isinstance(stock, Sequence):
        raise ValueError(f"stock: give a list of tiles, not {stock!r}")
    tiles = tuple(read_tile(t, "stock") for t in stock)
    if tiles and not rules.uses_stock:
        raise ValueError(f"{rules.name} has no stock, but {len(tiles)} stock tiles were given")
    return tiles


def _check_dealt(rules: Rules, hands: tuple[tuple[Tile, ...], ...], on_table: int, stock: int) -> None:
    """Refuse tiles no real deal under ``rules`` could give (``Position.setup``'s ``partial`` lifts it)."""
    size, players = rules.hand_size, rules.players
    dealt = players * size
    why = "pass partial=True for a table shown in part on purpose"
    if not rules.uses_stock:
        for seat, hand in enumerate(hands):
            if len(hand) > size:
                raise ValueError(
                    f"hand {seat} holds {len(hand)} tiles, but {rules.name} deals {size} a seat and has no stock to "
                    f"draw from: no deal gives that ({why})"
                )
        held = sum(map(len, hands)) + on_table
        if held > dealt:
            raise ValueError(
                f"{held} tiles in the hands and on the table, but {rules.name} with {players} players deals only "
                f"{players} × {size} = {dealt}: no deal gives that ({why})"
            )
        return
    first_stock = len(ALL_TILES) - dealt
    if stock > first_stock:
        raise ValueError(
            f"a stock of {stock} tiles, but {rules.name} with {players} players leaves {first_stock} after the deal "
            f"({why})"
        )
    drawn = sum(max(0, len(hand) - size) for hand in hands)
    if drawn > first_stock - stock:
        raise ValueError(
            f"the hands hold at least {drawn} drawn tiles, but a stock of {first_stock} with {stock} left has given "
            f"only {first_stock - stock} ({why})"
        )


def _check_unique(hands: tuple[tuple[Tile, ...], ...], line: tuple[Tile, ...], stock: tuple[Tile, ...]) -> None:
    seen: dict[Tile, str] = {}
    places = [(f"hand {seat}", hand) for seat, hand in enumerate(hands)] + [("line", line), ("stock", stock)]
    for place, tiles in places:
        for tile in tiles:
            if tile in seen:
                raise ValueError(f"tile {tile} appears twice ({seen[tile]} and {place}); every tile is in the set once")
            seen[tile] = place


__all__ = ["DOUBLE_SIX", "End", "Placed", "Position"]
