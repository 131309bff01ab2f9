"""The Teacher page: the teacher signs in (or makes an account), sees "My classes", makes a class or claims one made
before teacher accounts, keeps its class list (learners' personal codes shown once, on demand, with their sign-in
cards), follows the class live — and shows it on the projector with nothing on screen but the class name, how to
sign in and the class view. The class record and the lesson steps download as CSV; the printable material is here.

A class opens only for its teacher (``owned``): its public code may be in the address (``/teacher?class=KMR-482``),
and another teacher who opens that address is refused. Learners never see this page's data.
"""

from __future__ import annotations

from datetime import UTC, datetime
from urllib.parse import parse_qs, urlparse

import streamlit as st

from app import navigation, signin, urls
from app.i18n import Words, plain
from app.library import library
from app.pages import teacher_account, teacher_round, teacher_tables
from app.pages.teacher_desk import Desk, desk, page_words, tell
from app.pages.teacher_roster import roster
from app.state import Visit, current_visit
from app.storage.browser import FEEDBACK_KEY
from app.storage.classes import CLASS_NAME_MAX, ClassRefused, ClassReport, SchoolClass, is_class_code, normal_code
from app.storage.classes_sql import open_class_book
from app.storage.progress_sql import DATABASE_ERRORS
from app.widgets import class_table, common, print_downloads
from practice import get_skill

LINK_PARAM = "key"  # the old teacher links: ``/teacher?key=<secret>``
CLASS_PARAM = "class"  # ``/teacher?class=KMR-482``: the class's public code, opened for its own teacher only
REFRESH_SECONDS = 5
NAME_KEY, CLAIM_KEY = "teacher_class_name", "teacher_claim_link"

#: The projector view: no sidebar, and large type to be read from the back of a room.
PROJECTOR_CSS = """
<style>
[data-testid="stSidebar"], [data-testid="stSidebarCollapsedControl"], [data-testid="stExpandSidebarButton"] {
  display: none; }
.st-key-teacher_projector_back kbd { color: #3f4a43; opacity: 1; }
.st-key-teacher_projector_view h1 { font-size: 4rem; }
.st-key-teacher_projector_view [data-testid="stMarkdownContainer"] p { font-size: 2rem; }
.st-key-teacher_projector_view [data-testid="stCaptionContainer"] p { font-size: 1.4rem; }
</style>
"""


def show() -> None:
    """Draw the Teacher page."""
    visit = current_visit()
    words = Words(library().texts, visit.settings.lang)
    st.set_page_config(layout="wide")  # the class table has a column per lesson and per skill
    here = desk()
    if here.book is None:
        here.book = open_class_book()
    _read_address(here, visit)
    _check_teacher(here, visit, words)
    teacher = visit.account.teacher
    if teacher is not None and teacher_round.projector(here, words):  # the live round on the projector
        return
    if here.projector and here.school_class is not None and teacher is not None:
        _projector(here, words)
        _follow(here, visit)
        return
    st.title(words("teacher.title"))
    common.notices(visit, words, navigation.TEACHER)
    if here.book is None or visit.account.accounts is None:
        st.warning(words("teacher.no_database"), icon=":material/cloud_off:")
    else:
        _desk(here, visit, words)
    print_downloads.teacher_downloads(words)
    _follow(here, visit)


def _read_address(here: Desk, visit: Visit) -> None:
    """A class code in an address from outside (a reload, a bookmark) is remembered, to open once the teacher is
    known; an old teacher link's secret is never kept (only pasted, to claim the class)."""
    params = urls.incoming(visit) or {}
    if CLASS_PARAM in params:  # (anything that is not a class code opens nothing, like a code of another teacher)
        here.wanted = normal_code(params[CLASS_PARAM]) if is_class_code(params[CLASS_PARAM]) else ""


def _check_teacher(here: Desk, visit: Visit, words: Words) -> None:
    """The tab's teacher must still be signed in (signed out on every device since?); the desk is theirs only."""
    before = visit.account.teacher
    signin.teacher_check(visit)
    teacher = visit.account.teacher
    here.belongs_to(teacher.id if teacher is not None else None)
    if before is not None and teacher is None:
        tell(here, "info", words("teacher.account.ended"))


