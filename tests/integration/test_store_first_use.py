"""``open_store`` of SQLite or a folder is usable at once: created on first use."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from stepgraph import END, Context, FunctionAdapter, Graph, StoreError, open_store, run

ECHO = FunctionAdapter("echo-v1", lambda request: request.data)


def one_step() -> Graph:
    def step(state: dict[str, Any], context: Context) -> dict[str, Any]:
        return {"done": True}

    return Graph(name="first", entry="step", nodes={"step": step}, edges={"step": END})


@pytest.mark.parametrize("kind", ["sqlite", "file"])
def test_a_new_store_runs_without_setup(kind: str, tmp_path: Path) -> None:
    url = f"sqlite:{tmp_path / 'deep' / 'runs.db'}" if kind == "sqlite" else (
        f"file:{tmp_path / 'deep' / 'runs'}")  # fmt: skip

    with open_store(url) as store:
        result = run(one_step(), inputs={"x": 1}, adapter=ECHO, store=store)
        assert result.state == {"x": 1, "done": True}
    with open_store(url) as again:
        loaded = again.load(result.run_id)
    assert loaded is not None
    assert loaded.version == 1


def test_the_sqlite_schema_is_created_once_with_every_migration(tmp_path: Path) -> None:
    path = tmp_path / "runs.db"
    with open_store(f"sqlite:{path}") as store:
        run(one_step(), inputs={}, adapter=ECHO, store=store)
        store.setup()  # still idempotent afterwards

    with sqlite3.connect(path) as db:
        applied = [row[0] for row in db.execute("SELECT version FROM stepgraph_migrations")]
    assert applied == [1, 2, 3, 4, 5, 6]


def test_reading_a_store_that_does_not_exist_yet_finds_no_runs(tmp_path: Path) -> None:
    with open_store(f"sqlite:{tmp_path / 'runs.db'}") as store:
        assert store.load("nothing") is None
        assert store.list_runs() == []


def test_processes_opening_a_new_sqlite_store_at_once_all_succeed(tmp_path: Path) -> None:
    path = tmp_path / "runs.db"
    script = (
        "import sys\n"
        "from stepgraph import open_store\n"
        "from stepgraph.checkpoint import now\n"
        "with open_store(f'sqlite:{sys.argv[1]}') as store:\n"
        "    store.record_generation(sys.argv[2], 'k', {'at': now()})\n"
    )
    procs = [subprocess.Popen([sys.executable, "-c", script, str(path), f"run{i}"],
                              stderr=subprocess.PIPE, text=True) for i in range(6)]  # fmt: skip
    errors = [proc.communicate(timeout=60)[1] for proc in procs]

    assert [proc.returncode for proc in procs] == [0] * 6, errors
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT count(*) FROM run_generations").fetchone() == (6,)
        assert db.execute("SELECT count(*) FROM stepgraph_migrations").fetchone() == (6,)


def test_threads_sharing_one_new_sqlite_store_all_succeed(tmp_path: Path) -> None:
    store = open_store(f"sqlite:{tmp_path / 'runs.db'}")
    failures: list[BaseException] = []

    def work(index: int) -> None:
        try:
            store.record_generation(f"run{index}", "k", {"n": index})
        except BaseException as error:
            failures.append(error)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    store.close()
    assert failures == []


def test_a_sqlite_path_that_cannot_be_created_is_a_store_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")

    with open_store(f"sqlite:{blocker / 'runs.db'}") as store, pytest.raises(StoreError):
        run(one_step(), inputs={}, adapter=ECHO, store=store)
