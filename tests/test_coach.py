"""The coach (play/coach.py): each code fires exactly when its rule applies, on scripted positions and in sweeps."""

import random

import pytest

from engine import Draw, Match, Pass, Play, Position, Rules, Tile
from lessons.loader import load_library
from play.coach import CODES, advice, event_remarks, fact_of, lead_remarks, move_words, reason_for, turn_remarks
from tests.play_support import TABLES, deal, table_id
from wording.texts import Message, Ref

ONE = Rules.one_vs_one()
LIBRARY = load_library()
PAIRS = Rules.partnership()


def tiles(text: str) -> list[Tile]:
    """`"6-6 6-5"` → the tiles, in order."""
    return [Tile.parse(word) for word in text.split()]


def codes(remarks: tuple) -> list[str]:
    """The codes of some remarks, in order."""
    return [remark.code for remark in remarks]


def said(position: Position, move: str, learner: int = 0) -> tuple:
    """The coach's remarks on `move` made in `position`, seen by the learner."""
    return event_remarks(position.view(learner), position.apply(move).view(learner))


def args(remark) -> dict:
    """A remark's arguments as a dict."""
    return dict(remark.args)


# ------------------------------------------------------------------------------------------------- the turn


def test_a_forced_draw_is_explained_on_the_learners_turn_only() -> None:
    position = Position.setup(ONE, [tiles("6-6 1-1"), tiles("2-2")], ["3-4", "4-5"], stock=tiles("0-0 2-1"))
    (remark,) = turn_remarks(position.view(0))
    assert remark.code == "draw_forced" and remark.fact == "§6a" and remark.step == "pila:3"
    assert args(remark)["ends"] == Message.of("coach.list.or", rest="3", last=5)
    assert turn_remarks(position.view(1)) == ()  # not seat 1's turn
    playable = Position.setup(ONE, [tiles("6-6 5-1"), tiles("2-2")], ["3-4", "4-5"], stock=tiles("0-0"))
    assert turn_remarks(playable.view(0)) == ()  # 5-1 fits: nothing forced


def test_a_forced_pass_names_why_at_each_table() -> None:
    empty = Position.setup(ONE, [tiles("6-6 1-1"), tiles("3-2")], ["3-4", "4-5"])
    assert [(r.code, r.fact) for r in turn_remarks(empty.view(0))] == [("pass_empty", "§6b")]
    hands = [tiles("6-6 1-1"), tiles("4-2"), tiles("0-0"), tiles("5-2")]
    pairs = Position.setup(PAIRS, hands, ["4-0", "0-3", "3-4"])
    (remark,) = turn_remarks(pairs.view(0))
    assert (remark.code, remark.fact) == ("pass_forced", "§6c")
    assert args(remark)["ends"] == Message.of("coach.list.one", only=4)  # both ends show 4: one number
    block = Position.setup(Rules.block_game(), [tiles("6-6 1-1"), tiles("3-2")], ["3-4", "4-5"])
    assert [(r.code, r.fact) for r in turn_remarks(block.view(0))] == [("pass_forced", "G6b")]


def test_nothing_is_forced_at_the_lead() -> None:
    position = Position.deal(ONE, random.Random(1), leader=0)
    assert turn_remarks(position.view(0)) == ()


# ------------------------------------------------------------------------------------------------ the events


def test_a_pass_tells_everyone_and_a_second_one_adds_up() -> None:
    hands = [tiles("1-1 1-5 6-6"), tiles("4-2 2-1 6-5"), tiles("0-0 0-1"), tiles("5-5 6-1")]
    position = Position.setup(PAIRS, hands, ["3-4"])
    first = said(position, "0 passes", learner=1)
    assert codes(first) == ["passed"]
    assert args(first[0])["seat"] == Ref("role.left_opponent") and first[0].step == "pasa:4"
    assert codes(said(position, "0 passes", learner=0)) == ["passed_you"]
    position = position.apply_all(["0 passes", "1 plays 4-2 right", "2 passes"])
    assert position.ends == (3, 2)
    second = said(position, "3 passes", learner=1)
    assert codes(second) == ["passed"]  # seat 3 lacks exactly 3 and 2: nothing more to add
    position = position.apply_all(["3 passes"])
    again = said(position, "0 passes", learner=1)  # seat 0 passed on 3|4 and now on 3|2
    assert codes(again) == ["passed", "lacks"] and args(again[1])["numbers"] == (2, 3, 4)


