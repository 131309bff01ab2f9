"""The Puzzles page under AppTest: a puzzle solved through the button twins raises the rating and explains every
choice's expected points; a wrong move gets the coach's reason in every language; a move the engine refuses is no
answer; the theme filter, the puzzle of the day, a code and a link open puzzles and a forged one is refused politely;
a signed-in learner's rating is stored and read back by a new visit, a visitor is told theirs lasts the visit, and
the puzzles a visitor answered count for the learner who signs in during the visit."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from app.pages.puzzles_page import IMAGE_KEY, THEMES_KEY
from app.puzzles import STATE_KEY, PuzzleState
from app.storage.progress import Learner
from app.storage.progress_sql import URL_VARIABLE
from app.storage.puzzle_ratings import SqlPuzzleRatings
from app.widgets.picture import tap_value
from engine import Play, Tile, parse_move
from play.coach import why_better
from practice.puzzle_choice import find_puzzle, puzzle_of_the_day
from practice.puzzle_rating import Rating, first_guess, rate
from practice.puzzles import Puzzle, load_puzzles
from render import HandTile, OpenEnd, Region
from tests.app_support import LANGUAGES, LIBRARY, click, open_app, texts
from tests.identity_support import make_roster, reload_with, signed_in_app

PUZZLES = load_puzzles()
TEXTS = LIBRARY.texts


def state(at: AppTest) -> PuzzleState:
    """The page's state."""
    found = at.session_state[STATE_KEY]
    assert isinstance(found, PuzzleState)
    return found


def shown(at: AppTest) -> Puzzle:
    """The puzzle on show."""
    puzzle = state(at).puzzle
    assert puzzle is not None
    return puzzle


def say(lang: str, key: str, **args: object) -> str:
    """A text of the page (or the ui) in ``lang``."""
    text = TEXTS.get(lang, key, "puzzles")
    return text.format(**args) if args else text


def play_by_buttons(at: AppTest, move_text: str) -> None:
    """One play through the button twins: the tile, then its end."""
    move = parse_move(move_text)
    assert isinstance(move, Play)
    click(at, f"puzzle_tile_{move.tile}")
    click(at, "puzzle_end_lead" if move.end is None else f"puzzle_end_{move.end}")


def tap(at: AppTest, region: Region, stamp: int) -> None:
    """Tap the centre of a part of the picture, displayed at half its size, as the browser reports it."""
    click_map = state(at).taps.click_map[2]
    rect = click_map.rect_of(region)
    assert rect is not None, region
    x, y = rect.center
    at.session_state[IMAGE_KEY] = tap_value(x / 2, y / 2, click_map.width / 2, click_map.height / 2, stamp)
    at.run()
    assert not at.exception, at.exception


def points(value: float, lang: str) -> str:
    """Expected points as the page writes them."""
    return f"{value:+.1f}".replace(".", say(lang, "word.decimal_mark"))


def everything(at: AppTest) -> str:
    """Every text on the page, one string."""
    kinds = ("markdown", "success", "error", "warning", "caption")
    return "\n".join(text for kind in kinds for text in texts(at, kind))


def test_a_right_answer_by_buttons_raises_the_rating_and_shows_every_choice() -> None:
    at = open_app(lesson="puzzles", lang="en", puzzle="one_vs_one-001")
    puzzle = shown(at)
    assert puzzle.id == "one_vs_one-001"
    assert say("en", "puzzles.visitor") in texts(at, "caption")  # a visitor's rating lasts the visit, and is told so
    play_by_buttons(at, puzzle.answer)
    judged, rated = state(at).judgement, state(at).rated
    assert judged is not None and judged.solved and rated is not None
    assert rated.after.rating > rated.before.rating == 1500.0 and rated.after.deviation < rated.before.deviation
    assert rated.puzzle.attempts == 1
    success = " ".join(texts(at, "success"))
    assert success.startswith(f"**{say('en', 'puzzles.right')}**")
    view = puzzle.view
    answer = parse_move(puzzle.answer)
    runner_up = parse_move(puzzle.values[1][0])
    assert isinstance(answer, Play) and isinstance(runner_up, Play)
    reason = why_better(view, answer, runner_up, puzzle.values[0][1] - puzzle.values[1][1])
    assert TEXTS.render(reason.message, "en", "play") in success
    table = next(text for text in texts(at, "markdown") if text.startswith(f"| {say('en', 'puzzles.col_move')}"))
    for move_text, value in puzzle.values:
        assert points(value, "en") in table, (move_text, table)
    assert len(table.splitlines()) == 2 + len(puzzle.values)
    assert say("en", "puzzles.rating_change", rating=rated.after.shown, change=f"+{rated.after.shown - 1500}",
               puzzle=rated.puzzle.shown) in texts(at, "markdown")
    assert not any(button.key == "puzzle_end_left" for button in at.button)  # answered: no more moves
    assert at.session_state[STATE_KEY].taps.click_map[1]  # the picture drawn is the answered one, not tappable


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_wrong_answer_gets_the_coachs_reason_in_every_language(lang: str) -> None:
    puzzle = find_puzzle(PUZZLES, "partnership-003")
    wrong_text, wrong_value = puzzle.values[-1]
    at = open_app(lesson="puzzles", lang=lang, puzzle=puzzle.id)
    play_by_buttons(at, wrong_text)
    judged, rated = state(at).judgement, state(at).rated
    assert judged is not None and not judged.solved and judged.reason is not None
    assert rated is not None and rated.after.rating < rated.before.rating and rated.puzzle.rating > 1200
    answer, chosen = parse_move(puzzle.answer), parse_move(wrong_text)
    assert isinstance(answer, Play) and isinstance(chosen, Play)
    reason = why_better(puzzle.view, answer, chosen, puzzle.values[0][1] - wrong_value)
    error = " ".join(texts(at, "error"))
    assert error.startswith(f"**{say(lang, 'puzzles.wrong')}**")
    assert TEXTS.render(reason.message, lang, "play") in error
    for theme in puzzle.themes:
        assert say(lang, f"puzzles.theme.{theme}") in error
    table = "\n".join(texts(at, "markdown"))
    assert all(points(value, lang) in table for _, value in puzzle.values)
    assert say(lang, "puzzles.mark_yours") in table and "{" not in everything(at)


