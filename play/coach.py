"""The coach: what to say, as codes with parameters, at the moment a rule applies in a real hand, and after a
learner's move when the expert rates another one clearly better.

Everything is worked out from the learner's views (``Position.view``), so the coach can never give away a hidden
tile. A remark is a code (``coach.<code>`` in ``lessons/texts/<lang>/play.toml``), its arguments, and the fact of
RULES.md it applies, which links it to the lesson step teaching that fact (``lessons/coverage.toml``).

>>> from engine import Position, Rules
>>> pos = Position.setup(Rules.one_vs_one(), hands=[["6-6"], ["1-1"]], line=["3-4", "4-5"], stock=["2-2"])
>>> [(r.code, r.fact, r.step) for r in turn_remarks(pos.view(0))]
[('draw_forced', '§6a', 'pila:3')]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine import Decision, Draw, Event, LeadReason, Match, Move, Pass, Play, Rules, Tile, View
from lessons.coverage import Coverage, load_coverage
from wording.seats import seat_key, side_key
from wording.texts import Message, Ref

from .choices import choices, same_choice
from .heuristics import Features, features
from .montecarlo import estimate
from .seeding import decision_rng

ZERO_ZERO = Tile(0, 0)
#: Deals each choice is played out on when the coach weighs the learner's move against the others.
ADVICE_DEALS = 160
#: A move is "clearly better" when it wins at least this many points more on average, and by a margin well
#: beyond the playouts' own noise (``ADVICE_ERRORS`` standard errors).
ADVICE_GAIN = 3.0
ADVICE_ERRORS = 2.5
#: The reasons the coach can give for a better move, in the order it looks for them.
REASONS: tuple[str, ...] = (
    "scores", "stops", "partner", "lacked", "shown", "double", "heavy", "variety", "control", "odds",
)


@dataclass(frozen=True)
class Remark:
    """Something the coach says: a code, its arguments, and the RULES.md fact it applies (``None``: none)."""

    code: str
    args: tuple[tuple[str, Any], ...] = ()
    fact: str | None = None

    @property
    def key(self) -> str:
        """The text key, in the ``play`` texts of every language."""
        return f"coach.{self.code}"

    @property
    def message(self) -> Message:
        """The remark as a message to render in the learner's language."""
        return Message(self.key, self.args)

    @property
    def step(self) -> str | None:
        """The lesson step teaching the remark's fact, as the coverage map gives it (``"pasa:4"``)."""
        if self.fact is None:
            return None
        steps = _coverage().steps_for(self.fact)
        return steps[0] if steps else None


def remark(code: str, rules: Rules, **args: Any) -> Remark:
    """A remark with keyword arguments and the fact its code applies at this table."""
    return Remark(code, tuple(sorted(args.items())), fact_of(code, rules))


# ---------------------------------------------------------------------------------------------------- the rules


def turn_remarks(view: View) -> tuple[Remark, ...]:
    """On the learner's turn: a forced draw or a forced pass, and why (nothing in the hand fits the open ends)."""
    if view.to_move != view.seat or view.outcome is not None or view.ends is None:
        return ()
    moves = view.legal_moves()
    ends = either(_ends(view))
    if moves == [Draw()]:
        return (remark("draw_forced", view.rules, ends=ends),)
    if moves == [Pass()]:
        code = "pass_empty" if view.rules.uses_stock else "pass_forced"
        return (remark(code, view.rules, ends=ends),)
    return ()


def event_remarks(before: View, after: View) -> tuple[Remark, ...]:
    """What the last event tells (``after`` is the learner's view one event after ``before``): a pass and what it
    tells everyone, what a seat is now known to lack, a draw that wipes it, another seat's forced draws, and the
    end of the hand (domino, capicú or tranque, and how it is counted)."""
    if len(after.history) != len(before.history) + 1 or after.seat != before.seat:
        raise ValueError("give the learner's views just before and just after one event")
    event = after.history[-1]
    rules, seat, learner = after.rules, event.seat, after.seat
    you = "_you" if seat == learner else ""
    name = Ref(seat_key(rules, learner, seat))
    found: list[Remark] = []
    if isinstance(event.move, Pass):
        ends = _ends(before)
        found.append(remark(f"passed{you}", rules, seat=name, ends=either(ends)))
        lacks = tuple(sorted(after.known_lacks(seat)))
        if lacks != ends:
            found.append(remark(f"lacks{you}", rules, seat=name, numbers=lacks))
    elif isinstance(event.move, Draw):
        if before.known_lacks(seat):
            found.append(remark(f"lacks_wiped{you}", rules, seat=name, numbers=tuple(sorted(before.known_lacks(seat)))))
    else:
        drawn = _draws_before(after.history)
        if drawn and seat != learner:
            lacked = tuple(sorted(after.known_lacks(seat)))
            found.append(remark("drew", rules, seat=name, count=drawn, ends=either(lacked)))
    return (*found, *end_remarks(after))


