"""Strength of the computer players on the La Plaza partnership game, against the `dominoes` package's players.

Each pairing plays matches to 100 (the first hand led with the 6-6, later hands by the winner of the last), one of
our players in seats 0 and 2 against two of the package's (`bota_gorda`, its heavy-tile player, or `random`) in
seats 1 and 3. Every match is played twice from the same shuffles with the sides swapped, so luck of the deal
cancels out, until the pairing has played at least `--hands` hands. The figure is our side's share of all points
scored, with a 95% interval over the match pairs (ratio estimate, delta method).

The package's players only reorder the legal moves they are given (``game.valid_moves``); they get them in the
package's own format, listed in a shuffled order as the package's random hand order would list them.

Run from the repository root: `python benchmarks/play_strength.py` (the README's figures: 2,000 hands per pairing,
long on a shared machine), or `--hands 200` for a quick look.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import dominoes

from engine import Match, Move, Position, Rules
from play import computer_player

PAIRINGS = ("club:bota_gorda", "expert:bota_gorda", "beginner:random")
Chooser = Callable[[Position], Move]


class PackageTurn:
    """What the package's players read of a game: the legal moves, as (domino, left) pairs, in preference order."""

    def __init__(self, valid_moves: tuple[tuple[dominoes.Domino, bool], ...]) -> None:
        self.valid_moves = valid_moves


def package_chooser(name: str, rng: random.Random) -> Chooser:
    """One of the package's players (`bota_gorda` or `random`) as a function from a position to a move."""
    player = getattr(dominoes.players, name)

    def choose(position: Position) -> Move:
        moves = position.legal_moves()
        if len(moves) == 1:
            return moves[0]
        ends = position.ends
        # The package lists a tile once when both ends show the same number (left), as in its own games.
        listed = [m for m in moves if not (ends and ends[0] == ends[1] and m.end == "right")]
        rng.shuffle(listed)
        by_package = {(dominoes.Domino(m.tile.high, m.tile.low), m.end != "right"): m for m in listed}
        turn = PackageTurn(tuple(by_package))
        player(turn)
        return by_package[turn.valid_moves[0]]

    return choose


def our_chooser(level: str, seed: int) -> Chooser:
    """One of our computer players, shown only its seat's view."""
    player = computer_player(level, seed)
    return lambda position: player.choose(position.view(position.to_move))


@dataclass
class Tally:
    """Points of one pairing, per match pair (our side's points, all points), and hands played."""

    ours: list[int] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    hands: int = 0
    hands_won: int = 0
    hands_lost: int = 0

    def share(self) -> tuple[float, float, float]:
        """Our share of the points with its 95% interval (delta method over match pairs)."""
        total = sum(self.totals)
        ratio = sum(self.ours) / total
        count = len(self.ours)
        if count < 2:
            return ratio, 0.0, 1.0
        mean_total = total / count
        residuals = [o - ratio * t for o, t in zip(self.ours, self.totals, strict=True)]
        error = math.sqrt(sum(r * r for r in residuals) / (count * (count - 1))) / mean_total
        return ratio, ratio - 1.96 * error, ratio + 1.96 * error


def play_match(rules: Rules, deal_seed: int, seats: dict[int, Chooser]) -> list[tuple[int | None, int]]:
    """One match to the target; each hand's (winning side, points)."""
    deals = random.Random(deal_seed)
    match = Match(rules)
    results = []
    while not match.is_over:
        position = match.deal(deals)
        while position.outcome is None:
            position = position.apply(seats[position.to_move](position))
        match.record(position.outcome)
        results.append((position.outcome.winner, position.outcome.points))
    return results


#: Given a match pair's deal seed and the side our player takes (0 or 1), its chooser and the other side's.
SeatMaker = Callable[[int, int], tuple[Chooser, Chooser]]


#: Given a deal seed and the side our player takes (0 or 1), each hand's (winning side, points) of what it played.
PairPlayer = Callable[[int, int], list[tuple[int | None, int]]]


def tally_pairs(play: PairPlayer, hands: int, seed: int, report_every: float) -> Tally:
    """Pairs, each played by ``play`` once with our player on side 0 and once on side 1 from the same deal seed,
    until at least ``hands`` hands are played."""
    tally = Tally()
    pair = 0
    last_report = time.perf_counter()
    while tally.hands < hands:
        deal_seed = seed * 1_000_003 + pair
        points_ours = points_all = 0
        for our_side in (0, 1):
            for winner, points in play(deal_seed, our_side):
                tally.hands += 1
                points_all += points
                if winner == our_side:
                    points_ours += points
                    tally.hands_won += 1
                elif winner is not None:
                    tally.hands_lost += 1
        tally.ours.append(points_ours)
        tally.totals.append(points_all)
        pair += 1
        if time.perf_counter() - last_report > report_every:
            last_report = time.perf_counter()
            share, low, high = tally.share()
            print(f"  ... {tally.hands} hands: {share:.1%} [{low:.1%}, {high:.1%}]", flush=True)
    return tally


def run_pairs(make_seats: SeatMaker, hands: int, seed: int, report_every: float) -> Tally:
    """Match pairs, each played once with our player on side 0 and once on side 1 from the same shuffles, until at
    least ``hands`` hands are played."""
    rules = Rules.partnership()

    def play(deal_seed: int, our_side: int) -> list[tuple[int | None, int]]:
        mine, other = make_seats(deal_seed, our_side)
        return play_match(rules, deal_seed, {seat: mine if seat % 2 == our_side else other for seat in range(4)})

    return tally_pairs(play, hands, seed, report_every)


def run_pairing(ours: str, theirs: str, hands: int, seed: int, report_every: float) -> Tally:
    """Match pairs of `ours` against the package's `theirs` until at least `hands` hands are played."""

    def make_seats(deal_seed: int, our_side: int) -> tuple[Chooser, Chooser]:
        random.seed(deal_seed * 2 + our_side)  # the package's random player shuffles with the module generator
        return our_chooser(ours, seed=deal_seed), package_chooser(theirs, random.Random(deal_seed * 2 + our_side))

    return run_pairs(make_seats, hands, seed, report_every)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per pairing, at least (default 2000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the shuffles and the players (default 1)")
    parser.add_argument("--pairings", nargs="+", default=list(PAIRINGS),
                        help="ours:theirs, e.g. expert:bota_gorda club:random (default: the README's three)")
    parser.add_argument("--report-every", type=float, default=60.0, help="seconds between progress lines")
    args = parser.parse_args(argv)
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    for pairing in args.pairings:
        ours, _, theirs = pairing.partition(":")
        if ours not in ("beginner", "club", "expert") or theirs not in ("bota_gorda", "random"):
            parser.error(f"{pairing!r}: write ours:theirs with ours beginner/club/expert and theirs bota_gorda/random")

    print(f"La Plaza partnership, matches to 100 played twice with sides swapped, >= {args.hands} hands a pairing")
    for pairing in args.pairings:
        ours, _, theirs = pairing.partition(":")
        start = time.perf_counter()
        tally = run_pairing(ours, theirs, args.hands, args.seed, args.report_every)
        share, low, high = tally.share()
        seconds = time.perf_counter() - start
        print(
            f"{ours:>8} vs {theirs:<10} {tally.hands:>5} hands ({len(tally.ours)} match pairs): points share "
            f"{share:.1%}, 95% interval [{low:.1%}, {high:.1%}]; hands won {tally.hands_won}, lost "
            f"{tally.hands_lost}, tied {tally.hands - tally.hands_won - tally.hands_lost} ({seconds:,.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()

