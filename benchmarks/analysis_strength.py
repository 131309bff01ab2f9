"""Strength of the deeper evaluation (play/analysis.py): a player that always takes ``analyse``'s best choice, on the
La Plaza partnership game, side by side with (a) our Expert and (b) the `dominoes` package's
`probabilistic_alphabeta` player; (c) choice by choice against the Expert; then how often its best move is the
exact best where every tile is known.

(a) and (b) play single hands, each deal twice with the sides swapped (the 6-6 leads, as in a match's first hand;
`--table` plays (a) at another table, the leader then by the deal):
(a) deals with the engine; (b) lets the package deal, the package's game kept move for move beside the engine's
position: its player reads the package's own game, hands and passes included, and from its `--start-move` on
samples `--sample-size` deals and runs the package's alpha-beta search on each. The figure is our side's share of
all points scored, with a 95% interval over the pairs (play_strength.Tally). (c) lets the Expert play every seat
and, where the analysis would choose otherwise, plays both choices on to the end of the real deal.

Agreement: 1-vs-1 hands played by the Club player until the stock is empty, where the seat to move sees every
tile (the other hand is the unseen tiles); the exact best comes from a full search of each choice (``exact_best``),
counted by whether ``analyse`` searched the position exactly or judged it by a playout (more tiles than
``--exact-tiles``).

Run from the repository root: `python benchmarks/analysis_strength.py` (about an hour and a half on this machine's
two cores, at the analysis's own 800 deals), or e.g. `--hands 40 --package-hands 40 --disagreements 50 --positions
100 --deals 200` for a quick look. Also prints a review's time: 30 decisions.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import dominoes

from benchmarks.play_strength import Chooser, Tally, our_chooser, tally_pairs
from engine import PRESETS, Move, Pass, Play, Position, Rules, Tile
from play import Club, computer_player
from play.analysis import DEFAULT_DEALS, EXACT_TILES, analyse, exact_best
from play.choices import choices, same_choice
from play.montecarlo import side_value


def analysis_chooser(deals: int, exact_tiles: int, seed: int) -> Chooser:
    """A player that takes ``analyse``'s best choice, shown only its seat's view."""

    def choose(position: Position) -> Move:
        view = position.view(position.to_move)
        options = choices(view)
        if len(options) == 1:
            return options[0]
        return analyse(view, deals=deals, seed=seed, exact_tiles=exact_tiles).best

    return choose


def versus_expert(args: argparse.Namespace) -> Tally:
    """Hand pairs of the analysis player against the Expert, each deal a match's first hand (the 6-6 leads).
    Single hands rather than matches: a match's later hands part ways once one side has won a hand differently."""
    rules = Rules.preset(args.table)

    def play_hand(deal_seed: int, ours: int) -> tuple[int | None, int]:
        mine = analysis_chooser(args.deals, args.exact_tiles, deal_seed)
        other = our_chooser("expert", deal_seed + 1)
        try:
            position = Position.deal(rules, random.Random(deal_seed), first_hand=True)
        except ValueError:  # only the partnership finds its first leader; elsewhere each side of a pair leads once
            position = Position.deal(rules, random.Random(deal_seed), leader=deal_seed % rules.players)
        while position.outcome is None:
            position = position.apply((mine if rules.side_of(position.to_move) == ours else other)(position))
        return position.outcome.winner, position.outcome.points

    return tally_pairs(lambda deal_seed, ours: [play_hand(deal_seed, ours)], args.hands, args.seed, args.report_every)


@dataclass
class Disagreements:
    """Where the analysis and the Expert chose differently: what the analysis's choice won over the Expert's for
    the seat's side, on the real deal, each continued by the Expert at every seat."""

    decisions: int = 0
    gains: list[float] = field(default_factory=list)
    searched: list[bool] = field(default_factory=list)  # whether the analysis searched the deals of each exactly

    def of(self, searched: bool | None = None) -> list[float]:
        """The gains of all disagreements, or of those the analysis searched exactly (or judged by playouts)."""
        return [g for g, s in zip(self.gains, self.searched, strict=True) if searched is None or s == searched]


def mean_interval(values: list[float]) -> tuple[float, float, float]:
    """The mean with its 95% interval (normal approximation); NaN without values."""
    count = len(values)
    if count < 2:
        return (values[0] if values else math.nan), -math.inf, math.inf
    mean = sum(values) / count
    error = math.sqrt(sum((v - mean) ** 2 for v in values) / (count - 1) / count)
    return mean, mean - 1.96 * error, mean + 1.96 * error


