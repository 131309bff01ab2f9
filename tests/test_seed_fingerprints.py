"""Every sentence of the project is our own: no text repeats a run of words of a seed sentence.

The seeds' facts may be ours; their sentences may not. ``tests/seeds/fingerprints.txt`` holds hashes of every
run of 8 words of each seed sentence (the seeds themselves stay outside the repository).
"""

from __future__ import annotations

from lessons import Library
from tests.seeds.fingerprint import RUN, fingerprint, load, runs

SEED_PRINTS = load()


def copied(text: str, prints: frozenset[str] = SEED_PRINTS) -> list[str]:
    """The runs of ``text`` that a seed sentence has too."""
    return [" ".join(run) for run in runs(text) if fingerprint(run) in prints]


def test_no_text_repeats_a_seed_sentence(language: str, library: Library) -> None:
    found = [(scope, key, runs_[0]) for scope, table in library.texts.tables[language].items()
             for key, text in table.items() if isinstance(text, str) and (runs_ := copied(text))]
    assert not found, f"{len(found)} {language} texts repeat a seed's words: " + "; ".join(
        f"{scope}.{key}: '{run}'" for scope, key, run in found)


def test_a_shared_run_is_found_whatever_its_case_accents_and_placeholders() -> None:
    source = "Cuando nadie puede jugar, la mano está trancada y gana el lado con menos puntos."
    prints = frozenset(fingerprint(run) for run in runs(source))
    assert copied("Si NADIE puede jugar, la mano esta TRANCADA y gana el lado con menos puntos.", prints)
    assert copied("Cuando nadie puede {verb} jugar, la mano está trancada y gana.", prints)
    assert not copied("Cuando nadie puede jugar se tranca. La mano está trancada: gana el lado.", prints)


def test_a_fact_in_fewer_words_than_a_run_is_not_a_copy() -> None:
    prints = frozenset(fingerprint(run) for run in runs("gana el lado con menos puntos en la mano"))
    assert RUN == 8
    assert not copied("En un tranque gana el lado con menos puntos: cuenten bien.", prints)


def test_the_fingerprints_are_kept_not_the_seeds() -> None:
    assert len(SEED_PRINTS) > 1000
    assert all(len(value) == 12 and int(value, 16) >= 0 for value in SEED_PRINTS)
