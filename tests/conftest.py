"""Shared test helpers. The engine's: its two La Plaza rule sets and the tile shorthand its tests write hands in.

Test modules import these (``from tests.conftest import ONE, PAIRS, tiles``) rather than keep copies.
"""

from __future__ import annotations

from pathlib import Path

from engine import Rules, Tile

#: La Plaza 1-vs-1 and partnership, with their default house rules.
ONE = Rules.one_vs_one()
PAIRS = Rules.partnership()


def tiles(text: str) -> list[Tile]:
    """`"6-6 6-5"` → the tiles, in order."""
    return [Tile.parse(word) for word in text.split()]


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    """Leave conftest files out of the doctest collection (``--doctest-modules``): they hold helpers, not doctests,
    and two of them in plain folders (here and in ``browser/``) share the module name ``conftest``, which pytest
    would refuse as an import mismatch."""
    return True if collection_path.name == "conftest.py" else None
