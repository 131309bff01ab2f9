"""The home page: a short welcome, the language choice, "continue where I left off", today's five (the daily plan
of a signed-in learner), the sign-in, and the lesson map with stars and practice mastery."""

from __future__ import annotations

from datetime import UTC, datetime
from urllib.parse import unquote, urlparse

import streamlit as st

from app import drills, navigation, plan, signin, urls
from app.i18n import Words
from app.library import library
from app.pages import play_page, puzzles_page
from app.state import Visit, current_visit
from app.storage.progress import Progress
from app.widgets import chrome, common
from lessons import Library
from practice import LessonMastery, get_skill, lesson_mastery
from practice.plan import SKILL
from wording import Message

PLAN_KEY = "plan"  # today's five, on the page: st-key-plan
NO_BREAK = "\u00a0"


def show() -> None:
    """Draw the home page."""
    lib = library()
    visit = current_visit()
    _follow_link(visit)
    words = Words(lib.texts, visit.settings.lang)
    st.title(words("home.welcome"))
    common.notices(visit, words, navigation.HOME)
    progress = visit.account.store.load(visit.account.learner)
    # A learner's next lesson and five are the day's main things: first, in sight on a phone without scrolling. A
    # guest's reason to sign in goes just above the sign-in instead.
    plan_first = visit.account.signed_in
    if plan_first:
        _next_lesson(lib, visit, words, progress)
        _todays_five(visit, words)
    grouped = dict(navigation.courses(lib))
    plaza = len(grouped.get("la_plaza", []))
    st.markdown(words("home.intro", plaza=plaza, others=sum(len(ids) for ids in grouped.values()) - plaza))
    chrome.language_choice(lib, visit, "home_lang", words, inline=True)
    if not plan_first:
        _next_lesson(lib, visit, words, progress)
    _other_ways(words)
    if not plan_first:
        _todays_five(visit, words)
    signin.panel(visit, words)
    st.subheader(words("home.map"))
    practised = lesson_mastery(progress.answers)
    shown = navigation.lesson_ids()  # numbered as the sidebar numbers them, on through the courses
    for course, lesson_ids in navigation.courses(lib):  # one group per course
        st.markdown(f"#### {words(f'course.{course}')}")
        intro = words.texts.find(words.lang, f"course.{course}_intro")
        if intro:
            st.markdown(intro)
        for lesson_id in (i for i in lesson_ids if i in shown):
            _lesson_card(lib, visit, words, progress, shown.index(lesson_id) + 1, lesson_id,
                         practised.get(lesson_id))
    if not visit.account.store.persistent:
        st.caption(words("home.progress_session"))
    urls.follow(visit)


def resume(progress: Progress, lesson_ids: list[str]) -> str | None:
    """The lesson a returning learner continues: the one saved last if it is unfinished, else the next unfinished
    lesson after it (``None`` when nothing was saved, or everything from there on is finished)."""
    saved = [progress.lessons[i] for i in lesson_ids if i in progress.lessons and progress.lessons[i].updated]
    if not saved:
        return None
    latest = max(saved, key=lambda lesson: lesson.updated).lesson_id  # type: ignore[arg-type, return-value]
    if not progress.lesson(latest).finished:
        return latest
    following = lesson_ids[lesson_ids.index(latest) + 1 :]
    return next((i for i in following if not progress.lesson(i).finished), None)


def continue_with(visited: str | None, progress: Progress, lesson_ids: list[str]) -> str | None:
    """Where "Continue" leads: the lesson visited last in this visit while it is unfinished; once it is finished,
    the next unfinished lesson after it (not the finished lesson's last step); else what `resume` finds."""
    if visited is None or visited not in lesson_ids:
        return resume(progress, lesson_ids)
    if not progress.lesson(visited).finished:
        return visited
    following = lesson_ids[lesson_ids.index(visited) + 1 :]
    return next((i for i in following if not progress.lesson(i).finished), None) or resume(progress, lesson_ids)


def _follow_link(visit: Visit) -> None:
    """A link to a lesson (``?lesson=pegar`` or an unknown path) goes there; one that names nothing says so (quoting
    it as plain text: an address is never markup)."""
    params = urls.incoming(visit) or {}
    wanted = params.get(urls.LESSON) or _unknown_path()
    if not wanted:
        return
    if wanted in (*navigation.lesson_ids(), navigation.PRACTICE, navigation.PLAY, navigation.PUZZLES, navigation.CLASS,
                  navigation.TEACHER):
        extra = {key: value for key, value in params.items() if key != urls.LESSON}
        navigation.go(wanted, **extra)
    visit.place.notices.append(Message.of("notice.unknown_lesson", lesson=urls.quoted(wanted)))


