"""A class table: one match (`play.game.Game`, its record and its deals) whose seats are learners of a class or
computers, partners opposite. Every move from a phone is checked here: the learner sits at the table, it is their
turn, the phone saw the table as it is now (its ``version``: a replayed or doubled move is refused), and the engine
allows the move. A seat idle past the table's limit is played by a club-level computer until its learner is back.

Pure Python and no clock: the caller passes ``now`` (seconds), so the storage decides time and tests set it.

>>> table = ClassMatch.open(Setup("one_vs_one", seed=7, target=50), idle=60, now=0.0)
>>> table.sit("ana", 0, now=1.0), table.sit("ben", 1, now=2.0), table.start("ana", now=3.0)
(None, None, None)
>>> seat = table.to_move
>>> move = table.game.position.legal_moves()[0]
>>> table.move("ben" if seat else "ana", move, version=table.version - 1, now=4.0).code
'stale'
>>> table.move("ben" if seat else "ana", move, version=table.version, now=4.0) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from engine import Draw, IllegalMove, Move, Play, Position

from .coach import Remark, advice, event_remarks, lead_remarks, turn_remarks
from .game import Game, Setup
from .players import ComputerPlayer, computer_player

#: The computer that plays empty seats and idle ones.
LEVEL = "club"
#: Learners needed to start a match (a table full of learners starts by itself).
MIN_LEARNERS = 2
#: The idle limits a teacher may set, in seconds.
IDLE_LIMITS = (5, 600)

WAITING, PLAYING, OVER, CLOSED = "waiting", "playing", "over", "closed"
STATES = (WAITING, PLAYING, OVER, CLOSED)


@dataclass(frozen=True)
class Seat:
    """Who sits at a seat: a learner's key (None: a computer), and whether the computer plays for that learner now
    (they let their turn run past the limit, and have not come back)."""

    learner: str | None = None
    away: bool = False


@dataclass(frozen=True)
class Refused:
    """Why an action at the table was refused: a code (``class_table.refused.<code>`` in the texts) and, for a move
    the rules do not allow, the engine's reason."""

    code: str
    error: IllegalMove | None = None