def lead_remarks(match: Match, view: View) -> tuple[Remark, ...]:
    """At the start of a hand the match dealt: who leads it, and why (§5, G3, G4, S2), as the engine gives it."""
    if view.history or view.ends is not None or view.lead_reason not in _LEAD_CODES:
        return ()
    rules, learner, leader = view.rules, view.seat, view.to_move
    you = "_you" if leader == learner else ""
    code = _LEAD_CODES[view.lead_reason]
    previous = match.outcomes[-1] if match.outcomes else None
    if view.lead_reason is LeadReason.BLOCKER and previous is not None and previous.decision is Decision.TIE:
        code = "blocked_tie"
    if view.lead_reason is LeadReason.LOWEST_DOUBLE and ZERO_ZERO in view.hand:
        code = "lowest_double_zero"  # the learner's 0-0 is a double, yet not the one that leads (G3a)
    return (remark(f"lead.{code}{you}", rules, seat=Ref(seat_key(rules, learner, leader))),)


#: The coach's code for each reason the engine gives for a lead (a leader chosen by hand has none).
_LEAD_CODES: dict[LeadReason | None, str] = {
    LeadReason.DOUBLE_SIX: "double_six",
    LeadReason.LOT: "lot",
    LeadReason.WENT_OUT: "went_out",
    LeadReason.BLOCKER: "blocked",
    LeadReason.LOWEST_DOUBLE: "lowest_double",
    LeadReason.LOWEST_TILE: "lowest_tile",
    LeadReason.HIGHEST_TILE: "highest_tile",
    LeadReason.WINNER: "winner",
    LeadReason.AGAIN: "again",
    LeadReason.RANDOM: "random",
}


def end_remarks(after: View) -> tuple[Remark, ...]:
    """Once the hand is over (``after`` is the learner's view then): how it ended — domino, capicú or tranque —
    what decided a blocked hand (the engine's ``Outcome.decision``), and how it is counted."""
    outcome = after.outcome
    if outcome is None:
        return ()
    rules, learner = after.rules, after.seat
    seat = outcome.seat if outcome.reason == "domino" else outcome.blocker
    assert seat is not None
    you = "_you" if seat == learner else ""
    # Where each player is a side, the winning side may be the learner: then the sentence is about "you".
    won_you = "_you" if rules.sides == rules.players and outcome.winner == rules.side_of(learner) else ""
    name = Ref(seat_key(rules, learner, seat))
    side = Ref(side_key(rules, learner, outcome.winner))
    found = []
    if outcome.reason == "domino":
        if outcome.capicu and rules.scoring == "la_plaza":
            if rules.capicu_bonus:
                found.append(remark(f"capicu{you}", rules, seat=name, bonus=rules.capicu_bonus))
            else:  # H3 at La Plaza: no bonus, so the remark says it scores as any domino, not "0 bonus points"
                found.append(remark(f"capicu_plain{you}", rules, seat=name))
        else:
            partner = rules.partner_of(learner) == seat
            # Where each player is a side of their own, the side's name would only repeat the seat's.
            code = "domino_partner" if partner else f"domino{you}" if you or rules.sides < rules.players \
                else "domino_alone"
            found.append(remark(code, rules, seat=name, side=side))
    else:
        found.append(remark(f"tranque{you}", rules, seat=name))
        found.append(_decided(after, won_you, side))
    if outcome.winner is not None:
        method = _count_method(rules)
        counted_you = won_you if f"count.{method}" in _SUBJECT_CODES else ""
        found.append(remark(f"count.{method}{counted_you}", rules, side=side, points=outcome.points))
        found += _katsika_doubles(after)
    return tuple(found)


def _decided(after: View, won_you: str, side: Ref) -> Remark:
    """What decided a blocked hand: the blocker's side (H2), a tie, or the fewest points in hand."""
    outcome, rules = after.outcome, after.rules
    assert outcome is not None
    if outcome.decision is Decision.BLOCKER:
        return remark("tranque_blocker", rules, side=side)
    if outcome.decision is Decision.TIE:
        # At all-fives the points scored during the hand still go to the match (S5, S6).
        code = "tranque_tie_fives" if rules.scoring == "all_fives" else "tranque_tie"
        return remark(code, rules, pips=min(outcome.side_pips))
    assert outcome.winner is not None
    return remark(f"tranque_fewest{won_you}", rules, side=side, pips=outcome.side_pips[outcome.winner])


