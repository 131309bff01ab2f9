"""Positions built with ``Position.setup`` from seeded random choices, for situations random play rarely reaches."""

from __future__ import annotations

import random

from engine import ALL_TILES, End, Play, Position, Rules, Tile

from .playout import NoSituation

#: Fresh line-and-hand draws a tied set-up may take: a tie is impossible when the tiles left hold an odd number of
#: pips (or the side sizes are too lopsided), so such a draw is thrown away rather than searched for ever.
TIE_ATTEMPTS = 500


def blocking_setup(rng: random.Random, rules: Rules, tie: bool) -> tuple[Position, Play]:
    """A position one tile from a tranque, and that tile's play: all 28 tiles in play, stock empty.

    Both ends will show one number ``n`` with all seven of its tiles down. With ``tie`` the hands left are split
    so both sides hold the same points (the engine judges the result; the caller checks it).
    """
    for _ in range(TIE_ATTEMPTS if tie else 1):
        made = _blocking_attempt(rng, rules, tie)
        if made is not None:
            return made
    raise NoSituation(f"no tied tranque set up in {TIE_ATTEMPTS} attempts")


def _blocking_attempt(rng: random.Random, rules: Rules, tie: bool) -> tuple[Position, Play] | None:
    """One random blocking set-up; ``None`` when the hands left cannot be split into a tie."""
    n = rng.randrange(7)
    others = [k for k in range(7) if k != n]
    rng.shuffle(others)
    k1, k2, k3, k4, k5, x = others
    # n-k1 | k1-k2 | k2-n | n-n | n-k3 | k3-k4 | k4-n | n-k5 | k5-x  (left end n, right end x); x-n blocks.
    line = [f"{n}-{k1}", f"{k1}-{k2}", f"{k2}-{n}", f"{n}-{n}", f"{n}-{k3}", f"{k3}-{k4}", f"{k4}-{n}",
            f"{n}-{k5}", f"{k5}-{x}"]
    blocker_tile = Tile(x, n)
    used = {Tile.parse(text) for text in line} | {blocker_tile}
    rest = [tile for tile in ALL_TILES if tile not in used]
    blocker = rng.randrange(rules.players)
    # Hands a real deal could leave: without a stock nobody holds more than was dealt, the blocking tile included.
    cap = 10 if rules.uses_stock else rules.hand_size  # a 1-vs-1 player may have drawn a lot
    caps = [cap - (seat == blocker) for seat in range(rules.players)]
    sizes = _hand_sizes(rng, caps, len(rest))
    side_sizes = [sum(sizes[s] for s in range(rules.players) if rules.side_of(s) == side) for side in (0, 1)]
    side_tiles = _split(rng, rest, side_sizes, tie)
    if side_tiles is None:
        return None
    hands: list[list[Tile]] = [[] for _ in range(rules.players)]
    for side in (0, 1):
        tiles = side_tiles[side]
        for seat in range(side, rules.players, 2):
            hands[seat], tiles = tiles[: sizes[seat]], tiles[sizes[seat] :]
    hands[blocker].append(blocker_tile)
    end: End = "right"
    if rng.random() < 0.5:  # mirror the line: the blocking tile then goes on the left
        line = ["-".join(reversed(text.split("-"))) for text in reversed(line)]
        end = "left"
    position = Position.setup(rules, hands, line, to_move=blocker, lead_index=rng.randrange(len(line)))
    return position, Play(blocker_tile, end)


def _hand_sizes(rng: random.Random, caps: list[int], total: int) -> list[int]:
    """Hand sizes adding up to ``total``, each from 2 up to its seat's cap."""
    players = len(caps)
    while True:
        sizes = [2] * players
        for _ in range(total - 2 * players):
            sizes[rng.randrange(players)] += 1
        if all(size <= cap for size, cap in zip(sizes, caps, strict=True)):
            return sizes


def _split(
    rng: random.Random, tiles: list[Tile], sizes: list[int], tie: bool
) -> tuple[list[Tile], list[Tile]] | None:
    """Tiles shuffled into two groups of the given sizes; with ``tie`` swapped until both hold the same pips
    (``None`` if no tie turned up: an odd pip total can never be split evenly)."""
    tiles = list(tiles)
    if tie and sum(t.pips for t in tiles) % 2:
        return None
    for _ in range(20):
        rng.shuffle(tiles)
        first, second = tiles[: sizes[0]], tiles[sizes[0] :]
        if not tie:
            return first, second
        for _ in range(200):
            gap = sum(t.pips for t in first) - sum(t.pips for t in second)
            if gap == 0:
                return first, second
            i, j = rng.randrange(len(first)), rng.randrange(len(second))
            change = first[i].pips - second[j].pips
            if abs(gap - 2 * change) < abs(gap) or (abs(gap - 2 * change) == abs(gap) and rng.random() < 0.5):
                first[i], second[j] = second[j], first[i]
    return None
