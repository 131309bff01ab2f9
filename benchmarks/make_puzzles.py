"""Make puzzles from self-play: hands of every preset played by the Club player, each decision with a choice weighed
by ``analyse``; a decision becomes a puzzle when the best choice beats every other by at least 6 points or 10% of
the points in the hands, and still does with two other, independent seeds. Writes practice/data/puzzles.json.

Run from the repository root: `python benchmarks/make_puzzles.py --per-preset 8` (prints the time per puzzle).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import PRESETS, Match, Move, Play, Position, Rules, View
from engine.tile import ALL_TILES
from play import Club
from play.analysis import Analysis, analyse
from play.choices import choices
from practice.puzzles import PUZZLES_FILE, THEMES, load_puzzles, read_puzzle

#: The best choice must win at least this many points more than the next, or this share of the points in hand.
MIN_POINTS = 6.0
MIN_SHARE = 0.10
#: ... and never by fewer points than this: late in a hand a tenth of the points in hand is one or two points, which
#: a learner cannot tell from a tie.
MIN_FLOOR = 3.0


def clear_margin(analysis: Analysis, stake: int) -> bool:
    """Whether the best choice beats the second best by the puzzle margin (points, or a share of ``stake``, with a
    floor)."""
    margin = analysis.margin
    return margin is not None and margin >= MIN_FLOOR and (margin >= MIN_POINTS or margin >= MIN_SHARE * stake)


def themes(position: Position, view: View, move: Move) -> list[str]:
    """What the answer is about, from engine facts of the position before and after it (ids of THEMES)."""
    rules, seat = view.rules, view.seat
    after = position.apply(move)
    outcome = after.outcome
    found = []
    if outcome is not None and outcome.reason == "blocked" and outcome.winner == rules.side_of(seat):
        found.append("block_to_win")
    if outcome is not None and outcome.capicu:
        found.append("capicu")
    if rules.spinner and view.after(move).scored:
        found.append("score_fives")
    if isinstance(move, Play):
        found += _play_themes(view, move, after)
    return found


def _play_themes(view: View, move: Play, after: Position) -> list[str]:
    """The themes of a play: the heaviest tile, a lead from the longest suit, and what the ends show after it."""
    found = []
    tiles = {option.tile for option in choices(view) if isinstance(option, Play)}
    if len(tiles) > 1 and move.tile.pips == max(tile.pips for tile in tiles) > min(tile.pips for tile in tiles):
        found.append("heaviest_first")
    if view.ends is None:
        counts = {n: sum(n in (tile.high, tile.low) for tile in view.hand) for n in range(7)}
        if max(counts.values()) >= 3 and max(counts[move.tile.high], counts[move.tile.low]) == max(counts.values()):
            found.append("lead_strong_suit")
        return found
    if after.outcome is not None:
        return found
    rules, seat = view.rules, view.seat
    ends = {number for _, number in after.open_ends}
    opponents = [s for s in range(rules.players) if rules.side_of(s) != rules.side_of(seat)]
    if any(ends & view.known_lacks(s) for s in opponents):
        found.append("ends_opponent_lacks")
    partner = rules.partner_of(seat)
    if partner is not None:
        partner_numbers = {n for event in view.history if event.seat == partner and isinstance(event.move, Play)
                           for n in (event.move.tile.high, event.move.tile.low)}
        if ends & partner_numbers - view.known_lacks(partner):
            found.append("partner_number")
    mine = set(after.hands[seat]) | set(after.line)
    if any(all(tile in mine for tile in ALL_TILES if number in (tile.high, tile.low)) for number in ends):
        found.append("count_to_block")
    return found


def record(number: int, start: Position, first_hand: bool, position: Position, analysis: Analysis,
           stake: int) -> dict[str, Any]:
    """A puzzle as stored: the deal, the moves so far as the engine writes them, the answer and every value."""
    rules = start.rules
    seat = position.to_move
    return {
        "id": f"{rules.name}-{number:03d}",
        "preset": rules.name,
        "players": rules.players,
        "hands": [[str(tile) for tile in hand] for hand in start.hands],
        "stock": [str(tile) for tile in start.stock],
        "leader": start.leader,
        "first_hand": first_hand,
        "lead_reason": start.lead_reason.value if start.lead_reason is not None else None,
        "moves": [str(event) for event in position.history],
        "seat": seat,
        "answer": str(analysis.best),
        "margin": round(analysis.margin or 0.0, 2),
        "stake": stake,
        "values": [[str(found.move), round(found.mean, 2)] for found in analysis.estimates],
        "themes": themes(position, position.view(seat), analysis.best),
    }


def puzzles_of(rules: Rules, wanted: int, deals: int, seed: int, report: bool) -> list[dict[str, Any]]:
    """Up to ``wanted`` puzzles from Club self-play hands of ``rules`` (a match's hands, in order)."""
    found: list[dict[str, Any]] = []
    rng = random.Random(seed)
    club = Club(seed)
    hands = 0
    while len(found) < wanted and hands < 40 * wanted:
        match = Match(rules)
        while not match.is_over and len(found) < wanted:
            start = match.deal(rng)
            first_hand = start.first_hand or (rules.lead_rule == "highest_tile" and not match.outcomes)
            position = start
            hands += 1
            taken = False  # one puzzle a hand at most, so the puzzles come from many deals
            while position.outcome is None:
                view = position.view(position.to_move)
                if not taken and len(choices(view)) > 1:
                    stake = sum(tile.pips for hand in position.hands for tile in hand)
                    analysis = analyse(view, deals=deals, seed=seed)
                    if clear_margin(analysis, stake):
                        # two more independent seeds must agree, so that a check with yet another seed keeps it
                        again = [analyse(view, deals=deals, seed=seed + offset) for offset in (7919, 15_485_863)]
                        if all(other.best == analysis.best and clear_margin(other, stake) for other in again):
                            entry = record(len(found) + 1, start, first_hand, position, analysis, stake)
                            if read_puzzle(entry, f"new puzzle {entry['id']}").view != view:
                                raise AssertionError(f"{entry['id']} rebuilds to another position: {entry}")
                            found.append(entry)
                            taken = True
                            if report:
                                print(f"  {found[-1]['id']}: {found[-1]['answer']} by {found[-1]['margin']}",
                                      f"{found[-1]['themes']}", flush=True)
                position = position.apply(club.choose(view))
            match.record(position.outcome)
    return found


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-preset", type=int, default=8, help="puzzles for each preset (default 8)")
    parser.add_argument("--deals", type=int, default=200, help="deals a choice in each analysis (default 200)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=PUZZLES_FILE)
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--check", action="store_true",
                        help="make nothing: weigh every stored puzzle again with a third seed, name any that lose")
    args = parser.parse_args(argv)
    if args.check:
        check(args.out, args.deals)
        return
    puzzles: list[dict[str, Any]] = []
    start = time.perf_counter()
    for name in PRESETS:
        began = time.perf_counter()
        made = puzzles_of(Rules.preset(name), args.per_preset, args.deals, args.seed, args.verbose)
        puzzles.extend(made)
        print(f"{name}: {len(made)} puzzles in {time.perf_counter() - began:.0f} s", flush=True)
    seconds = time.perf_counter() - start
    args.out.parent.mkdir(parents=True, exist_ok=True)
    head = {"made_by": "benchmarks/make_puzzles.py", "deals": args.deals, "seed": args.seed, "themes": list(THEMES)}
    lines = ",\n".join(json.dumps(puzzle, ensure_ascii=False) for puzzle in puzzles)  # a puzzle a line: diffs read
    args.out.write_text(json.dumps(head)[:-1] + ',\n"puzzles": [\n' + lines + "\n]}\n", encoding="utf-8")
    print(f"{len(puzzles)} puzzles in {seconds:.0f} s ({seconds / max(1, len(puzzles)):.1f} s a puzzle) -> {args.out}")


def check(path: Path, deals: int) -> None:
    """Every stored puzzle weighed again with a seed the generator never used: its answer must still be best."""
    stored = load_puzzles(path)
    start = time.perf_counter()
    lost = [puzzle.id for puzzle in stored
            if str(analyse(puzzle.view, deals=deals, seed=20_261_206).best) != puzzle.answer]
    print(f"{len(stored) - len(lost)} of {len(stored)} puzzles keep their answer with a seed the generator never used "
          f"({time.perf_counter() - start:.0f} s){': lost ' + ', '.join(lost) if lost else ''}")


if __name__ == "__main__":
    main()
