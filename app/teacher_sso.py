"""Single sign-on for teachers through Streamlit's own ``st.login`` (OpenID Connect), when the school switches it
on in its secrets (``[teachers] single_sign_on = true`` and an ``[auth]`` table).

Placeholder with the agreed signatures; the sign-on itself is being built on branch h-sso.
"""

from __future__ import annotations

from .i18n import Words
from .state import Visit


def offer(visit: Visit, words: Words) -> None:
    """On the Teacher page's sign-in: the "sign in with the school account" button when the school has single
    sign-on, and the teacher's account once the provider sent them back (nothing when it has none)."""


def signing_out(visit: Visit) -> None:
    """The tab's teacher signs out: also end the single sign-on session, when they signed in that way."""
