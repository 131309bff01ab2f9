"""Pictures of the table (Pillow only): tiles, the snaking line, hands, stock and marks, with a click map and a
text description. The one entry point is ``draw_table(position, TableView(...))``.

>>> from engine import Position, Rules
>>> from render import TableView, draw_table
>>> pos = Position.setup(Rules.one_vs_one(), hands=[["5-1", "2-2"], ["6-6"]], line=["3-4", "4-5"])
>>> picture = draw_table(pos, TableView(selected="5-1", hint=True))
>>> picture.click_map.resolve(*picture.click_map.rect_of(("end", "right")).center)
OpenEnd(kind='end', end='right')
>>> [(e.number, e.fits) for e in picture.description.ends]
[(3, False), (5, True)]
"""

from .boxes import Box, clashes
from .clickmap import ClickMap, HandTile, OpenEnd, Region, SeatTiles, Stock
from .description import EndDescription, HighlightDescription, SeatDescription, TableDescription
from .geometry import Rect
from .layout import EndSpot, LineLayout, TileSpot, layout_line
from .seats import role_and_place
from .table import TablePicture, draw_table
from .theme import DARK, HIGH_CONTRAST, LIGHT, THEMES, Theme, get_theme
from .tiles import Sprite, tile_sprite
from .view import CONCEALABLE, Highlight, TableView, WrongAttempt

__all__ = [
    "CONCEALABLE",
    "DARK",
    "HIGH_CONTRAST",
    "LIGHT",
    "THEMES",
    "Box",
    "ClickMap",
    "EndDescription",
    "EndSpot",
    "HandTile",
    "Highlight",
    "HighlightDescription",
    "LineLayout",
    "OpenEnd",
    "Rect",
    "Region",
    "SeatDescription",
    "SeatTiles",
    "Sprite",
    "Stock",
    "TableDescription",
    "TablePicture",
    "TableView",
    "Theme",
    "TileSpot",
    "WrongAttempt",
    "clashes",
    "draw_table",
    "get_theme",
    "layout_line",
    "role_and_place",
    "tile_sprite",
]
