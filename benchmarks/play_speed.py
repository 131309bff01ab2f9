"""Time per computer move, per level, on the positions of real hands (La Plaza partnership and 1-vs-1).

Each level plays whole hands against itself; every decision is timed (wall clock and this process's CPU time, which
other work on a shared machine disturbs less). As a baseline measured in the same process: one random hand through
the engine facade, the unit a playout costs. Run from the repository root: `python benchmarks/play_speed.py
[--hands 40]`.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Position, Rules
from play import LEVELS, computer_player


def random_hand_ms(rules: Rules, hands: int, seed: int) -> float:
    """Median time of one random hand from a fresh deal (the baseline), in milliseconds."""
    rng = random.Random(seed)
    times = []
    for _ in range(hands):
        start = time.perf_counter()
        position = Position.deal(rules, rng, leader=rng.randrange(rules.players))
        while position.outcome is None:
            position = position.apply(rng.choice(position.legal_moves()))
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def decision_times(level: str, rules: Rules, hands: int, seed: int) -> tuple[list[float], list[float]]:
    """Wall and CPU milliseconds of every decision with a real choice (two or more distinct moves)."""
    rng = random.Random(seed)
    players = [computer_player(level, seed * 10 + seat) for seat in range(rules.players)]
    wall, cpu = [], []
    for _ in range(hands):
        position = Position.deal(rules, rng, leader=rng.randrange(rules.players))
        while position.outcome is None:
            view = position.view(position.to_move)
            started_wall, started_cpu = time.perf_counter(), time.process_time()
            move = players[position.to_move].choose(view)
            if len(view.legal_moves()) > 1:
                wall.append((time.perf_counter() - started_wall) * 1000)
                cpu.append((time.process_time() - started_cpu) * 1000)
            position = position.apply(move)
    return wall, cpu


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of the values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=40, help="hands per level and table (default 40)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    for rules in (Rules.partnership(), Rules.one_vs_one()):
        baseline = random_hand_ms(rules, 500, args.seed)
        print(f"{rules.name}: baseline, one random hand from a fresh deal: {baseline:.3f} ms")
        for level in LEVELS:
            wall, cpu = decision_times(level, rules, args.hands, args.seed)
            p95 = percentile(wall, 0.95)
            print(
                f"  {level:<8} {len(wall):>5} decisions: wall median {statistics.median(wall):7.2f} ms, "
                f"p95 {p95:7.2f} ms, max {max(wall):7.2f} ms; CPU median {statistics.median(cpu):7.2f} ms, "
                f"p95 {percentile(cpu, 0.95):7.2f} ms; p95 = {p95 / baseline:,.0f} random hands",
                flush=True,
            )


if __name__ == "__main__":
    main()
