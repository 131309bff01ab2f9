"""A class of thirty on one server: 30 learners sign in with their personal codes and work through the "pegar" lesson at
the same time while their teacher's class view refreshes itself; prints tap → updated picture p50/p95 under that
load, errors, and the server's memory per learner session.

The learners are light clients speaking Streamlit's own websocket protocol with the ``streamlit`` package's protobuf
messages (BackMsg out, ForwardMsg in), as the browser does — thirty Chromium tabs would take the two cores away from
the server being measured. A "tap" is a widget event sent to the server (a tap on the table picture, a tile or end
button, an answer, Next); the picture is updated when the new table image arrives in a delta.

Run from the repository root: ``python benchmarks/class_load.py [--learners 30] [--rounds 3] [--postgres]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import websockets  # noqa: E402
from streamlit.proto.Alert_pb2 import Alert  # noqa: E402
from streamlit.proto.BackMsg_pb2 import BackMsg  # noqa: E402
from streamlit.proto.ClientState_pb2 import ContextInfo  # noqa: E402
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg  # noqa: E402
from streamlit.proto.WidgetStates_pb2 import WidgetState  # noqa: E402

from app.i18n import Words  # noqa: E402
from app.storage.classes import SchoolClass  # noqa: E402
from app.storage.classes_sql import SqlClassBook  # noqa: E402
from lessons import LessonRunner, load_library  # noqa: E402
from practice.drills import make_drill  # noqa: E402
from tests.browser.conftest import free_port, stop_app  # noqa: E402
from tests.identity_support import PASSWORD, make_roster  # noqa: E402
from tests.postgres import PostgresServer  # noqa: E402

LESSON = "pegar"
TIMEOUT = 30.0
#: The table picture's component, and the width it is shown at on a phone (a 390 px screen's column).
PICTURE_COMPONENT = "la_plaza_table_picture"
SUCCESS = Alert.Format.SUCCESS  # the feedback box of a right answer
SHOWN_WIDTH = 358.0


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of the sorted values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def rss_mb(pid: int) -> float:
    """A process's resident memory, in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for process {pid}")

TEACHER = "Load Teacher"  # the class's teacher, signed up with identity_support.PASSWORD

@dataclass
class Timing:
    """One action: what it was, milliseconds until its effect (picture or end of the rerun), and whether the picture
    changed."""

    action: str
    ms: float
    picture: bool


