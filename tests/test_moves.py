"""One scripted position per La Plaza rule (RULES.md §1–§12, H1–H4) and per illegal-move code, with precedence."""

import pytest

from engine import ILLEGAL_MOVE_CODES, Draw, IllegalMove, Pass, Play, Position, Rules, Tile
from tests.conftest import ONE, PAIRS, tiles


def code_of(position: Position, move: object) -> str:
    """The code of the IllegalMove that applying `move` raises (fails the test if it applies)."""
    with pytest.raises(IllegalMove) as excinfo:
        position.apply(move)
    assert isinstance(excinfo.value, ValueError)
    assert excinfo.value.message
    return excinfo.value.code


def test_every_contract_code_is_declared() -> None:
    for code in (
        "not-in-hand",
        "no-match",
        "must-lead-double-six",
        "must-draw",
        "has-playable",
        "stock-empty",
        "bad-end",
        "hand-over",
    ):
        assert code in ILLEGAL_MOVE_CODES


# --- §1 set, §3 matching -----------------------------------------------------------------------------


def test_s3_a_play_covers_the_matching_half_and_shows_the_other() -> None:
    position = Position.setup(ONE, [tiles("5-2 1-1"), tiles("0-0")], ["3-4", "4-5"])
    assert position.apply(Play(Tile(5, 2), "right")).ends == (3, 2)
    left = Position.setup(ONE, [tiles("3-2 1-1"), tiles("0-0")], ["3-4", "4-5"])
    after = left.apply(Play(Tile(3, 2), "left"))
    assert after.ends == (2, 5)
    assert after.line == (Tile(3, 2), Tile(3, 4), Tile(4, 5))
    assert after.to_move == 1


def test_s3_only_the_ends_matter() -> None:
    position = Position.setup(ONE, [tiles("4-1 1-1"), tiles("0-0")], ["3-4", "4-5"], stock=tiles("6-6"))
    assert position.legal_moves() == [Draw()]
    assert code_of(position, Play(Tile(4, 1), "left")) == "no-match"
    assert code_of(position, Play(Tile(4, 1), "right")) == "no-match"


def test_s3_a_tile_matching_both_ends_is_offered_at_both() -> None:
    position = Position.setup(ONE, [tiles("3-5 1-1"), tiles("0-0")], ["3-4", "4-5"])
    assert set(position.legal_moves()) == {Play(Tile(3, 5), "left"), Play(Tile(3, 5), "right")}
    assert position.apply(Play(Tile(3, 5), "left")).ends == (5, 5)
    assert position.apply(Play(Tile(3, 5), "right")).ends == (3, 3)


def test_s3_offered_at_both_ends_also_when_they_show_the_same_number() -> None:
    position = Position.setup(ONE, [tiles("3-6 1-1"), tiles("0-0")], ["3-4", "4-2", "2-3"])
    assert position.ends == (3, 3)
    assert set(position.legal_moves()) == {Play(Tile(3, 6), "left"), Play(Tile(3, 6), "right")}
    assert position.apply(Play(Tile(3, 6), "left")).ends == (6, 3)
    assert position.apply(Play(Tile(3, 6), "right")).ends == (3, 6)


def test_s3_no_match_at_the_chosen_end() -> None:
    position = Position.setup(ONE, [tiles("5-2 1-1"), tiles("0-0")], ["3-4", "4-5"])
    assert code_of(position, Play(Tile(5, 2), "left")) == "no-match"


def test_tile_may_be_given_as_text_and_moves_as_text() -> None:
    position = Position.setup(ONE, [tiles("5-2 1-1"), tiles("0-0")], ["3-4", "4-5"])
    assert position.apply(Play("2-5", "right")).ends == (3, 2)
    assert position.apply("plays 5-2 right").ends == (3, 2)


# --- §4 doubles --------------------------------------------------------------------------------------


def test_s4_a_double_keeps_its_number_showing() -> None:
    position = Position.setup(ONE, [tiles("5-5 1-1"), tiles("0-0")], ["3-4", "4-5"])
    after = position.apply(Play(Tile(5, 5), "right"))
    assert after.ends == (3, 5)
    assert after.line[-1] == Tile(5, 5)


def test_s4_a_double_goes_only_on_its_own_number() -> None:
    position = Position.setup(ONE, [tiles("5-5 3-1"), tiles("0-0")], ["3-4", "4-5"])
    assert code_of(position, Play(Tile(5, 5), "left")) == "no-match"
    assert Play(Tile(5, 5), "left") not in position.legal_moves()