def _follow(here: Desk, visit: Visit) -> None:
    """The address shows the class open (or still to open): a reload brings the teacher back to it."""
    code = here.school_class.code if here.school_class is not None else here.wanted
    urls.follow(visit, extra={CLASS_PARAM: code} if code else None)  # (a refused value is not written back)


def _say(here: Desk) -> None:
    """What the desk has to say once (a refusal, a success)."""
    if here.notice is not None:
        with st.container(key=FEEDBACK_KEY):
            common.feedback_box(*here.notice)
        here.notice = None


def _desk(here: Desk, visit: Visit, words: Words) -> None:
    """The teacher's own screen: signed out, their classes, or the class open."""
    teacher = visit.account.teacher
    if teacher is None:
        _say(here)
        st.markdown(words("teacher.intro"))
        teacher_account.signed_out(visit, words)
        return
    teacher_account.account_bar(visit, words)
    if here.wanted is not None:
        _open_wanted(here, visit, words)
    _say(here)
    if here.school_class is None:
        _classes(here, visit, words)
    else:
        _class(here, words)


# --------------------------------------------------------------------------------------------- opening a class


def secret_of(text: str) -> str:
    """The secret in a pasted old teacher link (or the secret itself, pasted alone)."""
    text = text.strip()
    if "?" in text or "=" in text:
        found = parse_qs(urlparse(text).query or text.split("?")[-1]).get(LINK_PARAM, [""])
        return found[0].strip()
    return text


def _open_wanted(here: Desk, visit: Visit, words: Words) -> None:
    """Open the class the address named, if it is this teacher's; any other code is refused in the same words
    whether or not such a class exists."""
    code, here.wanted = here.wanted, None
    _open_owned(here, visit, words, code)


def _open_owned(here: Desk, visit: Visit, words: Words, code: str) -> None:
    """Open the class with this code if it is the tab's teacher's; any other is refused in the same words."""
    teacher = visit.account.teacher
    try:
        found = here.book.owned(teacher, code) if here.book and teacher and code else None
    except DATABASE_ERRORS:
        tell(here, "error", words("teacher.database_failed"))
        return
    if found is None:
        tell(here, "error", words("teacher.classes.not_yours"))
        return
    _open(here, found)


def _open(here: Desk, school_class: SchoolClass) -> None:
    here.close()
    here.school_class = school_class


def _on_open(code: str) -> None:
    _open_owned(desk(), current_visit(), page_words(), code)


def _classes(here: Desk, visit: Visit, words: Words) -> None:
    """No class open: the teacher's classes, making one, claiming one made before accounts."""
    try:
        mine = here.book.classes_of(visit.account.teacher)
    except DATABASE_ERRORS:
        st.warning(words("teacher.database_failed"), icon=":material/cloud_off:")
        return
    with st.container(border=True):
        st.subheader(words("teacher.classes.title"))
        if not mine:
            st.markdown(words("teacher.classes.none"))
        for school_class in mine:
            st.button(words("teacher.classes.open", name=plain(school_class.name), code=school_class.code),
                      key=f"teacher_open_{school_class.code}", icon=":material/groups:",
                      on_click=_on_open, args=(school_class.code,))
    with st.container(border=True):
        st.subheader(words("teacher.create.title"))
        with st.form("teacher_create", border=False, enter_to_submit=True):
            st.text_input(words("teacher.create.name"), key=NAME_KEY, max_chars=CLASS_NAME_MAX)
            st.form_submit_button(words("teacher.create.submit"), key="teacher_create", type="primary",
                                  icon=":material/group_add:", on_click=_on_create)
    with st.expander(words("teacher.claim.title"), icon=":material/history:"):
        st.markdown(words("teacher.claim.intro"))
        with st.form("teacher_claim", border=False, enter_to_submit=True):
            st.text_input(words("teacher.claim.link"), key=CLAIM_KEY, type="password", max_chars=500)
            st.form_submit_button(words("teacher.claim.submit"), key="teacher_claim", icon=":material/key:",
                                  on_click=_on_claim)