def decision_duel(args: argparse.Namespace) -> Disagreements:
    """Hands the Expert plays at all four seats; at every real choice the analysis chooses too, and where the two
    differ both choices are played on to the end of the real deal by the Expert at every seat. The difference is
    the analysis's choice's worth against the Expert's in that very deal with the same play after it: no luck of
    the deal and no other move in it, so a small edge shows in far fewer hands than the points share needs."""
    rules = Rules.partnership()
    found = Disagreements()
    pair = 0
    last_report = time.perf_counter()
    while len(found.gains) < args.disagreements:
        deal_seed = args.seed * 1_000_003 + pair
        pair += 1
        expert = our_chooser("expert", deal_seed + 1)

        def worth(position: Position, side: int) -> float:
            while position.outcome is None:
                position = position.apply(expert(position))  # noqa: B023  # this hand's Expert
            return side_value(position.outcome, rules, side)

        position = Position.deal(rules, random.Random(deal_seed), first_hand=True)
        while position.outcome is None:
            view = position.view(position.to_move)
            theirs = expert(position)
            if len(choices(view)) > 1:
                found.decisions += 1
                analysis = analyse(view, deals=args.deals, seed=deal_seed, exact_tiles=args.exact_tiles)
                if not same_choice(view, analysis.best, theirs):
                    side = rules.side_of(view.seat)
                    ours = worth(position.apply(analysis.best), side)
                    found.gains.append(ours - worth(position.apply(theirs), side))
                    found.searched.append(analysis.exact > 0)
            position = position.apply(theirs)
        if time.perf_counter() - last_report > args.report_every:
            last_report = time.perf_counter()
            mean, low, high = mean_interval(found.gains)
            print(f"  ... {pair} hands, {len(found.gains)} disagreements: {mean:+.2f} [{low:+.2f}, {high:+.2f}]",
                  flush=True)
    return found


def _tile(domino: dominoes.Domino) -> Tile:
    return Tile(domino.first, domino.second)


def package_hand(seed: int, ours: int, chooser: Chooser, player: object) -> tuple[int | None, int]:
    """One hand dealt by the package from ``seed``, our chooser on side ``ours`` and the package's ``player`` on
    the other; the winning side and the points."""
    state = random.getstate()
    random.seed(seed)  # the package deals and samples with the module generator
    try:
        game = dominoes.Game.new(starting_domino=dominoes.Domino(6, 6))
        hands = [[_tile(d) for d in hand] + ([Tile(6, 6)] if seat == game.starting_player else [])
                 for seat, hand in enumerate(game.hands)]
        position = Position.start(Rules.partnership(), hands, first_hand=True).apply(Play(Tile(6, 6)))
        while game.result is None:
            while position.to_move != game.turn:  # the package skips a seat that cannot play: it passes here
                position = position.apply(Pass())
            if position.to_move % 2 == ours:
                move = chooser(position)
                assert isinstance(move, Play)
                domino = next(d for d in game.hands[game.turn] if _tile(d) is move.tile)
                left = move.end == "left" or (position.ends is not None and position.ends[0] == position.ends[1])
            else:
                player(game)  # type: ignore[operator]  # a package player: it reorders game.valid_moves
                domino, left = game.valid_moves[0]
                move = Play(_tile(domino), "left" if left else "right")
            game.make_move(domino, left)
            position = position.apply(move)
    finally:
        random.setstate(state)
    outcome = position.outcome
    assert outcome is not None and outcome.points == abs(game.result.points)
    return outcome.winner, outcome.points


def versus_package(args: argparse.Namespace) -> Tally:
    """Hand pairs of the analysis player against the package's ``probabilistic_alphabeta``."""

    def play_hand(deal_seed: int, ours: int) -> tuple[int | None, int]:
        player = dominoes.players.probabilistic_alphabeta(start_move=args.start_move, sample_size=args.sample_size)
        return package_hand(deal_seed, ours, analysis_chooser(args.deals, args.exact_tiles, deal_seed), player)

    return tally_pairs(lambda deal_seed, ours: [play_hand(deal_seed, ours)], args.package_hands, args.seed,
                       args.report_every)


def agreement(args: argparse.Namespace) -> dict[bool, list[int]]:
    """Per kind (searched exactly or not): [positions, where analyse's best is an exact best]."""
    found: dict[bool, list[int]] = {True: [0, 0], False: [0, 0]}
    rules = Rules.one_vs_one()
    club = Club(args.seed)
    positions = 0
    seed = args.seed * 1_000_003
    while positions < args.positions:
        rng = random.Random(seed)
        seed += 1
        position = Position.deal(rules, rng, leader=0)
        while position.outcome is None:
            view = position.view(position.to_move)
            if not position.stock and len(choices(view)) > 1 and positions < args.positions:
                analysis = analyse(view, deals=args.deals, seed=seed, exact_tiles=args.exact_tiles)
                kind = found[analysis.exact > 0]
                kind[0] += 1
                kind[1] += analysis.best in exact_best(position)
                positions += 1
            position = position.apply(club.choose(view))
    return found