def test_s4_a_double_lead_shows_its_number_at_both_ends() -> None:
    position = Position.start(ONE, [tiles("4-4 1-2"), tiles("0-0")], leader=0)
    after = position.apply(Play(Tile(4, 4)))
    assert after.ends == (4, 4)


def test_s4_no_spinner_the_line_keeps_two_ends() -> None:
    position = Position.start(PAIRS, [tiles("4-4 1-2"), tiles("4-1 0-0"), tiles("4-2 0-1"), tiles("4-3 5-5")], leader=0)
    position = position.apply_all(["0 plays 4-4", "1 plays 4-1 left", "2 plays 4-2 right"])
    assert position.ends == (1, 2)
    assert set(position.legal_moves()) == {Pass()}  # 4-3 cannot go on the double's sides


def test_mixed_lead_shows_both_numbers() -> None:
    position = Position.start(ONE, [tiles("6-5 1-2"), tiles("0-0")], leader=0)
    assert set(position.apply(Play(Tile(6, 5))).ends) == {5, 6}


# --- §2 deal, turn order -----------------------------------------------------------------------------


def test_s2_partnership_turns_go_0_1_2_3_0() -> None:
    hands = [tiles("6-6 6-0"), tiles("6-1 1-1"), tiles("6-2 2-2"), tiles("6-3 3-3")]
    position = Position.start(PAIRS, hands, leader=0)
    seen = [position.to_move]
    for text in ["plays 6-6", "plays 6-1 left", "plays 6-2 right", "passes"]:
        position = position.apply(text)
        seen.append(position.to_move)
    assert seen == [0, 1, 2, 3, 0]


def test_s2_one_vs_one_turns_alternate() -> None:
    position = Position.start(ONE, [tiles("6-6 6-0"), tiles("6-1 1-1")], stock=tiles("2-2"), leader=1)
    assert position.to_move == 1
    position = position.apply("plays 6-1")
    assert position.to_move == 0


# --- §5 the lead -------------------------------------------------------------------------------------


def test_s5_partnership_first_hand_must_lead_the_double_six() -> None:
    hands = [tiles("6-6 6-5"), tiles("1-1"), tiles("2-2"), tiles("3-3")]
    position = Position.start(PAIRS, hands, first_hand=True)
    assert position.to_move == 0
    assert position.legal_moves() == [Play(Tile(6, 6))]
    assert code_of(position, Play(Tile(6, 5))) == "must-lead-double-six"
    assert position.apply(Play(Tile(6, 6))).ends == (6, 6)


def test_s5_later_hands_lead_any_tile() -> None:
    hands = [tiles("6-6 6-5"), tiles("1-1"), tiles("2-2"), tiles("3-3")]
    position = Position.start(PAIRS, hands, leader=0)
    assert set(position.legal_moves()) == {Play(Tile(6, 6)), Play(Tile(6, 5))}
    assert position.apply(Play(Tile(6, 5))).line == (Tile(6, 5),)


def test_s5_one_vs_one_first_hand_leader_leads_any_tile() -> None:
    position = Position.start(ONE, [tiles("1-2 0-3"), tiles("6-6")], leader=0, first_hand=True)
    assert set(position.legal_moves()) == {Play(Tile(1, 2)), Play(Tile(0, 3))}


def test_s5_a_lead_takes_no_end() -> None:
    position = Position.start(ONE, [tiles("1-2 0-3"), tiles("6-6")], leader=0)
    assert code_of(position, Play(Tile(1, 2), "left")) == "bad-end"
    assert code_of(position, Play(Tile(1, 2), "right")) == "bad-end"


def test_a_play_after_the_lead_needs_an_end() -> None:
    position = Position.setup(ONE, [tiles("5-2 1-1"), tiles("0-0")], ["3-4", "4-5"])
    assert code_of(position, Play(Tile(5, 2))) == "bad-end"


# --- §6 cannot play ----------------------------------------------------------------------------------


def test_s6_one_vs_one_draw_when_nothing_matches() -> None:
    position = Position.setup(ONE, [tiles("1-1"), tiles("0-0")], ["3-4"], stock=tiles("2-2 3-1 6-6"))
    assert position.legal_moves() == [Draw()]
    assert code_of(position, Pass()) == "must-draw"
    drawn = position.apply(Draw())
    assert drawn.to_move == 0  # a draw keeps the turn
    assert Tile(2, 2) in drawn.hands[0]  # the stock is drawn in order
    assert tuple(drawn.stock) == (Tile(3, 1), Tile(6, 6))
    assert drawn.legal_moves() == [Draw()]  # still nothing fits: draw again
    fits = drawn.apply(Draw())
    assert set(fits.legal_moves()) == {Play(Tile(3, 1), "left")}  # then play the tile that fits
    assert code_of(fits, Draw()) == "has-playable"
    assert code_of(fits, Pass()) == "has-playable"
    played = fits.apply(Play(Tile(3, 1), "left"))
    assert played.to_move == 1 and played.ends == (1, 4)
    assert set(played.hands[0]) == {Tile(1, 1), Tile(2, 2)}  # drawn tiles are the player's


