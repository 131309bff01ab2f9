"""Reading a lesson file's tables into what the engine builds: tiles written as text, scripted events (a prelude,
replies), positions (a table, a named one or "previous") and the picture's marks."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engine import IllegalMove, Position, Rules, Tile, parse_event

from .errors import FormatError
from .model import Frame, Mark

POSITION_FIELDS = frozenset(
    {"hands", "line", "stock", "to_move", "rules", "options", "viewer", "lead_index", "first_hand", "prelude",
     "spinner", "up", "down", "partial"}
)
MARK_FIELDS: dict[str, tuple[str, ...]] = {
    "end": ("end",),
    "tile": ("tile",),
    "arrow": ("tile", "end"),
    "seat": ("seat",),
    "button": ("button",),
    "count": (),  # the open ends' count written out on the table ("5 + 5 + 5 = 15")
    "out_of_play": (),  # the tiles nobody holds, shown apart from any stock
}
MARK_VALUES: dict[str, tuple[str, ...]] = {"end": ("left", "right", "up", "down"), "button": ("draw", "pass")}


def read_tiles(value: Any, field: str) -> list[str]:
    """Tiles written as text (``"6-5 3-3"`` or ``["6-5", "3-3"]``), each checked to be a tile."""
    if value is None:
        return []
    if isinstance(value, str):
        items = value.replace(",", " ").split()
    elif isinstance(value, list) and all(isinstance(item, str) for item in value):
        items = list(value)
    else:
        raise FormatError(field, f"tiles are written as text, like \"6-5 3-3\" or [\"6-5\", \"3-3\"]; got {value!r}")
    for item in items:
        read_tile(item, field)
    return items


def read_tile(value: Any, field: str) -> Tile:
    """One tile written as text (``"6-5"``)."""
    try:
        return Tile.parse(value)
    except (ValueError, TypeError) as error:
        raise FormatError(field, str(error)) from None


def whole_number(value: Any, field: str, low: int = 0, high: int | None = None) -> int:
    """A whole number from ``low`` to ``high`` (no booleans)."""
    if not isinstance(value, int) or isinstance(value, bool) or value < low or (high is not None and value > high):
        limit = f" from {low} to {high}" if high is not None else f" ≥ {low}"
        raise FormatError(field, f"must be a whole number{limit}, got {value!r}")
    return value


def apply_events(position: Position, events: Any, field: str) -> tuple[Position, tuple[Frame, ...]]:
    """Scripted events (``["1 plays 3-4 left", "2 passes"]``) played on a position, with a frame for each."""
    if not isinstance(events, list) or not all(isinstance(e, str) for e in events):
        raise FormatError(field, f"a list of events like [\"1 plays 3-4 left\", \"2 passes\"]; got {events!r}")
    frames = []
    for i, text in enumerate(events):
        try:
            position = position.apply(parse_event(text))
        except IllegalMove as error:
            raise FormatError(f"{field}[{i}]", f"{text!r} is illegal here ({error.code}): {error.message}") from None
        except ValueError as error:
            raise FormatError(f"{field}[{i}]", f"{text!r}: {error}") from None
        frames.append(Frame(position.history[-1], position, scripted=True, prelude=True))
    return position, tuple(frames)


def make_rules(name: Any, options: Mapping[str, Any], field: str) -> Rules:
    """A rules preset with house-rule options, as the engine builds it."""
    try:
        return Rules.preset(name, **options)
    except (TypeError, ValueError) as error:
        raise FormatError(field, f"the engine rejects these rules: {error}") from None


@dataclass(frozen=True)
class Setting:
    """Where a step starts: the position, the learner's seat, and the scripted events before it (its prelude)."""

    position: Position
    viewer: int
    prelude: tuple[Frame, ...] = ()

    def then(self, events: Any, field: str) -> Setting:
        """The same setting with more scripted events played on it."""
        position, frames = apply_events(self.position, events, field)
        return Setting(position, self.viewer, (*self.prelude, *frames))


