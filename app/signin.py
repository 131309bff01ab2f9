"""Who is learning: the visit's database opened once, signing in with a personal code (typed, or from the QR code on
the learner's card), a guest's record made on the server when there is something to keep, the check at every action
that the record still accepts the visit (a removed learner is signed out), signing out, and the teacher of the tab.

Nothing the browser says is taken as fact: it can only hand back a token the server signed, and the server checks
the record behind it. Nicknames are only ever shown as plain text.
"""

from __future__ import annotations

import logging

import streamlit as st

from app import puzzles
from app.i18n import Words
from app.state import GUEST, Visit, current_visit
from app.storage.accounts import AccountRefused
from app.storage.accounts_sql import open_accounts
from app.storage.progress import Learner, LearnerGone, ProgressStore, SessionProgressStore
from app.storage.progress_sql import DATABASE_ERRORS, GuardedStore, open_store
from wording import Message

CODE_KEY = "signin_code"
EXAMPLE_CODE = "KMR-4X8-2PQ"  # the shape of a personal code, as an example in the texts that explain it

log = logging.getLogger(__name__)


def open_lasting(visit: Visit) -> None:
    """Open the progress database and the accounts once per visit; if they cannot be used, say so once (the reason
    goes to the log)."""
    account = visit.account
    if account.lasting is not None:
        return
    opened = open_store()
    account.lasting = GuardedStore(opened.store) if opened.persistent else opened.store
    account.store_unavailable = not opened.persistent
    account.accounts = open_accounts() if opened.persistent else None


def scopes(visit: Visit) -> tuple[str, ...]:
    """Where failed sign-in tries are counted: this visit, and the address it comes from (as the proxy tells it,
    when the school says the app runs behind one)."""
    found = [f"visit:{visit.account.visit_id}"]
    address = client_address(visit)
    if address:
        found.append(f"address:{address}")
    return tuple(found)


def client_address(visit: Visit) -> str:
    """The visitor's network address: Streamlit's own, or the first of ``X-Forwarded-For`` behind a trusted proxy."""
    accounts = visit.account.accounts
    try:
        if accounts is not None and accounts.settings.behind_proxy:
            forwarded = st.context.headers.get("X-Forwarded-For", "")
            if forwarded:
                return forwarded.split(",")[0].strip()[:100]
        return str(st.context.ip_address or "")[:100]
    except (AttributeError, RuntimeError):
        return ""


# --------------------------------------------------------------------------------------------- learners


def sign_in(visit: Visit, learner: Learner, epoch: int | None = None) -> None:
    """Make ``learner`` (a record on the server) the visit's learner. What the visit did so far comes along: a
    guest's record is carried into a learner's, progress kept in the visit is written to the record, and the
    puzzles a visitor answered count for the learner."""
    account = visit.account
    accounts = account.accounts
    if accounts is None or account.lasting is None:
        return
    before, before_store = account.learner, account.store
    if before.guest and before is not GUEST and not learner.guest:
        accounts.carry_over(before, learner)
    account.learner = learner
    account.store = account.lasting
    account.epoch = accounts.epoch_of(learner) if epoch is None else epoch
    account.token = accounts.tokens.issue("learner", learner.key, account.epoch)
    if before is GUEST and isinstance(before_store, SessionProgressStore):
        _carry_visit(before_store, account.store, learner)
    if before.guest and not learner.guest:
        puzzles.carry_visit(visit, learner)
    _offer_saved_places(visit, learner)
    _restart(visit, keep_place=True)


def keep_record(visit: Visit) -> None:
    """Before something worth keeping is saved: a visitor without a record gets a guest's record on the server (once
    the browser has said whether it already holds one), so a reload brings it back."""
    account = visit.account
    if account.recorded or not account.restored or account.accounts is None:
        return
    try:
        guest = account.accounts.new_guest()
    except DATABASE_ERRORS:
        log.warning("no guest record could be made; progress stays in this visit", exc_info=True)
        return
    sign_in(visit, guest, 0)