def test_s6_one_vs_one_pass_only_on_an_empty_stock() -> None:
    position = Position.setup(ONE, [tiles("1-1"), tiles("0-4")], ["3-4"])
    assert position.legal_moves() == [Pass()]
    assert code_of(position, Draw()) == "stock-empty"
    after = position.apply(Pass())
    assert after.to_move == 1 and after.ends == (3, 4)


def test_s6_drawing_while_holding_a_playable_tile_is_illegal() -> None:
    position = Position.setup(ONE, [tiles("1-1 4-2"), tiles("0-0")], ["3-4"], stock=tiles("6-6"))
    assert Draw() not in position.legal_moves()
    assert code_of(position, Draw()) == "has-playable"


def test_s6_passing_while_holding_a_playable_tile_is_illegal() -> None:
    position = Position.setup(PAIRS, [tiles("1-1 4-2"), tiles("0-0"), tiles("5-5"), tiles("6-6")], ["3-4"])
    assert Pass() not in position.legal_moves()
    assert code_of(position, Pass()) == "has-playable"


def test_s6_partnership_has_no_stock_you_pass() -> None:
    position = Position.setup(PAIRS, [tiles("1-1"), tiles("0-4"), tiles("5-5"), tiles("6-6")], ["3-4"])
    assert position.legal_moves() == [Pass()]
    assert code_of(position, Draw()) == "stock-empty"
    after = position.apply(Pass())
    assert after.to_move == 1


def test_s6_dead_line_with_stock_left_means_drawing_it_all() -> None:
    # 3 and 4 show; no tile left anywhere has a 3 or a 4: the next player draws the whole stock
    position = Position.setup(ONE, [tiles("3-4 1-1"), tiles("0-0")], ["3-5"], stock=tiles("6-6 2-2"))
    position = position.apply(Play(Tile(3, 4), "left"))
    assert position.ends == (4, 5)
    assert position.outcome is None
    assert position.to_move == 1
    assert position.legal_moves() == [Draw()]
    position = position.apply(Draw())
    assert position.outcome is None and position.legal_moves() == [Draw()]
    position = position.apply(Draw())
    assert position.outcome is not None and position.outcome.reason == "blocked"
    assert position.outcome.blocker == 0
    assert set(position.hands[1]) == {Tile(0, 0), Tile(6, 6), Tile(2, 2)}


# --- §7 is in test_known_lacks.py; §8 domino ---------------------------------------------------------


def test_s8_domino_ends_the_hand_at_once() -> None:
    position = Position.setup(PAIRS, [tiles("4-2"), tiles("0-0 1-1"), tiles("4-6 2-5"), tiles("3-6")], ["3-4"])
    after = position.apply(Play(Tile(4, 2), "right"))
    assert after.outcome is not None
    assert after.outcome.reason == "domino"
    assert after.legal_moves() == []
    assert code_of(after, Play(Tile(4, 6), "right")) == "hand-over"
    assert code_of(after, Pass()) == "hand-over"


def test_s8_partners_domino_wins_for_the_side() -> None:
    position = Position.setup(PAIRS, [tiles("0-0"), tiles("0-1 1-1"), tiles("4-2"), tiles("3-6")], ["3-4"], to_move=2)
    outcome = position.apply(Play(Tile(4, 2), "right")).outcome
    assert outcome is not None and outcome.winner == 0 and outcome.next_leader == 2


# --- §9 blocked --------------------------------------------------------------------------------------


def test_s9_blocked_as_soon_as_nobody_can_play() -> None:
    position = Position.setup(PAIRS, [tiles("4-1 2-2"), tiles("0-0"), tiles("5-5"), tiles("6-6")], ["3-4"])
    after = position.apply(Play(Tile(4, 1), "right"))
    assert after.outcome is not None
    assert after.outcome.reason == "blocked"
    assert after.outcome.blocker == 0
    assert after.legal_moves() == []
    assert code_of(after, Pass()) == "hand-over"


