"""The Play page under AppTest: whole hands through the buttons and the picture, in every language, the count and
"Next hand", the match's end, a reload that continues the match, and bad addresses."""

from __future__ import annotations

import random
import re
import sys
import time
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

import app.pages.play_page
from app.i18n import Words
from app.pages.play_page import STATE_KEY, PlayState
from app.widgets.picture import tap_value
from app.widgets.play_table import IMAGE_KEY
from engine import Draw, Move, Play, parse_history
from play import advice, choices, computer_player
from play.game import LEARNER, Game, Setup
from render import HandTile, OpenEnd, Stock
from tests.app_support import LANGUAGES, LIBRARY, click, open_app, shown_picture
from wording import Message


@pytest.fixture(autouse=True)
def seeded(monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> None:
    """Every match the page starts in a test follows a seed of the test's own (the same in every run)."""
    seed = sum(map(ord, request.node.name)) * 7919
    monkeypatch.setattr(app.pages.play_page, "new_seed", lambda: seed)
    monkeypatch.setattr(app.pages.play_page, "PACE", 0.0)  # the computers' moves all at once under test


def state(at: AppTest) -> PlayState:
    """The page's state."""
    return at.session_state[STATE_KEY]


def game(at: AppTest) -> Game:
    """The match on the page."""
    found = state(at).game
    assert found is not None
    return found


def start(at: AppTest, table: str, level: str = "club", players: int | None = None) -> AppTest:
    """Choose a table and a level on the setup form and start the match."""
    at.selectbox(key="play_table_pick").set_value(table).run()
    if players is not None:
        at.segmented_control(key="play_players_pick").set_value(players).run()
    at.segmented_control(key="play_level_pick").set_value(level).run()
    return click(at, "play_start")


def learner_move(at: AppTest) -> Move:
    """The move the learner makes: what a club player would, from the learner's own view."""
    current = game(at)
    return computer_player("club", 5).choose(current.position.view(LEARNER))


def by_buttons(at: AppTest, move: Move) -> None:
    """One move through the button twins: the tile, then its end (or Lead it); Draw; Pass."""
    if isinstance(move, Play):
        if state(at).selected != move.tile:
            click(at, f"play_tile_{move.tile}")
        click(at, "play_end_lead" if move.end is None else f"play_end_{move.end}")
    else:
        click(at, "play_draw" if isinstance(move, Draw) else "play_pass")


def tap(at: AppTest, region_wanted: object) -> None:
    """Tap the middle of a region of the picture on show (at its native size) and rerun."""
    shown = state(at).taps.click_map
    assert shown is not None
    click_map = shown[2]
    for region, (x0, y0, x1, y1) in click_map:
        if region == region_wanted:
            at.session_state[IMAGE_KEY] = tap_value((x0 + x1) / 2, (y0 + y1) / 2, click_map.width, click_map.height)
            at.run()
            assert not at.exception, at.exception
            return
    raise AssertionError(f"{region_wanted} is not on the picture")


def by_taps(at: AppTest, move: Move) -> None:
    """One move by tapping the picture: the tile, then the circle at its end; the stock to draw; Pass button."""
    if isinstance(move, Play):
        tap(at, HandTile("hand", LEARNER, move.tile))
        tap(at, OpenEnd("lead", None) if move.end is None else OpenEnd("end", move.end))
    elif isinstance(move, Draw):
        tap(at, Stock("stock"))
    else:
        click(at, "play_pass")


def play_hand(at: AppTest, moves_by=by_buttons) -> int:
    """Play the learner's moves until the hand is over; the number of learner moves."""
    made = 0
    while not game(at).hand_over:
        assert game(at).learner_to_move
        before = len(game(at).position.history)
        moves_by(at, learner_move(at))
        assert len(game(at).position.history) > before  # the move was made, and the computers answered
        made += 1
    return made


ROOT = Path(__file__).resolve().parent.parent
UNTRANSLATED = re.compile(r"\[[a-z_]+\.[a-z_.]+\]")  # what a text key missing in every language shows


def page_text(at: AppTest) -> str:
    """Every text on the page: markdown, captions, notices and boxes."""
    kinds = ("markdown", "caption", "info", "warning", "error", "success", "title")
    return " ".join(str(element.value) for kind in kinds for element in getattr(at, kind))


def words(lang: str, key: str, **args: object) -> str:
    """A text of the Play page in one language."""
    return LIBRARY.texts.render(Message.of(key, **args), lang, "play")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("table", ["one_vs_one", "partnership"])
def test_a_whole_hand_through_the_buttons_to_the_count_and_next_hand(lang: str, table: str) -> None:
    at = open_app(lesson="play", lang=lang)
    assert at.title[0].value == words(lang, "play.title")
    start(at, table)
    assert game(at).rules.name == table
    assert play_hand(at) >= 1
    shown = page_text(at)
    assert words(lang, "play.count_title") in shown
    scores = game(at).match.scores
    assert all(str(score) in shown for score in scores)
    assert game(at).position.outcome is not None
    assert not UNTRANSLATED.findall(shown), UNTRANSLATED.findall(shown)
    hands_before = game(at).hand_number
    if game(at).match.is_over:
        click(at, "play_new_match")
        assert state(at).game is None
    else:
        click(at, "play_next_hand")
        assert game(at).hand_number == hands_before + 1 and not game(at).hand_over
        assert game(at).learner_to_move or game(at).hand_over


def test_a_whole_hand_by_tapping_the_picture() -> None:
    at = open_app(lesson="play", lang="en")
    start(at, "one_vs_one")
    play_hand(at, by_taps)
    assert game(at).hand_over


def first_position(table: str, wanted, level: str = "club") -> Game:
    """A match (from a fixed seed) played by club moves until ``wanted(game)`` holds at the learner's turn."""
    for seed in range(1, 200):
        current = Game.new(Setup(table, level=level, seed=seed))
        while not current.hand_over:
            if current.learner_to_move:
                if wanted(current):
                    return current
                current.play(computer_player("club", seed).choose(current.position.view(LEARNER)))
            else:
                current.computer_step()
    raise AssertionError("no such position in 200 matches")


def test_a_second_tap_on_the_lifted_tile_puts_it_back_and_a_wrong_end_is_refused() -> None:
    def misfit(current: Game) -> bool:  # the learner holds a tile that does not fit the left end
        ends = current.position.ends
        return ends is not None and any(not t.has(ends[0]) for t in current.position.hands[LEARNER])

    chosen = first_position("partnership", misfit)
    at = open_app(lesson="play", lang="en", game=chosen.record)
    position = game(at).position
    left, _ = position.ends
    tile = next(t for t in position.hands[LEARNER] if not t.has(left))
    tap(at, HandTile("hand", LEARNER, tile))
    assert state(at).selected == tile
    tap(at, HandTile("hand", LEARNER, tile))
    assert state(at).selected is None
    tap(at, HandTile("hand", LEARNER, tile))
    tap(at, OpenEnd("end", "left"))
    assert len(game(at).position.history) == len(position.history)  # refused: nothing changed
    assert state(at).taps.wrong == (tile, "left")
    # The sentence is the engine's refusal in words: its tile, the end and the number showing there, all filled in.
    refusal = position.check(Play(tile, "left"))
    assert refusal is not None and (refusal.code, refusal.tile, refusal.number) == ("no-match", tile, left)
    expected = LIBRARY.texts.get("en", "illegal.no-match").format(
        tile=refusal.tile, number=refusal.number, end=LIBRARY.texts.get("en", f"end.{refusal.end}"))
    assert [element.value for element in at.error] == [expected]
    assert "{" not in expected and f"has no {left}" in expected


def test_the_coach_says_when_another_move_was_clearly_better_and_links_its_lesson() -> None:
    found: dict[str, object] = {}

    def worse_move_here(current: Game) -> bool:
        view = current.position.view(LEARNER)
        for move in choices(view):
            said = advice(view, move, seed=current.setup.seed)
            if said is not None:
                found.update(move=move, remark=said)
                return True
        return False

    chosen = first_position("one_vs_one", worse_move_here)
    at = open_app(lesson="play", lang="es", game=chosen.record)
    by_buttons(at, found["move"])  # type: ignore[arg-type]
    expected = LIBRARY.texts.render(found["remark"].message, "es", "play")  # type: ignore[union-attr]
    assert expected in page_text(at)
    links = [element for element in at.get("page_link")]
    assert links, "the remark links to the lesson step that teaches its rule"


def test_with_the_coach_off_nothing_is_said() -> None:
    at = open_app(lesson="play", lang="en")
    at.toggle(key="play_coach_pick").set_value(False).run()
    click(at, "play_start")
    assert not game(at).setup.coach
    play_hand(at)
    assert words("en", "play.coach_title") not in page_text(at)


def test_a_reload_mid_hand_continues_the_match() -> None:
    at = open_app(lesson="play", lang="es")
    start(at, "one_vs_one")
    by_buttons(at, learner_move(at))
    if game(at).hand_over:
        click(at, "play_next_hand")
    record = at.query_params["game"][0] if isinstance(at.query_params["game"], list) else at.query_params["game"]
    before = game(at)
    again = open_app(lesson="play", lang="es", game=record)
    after = game(again)
    assert after.position.history == before.position.history
    assert after.position.hands == before.position.hands and after.match.scores == before.match.scores
    assert after.learner_to_move == before.learner_to_move
    play_hand(again)
    assert game(again).hand_over


def frames_sent(at: AppTest) -> int:
    """How many tables the browser is told to show one by one before the picture's own (the computers' moves)."""
    return len(shown_picture(at, f"-{IMAGE_KEY}")["frames"])


@pytest.fixture
def no_sleep(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """``time.sleep`` fails when the app's own code calls it (Streamlit's and AppTest's own short waits still sleep);
    what the app tried to sleep is listed."""
    slept: list[float] = []
    sleep = time.sleep

    def refuse(seconds: float) -> None:
        caller = Path(sys._getframe(1).f_code.co_filename).resolve()
        if not caller.is_relative_to(ROOT) or caller.is_relative_to(ROOT / ".venv"):
            sleep(seconds)
            return
        slept.append(seconds)
        raise AssertionError(f"{caller.name} slept {seconds} s holding the session")

    monkeypatch.setattr(time, "sleep", refuse)
    return slept


@pytest.mark.parametrize("table", ["partnership", "one_vs_one"])
def test_after_the_learners_move_the_computers_all_move_in_one_run_shown_one_by_one(
        monkeypatch: pytest.MonkeyPatch, no_sleep: list[float], table: str) -> None:
    monkeypatch.setattr(app.pages.play_page, "PACE", 0.5)  # the browser shows each table half a second
    at = open_app(lesson="play", lang="en")
    start(at, table)
    opened = game(at)
    assert opened.learner_to_move  # the computers that lead the hand have moved already
    assert frames_sent(at) == len(opened.position.history)  # one table shown for each of their moves
    said = Words(LIBRARY.texts, "en", "play")
    computer_moves = 0
    while not game(at).hand_over:
        before = len(game(at).position.history)
        by_buttons(at, learner_move(at))
        assert not at.exception, at.exception
        now = game(at)
        assert now.learner_to_move or now.hand_over  # one run took the table to the learner's turn, or the end
        theirs = now.position.history[before + 1:]
        assert all(event.seat != LEARNER for event in theirs)
        assert frames_sent(at) == len(theirs)  # N tables for N computer moves, the last one is the picture itself
        computer_moves += len(theirs)
        shown = page_text(at)
        for event in theirs:  # what each computer did, told in words
            assert said.event(event, now.rules, LEARNER) in shown
        at.run()  # a rerun (the learner lifts nothing, the browser asks): nothing is played out again
        assert frames_sent(at) == 0
    assert computer_moves > 0 and no_sleep == []
    # a reload at the end shows the end, at once
    record = at.query_params["game"]
    again = open_app(lesson="play", lang="en", game=record[0] if isinstance(record, list) else record)
    assert game(again).position.history == game(at).position.history and frames_sent(again) == 0


def test_an_unreadable_address_says_so_and_offers_a_new_match() -> None:
    at = open_app(lesson="play", lang="en", game="1~partnership~~club~c~AAAA~zz")
    assert state(at).game is None
    assert any(words("en", "play.bad_record") in element.value for element in at.warning)
    assert at.button(key="play_start")


def test_the_end_of_a_match_shows_its_summary() -> None:
    # a whole match played in pure Python, opened from its record: the page shows how it ended
    rng = random.Random(4)
    match = Game.new(Setup("partnership", level="beginner", coach=False, seed=11))
    while True:
        while not match.hand_over:
            if match.learner_to_move:
                match.play(rng.choice(match.position.legal_moves()))
            else:
                match.computer_step()
        if match.match.is_over:
            break
        match.next_hand()
    at = open_app(lesson="play", lang="pap", game=match.record)
    winner = match.match.winner
    side = LIBRARY.texts.render(Message("side.yours" if winner == 0 else "side.theirs"), "pap")
    shown = page_text(at)
    assert words("pap", "play.summary_won", side=side) in shown
    for number, score in enumerate(match.match.scores):
        name = LIBRARY.texts.render(Message("side.yours" if number == 0 else "side.theirs"), "pap")
        hands = sum(1 for outcome in match.match.outcomes if outcome.winner == number)
        assert words("pap", "play.summary_side", side=name, hands=hands, points=score) in shown
    assert (words("pap", "play.sapatu") in shown) == match.match.sapatu
    click(at, "play_new_match")
    assert state(at).game is None and at.button(key="play_start")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_setup_form_names_every_table_and_level(lang: str) -> None:
    at = open_app(lesson="play", lang=lang)
    options = at.selectbox(key="play_table_pick").options
    assert len(options) >= 8 and not any(option.startswith("[") for option in options)
    at.selectbox(key="play_table_pick").set_value("draw_game").run()
    assert at.segmented_control(key="play_players_pick").options == ["2", "3", "4"]


def test_the_hands_record_is_copyable_notation_and_the_slider_steps_back() -> None:
    chosen = first_position("one_vs_one", lambda current: len(current.position.history) >= 4)
    at = open_app(lesson="play", lang="en", game=chosen.record)
    (record,) = [element.value for element in at.code]
    assert parse_history(record) == game(at).position.history  # the comments (the hands, once over) are skipped
    slider = at.slider(key=f"play_replay_{game(at).hand_number}")
    assert slider.max == len(game(at).position.history)
    slider.set_value(1).run()
    history = game(at).position.history
    last = Words(LIBRARY.texts, "en", "play").event(history[0], game(at).rules, LEARNER)
    assert words("en", "play.replay_at", moves=1, count=len(history), last=last) in page_text(at)
    assert any(element.proto.id.endswith("play_replay_picture") for element in at.get("bidi_component"))