def test_a_wrong_answer_by_tapping_the_picture() -> None:
    at = open_app(lesson="puzzles", lang="eo", puzzle="one_vs_one-001")
    puzzle = shown(at)
    wrong = parse_move(puzzle.values[1][0])
    assert isinstance(wrong, Play) and wrong.end is not None
    tap(at, HandTile("hand", puzzle.seat, wrong.tile), 1)
    assert state(at).selected == wrong.tile and state(at).judgement is None
    tap(at, OpenEnd("end", wrong.end), 2)
    judged = state(at).judgement
    assert judged is not None and judged.move == wrong and not judged.solved
    assert state(at).rated is not None and state(at).rated.after.rating < 1500
    left = state(at).position.hands[puzzle.seat][0]  # a tile still in the hand after the move
    tap(at, HandTile("hand", puzzle.seat, left), 3)  # answered: a tap changes nothing, and says why
    assert state(at).judgement is judged and state(at).rated.after.attempts == 1 and state(at).selected is None
    assert say("eo", "puzzles.answered") in texts(at, "info")


def _misfits(puzzle: Puzzle) -> list[Tile]:
    """The tiles of the seat's hand that fit no end now."""
    fitting = {move.tile for move in puzzle.position.legal_moves() if isinstance(move, Play)}
    return [tile for tile in puzzle.position.hands[puzzle.seat] if tile not in fitting]


def test_a_move_the_engine_refuses_is_no_answer() -> None:
    chosen = next(puzzle for puzzle in PUZZLES if puzzle.preset == "one_vs_one" and _misfits(puzzle))
    at = open_app(lesson="puzzles", lang="es", puzzle=chosen.id)
    puzzle = shown(at)
    assert puzzle.id == chosen.id
    misfit = _misfits(puzzle)[0]
    click(at, f"puzzle_tile_{misfit}")
    click(at, "puzzle_end_left")
    assert state(at).judgement is None and state(at).rated is None
    assert texts(at, "error")  # the engine's reason, in Spanish
    click(at, "puzzle_draw")
    assert state(at).judgement is None


def test_the_theme_filter_brings_only_puzzles_about_the_themes_chosen() -> None:
    at = open_app(lesson="puzzles", lang="en")
    at.multiselect(key=THEMES_KEY).set_value(["block_to_win", "count_to_block"]).run()
    seen = set()
    for _ in range(4):
        click(at, "puzzles_next")
        puzzle = shown(at)
        assert {"block_to_win", "count_to_block"} & set(puzzle.themes), puzzle.id
        seen.add(puzzle.id)
    assert len(seen) >= 2  # the one on show is never the next


def test_the_puzzle_of_the_day_is_the_same_for_everyone_today() -> None:
    day = datetime.now(UTC).date()
    expected = puzzle_of_the_day(PUZZLES, day)
    first = open_app(lesson="puzzles", lang="en")  # the page opens on it
    assert shown(first).id == expected.id and state(first).daily == day
    click(first, "puzzles_next")
    click(first, "puzzles_daily")
    other = open_app(lesson="puzzles", lang="el")
    assert shown(first).id == shown(other).id == expected.id
    assert any(say("el", "puzzles.daily_heading", date=day.isoformat()) in text for text in texts(other, "subheader"))


def test_a_code_typed_or_in_the_link_opens_its_puzzle_and_a_forged_one_is_refused() -> None:
    at = open_app(lesson="puzzles", lang="pap", puzzle="katsika-002")
    assert shown(at).id == "katsika-002" and at.query_params["puzzle"] == "katsika-002"
    assert any("/puzzles?puzzle=katsika-002&lang=pap" in text for text in texts(at, "code"))
    at.text_input(key="puzzles_code_input").set_value("All_Fives-005")
    click(at, "puzzles_open")
    assert shown(at).id == "all_fives-005"
    for forged, key in (("one_vs_one-999", "puzzles.bad_code.unknown"), ("**bold**](x)", "puzzles.bad_code.shape")):
        bad = open_app(lesson="puzzles", lang="pap", puzzle=forged)
        warning = [text.replace("\\", "") for text in texts(bad, "warning")]
        assert warning == [say("pap", key, code=forged)], warning  # quoted as plain text, in Papiamentu
        assert not bad.exception and shown(bad) is not None


