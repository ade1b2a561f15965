"""Throwaway PostgreSQL clusters for the tests: initdb into a temp dir, a free port on
127.0.0.1, the unix socket in the temp dir, stopped and removed afterwards.

The server binaries come from ``pg_config --bindir``, /usr/lib/postgresql/*/bin or PATH
(``make test`` installs Debian's ``postgresql`` when none exist). initdb and postgres
refuse to run as root, so under root they run as the ``postgres`` system user.

Wired from tests/conftest.py: the session fixture ``postgres_server`` (one cluster shared
by every test marked ``postgres``, one schema per test) and ``private_postgres`` (a
cluster of the test's own that it may ``stop()``, ``start()`` or ``restart()``).
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

DATABASE = "test"
SUPERUSER = "postgres"
RUN_AS = "postgres"  # the unprivileged system user when the tests run as root
# No fsync: tests kill clients and servers, never the OS, so the page cache keeps every
# commit; synchronous_commit stays on, so a committed row survives an immediate stop.
SETTINGS = ("listen_addresses=127.0.0.1", "fsync=off", "full_page_writes=off",
            "max_connections=200")  # fmt: skip
PORT_ATTEMPTS = 3
INSTALL_HINT = "install Debian's postgresql package (make test does it when run as root)"


class ClusterError(Exception):
    """A throwaway cluster could not be found, started or stopped."""


def find_bindir() -> Path:
    """The directory holding initdb, pg_ctl and postgres, or a ClusterError saying how to
    get them."""
    candidates: list[str] = []
    if shutil.which("pg_config"):
        done = subprocess.run(["pg_config", "--bindir"], check=False, capture_output=True,
                              text=True)  # fmt: skip
        candidates.append(done.stdout.strip())
    versions = glob.glob("/usr/lib/postgresql/*/bin")
    candidates += sorted(versions, key=lambda path: int(path.split("/")[-2]), reverse=True)
    on_path = shutil.which("initdb")
    if on_path:
        candidates.append(str(Path(on_path).resolve().parent))
    for candidate in candidates:
        folder = Path(candidate)
        if all(os.access(folder / name, os.X_OK) for name in ("initdb", "pg_ctl", "postgres")):
            return folder
    raise ClusterError(f"no PostgreSQL server binaries (initdb, pg_ctl, postgres): {INSTALL_HINT}")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def server_user() -> pwd.struct_passwd | None:
    """The user the server runs as: None for the current one, ``postgres`` under root."""
    if os.geteuid() != 0:
        return None
    try:
        return pwd.getpwnam(RUN_AS)
    except KeyError:
        subprocess.run(["useradd", "--system", "--no-create-home", RUN_AS], check=True)
        return pwd.getpwnam(RUN_AS)


class Cluster:
    """One PostgreSQL cluster in its own temp dir, reachable at ``url``."""

    def __init__(self, bindir: Path, root: Path) -> None:
        self.bindir = bindir
        self.root = root
        self.data = root / "data"
        self.log = root / "server.log"
        self.port = free_port()
        self.user = server_user()

    @property
    def url(self) -> str:
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{DATABASE}"

    def _run(self, tool: str, *args: str) -> None:
        command = [str(self.bindir / tool), *args]
        if self.user is not None:
            command = ["runuser", "-u", self.user.pw_name, "--", *command]
        # The caller's PG* variables (PGHOST, PGPORT, ...) must not steer our own server.
        env = {k: v for k, v in os.environ.items() if not k.startswith("PG")}
        done = subprocess.run(command, check=False, capture_output=True, text=True, env=env,
                              cwd=self.root)  # fmt: skip
        if done.returncode != 0:
            log = self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""
            raise ClusterError(f"{tool} {' '.join(args)} failed: {done.stderr.strip()}\n{log}")

    def create(self) -> None:
        """initdb, start, and create the ``test`` database."""
        if self.user is not None:
            os.chown(self.root, self.user.pw_uid, self.user.pw_gid)
        self._run("initdb", "-D", str(self.data), "-U", SUPERUSER, "--auth=trust",
                  "--no-sync", "-E", "UTF8", "--locale=C")  # fmt: skip
        for attempt in range(PORT_ATTEMPTS):  # another process may take the free port first
            try:
                self.start()
                break
            except ClusterError:
                if attempt == PORT_ATTEMPTS - 1:
                    raise
                self.port = free_port()
        import psycopg

        admin = f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/postgres"
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{DATABASE}"')

    def start(self) -> None:
        options = " ".join(f"-c {setting}" for setting in SETTINGS)
        options += f" -p {self.port} -k {self.root}"
        self._run("pg_ctl", "start", "-w", "-t", "60", "-D", str(self.data),
                  "-l", str(self.log), "-o", options)  # fmt: skip

    def stop(self, mode: str = "fast") -> None:
        """Stop the server (``mode``: smart, fast or immediate, as pg_ctl takes them)."""
        self._run("pg_ctl", "stop", "-w", "-t", "60", "-m", mode, "-D", str(self.data))

    def restart(self, mode: str = "fast") -> None:
        """Stop and start again on the same port, the data kept."""
        self.stop(mode)
        self.start()

    @property
    def running(self) -> bool:
        return (self.data / "postmaster.pid").exists()

    def remove(self) -> None:
        """Stop the server if it runs, then delete its temp dir."""
        try:
            if self.running:
                self.stop("immediate")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


def start_cluster() -> Cluster:
    """A new running cluster with a ``test`` database; call ``remove()`` when done."""
    bindir = find_bindir()
    root = Path(tempfile.mkdtemp(prefix="stepgraph-pg-"))
    cluster = Cluster(bindir, root)
    try:
        cluster.create()
    except BaseException:
        cluster.remove()
        raise
    return cluster


_shared: list[Cluster] = []


def shared_url() -> str:
    """The URL of the session's shared cluster (started for tests marked ``postgres``)."""
    if not _shared:
        raise ClusterError("no shared PostgreSQL cluster: mark the test `postgres`")
    return _shared[0].url


def started() -> Cluster:
    """Start a cluster, turning a failure into a one-line test failure, not a traceback."""
    try:
        return start_cluster()
    except ClusterError as error:
        reason = str(error)
    pytest.fail(f"PostgreSQL for the tests: {reason}", pytrace=False)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[Cluster]:
    """One cluster for the whole session; each test works in a schema of its own."""
    cluster = started()
    _shared.append(cluster)
    try:
        yield cluster
    finally:
        _shared.remove(cluster)
        cluster.remove()


@pytest.fixture
def private_postgres() -> Iterator[Cluster]:
    """A cluster of the test's own, which it may stop, start and restart."""
    cluster = started()
    try:
        yield cluster
    finally:
        cluster.remove()