class PositionReader:
    """Builds positions the way one lesson file describes them: its rules and options, its seat, its named tables."""

    def __init__(self, rules_name: Any, options: dict[str, Any], viewer: int, named: dict[str, Any]) -> None:
        self.rules_name = rules_name
        self.options = options
        self.viewer = viewer
        self.named = named

    def read(self, spec: Any, previous: Position | None, field: str = "position", shown: bool = True) -> Setting:
        """A step's setting from a table, the name of one in ``[positions]``, or ``"previous"`` (``shown``
        False: a match's earlier hand, counted but never drawn)."""
        if spec == "previous":
            if previous is None:
                raise FormatError(field, "\"previous\" needs a previous step that ends in a position")
            return Setting(previous, self.viewer)
        if isinstance(spec, str):
            if spec not in self.named:
                raise FormatError(field, f"no position named {spec!r} in [positions]")
            return self.read(self.named[spec], None, f"positions.{spec}", shown)
        if not isinstance(spec, dict):
            raise FormatError(field, f"a position is a table, a name from [positions] or \"previous\"; got {spec!r}")
        unknown = sorted(set(spec) - POSITION_FIELDS)
        if unknown:
            raise FormatError(f"{field}.{unknown[0]}", f"unknown field {unknown[0]!r}")
        if "hands" not in spec:
            raise FormatError(f"{field}.hands", "missing key 'hands'")
        position = self._build(spec, field)
        if shown:
            _check_accounted(position, spec.get("partial", False), field)
        setting = Setting(position, self._viewer(spec, field))
        return setting.then(spec["prelude"], f"{field}.prelude") if "prelude" in spec else setting

    def _rules(self, spec: dict[str, Any], field: str) -> Rules:
        options = spec.get("options", {})
        if not isinstance(options, dict):
            raise FormatError(f"{field}.options", f"must be a table of house rules, got {options!r}")
        name = spec.get("rules", self.rules_name)
        # The lesson's options are its own table's: a position at another table starts from that table's defaults.
        base = self.options if name == self.rules_name else {}
        return make_rules(name, {**base, **options}, f"{field}.rules")

    def _viewer(self, spec: dict[str, Any], field: str) -> int:
        players = self._rules(spec, field).players
        return whole_number(spec.get("viewer", self.viewer), f"{field}.viewer", 0, players - 1)

    def _build(self, spec: dict[str, Any], field: str) -> Position:
        rules = self._rules(spec, field)
        if not isinstance(spec["hands"], list):
            raise FormatError(f"{field}.hands", "a list with one entry per seat")
        hands = [read_tiles(hand, f"{field}.hands[{i}]") for i, hand in enumerate(spec["hands"])]
        line = read_tiles(spec.get("line"), f"{field}.line")
        stock = read_tiles(spec.get("stock"), f"{field}.stock")
        to_move = spec.get("to_move")
        arms = {arm: read_tiles(spec.get(arm), f"{field}.{arm}") for arm in ("up", "down")}
        try:
            if line:
                return Position.setup(rules, hands, line, stock, to_move or 0, lead_index=spec.get("lead_index"),
                                      spinner=spec.get("spinner"), partial=spec.get("partial", False), **arms)
            if "spinner" in spec or any(arms.values()):
                raise FormatError(f"{field}.spinner", "a spinner is a tile of the line: give the line first")
            first_hand = spec.get("first_hand", False)
            # Without to_move the rules find the leader where they can (G3 every hand, G4's first hand).
            finds = first_hand or rules.lead_rule == "lowest_double"
            leader = to_move if to_move is not None or finds else 0
            return Position.start(rules, hands, stock, leader=leader, first_hand=first_hand)
        except (ValueError, TypeError) as error:
            raise FormatError(field, f"the engine rejects this position: {error}") from None


def _check_accounted(position: Position, partial: bool, field: str) -> None:
    """At a table with a stock, every tile of the set is on the line, in a hand or in the stock, unless the lesson
    shows the table in part on purpose (``partial = true``: the picture's words then say how many are left out).
    Without a stock the tiles nobody holds are out of play, and the words say so."""
    if not position.rules.uses_stock or partial:
        return
    line, hands, stock = len(position.placed), sum(map(len, position.hands)), len(position.stock)
    missing = 28 - line - hands - stock
    if missing > 0:
        raise FormatError(field, (
            f"the table shows {line + hands + stock} of the 28 tiles ({line} on the line, {hands} in the hands, "
            f"{stock} in the stock): a learner counting them would wonder where the other {missing} are. Put them "
            "in the stock or the hands, or write partial = true (the words under the picture then say they are "
            "left out)"))


def read_marks(spec: Any, key: Callable[[Any, str], str]) -> tuple[Mark, ...]:
    """A step's picture marks; ``key`` records a label's text key."""
    if spec is None:
        return ()
    if not isinstance(spec, list):
        raise FormatError("marks", "a list of marks like [{ kind = \"end\", end = \"left\" }]")
    return tuple(_mark(item, f"marks[{i}]", key) for i, item in enumerate(spec))


def _mark(item: Any, where: str, key: Callable[[Any, str], str]) -> Mark:
    if not isinstance(item, dict) or item.get("kind") not in MARK_FIELDS:
        raise FormatError(where, f"a mark needs kind = one of {', '.join(MARK_FIELDS)}; got {item!r}")
    kind = item["kind"]
    needed = MARK_FIELDS[kind]
    for name in item:
        if name not in (*needed, "kind", "label", "hint"):
            raise FormatError(f"{where}.{name}", f"unknown field {name!r} for a {kind} mark")
    for name in needed:
        if name not in item:
            raise FormatError(f"{where}.{name}", f"missing key {name!r}")
    for name, allowed in MARK_VALUES.items():
        if name in item and item[name] not in allowed:
            raise FormatError(f"{where}.{name}", f"{' or '.join(map(repr, allowed))}, got {item[name]!r}")
    tile = str(read_tile(item["tile"], f"{where}.tile")) if "tile" in item else None
    seat = whole_number(item["seat"], f"{where}.seat", 0, 3) if "seat" in item else None
    label = key(item["label"], f"{where}.label") if "label" in item else None
    hint = whole_number(item.get("hint", 0), f"{where}.hint", 0, 2)
    return Mark(kind, tile, item.get("end"), seat, item.get("button"), label, hint)