def _next_lesson(lib: Library, visit: Visit, words: Words, progress: Progress) -> None:
    """Continue where the learner left off, or start with the first lesson."""
    last = continue_with(visit.place.last_lesson, progress, navigation.lesson_ids())
    if last is not None and last in navigation.lesson_ids():
        saved = progress.lesson(last)
        begun = last in progress.lessons or last == visit.place.last_lesson
        label = (words("home.continue", lesson=_title(words, last), step=saved.step) if begun
                 else words("home.continue_next", lesson=_title(words, last)))
        if st.button(label, key="continue", type="primary", icon=":material/play_arrow:"):
            navigation.go(last)
    elif lib.lessons and st.button(words("home.start"), key="start", type="primary", icon=":material/play_arrow:"):
        navigation.go(lib.lessons[0].id)


def _other_ways(words: Words) -> None:
    """Practice, a match against the computer, puzzles."""
    if st.button(words("home.practice"), key="practice", icon=":material/quiz:"):
        navigation.go(navigation.PRACTICE)
    play_page.entry_button(words, "home_play")
    puzzles_page.entry_button(words, "home_puzzles")


def _todays_five(visit: Visit, words: Words) -> None:
    """Today's five for a signed-in learner: what is due for review first, then new skills and puzzle themes, each
    opening a practice question or a puzzle; a guest is told that signing in keeps a daily plan."""
    st.subheader(words("home.plan.title"))
    if not visit.account.signed_in:
        st.caption(words("home.plan.guest"))
        return
    st.markdown(words("home.plan.intro"))
    with st.container(key=PLAN_KEY):  # chrome.CSS sets its labels flush left, a wrapped one too
        for entry in plan.todays_five(visit, datetime.now(UTC)):
            _plan_item(visit, words, entry)


def _plan_item(visit: Visit, words: Words, entry: plan.Entry) -> None:
    """One of today's five: a button the width of the page, opening a question of its skill or a puzzle of its
    theme."""
    item = entry.item
    if item.kind == SKILL:
        label = words("home.plan.skill", skill=words(get_skill(item.id).title))
    else:
        theme = words.texts.render(Message(f"puzzles.theme.{item.id}"), words.lang, puzzles_page.SCOPE)
        label = words("home.plan.theme", theme=theme)
    icon = ":material/quiz:" if item.kind == SKILL else ":material/extension:"
    status = words(f"home.plan.{entry.status}").replace(" ", NO_BREAK)  # on a phone it wraps whole, never halved
    if st.button(f"{label} ·{NO_BREAK}{status}", key=f"plan_{item.kind}_{item.id}", icon=icon, type="tertiary",
                 width="stretch"):
        if item.kind == SKILL:
            navigation.go(navigation.PRACTICE, **{urls.CODE: plan.practice_code(item.id)})
        else:
            puzzles_page.open_theme(visit, item.id)


def _lesson_card(lib: Library, visit: Visit, words: Words, progress: Progress, number: int, lesson_id: str,
                 practised: LessonMastery | None) -> None:
    """One lesson on the map: its title, stars or where the learner is, practice mastery, Practise and Open."""
    with st.container(border=True, horizontal=True, vertical_alignment="center"):
        title = _title(words, lesson_id)
        try:
            lesson = lib.lesson(lesson_id)
        except KeyError:
            st.markdown(f"**{number}. {title}**  \n:orange[{words('home.broken')}]", width="stretch")
            return
        saved = progress.lesson(lesson_id)
        if saved.finished:
            status = f"{common.stars_text(saved.stars)} · {words('home.stars', stars=saved.stars)}"
        elif lesson_id in visit.place.runners or saved.step > 1:
            status = words("home.in_progress", step=saved.step, count=len(lesson.steps))
        else:
            status = words("home.not_started")
        lines = [f"**{number}. {title}**", f":gray[{status}]"]
        if practised is not None:
            lines.append(f":gray[{words('home.practice_level', level=common.level_text(words, practised))}]")
        st.markdown("  \n".join(lines), width="stretch")
        skills = drills.lesson_skills(lesson_id)
        if skills and st.button(words("home.practise"), key=f"practise_{lesson_id}", icon=":material/quiz:",
                                type="tertiary"):
            drills.start(visit, skills)
            navigation.go(navigation.PRACTICE)
        if st.button(words("home.open"), key=f"open_{lesson_id}", icon=":material/arrow_forward:"):
            navigation.go(lesson_id)


def _title(words: Words, lesson_id: str) -> str:
    return words.texts.find(words.lang, "title", lesson_id) or lesson_id


def _unknown_path() -> str | None:
    """The last path segment, as typed (``%5B`` read as ``[``), when the browser asked for a page that does not exist
    (Streamlit runs the home page then)."""
    try:
        path = urlparse(st.context.url or "").path
    except (AttributeError, ValueError):
        return None
    segment = unquote(path.strip("/").split("/")[-1]) if path.strip("/") else ""
    if not segment or segment == navigation.HOME or segment in navigation.lesson_ids():
        return None
    return segment
