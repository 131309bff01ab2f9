"""Practice speed: median time to generate one question (a fresh seed each time), per skill.

Run from the repository root: ``python benchmarks/practice_speed.py``. Prints medians and 95th percentiles in
milliseconds over 300 seeds per skill (target: every median under 20 ms).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from practice import SKILL_IDS, generate

SEEDS = 300
TARGET_MS = 20.0


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


if __name__ == "__main__":
    main()