def test_s9_one_vs_one_never_blocked_while_the_stock_has_tiles() -> None:
    position = Position.setup(ONE, [tiles("4-1 2-2"), tiles("0-0")], ["3-4"], stock=tiles("6-6"))
    after = position.apply(Play(Tile(4, 1), "right"))
    assert after.outcome is None
    assert after.legal_moves() == [Draw()]
    blocked = after.apply(Draw())  # stock now empty and nobody can play
    assert blocked.outcome is not None
    assert blocked.outcome.reason == "blocked"
    assert blocked.outcome.blocker == 0
    assert blocked.outcome.next_leader == 0


# --- §10–§12 and H1–H4 (details in test_outcome.py and test_match.py) --------------------------------


def test_s10_winner_scores_all_hands_stock_never_counts() -> None:
    position = Position.setup(ONE, [tiles("4-2"), tiles("6-5 2-3")], ["3-4"], stock=tiles("6-6 5-5"))
    outcome = position.apply(Play(Tile(4, 2), "right")).outcome
    assert outcome is not None and outcome.points == 16 and outcome.winner == 0


def test_s11_capicu_scores_like_a_domino_in_la_plaza() -> None:
    position = Position.setup(ONE, [tiles("5-3"), tiles("6-5 2-3")], ["3-4", "4-5"], stock=tiles("6-6"))
    outcome = position.apply(Play(Tile(5, 3), "left")).outcome
    assert outcome is not None and outcome.capicu and outcome.points == 16


def test_h1_count_losers_only() -> None:
    rules = Rules.partnership(count="losers")
    position = Position.setup(rules, [tiles("4-2"), tiles("0-1"), tiles("6-6 2-5"), tiles("3-6")], ["3-4"])
    outcome = position.apply(Play(Tile(4, 2), "right")).outcome
    assert outcome is not None and outcome.points == 1 + 9


def test_h2_blocker_side_wins_a_blocked_hand() -> None:
    rules = Rules.partnership(blocked_winner="blocker")
    position = Position.setup(rules, [tiles("4-1 6-6"), tiles("0-0"), tiles("5-5"), tiles("2-2")], ["3-4"])
    outcome = position.apply(Play(Tile(4, 1), "right")).outcome
    assert outcome is not None and outcome.winner == 0 and outcome.points == 12 + 10 + 4


def test_h3_capicu_bonus() -> None:
    rules = Rules.one_vs_one(capicu_bonus=25)
    position = Position.setup(rules, [tiles("5-3"), tiles("6-5 2-3")], ["3-4", "4-5"])
    outcome = position.apply(Play(Tile(5, 3), "right")).outcome
    assert outcome is not None and outcome.capicu and outcome.points == 16 + 25


# --- illegal-move codes and their precedence ---------------------------------------------------------


def test_code_not_in_hand() -> None:
    position = Position.setup(ONE, [tiles("5-2"), tiles("0-0")], ["3-4", "4-5"])
    assert code_of(position, Play(Tile(5, 6), "right")) == "not-in-hand"
    assert code_of(position, Play(Tile(0, 0), "right")) == "not-in-hand"  # the opponent's tile


def test_code_no_match() -> None:
    position = Position.setup(ONE, [tiles("5-2 1-6"), tiles("0-0")], ["3-4", "4-5"])
    assert code_of(position, Play(Tile(1, 6), "left")) == "no-match"


def test_code_must_lead_double_six() -> None:
    hands = [tiles("1-1"), tiles("6-6 6-5"), tiles("2-2"), tiles("3-3")]
    position = Position.start(PAIRS, hands, first_hand=True)
    assert code_of(position, Play(Tile(6, 5))) == "must-lead-double-six"


def test_code_must_draw() -> None:
    position = Position.setup(ONE, [tiles("1-1"), tiles("0-0")], ["3-4"], stock=tiles("2-2"))
    assert code_of(position, Pass()) == "must-draw"


def test_code_has_playable() -> None:
    position = Position.setup(ONE, [tiles("1-1 4-0"), tiles("0-0")], ["3-4"], stock=tiles("2-2"))
    assert code_of(position, Pass()) == "has-playable"
    assert code_of(position, Draw()) == "has-playable"


def test_code_stock_empty() -> None:
    position = Position.setup(ONE, [tiles("1-1"), tiles("0-0 4-6")], ["3-4"])
    assert code_of(position, Draw()) == "stock-empty"


def test_code_bad_end() -> None:
    lead = Position.start(ONE, [tiles("1-1"), tiles("0-0")], leader=0)
    assert code_of(lead, Play(Tile(1, 1), "left")) == "bad-end"
    later = Position.setup(ONE, [tiles("1-1 1-4"), tiles("0-0")], ["3-4"])
    assert code_of(later, Play(Tile(1, 4))) == "bad-end"


