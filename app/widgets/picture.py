"""The table picture a learner taps: a small inline component of our own (in the page itself, no iframe), so the
picture always takes the size of its column, carries the table's words as its text alternative, lets keyboard
shortcuts keep working after a tap, and plays scripted replies one by one in the browser. Each tap is reported
once, with the size the picture was displayed at, so it maps back onto the click map on a phone and on a projector
alike."""

from __future__ import annotations

import base64
import io
import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import count
from typing import Any

import streamlit as st
from PIL import Image

from render import ClickMap, HandTile, OpenEnd, Region, SeatTiles, TablePicture

IMAGE_KEY = "table"  # the session-state key of the lesson's picture (tests set it to tap)
PNG_LEVEL = 6  # zlib level: nearly the smallest PNG for a fraction of the time of 9

_JS = """
export default function (component) {
  const { data, setStateValue, parentElement } = component;
  let img = parentElement.querySelector("img");
  if (!img) {
    img = document.createElement("img");
    img.className = "table-picture";
    img.decoding = "sync";
    img.addEventListener("click", (event) => {
      if (img.dataset.tappable !== "1") return;
      const box = img.getBoundingClientRect();
      img.__taps = (img.__taps || 0) + 1;
      setStateValue("tap", {x: event.clientX - box.left, y: event.clientY - box.top, width: box.width,
                            height: box.height, stamp: `${Date.now()}-${img.__taps}`});
    });
    parentElement.appendChild(img);
  }
  img.width = data.width;
  img.height = data.height;
  img.style.setProperty("--ratio", String(data.width / data.height));
  img.alt = data.alt;
  img.dataset.tappable = data.tappable ? "1" : "0";
  img.dataset.boxes = data.boxes || "";
  img.dataset.room = data.room ? "1" : "0";
  clearTimeout(img.__replay);
  const show = (src, i) => {
    if (i < data.frames.length) {
      if (img.getAttribute("src") !== data.frames[i]) img.src = data.frames[i];
      img.dataset.playing = "1";
      img.__replay = setTimeout(() => show(src, i + 1), data.delay);
    } else {
      if (img.getAttribute("src") !== src) img.src = src;
      img.dataset.playing = "0";
    }
  };
  show(data.src, 0);
}
"""

_CSS = """
img { display: block; width: 100%; height: auto; margin: 0 auto; user-select: none; -webkit-user-select: none; }
img[data-tappable="1"] { cursor: pointer; }
img[data-room="1"] { width: auto; max-width: 100%; max-height: calc(100vh - 7rem); }
/* beside the controls on a wider screen: the column's width, but never taller than the screen under the top bar and
   a step's instruction, so a new step shows the instruction and the whole table together */
@media (min-width: 640px) { img[data-room="0"] { width: min(100%, calc((100vh - 12rem) * var(--ratio, 1))); } }
"""

_component = st.components.v2.component("la_plaza_table_picture", js=_JS, css=_CSS)
_stamps = count(1)
URL_CACHE = 64
_urls: OrderedDict[int, tuple[Image.Image, str]] = OrderedDict()  # shared by every session's thread
_urls_lock = threading.Lock()


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


def png_data_url(image: Image.Image) -> str:
    """The picture as a ``data:`` URL of a PNG (never JPEG, which blurs pips); the last pictures' URLs are kept,
    so a rerun that shows the same (cached) picture encodes nothing."""
    with _urls_lock:
        cached = _urls.get(id(image))
        if cached is not None and cached[0] is image:
            _urls.move_to_end(id(image))
            return cached[1]
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=PNG_LEVEL)
    url = "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")
    with _urls_lock:
        _urls[id(image)] = (image, url)  # the image is held, so its id is not reused while it is here
        while len(_urls) > URL_CACHE:
            _urls.popitem(last=False)
    return url


def tap_picture(image: Image.Image, alt: str, *, key: str = IMAGE_KEY, on_tap: Callable[[], None] | None = None,
                replies: Sequence[Image.Image] = (), delay: float = 0.0,
                boxes: list[dict[str, Any]] | None = None, classroom: bool = False) -> None:
    """Show ``image`` across its column (in classroom mode also never taller than the screen), with ``alt`` as its
    text alternative. ``on_tap`` runs before the page is drawn again when it is tapped (None: a picture only to
    look at). ``replies`` are shown one by one, ``delay`` seconds apart, before ``image`` (pass them only once).
    ``boxes`` (native pixels) are written on the picture for the browser tests to check its layout."""
    data = {
        "src": png_data_url(image), "width": image.width, "height": image.height, "alt": alt,
        "tappable": on_tap is not None, "room": classroom,
        "frames": [png_data_url(frame) for frame in replies] if delay > 0 else [],
        "delay": int(delay * 1000),
        "boxes": json.dumps(boxes, separators=(",", ":")) if boxes else "",
    }
    callbacks = {"on_tap_change": on_tap} if on_tap is not None else {"on_tap_change": _ignore}
    _component(key=key, data=data, width="stretch", height="content", **callbacks)


def _ignore() -> None:
    """A tap on a picture that is only to be looked at."""


def tap_value(x: float, y: float, width: float, height: float, stamp: Any = None) -> dict[str, Any]:
    """What a tap puts in the session state under the picture's key (tests tap the picture this way)."""
    return {"tap": {"x": x, "y": y, "width": width, "height": height,
                    "stamp": stamp if stamp is not None else f"test-{next(_stamps)}"}}


def pending_tap(key: str, handled: Any) -> Tap | None:
    """The picture's last tap unless it is the one already ``handled`` (the picture keeps its last tap on every
    rerun); None when there is none. A tap that cannot be read counts once, as a tap on nothing."""
    value = st.session_state.get(key)
    tap = value.get("tap") if hasattr(value, "get") else None
    if not isinstance(tap, dict):
        return None
    stamp = tap.get("stamp")
    if stamp is None or stamp == handled:
        return None
    try:
        width, height = tap.get("width"), tap.get("height")
        return Tap(float(tap["x"]), float(tap["y"]), float(width) if width else None,
                   float(height) if height else None, stamp)
    except (KeyError, TypeError, ValueError):
        return Tap(-1.0, -1.0, None, None, stamp)


def layout_boxes(drawn: TablePicture) -> list[dict[str, Any]]:
    """Where the picture's parts are, in native pixels: each with its ``kind`` (``hand`` for any seat's tiles that
    can be told apart, ``seat`` for face-down tiles, ``end``, ``lead``, ``stock``), a ``name`` (the tile, the end,
    the seat) and its ``rect`` — what the browser tests tap and check the displayed picture against; then every
    thing drawn (kind ``drawn``, the renderer's own box in ``box``), so they can check that no label covers a tile."""
    regions = [{"kind": region.kind, "name": _name(region), "rect": list(rect)} for region, rect in drawn.click_map]
    return regions + [{"kind": "drawn", "name": box.kind, "rect": [box.rect.x0, box.rect.y0, box.rect.x1, box.rect.y1],
                       "box": box.to_dict()} for box in drawn.boxes]


def _name(region: Region) -> str:
    if isinstance(region, HandTile):
        return f"{region.seat}:{region.tile}"
    if isinstance(region, SeatTiles):
        return str(region.seat)
    if isinstance(region, OpenEnd):
        return region.end or "lead"
    return region.kind
