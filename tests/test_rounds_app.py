"""Live rounds under AppTest: the teacher starts a round from the Teacher page, the learners' class pages show the
question at once, answers are taken once and counted on the projector, the reveal tells each phone right or wrong
and why in its own language; a late joiner and a reload come back to the question under way; an answer after the
close, a doubled answer (two tabs) and a removed learner are refused with a reason."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from app.storage.classes_sql import SqlClassBook
from app.storage.progress import Learner
from app.storage.progress_sql import URL_VARIABLE, SqlProgressStore
from app.storage.rounds_sql import SqlRounds
from practice import question_from_code
from tests.app_support import LIBRARY, click, open_app, texts
from tests.identity_support import PASSWORD, Roster, make_roster, reload_with, signed_in_app
from wording import Message

CODE = "must-12"
QUESTION = question_from_code(CODE)
(RIGHT,) = QUESTION.correct
WRONG = next(i for i in range(len(QUESTION.options)) if i != RIGHT)


def said(lang: str, key: str, **args: object) -> str:
    """A text as the app says it (the rounds' own texts first, then ui.toml)."""
    return LIBRARY.texts.render(Message.of(key, **args), lang, "rounds")


def label(lang: str, index: int) -> str:
    return LIBRARY.texts.render(QUESTION.options[index].label, lang)


@pytest.fixture
def database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    url = f"sqlite:///{tmp_path / 'progress.db'}"
    monkeypatch.setenv(URL_VARIABLE, url)
    return url


def teacher(roster: Roster, lang: str = "en") -> AppTest:
    """The Teacher page, signed in, the class open."""
    at = reload_with_page(open_app(lesson="teacher", lang=lang))
    at.text_input(key="teacher_name").set_value("Ms Maria")
    at.text_input(key="teacher_password").set_value(PASSWORD)
    click(at, "teacher_sign_in")
    click(at, f"teacher_open_{roster.school_class.code}")
    return at


def reload_with_page(at: AppTest) -> AppTest:
    reload_with(at, None)
    return at


def start_code_round(at: AppTest, code: str = CODE, seconds: int = 0) -> None:
    at.segmented_control(key="round_source").set_value("code").run()
    at.text_input(key="round_code").set_value(code).run()
    at.number_input(key="round_seconds").set_value(seconds).run()
    click(at, "round_start")


def phone(roster: Roster, nickname: str, lang: str = "en") -> AppTest:
    """A learner's phone on the class page."""
    at = signed_in_app(roster.codes[nickname], lang=lang)
    at.query_params["lesson"] = "class"
    at.run()
    assert not at.exception, at.exception
    return at


def boxes(at: AppTest) -> str:
    return " ".join([*texts(at, "success"), *texts(at, "error"), *texts(at, "info")])


def option_buttons(at: AppTest) -> list[Any]:
    return [button for button in at.button if button.key and button.key.startswith("round_option_")]


def test_a_whole_round_teacher_phones_reveal(database: str) -> None:
    roster = make_roster(database, "Ana", "Ben", class_name="rounds 1")
    desk = teacher(roster)
    start_code_round(desk)
    ana, ben = phone(roster, "Ana"), phone(roster, "Ben")
    for at in (ana, ben):  # the question at once, with its options as buttons in the learner's words
        assert [button.label for button in option_buttons(at)] == [label("en", i) for i in range(3)]
        assert any(LIBRARY.texts.render(QUESTION.prompt, "en") in text for text in texts(at, "markdown"))
    desk.run()
    assert any("0 of 2 answered" in text for text in texts(desk, "markdown"))
    click(ana, f"round_option_{RIGHT}")
    assert said("en", "round.answered", answer=label("en", RIGHT)) in texts(ana, "info")
    assert not option_buttons(ana)
    desk.run()
    assert any("1 of 2 answered" in text for text in texts(desk, "markdown"))
    click(desk, "round_reveal")
    tally = [element.proto.text for element in desk.get("progress")]
    assert tally == [
        said("en", "round.projector.bar_right" if i == RIGHT else "round.projector.bar", option=label("en", i),
             count=1 if i == RIGHT else 0) for i in range(3)]
    answer = said("en", "round.projector.answer_is", answer=label("en", RIGHT))
    assert any(answer in text for text in texts(desk, "success"))
    assert LIBRARY.texts.render(QUESTION.reason, "en") in " ".join(texts(desk, "success"))
    ana.run()
    ben.run()
    assert said("en", "round.right") in boxes(ana)
    assert LIBRARY.texts.render(QUESTION.reason, "en") in boxes(ana)
    assert said("en", "round.missed") in boxes(ben)  # Ben did not answer: told so, with the answer and why
    assert not option_buttons(ben)
    click(desk, "round_next")  # one question only: the round is over
    ana.run()
    assert any(said("en", "round.over", right=1, size=1) in text for text in texts(ana, "markdown"))
    answers = SqlProgressStore.from_url(database).load(_learner(roster, "Ana")).answers
    assert [(a.code, a.correct) for a in answers] == [(CODE, True)]  # counted in mastery, once


def _learner(roster: Roster, nickname: str) -> Learner:
    return Learner(nickname, roster.school_class.code, roster.keys[nickname])


def test_each_phone_in_its_own_language_and_a_wrong_answer_is_told_why(database: str) -> None:
    roster = make_roster(database, "Ana", "Ben", class_name="rounds 2")
    desk = teacher(roster)
    start_code_round(desk)
    ana, ben = phone(roster, "Ana", lang="es"), phone(roster, "Ben", lang="pap")
    assert [button.label for button in option_buttons(ana)] == [label("es", i) for i in range(3)]
    assert [button.label for button in option_buttons(ben)] == [label("pap", i) for i in range(3)]
    click(ana, f"round_option_{WRONG}")
    click(ben, f"round_option_{RIGHT}")  # the last one there: the question is revealed at once
    ana.run()
    shown = boxes(ana)
    assert said("es", "round.wrong") in shown
    why = QUESTION.options[WRONG].why
    if why is not None:  # the drill's reason for this very option comes first
        assert LIBRARY.texts.render(why, "es") in shown
    assert LIBRARY.texts.render(QUESTION.reason, "es") in shown
    assert said("pap", "round.right") in boxes(ben)


def test_a_late_joiner_and_a_reload_come_back_to_the_question(database: str) -> None:
    roster = make_roster(database, "Ana", "Ben", "Cy", class_name="rounds 3")
    desk = teacher(roster)
    start_code_round(desk)
    ana, _ben = phone(roster, "Ana"), phone(roster, "Ben")
    click(ana, f"round_option_{RIGHT}")
    again = phone(roster, "Ana")  # a reload (a new tab signed in again): the answer is still there
    assert said("en", "round.answered", answer=label("en", RIGHT)) in texts(again, "info")
    assert not option_buttons(again)
    late = phone(roster, "Cy")  # joins after the start: the question under way, counted as there
    assert len(option_buttons(late)) == 3
    desk.run()
    assert any("1 of 3 answered" in text for text in texts(desk, "markdown"))


def test_an_answer_after_the_close_is_refused_and_not_recorded(database: str) -> None:
    roster = make_roster(database, "Ana", "Ben", class_name="rounds 4")
    desk = teacher(roster)
    start_code_round(desk)
    ana, _ben = phone(roster, "Ana", lang="es"), phone(roster, "Ben")
    click(desk, "round_reveal")
    click(ana, f"round_option_{RIGHT}")  # the phone still showed the buttons
    assert said("es", "round.refused.revealed") in texts(ana, "error")
    rounds = SqlRounds.from_url(database, LIBRARY.lesson)
    found = rounds.current(roster.school_class.code)
    assert rounds.picks(found) == ()
    assert SqlProgressStore.from_url(database).load(_learner(roster, "Ana")).answers == ()


def test_a_doubled_answer_from_two_tabs_counts_once(database: str) -> None:
    roster = make_roster(database, "Ana", "Ben", class_name="rounds 5")
    desk = teacher(roster)
    start_code_round(desk)
    first, second = phone(roster, "Ana"), phone(roster, "Ana")
    _ben = phone(roster, "Ben")
    click(first, f"round_option_{RIGHT}")
    click(second, f"round_option_{WRONG}")  # the second tab still showed the buttons
    assert said("en", "round.refused.answered") in texts(second, "error")
    assert said("en", "round.answered", answer=label("en", RIGHT)) in texts(second, "info")
    answers = SqlProgressStore.from_url(database).load(_learner(roster, "Ana")).answers
    assert [(a.code, a.correct) for a in answers] == [(CODE, True)]


def test_the_same_answer_sent_twice_is_kept_once_without_a_word(database: str) -> None:
    """A tap that reaches the server twice (a second tab, or the browser sending it again) is the answer already
    kept: no refusal on the phone, and it counts once."""
    roster = make_roster(database, "Ana", "Ben", class_name="rounds 5b")
    desk = teacher(roster)
    start_code_round(desk)
    first, second = phone(roster, "Ana", lang="el"), phone(roster, "Ana", lang="el")
    _ben = phone(roster, "Ben")
    click(first, f"round_option_{WRONG}")
    click(second, f"round_option_{WRONG}")  # the second tab still showed the buttons: the same pick
    assert texts(second, "error") == []
    assert said("el", "round.answered", answer=label("el", WRONG)) in texts(second, "info")
    answers = SqlProgressStore.from_url(database).load(_learner(roster, "Ana")).answers
    assert [(a.code, a.correct) for a in answers] == [(CODE, False)]
    rounds = SqlRounds.from_url(database, LIBRARY.lesson)
    assert rounds.picks(rounds.current(roster.school_class.code)) == (WRONG,)


def test_a_removed_learner_answers_nothing(database: str) -> None:
    roster = make_roster(database, "Ana", "Ben", class_name="rounds 6")
    desk = teacher(roster)
    start_code_round(desk)
    ana, _ben = phone(roster, "Ana"), phone(roster, "Ben")
    book = SqlClassBook.from_url(database)
    assert book.remove(roster.keys["Ana"], roster.school_class)
    ana.button(key=f"round_option_{RIGHT}").click().run()
    assert not ana.exception
    assert not option_buttons(ana)  # signed out, or refused: either way no answer is there
    rounds = SqlRounds.from_url(database, LIBRARY.lesson)
    assert rounds.picks(rounds.current(roster.school_class.code)) == ()


def test_no_round_draws_nothing_and_the_projector_shows_no_code(database: str) -> None:
    roster = make_roster(database, "Ana", class_name="rounds 7")
    ana = phone(roster, "Ana")
    assert not option_buttons(ana)
    assert not ana.get("progress")
    desk = teacher(roster)
    start_code_round(desk, seconds=30)
    shown = " ".join([*texts(desk, "markdown"), *texts(desk, "caption")])
    assert roster.school_class.code not in shown
    assert all(code not in shown for code in roster.codes.values())
    assert "s left" in shown or "30" in shown


@pytest.mark.parametrize("lang", ["en", "el"])
def test_a_set_with_no_skill_ticked_says_so_and_starts_nothing(database: str, lang: str) -> None:
    roster = make_roster(database, "Ana", class_name=f"rounds no skill {lang}")
    desk = teacher(roster, lang)
    desk.multiselect(key="round_skills").set_value([]).run()
    click(desk, "round_start")
    assert said(lang, "round.teacher.no_skills") in texts(desk, "error")
    rounds = SqlRounds.from_url(database, LIBRARY.lesson)
    assert rounds.current(roster.school_class.code) is None