@dataclass
class Client:
    """One browser tab, as Streamlit's frontend speaks to the server: rerun requests out, deltas in."""

    base: str
    name: str
    widgets: dict[str, str] = field(default_factory=dict)  # widget key → id
    values: dict[str, WidgetState] = field(default_factory=dict)  # id → the value the tab holds
    pages: dict[str, str] = field(default_factory=dict)  # url path → page script hash
    page_hash: str = ""
    query: str = ""
    picture: str = ""  # the table image's data URL, as last received
    picture_id: str = ""
    picture_size: tuple[int, int] = (1, 1)  # the picture's own pixels
    boxes: list[dict] = field(default_factory=list)  # where its parts are, as the app writes them on the picture
    texts: list[str] = field(default_factory=list)
    options: dict[str, list[str]] = field(default_factory=dict)  # a radio's key → its options as shown
    succeeded: bool = False  # a success box arrived since the last action
    errors: list[str] = field(default_factory=list)
    auto: dict[str, float] = field(default_factory=dict)  # fragment id → seconds between its reruns
    finished: int = 0
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    async def connect(self) -> None:
        """Open the websocket and start reading what the server sends."""
        url = self.base.replace("http://", "ws://") + "/_stcore/stream"
        self.ws = await websockets.connect(url, subprotocols=["streamlit"], origin=self.base, max_size=None)
        self.reader = asyncio.create_task(self._read())

    async def close(self) -> None:
        await self.ws.close()
        self.reader.cancel()

    async def _read(self) -> None:
        async for data in self.ws:
            msg = ForwardMsg()
            msg.ParseFromString(data)
            self._take(msg)
            self.changed.set()

    def _take(self, msg: ForwardMsg) -> None:
        kind = msg.WhichOneof("type")
        if kind == "new_session":
            self.page_hash = msg.new_session.page_script_hash
        elif kind == "navigation":
            self.pages = {page.url_pathname: page.page_script_hash for page in msg.navigation.app_pages}
        elif kind == "page_info_changed":
            self.query = msg.page_info_changed.query_string
        elif kind == "script_finished":
            self.finished += 1
        elif kind == "auto_rerun":
            self.auto[msg.auto_rerun.fragment_id] = msg.auto_rerun.interval
        elif kind == "delta" and msg.delta.WhichOneof("type") == "new_element":
            self._element(msg.delta.new_element)

    def _element(self, element) -> None:
        kind = element.WhichOneof("type")
        inner = getattr(element, kind)
        widget_id = getattr(inner, "id", "")
        if isinstance(widget_id, str) and widget_id.startswith("$$ID-"):
            self.widgets[widget_id.split("-", 2)[2]] = widget_id
        if kind == "bidi_component" and inner.component_name.endswith(PICTURE_COMPONENT):
            data = json.loads(inner.json)
            self.picture, self.picture_id = data.get("src", ""), inner.id
            self.picture_size = (data.get("width", 1), data.get("height", 1))
            self.boxes = json.loads(data["boxes"]) if data.get("boxes") else []
        if kind == "radio" and widget_id.startswith("$$ID-"):
            self.options[widget_id.split("-", 2)[2]] = list(inner.options)
        elif kind == "alert" and inner.format == SUCCESS:
            self.succeeded = True
        elif kind == "exception":
            self.errors.append(f"exception: {inner.message}")
        elif kind == "text":
            self.texts.append(inner.body)

    async def rerun(self, *, trigger: str | None = None, value: WidgetState | None = None, page: str | None = None,
                    query: str | None = None, fragment: str = "") -> None:
        """Ask for a rerun, as the tab does after a widget event (every widget's value is sent along)."""
        state = BackMsg()
        client = state.rerun_script
        if query is not None:  # the address the tab now shows, until the app writes another
            self.query = query
        client.query_string = self.query
        client.page_script_hash = self.pages.get(page, "" if page else self.page_hash) if page else self.page_hash
        client.page_name = page or "" if not client.page_script_hash else ""
        client.fragment_id = fragment
        client.is_auto_rerun = bool(fragment)
        client.context_info.CopyFrom(ContextInfo(timezone="America/Curacao", locale="en-US",
                                                 url=f"{self.base}/{page or ''}"))
        states = dict(self.values)
        if value is not None:
            self.values[value.id] = value
            states[value.id] = value
        if trigger is not None:
            states[trigger] = WidgetState(id=trigger, trigger_value=True)
        client.widget_states.widgets.extend(states.values())
        self.changed.clear()
        await self.ws.send(state.SerializeToString())

    async def until(self, done, timeout: float = TIMEOUT) -> None:
        """Wait until ``done()`` holds (checked after every message)."""
        deadline = time.monotonic() + timeout
        while not done():
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{self.name}: nothing after {timeout} s")
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except TimeoutError:
                continue

    async def act(self, action: str, **rerun: object) -> Timing:
        """One widget event: the time until the picture changed (or, for an action that changes no picture, until
        the rerun finished)."""
        before, runs = self.picture, self.finished
        self.succeeded = False
        start = time.perf_counter()
        await self.rerun(**rerun)  # type: ignore[arg-type]
        try:
            await self.until(lambda: self.picture != before or self.finished > runs)
        except TimeoutError as exc:
            raise TimeoutError(f"{exc} ({action}, {self.finished - runs} reruns finished)") from None
        picture = self.picture != before
        ms = (time.perf_counter() - start) * 1000
        await self.until(lambda: self.finished > runs)
        return Timing(action, ms, picture)

    def key(self, key: str) -> str:
        """The id of a widget by its key (the app gives every widget it needs a key)."""
        if key not in self.widgets:
            raise KeyError(f"{self.name}: no widget {key!r} on the page")
        return self.widgets[key]


