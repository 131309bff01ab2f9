"""The practice page: sets of generated questions (one skill or mixed) or one question opened by its code, with the
picture, immediate feedback, the lesson step that teaches it, and a summary; every answer goes to the progress store.
"""

from __future__ import annotations

import streamlit as st

from lessons import Message
from practice import (
    SKILL_IDS,
    LessonMastery,
    PracticeSet,
    Question,
    Result,
    SkillMastery,
    get_skill,
    mastery,
    question_from_code,
    skills_of_lesson,
)
from render import TableView

from . import navigation, urls
from .i18n import Words
from .library import library
from .progress import Answer
from .state import KEY, Drill, Session, session
from .table import CLASSROOM_SCALE, PHONE_SCALE, PHONE_SIZE, PROJECTOR_SIZE, picture

SET_SIZE = 10
MIXED = "mixed"
SKILL_KEY = "practice_skill"
CODE_KEY = "practice_code_input"


def number(drill: Drill) -> int:
    """The number of the question on screen within its set (1 for a question opened by its code)."""
    if drill.run is None:
        return 1
    return len(drill.run.results) + (0 if drill.shown is not None else 1)


def answer_key(drill: Drill) -> str:
    """The widget key of the current question's choices (fresh for every question of every drill)."""
    return f"practice_answer_{drill.serial}_{number(drill)}"


def level_text(words: Words, level: SkillMastery | LessonMastery) -> str:
    """A skill's or a lesson's practice mastery in words (new, learning with its count, mastered)."""
    right = sum(s.right for s in level.skills) if isinstance(level, LessonMastery) else level.right
    return words(f"practice.mastery.{level.level}", right=right, answered=level.answered)


def start(visit: Session, skills: tuple[str, ...]) -> None:
    """Start a set of ``SET_SIZE`` questions; the skills the learner recently got wrong come back more often."""
    recent = visit.store.load(visit.learner).answers
    visit.drills += 1
    visit.drill = Drill(skills, visit.drills, run=PracticeSet(SET_SIZE, skills, recent=recent))


def open_code(visit: Session, code: str) -> bool:
    """Show the one question a code stands for; False (nothing changes) when it is not a code."""
    try:
        question = question_from_code(code)
    except ValueError:
        return False
    visit.drills += 1
    visit.drill = Drill((question.skill,), visit.drills, single=question)
    return True


def lesson_skills(lesson_id: str) -> tuple[str, ...]:
    """The skills that practise what a lesson teaches."""
    return tuple(skill.id for skill in skills_of_lesson(lesson_id))


def show() -> None:
    """Draw the practice page."""
    lib = library()
    visit = session(lib.languages[0].code)
    words = Words(lib.texts, visit.lang)
    params = urls.incoming(visit)
    if params is not None and params.get(urls.CODE) is not None:
        code = params[urls.CODE]
        if not open_code(visit, code):
            visit.notices.append(Message("practice.bad_code"))
    st.title(words("practice.title"))
    for notice in visit.notices:
        st.warning(words.render(notice), icon=":material/info:")
    visit.notices.clear()
    drill = visit.drill
    if drill is None:
        _setup(visit, words)
    elif drill.current is not None:
        _question(drill, drill.current, visit, words)
    else:
        _summary(drill, visit, words)
    single = visit.drill.single if visit.drill is not None else None
    urls.follow(visit, code=single.code if single is not None else None)


# ------------------------------------------------------------------------------------------------------- callbacks


def _visit() -> Session | None:
    visit = st.session_state.get(KEY)
    return visit if isinstance(visit, Session) else None


def _on_answer(key: str, multiple: bool) -> None:
    """Take the pick from the answer widget (a radio answers at once; a pick-all question on its Check button)."""
    visit = _visit()
    if visit is None or visit.drill is None or visit.drill.shown is not None:
        return
    value = st.session_state.get(key)
    if value is None or (multiple and not value):
        visit.notices.append(Message("practice.pick_all"))
        return
    chosen = frozenset(int(i) for i in value) if multiple else frozenset([int(value)])
    drill = visit.drill
    if drill.single is not None:
        result = Result(drill.single, chosen, drill.single.is_correct(chosen))
    elif drill.run is not None and not drill.run.done:
        result = drill.run.answer(chosen)
    else:
        return
    drill.shown = result
    visit.store.record_answer(visit.learner, Answer(result.skill, result.code, result.correct))


def _on_next() -> None:
    visit = _visit()
    if visit is None or visit.drill is None:
        return
    drill = visit.drill
    if drill.single is not None:  # after a question opened by its code: a set of that skill
        start(visit, drill.skills)
    else:
        drill.shown = None


def _on_start(skills: tuple[str, ...] | None) -> None:
    visit = _visit()
    if visit is None:
        return
    if skills is None:
        picked = st.session_state.get(SKILL_KEY) or MIXED
        skills = SKILL_IDS if picked == MIXED else (picked,)
    start(visit, skills)


def _on_open_code() -> None:
    visit = _visit()
    if visit is not None and not open_code(visit, str(st.session_state.get(CODE_KEY) or "")):
        visit.notices.append(Message("practice.bad_code"))


def _on_stop() -> None:
    visit = _visit()
    if visit is not None:
        visit.drill = None


# ------------------------------------------------------------------------------------------------------- drawing


