"""The practice page: sets of generated questions (one skill or mixed) or one question opened by its code, with the
picture, immediate feedback, the lesson step that teaches it, and a summary; every answer goes to the progress store.
"""

from __future__ import annotations

import streamlit as st

from app import drills, navigation, urls
from app.drills import SET_SIZE
from app.i18n import Words
from app.library import library
from app.state import Drill, Visit, current_visit
from app.storage.browser import FEEDBACK_KEY
from app.widgets import common
from app.widgets.lesson_table import CLASSROOM_SCALE, PHONE_SCALE, PHONE_SIZE, PROJECTOR_SIZE, picture
from app.widgets.picture import layout_boxes, tap_picture
from practice import SKILL_IDS, Question, Result, get_skill, mastery
from render import TableView

MIXED = "mixed"
SKILL_KEY = "practice_skill"
CODE_KEY = "practice_code_input"
PICTURE_KEY = "practice_table"


def answer_key(drill: Drill) -> str:
    """The widget key of the current question's choices (fresh for every question of every drill)."""
    return common.answer_key("practice", drills.number(drill), drill.serial)


def show() -> None:
    """Draw the practice page."""
    lib = library()
    visit = current_visit()
    words = Words(lib.texts, visit.settings.lang)
    params = urls.incoming(visit)
    refused = drills.open_code(visit, params[urls.CODE]) if params is not None and urls.CODE in params else None
    if refused is not None:
        visit.place.notices.append(refused)
    st.title(words("practice.title"))
    common.notices(visit, words, navigation.PRACTICE)
    drill = visit.place.drill
    if drill is None:
        _setup(visit, words)
    elif drill.current is not None:
        _question(drill, drill.current, visit, words)
    else:
        _summary(drill, visit, words)
    single = visit.place.drill.single if visit.place.drill is not None else None
    urls.follow(visit, code=single.code if single is not None else None)


# ------------------------------------------------------------------------------------------------------- callbacks


def _on_answer(key: str, multiple: bool) -> None:
    """Take the pick from the answer widget (a radio answers at once; a pick-all question on its Check button)."""
    value = st.session_state.get(key)
    picked = [] if value is None else list(value) if multiple else [value]
    visit = current_visit()
    visit.taps.acted += 1
    drills.answer(visit, frozenset(int(i) for i in picked))


def _on_next() -> None:
    drills.next_question(current_visit())


def _on_start(skills: tuple[str, ...] | None) -> None:
    if skills is None:
        picked = st.session_state.get(SKILL_KEY) or MIXED
        skills = SKILL_IDS if picked == MIXED else (picked,)
    drills.start(current_visit(), skills)


def _on_open_code() -> None:
    visit = current_visit()
    refused = drills.open_code(visit, str(st.session_state.get(CODE_KEY) or ""))
    if refused is not None:
        visit.place.notices.append(refused)


def _on_stop() -> None:
    current_visit().place.drill = None


# ------------------------------------------------------------------------------------------------------- drawing


def _setup(visit: Visit, words: Words) -> None:
    """Choose a skill (or mixed) and start; or open one question by its code."""
    st.markdown(words("practice.intro", size=SET_SIZE))
    levels = mastery(visit.account.store.load(visit.account.learner).answers)

    def label(option: str) -> str:
        if option == MIXED:
            return words("practice.mixed")
        return f"{words(get_skill(option).title)} · {common.level_text(words, levels[option])}"

    st.selectbox(words("practice.choose_skill"), [MIXED, *SKILL_IDS], format_func=label, key=SKILL_KEY)
    st.button(words("practice.start", size=SET_SIZE), key="practice_start", type="primary",
              icon=":material/play_arrow:", on_click=_on_start, args=(None,))
    with st.form("practice_code_form", border=True, enter_to_submit=True):
        st.text_input(words("practice.open_code"), key=CODE_KEY, placeholder="lacks-4821", max_chars=40)
        st.form_submit_button(words("practice.open"), key="practice_open", icon=":material/search:",
                              on_click=_on_open_code)
    if st.button(words("player.all_lessons"), key="home", icon=":material/home:", type="tertiary"):
        navigation.go(navigation.HOME)


def _question(drill: Drill, question: Question, visit: Visit, words: Words) -> None:
    """One question: where it stands in the set, the prompt, the picture and its words, the options, the feedback."""
    skill_title = words(get_skill(question.skill).title)
    if drill.run is not None:
        at = drills.number(drill)
        st.progress(at / drill.run.size, text=f"{words('practice.number', number=at, size=drill.run.size)}"
                                              f" · {skill_title}")
    else:
        st.subheader(skill_title)
    classroom = visit.settings.classroom
    if not classroom:
        _prompt(question, words)  # the question first, above the table and the answers
    left, right = common.table_and_controls(classroom)
    with left:
        _picture(question, visit, words)
    with right:
        if classroom:
            _prompt(question, words, large=True)
        _answer(drill, question, visit, words)


def _prompt(question: Question, words: Words, large: bool = False) -> None:
    prompt = words.render(question.prompt)
    st.markdown(f"#### {prompt}" if large else f"**{prompt}**")
    if question.notes:
        st.markdown("\n".join(f"- {words.render(note)}" for note in question.notes))