def pegar_plan() -> list[tuple[str, str]]:
    """The lesson's actions through the button twins (and the questions' answers), from the lesson data: before
    an interactive step's first move, "retry" (a later round starts the step afresh), and in the first act step,
    two taps on the picture itself; a drill (made fresh for each learner) is answered by trying its options in turn,
    as a learner unsure of it would."""
    library = load_library()
    lesson = library.lesson(LESSON)
    words = Words(library.texts, "en", LESSON)
    runner = LessonRunner(lesson, drills=make_drill)
    plan: list[tuple[str, str]] = []
    tapped = False
    for step in lesson.steps:
        if step.interactive:
            plan.append(("retry", "retry"))
        if step.kind == "act":
            if not tapped:
                plan.append(("taps", "picture"))
                tapped = True
            for move in step.solution:
                _verb, tile, end = move.split()
                plan += [("button", f"tile_{tile}"), ("button", f"end_{end}")]
        elif step.drill:
            plan.append(("drill", f"answer_{LESSON}_{step.number}_"))
        elif step.kind == "question":
            runner.goto(step.number)
            right = next(option for option in runner.view().options if option.value == step.answer)
            # A radio's value on the wire is its option as shown (Streamlit's RadioSerde): the English label.
            plan.append(("answer", f"answer_{LESSON}_{step.number}_:{words.render(right.label)}"))
        if step.number < len(lesson.steps):
            plan.append(("button", "next"))
    return plan


async def learner(base: str, number: int, code: str, rounds: int, think: tuple[float, float],
                  timings: list[Timing], errors: list[str]) -> None:
    """One learner: signs in with their personal code, opens the lesson, taps the picture, plays it through, again."""
    rng = random.Random(number)
    tab = Client(base, f"learner {number}")
    await asyncio.sleep(rng.uniform(0, 5))  # a class does not connect in the same millisecond
    try:
        await tab.connect()
        await tab.rerun(query="lang=en")
        await tab.until(lambda: tab.finished >= 1 and "signin_code" in tab.widgets)
        tab.values[tab.key("signin_code")] = WidgetState(id=tab.key("signin_code"), string_value=code)
        await tab.act("sign in", trigger=tab.key("sign_in"))
        for round_number in range(1, rounds + 1):
            await tab.act("open lesson", page=LESSON, query="step=1&lang=en")
            for kind, key in pegar_plan():
                if kind == "retry" and round_number == 1:
                    continue
                await asyncio.sleep(rng.uniform(*think))
                if kind == "taps":
                    await _picture_taps(tab, rng, think, timings)
                elif kind == "drill":
                    await _drill(tab, key, rng, think, timings)
                elif kind == "answer":
                    prefix, label = key.split(":", 1)
                    state = WidgetState(id=tab.key(_latest(tab, prefix)), string_value=label)
                    timings.append(await tab.act("answer", value=state))
                else:
                    timings.append(await tab.act(key, trigger=tab.key(key)))
        errors.extend(tab.errors)
    except Exception as exc:  # counted and reported, never hidden
        errors.append(f"{tab.name}: {type(exc).__name__}: {exc}")
    finally:
        if hasattr(tab, "ws"):
            await tab.close()


