"""The lesson library, loaded once per server process (and once per lessons folder) and shared by every session."""

from __future__ import annotations

import os
from pathlib import Path

import streamlit as st

from lessons import LESSONS_DIR, Library, load_library

#: Tests point the app at another lessons folder (for example one holding a broken file) with this variable.
LESSONS_ENV = "LAPLAZA_LESSONS"


def lessons_root() -> Path:
    """The lessons folder the app reads: ``$LAPLAZA_LESSONS`` or the project's own ``lessons/``."""
    return Path(os.environ.get(LESSONS_ENV) or LESSONS_DIR)


@st.cache_resource(show_spinner=False)
def _load(root: str) -> Library:
    return load_library(root)


def library() -> Library:
    """The loaded lessons, texts and languages (cached; a broken lesson file is left out and listed in errors)."""
    return _load(str(lessons_root()))
