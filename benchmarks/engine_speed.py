"""Random-playout speed of the engine facade, side by side with the PyPI `dominoes` package (abw333).

Each hand is a fresh shuffled deal followed by uniformly random choices among the legal moves until the
hand is decided. Run from the repository root: `python benchmarks/engine_speed.py [--seconds 3] [--repeats 5]`.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Position, Rules


def facade_hand_runner(rules: Rules, seed: int) -> Callable[[], None]:
    """A function that plays one random hand of `rules` through the public facade per call."""
    rng = random.Random(seed)
    players = rules.players
    first_hand = rules.players == 4  # partnership: 6-6 leads, as in the `dominoes` package's games

    def play_one() -> None:
        if first_hand:
            position = Position.deal(rules, rng, first_hand=True)
        else:
            position = Position.deal(rules, rng, leader=rng.randrange(players))
        choice = rng.choice
        while position.outcome is None:
            position = position.apply(choice(position.legal_moves()))

    return play_one


def dominoes_hand_runner(seed: int) -> Callable[[], None]:
    """A function that plays one random partnership hand of the `dominoes` package per call (6-6 leads)."""
    import dominoes

    random.seed(seed)  # the package shuffles with the module-level generator
    rng = random.Random(seed)
    double_six = dominoes.Domino(6, 6)

    def play_one() -> None:
        game = dominoes.Game.new(starting_domino=double_six)
        choice = rng.choice
        while game.result is None:
            game.make_move(*choice(game.valid_moves))

    return play_one


def hands_per_second(play_one: Callable[[], None], seconds: float) -> float:
    """Play hands for about `seconds` and return the rate."""
    hands = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        play_one()
        hands += 1
        now = time.perf_counter()
        if now >= deadline:
            return hands / (now - start)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time budget of one timed run (default 3)")
    parser.add_argument("--repeats", type=int, default=5, help="timed runs per contender; the median is shown")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.repeats < 1:
        parser.error("--seconds must be positive and --repeats at least 1")

    print(f"{args.repeats} runs of {args.seconds:g} s each, median shown; contenders alternate run by run")
    contenders = {
        "1-vs-1 (engine facade)": lambda seed: facade_hand_runner(Rules.one_vs_one(), seed),
        "partnership (engine facade)": lambda seed: facade_hand_runner(Rules.partnership(), seed),
        "partnership (dominoes package)": dominoes_hand_runner,
    }
    # Alternating keeps a burst of load on this shared machine from landing on one contender only.
    rates: dict[str, list[float]] = {name: [] for name in contenders}
    for seed in range(args.repeats):
        for name, make_runner in contenders.items():
            rates[name].append(hands_per_second(make_runner(seed), args.seconds))
    medians = {name: statistics.median(values) for name, values in rates.items()}
    for name, rate in medians.items():
        print(f"{name}: {rate:.0f} hands/s")
    ratios = [
        ours / theirs
        for ours, theirs in zip(
            rates["partnership (engine facade)"], rates["partnership (dominoes package)"], strict=True
        )
    ]
    print(f"ratio partnership facade/dominoes: {statistics.median(ratios):.2f}x (median of paired runs)")


if __name__ == "__main__":
    main()