def test_a_draw_wipes_what_was_known_and_a_forced_draw_tells_once_it_ends_in_a_play() -> None:
    hands = [tiles("1-1 0-2"), tiles("4-6 0-5 5-6")]
    position = Position.setup(ONE, hands, ["3-4"], stock=tiles("5-4 2-5 6-1 0-0"))
    assert said(position, "0 draws", learner=1) == ()  # nothing was known: nothing to wipe
    position = position.apply("0 draws")
    played = said(position, "0 plays 5-4 right", learner=1)
    assert codes(played) == ["drew"] and args(played[0])["count"] == 1 and played[0].fact == "§7b"
    assert args(played[0])["ends"] == Message.of("coach.list.or", rest="3", last=4)
    assert said(position, "0 plays 5-4 right", learner=0) == ()  # the learner knows its own draws
    position = position.apply_all(["0 plays 5-4 right", "1 plays 0-5 right", "0 plays 0-2 right"])
    assert position.known_lacks(0) == {3, 4}
    assert codes(said(position, "1 draws", learner=0)) == []  # seat 1 had no known lack
    wiped = Position.setup(ONE, [tiles("1-1 0-2"), tiles("3-6 1-0")], ["3-4"], stock=tiles("5-4 2-5 0-0"))
    wiped = wiped.apply_all(["0 draws", "0 plays 5-4 right", "1 plays 3-6 left"])
    assert wiped.known_lacks(0) == {3, 4} and wiped.ends == (6, 5)
    remarks = said(wiped, "0 draws", learner=1)
    assert codes(remarks) == ["lacks_wiped"] and remarks[0].fact == "§7c"
    assert codes(said(wiped, "0 draws", learner=0)) == ["lacks_wiped_you"]


def test_a_domino_by_each_seat() -> None:
    hands = [tiles("6-6 6-1"), tiles("6-5 2-2"), tiles("1-1 0-0"), tiles("5-4 3-3")]
    position = Position.start(PAIRS, hands, leader=0).apply_all(
        ["0 plays 6-6", "1 plays 6-5 right", "2 passes", "3 plays 5-4 right"]
    )
    for learner, code in ((0, "domino_you"), (2, "domino_partner"), (1, "domino"), (3, "domino")):
        remarks = said(position, "0 plays 6-1 left", learner)
        assert codes(remarks) == [code, "count.all"], learner
    partner = said(position, "0 plays 6-1 left", 2)
    assert partner[0].fact == "§8b" and args(partner[1])["points"] == 0 + 4 + 2 + 6
    assert args(partner[1])["side"] == Ref("side.yours")
    assert args(said(position, "0 plays 6-1 left", 1)[1])["side"] == Ref("side.theirs")


def test_a_domino_where_each_player_is_a_side_names_the_winner_once() -> None:
    rules = Rules.katsika(players=3)  # three single players: the winner's side is only the winner
    position = Position.setup(rules, [tiles("4-1"), tiles("6-5 2-3"), tiles("5-5 0-2")], ["3-4"])
    for learner in (1, 2):
        remarks = said(position, "plays 4-1 right", learner)
        assert codes(remarks)[0] == "domino_alone", learner
        text = LIBRARY.texts.render(remarks[0].message, "en", "play")
        name = LIBRARY.texts.render(Message(args(remarks[0])["seat"].key), "en", "play")
        assert name and text.count(name) == 1, text
    assert codes(said(position, "plays 4-1 right", 0))[0] == "domino_you"


def test_capicu_at_la_plaza_only_and_the_losers_count_house_rule() -> None:
    hands = [tiles("6-6 5-3"), tiles("6-5 1-1"), tiles("0-0 2-2"), tiles("6-3 4-4")]
    script = ["0 plays 6-6", "1 plays 6-5 right", "2 passes", "3 plays 6-3 left"]
    position = Position.start(PAIRS, hands, leader=0).apply_all(script)
    assert position.ends == (3, 5)
    remarks = said(position, "0 plays 5-3 right", 1)
    assert codes(remarks) == ["capicu_plain", "count.all"] and remarks[0].fact == "§11a"
    assert "bonus" not in args(remarks[0])  # no bonus at La Plaza (H3): not "0 bonus points"
    bonus = Position.start(PAIRS.with_options(capicu_bonus=25, count="losers"), hands, leader=0).apply_all(script)
    remarks = said(bonus, "0 plays 5-3 right", 0)
    assert codes(remarks) == ["capicu_you", "count.losers"] and args(remarks[0])["bonus"] == 25
    assert remarks[1].fact == "H1"
    table = [tiles("5-3"), tiles("1-1"), tiles("0-0 2-2"), tiles("4-4")]
    greek = Position.setup(Rules.block_game(players=4, partnership=True), table, ["3-6", "6-6", "6-5"])
    assert codes(said(greek, "0 plays 5-3 right", 0)) == ["domino_you", "count.opponents"]


