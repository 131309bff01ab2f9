"""Hypothesis sweeps over random hands and matches of every preset and player count (issue 12's invariants):
the tiles are conserved, every move offered applies and every other one is refused with the right code, hands end
exactly when they must, the table chains on every arm, and every outcome counts as its rules say."""

import contextlib
import itertools
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import ALL_ENDS, PRESETS, Draw, IllegalMove, Match, Pass, Play, Position, Rules, Tile

SETTINGS = settings(max_examples=120, deadline=None)
PLAY_ENDS: tuple[str | None, ...] = (None, *ALL_ENDS)

TABLES = [
    Rules.one_vs_one(),
    Rules.partnership(count="losers", capicu_bonus=25),
    *(Rules.draw_game(players=n) for n in (2, 3, 4)),
    Rules.draw_game(players=4, partnership=True, scoring="katsika"),
    *(Rules.block_game(players=n) for n in (2, 3, 4)),
    Rules.block_game(hand_size=5),
    *(Rules.katsika(players=n) for n in (2, 3, 4)),
    Rules.katsika(partnership=False, katsika_doubles=False),
    Rules.international(),
    Rules.international_two(hand_size=9),
    *(Rules.all_fives(players=n) for n in (2, 3, 4)),
    Rules.all_fives(players=4, partnership=True),
]


@st.composite
def any_table(draw: st.DrawFn) -> Rules:
    """A table of any preset, each of its options (``Rules.options``) left at its default or drawn from the values
    the engine says it may take (``Rules.option_values``): a new option is swept without editing this file. An
    option whose drawn value the table refuses with the others already chosen (a partnership of 3) is left out."""
    rules = Rules.preset(draw(st.sampled_from(PRESETS)))
    for option in rules.options:
        if draw(st.booleans()):
            with contextlib.suppress(ValueError):
                rules = rules.with_options(**{option: draw(st.sampled_from(rules.option_values(option)))})
    return rules


TABLE = st.one_of(st.sampled_from(TABLES), any_table())


def _takes(rules: Rules, option: str, value: object) -> bool:
    """Whether the table takes ``option=value``, alone or beside one value of one other option."""
    tries = [{}] + [{other: v} for other in rules.options if other != option for v in rules.option_values(other)]
    for extra in tries:
        try:
            rules.with_options(**extra, **{option: value})
        except ValueError:
            continue
        return True
    return False


def test_every_option_of_every_preset_has_values_the_engine_takes() -> None:
    for name in PRESETS:
        rules = Rules.preset(name)
        for option in rules.options:
            taken = [value for value in rules.option_values(option) if _takes(rules, option, value)]
            assert len(taken) >= 2, (name, option, rules.option_values(option))


def numbers_open(position: Position) -> set[int]:
    """The numbers at the open ends."""
    return {number for _, number in position.open_ends}


def can_play(position: Position, seat: int) -> bool:
    """Whether `seat` holds a tile that fits an open end (any tile before the lead)."""
    if not position.open_ends:
        return bool(position.hands[seat])
    return any(tile.high in numbers_open(position) or tile.low in numbers_open(position)
               for tile in position.hands[seat])


def expected_code(position: Position, move: Play | Draw | Pass) -> str | None:
    """The code a move must raise (RULES.md and the code precedence), or None if it is legal."""
    if position.outcome is not None:
        return "hand-over"
    if isinstance(move, Play):
        if move.tile not in position.hands[position.to_move]:
            return "not-in-hand"
        if not position.open_ends:
            if move.end is not None:
                return "bad-end"
            return "must-lead-double-six" if position.first_hand and move.tile != Tile(6, 6) else None
        ends = dict(position.open_ends)
        if move.end not in ends:
            return "bad-end"
        return None if move.tile.has(ends[move.end]) else "no-match"
    if can_play(position, position.to_move):
        return "has-playable"
    if isinstance(move, Pass):
        return "must-draw" if position.stock else None
    return None if position.stock else "stock-empty"


def code_of(position: Position, move: object) -> str | None:
    """The code apply raises, or None when the move applies."""
    try:
        position.apply(move)
    except IllegalMove as error:
        return error.code
    return None


def check_table(position: Position) -> None:
    """Every arm chains outwards from the lead; the ends and the count are read off the tiles."""
    placed = position.placed
    assert tuple(p.tile for p in placed) == position.line
    if not placed:
        assert position.ends is None and position.open_ends == () and position.end_count == 0
        return
    lead = placed[position.lead_index]
    assert lead.arm == "lead" and lead.order == 0
    arms = {arm: [p for p in placed if p.arm == arm] for arm in ALL_ENDS}
    line = [*arms["left"], lead, *arms["right"]]
    assert list(placed[: len(line)]) == line  # the line left to right first
    assert all(a.right == b.left for a, b in itertools.pairwise(line))
    assert all({p.left, p.right} == {p.tile.high, p.tile.low} for p in placed)
    assert [p.order for p in arms["left"]] == list(range(len(arms["left"]), 0, -1))
    for arm in ("right", "up", "down"):
        assert [p.order for p in arms[arm]] == list(range(1, len(arms[arm]) + 1))
    for arm in ("up", "down"):
        inner = [lead.left] + [p.outer for p in arms[arm]]
        assert [p.inner for p in arms[arm]] == inner[:-1]
    assert position.ends == (line[0].left, line[-1].right)
    spinner_open = position.rules.spinner and lead.tile.is_double and arms["left"] and arms["right"]
    assert not (arms["up"] or arms["down"]) or spinner_open
    ends = {"left": line[0], "right": line[-1]}
    showing = {"left": line[0].left, "right": line[-1].right}
    if spinner_open:
        for arm in ("up", "down"):
            ends[arm] = arms[arm][-1] if arms[arm] else None
            showing[arm] = arms[arm][-1].outer if arms[arm] else lead.left
    assert position.open_ends == tuple(showing.items())
    if len(placed) == 1:
        count = lead.left + lead.right
    else:
        count = sum(showing[arm] * (2 if tile.tile.is_double else 1) for arm, tile in ends.items() if tile)
    assert position.end_count == count


