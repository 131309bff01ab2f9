"""The one error a move can raise, with a stable code for every way a move can be wrong."""

from __future__ import annotations

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
    """A move the rules refuse: ``.code`` is stable (for translations), ``.message`` plain English."""

    def __init__(self, code: str, message: str) -> None:
        if code not in ILLEGAL_MOVE_CODES:
            raise ValueError(f"unknown illegal-move code {code!r}")
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