def test_a_tranque_its_tie_and_the_blockers_house_rule() -> None:
    hands = [tiles("6-6 6-1"), tiles("6-5 2-2"), tiles("5-5 0-0"), tiles("6-4 3-3")]
    script = ["0 plays 6-6", "1 plays 6-5 right", "2 plays 5-5 right"]
    position = Position.start(PAIRS, hands, leader=0).apply_all(script)
    remarks = said(position, "3 plays 6-4 left", 0)
    assert codes(remarks) == ["tranque", "tranque_fewest", "count.all"]
    assert [remark.fact for remark in remarks[:2]] == ["§9a", "§9b"]
    assert args(remarks[0])["seat"] == Ref("role.left_opponent") and args(remarks[1])["pips"] == 7
    assert codes(said(position, "3 plays 6-4 left", 3))[0] == "tranque_you"  # the learner blocked: "You played"
    blocker = Position.start(PAIRS.with_options(blocked_winner="blocker"), hands, leader=0).apply_all(script)
    remarks = said(blocker, "3 plays 6-4 left", 0)
    assert codes(remarks) == ["tranque", "tranque_blocker", "count.all"] and remarks[1].fact == "H2"
    tie_hands = [tiles("6-6 6-1"), tiles("6-5 3-2"), tiles("5-5 0-0"), tiles("6-4 1-1")]
    tie = Position.start(PAIRS, tie_hands, leader=0).apply_all(script)
    remarks = said(tie, "3 plays 6-4 left", 0)
    assert codes(remarks) == ["tranque", "tranque_tie"] and remarks[1].fact == "§9c"  # nobody scores: no count


def test_a_tied_block_at_all_fives_keeps_the_points_scored_during_the_hand() -> None:
    # seat 1 blocks 0|5 with 5-1 (0|1): each side holds 6, nobody wins; the points scored during it still count.
    rules = Rules.all_fives()
    position = Position.setup(rules, [tiles("2-4"), tiles("5-1 3-3")], ["0-0", "0-5"], to_move=1)
    blocked = position.apply("plays 5-1 right")
    outcome = blocked.outcome
    assert outcome is not None and outcome.winner is None and outcome.side_pips == (6, 6)
    remarks = event_remarks(position.view(0), blocked.view(0))
    assert codes(remarks) == ["tranque", "tranque_tie_fives"] and remarks[1].fact == "S6b"
    assert "still count" in LIBRARY.texts.render(remarks[1].message, "en", "play")


def test_the_learner_who_wins_a_blocked_hand_where_each_player_is_a_side_is_told_you() -> None:
    # three players, winner takes: seat 1 blocks 3|4 with 4-1 (3|1); the learner (seat 0) holds the fewest.
    rules = Rules.block_game(players=3)
    position = Position.setup(rules, [tiles("0-0"), tiles("4-1 6-6"), tiles("5-5")], ["3-4"], to_move=1)
    remarks = event_remarks(position.view(0), position.apply("plays 4-1 right").view(0))
    assert codes(remarks) == ["tranque", "tranque_fewest_you", "count.opponents_you"]
    for lang in ("en", "es", "el"):
        text = " ".join(LIBRARY.texts.render(remark.message, lang, "play") for remark in remarks)
        assert not any(wrong in text for wrong in ("You has", "You scores", "Tú tiene", "Tú anota", ": Εσύ")), text


def test_katsika_says_when_a_lone_double_counts_25_or_50() -> None:
    rules = Rules.katsika(players=2)
    for lone, points in (("0-0", 25), ("6-6", 50)):
        position = Position.setup(rules, [tiles("4-1"), tiles(lone)], ["3-4"])
        over = position.apply("plays 4-1 right")
        assert over.outcome is not None and over.outcome.penalties == (0, points)
        remarks = event_remarks(position.view(0), over.view(0))
        assert codes(remarks)[-2:] == ["count.katsika", "count.katsika_double"]
        assert (args(remarks[-1])["tile"], args(remarks[-1])["points"], remarks[-1].fact) == (lone, points, "G8d")
        assert codes(event_remarks(position.view(1), over.view(1)))[-1] == "count.katsika_double_you"


