"""(To be written: see issue 23.)"""

from __future__ import annotations

from app.i18n import Words
from app.state import Visit


def section(visit: Visit, words: Words) -> None:
    """Draw this part of the class page."""
