"""The tiles on the table: the line with its two arms, a spinner's up and down arms, and their open-end count.

A ``Table`` is rebuilt from a set-up line and the plays only when someone looks (the playing code keeps just the
numbers at the ends). Every tile is a ``Placed``: its halves as laid, its arm, and its place along that arm.

>>> table = read_table(["3-5", "5-5", "5-1"], spinner=1, up=["5-2"], down=[])
>>> [(str(p.tile), p.arm, p.order, p.outer) for p in table.placed]
[('5-3', 'left', 1, 3), ('5-5', 'lead', 0, 5), ('5-1', 'right', 1, 1), ('5-2', 'up', 1, 2)]
>>> table.end_count
6
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NamedTuple

from .moves import End
from .tile import Tile

Arm = Literal["lead", "left", "right", "up", "down"]
TileLike = Tile | str


class Placed(NamedTuple):
    """A tile on the table: the numbers its two halves show as laid, its arm, and its place along the arm.

    ``left``/``right`` are the halves as the line reads, left to right. On the ``up`` and ``down`` arms of a
    spinner ``left`` is the half nearer the spinner and ``right`` the outer one (the arm read outwards).
    ``order`` counts from the lead (0) outwards along the arm: 1 touches the lead, 2 touches that tile, ...
    """

    tile: Tile
    left: int
    right: int
    arm: Arm = "lead"
    order: int = 0

    @property
    def inner(self) -> int:
        """The half that touches the tile before it on its arm (for the lead, its left half)."""
        return self.right if self.arm == "left" else self.left

    @property
    def outer(self) -> int:
        """The half facing away from the lead: at an arm's end, the number showing there."""
        return self.left if self.arm == "left" else self.right


class Table(NamedTuple):
    """Every tile on the table by arm, each arm listed from the lead outwards; ``spinner`` if the lead is one."""

    left: tuple[Placed, ...] = ()
    lead: Placed | None = None
    right: tuple[Placed, ...] = ()
    up: tuple[Placed, ...] = ()
    down: tuple[Placed, ...] = ()
    spinner: bool = False

    @property
    def placed(self) -> tuple[Placed, ...]:
        """The line left to right (left arm, lead, right arm), then the up arm and the down arm outwards."""
        if self.lead is None:
            return ()
        return (*reversed(self.left), self.lead, *self.right, *self.up, *self.down)

    @property
    def lead_index(self) -> int | None:
        """Where the lead lies in ``placed`` (``None`` on an empty table)."""
        return None if self.lead is None else len(self.left)

    def arm(self, end: End) -> tuple[Placed, ...]:
        """The tiles on the arm that ends at ``end``, from the lead outwards."""
        if end == "left":
            return self.left
        if end == "right":
            return self.right
        return self.up if end == "up" else self.down

    def end_number(self, end: End) -> int:
        """The number showing at an end (the spinner's own number on an empty up or down arm)."""
        tiles = self.arm(end)
        if tiles:
            return tiles[-1].outer
        assert self.lead is not None
        return self.lead.left if end != "right" else self.lead.right

    def played(self, tile: Tile, end: End | None, spins: bool = False) -> Table:
        """The table after ``tile`` is laid at ``end``, already checked; ``None`` leads it on an empty table, and
        with ``spins`` (a spinner game) a double lead is the spinner."""
        if end is None:
            return Table(lead=Placed(tile, tile.high, tile.low), spinner=spins and tile.is_double)
        number = self.end_number(end)
        arm = self.arm(end)
        if end == "left":
            return self._replace(left=(*arm, Placed(tile, tile.other(number), number, "left", len(arm) + 1)))
        grown = (*arm, Placed(tile, number, tile.other(number), end, len(arm) + 1))
        if end == "right":
            return self._replace(right=grown)
        return self._replace(up=grown) if end == "up" else self._replace(down=grown)

    @property
    def end_count(self) -> int:
        """The all-fives count of the open ends (RULES.md S5), defined on every table.

        Each arm's end number, twice it when the end tile is a double; a spinner arm with no tile counts nothing,
        except that the lead stands at an empty left or right; a lone tile counts both halves, a lone double once.
        """
        lead = self.lead
        if lead is None:
            return 0
        if not (self.left or self.right):
            return lead.left + lead.right
        showing = [
            (self.left[-1].outer, self.left[-1].tile) if self.left else (lead.left, lead.tile),
            (self.right[-1].outer, self.right[-1].tile) if self.right else (lead.right, lead.tile),
            *((arm[-1].outer, arm[-1].tile) for arm in (self.up, self.down) if arm),
        ]
        return sum(number * 2 if tile.is_double else number for number, tile in showing)

    @property
    def arms_open(self) -> bool:
        """Whether a spinner's up and down sides are open: it has a tile on its left and on its right (S3)."""
        return self.spinner and bool(self.left) and bool(self.right)


