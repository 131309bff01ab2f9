"""What the Teacher page remembers in one tab (`Desk`): whose desk it is, the class open, the sign-in codes just
made (shown once), the action waiting for a "yes", whether the projector view is on, and what to say once.

A desk belongs to one teacher: when the tab's teacher changes (signed out, signed out on every device, another
teacher signed in), everything of the previous one is forgotten before anything is drawn.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.i18n import Words
from app.library import library
from app.state import current_visit, tab_state
from app.storage.classes import IssuedCode, SchoolClass
from app.storage.classes_sql import SqlClassBook

KEY = "teacher_desk"  # session state: this tab's `Desk`


@dataclass
class Desk:
    """The Teacher page's state in this tab."""

    book: SqlClassBook | None = None
    teacher_id: str | None = None  # whose desk this is (None: nobody signed in)
    school_class: SchoolClass | None = None  # the class open (always one `owned` by the teacher)
    wanted: str | None = None  # a class code from the address, opened once the teacher is known
    issued: tuple[IssuedCode, ...] = ()  # sign-in codes just made: shown on demand until the teacher has kept them
    confirming: tuple[str, str, str] | None = None  # (action, learner key, nickname) waiting for "yes"
    projector: bool = False  # the projector view: the class name, how to sign in, the class view, nothing else
    notice: tuple[str, str] | None = None  # (kind, text) said once, at the top of the desk
    account_problem: tuple[str, str] | None = None  # (form, text): why the last sign-in or sign-up was refused

    def close(self) -> None:
        """Close the class (and forget its new codes, its pending question and the projector view)."""
        self.school_class = None
        self.issued = ()
        self.confirming = None
        self.projector = False

    def belongs_to(self, teacher_id: str | None) -> None:
        """Make this the desk of ``teacher_id``: a different teacher (or none) starts from a closed desk. A class
        asked for in the address, and what was said at sign-in, wait for the first teacher known in the tab only."""
        if teacher_id == self.teacher_id:
            return
        self.close()
        if self.teacher_id is not None:  # what was said to, or asked by, the previous teacher is not for the next
            self.notice = None
            self.account_problem = None
            self.wanted = None
        self.teacher_id = teacher_id


def desk() -> Desk:
    """This tab's `Desk` (made on first use)."""
    return tab_state(KEY, Desk)


def tell(here: Desk, kind: str, text: str) -> None:
    """Say ``text`` once at the top of the desk (``kind``: success, error or info), brought into view with the
    focus as the feedback of an action (app/storage/browser.py)."""
    here.notice = (kind, text)
    current_visit().taps.acted += 1


def page_words() -> Words:
    """The visitor's words, for widget callbacks."""
    return Words(library().texts, current_visit().settings.lang)
