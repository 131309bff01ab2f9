"""Who is learning: the visit's progress database opened once, the small sign-in (nickname, optional class code),
signing out, and the notices when progress lasts for this visit only. Nicknames are only ever shown as plain text."""

from __future__ import annotations

import streamlit as st

from lessons import Message, Ref

from .i18n import Words
from .progress import NICKNAME_MAX, Learner, ProgressStore, SessionProgressStore, check_nickname
from .progress_sql import GuardedStore, open_store
from .state import GUEST, KEY, Session

NICKNAME_KEY, CLASS_KEY = "signin_nickname", "signin_class"


def open_lasting(visit: Session) -> None:
    """Open the progress database once per visit; if it cannot be used, keep its message to show once."""
    if visit.lasting is not None:
        return
    opened = open_store()
    visit.lasting = GuardedStore(opened.store) if opened.persistent else opened.store
    visit.store_message = opened.message


def problem(text: str, field: str) -> Message | None:
    """Why a nickname or class code cannot be used, in the learner's language (None when it can)."""
    try:
        check_nickname(text)
    except ValueError:
        name = " ".join(str(text).split())
        if not name:
            reason = Message("signin.empty")
        elif len(name) > NICKNAME_MAX:
            reason = Message.of("signin.too_long", max=NICKNAME_MAX)
        else:
            reason = Message("signin.characters")
        return Message.of("signin.problem", field=Ref(f"signin.{field}"), problem=reason)
    return None


def sign_in(visit: Session, learner: Learner) -> None:
    """Make ``learner`` the visit's learner: a guest's progress so far comes along, then their own is loaded."""
    store = visit.lasting if visit.lasting is not None else visit.store
    if not visit.signed_in:
        _carry_over(visit.store, store, learner)
    visit.learner = learner
    visit.store = store
    _restart(visit)


def sign_out(visit: Session) -> None:
    """Back to a fresh guest (on a shared computer the next learner starts from nothing)."""
    visit.learner = GUEST
    visit.store = SessionProgressStore()
    _restart(visit)


def _carry_over(guest: ProgressStore, store: ProgressStore, learner: Learner) -> None:
    """Add what a guest did before signing in: lessons not stored yet, best stars, practice answers."""
    done = guest.load(GUEST)
    if not done.lessons and not done.answers:
        return
    stored = store.load(learner)
    for lesson_id, lesson in done.lessons.items():
        mine = stored.lessons.get(lesson_id)
        if mine is None:
            store.save_lesson(learner, lesson_id, lesson.step, lesson.stars if lesson.finished else None)
        elif lesson.finished:
            store.save_lesson(learner, lesson_id, mine.step, lesson.stars)
    for answer in done.answers:
        store.record_answer(learner, answer)


def _restart(visit: Session) -> None:
    """Forget the lesson runners and practice set, so everything reopens from the new learner's progress."""
    visit.runners.clear()
    visit.saved.clear()
    visit.last_lesson = None
    visit.drill = None
    visit.clear_marks()
    visit.generation += 1


def _on_submit() -> None:
    visit = st.session_state.get(KEY)
    if not isinstance(visit, Session):
        return
    nickname = str(st.session_state.get(NICKNAME_KEY) or "")
    class_code = str(st.session_state.get(CLASS_KEY) or "")
    visit.signin_problem = problem(nickname, "nickname") or (problem(class_code, "class_code")
                                                              if class_code.strip() else None)
    if visit.signin_problem is None:
        sign_in(visit, Learner(nickname, class_code.strip()))


def _on_sign_out() -> None:
    visit = st.session_state.get(KEY)
    if isinstance(visit, Session):
        sign_out(visit)


def panel(visit: Session, words: Words) -> None:
    """The sign-in box of the home page; once signed in, who is learning and a way to sign out."""
    if not visit.signed_in:
        _form(visit, words)
        return
    with st.container(border=True):
        st.caption(words("signin.playing_as"))
        st.text(visit.learner.nickname)  # plain text: a nickname is never read as markdown or HTML
        if visit.learner.class_code:
            st.caption(words("signin.class_code"))
            st.text(visit.learner.class_code)
        if not visit.store.persistent:
            st.caption(words("signin.visit_only"))
        st.button(words("signin.sign_out"), key="sign_out", icon=":material/logout:", type="tertiary",
                  on_click=_on_sign_out)


def _form(visit: Session, words: Words) -> None:
    """Signing in is optional, so it waits folded away until wanted (open again to show a refusal)."""
    with st.expander(words("signin.title"), icon=":material/person:", expanded=visit.signin_problem is not None):
        st.markdown(words("signin.intro"))
        with st.form("signin", border=False, enter_to_submit=True):
            st.text_input(words("signin.nickname"), key=NICKNAME_KEY, autocomplete="nickname")
            st.text_input(words("signin.class_code_optional"), key=CLASS_KEY)
            st.form_submit_button(words("signin.submit"), key="sign_in", icon=":material/login:",
                                  on_click=_on_submit)
        if visit.signin_problem is not None:
            st.error(words.render(visit.signin_problem), icon=":material/error:")


def who(visit: Session, words: Words) -> None:
    """The learner's nickname in the sidebar, as plain text."""
    if visit.signed_in:
        st.caption(words("signin.playing_as"))
        st.text(visit.learner.nickname)
    else:
        st.caption(words("signin.guest"))


def notices(visit: Session, words: Words) -> None:
    """Say once that progress lasts for this visit only: the database could not be opened, or it failed since."""
    if visit.store_message:
        st.warning(words("notice.progress_visit_only"), icon=":material/cloud_off:")
        st.text(visit.store_message)  # the database's own words: plain text, never markdown
        visit.store_message = ""
    failed = isinstance(visit.store, GuardedStore) and visit.store.failed
    if failed and not visit.store_failure_shown:
        st.warning(words("notice.progress_write_failed"), icon=":material/cloud_off:")
        visit.store_failure_shown = True