def read_tile(value: TileLike, where: str) -> Tile:
    """A tile from a tile or its text, with ``where`` it was read in the message if it is not one."""
    try:
        return Tile.coerce(value)
    except ValueError as error:
        raise ValueError(f"{where}: {error}") from None


def read_table(
    line: Sequence[TileLike],
    lead_index: int | None = None,
    spinner: int | None = None,
    up: Sequence[TileLike] = (),
    down: Sequence[TileLike] = (),
) -> Table:
    """A scripted table: the line left to right, which tile is the lead (or the spinner), and a spinner's arms.

    With two or more line tiles each one's orientation follows from its neighbours; a lone mixed tile must be text
    and is read as written (``"3-4"`` shows 3 on the left). The lead is the middle tile if not named.
    """
    placed = _read_line(line)
    if spinner is not None:
        lead_index = _read_spinner(placed, spinner, lead_index)
    elif up or down:
        raise ValueError("up and down arms need spinner=<index of the spinner double in the line>")
    if not placed:
        if lead_index is not None:
            raise ValueError(f"lead_index={lead_index!r}: the line is empty")
        return Table()
    if lead_index is None:
        lead_index = len(placed) // 2
    if not isinstance(lead_index, int) or isinstance(lead_index, bool) or not 0 <= lead_index < len(placed):
        raise ValueError(f"lead_index={lead_index!r}: the line has {len(placed)} tiles, 0 to {len(placed) - 1}")
    lead = placed[lead_index]
    table = Table(
        left=tuple(p._replace(arm="left", order=i) for i, p in enumerate(reversed(placed[:lead_index]), start=1)),
        lead=Placed(lead.tile, lead.left, lead.right),
        right=tuple(p._replace(arm="right", order=i) for i, p in enumerate(placed[lead_index + 1 :], start=1)),
        spinner=spinner is not None,
    )
    arms: tuple[tuple[End, Sequence[TileLike]], ...] = (("up", up), ("down", down))
    for arm, tiles in arms:
        if isinstance(tiles, str) or not isinstance(tiles, Sequence):
            raise ValueError(f"{arm}: give a list of tiles, not {tiles!r}")
        if tiles and not table.arms_open:
            raise ValueError(f"{arm}: a spinner's {arm} side opens once its left and right each hold a tile")
        for text in tiles:
            tile = read_tile(text, arm)
            number = table.end_number(arm)
            if not tile.has(number):
                raise ValueError(f"{arm}: {tile} does not match the {number} showing at the end of the {arm} arm")
            table = table.played(tile, arm)
    return table


def _read_spinner(placed: tuple[Placed, ...], spinner: object, lead_index: int | None) -> int:
    if not isinstance(spinner, int) or isinstance(spinner, bool) or not 0 <= spinner < len(placed):
        raise ValueError(f"spinner={spinner!r}: name the spinner by its index in the line, 0 to {len(placed) - 1}")
    if not placed[spinner].tile.is_double:
        raise ValueError(f"spinner={spinner!r}: {placed[spinner].tile} is not a double; only a double lead spins")
    if lead_index is not None and lead_index != spinner:
        raise ValueError(f"lead_index={lead_index!r}: the spinner is the lead, at {spinner}")
    return spinner


def _read_line(line: Sequence[TileLike]) -> tuple[Placed, ...]:
    if isinstance(line, str) or not isinstance(line, Sequence):
        raise ValueError(f"line: give a list of tiles, not {line!r}")
    tiles = [read_tile(t, "line") for t in line]
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
