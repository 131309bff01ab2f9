"""Printable material made with Pillow, as PDF: lesson cards (one per lesson and language, or the whole course),
practice worksheets from a code, and learners' sign-in cards with their QR codes. No Streamlit here: the pages only
offer the downloads (``print_downloads.py``).

It lives in ``app/`` rather than ``render/`` because it needs the lessons' texts in the learner's language
(``Words``) and the app's table views, while ``render/`` draws tables and knows no words.
"""

from app.printing.cards import course, key_step, lesson_card, lesson_link
from app.printing.page import A4, DPI, Document, PlacedPicture
from app.printing.signin_cards import PlacedCard, card_sheets, signin_cards, signin_link
from app.printing.worksheet import (
    SHEET_SIZE,
    new_worksheet_code,
    parse_worksheet_code,
    worksheet,
    worksheet_code,
    worksheet_questions,
)

__all__ = [
    "A4",
    "DPI",
    "SHEET_SIZE",
    "Document",
    "PlacedCard",
    "PlacedPicture",
    "card_sheets",
    "course",
    "key_step",
    "lesson_card",
    "lesson_link",
    "new_worksheet_code",
    "parse_worksheet_code",
    "signin_cards",
    "signin_link",
    "worksheet",
    "worksheet_code",
    "worksheet_questions",
]