def _on_create() -> None:
    here, visit, words = desk(), current_visit(), page_words()
    teacher = visit.account.teacher
    name = str(st.session_state.get(NAME_KEY) or "")
    if here.book is None or teacher is None:
        return
    try:
        before = {school_class.code for school_class in here.book.classes_of(teacher)}
        made = here.book.create(name, teacher)  # one class per name and teacher: a double click makes one
    except ClassRefused as refused:
        tell(here, "error", words(f"teacher.create.{refused.code}", max=CLASS_NAME_MAX))
        return
    except DATABASE_ERRORS:
        tell(here, "error", words("teacher.database_failed"))
        return
    st.session_state[NAME_KEY] = ""
    _open(here, made)
    key = "teacher.create.exists" if made.code in before else "teacher.create.made"
    tell(here, "success" if key.endswith("made") else "info", words(key, name=plain(made.name)))


def _on_claim() -> None:
    here, visit, words = desk(), current_visit(), page_words()
    secret = secret_of(str(st.session_state.get(CLAIM_KEY) or ""))
    st.session_state[CLAIM_KEY] = ""  # the old link's secret is not kept in the tab
    teacher = visit.account.teacher
    if here.book is None or teacher is None:
        return
    if not secret:
        tell(here, "error", words("teacher.claim.missing"))
        return
    try:
        claimed = here.book.claim(teacher, secret)
    except DATABASE_ERRORS:
        tell(here, "error", words("teacher.database_failed"))
        return
    if claimed is None:
        tell(here, "error", words("teacher.claim.refused"))
        return
    _open(here, claimed)
    tell(here, "success", words("teacher.claim.claimed", name=plain(claimed.name)))


# --------------------------------------------------------------------------------------------- the class open


def _class(here: Desk, words: Words) -> None:
    """The class on the teacher's own screen: its name and code, the projector button, the class list, the live
    class view."""
    school_class = here.school_class
    try:
        report = here.book.report(school_class)
    except DATABASE_ERRORS:
        st.warning(words("teacher.database_failed"), icon=":material/cloud_off:")
        return
    with st.container(horizontal=True, vertical_alignment="center"):
        st.button(words("teacher.classes.back"), key="teacher_classes", icon=":material/arrow_back:",
                  type="tertiary", on_click=_on_back)
        st.button(words("teacher.projector.show"), key="teacher_projector", icon=":material/tv:",
                  on_click=_on_projector, args=(True,))
    st.header(plain(school_class.name), anchor=False)
    st.markdown(words("teacher.view.code", code=school_class.code))
    st.caption(words("teacher.view.private"))
    teacher_round.controls(here, words)
    roster(here, report.learners, sum(not learner.has_code for learner in report.learners), words)
    _class_view()
    teacher_tables.section(school_class, words)  # issue 23: the class tables (opened, followed, watched)


def _on_back() -> None:
    desk().close()


def _on_projector(on: bool) -> None:
    here = desk()
    here.projector = on and here.school_class is not None
    here.confirming = None


def _projector(here: Desk, words: Words) -> None:
    """The projector view: the class name, how to sign in, the class view — no code, no secret, no control but the
    way back (also the Esc key)."""
    st.html(PROJECTOR_CSS)
    with st.container(horizontal=True, horizontal_alignment="right"):
        st.button(words("teacher.projector.back"), key="teacher_projector_back", icon=":material/close:",
                  type="tertiary", shortcut="Escape", help=words("teacher.projector.back_help"),
                  on_click=_on_projector, args=(False,))
    with st.container(key="teacher_projector_view"):
        st.title(plain(here.school_class.name), anchor=False)
        address = urls.app_address(navigation.TEACHER)
        if address:  # in a code span: shown as the browser gave it, never turned into a link
            st.markdown(words("teacher.projector.join", address=f"`{address.replace('`', '')}`"))
        else:
            st.markdown(words("teacher.projector.join_here"))
        _class_view()


# --------------------------------------------------------------------------------------------- the live class view


