"""Tile sprites: the pips read back from the pixels match the numbers, in both orientations and at 1x and 2x."""

import pytest
from PIL import Image

from engine import ALL_TILES
from lessons import load_library
from render import Rect, get_theme, tile_sprite
from render.fonts import font
from render.theme import HAND_UNIT, LINE_UNIT
from tests.render_support import count_blobs


@pytest.mark.parametrize("unit", [LINE_UNIT, 2 * LINE_UNIT, HAND_UNIT])
@pytest.mark.parametrize("vertical", [False, True], ids=["horizontal", "vertical"])
@pytest.mark.parametrize("theme", ["light", "high_contrast"])
def test_every_tile_shows_its_pips(unit: int, vertical: bool, theme: str) -> None:
    for tile in ALL_TILES:
        for first, second in {(tile.high, tile.low), (tile.low, tile.high)}:
            sprite = tile_sprite(first, second, unit, vertical, get_theme(theme))
            canvas = Image.new("RGB", sprite.image.size, (38, 122, 74))
            canvas.paste(sprite.image, (0, 0), sprite.image)
            p = sprite.pad
            if vertical:
                halves = Rect(p, p, p + unit, p + unit), Rect(p, p + unit, p + unit, p + 2 * unit)
            else:
                halves = Rect(p, p, p + unit, p + unit), Rect(p + unit, p, p + 2 * unit, p + unit)
            margin = max(1, unit // 12)
            counts = [count_blobs(canvas, half, margin) for half in halves]
            assert counts == [first, second], f"{first}-{second} {'vertical' if vertical else 'horizontal'} {unit}"


def test_sprites_are_cached_and_sized() -> None:
    theme = get_theme("light")
    a = tile_sprite(6, 5, 20, False, theme)
    assert a is tile_sprite(6, 5, 20, False, theme)
    assert a.image.size == (40 + 2 * a.pad, 20 + 2 * a.pad)
    b = tile_sprite(6, 5, 20, True, theme)
    assert b.image.size == (20 + 2 * b.pad, 40 + 2 * b.pad)


def test_back_shows_no_pips() -> None:
    sprite = tile_sprite(6, 6, 20, False, get_theme("light"), "back")
    canvas = Image.new("RGB", sprite.image.size, (255, 255, 255))
    canvas.paste(sprite.image, (0, 0), sprite.image)
    assert canvas.getpixel((sprite.pad + 20, sprite.pad + 3)) != (250, 246, 233)  # not an ivory face


def test_label_font_draws_every_letter_of_every_language() -> None:
    """The picture's labels and tags come from the texts: every letter of every language (Greek's and Esperanto's
    included) has a real glyph, not the missing-glyph box."""
    library = load_library()
    letters = {char for lang in library.texts.languages for table in library.texts.tables[lang].values()
               for text in table.values() for char in text if not char.isspace()}
    assert {"ά", "Ω", "ĉ", "ŭ"} <= letters  # the Greek and Esperanto texts are among them
    face = font(20)
    missing = bytes(face.getmask("\U0010fffd"))
    assert sorted(char for char in letters if bytes(face.getmask(char)) == missing) == []


def test_label_font_covers_accents() -> None:
    f = font(20)
    # Every accented letter has a real glyph: wider than nothing and different from the missing-glyph box.
    missing = f.getmask("\uffff").getbbox()
    for letter in "òñáéíóúüÑ":
        assert f.getlength(letter) > 0
        assert f.getmask(letter).getbbox() != missing, letter