@pytest.mark.parametrize(("rules", "method", "fact"), [
    (Rules.draw_game(), "opponents", "G8a"), (Rules.katsika(players=2), "katsika", "G8b"),
    (Rules.all_fives(), "fives", "S6a"),
])
def test_the_count_follows_the_tables_scoring(rules: Rules, method: str, fact: str) -> None:
    position = Position.setup(rules, [tiles("4-1"), tiles("6-5 2-3")], ["3-4"], stock=tiles("0-0") if
                              rules.uses_stock else ())
    remarks = said(position, "plays 4-1 right", 1)
    assert codes(remarks) == ["domino_alone", f"count.{method}"] and remarks[1].fact == fact


# ------------------------------------------------------------------------------------------------- the lead


def finished(rules: Rules, match: Match, seed: int) -> Position:
    """One random hand of `match`, played to the end and recorded."""
    rng = random.Random(seed)
    position = match.deal(rng)
    while position.outcome is None:
        position = position.apply(rng.choice(position.legal_moves()))
    match.record(position.outcome)
    return position


@pytest.mark.parametrize(("rules", "first", "fact"), [
    (PAIRS, "double_six", "§5a"), (ONE, "lot", "§5b"), (Rules.block_game(), "lowest_double", "G3a"),
    (Rules.international(), "highest_tile", "G4a"), (Rules.all_fives(), "random", "S2a"),
])
def test_the_lead_of_the_first_hand_and_why(rules: Rules, first: str, fact: str) -> None:
    match = Match(rules)
    position = match.deal(random.Random(3))
    for learner in range(rules.players):
        (remark,) = lead_remarks(match, position.view(learner))
        you = "_you" if learner == position.to_move else ""
        assert (remark.code, remark.fact) == (f"lead.{first}{you}", fact)
    assert lead_remarks(match, position.apply(position.legal_moves()[0]).view(0)) == ()  # once led: nothing


@pytest.mark.parametrize("rules", [PAIRS, ONE, Rules.international(), Rules.all_fives(), Rules.draw_game()])
def test_the_lead_of_later_hands_follows_the_last_hand(rules: Rules) -> None:
    match = Match(rules)
    for seed in range(40):
        last = finished(rules, match, seed).outcome
        if match.is_over:
            break
        position = match.deal(random.Random(seed + 100))
        (remark,) = lead_remarks(match, position.view(0))
        reason = remark.code.removesuffix("_you")
        if rules.lead_rule == "lowest_double":
            holds_zero = Tile(0, 0) in position.hands[0]
            expected = {"lowest_double": "lead.lowest_double_zero" if holds_zero else "lead.lowest_double",
                        "lowest_tile": "lead.lowest_tile"}[position.lead_reason]
            assert reason == expected
        elif rules.lead_rule == "la_plaza":
            expected = {"domino": "lead.went_out", "blocked": "lead.blocked"}[last.reason]
            assert reason == (expected if last.winner is not None or last.reason == "domino" else "lead.blocked_tie")
            assert position.to_move == last.next_leader
        else:
            assert reason == ("lead.winner" if last.winner is not None else "lead.again")
        assert remark.code.endswith("_you") == (position.to_move == 0)


# ----------------------------------------------------------------------------------------------------- advice


def test_advice_names_the_clearly_better_move_and_one_reason() -> None:
    odds = Position.setup(ONE, [tiles("5-6 3-1"), tiles("6-2")], ["3-0", "0-5"])
    remark = advice(odds.view(0), Play(Tile(6, 5), "right"), seed=1)
    assert remark is not None and remark.code == "advice.odds" and args(remark)["gain"] == 12
    assert args(remark)["move"] == Message.of("coach.move.left", tile="3-1")
    assert advice(odds.view(0), Play(Tile(3, 1), "left"), seed=1) is None  # the best move: silent
    heavy = Position.setup(ONE, [tiles("6-5 1-0"), tiles("6-1")], ["5-2", "2-0"])
    remark = advice(heavy.view(0), Play(Tile(1, 0), "right"), seed=1)
    assert remark is not None and (remark.code, args(remark)["pips"], args(remark)["less"]) == ("advice.heavy", 11, 1)
    double = Position.setup(ONE, [tiles("5-5 1-0"), tiles("5-2")], ["5-3", "3-0"])
    remark = advice(double.view(0), Play(Tile(1, 0), "right"), seed=1)
    assert remark is not None and (remark.code, args(remark)["tile"], remark.fact) == ("advice.double", "5-5", "§4a")
    stops = Position.setup(ONE, [tiles("3-2 4-4"), tiles("6-2 5-5")], ["3-1", "1-4"], to_move=1).apply(Pass())
    remark = advice(stops.view(0), Play(Tile(3, 2), "left"), seed=1)
    assert remark is not None and remark.code == "advice.stops" and remark.step == "pasa:4"


