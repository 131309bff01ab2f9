"""Ten class tables of four on one server: 40 learners sign in with their personal codes, each finds their seat on the
class page, and every table plays a whole hand with the button twins while each phone follows its table with the
page's own fragment (it asks for the table's version every second). Prints how long a move takes to be on the other
three phones (p50/p95), moves lost, doubled or illegal (from the stored record, replayed by the engine), and the
server's memory per phone.

The phones are the light clients of `benchmarks/class_load.py` (Streamlit's websocket protocol, as the browser
speaks it). A phone knows whose turn it is and which moves are legal from its own screen in a browser; here the
benchmark reads that from the database (the same table the phone was sent), so the clients stay light.

Run from the repository root: ``python benchmarks/table_load.py [--tables 10] [--hands 1] [--postgres]``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from streamlit.proto.WidgetStates_pb2 import WidgetState  # noqa: E402

from app.storage.tables_sql import SqlTables  # noqa: E402
from benchmarks.class_load import Client, percentile, rss_mb, serve  # noqa: E402
from benchmarks.school_load import cpu_seconds  # noqa: E402
from engine import Draw, Move, Pass, Play  # noqa: E402
from play.game import Game  # noqa: E402
from tests.browser.conftest import free_port, stop_app  # noqa: E402
from tests.identity_support import make_roster  # noqa: E402
from tests.postgres import PostgresServer  # noqa: E402

SEATS = 4
STALLED = 90.0  # seconds without a move at a table: the phones give up and say so


@dataclass
class Table:
    """One table as the benchmark follows it: the moves sent (seat, hand, index in the hand, move), and the moves
    not yet seen by every other phone: (sent at, seats still to see it)."""

    id: str
    sent: list[tuple[int, int, int, Move]] = field(default_factory=list)
    pending: list[tuple[float, set[int]]] = field(default_factory=list)


class Phone(Client):
    """A light client that notes when each new table picture arrives (the moment the phone could show it)."""

    picture_at: float = 0.0
    due: dict[str, float] | None = None  # when each fragment that reruns itself is next due

    async def follow_once(self) -> None:
        """Rerun the fragment due first, when it is due: each on its own interval, as the browser runs them."""
        due = self.due = self.due if self.due is not None else {}
        now = time.monotonic()
        for fragment, interval in self.auto.items():
            due.setdefault(fragment, now + interval)
        fragment = min(due, key=due.__getitem__)
        await asyncio.sleep(max(0.0, due[fragment] - now))
        due[fragment] = time.monotonic() + self.auto.get(fragment, 1.0)
        runs = self.finished
        await self.rerun(fragment=fragment)
        await self.until(lambda: self.finished > runs)

    def _element(self, element) -> None:
        before = self.picture
        super()._element(element)
        if self.picture != before:
            self.picture_at = time.perf_counter()


@dataclass
class Figures:
    seen: list[float] = field(default_factory=list)  # seconds from a move's last click to its arrival on a phone
    errors: list[str] = field(default_factory=list)
    refused: int = 0  # moves clicked that the server did not make (the phone's table was behind)


async def phone(base: str, code: str, table: Table, seat: int, store: SqlTables, hands: int,
                think: tuple[float, float], figures: Figures, rng: random.Random,
                ready: list[int], go: asyncio.Event) -> None:
    """One learner's phone: sign in, open the class page (their seat is found again), follow the table by its
    fragments, and play their turns by the button twins."""
    tab = Phone(base, f"table {table.id[:4]} seat {seat}")
    await asyncio.sleep(rng.uniform(0, 3))
    try:
        await tab.connect()
        await tab.rerun(query="lang=en")
        await tab.until(lambda: tab.finished >= 1 and "signin_code" in tab.widgets)
        tab.values[tab.key("signin_code")] = WidgetState(id=tab.key("signin_code"), string_value=code)
        await tab.act("sign in", trigger=tab.key("sign_in"))
        await tab.act("class page", page="class", query="lang=en")
        await tab.until(lambda: bool(tab.picture) and bool(tab.auto))
        ready.append(seat)
        await go.wait()  # every phone at its table before the first move (the memory of phones sitting, idle)
        picture = tab.picture
        while True:
            now = store.read(table.id)
            assert now is not None
            if time.time() - now.moved_at.timestamp() > STALLED:
                behind = any(seat in others for _, others in table.pending)
                waiting = "waits to see a move" if behind else "is up to date"
                raise TimeoutError(f"{tab.name}: the table has not moved for {STALLED:.0f} s (turn: seat "
                                   f"{now.match.to_move}; this phone {waiting}"
                                   f", its picture {time.perf_counter() - tab.picture_at:.0f} s old, version "
                                   f"{now.version}, last move {_last(now.match.game)})")
            game = now.match.game
            if game.hand_over and (game.hand_number >= hands or now.match.state != "playing"):
                break
            if tab.picture != picture:  # the table changed on this phone: every move waiting for it is seen
                picture = tab.picture
                _seen(table, seat, tab.picture_at, figures)
            if game.hand_over and seat == 0 and not table.pending:
                await asyncio.sleep(rng.uniform(*think))
                await tab.act("next hand", trigger=tab.key("class_table_next_hand"))
            elif now.match.to_move == seat and not any(seat in waiting for _, waiting in table.pending):
                await asyncio.sleep(rng.uniform(*think))
                await _play(tab, table, seat, game, store, figures, rng)
            else:
                await tab.follow_once()
                continue
            picture = tab.picture
        figures.errors.extend(tab.errors)
    except Exception as exc:  # counted and reported, never hidden
        figures.errors.append(f"{tab.name}: {type(exc).__name__}: {exc}")
    finally:
        if hasattr(tab, "ws"):
            await tab.close()


def _last(game: Game) -> str:
    """The last event of the hand under way, as the engine writes it."""
    history = game.position.history
    return f"seat {history[-1].seat} {history[-1].move}" if history else "none"


def _seen(table: Table, seat: int, arrived: float, figures: Figures) -> None:
    """The table changed on ``seat``'s phone at ``arrived``: every move it was waiting for is seen there."""
    for sent, waiting in table.pending:
        if seat in waiting:
            waiting.discard(seat)
            figures.seen.append(arrived - sent)
    table.pending = [(sent, waiting) for sent, waiting in table.pending if waiting]


