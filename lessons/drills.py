"""Drills: quick questions made fresh for each learner, on the facts a drill step names.

A lesson file writes ``kind = "drill"`` with ``facts = ["§3a", "§3c"]``; when the learner reaches that step the
runner asks its drill maker for a question step. The lessons only say what a drill maker is: the practice engine
makes the questions, and the app hands its maker to every runner (``LessonRunner(lesson, drills=make_drill)``), so
the lessons never import the layer above them.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .model import Step

#: Makes the question of a drill step: ``(slot, index among the lesson's drills, rng) -> question step``.
DrillMaker = Callable[[Step, int, random.Random], Step]


class NoDrillMaker(LookupError):
    """A drill step was reached by a runner that was handed no drill maker (a bug in the caller, not the lesson)."""