def test_advice_is_silent_when_the_difference_is_small_or_there_was_no_choice() -> None:
    close = Position.setup(ONE, [tiles("5-3 6-0"), tiles("6-3")], ["5-2", "2-0"])  # 2 points apart
    assert advice(close.view(0), Play(Tile(6, 0), "right"), seed=1) is None
    alone = Position.setup(ONE, [tiles("5-3 1-1"), tiles("6-3")], ["5-2", "2-0"], stock=tiles("4-4"))
    assert advice(alone.view(0), Play(Tile(5, 3), "left"), seed=1) is None  # one legal move
    drawing = Position.setup(ONE, [tiles("1-1"), tiles("6-3")], ["5-2", "2-0"], stock=tiles("4-4"))
    assert advice(drawing.view(0), Draw(), seed=1) is None
    with pytest.raises(ValueError, match="legal"):
        advice(close.view(0), Play(Tile(1, 1), "right"), seed=1)


def test_left_and_right_are_one_choice_for_the_coach() -> None:
    # both ends show 5: 5-1 left and 5-1 right are one choice, and the coach never says "the other end"
    position = Position.setup(ONE, [tiles("5-1 6-6"), tiles("1-2")], ["5-0", "0-3", "3-5"])
    view = position.view(0)
    assert advice(view, Play(Tile(5, 1), "right"), seed=2) is None
    assert advice(view, Play(Tile(5, 1), "left"), seed=2) is None
    assert move_words(view, Play(Tile(5, 1), "right")) == Message.of("coach.move.tile", tile="5-1")
    assert move_words(view, Play(Tile(6, 6), None)) == Message.of("coach.move.tile", tile="6-6")


def test_the_better_play_is_named_with_its_end_when_another_end_does_something_else() -> None:
    # all-fives: 5-4 up or down scores 10 at once, 5-4 right scores nothing (issue 21's repro)
    position = Position.setup(Rules.all_fives(), [["5-4", "1-2", "6-3"], ["6-6", "2-2", "1-1"]],
                              ["0-3", "3-4", "4-4", "4-6", "6-5"], spinner=2, stock=["0-1", "0-2", "1-3"])
    view = position.view(0)
    plays = {move.end: move for move in view.legal_moves() if isinstance(move, Play) and move.tile == Tile(5, 4)}
    assert {"up", "down", "right"} <= set(plays)
    assert move_words(view, plays["up"]) == Message.of("coach.move.up", tile="5-4")
    reason, found = reason_for(view, plays["up"], plays["right"])
    assert (reason, found) == ("scores", {"points": 10})


def test_the_lead_says_the_zero_zero_does_not_count_and_links_a_fact_at_every_table() -> None:
    holds_zero = Position.start(Rules.block_game(), [tiles("0-0 6-5"), tiles("3-3 4-0")])
    (remark,) = lead_remarks(Match(Rules.block_game()), holds_zero.view(0))
    assert (remark.code, remark.fact) == ("lead.lowest_double_zero", "G3a")
    no_double = Position.start(Rules.block_game(), [tiles("0-0 6-5"), tiles("5-3 4-0")])
    assert lead_remarks(Match(Rules.block_game()), no_double.view(1))[0].code == "lead.lowest_tile"
    assert lead_remarks(Match(Rules.block_game()), no_double.view(0))[0].code == "lead.lowest_tile_you"
    for rules in (Rules.international_two(), Rules.international(), Rules.all_fives()):
        assert fact_of("lead.winner", rules) is not None, rules.name


