"""The seats and sides in words: the ui keys that name a seat or a side as the learner looking sees it."""

from __future__ import annotations

from engine import ROLES as ENGINE_ROLES
from engine import Rules

#: The learner's names for the seats around the table, as the picture labels them (``role.<name>`` in ui.toml):
#: the engine's roles (``Rules.role``), the one place that says which seat is whose.
ROLES: tuple[str, ...] = ENGINE_ROLES


def seat_key(rules: Rules, viewer: int, seat: int) -> str:
    """The ui key naming ``seat`` as the learner at ``viewer`` sees it: the same words as the picture's label."""
    return f"role.{rules.role(viewer, seat)}"


def side_key(rules: Rules, viewer: int, side: int | None) -> str:
    """The ui key naming a side (or nobody) as the learner sees it: yours or theirs with two sides; with three
    or four, each player is a side, named like their seat."""
    if side is None:
        return "side.nobody"
    if rules.sides > 2:
        return seat_key(rules, viewer, side)
    return "side.yours" if side == rules.side_of(viewer) else "side.theirs"
