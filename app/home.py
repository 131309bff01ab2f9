"""The home page: a short welcome, the language choice, the sign-in, the lesson map with stars and practice mastery,
and "continue where I left off"."""

from __future__ import annotations

from urllib.parse import urlparse

import streamlit as st

from lessons import Message
from practice import lesson_mastery

from . import chrome, navigation, practice_page, signin, urls
from .i18n import Words
from .library import library
from .player import stars_text
from .progress import Progress
from .state import session


def show() -> None:
    """Draw the home page."""
    lib = library()
    visit = session(lib.languages[0].code)
    params = urls.incoming(visit) or {}
    wanted = params.get(urls.LESSON) or _unknown_path()
    if wanted:
        if wanted in (*navigation.lesson_ids(), navigation.PRACTICE):
            extra = {key: value for key, value in params.items() if key != urls.LESSON}
            navigation.go(wanted, **extra)
        visit.notices.append(Message.of("notice.unknown_lesson", lesson=wanted[:40]))
    words = Words(lib.texts, visit.lang)
    st.title(words("home.welcome"))
    for notice in visit.notices:
        st.warning(words.render(notice), icon=":material/info:")
    visit.notices.clear()
    st.markdown(words("home.intro"))
    chrome.language_choice(lib, visit, "home_lang", words, inline=True)

    progress = visit.store.load(visit.learner)
    last = visit.last_lesson or resume(progress, navigation.lesson_ids())
    if last is not None and last in navigation.lesson_ids():
        step = progress.lesson(last).step
        title = _title(lib, words, last)
        if st.button(words("home.continue", lesson=title, step=step), key="continue", type="primary",
                     icon=":material/play_arrow:"):
            navigation.go(last)
    elif lib.lessons and st.button(words("home.start"), key="start", type="primary", icon=":material/play_arrow:"):
        navigation.go(lib.lessons[0].id)
    if st.button(words("home.practice"), key="practice", icon=":material/quiz:"):
        navigation.go(navigation.PRACTICE)
    signin.panel(visit, words)

    st.subheader(words("home.map"))
    practised = lesson_mastery(progress.answers)
    for number, lesson_id in enumerate(navigation.lesson_ids(), start=1):
        with st.container(border=True, horizontal=True, vertical_alignment="center"):
            title = _title(lib, words, lesson_id)
            try:
                lesson = lib.lesson(lesson_id)
            except KeyError:
                st.markdown(f"**{number}. {title}**  \n:orange[{words('home.broken')}]", width="stretch")
                continue
            saved = progress.lesson(lesson_id)
            if saved.finished:
                status = f"{stars_text(saved.stars)} · {words('home.stars', stars=saved.stars)}"
            elif lesson_id in visit.runners or saved.step > 1:
                status = words("home.in_progress", step=saved.step, count=len(lesson.steps))
            else:
                status = words("home.not_started")
            lines = [f"**{number}. {title}**", f":gray[{status}]"]
            if lesson_id in practised:
                level = practice_page.level_text(words, practised[lesson_id])
                lines.append(f":gray[{words('home.practice_level', level=level)}]")
            st.markdown("  \n".join(lines), width="stretch")
            skills = practice_page.lesson_skills(lesson_id)
            if skills and st.button(words("home.practise"), key=f"practise_{lesson_id}", icon=":material/quiz:",
                                    type="tertiary"):
                practice_page.start(visit, skills)
                navigation.go(navigation.PRACTICE)
            if st.button(words("home.open"), key=f"open_{lesson_id}", icon=":material/arrow_forward:"):
                navigation.go(lesson_id)
    if not visit.store.persistent:
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


def _title(lib: object, words: Words, lesson_id: str) -> str:
    text = words.texts.find(words.lang, "title", lesson_id)
    return text or lesson_id


def _unknown_path() -> str | None:
    """The first path segment when the browser asked for a page that does not exist (Streamlit shows home then)."""
    try:
        path = urlparse(st.context.url or "").path
    except (AttributeError, ValueError):
        return None
    segment = path.strip("/").split("/")[-1] if path.strip("/") else ""
    if not segment or segment == navigation.HOME or segment in navigation.lesson_ids():
        return None
    return segment
