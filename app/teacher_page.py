"""The Teacher page: create a class (its code and private teacher link shown once), open it again with the link, and
the class view refreshed live during a lesson — lessons and practice per learner, the questions missed most, the
learners who signed in without the code, a CSV download, removing a learner — plus the printable material.

Only the teacher link opens a class; learners never see each other's progress. The link's secret leaves the address
bar as soon as it is read, so a projected or shared screen does not show it.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qs, urlparse

import streamlit as st

from practice import get_skill

from . import class_table, navigation, print_downloads, urls, widgets
from .classes import CLASS_NAME_MAX, ClassRefused, ClassReport, SchoolClass
from .classes_sql import SqlClassBook, open_class_book
from .i18n import Words
from .library import library
from .progress_sql import DATABASE_ERRORS
from .state import current_visit, tab_state

KEY = "teacher_desk"  # session state: this tab's `Desk`
LINK_PARAM = "key"
REFRESH_SECONDS = 5
UNCLASSED_SINCE = timedelta(days=1)
NAME_KEY, LINK_KEY = "teacher_class_name", "teacher_link"


@dataclass
class Desk:
    """What the Teacher page remembers in this tab: the class open, the new link until it is kept, the learner
    waiting for "yes, remove", and a message to show once."""

    book: SqlClassBook | None = None
    school_class: SchoolClass | None = None
    new_link: str | None = None
    removing: str | None = None  # the key of the learner whose removal awaits confirmation
    notice: tuple[str, str] | None = None  # (kind, text) said once at the top of the class view


def desk() -> Desk:
    """This tab's `Desk` (made on first use)."""
    return tab_state(KEY, Desk)


def show() -> None:
    """Draw the Teacher page."""
    visit = current_visit()
    words = Words(library().texts, visit.settings.lang)
    st.set_page_config(layout="wide")  # the class table has a column per lesson and per skill
    here = desk()
    if here.book is None:
        here.book = open_class_book()
    params = urls.incoming(visit) or {}
    st.title(words("teacher.title"))
    widgets.notices(visit, words, navigation.TEACHER)
    if here.book is None:
        st.warning(words("teacher.no_database"), icon=":material/cloud_off:")
    elif LINK_PARAM in params:
        _open(here, params[LINK_PARAM], words)
    if here.book is not None and here.school_class is None:
        _landing(here, words)
    elif here.school_class is not None:
        _made(here, words)
        _class_view()
    print_downloads.teacher_downloads(words)
    urls.follow(visit)  # the link's secret leaves the address bar


# --------------------------------------------------------------------------------------------- opening a class


def secret_of(text: str) -> str:
    """The secret in a pasted teacher link (or the secret itself, pasted alone)."""
    text = text.strip()
    if "?" in text or "=" in text:
        found = parse_qs(urlparse(text).query or text.split("?")[-1]).get(LINK_PARAM, [""])
        return found[0].strip()
    return text


def _open(here: Desk, secret: str, words: Words) -> None:
    """Open the class a link's secret names; a wrong or empty one is refused (``notice``), in the learner's
    language."""
    here.notice = None
    if not secret.strip():
        here.notice = ("error", words("teacher.open.missing"))
        return
    try:
        found = here.book.by_secret(secret) if here.book else None
    except DATABASE_ERRORS:
        here.notice = ("error", words("teacher.database_failed"))
        return
    if found is None:
        here.notice = ("error", words("teacher.open.refused"))
        return
    here.school_class, here.new_link, here.removing = found, None, None


def _on_open() -> None:
    words = Words(library().texts, current_visit().settings.lang)
    _open(desk(), secret_of(str(st.session_state.get(LINK_KEY) or "")), words)
    st.session_state[LINK_KEY] = ""