async def _play(tab: Phone, table: Table, seat: int, game: Game, store: SqlTables, figures: Figures,
                rng: random.Random) -> None:
    """Make one legal move by the button twins (a tile, then its end), and note it for the other three phones."""
    move = rng.choice(game.position.legal_moves())
    index, hand = len(game.position.history), game.hand_number
    others = {other for other in range(SEATS) if other != seat}
    if isinstance(move, Play):
        await tab.act("lift", trigger=tab.key(f"table_tile_{move.tile}"))
        end = "table_end_lead" if move.end is None else f"table_end_{move.end}"
        started = time.perf_counter()
        table.pending.append((started, others))
        await tab.act("play", trigger=tab.key(end))
    else:
        started = time.perf_counter()
        table.pending.append((started, others))
        await tab.act("pass" if isinstance(move, Pass) else "draw",
                      trigger=tab.key("table_pass" if isinstance(move, Pass) else "table_draw"))
    if await _made(store, table.id, seat, hand, index, move):
        table.sent.append((seat, hand, index, move))
    else:  # refused (this phone's table was behind): nothing for the others to see, the phone tries again
        figures.refused += 1
        table.pending = [entry for entry in table.pending if entry[0] != started]


async def _made(store: SqlTables, table_id: str, seat: int, hand: int, index: int, move: Move) -> bool:
    """Whether the stored record holds this very move at its place. The click's run can finish after the phone's
    rerun of a fragment already counted as the end of the action, so the record is read again for a few seconds
    (a move taken for refused and then sent again was counted twice, and left the others waiting for a picture
    that never came)."""
    deadline = time.monotonic() + 5.0
    while True:
        now = store.read(table_id)
        if now is not None:
            game = now.match.game
            hands = [*game.finished, game.position]
            history = hands[hand - 1].history if hand <= len(hands) else ()
            if index < len(history):
                return history[index].seat == seat and history[index].move == move
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.1)


