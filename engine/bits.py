"""The packed forms the position and its views share: a tile as one bit, every hand in one int (28 bits a seat),
and the history as a linked chain. One module, so the view reads a position's packing from here rather than from
the position's own private names.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from .tile import ALL_TILES, Tile

if TYPE_CHECKING:
    from .moves import Move

#: Hands are packed in one int, 28 bits a seat: seat s holds ``tile.bit << SEAT_BITS * s``.
SEAT_BITS = 28
#: One seat's 28 bits: ``packed >> SEAT_BITS * seat & FULL`` is that seat's hand.
FULL = (1 << SEAT_BITS) - 1
#: The tile each bit stands for.
TILE_OF_BIT: dict[int, Tile] = {tile.bit: tile for tile in ALL_TILES}
#: Every tile's bit, in the set's order.
ALL_BITS: tuple[int, ...] = tuple(tile.bit for tile in ALL_TILES)
#: The whole set as one mask.
ALL_MASK = sum(ALL_BITS)

# A history link: (older link, seat, move, what the move brought: the tile a draw took, the points a play scored
# when it scored any, else None). Events are built only when someone asks.
Chain = tuple["Chain | None", int, "Move", Tile | int | None]


def each_bit(mask: int) -> Iterator[int]:
    """The bits set in ``mask``, lowest first."""
    while mask:
        bit = mask & -mask
        yield bit
        mask ^= bit


def tiles_of(mask: int) -> tuple[Tile, ...]:
    """The tiles of a mask of tile bits, lowest bit first."""
    return tuple(TILE_OF_BIT[bit] for bit in each_bit(mask))


def pack_hands(hands: Sequence[Iterable[Tile]]) -> int:
    """Hands, one per seat, packed in one int."""
    return sum(sum(tile.bit for tile in hand) << SEAT_BITS * seat for seat, hand in enumerate(hands))


def seat_masks(packed: int, players: int) -> list[int]:
    """Packed hands unpacked: each seat's tile bits."""
    return [packed >> SEAT_BITS * seat & FULL for seat in range(players)]


def fold_seats(packed: int, players: int) -> int:
    """Packed hands (and stray tile bits) as one set of tile bits."""
    folded = 0
    for seat in range(players):
        folded |= packed >> SEAT_BITS * seat & FULL
    return folded