def _katsika_doubles(after: View) -> list[Remark]:
    """Katsika: a losing hand whose only tile is the 0-0 or the 6-6 counts 25 or 50, not its pips (G8d)."""
    outcome, rules = after.outcome, after.rules
    assert outcome is not None
    found = []
    for seat, penalty in enumerate(outcome.penalties):
        if penalty and penalty != outcome.pips[seat]:
            tile = "0-0" if outcome.pips[seat] == 0 else "6-6"
            you = "_you" if seat == after.seat else ""
            found.append(remark(f"count.katsika_double{you}", rules, seat=Ref(seat_key(rules, after.seat, seat)),
                                tile=tile, points=penalty))
    return found


def _count_method(rules: Rules) -> str:
    if rules.scoring == "la_plaza":
        return "all" if rules.count == "all" else "losers"
    return {"winner_takes": "opponents", "katsika": "katsika"}.get(rules.scoring, "fives")


# ----------------------------------------------------------------------------------------------------- advice


def advice(view: View, move: Move, seed: int, deals: int = ADVICE_DEALS) -> Remark | None:
    """After the learner's ``move`` (from ``view``): if the expert rates another choice clearly better, which one
    and one short reason why; ``None`` when the move was fine or there was nothing to choose."""
    options = choices(view)
    chosen = next((option for option in options if same_choice(view, option, move)), None)
    if chosen is None:
        raise ValueError(f"{move} is not one of seat {view.seat}'s legal moves here")
    if len(options) < 2 or not isinstance(chosen, Play):
        return None
    estimates = estimate(view, options, deals, decision_rng(seed, view, "coach"))
    best = max(estimates, key=lambda found: found.mean)
    mine = next(found for found in estimates if found.move == chosen)
    gain, error = best.lead_over(mine)
    if best is mine or gain < ADVICE_GAIN or gain < ADVICE_ERRORS * error:
        return None
    better = best.move
    assert isinstance(better, Play)
    return why_better(view, better, chosen, gain)


def why_better(view: View, better: Play, chosen: Play, gain: float) -> Remark:
    """The coach's word for a ``better`` play than the learner's ``chosen`` one, worth ``gain`` points more on
    average: the move in words and the first reason that tells them apart (the advice and the match review)."""
    reason, args = reason_for(view, better, chosen)
    return remark(f"advice.{reason}", view.rules, move=move_words(view, better), gain=round(gain), **args)


def move_words(view: View, move: Play) -> Message:
    """A play in words, written to stand inside a sentence (no text starts with it): the tile and its end, or just
    the tile for a lead or where every play of the tile is one choice (else the end is named, never a worse play)."""
    twins = [m for m in view.legal_moves() if isinstance(m, Play) and m.tile is move.tile and m != move]
    if move.end is None or (twins and all(same_choice(view, move, twin) for twin in twins)):
        return Message.of("coach.move.tile", tile=str(move.tile))
    return Message.of(f"coach.move.{move.end}", tile=str(move.tile))


def reason_for(view: View, better: Play, chosen: Play) -> tuple[str, dict[str, Any]]:
    """The first reason in ``REASONS`` that tells the better move from the learner's, with its arguments; "odds"
    (only the trial games' average) when no feature the coach knows makes the difference."""
    good, mine = features(view, better), features(view, chosen)
    assert good is not None and mine is not None
    for reason in REASONS[:-1]:
        args = _REASON_TESTS[reason](view, (better, good), (chosen, mine))
        if args is not None:
            return reason, args
    return "odds", {}


_Option = tuple[Play, Features]


def _scores(view: View, better: _Option, chosen: _Option) -> dict[str, Any] | None:
    return {"points": better[1].scored} if better[1].scored > chosen[1].scored else None


def _stops(view: View, better: _Option, chosen: _Option) -> dict[str, Any] | None:
    good, mine = better[1], chosen[1]
    if good.opponents_stopped > mine.opponents_stopped or (good.next_stopped and not mine.next_stopped):
        return {}
    return None


def _partner(view: View, better: _Option, chosen: _Option) -> dict[str, Any] | None:
    partner = view.rules.partner_of(view.seat)
    if chosen[1].partner_stopped and not better[1].partner_stopped and partner is not None:
        return {"numbers": tuple(sorted(view.known_lacks(partner)))}
    return None