def review_time(args: argparse.Namespace) -> tuple[float, float]:
    """Seconds to analyse 30 decisions with a choice, taken from club-played partnership and 1-vs-1 hands."""
    seconds = []
    for rules in (Rules.partnership(), Rules.one_vs_one()):
        views = []
        rng = random.Random(args.seed)
        player = computer_player("club", args.seed)
        while len(views) < 30:
            position = Position.deal(rules, rng, leader=0)
            while position.outcome is None and len(views) < 30:
                view = position.view(position.to_move)
                if len(choices(view)) > 1:
                    views.append(view)
                position = position.apply(player.choose(view))
        start = time.perf_counter()
        for view in views:
            analyse(view, seed=args.seed)
        seconds.append(time.perf_counter() - start)
    return seconds[0], seconds[1]


def _print_share(name: str, tally: Tally, seconds: float) -> None:
    share, low, high = tally.share()
    print(f"analysis vs {name:<24} {tally.hands:>4} hands ({len(tally.ours)} pairs): points share {share:.1%}, "
          f"95% interval [{low:.1%}, {high:.1%}]; hands won {tally.hands_won}, lost {tally.hands_lost} "
          f"({seconds:,.0f} s)", flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100, help="hands against the Expert, at least (default 100)")
    parser.add_argument("--package-hands", type=int, default=200, help="hands against the package (default 200)")
    parser.add_argument("--disagreements", type=int, default=400,
                        help="choices where the analysis and the Expert differ, to play on (default 400)")
    parser.add_argument("--positions", type=int, default=300, help="perfect-information positions (default 300)")
    parser.add_argument("--deals", type=int, default=DEFAULT_DEALS,
                        help=f"the analysis player's deals (default {DEFAULT_DEALS}, the review's)")
    parser.add_argument("--exact-tiles", type=int, default=EXACT_TILES, help=f"default {EXACT_TILES}")
    parser.add_argument("--start-move", type=int, default=14, help="the package player's first searched move")
    parser.add_argument("--sample-size", type=int, default=8, help="the package player's sampled deals a move")
    parser.add_argument("--table", default="partnership", choices=PRESETS,
                        help="the table the analysis plays the Expert at (default partnership)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--report-every", type=float, default=60.0, help="seconds between progress lines")
    parser.add_argument("--skip", nargs="*", default=[],
                        choices=("review", "expert", "decisions", "package", "agreement"))
    args = parser.parse_args(argv)

    print(f"analysis player: {args.deals} deals a decision, exact search at <= {args.exact_tiles} tiles left")
    if "review" not in args.skip:
        pairs, one = review_time(args)
        print(f"a review of 30 decisions at the default {DEFAULT_DEALS} deals: partnership {pairs:.1f} s, "
              f"1-vs-1 {one:.1f} s", flush=True)
    if "expert" not in args.skip:
        start = time.perf_counter()
        _print_share(f"the Expert ({args.table})", versus_expert(args), time.perf_counter() - start)
    if "decisions" not in args.skip:
        start = time.perf_counter()
        found = decision_duel(args)
        print(f"analysis vs the Expert, choice by choice: {len(found.gains)} disagreements in {found.decisions} "
              f"choices ({time.perf_counter() - start:,.0f} s); the analysis's choice won, a disagreement:")
        for searched, how in ((None, "in all"), (True, "searched exactly"), (False, "judged by playouts")):
            gains = found.of(searched)
            mean, low, high = mean_interval(gains)
            print(f"  {how:<18} {len(gains):>5}: {mean:+.2f} points, 95% interval [{low:+.2f}, {high:+.2f}] "
                  f"(better {sum(g > 0 for g in gains)}, worse {sum(g < 0 for g in gains)}, "
                  f"equal {sum(g == 0 for g in gains)})", flush=True)
    if "package" not in args.skip:
        start = time.perf_counter()
        tally = versus_package(args)
        name = f"probabilistic_alphabeta({args.start_move}, {args.sample_size})"
        _print_share(name, tally, time.perf_counter() - start)
    if "agreement" not in args.skip:
        start = time.perf_counter()
        found = agreement(args)
        seconds = time.perf_counter() - start
        for searched, (count, same) in found.items():
            how = "searched exactly" if searched else "judged by playouts"
            if count:
                print(f"agreement with exhaustive search, 1-vs-1 with the stock empty, {how}: {same}/{count} "
                      f"positions ({same / count:.1%})", flush=True)
        print(f"  ({seconds:,.0f} s)")


if __name__ == "__main__":
    main()
