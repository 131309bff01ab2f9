"""Time to review a whole match (play/review.py) at the default depth: the learner plays as a club player would, then
every decision with a real choice is rated, as the Play page's Review does. Prints, per table, the decisions, the
seconds (wall and this process's CPU) and the time per decision; the page's aim is a match of about 30 decisions in
under 30 s. As a measure of the playouts' noise at that depth: how many marks change when the deals are drawn from
another seed. Run from the repository root: `python benchmarks/review_speed.py [--matches 3] [--deals 400]`.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from play.game import Game, Setup, played_through
from play.review import REVIEW_DEALS, analysed, moments, monte_carlo, review


def played_match(table: str, seed: int, target: int | None) -> Game:
    """A whole match, the learner playing as a club player would."""
    return played_through(Setup(table, level="club", coach=False, seed=seed, target=target))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=3, help="matches per table (default 3)")
    parser.add_argument("--deals", type=int, default=REVIEW_DEALS, help=f"deals per decision (default {REVIEW_DEALS})")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--evaluation", choices=("playouts", "analysis"), default="analysis",
                        help="playouts only (montecarlo.estimate) or play.analysis (exact search near the end)")
    args = parser.parse_args(argv)
    if args.matches < 1 or args.deals < 1:
        parser.error("--matches and --deals must be at least 1")
    made = analysed if args.evaluation == "analysis" else monte_carlo
    evaluate, other = made(args.deals), made(args.deals, seed=1)
    for table, target in (("partnership", None), ("one_vs_one", None), ("all_fives", None), ("draw_game", None)):
        for number in range(args.matches):
            game = played_match(table, args.seed + number, target)
            found = moments(game)
            started_wall, started_cpu = time.perf_counter(), time.process_time()
            result = review(found, evaluate)
            wall, cpu = time.perf_counter() - started_wall, time.process_time() - started_cpu
            each = wall / len(found) * 1000 if found else 0.0
            again = review(found, other)
            changed = sum(1 for a, b in zip(result.ratings, again.ratings, strict=True) if a.mark is not b.mark)
            print(f"{table:<12} match {number + 1}: {game.hand_number:>2} hands, {len(result.ratings):>3} decisions, "
                  f"{wall:6.2f} s wall ({cpu:6.2f} s CPU), {each:6.1f} ms per decision, "
                  f"{args.deals} deals ({args.evaluation}); {changed} marks change with other deals", flush=True)


if __name__ == "__main__":
    main()