def _lacked(view: View, better: _Option, chosen: _Option) -> dict[str, Any] | None:
    """The better play keeps a number showing that an opponent is known to lack, where the learner's did not."""
    rules = view.rules
    kept, mine = _end_numbers(view, better[0]), _end_numbers(view, chosen[0])
    for offset in range(1, rules.players):
        seat = (view.seat + offset) % rules.players  # the next seat first: it is the one that must answer
        if rules.side_of(seat) == rules.side_of(view.seat) or not view.hand_sizes[seat]:
            continue
        lacks = view.known_lacks(seat)
        numbers = (kept & lacks) - mine
        if numbers:
            return {"seat": Ref(seat_key(rules, view.seat, seat)), "number": min(numbers)}
    return None


def _shown(view: View, better: _Option, chosen: _Option) -> dict[str, Any] | None:
    """The better play opens a number the partner has shown (laid showing at an end) and may still hold."""
    partner = view.rules.partner_of(view.seat)
    if partner is None or not view.hand_sizes[partner]:
        return None
    shown = _shown_by(view, partner) - view.known_lacks(partner)
    numbers = (_end_numbers(view, better[0]) & shown) - _end_numbers(view, chosen[0])
    return {"number": min(numbers)} if numbers else None


def _double(view: View, better: _Option, chosen: _Option) -> dict[str, Any] | None:
    return {"tile": str(better[0].tile)} if better[1].double and not chosen[1].double else None


def _heavy(view: View, better: _Option, chosen: _Option) -> dict[str, Any] | None:
    good, mine = better[1].pips, chosen[1].pips
    heaviest = good == max(tile.pips for tile in view.hand)
    if good >= mine + 3 or (heaviest and good > mine):
        return {"pips": good, "less": mine}
    return None


def _variety(view: View, better: _Option, chosen: _Option) -> dict[str, Any] | None:
    return {"numbers": better[1].variety} if better[1].variety > chosen[1].variety else None


def _control(view: View, better: _Option, chosen: _Option) -> dict[str, Any] | None:
    return {"count": better[1].control} if better[1].control > chosen[1].control else None


_REASON_TESTS = {
    "scores": _scores,
    "stops": _stops,
    "partner": _partner,
    "lacked": _lacked,
    "shown": _shown,
    "double": _double,
    "heavy": _heavy,
    "variety": _variety,
    "control": _control,
}


def _end_numbers(view: View, move: Play) -> frozenset[int]:
    """The numbers showing at the open ends once the seat has made ``move``."""
    return frozenset(number for _, number in view.after(move).open_ends)


def _shown_by(view: View, seat: int) -> frozenset[int]:
    """The numbers ``seat`` laid showing at an end this hand: the outer half of each tile it played (both halves
    of a lead)."""
    played = {event.move.tile for event in view.history if event.seat == seat and isinstance(event.move, Play)}
    shown: set[int] = set()
    for placed in view.placed:
        if placed.tile in played:
            shown |= {placed.left, placed.right} if placed.arm == "lead" else {placed.outer}
    return frozenset(shown)


# ------------------------------------------------------------------------------------------------------ facts