def _landing(here: Desk, words: Words) -> None:
    """No class open: what the page is for, open a class with its link, or create one."""
    st.markdown(words("teacher.intro"))
    if here.notice is not None:
        st.error(here.notice[1], icon=":material/error:")
        here.notice = None
    with st.container(border=True):
        st.subheader(words("teacher.create.title"))
        with st.form("teacher_create", border=False, enter_to_submit=True):
            st.text_input(words("teacher.create.name"), key=NAME_KEY, max_chars=CLASS_NAME_MAX)
            st.form_submit_button(words("teacher.create.submit"), key="teacher_create", type="primary",
                                  icon=":material/group_add:", on_click=_on_create)
    with st.container(border=True):
        st.subheader(words("teacher.open.title"))
        with st.form("teacher_open", border=False, enter_to_submit=True):
            st.text_input(words("teacher.open.link"), key=LINK_KEY, type="password")
            st.form_submit_button(words("teacher.open.submit"), key="teacher_open", icon=":material/key:",
                                  on_click=_on_open)


def _on_create() -> None:
    here = desk()
    words = Words(library().texts, current_visit().settings.lang)
    if here.book is None:
        return
    try:
        made = here.book.create(str(st.session_state.get(NAME_KEY) or ""))
    except ClassRefused as refused:
        here.notice = ("error", words(f"teacher.create.{refused.code}", max=CLASS_NAME_MAX))
        return
    except DATABASE_ERRORS:
        here.notice = ("error", words("teacher.database_failed"))
        return
    here.school_class = made.school_class
    here.new_link = f"{urls.app_address(navigation.TEACHER)}/{navigation.TEACHER}?{LINK_PARAM}={made.secret}"


def _made(here: Desk, words: Words) -> None:
    """Right after creating: the class code for the learners and the teacher link, shown this once."""
    if here.new_link is None or here.school_class is None:
        return
    with st.container(border=True):
        st.success(words("teacher.made.title", name=plain(here.school_class.name)), icon=":material/celebration:")
        st.markdown(words("teacher.made.code"))
        st.markdown(f"## `{here.school_class.code}`")
        st.markdown(words("teacher.made.link"))
        st.code(here.new_link, language=None, wrap_lines=True)
        st.button(words("teacher.made.kept"), key="teacher_link_kept", icon=":material/check:",
                  on_click=_forget_link)


def _forget_link() -> None:
    desk().new_link = None


# --------------------------------------------------------------------------------------------- the class view


@st.fragment(run_every=REFRESH_SECONDS)
def _class_view() -> None:
    """The class as it is now, read again every few seconds while the page is open."""
    here = desk()
    visit = current_visit()
    words = Words(library().texts, visit.settings.lang)
    if here.book is None or here.school_class is None:
        return
    now = datetime.now(UTC)
    try:
        report = here.book.report(here.school_class)
        unclassed = here.book.unclassed(now - UNCLASSED_SINCE)
    except DATABASE_ERRORS:
        st.warning(words("teacher.database_failed"), icon=":material/cloud_off:")
        return
    school_class = here.school_class
    st.subheader(plain(school_class.name))
    st.markdown(words("teacher.view.code", code=school_class.code))
    st.caption(f"{words('teacher.view.private')} {words('teacher.view.live')}")
    if here.notice is not None:
        widgets.feedback_box(here.notice[0], here.notice[1])
        here.notice = None
    if not report.learners:
        st.info(words("teacher.view.empty", code=school_class.code), icon=":material/group:")
    else:
        _tables(report, words, now)
        _remove(here, report, words)
    _missed(report, words, visit.settings.lang)
    _unclassed(unclassed, words, now)


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


def _tables(report: ClassReport, words: Words, now: datetime) -> None:
    """Learners × lessons and learners × practice skills, and the CSV of both."""
    lessons = _lessons()
    header = class_table.header(words, report, lessons)
    rows = class_table.rows(words, report, lessons, now)
    split = 2 + len(lessons)
    rest = [0, *range(split, len(header))]
    st.html(class_table.TABLE_CSS
            + class_table.html_table(words("teacher.view.lessons"), header[:split], [row[:split] for row in rows])
            + class_table.html_table(words("teacher.view.practice"), [header[i] for i in rest],
                                     [[row[i] for i in rest] for row in rows]))
    st.caption(words("teacher.view.legend"))
    st.download_button(words("teacher.view.csv"), data=class_table.to_csv(words, report, lessons, now),
                       file_name=f"{report.school_class.code}.csv", mime="text/csv", key="teacher_csv",
                       icon=":material/download:", on_click="ignore")