def _carry_visit(visit_store: SessionProgressStore, store: ProgressStore, learner: Learner) -> None:
    """Write what the visit's own runner and practice checker saw (kept in the visit so far) to ``learner``'s
    record: lessons, stars, step results and answers — all of it seen by this server, none of it sent by a browser."""
    done = visit_store.load(GUEST)
    stored = store.load(learner)
    for lesson_id, lesson in done.lessons.items():
        mine = stored.lessons.get(lesson_id)
        step, moves = (lesson.step, lesson.moves) if mine is None else (mine.step, mine.moves)
        store.save_lesson(learner, lesson_id, step, lesson.stars if lesson.finished else None, moves)
    by_lesson: dict[str, dict] = {}
    for (lesson_id, number), result in done.steps.items():
        by_lesson.setdefault(lesson_id, {})[number] = result
    for lesson_id, results in by_lesson.items():
        store.save_steps(learner, lesson_id, results)
    for answer in done.answers:
        store.record_answer(learner, answer)
    visit_store.forget(GUEST)


def sign_out(visit: Visit, reason: Message | None = None) -> None:
    """Back to a fresh guest (on a shared computer the next learner starts from nothing); ``reason``, when the
    server ended the sign-in (removed, code reissued), is said at the top of the page."""
    account = visit.account
    account.learner = GUEST
    account.store = SessionProgressStore()
    account.token = None
    account.epoch = 0
    puzzles.forget_visit()
    if reason is not None:
        visit.place.notices.append(reason)
    _restart(visit)


def check(visit: Visit) -> None:
    """At every run: the visit's record must still accept it. A learner whose teacher removed them, or reissued
    their code, is signed out with a message; a guest whose record went away starts afresh."""
    account = visit.account
    if not account.recorded or account.accounts is None:
        return
    try:
        still = account.accounts.still_signed_in(account.learner, account.epoch)
    except DATABASE_ERRORS:
        return  # the database is down: the store says so, and the check is made again at the next action
    if not still:
        gone(visit)


def gone(visit: Visit) -> None:
    """The visit's record no longer accepts it (found at a check, or when a save found no record)."""
    was_learner = visit.account.signed_in
    sign_out(visit, Message("signin.signed_out_by_teacher") if was_learner else None)


def _offer_saved_places(visit: Visit, learner: Learner) -> None:
    """The learner just signed in on a lesson opened at some step (a link, a reload): where they left off is offered
    on the lesson's page, not forced; on the very step they left (a reload), its table comes back as they left it."""
    progress = visit.account.store.load(learner)
    visit.place.offers.clear()
    for lesson_id, runner in visit.place.runners.items():
        saved = progress.lesson(lesson_id)
        if saved.updated is None or not 1 <= saved.step <= len(runner.lesson.steps):
            continue
        if saved.step != runner.number:
            visit.place.offers[lesson_id] = saved.step
        else:
            visit.place.resume(runner, saved.moves)


def _restart(visit: Visit, keep_place: bool = False) -> None:
    """After a change of learner. Signing out forgets the lesson runners, the practice set and what was written (on
    a shared computer the next learner starts from nothing); signing in keeps the page the visitor is on, and what
    was written so far, since it was carried over to the new record."""
    if not keep_place:
        visit.place.runners.clear()
        visit.place.last_lesson = None
        visit.place.drill = None
        visit.place.offers.clear()
        visit.account.saved.clear()
        visit.account.steps_saved.clear()
    visit.taps.clear()
    visit.taps.open_at_top()  # the new learner's page from its top: who is signed in, and the notices
    visit.taps.generation += 1


def sign_in_with_code(visit: Visit, typed: str) -> Message | None:
    """Sign in with a personal code (typed, or read from a card's QR code); why not, in a message, when it fails."""
    accounts = visit.account.accounts
    if accounts is None:
        return Message("signin.no_database")
    try:
        learner = accounts.sign_in_code(typed, scopes(visit))
    except AccountRefused as refused:
        return Message.of(f"signin.{refused.code}", example=EXAMPLE_CODE, **refused.args_for_text)
    except DATABASE_ERRORS:
        return Message("signin.no_database")
    sign_in(visit, learner)
    return None