async def _drill(tab: Client, prefix: str, rng: random.Random, think: tuple[float, float],
                 timings: list[Timing]) -> None:
    """Answer a drill by trying its options one by one until the app says it is right."""
    for attempt in range(len(tab.options.get(_latest(tab, prefix), ()))):
        if attempt:
            await asyncio.sleep(rng.uniform(*think))
        key = _latest(tab, prefix)
        state = WidgetState(id=tab.key(key), string_value=tab.options[key][attempt])
        timings.append(await tab.act("drill answer", value=state))
        if tab.succeeded:
            return
    raise RuntimeError(f"{tab.name}: no option of drill {prefix} was accepted")


def _latest(tab: Client, prefix: str) -> str:
    """The newest answer widget of a question (its key ends with the answer widgets' generation)."""
    keys = [key for key in tab.widgets if key.startswith(prefix)]
    if not keys:
        raise KeyError(f"{tab.name}: no answer widget {prefix}*")
    return max(keys, key=lambda key: int(key.rsplit("_", 1)[1]))


async def _picture_taps(tab: Client, rng: random.Random, think: tuple[float, float], timings: list[Timing]) -> None:
    """Two taps on the picture itself, on the learner's first tile (it lifts, then goes back down), where the
    browser would report them: in displayed pixels, with the displayed size."""
    for number in range(2):
        await asyncio.sleep(rng.uniform(*think))
        tile = next(part for part in tab.boxes if part["kind"] == "hand" and part["name"].startswith("0:"))
        x0, y0, x1, y1 = tile["rect"]
        shrink = SHOWN_WIDTH / tab.picture_size[0]
        tap = {"x": (x0 + x1) / 2 * shrink, "y": (y0 + y1) / 2 * shrink, "width": SHOWN_WIDTH,
               "height": tab.picture_size[1] * shrink, "stamp": f"{tab.name}-{time.time_ns()}-{number}"}
        state = WidgetState(id=tab.picture_id, json_value=json.dumps({"tap": tap}))
        timings.append(await tab.act("picture tap", value=state))


async def teacher(base: str, class_code: str, stop: asyncio.Event, errors: list[str]) -> int:
    """The teacher's class view, left open: she signs in with her name and password, opens the class, and its
    fragment reruns itself every few seconds, as in the browser."""
    tab = Client(base, "teacher")
    reruns = 0
    try:
        await tab.connect()
        await tab.rerun(page="teacher", query=f"class={class_code}&lang=en")
        await tab.until(lambda: tab.finished >= 1 and "teacher_name" in tab.widgets)
        for key, value in (("teacher_name", TEACHER), ("teacher_password", PASSWORD)):
            tab.values[tab.key(key)] = WidgetState(id=tab.key(key), string_value=value)
        await tab.act("teacher sign in", trigger=tab.key("teacher_sign_in"), page="teacher")
        await tab.until(lambda: tab.finished >= 1 and bool(tab.auto))
        fragment, interval = next(iter(tab.auto.items()))
        while not stop.is_set():
            await asyncio.sleep(interval)
            runs = tab.finished
            await tab.rerun(fragment=fragment)
            await tab.until(lambda runs=runs: tab.finished > runs)
            reruns += 1
        errors.extend(tab.errors)
    except Exception as exc:
        errors.append(f"teacher: {type(exc).__name__}: {exc}")
    finally:
        if hasattr(tab, "ws"):
            await tab.close()
    return reruns


async def run_class(base: str, class_code: str, codes: list[str], learners: int, rounds: int,
                    think: tuple[float, float]) -> tuple[list[Timing], list[str], int, float]:
    """Everyone at once; returns the timings, the errors, the teacher view's refreshes, and the wall time."""
    timings: list[Timing] = []
    errors: list[str] = []
    stop = asyncio.Event()
    start = time.perf_counter()
    watching = asyncio.create_task(teacher(base, class_code, stop, errors))
    await asyncio.gather(*(learner(base, n, codes[n], rounds, think, timings, errors) for n in range(1, learners + 1)))
    stop.set()
    refreshes = await watching
    return timings, errors, refreshes, time.perf_counter() - start


