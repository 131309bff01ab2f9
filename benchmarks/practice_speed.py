"""Practice speed: median time to generate one question (a fresh seed each time), per skill; and the time a lesson
page waits for a drill (the practice engine's question made into a lesson step), per lesson.

Run from the repository root: ``python benchmarks/practice_speed.py``. Prints medians and 95th percentiles in
milliseconds over 300 seeds per skill and 60 learners per lesson (target: every median under 20 ms).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lessons import LessonRunner, load_library
from practice import SKILL_IDS, generate
from practice.drills import make_drill

SEEDS = 300
LEARNERS = 60
TARGET_MS = 20.0


def drills() -> float:
    """Per lesson: the time to make one drill step's question, over many learners; returns the slowest median."""
    library = load_library()
    print(f"\n{'lesson':<10}{'drill median ms':>17}{'p95 ms':>10}")
    worst = 0.0
    for lesson in library.lessons:
        slots = [step.number for step in lesson.steps if step.drill]
        times = []
        for seed in range(LEARNERS):
            runner = LessonRunner(lesson, seed=seed, drills=make_drill)
            for number in slots:
                start = time.perf_counter()
                runner.step_at(number)
                times.append((time.perf_counter() - start) * 1000)
        median = statistics.median(times)
        worst = max(worst, median)
        print(f"{lesson.id:<10}{median:>17.2f}{statistics.quantiles(times, n=20)[-1]:>10.2f}")
    return worst


def main() -> None:
    generate("fits", 0)  # load the coverage map once, outside the timings
    print(f"{'skill':<10}{'median ms':>12}{'p95 ms':>10}")
    worst = 0.0
    for skill in SKILL_IDS:
        times = []
        for seed in range(SEEDS):
            start = time.perf_counter()
            generate(skill, seed)
            times.append((time.perf_counter() - start) * 1000)
        median = statistics.median(times)
        p95 = statistics.quantiles(times, n=20)[-1]
        worst = max(worst, median)
        print(f"{skill:<10}{median:>12.2f}{p95:>10.2f}")
    print(f"slowest median {worst:.2f} ms (target under {TARGET_MS:.0f} ms): {'ok' if worst < TARGET_MS else 'SLOW'}")
    slowest = drills()
    print(f"slowest drill median {slowest:.2f} ms (target under {TARGET_MS:.0f} ms): "
          f"{'ok' if slowest < TARGET_MS else 'SLOW'}")


if __name__ == "__main__":
    main()