def _setup(visit: Session, words: Words) -> None:
    """Choose a skill (or mixed) and start; or open one question by its code."""
    st.markdown(words("practice.intro", size=SET_SIZE))
    levels = mastery(visit.store.load(visit.learner).answers)

    def label(option: str) -> str:
        if option == MIXED:
            return words("practice.mixed")
        return f"{words(get_skill(option).title)} · {level_text(words, levels[option])}"

    st.selectbox(words("practice.choose_skill"), [MIXED, *SKILL_IDS], format_func=label, key=SKILL_KEY)
    st.button(words("practice.start", size=SET_SIZE), key="practice_start", type="primary",
              icon=":material/play_arrow:", on_click=_on_start, args=(None,))
    with st.form("practice_code_form", border=True, enter_to_submit=True):
        st.text_input(words("practice.open_code"), key=CODE_KEY, placeholder="lacks-4821", max_chars=40)
        st.form_submit_button(words("practice.open"), key="practice_open", icon=":material/search:",
                              on_click=_on_open_code)
    if st.button(words("player.all_lessons"), key="home", icon=":material/home:", type="tertiary"):
        navigation.go(navigation.HOME)


def _question(drill: Drill, question: Question, visit: Session, words: Words) -> None:
    """One question: where it stands in the set, the prompt, the picture and its words, the options, the feedback."""
    skill_title = words(get_skill(question.skill).title)
    if drill.run is not None:
        at = number(drill)
        st.progress(at / drill.run.size, text=f"{words('practice.number', number=at, size=drill.run.size)}"
                                              f" · {skill_title}")
    else:
        st.subheader(skill_title)
    if visit.classroom:
        left, right = st.columns([3, 2], gap="large")
        with left:
            _picture(question, visit, words)
        with right:
            _prompt(question, words, large=True)
            _answer(drill, question, visit, words)
    else:
        # The question first; then the table and the answers side by side on a wide screen (stacked on a phone).
        _prompt(question, words)
        left, right = st.columns([3, 2], gap="medium")
        with left:
            _picture(question, visit, words)
        with right:
            _answer(drill, question, visit, words)


def _prompt(question: Question, words: Words, large: bool = False) -> None:
    prompt = words.render(question.prompt)
    st.markdown(f"#### {prompt}" if large else f"**{prompt}**")
    if question.notes:
        st.markdown("\n".join(f"- {words.render(note)}" for note in question.notes))


def _answer(drill: Drill, question: Question, visit: Session, words: Words) -> None:
    _choices(drill, question, visit, words)
    if drill.shown is not None:
        _feedback(drill.shown, visit, words)
    _footer(drill, question, visit, words)


def _picture(question: Question, visit: Session, words: Words) -> None:
    """The table without hint marks (large in classroom mode), and the same table in words beside it."""
    view = TableView(**question.table_view(), labels=words.role_labels(),
                     scale=CLASSROOM_SCALE if visit.classroom else PHONE_SCALE,
                     size=PROJECTOR_SIZE if visit.classroom else PHONE_SIZE)
    _, palette = picture(question.position, view)
    st.image(palette, output_format="PNG", width="stretch")
    described = question.describe()
    table_lines = described[: len(described) - len(question.notes)]
    st.caption(f"**{words('player.in_words')}.** " + " ".join(words.render(line) for line in table_lines))


def _choices(drill: Drill, question: Question, visit: Session, words: Words) -> None:
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
        short = all(len(label) <= 14 for label in labels)
        st.radio(words("player.choose"), list(range(len(labels))), format_func=lambda i: labels[i], index=None,
                 key=key, horizontal=short, disabled=answered, on_change=_on_answer, args=(key, False))


def _answer_text(question: Question, words: Words) -> str:
    return ", ".join(words.render(question.options[i].label) for i in sorted(question.correct))


def _feedback(result: Result, visit: Session, words: Words) -> None:
    """Right or wrong at once, the right answer, why, and the lesson step that teaches it."""
    question = result.question
    answer = words("practice.answer_is", answer=_answer_text(question, words))
    reason = words.render(question.reason)
    if result.correct:
        st.success(f"**{words('practice.right')}** {answer}  \n{reason}", icon=":material/check_circle:")
    else:
        st.error(f"**{words('practice.wrong')}** {answer}  \n{reason}", icon=":material/error:")
    _lesson_link(question, visit, words)


def _lesson_link(question: Question, visit: Session, words: Words) -> None:
    """In-app link to the lesson step (the sign-in and the visit stay); its address is the app's deep link."""
    target = navigation.page(question.lesson)
    if target is None:
        return
    title = words.texts.find(visit.lang, "title", question.lesson) or question.lesson
    label = words("practice.lesson_step", link=words("practice.lesson_link"), lesson=title, step=question.step)
    st.page_link(target, label=label, icon=":material/school:",
                 query_params={urls.STEP: str(question.step), urls.LANG: visit.lang})


def _footer(drill: Drill, question: Question, visit: Session, words: Words) -> None:
    """Next, the question's code and the link that opens it for anyone, and a way out of the set."""
    keys = visit.classroom
    with st.container(horizontal=True, gap="small"):
        if drill.shown is not None:
            last = drill.run is not None and drill.run.done
            label = words("practice.summary.see") if last else (
                words("practice.start", size=SET_SIZE) if drill.single is not None else words("practice.next"))
            st.button(label, key="practice_next", type="primary", icon=":material/arrow_forward:",
                      icon_position="right", shortcut="N" if keys else None, on_click=_on_next)
        st.button(words("practice.stop"), key="practice_stop", icon=":material/close:", type="tertiary",
                  on_click=_on_stop)
    link = urls.practice_link(question.code, visit.lang, urls.app_address(navigation.PRACTICE))
    st.caption(f"{words('practice.code', code=question.code)} · {words('practice.share')}")
    st.code(link, language=None)


def _summary(drill: Drill, visit: Session, words: Words) -> None:
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
