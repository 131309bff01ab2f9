"""The one error a move can raise, with a stable code for every way a move can be wrong and the facts behind it."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .moves import End
    from .tile import Tile

#: Every code `IllegalMove.code` can take, so that texts can be checked for completeness.
ILLEGAL_MOVE_CODES: tuple[str, ...] = (
    "hand-over",
    "not-in-hand",
    "bad-end",
    "must-lead-double-six",
    "no-match",
    "has-playable",
    "must-draw",
    "stock-empty",
    "wrong-seat",
)


class IllegalMove(ValueError):
    """A move the rules refuse: ``.code`` is stable (for translations), ``.message`` plain English, and the facts
    the refusal is about, so that nobody has to work them out again: ``.tile`` (the tile played, if any), ``.end``
    (the end it was played at), ``.number`` (the number showing at that end, for ``no-match``), ``.seat`` (the seat
    that tried, for ``wrong-seat``; else the seat to move).

    >>> from engine import Position, Rules
    >>> pos = Position.setup(Rules.one_vs_one(), hands=[["6-6", "5-1"], ["2-2"]], line=["3-4"], stock=["0-0"])
    >>> error = pos.check("plays 6-6 left")
    >>> error.code, error.tile, error.end, error.number
    ('no-match', Tile(6, 6), 'left', 3)
    """

    def __init__(
        self,
        code: str,
        message: str,
        *,
        tile: Tile | None = None,
        end: End | None = None,
        number: int | None = None,
        seat: int | None = None,
    ) -> None:
        if code not in ILLEGAL_MOVE_CODES:
            raise ValueError(f"unknown illegal-move code {code!r}")
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.tile = tile
        self.end = end
        self.number = number
        self.seat = seat
