"""The table picture a learner taps: shown with its text alternative, each tap reported once with the size the
picture was displayed at (so the tap maps back onto the click map on a phone and on a projector alike)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import streamlit as st
from PIL import Image
from streamlit_image_coordinates import streamlit_image_coordinates

from render import ClickMap, Region

IMAGE_KEY = "table"  # the session-state key of the lesson's picture (tests set it to tap)


@dataclass(frozen=True)
class Tap:
    """One tap on the picture: where (in displayed pixels), the displayed size, and a stamp new for every tap."""

    x: float
    y: float
    width: float | None
    height: float | None
    stamp: Any

    def region(self, click_map: ClickMap) -> Region | None:
        """What the tap hit on the picture whose click map is ``click_map`` (None: the felt)."""
        return click_map.resolve(self.x, self.y, self.width, self.height)


def tap_picture(image: Image.Image, alt: str, *, key: str = IMAGE_KEY,
                on_tap: Callable[[], None] | None = None) -> None:
    """Show ``image`` across its column; ``on_tap`` runs (before the page is drawn again) when it is tapped."""
    del alt  # the picture's words are written beside it
    streamlit_image_coordinates(image, key=key, width="stretch", png_compression_level=6, on_click=on_tap,
                                cursor="pointer")


def tap_value(x: float, y: float, width: float, height: float, stamp: Any) -> dict[str, Any]:
    """What a tap puts in the session state under the picture's key (tests tap the picture this way)."""
    return {"x": x, "y": y, "width": width, "height": height, "unix_time": stamp}


def pending_tap(key: str, handled: Any) -> Tap | None:
    """The picture's last tap unless it is the one already ``handled`` (the picture repeats its last tap on every
    rerun); None when there is none or it cannot be read."""
    value = st.session_state.get(key)
    if not isinstance(value, dict):
        return None
    stamp = value.get("unix_time")
    if stamp is None or stamp == handled:
        return None
    try:
        width, height = value.get("width"), value.get("height")
        return Tap(float(value["x"]), float(value["y"]), float(width) if width else None,
                   float(height) if height else None, stamp)
    except (KeyError, TypeError, ValueError):
        return Tap(-1.0, -1.0, None, None, stamp)  # unreadable: handled once, as a tap on nothing
