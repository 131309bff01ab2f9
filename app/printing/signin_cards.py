"""Learners' sign-in cards as PDF: a sheet of cards, each with the learner's nickname, class, personal code and a QR
code that opens the app and signs the learner in (the code rides in the address's ``#fragment``).

Placeholder with the agreed signature; the cards themselves are being built on branch h-cards.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..classes import IssuedCode
from ..i18n import Words


def signin_link(base: str, code: str) -> str:
    """The address a card's QR code opens: the app, with the code in the fragment (never sent to the server)."""
    return f"{base}/#signin={code}"


def signin_cards(issued: Sequence[IssuedCode], class_name: str, words: Words, base: str) -> bytes:
    """The sign-in cards of ``issued`` learners of the class ``class_name`` as a PDF, in ``words``' language;
    ``base`` is the app's address as the browser reached it."""
    raise NotImplementedError("sign-in cards: branch h-cards")
