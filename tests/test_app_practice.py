"""The practice page under AppTest: a full set with right and wrong answers, feedback and summary; a question opened
by its code is the very same question; a bad code falls back; answers are stored; mastery shows on the home page."""

from __future__ import annotations

import pytest

from app.drills import SET_SIZE
from app.i18n import Words
from app.pages.practice_page import answer_key
from app.widgets.lesson_table import CLASSROOM_SCALE, PROJECTOR_SIZE
from practice import Question, question_from_code, skills_of_lesson
from tests.app_support import LANGUAGES, LIBRARY, click, open_app, shown_picture, texts, visit


def ui(lang: str, key: str) -> str:
    """A ui text with its placeholders cut off (the fixed start of it)."""
    return LIBRARY.texts.get(lang, key).split("{")[0]


def pick(question: Question, right: bool) -> frozenset[int]:
    """The right pick of a question, or a wrong one."""
    if right:
        return question.correct
    if question.multiple:
        extra = next(i for i in range(len(question.options)) if i not in question.correct)
        return question.correct | {extra}
    return frozenset([next(i for i in range(len(question.options)) if i not in question.correct)])


def answer(at, question: Question, chosen: frozenset[int]) -> None:
    """Answer the question on screen through its widget (a radio, or pills and Check)."""
    key = answer_key(visit(at).place.drill)
    if question.multiple:
        at.button_group(key=key).set_value(sorted(chosen)).run()
        click(at, "practice_check")
    else:
        at.radio(key=key).set_value(next(iter(chosen))).run()
    assert not at.exception, at.exception


def page_links(at) -> list[str]:
    """The targets of the page links on screen, as ``page?query``."""
    return [f"{link.proto.page}?{link.proto.query_string}" if link.proto.query_string else link.proto.page
            for link in at.get("page_link")]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_full_set_with_right_and_wrong_answers_feedback_and_summary(lang: str) -> None:
    at = open_app(lesson="practice", lang=lang)
    say = Words(LIBRARY.texts, lang)
    at.selectbox(key="practice_skill").set_value("mixed").run()
    click(at, "practice_start")
    wrong_codes = []
    picked_reasons = 0
    for number in range(1, SET_SIZE + 1):
        drill = visit(at).place.drill
        question = drill.current
        right = number % 3 != 0
        answer(at, question, pick(question, right))
        assert drill.shown is not None and drill.shown.correct is right
        if right:
            assert any(text.startswith(f"**{ui(lang, 'practice.right')}**") for text in texts(at, "success"))
        else:
            wrong_codes.append(question.code)
            shown = " ".join(texts(at, "error"))
            assert ui(lang, "practice.wrong") in shown
            assert LIBRARY.texts.render(question.reason, lang) in shown
            for i in pick(question, right) - question.correct:  # what was wrong with the very option picked
                why = question.options[i].why
                assert why is None or LIBRARY.texts.render(why, lang) in shown
                picked_reasons += why is not None
            labels = ", ".join(LIBRARY.texts.render(question.options[i].label, lang) for i in sorted(question.correct))
            assert say("practice.answer_is", answer=labels) in shown
        assert any(f"step={question.step}" in link and f"lang={lang}" in link for link in page_links(at))
        assert any(question.code in text for text in texts(at, "code"))
        click(at, "practice_next")
    run = visit(at).place.drill.run
    assert run.done and run.score == SET_SIZE - len(wrong_codes)
    markdown = " ".join(texts(at, "markdown"))
    assert say("practice.summary.score", score=run.score, size=SET_SIZE) in markdown
    assert say("practice.summary.streak", streak=run.best_streak) in markdown
    assert all(f"`{code}`" in markdown for code in wrong_codes)
    assert len(page_links(at)) >= len(wrong_codes)
    stored = visit(at).account.store.load(visit(at).account.learner).answers
    assert [(a.code, a.correct) for a in stored] == [(r.code, r.correct) for r in run.results]
    click(at, "practice_again")
    assert visit(at).place.drill.run is not run and visit(at).place.drill.current is not None


def test_a_question_opened_by_its_code_is_that_very_question_for_anyone() -> None:
    code = "lacks-4821"
    expected = question_from_code(code)
    at = open_app(lesson="practice", code=code, lang="pap")
    shown = visit(at).place.drill.current
    assert shown.code == code
    texts_ = LIBRARY.texts
    assert any(texts_.render(expected.prompt, "pap") in text for text in texts(at, "markdown"))
    radio = at.radio(key=answer_key(visit(at).place.drill))
    assert radio.options == [texts_.render(option.label, "pap") for option in expected.options]
    assert any(f"/practice?code={code}&lang=pap" in text for text in texts(at, "code"))
    assert "code" in at.query_params  # the URL keeps the question, so a reload shows it again
    answer(at, shown, expected.correct)
    assert visit(at).place.drill.shown.correct


def test_a_multiple_answer_question_by_its_code() -> None:
    code = "fits-17"
    question = question_from_code(code)
    assert question.multiple
    at = open_app(lesson="practice", code=code, lang="es")
    click(at, "practice_check")  # nothing picked yet: told to pick, nothing recorded
    assert visit(at).place.drill.shown is None
    answer(at, question, pick(question, right=False))
    assert not visit(at).place.drill.shown.correct
    assert texts(at, "error")


def test_a_bad_code_falls_back_politely() -> None:
    said = {"nonsense-1": "“nonsense-1” isn't a question code: there is no skill called “nonsense”.",
            "lacks-12345678": "“lacks-12345678” isn't a question code. A code looks like lacks-4821.",
            "lacks": "“lacks” isn't a question code. A code looks like lacks-4821."}
    for bad, start in said.items():
        at = open_app(lesson="practice", code=bad, lang="en")
        shown = [text.replace("\\", "") for text in texts(at, "warning")]  # the code quoted as plain text
        assert len(shown) == 1 and shown[0].startswith(start), shown
        assert visit(at).place.drill is None
        assert at.button(key="practice_start")
    at.text_input(key="practice_code_input").set_value("where-42")
    click(at, "practice_open")
    assert visit(at).place.drill.current.code == "where-42"


def test_classroom_mode_shows_the_practice_picture_large() -> None:
    at = open_app(lesson="practice", code="capicu-7", lang="en", classroom="1")
    shown = shown_picture(at, "practice_table")
    assert visit(at).settings.classroom and shown["width"] == PROJECTOR_SIZE[0] * CLASSROOM_SCALE
    assert shown["room"] and not shown["tappable"]
    question = visit(at).place.drill.current
    described = question.describe()
    table_lines = described[: len(described) - len(question.notes)]  # the notes are written under the prompt
    assert shown["alt"] == " ".join(LIBRARY.texts.render(line, "en") for line in table_lines)
    assert any(button.key == "practice_stop" for button in at.button)


def test_mastery_shows_on_the_lesson_map_and_practise_starts_the_lesson_skills() -> None:
    at = open_app(lang="en")
    level = ui("en", "home.practice_level")
    assert any(level in text and LIBRARY.texts.get("en", "practice.mastery.new") in text
               for text in texts(at, "markdown"))
    click(at, "practise_pegar")
    drill = visit(at).place.drill
    assert drill.skills == tuple(skill.id for skill in skills_of_lesson("pegar")) and "fits" in drill.skills
    assert drill.current.skill in drill.skills
    question = drill.current
    answer(at, question, question.correct)
    click(at, "practice_stop")
    click(at, "home")
    assert any(level in text and "Practising: 1 of the last 1 right" in text for text in texts(at, "markdown"))