# The fact of RULES.md each code applies, by kind of table: La Plaza 1-vs-1 and partnership, the Greek tables
# with and without a stock, and all-fives. A code missing from a kind of table links no lesson there.
_FACTS: dict[str, dict[str, str]] = {
    "draw_forced": {"one_vs_one": "§6a", "greek_stock": "G6a", "all_fives": "S4a"},
    "pass_empty": {"one_vs_one": "§6b", "greek_stock": "G6a", "all_fives": "S4a"},
    "pass_forced": {"partnership": "§6c", "greek_block": "G6b", "all_fives": "S4a"},
    "passed": {"*": "§7a"},
    "lacks": {"*": "§7a"},
    "lacks_wiped": {"*": "§7c"},
    "drew": {"*": "§7b"},
    "lead.double_six": {"*": "§5a"},
    "lead.lot": {"*": "§5b"},
    "lead.went_out": {"*": "§5c"},
    "lead.blocked": {"*": "§5d"},
    "lead.blocked_tie": {"*": "§5d"},
    "lead.lowest_double": {"*": "G3a"},
    "lead.lowest_double_zero": {"*": "G3a"},
    "lead.lowest_tile": {"*": "G3b"},
    "lead.highest_tile": {"*": "G4a"},
    "lead.winner": {"greek_block": "G4b", "greek_stock": "G4b", "all_fives": "S2b"},
    "lead.again": {"*": "G4b"},
    "lead.random": {"*": "S2a"},
    "domino": {"one_vs_one": "§8a", "partnership": "§8a", "greek_stock": "G7a", "greek_block": "G7a",
               "all_fives": "S6a"},
    "domino_alone": {"one_vs_one": "§8a", "greek_stock": "G7a", "greek_block": "G7a", "all_fives": "S6a"},
    "domino_partner": {"partnership": "§8b", "greek_block": "G7a", "greek_stock": "G7a", "all_fives": "S6a"},
    "capicu": {"*": "§11a"},
    "capicu_plain": {"*": "§11a"},
    "tranque": {"one_vs_one": "§9a", "partnership": "§9a", "greek_stock": "G7b", "greek_block": "G7b",
                "all_fives": "S6b"},
    "tranque_fewest": {"one_vs_one": "§9b", "partnership": "§9b", "greek_stock": "G7b", "greek_block": "G7b",
                       "all_fives": "S6b"},
    "tranque_blocker": {"*": "H2"},
    "tranque_tie": {"one_vs_one": "§9c", "partnership": "§9c", "greek_stock": "G7c", "greek_block": "G7c"},
    "tranque_tie_fives": {"all_fives": "S6b"},
    "count.all": {"*": "§10a"},
    "count.losers": {"*": "H1"},
    "count.opponents": {"*": "G8a"},
    "count.katsika": {"*": "G8b"},
    "count.katsika_double": {"*": "G8d"},
    "count.fives": {"*": "S6a"},
    "advice.scores": {"*": "S5b"},
    "advice.stops": {"*": "§7a"},
    "advice.partner": {"*": "§7a"},
    "advice.lacked": {"*": "§7a"},
    "advice.shown": {"*": "§7a"},
    "advice.double": {"one_vs_one": "§4a", "partnership": "§4a", "greek_stock": "G5a", "greek_block": "G5a",
                      "all_fives": "S3a"},
    "advice.heavy": {"one_vs_one": "§10a", "partnership": "§10a", "greek_stock": "G8a", "greek_block": "G8a",
                     "all_fives": "S6a"},
    "advice.variety": {"one_vs_one": "§6a", "partnership": "§6c", "greek_stock": "G6a", "greek_block": "G6b",
                       "all_fives": "S4a"},
    "advice.control": {"one_vs_one": "§6a", "partnership": "§6c", "greek_stock": "G6a", "greek_block": "G6b",
                       "all_fives": "S4a"},
    "advice.odds": {"one_vs_one": "§10a", "partnership": "§10a", "greek_stock": "G8a", "greek_block": "G8a",
                    "all_fives": "S6a"},
}

# Codes whose subject may be the learner, said in the second person then (``passed.you``, "You passed ...").
_SUBJECT_CODES = frozenset({
    "passed", "lacks", "lacks_wiped", "domino", "capicu", "capicu_plain", "tranque", "tranque_fewest",
    "count.opponents", "count.fives", "count.katsika_double",
})
#: Every code the coach can say (each has a text ``coach.<code>`` in every language's play.toml).
CODES: tuple[str, ...] = (
    *_FACTS,
    *(f"{code}_you" for code in _FACTS if code in _SUBJECT_CODES or code.startswith("lead.")),
)
#: The words for a play, and for a list of numbers, inside a remark.
WORD_KEYS: tuple[str, ...] = (
    *(f"coach.move.{end}" for end in ("tile", "left", "right", "up", "down")), "coach.list.one", "coach.list.or",
)


def fact_of(code: str, rules: Rules) -> str | None:
    """The RULES.md fact a code applies at this table (``None`` if the table has no such rule)."""
    facts = _FACTS.get(code.removesuffix("_you"), {})
    return facts.get(_table_kind(rules), facts.get("*"))


def _table_kind(rules: Rules) -> str:
    if rules.scoring == "la_plaza":
        return rules.name
    if rules.spinner or rules.scoring == "all_fives":
        return "all_fives"
    return "greek_stock" if rules.uses_stock else "greek_block"


@cache
def _coverage() -> Coverage:
    return load_coverage()


def either(numbers: Sequence[int]) -> Message:
    """Numbers as "3 or 5" (or just "4"), in the learner's language."""
    if len(numbers) == 1:
        return Message.of("coach.list.one", only=numbers[0])
    return Message.of("coach.list.or", rest=", ".join(map(str, numbers[:-1])), last=numbers[-1])


def _ends(view: View) -> tuple[int, ...]:
    return tuple(sorted({number for _, number in view.open_ends}))


def _draws_before(history: Sequence[Event]) -> int:
    """How many draws the seat of the last event made just before it."""
    last = history[-1]
    count = 0
    for event in reversed(history[:-1]):
        if event.seat != last.seat or not isinstance(event.move, Draw):
            break
        count += 1
    return count
