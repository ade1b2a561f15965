"""Fixtures and helpers for the queue tests: a fresh schema, worker processes, waits."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from stepgraph import open_store
from stepgraph.stores.postgres import PostgresStore
from stepgraph.worker import submit
from tests.conftest import drop_schema, store_url
from tests.integration.cli_helpers import ROOT, stepgraph
from tests.queue_support import DELAY_ENV, FINISH, LOG_ENV, Timed


@pytest.fixture
def pg_url(postgres_server: Any, tmp_path: Path) -> Iterator[str]:
    """A fresh schema on the session's PostgreSQL server, set up; dropped afterwards."""
    address = store_url("postgres", tmp_path)
    assert stepgraph("db", "setup", "--store", address, cwd=tmp_path).code == 0
    yield address
    drop_schema(address)


def call_env(folder: Path, delay: float = 0.0) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("STEPGRAPH_")}
    return {**env, "PYTHONPATH": str(ROOT), LOG_ENV: str(folder / "calls.log"),
            DELAY_ENV: str(delay)}  # fmt: skip


def start_worker(url: str, folder: Path, *args: str, delay: float = 0.0) -> subprocess.Popen[str]:
    """A ``stepgraph worker`` process polling every 0.2 s."""
    return subprocess.Popen(
        [sys.executable, "-m", "stepgraph", "worker", "--store", url, "--poll", "0.2", *args],
        cwd=folder, env=call_env(folder, delay), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip


def stop_workers(fleet: list[subprocess.Popen[str]]) -> list[str]:
    """SIGTERM every worker, wait for them, and return their stderr. A worker that had
    not started (its interpreter still loading, before any handler exists) dies of the
    signal with nothing claimed; every started worker must stop cleanly."""
    for proc in fleet:
        proc.terminate()
    errs = []
    for proc in fleet:
        _, err = proc.communicate(timeout=60)
        unstarted = proc.returncode == -signal.SIGTERM and " started (concurrency" not in err
        assert proc.returncode == 0 or unstarted, err
        errs.append(err)
    return errs


def submit_finishing(url: str, run_id: str, **options: Any) -> None:
    """Queue a run of the FINISH graph with the Timed adapter."""
    with open_store(url) as store:
        assert isinstance(store, PostgresStore)
        submit(store, graph=FINISH, graph_ref="tests.queue_support:FINISH", adapter=Timed(),
               adapter_ref="tests.queue_support:Timed", inputs={"n": run_id}, run_id=run_id,
               **options)  # fmt: skip


def queue_states(url: str) -> dict[str, str]:
    with open_store(url) as store:
        assert isinstance(store, PostgresStore)
        with store.connection("test") as conn:
            return dict(conn.execute("SELECT run_id, state FROM run_queue").fetchall())


def wait_until(condition: Callable[[], bool], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError("timed out waiting")


__all__ = ["FINISH", "Timed", "pg_url"]