def _on_submit() -> None:
    visit = current_visit()
    visit.taps.acted += 1  # the answer (a refusal, or who is now signed in) is brought into view
    typed = str(st.session_state.get(CODE_KEY) or "")
    visit.account.signin_problem = sign_in_with_code(visit, typed)
    if visit.account.signin_problem is None:
        st.session_state[CODE_KEY] = ""


def _on_sign_out() -> None:
    sign_out(current_visit())


def panel(visit: Visit, words: Words) -> None:
    """The sign-in box of the home page; once signed in, who is learning and a way to sign out."""
    if not visit.account.signed_in:
        _form(visit, words)
        return
    with st.container(border=True, key=_feedback_key()):
        st.caption(words("signin.playing_as"))
        st.text(visit.account.learner.nickname)  # plain text: a nickname is never read as markdown or HTML
        class_name = _class_name(visit)
        if class_name:
            st.caption(words("signin.class_name"))
            st.text(class_name)
        if not visit.account.store.persistent:
            st.caption(words("signin.visit_only"))
        st.button(words("signin.sign_out"), key="sign_out", icon=":material/logout:", type="tertiary",
                  on_click=_on_sign_out)


def _class_name(visit: Visit) -> str:
    """The name of the signed-in learner's class as the teacher wrote it ("" when unknown)."""
    code = visit.account.learner.class_code
    accounts = visit.account.accounts
    if not code or accounts is None:
        return ""
    try:
        found = accounts.class_name(code)
    except DATABASE_ERRORS:
        return ""
    return found or ""


def _feedback_key() -> str:
    """The key of the box the browser link brings into view after an action (app/storage/browser.py imports this
    module)."""
    from app.storage.browser import FEEDBACK_KEY

    return FEEDBACK_KEY


def _form(visit: Visit, words: Words) -> None:
    """Signing in is optional, so it waits folded away until wanted (open again to show a refusal)."""
    refused = visit.account.signin_problem
    with st.expander(words("signin.title"), icon=":material/person:", expanded=refused is not None):
        st.markdown(words("signin.intro"))
        with st.form("signin", border=False, enter_to_submit=True):
            st.text_input(words("signin.code"), key=CODE_KEY, autocomplete="off", max_chars=40,
                          placeholder=words("signin.code_placeholder", example=EXAMPLE_CODE))
            st.form_submit_button(words("signin.submit"), key="sign_in", icon=":material/login:",
                                  on_click=_on_submit)
        if refused is not None:
            with st.container(key=_feedback_key()):  # brought into view, with the focus, by the browser link
                st.error(words.render(refused), icon=":material/error:")


def who(visit: Visit, words: Words) -> None:
    """The learner's nickname in the sidebar, as plain text."""
    if visit.account.signed_in:
        st.caption(words("signin.playing_as"))
        st.text(visit.account.learner.nickname)
    else:
        st.caption(words("signin.guest"))


# --------------------------------------------------------------------------------------------- teachers


def teacher_in(visit: Visit, teacher: object) -> None:
    """Make ``teacher`` (a verified `Teacher`) the teacher of this tab; the browser keeps their token."""
    accounts = visit.account.accounts
    visit.account.teacher = teacher
    visit.account.teacher_token = accounts.teacher_token(teacher) if accounts is not None else None


def teacher_out(visit: Visit) -> None:
    """The tab's teacher signs out (the browser forgets the token)."""
    visit.account.teacher = None
    visit.account.teacher_token = None


def teacher_check(visit: Visit) -> None:
    """At every run of the Teacher page: the teacher's account must still accept the tab's token (signed out on
    every device since?)."""
    account = visit.account
    teacher = account.teacher
    if teacher is None or account.accounts is None:
        return
    try:
        now = account.accounts.teacher_now(teacher.id, teacher.epoch)
    except DATABASE_ERRORS:
        return
    if now is None:
        teacher_out(visit)


# --------------------------------------------------------------------------------------------- notices


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


__all__ = ["LearnerGone", "check", "gone", "keep_record", "open_lasting", "panel", "sign_in", "sign_in_with_code",
           "sign_out", "teacher_check", "teacher_in", "teacher_out", "who"]
