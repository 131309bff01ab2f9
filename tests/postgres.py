"""A throwaway PostgreSQL server for the storage tests and the benchmark: started in a temp dir on a loopback port.

PostgreSQL refuses to run as root, so as root the server runs as the ``postgres`` system user (Debian's package
makes it). The binaries are found under ``/usr/lib/postgresql/*/bin`` (Debian) or on the PATH.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path

import sqlalchemy as sa

SERVER_USER = "postgres"


class PostgresUnavailable(RuntimeError):
    """PostgreSQL could not be found or started; the message says why and how to fix it."""


def find_binaries() -> Path:
    """The folder holding ``initdb`` and ``pg_ctl`` (newest Debian version first, then the PATH)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=_version_key, reverse=True)
    if found:
        return Path(found[0]).parent
    initdb = shutil.which("initdb")
    if initdb:
        return Path(initdb).parent
    raise PostgresUnavailable(
        "PostgreSQL server binaries not found (no /usr/lib/postgresql/*/bin/initdb, no initdb on PATH); "
        "install Debian's `postgresql` package (`make system` does it)"
    )


def _version_key(path: str) -> tuple[int, ...]:
    """Sort key for /usr/lib/postgresql/<version>/bin/initdb paths."""
    version = Path(path).parent.parent.name
    return tuple(int(part) for part in version.split(".") if part.isdigit())


def _free_port() -> int:
    """A TCP port on 127.0.0.1 that nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class PostgresServer:
    """One PostgreSQL server in its own temp dir, trusting local connections; ``start()``, ``stop()``."""

    def __init__(self) -> None:
        self.bin = find_binaries()
        self.port = 0
        self.root: Path | None = None
        self._as_root = os.geteuid() == 0

    @property
    def data(self) -> Path:
        """The cluster's data directory."""
        assert self.root is not None, "server not started"
        return self.root / "data"

    def url(self, database: str = "postgres") -> str:
        """An SQLAlchemy URL (psycopg 3) for ``database`` on this server."""
        return f"postgresql+psycopg://{SERVER_USER}@127.0.0.1:{self.port}/{database}"

    def start(self) -> PostgresServer:
        """Create a cluster in a fresh temp dir and start it; ``PostgresUnavailable`` with the server log if not."""
        # Not under pytest's tmp_path: that lives in a root-only folder the postgres user could not enter.
        self.root = Path(tempfile.mkdtemp(prefix="laplaza-pg-"))
        if self._as_root:
            shutil.chown(self.root, SERVER_USER, SERVER_USER)
        self._run(
            "initdb", "-D", str(self.data), "-U", SERVER_USER, "--auth=trust", "--encoding=UTF8", "--no-locale",
            "--no-sync",
        )  # fmt: skip
        for _attempt in range(3):  # the free port may be taken between probing and binding
            self.port = _free_port()
            options = (
                f"-p {self.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories={self.data} "
                "-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=60"
            )
            log = self.root / "server.log"
            try:
                self._run("pg_ctl", "-D", str(self.data), "-l", str(log), "-o", options, "-w", "-t", "30", "start")
                return self
            except PostgresUnavailable as exc:
                failure = exc
                tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
                if "already in use" not in tail:
                    self.stop()
                    raise PostgresUnavailable(f"{exc}\nserver log:\n{tail}") from None
        self.stop()
        raise failure

    def stop(self) -> None:
        """Stop the server (fast shutdown) and remove its temp dir."""
        if self.root is None:
            return
        if (self.data / "postmaster.pid").exists():
            with contextlib.suppress(PostgresUnavailable):
                self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")
        shutil.rmtree(self.root, ignore_errors=True)
        self.root = None

    def create_database(self) -> str:
        """A new empty database on this server; returns its SQLAlchemy URL."""
        name = f"t_{uuid.uuid4().hex[:12]}"
        engine = sa.create_engine(self.url(), isolation_level="AUTOCOMMIT")
        try:
            with engine.connect() as conn:
                conn.exec_driver_sql(f'CREATE DATABASE "{name}"')
        finally:
            engine.dispose()
        return self.url(name)

    def _run(self, program: str, *args: str) -> None:
        """Run one of the server's programs (as the postgres user when we are root)."""
        command = [str(self.bin / program), *args]
        if self._as_root:
            command = ["runuser", "-u", SERVER_USER, "--", *command]
        try:
            subprocess.run(command, check=True, capture_output=True, text=True, timeout=120, cwd=self.root)
        except FileNotFoundError as exc:
            raise PostgresUnavailable(f"cannot run {command[0]}: {exc}") from None
        except subprocess.CalledProcessError as exc:
            raise PostgresUnavailable(
                f"{' '.join(command)} failed (exit {exc.returncode}):\n{exc.stdout}{exc.stderr}".rstrip()
            ) from None
        except subprocess.TimeoutExpired:
            raise PostgresUnavailable(f"{' '.join(command)} did not finish in 120 s") from None
