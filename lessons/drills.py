"""Drills: quick questions made fresh for each learner by the practice engine, on the facts a drill step names.

A lesson file writes ``kind = "drill"`` with ``facts = ["§3a", "§3c"]``; when the learner reaches that step the
runner asks a drill maker for a question step. The practice package builds on the lessons' own types (options,
messages, the coverage map), so the lessons reach it only when a drill is made, never while being imported.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .model import Step

#: Makes the question of a drill step: ``(slot, index among the lesson's drills, rng) -> question step``.
DrillMaker = Callable[[Step, int, random.Random], Step]


def practice_drills() -> DrillMaker:
    """The practice engine's drill maker."""
    from practice.drills import make_drill  # the layer above the lessons: imported when a drill is first made

    return make_drill
