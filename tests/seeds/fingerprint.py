"""Fingerprints of the seed texts, so a test can tell when one of our texts repeats a seed's sentence.

The seeds (``../shared/seeds``) are the sources our facts come from; their sentences are not ours and are not kept
in the repository. What is kept is ``fingerprints.txt``: a short hash of every run of ``RUN`` words of every seed
sentence, words compared without case, accents or punctuation. Remake it after the seeds change:
``.venv/bin/python tests/seeds/fingerprint.py ../shared/seeds``.
"""

from __future__ import annotations

import hashlib
import re
import sys
import unicodedata
from collections.abc import Iterator
from pathlib import Path

RUN = 8  # words in a row that make a copied sentence; a fact said in fewer shared words is only a fact
FINGERPRINTS = Path(__file__).with_name("fingerprints.txt")
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
_WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")
_SENTENCE_END = re.compile(r"(?<=[.!?;:])\s+|\n+")


def words(text: str) -> list[str]:
    """A text's words as compared: placeholders dropped, case folded, accents removed."""
    text = _PLACEHOLDER.sub(" ", text)
    folded = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(char for char in folded if not unicodedata.combining(char))
    return _WORD.findall(plain)


def runs(text: str, size: int = RUN) -> Iterator[tuple[str, ...]]:
    """Every run of ``size`` words inside one sentence of ``text`` (a run never spans two sentences)."""
    for sentence in _SENTENCE_END.split(text):
        found = words(sentence)
        for start in range(len(found) - size + 1):
            yield tuple(found[start:start + size])


def fingerprint(run: tuple[str, ...]) -> str:
    """A run's short hash (12 hex digits: collisions between a few thousand runs are out of reach)."""
    return hashlib.sha256(" ".join(run).encode()).hexdigest()[:12]


def load() -> frozenset[str]:
    """The fingerprints kept in the repository."""
    return frozenset(line.strip() for line in FINGERPRINTS.read_text().splitlines()
                     if line.strip() and not line.startswith("#"))


def main(seeds: Path) -> None:
    """Write ``fingerprints.txt`` from every seed file under ``seeds``."""
    prints = sorted({fingerprint(run) for path in sorted(seeds.glob("*.txt"))
                     for run in runs(path.read_text(encoding="utf-8"))})
    header = f"# {RUN}-word runs of the seed sentences, hashed (tests/seeds/fingerprint.py); {len(prints)} runs\n"
    FINGERPRINTS.write_text(header + "\n".join(prints) + "\n")
    print(f"{len(prints)} fingerprints written to {FINGERPRINTS}")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parents[3] / "shared" / "seeds"))
