"""Double-six tiles: the 28 interned values every other part of the engine and the app talks about."""

from __future__ import annotations

import re
from typing import Any

# ASCII digits only: "６-５" (full-width) or Arabic-Indic digits are not how a tile is written.
_TILE_TEXT = re.compile(r"^\s*([0-9])\s*[-|]\s*([0-9])\s*$")


class Tile:
    """One double-six tile, order-free: ``Tile(5, 6) is Tile(6, 5)``.

    Tiles are interned, so equality and hashing are identity and cost nothing in a playout.
    >>> str(Tile(5, 6)), Tile.parse("6|5").pips
    ('6-5', 11)
    """

    __slots__ = ("_text", "bit", "high", "is_double", "low", "mask", "pips")
    high: int
    low: int
    pips: int
    is_double: bool
    mask: int
    bit: int
    _text: str

    def __new__(cls, a: int, b: int) -> Tile:
        tile = _TILES.get((a, b)) if type(a) is int and type(b) is int else None
        if tile is None:
            raise ValueError(f"not a double-six tile: ({a!r}, {b!r}); both numbers must be whole numbers 0-6")
        return tile

    @classmethod
    def _make(cls, a: int, b: int) -> Tile:
        tile = object.__new__(cls)
        high, low = max(a, b), min(a, b)
        for name, value in (
            ("high", high),
            ("low", low),
            ("pips", high + low),
            ("is_double", high == low),
            ("mask", (1 << high) | (1 << low)),
            ("_text", f"{high}-{low}"),
        ):
            object.__setattr__(tile, name, value)
        return tile

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read a tile written as ``"6-5"`` or ``"6|5"`` (either order)."""
        match = _TILE_TEXT.match(text) if isinstance(text, str) else None
        if match is None:
            raise ValueError(f"not a tile: {text!r}; write it like '6-5' or '6|5'")
        try:
            return cls(int(match[1]), int(match[2]))
        except ValueError:
            raise ValueError(f"not a double-six tile: {text!r}; both numbers must be 0-6") from None

    @classmethod
    def coerce(cls, value: Tile | str) -> Tile:
        """Accept a tile or its text; what lesson files and tests find handy."""
        return value if isinstance(value, Tile) else cls.parse(value)

    def has(self, number: int) -> bool:
        """Whether one of the halves shows ``number``."""
        return self.high == number or self.low == number

    def other(self, number: int) -> int:
        """The half opposite ``number`` (the new open end once ``number`` is covered)."""
        if number == self.high:
            return self.low
        if number == self.low:
            return self.high
        raise ValueError(f"tile {self} has no {number}")

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("tiles are immutable")

    def __reduce__(self) -> tuple[type[Tile], tuple[int, int]]:
        return (Tile, (self.high, self.low))

    # Tiles order by their higher half, then their lower one (the order of ALL_TILES); anything else is
    # not comparable with a tile, so Python raises its usual TypeError instead of an AttributeError here.
    def __lt__(self, other: object) -> bool:
        if other.__class__ is not Tile:
            return NotImplemented
        return (self.high, self.low) < (other.high, other.low)  # type: ignore[attr-defined]  # a Tile: `__class__ is` checked above

    def __le__(self, other: object) -> bool:
        if other.__class__ is not Tile:
            return NotImplemented
        return (self.high, self.low) <= (other.high, other.low)  # type: ignore[attr-defined]  # a Tile: `__class__ is` checked above

    def __gt__(self, other: object) -> bool:
        if other.__class__ is not Tile:
            return NotImplemented
        return (self.high, self.low) > (other.high, other.low)  # type: ignore[attr-defined]  # a Tile: `__class__ is` checked above

    def __ge__(self, other: object) -> bool:
        if other.__class__ is not Tile:
            return NotImplemented
        return (self.high, self.low) >= (other.high, other.low)  # type: ignore[attr-defined]  # a Tile: `__class__ is` checked above

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Tile({self.high}, {self.low})"


_TILES: dict[tuple[int, int], Tile] = {}
for _a in range(7):
    for _b in range(_a, 7):
        _tile = Tile._make(_a, _b)
        _TILES[_a, _b] = _TILES[_b, _a] = _tile

#: The full double-six set, lowest first.
ALL_TILES: tuple[Tile, ...] = tuple(sorted(set(_TILES.values())))
for _index, _tile in enumerate(ALL_TILES):
    # Each tile's own bit in a 28-bit set of tiles, so sets of tiles can be tested in one operation.
    object.__setattr__(_tile, "bit", 1 << _index)

#: For each number 0-6, the set (as tile bits) of the seven tiles that show it.
TILES_WITH: tuple[int, ...] = tuple(sum(t.bit for t in ALL_TILES if t.has(n)) for n in range(7))

# The pip total of a set of tiles (as bits), 14 bits at a time: two lookups instead of a loop over tiles.
_SEVEN_BITS = tuple(
    tuple(sum(ALL_TILES[7 * chunk + i].pips for i in range(7) if mask >> i & 1) for mask in range(128))
    for chunk in range(4)
)
_LOW_PIPS = tuple(low + high for high in _SEVEN_BITS[1] for low in _SEVEN_BITS[0])  # index: low | high << 7
_HIGH_PIPS = tuple(low + high for high in _SEVEN_BITS[3] for low in _SEVEN_BITS[2])


def pips_of(bits: int) -> int:
    """The pip total of a set of tiles given as tile bits (``Tile.bit``).

    >>> pips_of(Tile(6, 5).bit | Tile(3, 2).bit)
    16
    """
    return _LOW_PIPS[bits & 16383] + _HIGH_PIPS[bits >> 14 & 16383]