def test_advice_names_a_number_an_opponent_lacks_or_the_partner_has_shown() -> None:
    hands = [tiles("4-2 3-5"), tiles("1-1 0-0"), tiles("3-6 5-5"), tiles("6-4 2-2")]
    # the right opponent passed on 3|3: 4-2 keeps a 3 showing for them, 3-5 covers it
    lacked = Position.setup(PAIRS, hands, ["3-3"], to_move=1).apply_all(
        ["1 passes", "2 plays 3-6 right", "3 plays 6-4 right"])
    reason, found = reason_for(lacked.view(0), Play(Tile(4, 2), "right"), Play(Tile(5, 3), "left"))
    assert (reason, found) == ("lacked", {"seat": Ref("role.right_opponent"), "number": 3})
    # the partner laid a 6 showing (3-6, still at the right end): 2-4 keeps it open, 6-1 covers it
    hands = [tiles("2-4 6-1"), tiles("1-1 0-0"), tiles("3-6 5-5"), tiles("3-2 2-2")]
    shown = Position.setup(PAIRS, hands, ["3-3"], to_move=2).apply_all(["2 plays 3-6 right", "3 plays 3-2 left"])
    reason, found = reason_for(shown.view(0), Play(Tile(4, 2), "left"), Play(Tile(6, 1), "right"))
    assert (reason, found) == ("shown", {"number": 6})


def test_the_reasons_are_tried_in_order() -> None:
    # the partner (seat 2) passed on 1|2; 1-1 would leave 1|2 again, 2-5 opens a 5
    hands = [tiles("1-1 2-5 0-0"), tiles("6-6 6-5"), tiles("3-3 4-4 6-3"), tiles("2-2 6-4 0-3")]
    position = Position.setup(PAIRS, hands, ["1-2"], to_move=2).apply_all(["2 passes", "3 plays 2-2 right"])
    view = position.view(0)
    reason, found = reason_for(view, Play(Tile(5, 2), "right"), Play(Tile(1, 1), "left"))
    assert (reason, found) == ("partner", {"numbers": (1, 2)})
    reason, found = reason_for(view, Play(Tile(1, 1), "left"), Play(Tile(5, 2), "right"))
    assert reason == "double" and found == {"tile": "1-1"}
    # all-fives: 5-0 beside the lone spinner 5-5 makes 0 + 10, a multiple of 5 that scores at once; 5-1 makes 11
    fives = Position.setup(Rules.all_fives(), [tiles("5-0 5-1 6-6"), tiles("1-1")], ["5-5"], spinner=0)
    reason, found = reason_for(fives.view(0), Play(Tile(5, 0), "left"), Play(Tile(5, 1), "left"))
    assert (reason, found) == ("scores", {"points": 10})
    reason, found = reason_for(fives.view(0), Play(Tile(5, 1), "left"), Play(Tile(5, 1), "left"))
    assert (reason, found) == ("odds", {})  # the same move: nothing tells them apart


# ------------------------------------------------------------------------------------------------------ sweep


def _expected_codes(before, after, learner: int) -> set[str]:
    """The codes the rules call for at one event, worked out here independently of the coach."""
    event = after.history[-1]
    you = "_you" if event.seat == learner else ""
    expected = set()
    if isinstance(event.move, Pass):
        expected.add(f"passed{you}")
        ends = {n for _, n in before.open_ends}
        if set(after.known_lacks(event.seat)) != ends:
            expected.add(f"lacks{you}")
    elif isinstance(event.move, Draw):
        if before.known_lacks(event.seat):
            expected.add(f"lacks_wiped{you}")
    elif event.seat != learner and len(after.history) > 1:
        previous = after.history[-2]
        if previous.seat == event.seat and isinstance(previous.move, Draw):
            expected.add("drew")
    return expected


@pytest.mark.parametrize("rules", TABLES, ids=table_id)
def test_in_whole_hands_each_code_fires_exactly_when_its_rule_applies(rules: Rules) -> None:
    rng = random.Random(f"coach-{table_id(rules)}")
    for _ in range(12):
        position = deal(rules, rng)
        learner = rng.randrange(rules.players)
        while position.outcome is None:
            turn = codes(turn_remarks(position.view(learner)))
            forced = position.to_move == learner and position.ends is not None and position.required_action()
            assert turn == ({"draw": ["draw_forced"], "pass": [f"pass_{'empty' if rules.uses_stock else 'forced'}"]}
                            .get(forced, []) if forced else [])
            after = position.apply(rng.choice(position.legal_moves()))
            remarks = event_remarks(position.view(learner), after.view(learner))
            found = set(codes(remarks))
            assert found <= set(CODES)
            rule_codes = {c for c in found if not c.startswith(("domino", "capicu", "tranque", "count"))}
            assert rule_codes == _expected_codes(position.view(learner), after.view(learner), learner)
            ending = {c for c in found if c.startswith(("domino", "capicu", "tranque"))}
            assert bool(ending) == (after.outcome is not None)
            counted = any(c.startswith("count.") for c in found)
            assert counted == (after.outcome is not None and after.outcome.winner is not None)
            position = after
