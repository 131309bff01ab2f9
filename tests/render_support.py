"""Helpers for the render tests: read pips back from pixels, and build long lines of play."""

from __future__ import annotations

import random

from PIL import Image

from engine import ALL_TILES, Placed, Position, Rules, Tile
from render import Rect


def count_blobs(image: Image.Image, rect: Rect, margin: int, threshold: int = 110) -> int:
    """Count the separate dark blobs (pips) inside ``rect`` shrunk by ``margin``: 8-connected dark pixels."""
    box = (rect.x0 + margin, rect.y0 + margin, rect.x1 - margin, rect.y1 - margin)
    crop = image.convert("L").crop(box)
    w, h = crop.size
    data = crop.tobytes()
    dark = {(x, y) for y in range(h) for x in range(w) if data[y * w + x] < threshold}
    blobs = 0
    while dark:
        stack = [dark.pop()]
        size = 1
        while stack:
            x, y = stack.pop()
            for nx in (x - 1, x, x + 1):
                for ny in (y - 1, y, y + 1):
                    if (nx, ny) in dark:
                        dark.remove((nx, ny))
                        stack.append((nx, ny))
                        size += 1
        blobs += size >= 2
    return blobs


def eulerian_line(rng: random.Random, length: int = 28) -> list[Placed]:
    """A random chain of ``length`` distinct tiles where neighbours match (a walk through the double-six set)."""
    while True:
        adjacent: dict[int, list[Tile]] = {n: [] for n in range(7)}
        for tile in ALL_TILES:
            adjacent[tile.high].append(tile)
            if not tile.is_double:
                adjacent[tile.low].append(tile)
        for tiles in adjacent.values():
            rng.shuffle(tiles)
        used: set[Tile] = set()
        stack: list[tuple[int, Tile | None]] = [(rng.randrange(7), None)]
        chain: list[Placed] = []
        while stack:  # Hierholzer: the 28 tiles always form one closed walk
            number, via = stack[-1]
            while adjacent[number] and adjacent[number][-1] in used:
                adjacent[number].pop()
            if adjacent[number]:
                tile = adjacent[number].pop()
                used.add(tile)
                stack.append((tile.other(number), tile))
            else:
                stack.pop()
                if via is not None:
                    chain.append(Placed(via, via.other(number), number))
        chain.reverse()
        if len(chain) == 28:
            return chain[:length]


def lesson_table() -> Position:
    """A 1-vs-1 lesson-sized position with doubles on the line and a stock: the pictures' usual test table."""
    return Position.setup(
        Rules.one_vs_one(),
        hands=[["5-1", "2-2", "6-3", "4-0"], ["6-6", "1-1", "3-0"]],
        line=["3-4", "4-4", "4-5", "5-5", "5-2"],
        stock=["0-0", "6-1"],
    )


def partnership_table() -> Position:
    """A partnership position with a long line that turns, for the four-seat pictures."""
    return Position.setup(
        Rules.partnership(),
        hands=[["6-1", "2-0", "3-3"], ["1-0", "5-0"], ["4-1", "6-0", "2-1"], ["3-1", "4-0"]],
        line=["2-6", "6-6", "6-5", "5-4", "4-2", "2-2", "2-3", "3-6", "6-4", "4-4", "4-3", "3-5"],
        lead_index=1,
        to_move=0,
    )
