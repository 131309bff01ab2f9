"""The lessons: lesson files as data (lessons/data, lessons/texts), their loader, and the runner that plays them.

>>> from lessons import load_library, LessonRunner
>>> library = load_library()
>>> runner = LessonRunner(library.lesson("pegar"))
"""

from .checks import CHECK_NAMES, Check, Trail, parse_check
from .coverage import Coverage, CoverageProblem, check_coverage, load_coverage
from .errors import FormatError, LessonError
from .files import Language
from .loader import LESSONS_DIR, Library, load_library
from .model import Frame, Lesson, Mark, Option, Step, WrongAction
from .queries import QUERIES, Query
from .runner import LessonRunner, StepState, StepView

__all__ = [
    "CHECK_NAMES",
    "LESSONS_DIR",
    "QUERIES",
    "Check",
    "Coverage",
    "CoverageProblem",
    "FormatError",
    "Frame",
    "Language",
    "Lesson",
    "LessonError",
    "LessonRunner",
    "Library",
    "Mark",
    "Option",
    "Query",
    "Step",
    "StepState",
    "StepView",
    "Trail",
    "WrongAction",
    "check_coverage",
    "load_coverage",
    "load_library",
    "parse_check",
]
