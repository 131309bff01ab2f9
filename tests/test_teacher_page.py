"""The Teacher page under AppTest, in every language: create a class (code and link shown once), open it with the
link (a wrong or missing one refused), the class view's tables, the CSV served, the questions missed most, moving a
learner in, removing one — and learners never seeing each other's progress."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest
from streamlit.runtime.memory_media_file_storage import MemoryMediaFileStorage

from app.classes import NewClass
from app.classes_sql import SqlClassBook
from app.progress import Answer, Learner
from app.progress_sql import URL_VARIABLE, SqlProgressStore
from app.teacher_page import _short
from tests.app_support import LANGUAGES, LIBRARY, click, open_app, texts, visit

PILA_STEPS = len(LIBRARY.lesson("pila").steps)


@pytest.fixture
def database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A fresh SQLite progress database for the app."""
    url = f"sqlite:///{tmp_path / 'progress.db'}"
    monkeypatch.setenv(URL_VARIABLE, url)
    return url


def ui(lang: str, key: str, **args: object) -> str:
    return LIBRARY.texts.get(lang, key).format(**args)


def title(lang: str, lesson_id: str, number: int) -> str:
    return f"{number} · {LIBRARY.texts.find(lang, 'title', lesson_id)}"


def a_class(database: str, name: str = "5B") -> NewClass:
    return SqlClassBook.from_url(database).create(name)


@dataclass
class Table:
    """A class table as the page's HTML holds it."""

    caption: str = ""
    header: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)