async def idle_sessions(base: str, count: int) -> list[Client]:
    """Open ``count`` sessions on the lesson (for the memory figure) and keep them open."""
    tabs = []
    for n in range(count):
        tab = Client(base, f"idle {n}")
        await tab.connect()
        await tab.rerun(page=LESSON, query="step=2&lang=en")
        await tab.until(lambda tab=tab: tab.finished >= 1 and bool(tab.picture))
        tabs.append(tab)
    return tabs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=2, help="times each learner works through the lesson")
    parser.add_argument("--think", type=float, nargs=2, default=(1.0, 3.0), help="seconds between a learner's taps")
    parser.add_argument("--postgres", action="store_true", help="progress in a PostgreSQL server, not SQLite")
    parser.add_argument("--py-spy", metavar="FILE", help="record the server's stacks with py-spy (collapsed) to FILE")
    args = parser.parse_args()

    server = PostgresServer().start() if args.postgres else None
    url = server.create_database() if server else f"sqlite:///{tempfile.mkdtemp(prefix='laplaza-load-')}/progress.db"
    roster = make_roster(url, *(f"Learner {n:02d}" for n in range(args.learners + 1)), teacher=TEACHER,
                         class_name="Load test class")
    codes = [roster.codes[f"Learner {n:02d}"] for n in range(args.learners + 1)]
    port = free_port()
    app, log = serve(port, {"LA_PLAZA_PROGRESS_URL": url})
    base = f"http://127.0.0.1:{port}"
    try:
        print(f"load average before: {' '.join(f'{v:.2f}' for v in os.getloadavg())}  (2 cores)")
        measure_memory = asyncio.run(memory(base, app.pid, args.learners))
        spy = subprocess.Popen(["py-spy", "record", "-p", str(app.pid), "-f", "raw", "-o", args.py_spy, "-r", "50",
                                "--nonblocking"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               env={**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"}) \
            if args.py_spy else None
        alone: list[Timing] = []
        alone_errors: list[str] = []
        asyncio.run(learner(base, 0, codes[0], args.rounds, tuple(args.think), alone, alone_errors))
        timings, errors, refreshes, wall = asyncio.run(
            run_class(base, roster.school_class.code, codes, args.learners, args.rounds, tuple(args.think)))
        errors += alone_errors
        worked = rss_mb(app.pid)  # every learner's session is still held by the server after the run
        check_progress(url, roster.school_class, args.learners + 1)
        if spy is not None:
            spy.send_signal(signal.SIGINT)
            spy.wait(timeout=60)
        report(timings, errors, refreshes, wall, measure_memory, args)
        solo = [t.ms for t in alone if t.picture]
        loaded = [t.ms for t in timings if t.picture]
        ratio50 = statistics.median(loaded) / statistics.median(solo)
        ratio95 = percentile(loaded, 0.95) / percentile(solo, 0.95)
        print(f"baseline, one learner alone on the same server just before: p50 {statistics.median(solo):.0f} ms, "
              f"p95 {percentile(solo, 0.95):.0f} ms; with the class: ×{ratio50:.1f} (p50), ×{ratio95:.1f} (p95)")
        print(f"server memory after the class worked: {worked:.0f} MB, "
              f"{(worked - measure_memory[0]) / args.learners:.1f} MB per learner session (idle ones included)")
        print(f"load average after: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")
        if errors_logged := [line for line in log.read_text().splitlines() if "Error" in line or "Traceback" in line]:
            print(f"server log ({log}): {len(errors_logged)} error lines, the first: {errors_logged[0]}")
    finally:
        stop_app(app)
        if server:
            server.stop()


def check_progress(url: str, school_class: SchoolClass, learners: int) -> None:
    """Say how many learners the database shows with the lesson finished: the work really reached the server."""
    report = SqlClassBook.from_url(url).report(school_class)
    done = [learner for learner in report.learners if learner.lesson(LESSON).finished]
    stars = sorted({learner.lesson(LESSON).stars for learner in done})
    print(f"in the database: {len(report.learners)} of {learners} learners in the class, {len(done)} finished "
          f"'{LESSON}' (stars: {stars})")


def serve(port: int, env: dict[str, str]) -> tuple[subprocess.Popen[bytes], Path]:
    """Start the app as a school would (the project's .streamlit/config.toml), its log in a file that is read, not a
    pipe that could fill up and stall the server."""
    log = Path(tempfile.mkdtemp(prefix="laplaza-load-log-")) / "server.log"
    command = [sys.executable, "-m", "streamlit", "run", "tutorial_app.py", "--server.port", str(port)]
    with log.open("wb") as out:
        process = subprocess.Popen(command, cwd=ROOT, env={**os.environ, **env}, stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=1) as answer:
                if answer.status == 200:
                    return process, log
        except OSError:
            time.sleep(0.2)
    stop_app(process)
    raise RuntimeError(f"the app did not start: {log.read_text()[-2000:]}")


async def memory(base: str, pid: int, count: int) -> tuple[float, float, float]:
    """The server's memory with one warm session, then with ``count`` more open on the lesson: (before, after, per
    session) in MB."""
    warm = await idle_sessions(base, 1)
    await asyncio.sleep(1)
    before = rss_mb(pid)
    tabs = await idle_sessions(base, count)
    await asyncio.sleep(1)
    after = rss_mb(pid)
    for tab in [*warm, *tabs]:
        await tab.close()
    return before, after, (after - before) / count


def report(timings: list[Timing], errors: list[str], refreshes: int, wall: float,
           mem: tuple[float, float, float], args: argparse.Namespace) -> None:
    """Print the figures."""
    pictures = [t.ms for t in timings if t.picture]
    taps = [t.ms for t in timings if t.action == "picture tap"]
    others = [t.ms for t in timings if not t.picture]
    client_cpu = resource.getrusage(resource.RUSAGE_SELF)
    print(f"{args.learners} learners × {args.rounds} rounds of '{LESSON}' "
          f"({'PostgreSQL' if args.postgres else 'SQLite'}), think time {args.think[0]}–{args.think[1]} s, "
          f"wall {wall:.0f} s, {len(timings)} actions ({len(timings) / wall:.1f}/s), teacher view refreshed "
          f"{refreshes} times")
    if pictures:
        print(f"tap → updated picture: p50 {statistics.median(pictures):.0f} ms, "
              f"p95 {percentile(pictures, 0.95):.0f} ms, max {max(pictures):.0f} ms over {len(pictures)} updates")
    if taps:
        print(f"  of which taps on the picture itself: p50 {statistics.median(taps):.0f} ms, "
              f"p95 {percentile(taps, 0.95):.0f} ms ({len(taps)})")
    if others:
        print(f"actions without a picture change (answer, Next to a text step…), to the end of the rerun: "
              f"p50 {statistics.median(others):.0f} ms, p95 {percentile(others, 0.95):.0f} ms ({len(others)})")
    for action in dict.fromkeys(t.action for t in timings):
        mine = [t for t in timings if t.action == action]
        ms = [t.ms for t in mine]
        print(f"  {action:12} {len(mine):4} × p50 {statistics.median(ms):4.0f} ms, p95 {percentile(ms, 0.95):4.0f} ms,"
              f" picture changed {sum(t.picture for t in mine)}")
    print(f"errors: {len(errors)}" + "".join(f"\n  {e}" for e in errors[:10]))
    print(f"server memory: {mem[0]:.0f} MB with one session, {mem[1]:.0f} MB with {args.learners} more on the "
          f"lesson: {mem[2]:.1f} MB per learner session")
    print(f"the client's own CPU: {client_cpu.ru_utime + client_cpu.ru_stime:.1f} s over {wall:.0f} s")


if __name__ == "__main__":
    main()
