"""The other tables in words (RULES.md G, S): a spinner and its arms, the open ends' count, the score line, a play
that just scored, the tiles out of play — what the picture adds for them, said in the language files' words.

``table_words.table_in_words`` is the one builder of the table in words; it takes these as ``TableExtras`` and puts
their sentences where they belong. Every number here is the engine's (or the picture's, which asks the engine).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from engine import Placed, Position, seat_role

from .texts import Message, Ref


@dataclass(frozen=True)
class TableExtras:
    """What a table of the other games shows besides its line and hands.

    - ``spinner``: the lead is a spinner; ``ends``: every open end as ``(name, number)`` (up to four);
    - ``count``: the open ends' count split as written out ("6 + 3 + 4 = 13"), when the table shows it;
    - ``totals``: each side's score, with the ``target`` and whether reaching it loses (katsika), and the side in
      ``danger``; ``partners``: whether four players are two partnerships (their sides named yours and theirs);
    - ``scored``: (seat, points) for a play that just scored; ``out_of_play``: the tiles nobody holds.
    """

    spinner: bool = False
    ends: tuple[tuple[str, int], ...] = ()
    count: tuple[int, ...] | None = None
    totals: tuple[int, ...] | None = None
    target: int | None = None
    target_loses: bool = False
    danger: int | None = None
    partners: bool | None = None  # None: four players are two partnerships, as at La Plaza
    scored: tuple[tuple[int, int], ...] = ()
    out_of_play: int | None = None

    @classmethod
    def of(cls, position: Position, count: Sequence[int] | None = None,
           totals: Sequence[int] | None = None) -> TableExtras:
        """The extras of a position: its spinner and open ends, and the count and scores when they are shown."""
        rules = position.rules
        lead = position.lead_index
        spinner = rules.spinner and lead is not None and position.placed[lead].tile.is_double
        return cls(spinner, tuple(position.open_ends), None if count is None else tuple(count),
                   None if totals is None else tuple(totals), rules.target, rules.target_loses, None, rules.partners)


def split_line(line: Sequence[Placed]) -> tuple[tuple[Placed, ...], dict[str, tuple[Placed, ...]]]:
    """The line left to right (left arm, lead, right arm), and a spinner's up and down arms, each outwards."""
    across = tuple(p for p in line if p.arm in ("left", "lead", "right"))
    arms = {arm: tuple(sorted((p for p in line if p.arm == arm), key=lambda p: p.order)) for arm in ("up", "down")}
    return across, arms


def spinner_words(line: Sequence[Placed], extras: TableExtras, hide_numbers: bool) -> list[Message]:
    """The spinner and its up and down sides: open (with their tiles and the number at each end) or not yet."""
    lead = next((p for p in line if p.arm == "lead"), None)
    if not extras.spinner or lead is None:
        return []
    messages = [Message.of("picture.arms.spinner", tile=str(lead.tile))]
    open_ends = dict(extras.ends)
    _, arms = split_line(line)
    if "up" not in open_ends:
        return [*messages, Message("picture.arms.closed")]
    for arm in ("up", "down"):
        tiles = tuple(f"{p.left}-{p.right}" for p in arms[arm])
        if hide_numbers:
            key = "picture.arms.arm_only" if tiles else "picture.arms.open_only"
            messages.append(Message.of(key, end=Ref(f"end.{arm}"), tiles=tiles))
        elif tiles:
            messages.append(Message.of("picture.arms.arm", end=Ref(f"end.{arm}"), tiles=tiles,
                                       number=open_ends[arm]))
        else:
            messages.append(Message.of("picture.arms.open", end=Ref(f"end.{arm}"), number=open_ends[arm]))
    return messages


def _side(players: int, viewer: int, extras: TableExtras, side: int, viewer_side: int) -> Ref:
    if extras.partners:
        return Ref("side.yours" if side == viewer_side else "side.theirs")
    return Ref(f"role.{seat_role(players, viewer, side, extras.partners)}")


def score_words(players: int, viewer: int, extras: TableExtras, conceal: Collection[str]) -> list[Message]:
    """The count, a play that just scored, each side's score, the target and the side in danger, the tiles out of
    play — each left out while a question asks it."""
    messages: list[Message] = []
    if extras.count is not None and "end_count" not in conceal:
        formula = " + ".join(map(str, extras.count))
        if len(extras.count) > 1:
            formula += f" = {sum(extras.count)}"
        messages.append(Message.of("picture.scores.count", formula=formula))
    if "scores" not in conceal:
        for seat, points in extras.scored:
            name = Ref(f"role.{seat_role(players, viewer, seat, extras.partners)}")
            messages.append(Message.of("picture.scores.scored", seat=name, points=points))
        messages += _totals_words(players, viewer, extras)
    if extras.out_of_play:
        count = extras.out_of_play
        messages.append(Message.of(f"picture.out_of_play.{'one' if count == 1 else 'many'}", count=count))
    return messages


def _totals_words(players: int, viewer: int, extras: TableExtras) -> list[Message]:
    totals = extras.totals
    if totals is None:
        return []
    viewer_side = viewer % 2 if extras.partners else viewer  # totals come only with the rules' own partners flag
    sides = sorted(range(len(totals)), key=lambda side: (side - viewer_side) % len(totals))
    kind = "penalty" if extras.target_loses else "points"
    messages = []
    for side in sides:
        points = totals[side]
        name = _side(players, viewer, extras, side, viewer_side)
        messages.append(Message.of(f"picture.scores.{kind}.{'one' if points == 1 else 'many'}", side=name,
                                   count=points))
    if extras.target is not None:
        key = "picture.scores.target_loses" if extras.target_loses else "picture.scores.target"
        messages.append(Message.of(key, target=extras.target))
    if extras.danger is not None:
        messages.append(Message.of("picture.scores.danger",
                                   side=_side(players, viewer, extras, extras.danger, viewer_side)))
    return messages
