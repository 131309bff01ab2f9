"""A live round with a class of forty on one server: 40 phones sign in with their personal codes and open the class
page, the teacher's projector shows the round, and for each question every phone answers within 10 s; prints the
answers lost (sent and confirmed, but not in the database), how long after the last answer the projector showed the
full count (p50/p95), how long after the reveal each phone showed its result (p50/p95), and the server's memory per
phone.

The phones and the projector are light clients speaking Streamlit's websocket protocol (``class_load.Client``); each
reruns its page's fragment on the interval the server asks for, as a browser does. The round is started and moved
on through the storage, as the teacher's N key would; the reveal is the app's own (the last phone there to answer
reveals the question), its moment read from the database.

Run from the repository root: ``python benchmarks/round_load.py [--phones 40] [--questions 5] [--postgres]``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import sqlalchemy as sa  # noqa: E402
from streamlit.proto.Alert_pb2 import Alert  # noqa: E402
from streamlit.proto.WidgetStates_pb2 import WidgetState  # noqa: E402

from app.storage.progress_sql import round_answers  # noqa: E402
from app.storage.rounds_sql import JOINED, SqlRounds  # noqa: E402
from benchmarks.class_load import PASSWORD, Client, percentile, rss_mb, serve  # noqa: E402
from lessons import load_library  # noqa: E402
from practice.rounds import Settings, draw_set  # noqa: E402
from tests.browser.conftest import free_port, stop_app  # noqa: E402
from tests.identity_support import make_roster  # noqa: E402
from tests.postgres import PostgresServer  # noqa: E402

TEACHER = "Round Teacher"
WINDOW = 10.0  # every phone answers within this many seconds of the question showing
TIMEOUT = 60.0
RESULT = (Alert.Format.SUCCESS, Alert.Format.ERROR)
COUNT = re.compile(r"(\d+) of (\d+) answered")
NUMBER = re.compile(r"Question (\d+) of \d+")
GRACE = 20.0  # seconds after the window before the teacher reveals a question someone has not answered (key A)


@dataclass
class RoundClient(Client):
    """A tab that also notes the markdown it is sent (the round's captions, the projector's count) and when a
    result box (right or wrong) arrived."""

    marks: list[tuple[float, str]] = field(default_factory=list)
    result_at: float | None = None
    option_after: dict[str, int] = field(default_factory=dict)  # an option's key: how many marks came before it

    def _element(self, element) -> None:  # type: ignore[no-untyped-def]
        super()._element(element)
        kind = element.WhichOneof("type")
        widget_id = getattr(getattr(element, kind), "id", "")
        if isinstance(widget_id, str) and "-round_option_" in widget_id:
            self.option_after[widget_id.split("-", 2)[2]] = len(self.marks)
        if kind == "markdown":
            self.marks.append((time.time(), element.markdown.body))
        elif kind == "alert" and element.alert.format in RESULT and self.result_at is None:
            self.result_at = time.time()

    def shows(self, text: str) -> bool:
        return any(text in body for _at, body in self.marks)

    def options_since(self, text: str) -> list[str]:
        """The option buttons drawn after the latest mark holding ``text`` (a question's own: a key the page drew for
        an earlier question with more options is no button now)."""
        since = max((n for n, (_at, body) in enumerate(self.marks) if text in body), default=-1)
        return sorted(key for key, after in self.option_after.items() if after > since)


async def follow(tab: Client, stop: asyncio.Event) -> None:
    """Rerun the page's fragments on the intervals the server asked for, as the browser does."""
    due: dict[str, float] = {}
    while not stop.is_set():
        now = time.monotonic()
        for fragment, interval in list(tab.auto.items()):
            if due.setdefault(fragment, now + interval) <= now:
                due[fragment] = now + interval
                await tab.rerun(fragment=fragment)
        await asyncio.sleep(0.05)


@dataclass
class Question:
    """What the coordinator saw of one question."""

    go: float = 0.0  # when the phones were told to answer (every phone showed the question)
    revealed: float = 0.0  # the reveal, as stored
    last_answer: float = 0.0  # the last answer, as stored
    projector_full: float | None = None  # when the projector first showed everyone's answer counted
    by_teacher: bool = False  # someone had not answered in time: the teacher revealed it


