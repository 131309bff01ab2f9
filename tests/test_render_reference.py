"""Reference pictures: a few tables compared pixel by pixel with stored PNGs, so accidental changes are caught.

After an intended change of the drawing, regenerate them and look at them before committing:
    RENDER_REGENERATE=1 python -m pytest tests/test_render_reference.py
"""

import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from render import TableView, draw_table
from tests.render_support import lesson_table, partnership_table

REFERENCE = Path(__file__).with_name("reference")
TOLERANCE = 24  # per channel: absorbs antialiasing differences between Pillow/FreeType builds
MAX_DIFFERENT = 0.002  # share of pixels allowed beyond the tolerance




CASES = {
    "lesson_hint": lambda: draw_table(lesson_table(), TableView(selected="2-2", hint=True, label_ends=True,
                                                           labels={"you": "Bo", "opponent": "Kòntrario"})),
    "lesson_wrong_dark": lambda: draw_table(lesson_table(), TableView(selected="6-3", wrong=("6-3", "left"),
                                                                 theme="dark", badges={1: "draw"})),
    "partnership_teacher": lambda: draw_table(partnership_table(), TableView(face_up=range(4), dim_unplayable=True,
                                                                        badges={3: "pass"})),
    "partnership_2x_high_contrast": lambda: draw_table(partnership_table(), TableView(scale=2, theme="high_contrast",
                                                                                 selected="3-3", hint=True)),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_reference(name: str) -> None:
    image = CASES[name]().image.convert("RGB")
    path = REFERENCE / f"{name}.png"
    if os.environ.get("RENDER_REGENERATE"):
        REFERENCE.mkdir(exist_ok=True)
        image.save(path, optimize=True)  # then compared like any other run, so the file is checked too
    assert path.exists(), f"missing {path}; run with RENDER_REGENERATE=1 to create it"
    expected = Image.open(path).convert("RGB")
    assert image.size == expected.size
    diff = ImageChops.difference(image, expected).convert("L").point(lambda v: 255 if v > TOLERANCE else 0)
    different = diff.histogram()[255] / (image.width * image.height)
    if different > MAX_DIFFERENT:
        artifacts = Path(__file__).with_name("artifacts")
        artifacts.mkdir(exist_ok=True)
        image.save(artifacts / f"{name}.png")
        pytest.fail(f"{name}: {different:.2%} of pixels differ; picture saved to tests/artifacts/{name}.png")