@st.fragment(run_every=REFRESH_SECONDS)
def _class_view() -> None:
    """The class as it is now, read again every few seconds while the page is open (the teacher's sign-in is
    checked each time: signed out on another device, the whole page is drawn again, signed out)."""
    st.set_page_config(layout="wide")  # again: a fragment's own run would fall back to the narrow layout
    here, visit = desk(), current_visit()
    words = Words(library().texts, visit.settings.lang)
    teacher = visit.account.teacher
    signin.teacher_check(visit)
    if visit.account.teacher is not teacher:  # signed out on every device: nothing of the class stays on screen
        here.belongs_to(None)
        tell(here, "info", words("teacher.account.ended"))
        st.rerun()
    if here.book is None or here.school_class is None or teacher is None:
        return
    now = datetime.now(UTC)
    try:
        report = here.book.report(here.school_class)
    except DATABASE_ERRORS:
        st.warning(words("teacher.database_failed"), icon=":material/cloud_off:")
        return
    if not report.learners:
        st.info(words("teacher.view.empty"), icon=":material/group:")
    else:
        _tables(report, words, now, here.projector)
    if here.projector:
        return
    st.caption(words("teacher.view.live"))
    if report.learners:
        _downloads(report, words, now)
    _missed(report, words, visit.settings.lang)


def _lessons() -> list[tuple[str, int]]:
    """The lessons in order, with their number of steps (a lesson that did not load is left out)."""
    lib = library()
    found = []
    for lesson_id in navigation.lesson_ids() or [lesson.id for lesson in lib.lessons]:
        try:
            found.append((lesson_id, len(lib.lesson(lesson_id).steps)))
        except KeyError:
            continue
    return found


def _tables(report: ClassReport, words: Words, now: datetime, projector: bool) -> None:
    """Learners × lessons and learners × practice skills."""
    lessons = _lessons()
    header = class_table.header(words, report, lessons)
    rows = class_table.rows(words, report, lessons, now)
    split = 2 + len(lessons)
    rest = [0, *range(split, len(header))]
    st.html(class_table.TABLE_CSS
            + class_table.html_table(words("teacher.view.lessons"), header[:split], [row[:split] for row in rows],
                                     projector)
            + class_table.html_table(words("teacher.view.practice"), [header[i] for i in rest],
                                     [[row[i] for i in rest] for row in rows], projector))
    st.caption(words("teacher.view.legend"))


def _downloads(report: ClassReport, words: Words, now: datetime) -> None:
    """The class record and the lesson steps record, as CSV files named for the class and the moment."""
    lessons = _lessons()
    with st.container(horizontal=True):
        st.download_button(words("teacher.view.csv"), data=class_table.to_csv(words, report, lessons, now),
                           file_name=class_table.csv_file_name(report.school_class, now), mime="text/csv",
                           key="teacher_csv", icon=":material/download:", on_click="ignore")
        st.download_button(words("teacher.view.steps_csv"), data=class_table.steps_csv(words, report, lessons, now),
                           file_name=class_table.csv_file_name(report.school_class, now, "steps"), mime="text/csv",
                           key="teacher_steps_csv", icon=":material/download:", on_click="ignore")


def _missed(report: ClassReport, words: Words, lang: str) -> None:
    """The practice questions the class misses most, each with its code and the link that opens it for anyone;
    only questions of a skill this app knows (anything else was never a question of ours)."""
    st.markdown(f"**{words('teacher.missed.title')}**")
    known = [question for question in report.missed if _known_skill(question.skill)]
    if not known:
        st.caption(words("teacher.missed.none"))
        return
    st.caption(words("teacher.missed.intro"))
    base = urls.app_address(navigation.TEACHER)
    for question in known:
        skill = words(get_skill(question.skill).title)
        with st.container(border=True):
            st.markdown(f"{plain(question.code)} · {plain(skill)}  \n" + words(
                "teacher.missed.line", wrong=question.wrong, answered=question.answered, learners=question.learners))
            st.code(urls.practice_link(question.code, lang, base), language=None)


def _known_skill(skill: str) -> bool:
    try:
        get_skill(skill)
    except ValueError:
        return False
    return True
