"""The rule sets: La Plaza 1-vs-1 with a stock and the partnership game, with the house-rule options H1–H4."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

COUNT_OPTIONS = ("all", "losers")
BLOCKED_WINNER_OPTIONS = ("fewer", "blocker")


@dataclass(frozen=True)
class Rules:
    """How a hand is played and scored. Build it with a preset; options are the house rules (RULES.md H1–H4)."""

    name: str
    players: int
    hand_size: int
    uses_stock: bool
    count: str = "all"
    blocked_winner: str = "fewer"
    capicu_bonus: int = 0
    target: int = 100

    def __post_init__(self) -> None:
        if self.name not in ("one_vs_one", "partnership"):
            raise ValueError(f"unknown rule set {self.name!r}; use Rules.one_vs_one() or Rules.partnership()")
        if self.count not in COUNT_OPTIONS:
            raise ValueError(f"count={self.count!r}: use one of {', '.join(map(repr, COUNT_OPTIONS))}")
        if self.blocked_winner not in BLOCKED_WINNER_OPTIONS:
            raise ValueError(
                f"blocked_winner={self.blocked_winner!r}: use one of {', '.join(map(repr, BLOCKED_WINNER_OPTIONS))}"
            )
        for option in ("capicu_bonus", "target", "players", "hand_size"):
            value = getattr(self, option)
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"{option}={value!r}: must be a whole number")
        if self.capicu_bonus < 0:
            raise ValueError(f"capicu_bonus={self.capicu_bonus!r}: must be 0 or more")
        if self.target <= 0:
            raise ValueError(f"target={self.target!r}: must be a positive number of points")

    @classmethod
    def one_vs_one(cls, **options: Any) -> Rules:
        """La Plaza 1-vs-1: 7 tiles each, 14 in the stock, draw until a tile fits, pass only on an empty stock."""
        return cls(name="one_vs_one", players=2, hand_size=7, uses_stock=True, **options)

    @classmethod
    def partnership(cls, **options: Any) -> Rules:
        """La Plaza partnership (Pareha): 4 players, seats 0 & 2 against 1 & 3, 7 tiles each, no stock."""
        return cls(name="partnership", players=4, hand_size=7, uses_stock=False, **options)

    @classmethod
    def preset(cls, name: str, **options: Any) -> Rules:
        """A preset by its name, as lesson files write it."""
        if name == "one_vs_one":
            return cls.one_vs_one(**options)
        if name == "partnership":
            return cls.partnership(**options)
        raise ValueError(f"unknown rule set {name!r}; use 'one_vs_one' or 'partnership'")

    def with_options(self, **options: Any) -> Rules:
        """The same rule set with other house-rule options."""
        return replace(self, **options)

    @property
    def sides(self) -> int:
        """Always two sides: the two players, or the two partnerships."""
        return 2

    def side_of(self, seat: int) -> int:
        """The side a seat plays for (seat % 2: in 1-vs-1 the seat itself)."""
        return seat % 2

    def partner_of(self, seat: int) -> int | None:
        """The seat opposite in the partnership game; ``None`` in 1-vs-1."""
        return (seat + 2) % 4 if self.players == 4 else None
