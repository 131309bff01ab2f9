"""A match against the computer, hand after hand: the learner at seat 0, a computer player at every other seat, the
coach's remarks as the hand goes, and a short record that rebuilds the whole match (for a reload).

Pure Python: the Play page draws a `Game` and hands it the learner's moves; ``computers_move`` then makes every
computer move up to the learner's next turn and gives the tables in between, for the page to show one by one.

>>> game = Game.new(Setup("one_vs_one", level="club", seed=7))
>>> between = game.computers_move()
>>> game.position.to_move, game.hand_number, len(between) == len(game.position.history)
(0, 1, True)
>>> again = Game.from_record(game.record)
>>> again.position.history == game.position.history and again.position.hands == game.position.hands
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine import ALL_ENDS, ALL_TILES, PRESETS, Draw, Event, IllegalMove, Match, Move, Pass, Play, Position, Rules

from .coach import Remark, advice, event_remarks, lead_remarks, turn_remarks
from .players import LEVELS, ComputerPlayer, computer_player

LEARNER = 0
#: Every move there is, so a move is written as its place in this list (two characters in a record).
ALL_MOVES: tuple[Move, ...] = (Draw(), Pass(), *(Play(tile, end) for tile in ALL_TILES for end in (None, *ALL_ENDS)))
_INDEX = {move: index for index, move in enumerate(ALL_MOVES)}
_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
RECORD_VERSION = "1"
RECORD_VERSION_TARGET = "2"  # the same, with the match's own target after the player count


class BadRecord(ValueError):
    """A match record (from an address) that does not describe a match this app can rebuild."""


@dataclass(frozen=True)
class Setup:
    """What the learner chose: the table (a preset, and its player count where it has a choice), the computer's
    strength, the coach, the seed every deal and every computer choice follows, and the points that win the match
    (None: the table's own; a class table may play to fewer)."""

    table: str
    players: int | None = None
    level: str = "club"
    coach: bool = True
    seed: int = 0
    target: int | None = None

    def __post_init__(self) -> None:
        if self.table not in PRESETS:
            raise ValueError(f"table={self.table!r}: use one of {', '.join(PRESETS)}")
        if self.level not in LEVELS:
            raise ValueError(f"level={self.level!r}: use one of {', '.join(LEVELS)}")
        if not isinstance(self.seed, int) or isinstance(self.seed, bool) or not 0 <= self.seed < 2**48:
            raise ValueError(f"seed={self.seed!r}: a whole number from 0 to 2**48 - 1")
        if self.target is not None and (isinstance(self.target, bool) or not isinstance(self.target, int)
                                        or not 1 <= self.target <= 1000):
            raise ValueError(f"target={self.target!r}: a whole number of points from 1 to 1000")
        self.rules()  # an unusable player count is refused now, with the engine's message

    def rules(self) -> Rules:
        """The rule set of the chosen table."""
        options: dict[str, int] = {} if self.target is None else {"target": self.target}
        if self.players is not None and self.players != Rules.preset(self.table).players:
            options["players"] = self.players
        return Rules.preset(self.table, **options)


@dataclass
class Game:
    """The match: its setup, the hands played so far, the hand under way, and what the coach said last."""

    setup: Setup
    rules: Rules
    match: Match
    players: dict[int, ComputerPlayer]
    position: Position
    start: Position  # the hand under way as it was dealt
    finished: list[Position] = field(default_factory=list)  # every earlier hand, at its end
    remarks: list[Remark] = field(default_factory=list)  # what the coach says about the moves since the learner's
    last_move: tuple[Position, Move] | None = None  # the learner's last move and the position it was made in
    advised: tuple[tuple[int, int], Remark | None] | None = field(default=None, repr=False)  # worked out once

    @classmethod
    def new(cls, setup: Setup) -> Game:
        """A new match, its first hand dealt."""
        rules = setup.rules()
        match = Match(rules)
        players = {seat: computer_player(setup.level, setup.seed * 8 + seat) for seat in range(1, rules.players)}
        position = match.deal(_deal_rng(setup.seed, 1))
        game = cls(setup, rules, match, players, position, position)
        game._hand_started()
        return game

    # ----------------------------------------------------------------------------------------------- state

    @property
    def hand_number(self) -> int:
        """The hand under way (or just over), from 1."""
        return len(self.finished) + 1

    @property
    def hand_over(self) -> bool:
        """Whether the hand under way has ended (its count shows until the next hand is dealt)."""
        return self.position.outcome is not None

    @property
    def learner_to_move(self) -> bool:
        """Whether the learner has a move to make now."""
        return not self.hand_over and self.position.to_move == LEARNER

    @property
    def computer_to_move(self) -> bool:
        """Whether a computer player moves next."""
        return not self.hand_over and self.position.to_move != LEARNER

    # ----------------------------------------------------------------------------------------------- moves

    def play(self, move: Move) -> IllegalMove | None:
        """The learner's move: made if the rules allow it (and the coach's remarks started afresh), else the
        engine's reason why not, with nothing changed."""
        if not self.learner_to_move:
            return IllegalMove("hand-over", "the hand is over") if self.hand_over else IllegalMove(
                "wrong-seat", f"it is seat {self.position.to_move}'s turn")
        error = self.position.check(move)
        if error is not None:
            return error
        self.remarks = []
        self.last_move = (self.position, move)
        self._apply(move)
        return None

    def move(self, move: Move) -> IllegalMove | None:
        """A move for the seat to move, whoever holds it (at a class table any seat may be a learner's): made if
        the rules allow it, else the engine's reason why not, with nothing changed."""
        if self.hand_over:
            return IllegalMove("hand-over", "the hand is over")
        error = self.position.check(move)
        if error is not None:
            return error
        self._apply(move)
        return None

    def computer_step(self) -> Event:
        """One computer move (the seat to move chooses from its own view only)."""
        if not self.computer_to_move:
            raise ValueError("no computer player is to move now")
        seat = self.position.to_move
        move = self.players[seat].choose(self.position.view(seat))
        self._apply(move)
        return self.position.history[-1]

    def computers_move(self) -> list[Position]:
        """Every computer move up to the learner's next turn or the hand's end; the table before each of them (one
        per move, the first being the table as it is now), so the page can show them one by one."""
        before = []
        while self.computer_to_move:
            before.append(self.position)
            self.computer_step()
        return before

    def advice(self) -> Remark | None:
        """The coach's word on the learner's last move, if another was clearly better (coach on only)."""
        if not self.setup.coach or self.last_move is None:
            return None
        before, move = self.last_move
        key = (self.hand_number, len(before.history))
        if self.advised is None or self.advised[0] != key:
            self.advised = (key, advice(before.view(LEARNER), move, seed=self.setup.seed))
        return self.advised[1]

    def next_hand(self) -> None:
        """Deal the next hand once this one is over (the match keeps its score)."""
        if not self.hand_over:
            raise ValueError("the hand is still being played")
        if self.match.is_over:
            raise ValueError("the match is over")
        self.finished.append(self.position)
        self.position = self.start = self.match.deal(_deal_rng(self.setup.seed, self.hand_number))
        self.remarks = []
        self.last_move = None
        self._hand_started()

    def _apply(self, move: Move) -> None:
        before = self.position
        self.position = before.apply(move)
        if self.setup.coach:
            self.remarks += event_remarks(before.view(LEARNER), self.position.view(LEARNER))
        if self.position.outcome is not None:
            self.match.record(self.position.outcome)
        elif self.setup.coach and self.position.to_move == LEARNER:
            self.remarks += turn_remarks(self.position.view(LEARNER))

    def _hand_started(self) -> None:
        if self.setup.coach:
            self.remarks += lead_remarks(self.match, self.position.view(LEARNER))
            self.remarks += turn_remarks(self.position.view(LEARNER))

    # ----------------------------------------------------------------------------------------------- record

    @property
    def record(self) -> str:
        """The whole match in a short text (setup, seed, every move of every hand) that `from_record` rebuilds."""
        setup = self.setup
        target = [] if setup.target is None else [str(setup.target)]
        head = [RECORD_VERSION if setup.target is None else RECORD_VERSION_TARGET, setup.table,
                str(setup.players or ""), *target, setup.level, "c" if setup.coach else "n", _number(setup.seed)]
        hands = [*self.finished, self.position]
        return "~".join([*head, *("".join(_move_code(e.move) for e in hand.history) for hand in hands)])

    @classmethod
    def from_record(cls, record: str) -> Game:
        """The match a `record` describes, rebuilt by replaying its moves (no computer has to think again)."""
        game, hands = cls._read_head(record)
        for number, moves in enumerate(hands, start=1):
            if number > 1:
                if not game.hand_over or game.match.is_over:
                    raise BadRecord("a hand follows one that is not over")
                game.next_hand()
            for move in moves:
                if game.hand_over or game.position.check(move) is not None:
                    raise BadRecord(f"hand {number}: {move} cannot be played there")
                if game.learner_to_move:
                    game.play(move)
                else:
                    game._apply(move)
        return game

    @classmethod
    def _read_head(cls, record: str) -> tuple[Game, list[list[Move]]]:
        parts = record.split("~") if isinstance(record, str) else []
        target = None
        if len(parts) >= 8 and parts[0] == RECORD_VERSION_TARGET and parts[3].isascii() and parts[3].isdigit():
            target = int(parts.pop(3))
        elif len(parts) < 7 or parts[0] != RECORD_VERSION:
            raise BadRecord("not a match record of this app")
        _, table, players, level, coach, seed, *hands = parts
        try:
            setup = Setup(table, int(players) if players else None, level, coach == "c", _read_number(seed), target)
        except ValueError as error:
            raise BadRecord(str(error)) from None
        return cls.new(setup), [_read_moves(text) for text in hands]


def _deal_rng(seed: int, hand: int) -> random.Random:
    return random.Random(f"la-plaza-play|{seed}|{hand}")


def _move_code(move: Move) -> str:
    index = _INDEX[move]
    return _DIGITS[index // 64] + _DIGITS[index % 64]


def _read_moves(text: str) -> list[Move]:
    if len(text) % 2:
        raise BadRecord("a hand's moves are two characters each")
    moves = []
    for start in range(0, len(text), 2):
        high, low = _DIGITS.find(text[start]), _DIGITS.find(text[start + 1])
        if high < 0 or low < 0 or high * 64 + low >= len(ALL_MOVES):
            raise BadRecord(f"{text[start:start + 2]!r} is not a move")
        moves.append(ALL_MOVES[high * 64 + low])
    return moves


def _number(value: int) -> str:
    digits = ""
    while True:
        value, rest = divmod(value, 64)
        digits = _DIGITS[rest] + digits
        if not value:
            return digits


def _read_number(text: str) -> int:
    if not text or any(char not in _DIGITS for char in text):
        raise BadRecord(f"{text!r} is not a seed")
    value = 0
    for char in text:
        value = value * 64 + _DIGITS.index(char)
    return value


def new_seed() -> int:
    """A fresh seed for a new match."""
    return random.SystemRandom().randrange(2**48)


def played_through(setup: Setup, learner: ComputerPlayer | None = None) -> Game:
    """A whole match from ``setup`` with a computer player in the learner's seat too (a club player on the setup's
    seed unless given): for reviews, benchmarks and tests that need a finished match."""
    player = learner or computer_player("club", setup.seed)
    game = Game.new(setup)
    while True:
        while not game.hand_over:
            if game.learner_to_move:
                game.play(player.choose(game.position.view(LEARNER)))
            else:
                game.computer_step()
        if game.match.is_over:
            return game
        game.next_hand()
