"""Browser tests: the real app in Debian's Chromium through pytest-playwright (the browser is launched as
``tests/conftest.py`` says); one server for the whole session."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import CHROMIUM, CHROMIUM_ARGS

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts"
ARGS = CHROMIUM_ARGS  # the benchmarks launch Chromium as the tests do: CHROMIUM with ARGS, both from here
__all__ = ["ARGS", "CHROMIUM", "free_port", "start_app", "stop_app"]

def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]

def start_app(port: int, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    """Start ``streamlit run tutorial_app.py`` headless on ``port`` and wait until it answers its health check."""
    command = [sys.executable, "-m", "streamlit", "run", "tutorial_app.py", "--server.headless", "true",
               "--server.address", "127.0.0.1",  # loopback only: nothing but this machine reaches a test server
               "--server.port", str(port), "--browser.gatherUsageStats", "false"]
    # The server's output goes to a file, never to a pipe: a pipe nobody reads fills up and stalls the server.
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log = ARTIFACTS / f"app-{port}.log"
    with log.open("wb") as out:
        process = subprocess.Popen(command, cwd=ROOT, env={**os.environ, **(env or {})},
                                   stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the app stopped:\n{log.read_text(errors='replace')[-4000:]}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=1) as answer:
                if answer.status == 200:
                    return process
        except OSError:
            time.sleep(0.2)
    process.kill()
    raise RuntimeError("the app did not answer its health check within 30 s")

def stop_app(process: subprocess.Popen[bytes]) -> None:
    """Stop the app started by `start_app` (this process only)."""
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()

@pytest.fixture(scope="session")
def app_database(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The URL of the running app's throwaway progress database (tests put a class and its roster there)."""
    return f"sqlite:///{tmp_path_factory.mktemp('progress') / 'progress.db'}"

@pytest.fixture(scope="session")
def app_url(app_database: str) -> Iterator[str]:
    """The base URL of a running app (scripted replies and the computers' moves shown quickly, progress in a
    throwaway database)."""
    port = free_port()
    process = start_app(port, {"LAPLAZA_REPLY_DELAY": "0.2", "LAPLAZA_PLAY_PACE": "0.2",
                               "LA_PLAZA_PROGRESS_URL": app_database})
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        stop_app(process)

@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Where screenshots go (git-ignored)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