async def phone(base: str, number: int, code: str, questions: int, go: list[asyncio.Event], ready: asyncio.Event,
                joined: list[int], sent: list[list[int]], results: list[list[float]],
                errors: list[str], stop: asyncio.Event) -> None:
    """One learner's phone: sign in, open the class page, and for each question answer within the window, then
    wait for the result."""
    rng = random.Random(number)
    tab = RoundClient(base, f"phone {number}")
    follower = None
    try:
        await asyncio.sleep(rng.uniform(0, 3))
        await tab.connect()
        await tab.rerun(query="lang=en")
        await tab.until(lambda: tab.finished >= 1 and "signin_code" in tab.widgets)
        tab.values[tab.key("signin_code")] = WidgetState(id=tab.key("signin_code"), string_value=code)
        await tab.act("sign in", trigger=tab.key("sign_in"))
        await tab.act("open class", page="class", query="lang=en")
        await tab.until(lambda: "round_option_0" in tab.widgets)
        joined.append(number)
        follower = asyncio.create_task(follow(tab, stop))
        await ready.wait()
        for index in range(questions):
            await go[index].wait()
            await tab.until(lambda index=index: tab.shows(f"Question {index + 1} of {questions}"))
            await asyncio.sleep(rng.uniform(0, WINDOW - 1))
            tab.result_at = None
            options = tab.options_since(f"Question {index + 1} of {questions}")
            pick = rng.choice(options)
            runs = tab.finished
            await tab.rerun(trigger=tab.key(pick))
            await tab.until(lambda runs=runs: tab.finished > runs)
            sent[index].append(number)
            await tab.until(lambda: tab.result_at is not None, TIMEOUT)
            results[index].append(tab.result_at or 0.0)
        errors.extend(tab.errors)
    except Exception as exc:  # counted and reported, never hidden
        errors.append(f"{tab.name}: {type(exc).__name__}: {exc}")
    finally:
        if follower is not None:
            follower.cancel()
        if hasattr(tab, "ws"):
            await tab.close()


async def projector(base: str, class_code: str, seen: list[tuple[float, int, int, int]], errors: list[str],
                    stop: asyncio.Event, on: asyncio.Event) -> None:
    """The teacher's projector: sign in, open the class, show the round, follow it."""
    tab = RoundClient(base, "projector")
    follower = None
    try:
        await tab.connect()
        await tab.rerun(page="teacher", query=f"class={class_code}&lang=en")
        await tab.until(lambda: tab.finished >= 1 and "teacher_name" in tab.widgets)
        for key, value in (("teacher_name", TEACHER), ("teacher_password", PASSWORD)):
            tab.values[tab.key(key)] = WidgetState(id=tab.key(key), string_value=value)
        await tab.act("teacher sign in", trigger=tab.key("teacher_sign_in"), page="teacher")
        await tab.until(lambda: "round_show" in tab.widgets)
        await tab.act("show", trigger=tab.key("round_show"), page="teacher")
        await tab.until(lambda: any(COUNT.search(body) for _at, body in tab.marks))
        on.set()
        follower = asyncio.create_task(follow(tab, stop))
        done, number = 0, 0
        while not stop.is_set():
            for at, body in tab.marks[done:]:
                if shown := NUMBER.search(body):  # the count that follows is this question's
                    number = int(shown[1])
                found = COUNT.search(body)
                if found:
                    seen.append((at, int(found[1]), int(found[2]), number))
            done = len(tab.marks)
            await asyncio.sleep(0.05)
        errors.extend(tab.errors)
    except Exception as exc:
        errors.append(f"projector: {type(exc).__name__}: {exc}")
        on.set()
    finally:
        if follower is not None:
            follower.cancel()
        if hasattr(tab, "ws"):
            await tab.close()


