"""Playout speed: the engine's playout path beside a tight pure-Python playout, for La Plaza partnership and 1-vs-1.

The tight playout is the baseline a playout cannot beat by much in pure Python: tiles as ints 0-27, each hand a
list of them, the line as its two end numbers and a lookup table for what a tile leaves at an end. The engine's
path is what its callers run: a fresh ``Position.deal``, then ``practice.playout.play_out`` (random legal moves, the
puzzle generator's playout) or ``play.montecarlo.playout`` (every seat plays its heaviest fitting tile, the computer
players' and the review's). Both policies are timed for both; each playout is a whole hand, deal to outcome.
Contenders alternate round by round in this one process on its CPU clock (``time.process_time``). A third
contender, ``apply``, plays the same hands move by move through ``Position.apply`` (what the playouts did before
engine/playout.py), for comparison; before timing, it must give the same results as the engine's path.

Before timing, every tight hand of a sample is replayed move by move through the engine from the same deal, which
must accept every move and reach the same winner and points: the baseline plays legal, complete hands by the rules.
Run from the repository root: ``python benchmarks/playout_speed.py [--seconds 1] [--rounds 7] [--check 2000]``.
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

from engine import ALL_ENDS, ALL_TILES, Move, Outcome, Play, Position, Rules
from play.montecarlo import playout as heaviest_playout
from practice.playout import play_out as random_play_out

# ------------------------------------------------------------------------------------------- the tight baseline

# Tile t (0-27, the order of ALL_TILES) shows HIGH[t] and LOW[t]; LEAVES[t * 7 + n] is the number it leaves at an
# end showing n, -1 where it does not fit.
HIGH = [tile.high for tile in ALL_TILES]
LOW = [tile.low for tile in ALL_TILES]
PIPS = [tile.pips for tile in ALL_TILES]
WEIGHT = [tile.pips + 0.5 * tile.is_double for tile in ALL_TILES]
LEAVES = [tile.other(n) if tile.has(n) else -1 for tile in ALL_TILES for n in range(7)]
# The same table by end: LEAVES_AT[n][t] is LEAVES[t * 7 + n], one index less per tile looked at.
LEAVES_AT = [[LEAVES[t * 7 + n] for t in range(28)] for n in range(7)]

# A move in the tight playout's log: tile * 2 + 1 at the right end, tile * 2 at the left; LEAD + tile, DRAW, PASS.
LEAD, DRAW, PASS = 100, -1, -2


def tight_hand(rng: random.Random, players: int, stock: bool, heaviest: bool) -> tuple[int | None, int]:
    """One whole La Plaza hand (default options: count all, a blocked hand to the fewer pips, no capicú bonus):
    the winning side (``None``: a tie) and its points.

    Random legal moves (a tile fitting both ends is two moves, as in the engine), or with ``heaviest`` the first
    heaviest fitting tile (a double weighs half a pip more). The leader is drawn first, then the deal.
    """
    leader = rng.randrange(players)
    tiles = list(range(28))
    rng.shuffle(tiles)
    hands = [tiles[seat * 7 : seat * 7 + 7] for seat in range(players)]
    pile = tiles[players * 7 :] if stock else []
    leaves, choice, weight = LEAVES_AT, rng.choice, WEIGHT.__getitem__
    seat = leader
    hand = hands[seat]
    lead = max(hand, key=weight) if heaviest else choice(hand)
    hand.remove(lead)
    left, right = HIGH[lead], LOW[lead]
    passes = 0
    while hand:
        seat = seat + 1 if seat + 1 < players else 0
        hand = hands[seat]
        while True:
            at_left, at_right = leaves[left], leaves[right]
            options = [t * 2 for t in hand if at_left[t] >= 0]
            options += [t * 2 + 1 for t in hand if at_right[t] >= 0]
            if options or not pile:
                break
            hand.append(pile.pop())
        if not options:
            passes += 1
            if passes == players:
                break
            continue
        passes = 0
        move = max(options, key=lambda m: weight(m >> 1)) if heaviest else choice(options)
        tile = move >> 1
        hand.remove(tile)
        if move & 1:
            right = at_right[tile]
        else:
            left = at_left[tile]
    return _tight_result(hands, seat, players)


def tight_hand_logged(
    rng: random.Random, players: int, stock: bool, heaviest: bool
) -> tuple[list[list[int]], list[int], int, list[int], tuple[int | None, int]]:
    """``tight_hand`` move for move, with the deal and a log of the moves (for the replay check): the same code
    with a line that logs after each step."""
    leader = rng.randrange(players)
    tiles = list(range(28))
    rng.shuffle(tiles)
    hands = [tiles[seat * 7 : seat * 7 + 7] for seat in range(players)]
    pile = tiles[players * 7 :] if stock else []
    dealt, dealt_pile = [hand[:] for hand in hands], pile[:]
    log: list[int] = []
    leaves, choice, weight = LEAVES_AT, rng.choice, WEIGHT.__getitem__
    seat = leader
    hand = hands[seat]
    lead = max(hand, key=weight) if heaviest else choice(hand)
    hand.remove(lead)
    log.append(LEAD + lead)
    left, right = HIGH[lead], LOW[lead]
    passes = 0
    while hand:
        seat = seat + 1 if seat + 1 < players else 0
        hand = hands[seat]
        while True:
            at_left, at_right = leaves[left], leaves[right]
            options = [t * 2 for t in hand if at_left[t] >= 0]
            options += [t * 2 + 1 for t in hand if at_right[t] >= 0]
            if options or not pile:
                break
            hand.append(pile.pop())
            log.append(DRAW)
        if not options:
            passes += 1
            log.append(PASS)
            if passes == players:
                break
            continue
        passes = 0
        move = max(options, key=lambda m: weight(m >> 1)) if heaviest else choice(options)
        tile = move >> 1
        hand.remove(tile)
        log.append(move)
        if move & 1:
            right = at_right[tile]
        else:
            left = at_left[tile]
    return dealt, dealt_pile, leader, log, _tight_result(hands, seat, players)


def _tight_result(hands: list[list[int]], seat: int, players: int) -> tuple[int | None, int]:
    pips = [sum(PIPS[t] for t in hand) for hand in hands]
    side_pips = [pips[0] + pips[2], pips[1] + pips[3]] if players == 4 else pips
    if not hands[seat]:
        return seat % 2, sum(side_pips)
    fewest = min(side_pips)
    if side_pips.count(fewest) > 1:
        return None, 0  # a tie: nobody scores
    return side_pips.index(fewest), sum(side_pips)


# ------------------------------------------------------------------------------------------- the engine's path


def engine_hand(rng: random.Random, rules: Rules, heaviest: bool) -> tuple[int | None, int]:
    """One whole hand through the engine as its callers play it: deal, then the playout routine they call."""
    position = Position.deal(rules, rng, leader=rng.randrange(rules.players))
    end = heaviest_playout(position) if heaviest else random_play_out(rng, position)
    outcome: Outcome = end.outcome  # type: ignore[assignment]  # a played-out hand has its outcome
    return outcome.winner, outcome.points


# The heaviest policy's weights as play.montecarlo kept them before engine/playout.py (the old path, as it was).
_OLD_WEIGHTS: dict[Move, float] = {
    Play(tile, end): tile.pips + 0.5 * tile.is_double for tile in ALL_TILES for end in (None, *ALL_ENDS)
}


def apply_hand(rng: random.Random, rules: Rules, heaviest: bool) -> tuple[int | None, int]:
    """The same hand played move by move through ``Position.apply`` (the path the playouts took before
    engine/playout.py): for comparison, and to check that both paths give the same results from the same rng."""
    position = Position.deal(rules, rng, leader=rng.randrange(rules.players))
    weight = _OLD_WEIGHTS.__getitem__
    while position.outcome is None:
        moves = position.legal_moves()
        if not heaviest:
            position = position.apply(rng.choice(moves))
        else:
            position = position.apply(moves[0] if len(moves) == 1 else max(moves, key=weight))
    outcome: Outcome = position.outcome
    return outcome.winner, outcome.points


# ------------------------------------------------------------------------------------------- the checks


def replay(rules: Rules, seed: int, heaviest: bool) -> None:
    """Replay one tight hand through the engine from the same deal: every move accepted, the same result."""
    dealt, pile, leader, log, result = tight_hand_logged(random.Random(seed), rules.players, rules.uses_stock, heaviest)
    if tight_hand(random.Random(seed), rules.players, rules.uses_stock, heaviest) != result:
        raise AssertionError(f"seed {seed}: the timed tight playout and its logged twin disagree")
    hands = [[ALL_TILES[t] for t in hand] for hand in dealt]
    stock = [ALL_TILES[t] for t in reversed(pile)]  # the tight playout draws from the end, the engine from the front
    position = Position.start(rules, hands, stock, leader=leader)
    for step in log:
        if position.outcome is not None:
            # The engine calls a block as soon as nobody can play; the tight playout passes round the table first.
            if step != PASS:
                raise AssertionError(f"seed {seed}: the engine ended the hand before the tight playout's {step}")
            continue
        if step >= LEAD:
            move = f"plays {ALL_TILES[step - LEAD]}"
        elif step == DRAW:
            move = "draws"
        elif step == PASS:
            move = "passes"
        else:
            move = f"plays {ALL_TILES[step >> 1]} {'right' if step & 1 else 'left'}"
        position = position.apply(move)  # raises IllegalMove if the tight playout broke a rule
    outcome = position.outcome
    if outcome is None or (outcome.winner, outcome.points) != result:
        raise AssertionError(f"seed {seed}: tight {result}, engine {outcome}")


def statistics_line(results: list[tuple[int | None, int]]) -> str:
    """The share of hands side 0 wins, of tied hands, and the mean points."""
    count = len(results)
    wins = sum(1 for winner, _ in results if winner == 0) / count
    ties = sum(1 for winner, _ in results if winner is None) / count
    points = sum(points for _, points in results) / count
    return f"side 0 wins {wins:5.1%}, ties {ties:4.1%}, mean points {points:5.1f}"


# ------------------------------------------------------------------------------------------- timing

TABLES = {"partnership": Rules.partnership(), "1-vs-1": Rules.one_vs_one()}
POLICIES = {"random": False, "heaviest": True}


def rate(play_one: Callable[[], object], seconds: float) -> float:
    """Playouts per second of CPU time over about ``seconds``."""
    count = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        play_one()
        count += 1
        now = time.process_time()
        if now >= deadline:
            return count / (now - start)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds of one timed run (default 1)")
    parser.add_argument("--rounds", type=int, default=7, help="rounds, each timing every contender once (default 7)")
    parser.add_argument("--check", type=int, default=2000, help="tight hands replayed through the engine per table")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.rounds < 1 or args.check < 0:
        parser.error("--seconds must be positive, --rounds at least 1, --check not negative")

    for name, rules in TABLES.items():
        for policy, heaviest in POLICIES.items():
            for seed in range(args.check):
                replay(rules, seed, heaviest)
            sample = max(args.check, 1)
            tight_rng, engine_rng = random.Random(1), random.Random(1)
            tight = [tight_hand(tight_rng, rules.players, rules.uses_stock, heaviest) for _ in range(sample)]
            ours = [engine_hand(engine_rng, rules, heaviest) for _ in range(sample)]
            apply_rng = random.Random(1)
            if [apply_hand(apply_rng, rules, heaviest) for _ in range(sample)] != ours:
                raise AssertionError(f"{name} {policy}: the engine's playout and move-by-move apply disagree")
            print(f"{name:<11} {policy:<8} {args.check} tight hands replayed through the engine: legal, same results")
            print(f"{'':<20} tight:  {statistics_line(tight)}")
            print(f"{'':<20} engine: {statistics_line(ours)} (move by move through apply: the same hands)")

    print(f"\n{args.rounds} rounds of {args.seconds:g} CPU s a contender; the order alternates; medians shown")
    rates: dict[tuple[str, str, str], list[float]] = {}
    for round_number in range(args.rounds):
        for name, rules in TABLES.items():
            for policy, heaviest in POLICIES.items():
                tight_rng, engine_rng = random.Random(round_number), random.Random(round_number)
                apply_rng = random.Random(round_number)
                players, stock = rules.players, rules.uses_stock
                runs = {
                    "tight": lambda: tight_hand(tight_rng, players, stock, heaviest),  # noqa: B023  # run at once
                    "engine": lambda: engine_hand(engine_rng, rules, heaviest),  # noqa: B023  # run at once
                    "apply": lambda: apply_hand(apply_rng, rules, heaviest),  # noqa: B023  # run at once
                }
                order = list(runs) if round_number % 2 == 0 else list(reversed(runs))
                for who in order:
                    rates.setdefault((name, policy, who), []).append(rate(runs[who], args.seconds))
    print(f"{'table':<11} {'policy':<8} {'tight/s':>9} {'engine/s':>9} {'ratio':>6} {'apply/s':>9} {'ratio':>6}")
    for name in TABLES:
        for policy in POLICIES:
            tight_rates, engine_rates = rates[name, policy, "tight"], rates[name, policy, "engine"]
            apply_rates = rates[name, policy, "apply"]
            ratios = [ours / theirs for ours, theirs in zip(engine_rates, tight_rates, strict=True)]
            apply_ratios = [ours / theirs for ours, theirs in zip(apply_rates, tight_rates, strict=True)]
            print(
                f"{name:<11} {policy:<8} {statistics.median(tight_rates):>9.0f} {statistics.median(engine_rates):>9.0f}"
                f" {statistics.median(ratios):>5.2f}x {statistics.median(apply_rates):>9.0f}"
                f" {statistics.median(apply_ratios):>5.2f}x"
            )


if __name__ == "__main__":
    main()