def check(store: SqlTables, tables: list[Table]) -> tuple[int, int, int, int, int]:
    """(moves sent, lost, doubled, illegal, unsent): every move sent must be in the stored record once, at its place,
    by its seat; the record must replay move for move through the engine; and it holds no move nobody sent (no
    seat was idle long enough for the computer to play it)."""
    sent = lost = doubled = illegal = unsent = 0
    for table in tables:
        now = store.read(table.id)
        assert now is not None
        try:
            game = Game.from_record(now.match.record)
        except ValueError:
            illegal += 1
            continue
        hands = [*game.finished, game.position]
        counted: dict[tuple[int, int], int] = {}
        for seat, hand, index, move in table.sent:
            sent += 1
            history = hands[hand - 1].history if hand <= len(hands) else ()
            if index >= len(history) or history[index].seat != seat or history[index].move != move:
                lost += 1
            counted[hand, index] = counted.get((hand, index), 0) + 1
        doubled += sum(count - 1 for count in counted.values() if count > 1)
        recorded = sum(1 for hand in hands for event in hand.history if not isinstance(event.move, Draw))
        unsent += max(0, recorded - len(table.sent))
    return sent, lost, doubled, illegal, unsent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--hands", type=int, default=1, help="hands each table plays")
    parser.add_argument("--think", type=float, nargs=2, default=(1.0, 2.0), help="seconds before a learner moves")
    parser.add_argument("--postgres", action="store_true", help="the tables in a PostgreSQL server, not SQLite")
    args = parser.parse_args()

    server = PostgresServer().start() if args.postgres else None
    url = server.create_database() if server else f"sqlite:///{tempfile.mkdtemp(prefix='laplaza-tables-')}/p.db"
    names = [f"Learner {n:02d}" for n in range(args.tables * SEATS)]
    roster = make_roster(url, *names, teacher="Table Teacher", class_name="Tables class")
    store = SqlTables.from_url(url)
    tables, seats = [], []
    for number in range(args.tables):
        table_id = store.open(roster.school_class.code, "partnership", idle=600, seed=1000 + number)
        tables.append(Table(table_id))
        for seat in range(SEATS):
            name = names[number * SEATS + seat]
            assert store.sit(table_id, roster.keys[name], seat) is None
            seats.append((roster.codes[name], tables[-1], seat))
    port = free_port()
    app, log = serve(port, {"LA_PLAZA_PROGRESS_URL": url, "LAPLAZA_PLAY_PACE": "0.9"})
    base = f"http://127.0.0.1:{port}"
    figures = Figures()
    try:
        print(f"load average before: {' '.join(f'{v:.2f}' for v in os.getloadavg())}  (2 cores)")
        before = asyncio.run(_warm(base, app.pid))
        start = time.perf_counter()
        server_cpu, client_cpu = cpu_seconds(app.pid), time.process_time()
        peak = [before]

        ready: list[int] = []
        seated = [before]

        async def everyone() -> None:
            go = asyncio.Event()

            async def watch() -> None:
                while len(ready) + len(figures.errors) < len(seats):
                    await asyncio.sleep(0.5)
                await asyncio.sleep(3)
                seated.append(rss_mb(app.pid))
                go.set()
                while True:
                    await asyncio.sleep(2)
                    peak.append(rss_mb(app.pid))
            watching = asyncio.create_task(watch())
            await asyncio.gather(*(phone(base, code, table, seat, store, args.hands, tuple(args.think), figures,
                                         random.Random(index), ready, go)
                                   for index, (code, table, seat) in enumerate(seats)))
            watching.cancel()

        asyncio.run(everyone())
        wall = time.perf_counter() - start
        server_cpu, client_cpu = cpu_seconds(app.pid) - server_cpu, time.process_time() - client_cpu
        after = rss_mb(app.pid)
        sent, lost, doubled, illegal, unsent = check(store, tables)
        phones = len(seats)
        print(f"{args.tables} tables × {SEATS} phones ({'PostgreSQL' if args.postgres else 'SQLite'}), "
              f"{args.hands} hand(s) each, think {args.think[0]}–{args.think[1]} s, wall {wall:.0f} s")
        if figures.seen:
            print(f"a move on the other three phones: p50 {statistics.median(figures.seen):.2f} s, "
                  f"p95 {percentile(figures.seen, 0.95):.2f} s, max {max(figures.seen):.2f} s "
                  f"({len(figures.seen)} arrivals)")
        print(f"moves sent {sent}: lost {lost}, doubled {doubled}, illegal {illegal}, refused {figures.refused}; "
              f"moves in the record nobody sent: {unsent}")
        print(f"errors: {len(figures.errors)}" + "".join(f"\n  {e}" for e in figures.errors[:10]))
        print(f"CPU over the run: the server {server_cpu:.0f} s ({server_cpu / wall:.2f} cores), the light phones "
              f"and this benchmark {client_cpu:.0f} s ({client_cpu / wall:.2f} cores), of 2 cores")
        print(f"server memory: {before:.0f} MB with one session; {seated[-1]:.0f} MB with {phones} phones at their "
              f"tables: {(seated[-1] - before) / phones:.1f} MB per phone; {after:.0f} MB after the hand(s), peak "
              f"{max(peak):.0f} MB: {(after - before) / phones:.1f} MB per phone")
        print(f"load average after: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")
        if errors_logged := [line for line in log.read_text().splitlines() if "Error" in line or "Traceback" in line]:
            print(f"server log ({log}): {len(errors_logged)} error lines, the first: {errors_logged[0]}")
    finally:
        stop_app(app)
        if server:
            server.stop()


async def _warm(base: str, pid: int) -> float:
    """One session on the home page, so the figure per phone leaves out what the first session loads."""
    tab = Client(base, "warm")
    await tab.connect()
    await tab.rerun(query="lang=en")
    await tab.until(lambda: tab.finished >= 1)
    await asyncio.sleep(1)
    memory = rss_mb(pid)
    await tab.close()
    return memory


if __name__ == "__main__":
    main()