async def run(base: str, url: str, class_code: str, teacher_id: str, codes: list[str], questions: int, pid: int,
              ) -> dict[str, object]:
    """The round, start to end; returns what was measured."""
    library = load_library()
    rounds = SqlRounds.from_url(url, library.lesson)
    items = draw_set(["must", "lacks", "where", "count"], questions, random.Random(7))
    made = rounds.start(class_code, teacher_id, items, Settings(seconds=0))
    stop, on, ready = asyncio.Event(), asyncio.Event(), asyncio.Event()
    go = [asyncio.Event() for _ in range(questions)]
    joined: list[int] = []
    sent: list[list[int]] = [[] for _ in range(questions)]
    results: list[list[float]] = [[] for _ in range(questions)]
    seen: list[tuple[float, int, int, int]] = []  # (when, answered, present, question number) as projected
    errors: list[str] = []
    before = rss_mb(pid)
    watching = asyncio.create_task(projector(base, class_code, seen, errors, stop, on))
    await on.wait()
    base_memory = rss_mb(pid)
    phones = [asyncio.create_task(phone(base, n, codes[n], questions, go, ready, joined, sent, results, errors,
                                        stop)) for n in range(len(codes))]
    deadline = time.monotonic() + 120
    while len(joined) < len(codes) and time.monotonic() < deadline and not all(p.done() for p in phones):
        await asyncio.sleep(0.2)
    await asyncio.sleep(2)
    memory = rss_mb(pid)
    ready.set()
    marks: list[Question] = []
    for index in range(questions):
        mark = Question(go=time.time())
        go[index].set()
        deadline = time.monotonic() + WINDOW + GRACE
        found = rounds.get(made.id)
        while found is not None and not (found.number == index and found.phase == "revealed"):
            if time.monotonic() > deadline:
                found, mark.by_teacher = rounds.act(made.id, "reveal"), True
                break
            await asyncio.sleep(0.05)
            found = rounds.get(made.id)
        if found is not None and found.phase == "revealed":
            mark.revealed = found.phase_at.timestamp()
        with rounds.engine.connect() as conn:
            last = conn.scalar(sa.select(sa.func.max(round_answers.c.answered_at))
                               .where(round_answers.c.round_id == made.id, round_answers.c.number == index))
        mark.last_answer = last.replace(tzinfo=found.phase_at.tzinfo).timestamp() if last is not None else 0.0
        wait_until = time.monotonic() + TIMEOUT
        while len(results[index]) < len(sent[index]) or len(sent[index]) < len(joined):
            if time.monotonic() > wait_until or all(p.done() for p in phones):
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(2.5)  # the projector's count settles
        full = [at for at, answered, present, number in seen
                if number == index + 1 and answered == present == len(joined)]
        mark.projector_full = min(full) if full else None
        marks.append(mark)
        rounds.act(made.id, "next")
    stop.set()
    await asyncio.gather(*phones, return_exceptions=True)
    await watching
    with rounds.engine.connect() as conn:
        stored = conn.execute(sa.select(round_answers.c.number, sa.func.count())
                              .where(round_answers.c.round_id == made.id, round_answers.c.number != JOINED)
                              .group_by(round_answers.c.number)).all()
    per_question = dict(stored)
    lost = sum(max(0, len(sent[index]) - per_question.get(index, 0)) for index in range(questions))
    phone_delays = [at - marks[index].revealed for index in range(questions) for at in results[index]
                    if marks[index].revealed]
    projector_delays = [mark.projector_full - mark.last_answer for mark in marks
                        if mark.projector_full is not None and mark.last_answer]
    return {"joined": len(joined), "sent": sum(len(s) for s in sent), "stored": sum(per_question.values()),
            "lost": lost, "phone": phone_delays, "projector": projector_delays, "errors": errors,
            "memory": (before, base_memory, memory), "missed_projector": sum(m.projector_full is None for m in marks),
            "by_teacher": sum(m.by_teacher for m in marks)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=40)
    parser.add_argument("--questions", type=int, default=5)
    parser.add_argument("--postgres", action="store_true", help="the database in PostgreSQL, not SQLite")
    args = parser.parse_args()
    server = PostgresServer().start() if args.postgres else None
    url = server.create_database() if server else f"sqlite:///{tempfile.mkdtemp(prefix='laplaza-round-')}/progress.db"
    roster = make_roster(url, *(f"Phone {n:02d}" for n in range(args.phones)), teacher=TEACHER,
                         class_name="Round load class")
    codes = [roster.codes[f"Phone {n:02d}"] for n in range(args.phones)]
    port = free_port()
    app, log = serve(port, {"LA_PLAZA_PROGRESS_URL": url})
    try:
        print(f"load average before: {' '.join(f'{v:.2f}' for v in os.getloadavg())}  (2 cores)")
        start = time.perf_counter()
        found = asyncio.run(run(f"http://127.0.0.1:{port}", url, roster.school_class.code, roster.teacher.id, codes,
                                args.questions, app.pid))
        wall = time.perf_counter() - start
        report(found, args, wall)
        print(f"load average after: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")
        if errors_logged := [line for line in log.read_text().splitlines() if "Error" in line or "Traceback" in line]:
            print(f"server log ({log}): {len(errors_logged)} error lines, the first: {errors_logged[0]}")
    finally:
        stop_app(app)
        if server:
            server.stop()


def report(found: dict, args: argparse.Namespace, wall: float) -> None:  # type: ignore[type-arg]
    """Print the figures."""
    phone, shown = found["phone"], found["projector"]
    print(f"{args.phones} phones, {args.questions} questions ({'PostgreSQL' if args.postgres else 'SQLite'}), every "
          f"phone answering within {WINDOW:.0f} s of the question; wall {wall:.0f} s; {found['joined']} phones joined")
    print(f"answers sent and confirmed: {found['sent']}, in the database: {found['stored']}, lost: {found['lost']}; "
          f"questions the teacher had to reveal (someone had not answered {GRACE:.0f} s after the window): "
          f"{found['by_teacher']}")
    if shown:
        print(f"projector shows the full count, after the last answer: p50 {statistics.median(shown):.2f} s, "
              f"p95 {percentile(shown, 0.95):.2f} s, max {max(shown):.2f} s ({len(shown)} questions; "
              f"never shown: {found['missed_projector']})")
    if phone:
        print(f"phone shows its result, after the reveal: p50 {statistics.median(phone):.2f} s, "
              f"p95 {percentile(phone, 0.95):.2f} s, max {max(phone):.2f} s ({len(phone)} results)")
    before, projector_on, phones_on = found["memory"]
    print(f"server memory: {before:.0f} MB before, {projector_on:.0f} MB with the projector, {phones_on:.0f} MB with "
          f"{found['joined']} phones on the round: {(phones_on - projector_on) / max(1, found['joined']):.1f} MB "
          f"per phone")
    errors = found["errors"]
    print(f"errors: {len(errors)}" + "".join(f"\n  {e}" for e in errors[:10]))


if __name__ == "__main__":
    main()
