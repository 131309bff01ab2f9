"""Table themes (light, dark, high contrast) and the pixel sizes every drawing derives from a scale factor."""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Theme:
    """The colours of one table look. Marks never rely on these alone: each also has its own shape."""

    name: str
    felt: RGB  # table cloth, centre
    felt_edge: RGB  # table cloth, corners (a soft vignette)
    face: RGB  # tile face (ivory)
    face_shade: RGB  # tile face towards its lower edge
    edge: RGB  # tile rim
    pip: RGB
    divider: RGB
    back: RGB  # face-down tile
    back_trim: RGB
    text: RGB  # labels and numbers on the felt
    badge_bg: RGB
    accent: RGB  # selection, tap targets, hints
    last: RGB  # outline of the last tile played
    wrong: RGB
    shadow_alpha: int  # 0-255, drop shadow under tiles
    mark_width: float  # outline width at 1x, in pixels
    highlight: RGB = (255, 255, 255)  # a lesson's own marks: dashes over a dark halo, label tags


LIGHT = Theme(
    name="light",
    felt=(38, 122, 74),
    felt_edge=(24, 92, 55),
    face=(250, 246, 233),
    face_shade=(232, 224, 203),
    edge=(150, 138, 110),
    pip=(22, 22, 22),
    divider=(160, 150, 128),
    back=(33, 64, 104),
    back_trim=(196, 170, 110),
    text=(255, 255, 255),
    badge_bg=(20, 40, 30),
    accent=(255, 214, 64),
    last=(92, 212, 255),
    wrong=(236, 64, 64),
    shadow_alpha=110,
    mark_width=2.0,
)

DARK = Theme(
    name="dark",
    felt=(22, 58, 40),
    felt_edge=(10, 30, 20),
    face=(236, 229, 210),
    face_shade=(214, 205, 180),
    edge=(120, 110, 88),
    pip=(20, 20, 20),
    divider=(140, 130, 110),
    back=(92, 34, 40),
    back_trim=(200, 168, 104),
    text=(232, 236, 232),
    badge_bg=(0, 0, 0),
    accent=(255, 204, 64),
    last=(100, 200, 255),
    wrong=(255, 90, 90),
    shadow_alpha=160,
    mark_width=2.0,
    highlight=(240, 240, 232),
)

HIGH_CONTRAST = Theme(
    name="high_contrast",
    felt=(0, 0, 0),
    felt_edge=(0, 0, 0),
    face=(255, 255, 255),
    face_shade=(255, 255, 255),
    edge=(255, 255, 255),
    pip=(0, 0, 0),
    divider=(0, 0, 0),
    back=(0, 70, 200),
    back_trim=(255, 255, 255),
    text=(255, 255, 255),
    badge_bg=(0, 0, 0),
    accent=(255, 255, 0),
    last=(0, 255, 255),
    wrong=(255, 64, 64),
    shadow_alpha=0,
    mark_width=3.0,
)

THEMES: dict[str, Theme] = {theme.name: theme for theme in (LIGHT, DARK, HIGH_CONTRAST)}


def get_theme(theme: str | Theme) -> Theme:
    """Look a theme up by name (``"light"``, ``"dark"``, ``"high_contrast"``), or pass one through."""
    if isinstance(theme, Theme):
        return theme
    try:
        return THEMES[theme]
    except KeyError:
        raise ValueError(f"unknown theme {theme!r}; choose one of {sorted(THEMES)}") from None


# Sizes at 1x, in pixels of the canvas before ``TableView.scale``. They are designed for a canvas shown at about
# its 1x width in CSS pixels (a phone: 360 canvas pixels in a 358 CSS px column), so that what a finger taps is at
# least 44 CSS px there (WCAG 2.5.5); a projector canvas is shown larger, and everything grows with it.
# A "unit" is one half of a tile (a square).
TOUCH = 46  # the smallest tap target, both ways: a tile of the learner's hand is one unit wide, an end circle across
END_TARGET = TOUCH + 8  # an end's tap square: its circle, and room round it for a lesson's dashed ring
HAND_UNIT = TOUCH  # the learner's own hand: 46 x 92, a full hand of 7 in one row on a 360-wide canvas
SEAT_UNIT = 20  # the other seats' hands (face up or down) and the stock: pips readable on a projector
LINE_UNITS = (30, 24, 20, 16, 12, 10, 8)  # the line, as large as it fits; few sizes, so a growing line rarely jumps
LINE_UNIT = 20  # the unit a full 28-tile line is laid out from
LABEL_SIZE = 13  # nameplates, badges, tags, the stock count
DEFAULT_CANVAS = (360, 420)  # width, height at 1x (portrait phone); scaled with the scale factor


def scaled(value: float, scale: float) -> int:
    """A 1x pixel size at ``scale``, rounded, never below 1."""
    return max(1, round(value * scale))


def even_unit(value: float, scale: float) -> int:
    """A tile unit at ``scale``, rounded to an even number so half-units stay on whole pixels."""
    return max(6, 2 * round(value * scale / 2))
