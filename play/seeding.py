"""Random generators for the computer players, seeded from stable values so a decision is the same in every run."""

from __future__ import annotations

import hashlib
import random

from engine import View


def decision_rng(seed: int, view: View, purpose: str) -> random.Random:
    """A generator for one decision: the same seed, view and purpose give the same numbers in any process.

    The seed is digested with blake2b, never Python's ``hash()`` of text (which changes from process to process).
    """
    text = f"{seed}|{purpose}|{view.fingerprint}".encode()
    return random.Random(int.from_bytes(hashlib.blake2b(text, digest_size=16).digest(), "big"))
