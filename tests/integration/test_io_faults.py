"""Injected I/O faults at every write-path operation: a clear StoreError, the previous
checkpoint intact and loadable, and the run continues once the fault is gone."""

from __future__ import annotations

import base64
import errno
import os
import random
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from stepgraph import Store, StoreError, open_store, run
from stepgraph.offers import graph, make_inputs
from stepgraph.stores.sqlite import SqliteStore
from tests.support import CountingFixture, seed_offers


def advance(store: Store, steps: int | None = None) -> Any:
    return run(graph, inputs=make_inputs(seed_offers()), adapter=CountingFixture(), store=store,
               run_id="r", max_steps=steps)  # fmt: skip


def inject(monkeypatch: pytest.MonkeyPatch, op: str, applies: Callable[..., bool]) -> list[str]:
    """Make the first call of ``os.<op>`` that ``applies`` to fail with EIO/ENOSPC."""
    real = getattr(os, op)
    fired: list[str] = []

    def faulty(*args: Any, **kwargs: Any) -> Any:
        if not fired and applies(*args):
            fired.append(op)
            raise OSError(errno.ENOSPC if op == "write" else errno.EIO, f"injected {op} fault")
        return real(*args, **kwargs)

    monkeypatch.setattr(os, op, faulty)
    return fired


def is_dir_fd(fd: int) -> bool:
    return os.path.isdir(f"/proc/self/fd/{fd}")


# A save after the first appends one line to the run file (open, write at the end, fsync).
FAULTS: dict[str, tuple[str, Callable[..., bool]]] = {
    "open": ("open", lambda path, *rest: str(path).endswith("r.jsonl")),
    "write": ("pwrite", lambda fd, data, offset: bytes(data).startswith(b'{"version":')),
    "fsync": ("fsync", lambda fd: not is_dir_fd(fd)),
}
# The first save writes the whole file: temp file, write, fsync, rename, folder fsync.
FIRST_SAVE_FAULTS: dict[str, tuple[str, Callable[..., bool]]] = {
    "open": ("open", lambda path, *rest: str(path).endswith(".tmp")),
    "write": ("write", lambda fd, data: not is_dir_fd(fd) and b'"layout"' in bytes(data)),
    "fsync": ("fsync", lambda fd: not is_dir_fd(fd)),
    "rename": ("replace", lambda src, dst: str(dst).endswith(".jsonl")),
}


