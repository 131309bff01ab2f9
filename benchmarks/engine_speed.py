"""Random-playout speed of the engine facade for every kind of table, beside the PyPI `dominoes` package (abw333).

Each hand is a fresh shuffled deal followed by uniformly random choices among the legal moves until the hand is
decided. La Plaza's partnership game is also played by `dominoes` (6-6 leads), and the ratio of the two is the
headline figure. Contenders alternate run by run, and each run is timed on this process's CPU clock by default, so
that other work on a shared machine weighs on the figures as little as possible (`--clock wall` for wall time).
Run from the repository root: `python benchmarks/engine_speed.py [--seconds 2] [--repeats 5] [--clock cpu|wall]`.
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

DOMINOES = "partnership (dominoes package)"
PARTNERSHIP = "partnership (engine facade)"


def facade_hand_runner(rules: Rules, seed: int) -> Callable[[], None]:
    """A function that plays one random hand of `rules` through the public facade per call.

    The La Plaza partnership hand is a match's first (6-6 leads, as in the `dominoes` package's games); the
    Greek tables' deal finds its own leader (G3); elsewhere a random seat leads.
    """
    rng = random.Random(seed)
    players = rules.players
    first_hand = rules.name == "partnership"
    finds_leader = rules.lead_rule == "lowest_double"

    def play_one() -> None:
        if first_hand:
            position = Position.deal(rules, rng, first_hand=True)
        elif finds_leader:
            position = Position.deal(rules, rng)
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


CONTENDERS: dict[str, Callable[[int], Callable[[], None]]] = {
    "1-vs-1 (engine facade)": lambda seed: facade_hand_runner(Rules.one_vs_one(), seed),
    PARTNERSHIP: lambda seed: facade_hand_runner(Rules.partnership(), seed),
    DOMINOES: dominoes_hand_runner,
    "draw game, 3 players": lambda seed: facade_hand_runner(Rules.draw_game(players=3), seed),
    "katsika, 4 players in partnerships": lambda seed: facade_hand_runner(Rules.katsika(), seed),
    "all-fives, 2 players": lambda seed: facade_hand_runner(Rules.all_fives(), seed),
    "all-fives, 4 players": lambda seed: facade_hand_runner(Rules.all_fives(players=4), seed),
}


def hands_per_second(play_one: Callable[[], None], seconds: float, clock: Callable[[], float]) -> float:
    """Play hands for about `seconds` of `clock` and return the rate."""
    hands = 0
    start = clock()
    deadline = start + seconds
    while True:
        play_one()
        hands += 1
        now = clock()
        if now >= deadline:
            return hands / (now - start)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time budget of one timed run (default 2)")
    parser.add_argument("--repeats", type=int, default=5, help="timed runs per contender; the median is shown")
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu", help="CPU time of this process or wall")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.repeats < 1:
        parser.error("--seconds must be positive and --repeats at least 1")
    clock = time.process_time if args.clock == "cpu" else time.perf_counter

    print(f"{args.repeats} runs of {args.seconds:g} s ({args.clock} clock) each, median shown; contenders alternate")
    # Alternating keeps a burst of load on this shared machine from landing on one contender only.
    rates: dict[str, list[float]] = {name: [] for name in CONTENDERS}
    for seed in range(args.repeats):
        for name, make_runner in CONTENDERS.items():
            rates[name].append(hands_per_second(make_runner(seed), args.seconds, clock))
    width = max(map(len, CONTENDERS))
    for name, values in rates.items():
        print(f"{name:<{width}}  {statistics.median(values):>8.0f} hands/s")
    ratios = [ours / theirs for ours, theirs in zip(rates[PARTNERSHIP], rates[DOMINOES], strict=True)]
    print(f"ratio partnership facade/dominoes: {statistics.median(ratios):.2f}x (median of paired runs)")


if __name__ == "__main__":
    main()