@pytest.fixture
def database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A fresh SQLite progress database for the app."""
    url = f"sqlite:///{tmp_path / 'progress.db'}"
    monkeypatch.setenv(URL_VARIABLE, url)
    return url


def test_a_signed_in_learners_rating_is_stored_and_read_back_in_a_new_visit(database: str) -> None:
    roster = make_roster(database, "Ana")
    at = signed_in_app(roster.codes["Ana"])
    click(at, "home_puzzles")
    assert say("en", "puzzles.visitor") not in texts(at, "caption")
    play_by_buttons(at, shown(at).answer)
    rated = state(at).rated
    assert rated is not None and rated.after.rating > 1500
    learner = Learner("Ana", roster.school_class.code, roster.keys["Ana"])
    assert SqlPuzzleRatings.from_url(database).learner(learner) == rated.after
    again = signed_in_app(roster.codes["Ana"])  # another phone, a new session
    click(again, "home_puzzles")
    assert say("en", "puzzles.your_rating", rating=rated.after.shown) in " ".join(texts(again, "markdown"))


def visitor_answers(answers: list[tuple[str, bool]]) -> AppTest:
    """A new visit, not signed in, answers puzzles opened by their codes (right or wrong), then goes home."""
    at = open_app(lang="en")
    reload_with(at, None)
    click(at, "home_puzzles")
    for code, right in answers:
        at.text_input(key="puzzles_code_input").set_value(code)
        click(at, "puzzles_open")
        puzzle = shown(at)
        play_by_buttons(at, puzzle.answer if right else puzzle.values[-1][0])
        judged = state(at).judgement
        assert judged is not None and judged.solved is right
    assert say("en", "puzzles.visitor") in texts(at, "caption")
    click(at, "puzzles_home")
    return at


def sign_in(at: AppTest, code: str) -> None:
    """The home page's sign-in form, with a personal code."""
    at.text_input(key="signin_code").set_value(code)
    click(at, "sign_in")


def test_a_visitors_puzzles_count_for_the_learner_who_signs_in(database: str) -> None:
    roster = make_roster(database, "Ana", "Bea")
    first, second = find_puzzle(PUZZLES, "one_vs_one-001"), find_puzzle(PUZZLES, "partnership-003")
    at = visitor_answers([(first.id, True), (second.id, True)])
    sign_in(at, roster.codes["Ana"])
    ana = Learner("Ana", roster.school_class.code, roster.keys["Ana"])
    stored = SqlPuzzleRatings.from_url(database).learner(ana)
    # each answer rated for Ana as if she had been signed in: one attempt after the other, from a new learner's
    expected = rate(rate(Rating(), first_guess(first), True)[0], first_guess(second), True)[0]
    assert stored.rating > 1500 and stored.attempts == 2 and stored == expected
    assert say("en", "signin.puzzles_carried", count=2, rating=stored.shown) in texts(at, "warning")
    click(at, "home_puzzles")
    assert say("en", "puzzles.your_rating", rating=stored.shown) in " ".join(texts(at, "markdown"))
    assert say("en", "puzzles.visitor") not in texts(at, "caption")

    missed = visitor_answers([("all_fives-005", False)])  # another visitor, another visit: a wrong answer
    sign_in(missed, roster.codes["Bea"])
    bea = SqlPuzzleRatings.from_url(database).learner(Learner("Bea", roster.school_class.code, roster.keys["Bea"]))
    assert bea.rating < 1500 and bea.attempts == 1


def test_a_learners_rating_is_updated_by_the_visit_not_replaced(database: str) -> None:
    roster = make_roster(database, "Ana")
    ana = Learner("Ana", roster.school_class.code, roster.keys["Ana"])
    store = SqlPuzzleRatings.from_url(database)
    known, other, new = (find_puzzle(PUZZLES, code) for code in ("one_vs_one-001", "all_fives-005", "partnership-003"))
    store.attempt(ana, known, True)
    before, _ = store.attempt(ana, other, True)  # Ana's rating from an earlier visit
    # one she had answered (not counted again, though wrong now), a new one right, then again wrong (a second try)
    at = visitor_answers([(known.id, False), (new.id, True), (new.id, False)])
    visit_rating = state(at).rated
    assert visit_rating is not None
    sign_in(at, roster.codes["Ana"])
    stored = store.learner(ana)
    assert stored == rate(before, first_guess(new), True)[0] and stored.attempts == 3
    assert stored.rating > before.rating and stored.rating != visit_rating.after.rating
    assert say("en", "signin.puzzles_carried", count=1, rating=stored.shown) in texts(at, "warning")
