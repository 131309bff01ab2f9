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
from .table_words import describe_position, table_in_words
from .texts import PRAISE_KEYS, REQUIRED_UI_KEYS, Feedback, Message, Ref, Texts, refusal

__all__ = [
    "CHECK_NAMES",
    "LESSONS_DIR",
    "PRAISE_KEYS",
    "QUERIES",
    "REQUIRED_UI_KEYS",
    "Check",
    "Coverage",
    "CoverageProblem",
    "Feedback",
    "FormatError",
    "Frame",
    "Language",
    "Lesson",
    "LessonError",
    "LessonRunner",
    "Library",
    "Mark",
    "Message",
    "Option",
    "Query",
    "Ref",
    "Step",
    "StepState",
    "StepView",
    "Texts",
    "Trail",
    "WrongAction",
    "check_coverage",
    "describe_position",
    "load_coverage",
    "load_library",
    "parse_check",
    "refusal",
    "table_in_words",
]
