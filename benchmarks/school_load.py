"""A school on several app servers: one class's learners work through "pegar" at once, spread by nginx over 1, 2
and 3 app servers on one PostgreSQL (``deploy/school.sh``, as a school runs it); prints tap → updated picture
p50/p95 and errors for each, the CPU seconds each server spent per learner-minute, and what that means for a school.

The learners are the light clients of ``benchmarks/class_load.py`` (Streamlit's websocket protocol); each opens its
own websocket through nginx, which the cookie-less hash spreads over the servers. This machine has 2 cores, so the
load generator, nginx, PostgreSQL and every app server share them: three servers cannot be faster than two here,
and the figures that carry over to a school's machine are the CPU seconds per learner-minute.

Run from the repository root: ``python benchmarks/school_load.py [--learners 30] [--rounds 1] [--servers 1 2 3]``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.class_load import TEACHER, check_progress, percentile, rss_mb, run_class  # noqa: E402
from tests.browser.conftest import free_port  # noqa: E402
from tests.identity_support import make_roster  # noqa: E402
from tests.postgres import PostgresServer  # noqa: E402

SCRIPT = ROOT / "deploy" / "school.sh"
P95_TARGET_MS = 1000.0  # tap → picture, for a learner on a phone
TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """The user + system CPU time a process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def school(servers: int, url: str, run: Path) -> tuple[str, list[int], dict[str, str]]:
    """Start ``servers`` app servers and nginx; their address, the servers' pids and the script's environment."""
    first, listen = free_port(), free_port()
    env = {**os.environ, "PLAZA_SERVERS": str(servers), "PLAZA_FIRST_PORT": str(first), "PLAZA_LISTEN": str(listen),
           "PLAZA_RUN": str(run), "LA_PLAZA_PROGRESS_URL": url}
    subprocess.run([str(SCRIPT), "start"], cwd=ROOT, env=env, check=True, capture_output=True, timeout=180)
    pids = [int((run / f"app-{first + n}.pid").read_text()) for n in range(servers)]
    return f"http://127.0.0.1:{listen}", pids, env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=1, help="times each learner works through the lesson")
    parser.add_argument("--think", type=float, nargs=2, default=(1.0, 3.0), help="seconds between a learner's taps")
    parser.add_argument("--servers", type=int, nargs="+", default=[1, 2, 3])
    args = parser.parse_args()

    database = PostgresServer().start()
    print(f"load average before: {' '.join(f'{v:.2f}' for v in os.getloadavg())}  ({os.cpu_count()} cores)")
    rates: dict[int, float] = {}
    p95s: dict[int, float] = {}
    try:
        for servers in args.servers:
            url = database.create_database()
            roster = make_roster(url, *(f"Learner {n:02d}" for n in range(args.learners + 1)), teacher=TEACHER,
                                 class_name=f"School load {servers}")
            codes = [roster.codes[f"Learner {n:02d}"] for n in range(args.learners + 1)]
            with tempfile.TemporaryDirectory(prefix="laplaza-school-") as folder:
                base, pids, env = school(servers, url, Path(folder))
                try:
                    before = [cpu_seconds(pid) for pid in pids]
                    timings, errors, refreshes, wall = asyncio.run(run_class(
                        base, roster.school_class.code, codes, args.learners, args.rounds, tuple(args.think)))
                    spent = [cpu_seconds(pid) - start for pid, start in zip(pids, before, strict=True)]
                    memory = [rss_mb(pid) for pid in pids]
                finally:
                    subprocess.run([str(SCRIPT), "stop"], cwd=ROOT, env=env, capture_output=True, timeout=60)
            pictures = [t.ms for t in timings if t.picture]
            learner_minutes = (args.learners + 1) * wall / 60  # the teacher's view counted as one more
            rates[servers] = sum(spent) / learner_minutes
            p95s[servers] = percentile(pictures, 0.95)
            print(f"{servers} app server(s), {args.learners} learners × {args.rounds} round(s) of 'pegar' through "
                  f"nginx, wall {wall:.0f} s, {len(timings)} actions, teacher view refreshed {refreshes} times")
            print(f"  tap → updated picture: p50 {statistics.median(pictures):.0f} ms, p95 {p95s[servers]:.0f} ms, "
                  f"max {max(pictures):.0f} ms over {len(pictures)} updates; errors: {len(errors)}"
                  + "".join(f"\n    {e}" for e in errors[:5]))
            print("  per server (nginx's hash shares the learners out): " + ", ".join(
                f"{cpu:.1f} CPU s, {mb:.0f} MB" for cpu, mb in zip(spent, memory, strict=True)))
            print(f"  all servers: {rates[servers]:.2f} CPU s per learner-minute")
            check_progress(url, roster.school_class, args.learners + 1)
    finally:
        database.stop()
    print(f"load average after: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")
    rate = min(rates.values())
    per_core = 60 / rate  # learners one core keeps busy all the time
    print(f"capacity: {rate:.2f} CPU s per learner-minute → one core serves about {per_core:.0f} learners working "
          f"at once at full load; at half load, to keep tap → picture p95 near its {P95_TARGET_MS:.0f} ms target, "
          f"about {per_core / 2:.0f} per core. A school of 500 learners working at once needs about "
          f"{500 / (per_core / 2):.0f} cores of app servers (one app server per core; PostgreSQL and nginx beside).")


if __name__ == "__main__":
    main()