def test_code_hand_over() -> None:
    position = Position.setup(ONE, [tiles("4-2"), tiles("0-0 6-6")], ["3-4"], stock=tiles("1-1"))
    over = position.apply(Play(Tile(4, 2), "right"))
    for move in [Play(Tile(0, 0), "left"), Play(Tile(0, 0)), Draw(), Pass()]:
        assert code_of(over, move) == "hand-over"


def test_play_precedence_hand_over_before_not_in_hand() -> None:
    position = Position.setup(ONE, [tiles("4-2"), tiles("0-0")], ["3-4"])
    over = position.apply(Play(Tile(4, 2), "right"))
    assert code_of(over, Play(Tile(5, 5), "left")) == "hand-over"


def test_play_precedence_not_in_hand_before_bad_end() -> None:
    lead = Position.start(ONE, [tiles("1-1"), tiles("0-0")], leader=0)
    assert code_of(lead, Play(Tile(5, 5), "left")) == "not-in-hand"
    later = Position.setup(ONE, [tiles("1-1 1-4"), tiles("0-0")], ["3-4"])
    assert code_of(later, Play(Tile(5, 5))) == "not-in-hand"


def test_play_precedence_not_in_hand_before_must_lead_double_six() -> None:
    hands = [tiles("6-6 6-5"), tiles("1-1"), tiles("2-2"), tiles("3-3")]
    position = Position.start(PAIRS, hands, first_hand=True)
    assert code_of(position, Play(Tile(1, 1))) == "not-in-hand"


def test_play_precedence_bad_end_before_must_lead_double_six() -> None:
    hands = [tiles("6-6 6-5"), tiles("1-1"), tiles("2-2"), tiles("3-3")]
    position = Position.start(PAIRS, hands, first_hand=True)
    assert code_of(position, Play(Tile(6, 5), "right")) == "bad-end"


def test_play_precedence_not_in_hand_and_bad_end_before_no_match() -> None:
    position = Position.setup(ONE, [tiles("1-1 1-4"), tiles("0-0")], ["3-4"])
    assert code_of(position, Play(Tile(5, 6), "left")) == "not-in-hand"
    assert code_of(position, Play(Tile(1, 1))) == "bad-end"


def test_pass_draw_precedence_hand_over_before_has_playable() -> None:
    position = Position.setup(ONE, [tiles("4-2"), tiles("0-0 4-4")], ["3-4"], stock=tiles("1-1"))
    over = position.apply(Play(Tile(4, 2), "right"))
    assert code_of(over, Pass()) == "hand-over"
    assert code_of(over, Draw()) == "hand-over"


def test_pass_precedence_has_playable_before_must_draw() -> None:
    position = Position.setup(ONE, [tiles("1-1 4-0"), tiles("0-0")], ["3-4"], stock=tiles("2-2"))
    assert code_of(position, Pass()) == "has-playable"


def test_draw_precedence_has_playable_before_stock_empty() -> None:
    position = Position.setup(ONE, [tiles("1-1 4-0"), tiles("0-0")], ["3-4"])
    assert code_of(position, Draw()) == "has-playable"
    pairs = Position.setup(PAIRS, [tiles("1-1 4-0"), tiles("0-0"), tiles("5-5"), tiles("6-6")], ["3-4"])
    assert code_of(pairs, Draw()) == "has-playable"


def test_pass_or_draw_at_the_lead_has_playable() -> None:
    position = Position.start(ONE, [tiles("1-1"), tiles("0-0")], stock=tiles("2-2"), leader=0)
    assert code_of(position, Pass()) == "has-playable"
    assert code_of(position, Draw()) == "has-playable"


def test_check_and_is_legal_agree_with_apply() -> None:
    position = Position.setup(ONE, [tiles("1-1 4-0"), tiles("0-0")], ["3-4"], stock=tiles("2-2"))
    assert position.check(Play(Tile(4, 0), "right")) is None
    assert position.is_legal(Play(Tile(4, 0), "right"))
    error = position.check(Pass())
    assert error is not None and error.code == "has-playable"
    assert not position.is_legal(Pass())


def test_playable_tiles_of_any_seat() -> None:
    position = Position.setup(ONE, [tiles("3-1 6-6"), tiles("5-2 0-0 4-4")], ["3-4", "4-5"])
    assert position.playable_tiles() == {Tile(3, 1)}
    assert position.playable_tiles(1) == {Tile(5, 2)}
    after = position.apply("plays 3-1 left").apply("plays 5-2 right")
    assert after.playable_tiles(1) == frozenset()  # 0-0 and 4-4 fit neither 1 nor 2
    assert after.playable_tiles(0) == frozenset()
    with pytest.raises(ValueError, match="seat"):
        position.playable_tiles(2)