@dataclass
class ClassMatch:
    """A class table's match, its seats, state (waiting, playing, over, closed), version and last change."""

    game: Game
    seats: list[Seat]
    idle: int
    state: str = WAITING
    version: int = 0
    moved_at: float = 0.0
    computers: dict[int, ComputerPlayer] = field(default_factory=dict, repr=False)

    @classmethod
    def open(cls, setup: Setup, idle: int, now: float) -> ClassMatch:
        """A new table, every seat free (a computer's until a learner sits), the first hand dealt."""
        if isinstance(idle, bool) or not isinstance(idle, int) or not IDLE_LIMITS[0] <= idle <= IDLE_LIMITS[1]:
            raise ValueError(f"idle={idle!r}: a number of seconds from {IDLE_LIMITS[0]} to {IDLE_LIMITS[1]}")
        game = Game.new(replace(setup, level=LEVEL, coach=False))
        return cls(game, [Seat() for _ in range(game.rules.players)], idle, moved_at=now)

    @classmethod
    def rebuild(cls, record: str, seats: list[Seat], idle: int, state: str, version: int,
                moved_at: float) -> ClassMatch:
        """The table as stored: its record replayed (`Game.from_record`), its seats, state and version."""
        if state not in STATES:
            raise ValueError(f"state={state!r}: use one of {', '.join(STATES)}")
        game = Game.from_record(record)
        if len(seats) != game.rules.players:
            raise ValueError(f"{len(seats)} seats for a table of {game.rules.players}")
        return cls(game, list(seats), idle, state, version, moved_at)

    # ----------------------------------------------------------------------------------------------- state

    @property
    def record(self) -> str:
        """Every move of every hand (`Game.record`)."""
        return self.game.record

    @property
    def learners(self) -> tuple[str, ...]:
        """The learners seated, in seat order."""
        return tuple(seat.learner for seat in self.seats if seat.learner is not None)

    def seat_of(self, learner: str) -> int | None:
        """The seat ``learner`` holds, if any."""
        for number, seat in enumerate(self.seats):
            if seat.learner == learner:
                return number
        return None

    @property
    def to_move(self) -> int | None:
        """The seat to move (None while waiting, between hands and after the match)."""
        if self.state != PLAYING or self.game.hand_over:
            return None
        return self.game.position.to_move

    def computer_plays(self, seat: int) -> bool:
        """Whether the computer plays ``seat`` now: nobody sits there, or its learner is away."""
        return self.seats[seat].learner is None or self.seats[seat].away

    def due(self) -> float | None:
        """When the table moves by itself if nobody acts (the seat to move played by the computer, or the next hand
        dealt), None when nothing waits on time."""
        if self.state != PLAYING or (self.game.hand_over and self.game.match.is_over):
            return None
        return self.moved_at + self.idle

    # ----------------------------------------------------------------------------------------------- seats

    def sit(self, learner: str, seat: int, now: float) -> Refused | None:
        """``learner`` takes a free seat (a computer's; a learner already seated elsewhere moves there); once every
        seat is a learner's, the match starts."""
        if self.state in (OVER, CLOSED):
            return Refused("closed")
        if not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            return Refused("no_seat")
        here = self.seat_of(learner)
        if here == seat:
            self._back(seat, now)
            return None
        if self.seats[seat].learner is not None:
            return Refused("seat_taken")
        if here is not None:
            self.seats[here] = Seat()
        self.seats[seat] = Seat(learner)
        if self.state == WAITING and all(s.learner is not None for s in self.seats):
            self.state = PLAYING
        self._changed(now)
        return None

    def leave(self, learner: str, now: float) -> Refused | None:
        """``learner`` gets up: a computer takes the seat; when no learner is left, the table closes (its record
        kept): a table of computers alone would only use the server."""
        seat = self.seat_of(learner)
        if seat is None:
            return Refused("not_seated")
        self.seats[seat] = Seat()
        if not self.learners:
            self.state = CLOSED
        self._changed(now)
        return None

    def removed(self, learner: str) -> bool:
        """``learner`` is no longer in the class: the computer takes their seat (the table closes if no learner is
        left); the caller makes the new version. False if they did not sit here."""
        seat = self.seat_of(learner)
        if seat is None:
            return False
        self.seats[seat] = Seat()
        if not self.learners:
            self.state = CLOSED
        return True

    def start(self, learner: str, now: float) -> Refused | None:
        """Start the match (a learner seated asks), with computers in the empty seats."""
        if self.seat_of(learner) is None:
            return Refused("not_seated")
        if self.state != WAITING:
            return None if self.state == PLAYING else Refused("closed")
        if len(self.learners) < MIN_LEARNERS:
            return Refused("too_few")
        self.state = PLAYING
        self._changed(now)
        self.advance(now)  # a computer seat that leads plays at once
        return None

    def back(self, learner: str, now: float) -> Refused | None:
        """The learner is back at their seat: the computer stops playing for them."""
        seat = self.seat_of(learner)
        if seat is None:
            return Refused("not_seated")
        self._back(seat, now)
        return None

    def _back(self, seat: int, now: float) -> None:
        if self.seats[seat].away:
            self.seats[seat] = replace(self.seats[seat], away=False)
            self._changed(now)

    # ----------------------------------------------------------------------------------------------- moves

    def move(self, learner: str, move: Move, version: int, now: float) -> Refused | None:
        """A learner's move from their phone, which saw the table at ``version``: made, then the computers' moves up
        to the next learner's turn; or refused with the reason (nothing changed)."""
        seat = self.seat_of(learner)
        if seat is None:
            return Refused("not_seated")
        if self.state != PLAYING:
            return Refused("not_started" if self.state == WAITING else "closed")
        if version != self.version:
            return Refused("stale")
        if self.game.hand_over:
            return Refused("hand_over")
        if self.game.position.to_move != seat:
            return Refused("not_your_turn")
        error = self.game.move(move)
        if error is not None:
            return Refused("illegal", error)
        self.seats[seat] = replace(self.seats[seat], away=False)  # a move is the surest sign they are back
        self._changed(now)
        self.advance(now)
        return None

    def next_hand(self, learner: str, version: int, now: float) -> Refused | None:
        """Deal the next hand once the count has been seen (any learner seated asks; a second ask is stale)."""
        if self.seat_of(learner) is None:
            return Refused("not_seated")
        if version != self.version:
            return Refused("stale")
        if self.state != PLAYING or not self.game.hand_over:
            return Refused("hand_over" if self.state == PLAYING else "closed")
        self._deal(now)
        self.advance(now)
        return None

    def advance(self, now: float) -> int:
        """What happens without anyone acting, up to ``now``: computers move for their seats and for learners away,
        a seat whose turn ran past the idle limit is played by the computer (its learner is then away), and a hand
        whose count stood that long is followed by the next. Returns the moves made (0: nothing changed). The same
        table and ``now`` always give the same moves, so two servers that both advance it agree."""
        made = 0
        while self.state == PLAYING:
            if self.game.hand_over:
                if self.game.match.is_over:
                    self.state = OVER
                    self._changed(now)
                elif now >= self.moved_at + self.idle:
                    self._deal(now)
                    continue
                break
            seat = self.game.position.to_move
            if not self.computer_plays(seat):
                if now < self.moved_at + self.idle:
                    break
                self.seats[seat] = replace(self.seats[seat], away=True)
            self.game.move(self._computer(seat).choose(self.game.position.view(seat)))
            made += 1
            self._changed(now)
        return made

    def _deal(self, now: float) -> None:
        self.game.next_hand()
        self._changed(now)

    def _computer(self, seat: int) -> ComputerPlayer:
        if seat not in self.computers:
            self.computers[seat] = computer_player(LEVEL, self.game.setup.seed * 8 + seat)
        return self.computers[seat]

    def _changed(self, now: float) -> None:
        """Every change makes a new version (a phone's move on an older one is stale) and restarts the clock."""
        self.version += 1
        self.moved_at = now

    # ----------------------------------------------------------------------------------------------- views

    def positions_since(self, hand: int, moves: int) -> list[Position]:
        """The tables between what a phone last showed (``hand``, ``moves`` played in it) and now, one per move
        made since in the same hand: for the phone to show them one by one."""
        if hand != self.game.hand_number:
            return []
        history = self.game.position.history
        if not 0 <= moves < len(history):
            return []
        before = self.game.start.apply_all(history[:moves])
        shown = [before]
        for event in history[moves:-1]:
            before = before.apply(event.move)
            shown.append(before)
        return shown

    def coach(self, seat: int) -> list[Remark]:
        """What the coach says to ``seat`` alone about the moves since its own last one (the lead, the turn, the
        others' passes and draws), from that seat's view only."""
        game = self.game
        history = game.position.history
        own = [index for index, event in enumerate(history) if event.seat == seat and not isinstance(event.move, Draw)]
        begin = own[-1] if own else 0
        before = game.start.apply_all(history[:begin])
        said: list[Remark] = []
        if not own and not game.hand_over:
            said += lead_remarks(game.match, before.view(seat))
            if before.to_move == seat:
                said += turn_remarks(before.view(seat))
        for event in history[begin:]:
            after = before.apply(event.move)
            said += event_remarks(before.view(seat), after.view(seat))
            if after.outcome is None and after.to_move == seat:
                said += turn_remarks(after.view(seat))
            before = after
        return said

    def advice(self, seat: int) -> Remark | None:
        """The coach's word on ``seat``'s last play in this hand, if another was clearly better."""
        history = self.game.position.history
        for index in range(len(history) - 1, -1, -1):
            event = history[index]
            if event.seat == seat and isinstance(event.move, Play):
                before = self.game.start.apply_all(history[:index])
                return advice(before.view(seat), event.move, seed=self.game.setup.seed)
        return None