def check_outcome(position: Position, dealt: Counter) -> None:
    """The hand ended exactly when it had to, and counts as its rules say."""
    rules, outcome = position.rules, position.outcome
    assert outcome is not None
    assert len(outcome.scores) == len(outcome.hand_points) == len(outcome.side_pips) == rules.sides
    assert outcome.pips == tuple(sum(t.pips for t in hand) for hand in position.hands)
    empty = [seat for seat, hand in enumerate(position.hands) if not hand]
    if outcome.reason == "domino":
        assert empty == [outcome.seat] == [position.history[-1].seat]
        assert outcome.winner == rules.side_of(outcome.seat)
    else:
        assert not empty and not position.stock
        assert not any(can_play(position, seat) for seat in range(rules.players))
        fewest = min(outcome.side_pips)
        if rules.blocked_winner == "fewer":
            ties = outcome.side_pips.count(fewest) > 1
            assert outcome.winner == (None if ties else outcome.side_pips.index(fewest))
        if len(dealt) == 28:  # every tile in play: every tile showing an open number is down
            assert all(t in position.line for t in dealt if numbers_open(position) & {t.high, t.low})
            if len(position.open_ends) == 2:  # and a line shows one number at both ends (RULES.md §9)
                assert position.ends[0] == position.ends[1]
    extra = [scored - during for scored, during in zip(outcome.scores, outcome.hand_points, strict=True)]
    if outcome.winner is None:
        assert extra == [0] * rules.sides and outcome.points == 0  # a drawn hand adds nothing more
    elif rules.scoring == "katsika":
        assert outcome.points == 0 and extra[outcome.winner] == 0
        for side in range(rules.sides):
            if side != outcome.winner:
                assert extra[side] >= outcome.side_pips[side]
    else:
        assert extra == [outcome.points if side == outcome.winner else 0 for side in range(rules.sides)]
        others = sum(outcome.side_pips) - outcome.side_pips[outcome.winner]
        if rules.scoring == "winner_takes":
            assert outcome.points == others
        if rules.scoring == "all_fives":
            assert outcome.points % 5 == 0 and abs(outcome.points - others) <= 2


def play_hand(rules: Rules, rng: random.Random) -> None:
    """One random hand through the facade, every invariant checked at every step."""
    match = Match(rules)
    position = match.deal(rng)
    start = position
    dealt = Counter([t for hand in position.hands for t in hand] + list(position.stock))
    points = position.hand_points
    while True:
        everywhere = [t for hand in position.hands for t in hand] + list(position.line) + list(position.stock)
        assert Counter(everywhere) == dealt
        check_table(position)
        assert all(p % 5 == 0 for p in position.hand_points) and len(position.hand_points) == rules.sides
        assert all(now >= before for now, before in zip(position.hand_points, points, strict=True))
        points = position.hand_points
        for seat in range(rules.players):
            held = {n for t in position.hands[seat] for n in (t.high, t.low)}
            assert not position.known_lacks(seat) & held
        offered = position.legal_moves()
        assert len(set(offered)) == len(offered)
        action = None if not offered else "play" if isinstance(offered[0], Play) else str(offered[0])[:4]
        assert position.required_action() == action
        for move in [*(Play(t, e) for t in dealt for e in PLAY_ENDS), Draw(), Pass()]:
            expected = expected_code(position, move)
            assert (move in offered) == (expected is None), move
            assert code_of(position, move) == expected, move
        if position.outcome is not None:
            break
        position = position.apply(rng.choice(offered))
    check_outcome(position, dealt)
    replayed = start.apply_all(position.history)
    assert (replayed.placed, replayed.hands, replayed.outcome) == (position.placed, position.hands, position.outcome)
    match.record(position.outcome)
    assert match.scores == position.outcome.scores


@SETTINGS
@given(table=TABLE, seed=st.integers(0, 2**32 - 1))
def test_random_hands_of_every_table_keep_every_invariant(table: Rules, seed: int) -> None:
    play_hand(table, random.Random(seed))


@settings(max_examples=40, deadline=None)
@given(table=TABLE, seed=st.integers(0, 2**32 - 1))
def test_random_matches_of_every_table_end_as_their_rules_say(table: Rules, seed: int) -> None:
    rules = table.with_options(target=60)
    rng = random.Random(seed)
    match = Match(rules)
    totals = [0] * rules.sides
    hands = 0
    while not match.is_over:
        position = match.deal(rng)
        if hands and match.outcomes[-1].next_leader is not None:
            assert position.to_move == match.outcomes[-1].next_leader
        while position.outcome is None:
            position = position.apply(rng.choice(position.legal_moves()))
        match.record(position.outcome)
        totals = [t + s for t, s in zip(totals, position.outcome.scores, strict=True)]
        hands += 1
        assert hands < 200
    assert list(match.scores) == totals
    top = max(totals)
    assert top >= rules.target and totals.count(top) == 1
    if rules.target_loses:
        assert match.loser == totals.index(top)
        lowest = min(totals)
        assert match.winner == (totals.index(lowest) if totals.count(lowest) == 1 else None)
    else:
        assert match.winner == totals.index(top) and match.loser is None
