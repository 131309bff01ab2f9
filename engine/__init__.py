"""The La Plaza dominoes rules engine: pure Python, the single source of truth for what is legal and what it scores.

>>> from engine import Rules, Position
>>> pos = Position.setup(Rules.one_vs_one(), hands=[["4-1"], ["6-6"]], line=["3-4"], stock=["2-2"])
>>> pos.apply("plays 4-1 right").outcome.reason
'domino'
"""

from .errors import ILLEGAL_MOVE_CODES, IllegalMove
from .leads import LeadReason
from .match import Lot, Match, draw_lot
from .moves import (
    ALL_ENDS,
    ENDS,
    Draw,
    End,
    Event,
    Move,
    Pass,
    Play,
    format_history,
    parse,
    parse_event,
    parse_history,
    parse_move,
)
from .outcome import Decision, Outcome
from .position import DOUBLE_SIX, Placed, Position
from .rules import PRESETS, ROLES, Role, Rules, seat_role
from .tile import ALL_TILES, Tile
from .view import View

__all__ = [
    "ALL_ENDS",
    "ALL_TILES",
    "DOUBLE_SIX",
    "ENDS",
    "ILLEGAL_MOVE_CODES",
    "PRESETS",
    "ROLES",
    "Decision",
    "Draw",
    "End",
    "Event",
    "IllegalMove",
    "LeadReason",
    "Lot",
    "Match",
    "Move",
    "Outcome",
    "Pass",
    "Placed",
    "Play",
    "Position",
    "Role",
    "Rules",
    "Tile",
    "View",
    "draw_lot",
    "format_history",
    "parse",
    "parse_event",
    "parse_history",
    "parse_move",
    "seat_role",
]
