"""Who is learning: the visit's progress database opened once, the small sign-in (nickname, optional class code),
signing out, and the notices when progress lasts for this visit only. Nicknames are only ever shown as plain text."""

from __future__ import annotations

import streamlit as st

from lessons import Message, Ref

from . import class_signin
from .i18n import Words
from .progress import NICKNAME_MAX, Learner, NameRefused, ProgressStore, SessionProgressStore, check_nickname
from .progress_sql import GuardedStore, open_store
from .state import GUEST, Visit, current_visit

NICKNAME_KEY, CLASS_KEY = "signin_nickname", "signin_class"


def open_lasting(visit: Visit) -> None:
    """Open the progress database once per visit; if it cannot be used, say so once (its reason goes to the log)."""
    account = visit.account
    if account.lasting is not None:
        return
    opened = open_store()
    account.lasting = GuardedStore(opened.store) if opened.persistent else opened.store
    account.store_unavailable = not opened.persistent


def problem(text: str, field: str) -> Message | None:
    """Why a nickname (``field="nickname"``) or class code (``"class_code"``) cannot be used, in the words of the
    language files (None when it can): the one check, `check_nickname`, gives the reason's code."""
    try:
        check_nickname(text, field)
    except NameRefused as refused:
        reason = Message.of(f"signin.{refused.code}", max=NICKNAME_MAX)
        return Message.of("signin.problem", field=Ref(f"signin.{refused.field}"), problem=reason)
    return None


def sign_in(visit: Visit, learner: Learner) -> None:
    """Make ``learner`` the visit's learner: a guest's progress so far comes along, then their own is loaded."""
    account = visit.account
    store = account.lasting if account.lasting is not None else account.store
    if not account.signed_in:
        _carry_over(account.store, store, learner)
    account.learner = learner
    account.store = store
    _restart(visit)


def sign_out(visit: Visit) -> None:
    """Back to a fresh guest (on a shared computer the next learner starts from nothing)."""
    visit.account.learner = GUEST
    visit.account.store = SessionProgressStore()
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


def _restart(visit: Visit) -> None:
    """Forget the lesson runners and practice set, so everything reopens from the new learner's progress."""
    visit.place.runners.clear()
    visit.account.saved.clear()
    visit.place.last_lesson = None
    visit.place.drill = None
    visit.taps.clear()
    visit.taps.generation += 1


def _on_submit() -> None:
    visit = current_visit()
    nickname = str(st.session_state.get(NICKNAME_KEY) or "")
    class_code = str(st.session_state.get(CLASS_KEY) or "")
    refused = problem(nickname, "nickname") or (problem(class_code, "class_code") if class_code.strip() else None)
    if refused is None:
        learner, refused = class_signin.admit(Learner(nickname, class_code.strip()))
    visit.account.signin_problem = refused
    if refused is None:
        sign_in(visit, learner)


def _on_sign_out() -> None:
    sign_out(current_visit())


def panel(visit: Visit, words: Words) -> None:
    """The sign-in box of the home page; once signed in, who is learning and a way to sign out."""
    if not visit.account.signed_in:
        _form(visit, words)
        return
    with st.container(border=True):
        st.caption(words("signin.playing_as"))
        st.text(visit.account.learner.nickname)  # plain text: a nickname is never read as markdown or HTML
        if visit.account.learner.class_code:
            st.caption(words("signin.class_code"))
            st.text(visit.account.learner.class_code)
        if not visit.account.store.persistent:
            st.caption(words("signin.visit_only"))
        st.button(words("signin.sign_out"), key="sign_out", icon=":material/logout:", type="tertiary",
                  on_click=_on_sign_out)


def _form(visit: Visit, words: Words) -> None:
    """Signing in is optional, so it waits folded away until wanted (open again to show a refusal)."""
    refused = visit.account.signin_problem
    with st.expander(words("signin.title"), icon=":material/person:", expanded=refused is not None):
        st.markdown(words("signin.intro"))
        with st.form("signin", border=False, enter_to_submit=True):
            st.text_input(words("signin.nickname"), key=NICKNAME_KEY, autocomplete="nickname")
            st.text_input(words("signin.class_code_optional"), key=CLASS_KEY)
            st.form_submit_button(words("signin.submit"), key="sign_in", icon=":material/login:",
                                  on_click=_on_submit)
        if refused is not None:
            st.error(words.render(refused), icon=":material/error:")
            class_signin.offer_same_learner(words, sign_in)


def who(visit: Visit, words: Words) -> None:
    """The learner's nickname in the sidebar, as plain text."""
    if visit.account.signed_in:
        st.caption(words("signin.playing_as"))
        st.text(visit.account.learner.nickname)
    else:
        st.caption(words("signin.guest"))


def notices(visit: Visit, words: Words) -> None:
    """Say once that progress lasts for this visit only: the database could not be opened, or it failed since."""
    account = visit.account
    if account.store_unavailable:
        st.warning(words("notice.progress_visit_only"), icon=":material/cloud_off:")
        account.store_unavailable = False
    failed = isinstance(account.store, GuardedStore) and account.store.failed
    if failed and not account.store_failure_shown:
        st.warning(words("notice.progress_write_failed"), icon=":material/cloud_off:")
        account.store_failure_shown = True
