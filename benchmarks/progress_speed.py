"""Speed of the lasting progress store: loading a learner with 10,000 stored answers, and single writes.

Measures SQLite (a temp file) and PostgreSQL (a throwaway server started like the tests do, or `--postgres-url`).
Run from the repository root: `python benchmarks/progress_speed.py [--answers 10000] [--repeats 21]`.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.storage.progress import Answer, Learner
from app.storage.progress_sql import SqlProgressStore, answers
from tests.postgres import PostgresServer, PostgresUnavailable

OTHER_LEARNERS = 20  # the whole class's answers sit in the same table, so the index has to do its work


def fill(store: SqlProgressStore, learner: Learner, count: int) -> None:
    """Store ``count`` answers for ``learner`` (and as many for other learners) in bulk, plus ten lessons."""
    start = datetime(2026, 1, 1, tzinfo=UTC)
    everyone = [learner, *(Learner(f"Other {n}", "5B") for n in range(OTHER_LEARNERS))]
    for who in everyone:
        store.add_learner(who)  # as a class roster makes them
    for lesson in range(10):
        store.save_lesson(learner, f"lesson-{lesson}", 5, stars=lesson % 4)
    for who in everyone:
        store.record_answer(who, Answer("fits", "fits-0", True, start))
        rows = [
            {
                "learner_key": who.key,
                "skill": f"skill-{i % 9}",
                "code": f"skill-{i % 9}-{i}",
                "correct": i % 3 != 0,
                "at": start + timedelta(seconds=i),
            }
            for i in range(1, count if who is learner else count // OTHER_LEARNERS)
        ]
        with store.engine.begin() as conn:
            conn.execute(answers.insert(), rows)


def median_ms(action: Callable[[], object], repeats: int) -> float:
    """The median wall time of ``action`` in milliseconds, after one warm-up call."""
    action()
    times = []
    for _ in range(repeats):
        began = time.perf_counter()
        action()
        times.append(time.perf_counter() - began)
    return statistics.median(times) * 1000


def measure(name: str, url: str, count: int, repeats: int) -> None:
    """Print the figures for one database."""
    store = SqlProgressStore.from_url(url)
    learner = Learner("Ana", "5B")
    fill(store, learner, count)
    loaded = store.load(learner)
    assert len(loaded.answers) == count, len(loaded.answers)
    load = median_ms(lambda: store.load(learner), repeats)
    write = median_ms(lambda: store.record_answer(learner, Answer("fits", "fits-x", True)), repeats * 5)
    lesson = median_ms(lambda: store.save_lesson(learner, "lesson-1", 3, stars=2), repeats * 5)
    print(
        f"{name:<11} load {count:,} answers: {load:6.1f} ms   record_answer: {write:5.2f} ms   "
        f"save_lesson: {lesson:5.2f} ms   (medians)"
    )
    store.engine.dispose()


def main() -> None:
    """Measure SQLite, then PostgreSQL when a server can be had."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=10_000)
    parser.add_argument("--repeats", type=int, default=21)
    parser.add_argument("--postgres-url", help="an existing PostgreSQL database instead of a throwaway server")
    options = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        measure("SQLite", f"sqlite:///{folder}/progress.db", options.answers, options.repeats)
    if options.postgres_url:
        measure("PostgreSQL", options.postgres_url, options.answers, options.repeats)
        return
    try:
        server = PostgresServer().start()
    except PostgresUnavailable as exc:
        print(f"PostgreSQL  not measured: {exc.args[0].splitlines()[0]}")
        return
    try:
        measure("PostgreSQL", server.create_database(), options.answers, options.repeats)
    finally:
        server.stop()


if __name__ == "__main__":
    main()