class _TableReader(HTMLParser):
    """Reads every <table> of the page's HTML: caption, header cells, body rows (text as shown)."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[Table] = []
        self._cell: list[str] | None = None
        self._where = ""

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag == "table":
            self.tables.append(Table())
        elif tag in ("caption", "thead", "tbody"):
            self._where = tag
        elif tag == "tr" and self._where == "tbody":
            self.tables[-1].rows.append([])
        if tag in ("caption", "th", "td"):
            self._cell = []

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag not in ("caption", "th", "td") or self._cell is None:
            return
        text, self._cell = "".join(self._cell), None
        table = self.tables[-1]
        if tag == "caption":
            table.caption = text
        elif self._where == "thead":
            table.header.append(text)
        else:
            table.rows[-1].append(text)


def tables(at) -> list[Table]:
    """Every class table on the page."""
    reader = _TableReader()
    for element in at.html:
        reader.feed(element.value)
    return reader.tables


def column(table: Table, heading: str) -> list[str]:
    index = table.header.index(heading)
    return [row[index] for row in table.rows]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_creating_a_class_shows_its_code_and_the_teacher_link_once(database: str, lang: str) -> None:
    at = open_app(lesson="teacher", lang=lang)
    assert [t.value for t in at.title] == [ui(lang, "teacher.title")]
    at.text_input(key="teacher_class_name").set_value("5B Santa Rosa")
    click(at, "teacher_create")
    assert texts(at, "success") == [ui(lang, "teacher.made.title", name="5B Santa Rosa")]
    made = SqlClassBook.from_url(database)
    (link,) = [code.value for code in at.code]
    secret = link.split("key=")[1]
    school_class = made.by_secret(secret)
    assert school_class is not None and school_class.name == "5B Santa Rosa"
    assert f"## `{school_class.code}`" in texts(at, "markdown")
    assert ui(lang, "teacher.view.empty", code=school_class.code) in texts(at, "info")
    click(at, "teacher_link_kept")
    assert [code.value for code in at.code] == []  # the link is gone for good: only its hash is stored
    assert not any(secret in text for text in texts(at, "markdown"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_empty_class_name_is_refused_in_the_learners_language(database: str, lang: str) -> None:
    at = open_app(lesson="teacher", lang=lang)
    at.text_input(key="teacher_class_name").set_value("   ")
    click(at, "teacher_create")
    assert texts(at, "error") == [ui(lang, "teacher.create.name_empty")]
    assert not tables(at) and not at.code


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("secret", "refusal"), [("not-a-secret", "teacher.open.refused"),
                                                 ("", "teacher.open.missing")])
def test_a_wrong_or_missing_teacher_link_is_refused_and_shows_nothing(database: str, lang: str, secret: str,
                                                                      refusal: str) -> None:
    made = a_class(database)
    SqlProgressStore.from_url(database).save_lesson(Learner("Ana", made.school_class.code), "pila", 2)
    at = open_app(lesson="teacher", lang=lang, key=secret)
    assert texts(at, "error") == [ui(lang, refusal)]
    assert not tables(at)
    assert not any("Ana" in text for text in texts(at, "markdown") + texts(at, "text"))
    assert made.school_class.code not in " ".join(texts(at, "markdown"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_teacher_link_opens_the_class_and_leaves_the_address_bar(database: str, lang: str) -> None:
    made = a_class(database)
    at = open_app(lesson="teacher", lang=lang, key=made.secret)
    assert ui(lang, "teacher.view.code", code=made.school_class.code) in texts(at, "markdown")
    assert "key" not in at.query_params
    assert not texts(at, "error")


def test_a_pasted_link_opens_the_class_and_a_wrong_one_is_refused(database: str) -> None:
    made = a_class(database, "6A")
    at = open_app(lesson="teacher", lang="es")
    at.text_input(key="teacher_link").set_value("https://school.example/teacher?key=wrong")
    click(at, "teacher_open")
    assert texts(at, "error") == [ui("es", "teacher.open.refused")]
    at.text_input(key="teacher_link").set_value(f"  https://school.example/teacher?lang=es&key={made.secret} ")
    click(at, "teacher_open")
    assert ui("es", "teacher.view.code", code=made.school_class.code) in texts(at, "markdown")


def fill_class(database: str, code: str) -> None:
    """Ana finished pila with 2 stars and mastered `fits`; Ben is at step 3 of pegar and missed lacks-4821 twice."""
    store = SqlProgressStore.from_url(database)
    ana, ben = Learner("Ana", code), Learner("Ben", code)
    store.save_lesson(ana, "pila", PILA_STEPS, stars=2)
    for n in range(5):
        store.record_answer(ana, Answer("fits", f"fits-{n}", True))
    store.save_lesson(ben, "pegar", 3)
    store.record_answer(ben, Answer("lacks", "lacks-4821", False))
    store.record_answer(ben, Answer("lacks", "lacks-4821", False))
    store.record_answer(ana, Answer("lacks", "lacks-4821", True))
    store.save_lesson(Learner("Zoë", "KMR-999"), "pila", 2)  # someone of another class


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_class_view_shows_learners_by_lessons_and_practice(database: str, lang: str) -> None:
    made = a_class(database)
    fill_class(database, made.school_class.code)
    at = open_app(lesson="teacher", lang=lang, key=made.secret)
    lessons, practice = tables(at)
    assert column(lessons, ui(lang, "teacher.view.nickname")) == ["Ana", "Ben"]
    assert column(lessons, ui(lang, "teacher.view.last_seen")) == [ui(lang, "teacher.seen.now")] * 2
    assert column(lessons, title(lang, "pila", 1)) == ["★★☆", "–"]
    steps = len(LIBRARY.lesson("pegar").steps)
    assert column(lessons, title(lang, "pegar", 2)) == ["–", ui(lang, "teacher.view.step", step=3, count=steps)]
    fits = LIBRARY.texts.get(lang, "practice.skill.fits")
    lacks = LIBRARY.texts.get(lang, "practice.skill.lacks")
    assert column(practice, fits) == [f"● {ui(lang, 'teacher.level.mastered')}", f"· {ui(lang, 'teacher.level.new')}"]
    assert column(practice, lacks)[1] == f"◐ {ui(lang, 'teacher.level.learning', right=0, answered=2)}"
    assert "Zoë" not in column(lessons, ui(lang, "teacher.view.nickname"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_questions_missed_most_come_with_their_code_and_share_link(database: str, lang: str) -> None:
    made = a_class(database)
    fill_class(database, made.school_class.code)
    at = open_app(lesson="teacher", lang=lang, key=made.secret)
    line = ui(lang, "teacher.missed.line", wrong=2, answered=3, learners=1)
    assert any(text.startswith("`lacks-4821`") and text.endswith(line) for text in texts(at, "markdown"))
    assert [code.value for code in at.code] == [f"/practice?code=lacks-4821&lang={lang}"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_csv_download_holds_the_same_table(database: str, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    served: list[tuple[bytes, str]] = []
    keep = MemoryMediaFileStorage.load_and_get_id

    def spy(self, path_or_data, mimetype, kind, filename=None):
        if mimetype == "text/csv":
            served.append((path_or_data if isinstance(path_or_data, bytes) else path_or_data.encode(), filename))
        return keep(self, path_or_data, mimetype, kind, filename)

    monkeypatch.setattr(MemoryMediaFileStorage, "load_and_get_id", spy)
    made = a_class(database)
    fill_class(database, made.school_class.code)
    at = open_app(lesson="teacher", lang=lang, key=made.secret)
    assert at.get("download_button")[0].label == ui(lang, "teacher.view.csv")
    data, filename = served[-1]
    assert filename == f"{made.school_class.code}.csv"
    assert data.startswith("\ufeff".encode())
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    lessons, practice = tables(at)
    assert rows[0] == [*lessons.header, *practice.header[1:]]
    assert [lessons.caption, practice.caption] == [ui(lang, "teacher.view.lessons"), ui(lang, "teacher.view.practice")]
    assert rows[1][:2] == ["Ana", ui(lang, "teacher.seen.now")]
    assert [row[0] for row in rows[1:]] == ["Ana", "Ben"]
    assert rows[1][2] == "★★☆"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_removing_a_learner_asks_first_then_deletes_their_records(database: str, lang: str) -> None:
    made = a_class(database)
    fill_class(database, made.school_class.code)
    at = open_app(lesson="teacher", lang=lang, key=made.secret)
    ben = Learner("Ben", made.school_class.code)
    at.selectbox(key="teacher_remove_pick").set_value(ben.key)
    click(at, "teacher_remove")
    assert texts(at, "warning") == [ui(lang, "teacher.remove.confirm", nickname="Ben")]
    click(at, "teacher_remove_cancel")
    assert column(tables(at)[0], ui(lang, "teacher.view.nickname")) == ["Ana", "Ben"]
    at.selectbox(key="teacher_remove_pick").set_value(ben.key)
    click(at, "teacher_remove")
    click(at, "teacher_remove_yes")
    assert texts(at, "success") == [ui(lang, "teacher.remove.done", nickname="Ben")]
    assert column(tables(at)[0], ui(lang, "teacher.view.nickname")) == ["Ana"]
    stored = SqlProgressStore.from_url(database).load(ben)
    assert not stored.lessons and not stored.answers


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_learner_who_forgot_the_code_is_moved_into_the_class(database: str, lang: str) -> None:
    made = a_class(database)
    store = SqlProgressStore.from_url(database)
    store.save_lesson(Learner("Cira"), "pila", 4)
    store.save_lesson(Learner("Ana", made.school_class.code), "pila", 1)
    store.save_lesson(Learner("Ana"), "pila", 2)  # a second Ana cannot be moved in
    at = open_app(lesson="teacher", lang=lang, key=made.secret)
    assert ui(lang, "teacher.unclassed.title") in [e.label for e in at.expander]
    assert {text.split(" · ")[0] for text in texts(at, "text")} >= {"Cira", "Ana"}
    click(at, f"move_{_short(Learner('Ana').key)}")
    assert texts(at, "error") == [ui(lang, "teacher.unclassed.nickname_taken", nickname="Ana")]
    click(at, f"move_{_short(Learner('Cira').key)}")
    assert texts(at, "success") == [ui(lang, "teacher.unclassed.moved", nickname="Cira")]
    assert column(tables(at)[0], ui(lang, "teacher.view.nickname")) == ["Ana", "Cira"]
    assert store.load(Learner("Cira", made.school_class.code)).lesson("pila").step == 4


def test_learners_never_see_each_others_progress(database: str) -> None:
    made = a_class(database)
    fill_class(database, made.school_class.code)
    at = open_app(lang="en")
    at.text_input(key="signin_nickname").set_value("Cy")
    at.text_input(key="signin_class").set_value(made.school_class.code)
    click(at, "sign_in")
    assert visit(at).account.learner == Learner("Cy", made.school_class.code)
    shown = " ".join(texts(at, "markdown") + texts(at, "text") + texts(at, "caption"))
    assert "Ana" not in shown and "Ben" not in shown and "★★☆" not in shown
    teacher = open_app(lesson="teacher", lang="en")  # the Teacher page without the link: no class at all
    shown = " ".join(texts(teacher, "markdown") + texts(teacher, "text"))
    assert not tables(teacher) and "Ana" not in shown and made.school_class.code not in shown


@pytest.mark.parametrize("lang", LANGUAGES)
def test_without_a_database_the_page_says_so_and_still_prints(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    monkeypatch.setenv(URL_VARIABLE, "postgresql+psycopg://nobody@127.0.0.1:1/nothing")  # nothing listens there
    at = open_app(lesson="teacher", lang=lang)
    assert ui(lang, "teacher.no_database") in texts(at, "warning")
    assert not tables(at) and "teacher_class_name" not in [box.key for box in at.text_input]  # no class to make
    assert ui(lang, "teacher.print.card_button") in [b.label for b in at.get("download_button")]