def _answer(drill: Drill, question: Question, visit: Visit, words: Words) -> None:
    _choices(drill, question, visit, words)
    with st.container(key=FEEDBACK_KEY):
        if drill.shown is not None:
            _feedback(drill.shown, visit, words)
    _footer(drill, question, visit, words)


def _picture(question: Question, visit: Visit, words: Words) -> None:
    """The table without hint marks (large in classroom mode), and the same table in words beside it."""
    view = TableView(**question.table_view(), labels=words.role_labels(),
                     scale=CLASSROOM_SCALE if visit.settings.classroom else PHONE_SCALE,
                     size=PROJECTOR_SIZE if visit.settings.classroom else PHONE_SIZE)
    drawn, palette = picture(question.position, view)
    described = question.describe()
    in_words = " ".join(words.render(line) for line in described[: len(described) - len(question.notes)])
    tap_picture(palette, in_words, key=PICTURE_KEY, boxes=layout_boxes(drawn), classroom=visit.settings.classroom)
    st.caption(f"**{words('player.in_words')}.** {in_words}")


def _choices(drill: Drill, question: Question, visit: Visit, words: Words) -> None:
    key = answer_key(drill)
    labels = [words.render(option.label) for option in question.options]
    answered = drill.shown is not None
    if question.multiple:
        st.pills(words("practice.pick_all"), list(range(len(labels))), selection_mode="multi",
                 format_func=lambda i: labels[i], key=key, disabled=answered)
        if not answered:
            st.button(words("practice.check"), key="practice_check", icon=":material/check:",
                      on_click=_on_answer, args=(key, True))
    else:
        common.answer_choice(words("player.choose"), labels, key, disabled=answered, on_change=_on_answer,
                              args=(key, False))


def _answer_text(question: Question, words: Words) -> str:
    return ", ".join(words.render(question.options[i].label) for i in sorted(question.correct))


def _feedback(result: Result, visit: Visit, words: Words) -> None:
    """Right or wrong at once, the right answer, why (first what was wrong with the option picked, when the engine
    named it), and the lesson step that teaches it."""
    question = result.question
    answer = words("practice.answer_is", answer=_answer_text(question, words))
    picked = [question.options[i].why for i in sorted(result.choice - question.correct)]
    reason = "  \n".join([*(words.render(why) for why in picked if why is not None), words.render(question.reason)])
    verdict = words("practice.right") if result.correct else words("practice.wrong")
    common.feedback_box("success" if result.correct else "error", f"**{verdict}** {answer}  \n{reason}")
    _lesson_link(question, visit, words)


def _lesson_link(question: Question, visit: Visit, words: Words) -> None:
    """In-app link to the lesson step (the sign-in and the visit stay); its address is the app's deep link."""
    target = navigation.page(question.lesson)
    if target is None:
        return
    title = words.texts.find(visit.settings.lang, "title", question.lesson) or question.lesson
    label = words("practice.lesson_step", link=words("practice.lesson_link"), lesson=title, step=question.step)
    st.page_link(target, label=label, icon=":material/school:",
                 query_params={urls.STEP: str(question.step), urls.LANG: visit.settings.lang})


def _footer(drill: Drill, question: Question, visit: Visit, words: Words) -> None:
    """Next, the question's code and the link that opens it for anyone, and a way out of the set."""
    keys = visit.settings.classroom
    with st.container(horizontal=True, gap="small"):
        if drill.shown is not None:
            last = drill.run is not None and drill.run.done
            label = words("practice.summary.see") if last else (
                words("practice.start", size=SET_SIZE) if drill.single is not None else words("practice.next"))
            st.button(label, key="practice_next", type="primary", icon=":material/arrow_forward:",
                      icon_position="right", shortcut="N" if keys else None, on_click=_on_next)
        st.button(words("practice.stop"), key="practice_stop", icon=":material/close:", type="tertiary",
                  on_click=_on_stop)
    link = urls.practice_link(question.code, visit.settings.lang, urls.app_address(navigation.PRACTICE))
    st.caption(f"{words('practice.code', code=question.code)} · {words('practice.share')}")
    st.code(link, language=None, wrap_lines=True)


def _summary(drill: Drill, visit: Visit, words: Words) -> None:
    """The end of a set: score, best streak, the mistakes to review, and practise again."""
    run = drill.run
    if run is None:
        return
    st.subheader(words("practice.summary.title"))
    st.markdown(f"### {words('practice.summary.score', score=run.score, size=run.size)}")
    st.markdown(words("practice.summary.streak", streak=run.best_streak))
    if run.mistakes:
        st.markdown(f"**{words('practice.summary.mistakes')}**")
        for result in run.mistakes:
            question = result.question
            with st.container(border=True):
                st.markdown(f"`{question.code}` · {words(get_skill(question.skill).title)}  \n"
                            f"{words.render(question.prompt)}  \n"
                            f"{words('practice.answer_is', answer=_answer_text(question, words))}")
                _lesson_link(question, visit, words)
    else:
        st.success(words("practice.summary.none"), icon=":material/celebration:")
    with st.container(horizontal=True, gap="small"):
        st.button(words("practice.again"), key="practice_again", type="primary", icon=":material/replay:",
                  on_click=_on_start, args=(drill.skills,))
        st.button(words("practice.other"), key="practice_other", icon=":material/tune:", on_click=_on_stop)