def fail_and_finish(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fault: tuple[str, Callable[..., bool]]
) -> bytes | None:
    """Fail the next save with ``fault``; return the run file after it, then finish."""
    store = open_store(f"file:{tmp_path}")
    op, applies = fault
    fired = inject(monkeypatch, op, applies)
    with pytest.raises(StoreError, match=f"injected {op} fault"):
        advance(store)
    assert fired == [op]
    path = tmp_path / "r.jsonl"
    after = path.read_bytes() if path.exists() else None
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]
    monkeypatch.undo()
    finished = advance(store)
    assert (finished.status, finished.trace) == ("ready_for_review", ("inspect", "draft", "verify"))
    return after


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_a_file_store_fault_keeps_the_previous_checkpoint(
    fault: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    advance(open_store(f"file:{tmp_path}"), 2)  # inspect and draft; verify's save will fail
    before = (tmp_path / "r.jsonl").read_bytes()
    assert fail_and_finish(tmp_path, monkeypatch, FAULTS[fault]) == before


@pytest.mark.parametrize("fault", sorted(FIRST_SAVE_FAULTS))
def test_a_file_store_fault_in_a_runs_first_save_leaves_no_run(
    fault: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert fail_and_finish(tmp_path, monkeypatch, FIRST_SAVE_FAULTS[fault]) is None


def test_a_write_cut_short_by_a_full_disk_leaves_no_torn_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = open_store(f"file:{tmp_path}")
    advance(store, 2)
    before = (tmp_path / "r.jsonl").read_bytes()
    real = os.pwrite

    def half_then_full(fd: int, data: Any, offset: int) -> int:
        if bytes(data).startswith(b'{"version":'):  # the line: half of it fits
            return real(fd, bytes(data)[: len(data) // 2], offset)
        raise OSError(errno.ENOSPC, "injected pwrite fault")  # the rest does not

    monkeypatch.setattr(os, "pwrite", half_then_full)
    with pytest.raises(StoreError, match="injected pwrite fault"):
        advance(store)
    assert (tmp_path / "r.jsonl").read_bytes() == before
    monkeypatch.undo()
    assert advance(store).status == "ready_for_review"


def test_a_failed_folder_fsync_fails_the_first_save_after_the_rename(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = open_store(f"file:{tmp_path}")
    store.setup()
    inject(monkeypatch, "fsync", is_dir_fd)
    with pytest.raises(StoreError, match="injected fsync fault"):
        advance(store, 1)
    monkeypatch.undo()
    # The rename happened, so the new version is visible; its durability was not confirmed.
    loaded = store.load("r")
    assert loaded is not None
    assert loaded.version == 1
    again = advance(store)
    assert (again.steps, again.trace) == (2, ("inspect", "draft", "verify"))


def sqlite_paused(tmp_path: Path, options: str = "") -> SqliteStore:
    store = open_store(f"sqlite:{tmp_path / 'runs.db'}{options}")
    assert isinstance(store, SqliteStore)
    store.setup()
    advance(store, 2)
    return store


def test_a_locked_sqlite_database_is_a_clear_store_error(tmp_path: Path) -> None:
    store = sqlite_paused(tmp_path, "?busy_timeout=0.05")
    other = sqlite3.connect(tmp_path / "runs.db", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        with pytest.raises(StoreError, match="another writer held the database lock"):
            advance(store)
    finally:
        other.execute("ROLLBACK")
        other.close()
    loaded = store.load("r")
    assert loaded is not None
    assert loaded.version == 2
    assert advance(store).status == "ready_for_review"


def test_a_full_sqlite_database_is_a_clear_store_error(tmp_path: Path) -> None:
    store = sqlite_paused(tmp_path)
    db = store._connect()
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's own size limit: a real SQLITE_FULL
    noise = base64.b64encode(random.Random(7).randbytes(150_000)).decode()  # no deflating it
    big = [{**offer, "note": noise} for offer in seed_offers()]
    with pytest.raises(StoreError, match="no space left for the database"):
        run(graph, inputs=make_inputs(big), adapter=CountingFixture(), store=store, run_id="big")
    db.execute("PRAGMA max_page_count = 1073741823")
    loaded = store.load("r")
    assert loaded is not None
    assert loaded.version == 2
    assert advance(store).status == "ready_for_review"


class FailingConnection:
    """The driver edge: a real connection whose Nth write statement reports an I/O error."""

    def __init__(self, real: sqlite3.Connection, fail_on: str) -> None:
        self.real = real
        self.fail_on = fail_on
        self.failed = False

    def execute(self, sql: str, *args: Any) -> Any:
        if not self.failed and sql.startswith(self.fail_on):
            self.failed = True
            raise sqlite3.OperationalError("disk I/O error")
        return self.real.execute(sql, *args)

    @property
    def in_transaction(self) -> bool:
        return self.real.in_transaction

    def close(self) -> None:
        self.real.close()


@pytest.mark.parametrize("statement", ["INSERT INTO run_steps", "UPDATE runs", "COMMIT"])
def test_a_sqlite_disk_io_error_rolls_back_the_save(tmp_path: Path, statement: str) -> None:
    store = sqlite_paused(tmp_path)
    proxy = FailingConnection(store._connect(), statement)
    store._db = proxy  # type: ignore[assignment]
    with pytest.raises(StoreError, match="the disk failed to read or write"):
        advance(store)
    store._db = proxy.real
    assert not proxy.real.in_transaction  # the failed save was rolled back
    loaded = store.load("r")
    assert loaded is not None
    assert loaded.version == 2
    assert advance(store).trace == ("inspect", "draft", "verify")