def _missed(report: ClassReport, words: Words, lang: str) -> None:
    """The practice questions the class misses most, each with its code and the link that opens it for anyone."""
    st.markdown(f"**{words('teacher.missed.title')}**")
    if not report.missed:
        st.caption(words("teacher.missed.none"))
        return
    st.caption(words("teacher.missed.intro"))
    base = urls.app_address(navigation.TEACHER)
    for question in report.missed:
        link = urls.practice_link(question.code, lang, base)
        skill = words(get_skill(question.skill).title) if _known_skill(question.skill) else question.skill
        with st.container(border=True):
            st.markdown(f"`{question.code}` · {skill}  \n" + words(
                "teacher.missed.line", wrong=question.wrong, answered=question.answered, learners=question.learners))
            st.code(link, language=None)


def _known_skill(skill: str) -> bool:
    try:
        get_skill(skill)
    except ValueError:
        return False
    return True


def _unclassed(found: tuple, words: Words, now: datetime) -> None:
    """Learners who signed in without a class code lately, each with a button to move them into this class."""
    with st.expander(words("teacher.unclassed.title"), icon=":material/person_search:"):
        st.caption(words("teacher.unclassed.intro"))
        if not found:
            st.markdown(words("teacher.unclassed.none"))
        for learner in found:
            with st.container(horizontal=True, vertical_alignment="center"):
                st.text(f"{learner.nickname} · {class_table.seen_text(words, learner.last_seen, now)}")
                st.button(words("teacher.unclassed.move"), key=f"move_{_short(learner.key)}",
                          icon=":material/group_add:", on_click=_on_move, args=(learner.key, learner.nickname))


def _on_move(key: str, nickname: str) -> None:
    here = desk()
    words = Words(library().texts, current_visit().settings.lang)
    if here.book is None or here.school_class is None:
        return
    try:
        here.book.move_in(key, here.school_class)
    except ClassRefused as refused:
        here.notice = ("error", words(f"teacher.unclassed.{refused.code}", nickname=plain(nickname)))
        return
    except DATABASE_ERRORS:
        here.notice = ("error", words("teacher.database_failed"))
        return
    here.notice = ("success", words("teacher.unclassed.moved", nickname=plain(nickname)))


def _remove(here: Desk, report: ClassReport, words: Words) -> None:
    """Remove a learner (and every record of theirs), after a confirmation."""
    names = {learner.key: learner.nickname for learner in report.learners}
    with st.expander(words("teacher.remove.title"), icon=":material/person_remove:",
                     expanded=here.removing is not None):
        if here.removing in names:
            st.warning(words("teacher.remove.confirm", nickname=plain(names[here.removing])),
                       icon=":material/warning:")
            with st.container(horizontal=True):
                st.button(words("teacher.remove.yes"), key="teacher_remove_yes", type="primary",
                          icon=":material/delete:", on_click=_on_remove, args=(here.removing, names[here.removing]))
                st.button(words("teacher.remove.cancel"), key="teacher_remove_cancel", on_click=_on_cancel)
            return
        st.selectbox(words("teacher.remove.pick"), options=list(names), format_func=names.__getitem__,
                     index=None, key="teacher_remove_pick")
        st.button(words("teacher.remove.button"), key="teacher_remove", icon=":material/person_remove:",
                  on_click=_on_ask_remove)


def _on_ask_remove() -> None:
    desk().removing = st.session_state.get("teacher_remove_pick")


def _on_cancel() -> None:
    desk().removing = None


def _on_remove(key: str, nickname: str) -> None:
    here = desk()
    words = Words(library().texts, current_visit().settings.lang)
    here.removing = None
    if here.book is None or here.school_class is None:
        return
    try:
        removed = here.book.remove(key, here.school_class)
    except DATABASE_ERRORS:
        here.notice = ("error", words("teacher.database_failed"))
        return
    if removed:
        here.notice = ("success", words("teacher.remove.done", nickname=plain(nickname)))


def plain(text: str) -> str:
    """A nickname or class name to put inside markdown, its markdown characters escaped (shown as typed)."""
    return "".join(f"\\{char}" if char in "\\`*_{}[]()#+-.!|<>~$:" else char for char in text)


def _short(key: str) -> str:
    """A short stable widget key for a learner's storage key."""
    return hashlib.sha1(key.encode()).hexdigest()[:12]
