"""Opening a SQLite store that does not exist yet, from several writers at once: the
schema's creation waits on the database lock like any other write (issue 19 item 20)."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

from bench.first_open import CHILD
from stepgraph import open_store
from tests.integration.cli_helpers import ROOT


def test_a_new_store_opened_while_another_writer_commits_waits_for_it(tmp_path: Path) -> None:
    # The rival holds the write lock of the new file and then commits, which needs the
    # readers gone: a connection that read the file first and then asks to write (the
    # switch to WAL does) was refused at once instead of waiting (SQLite's deadlock rule).
    path = tmp_path / "new.db"
    holding, finished = threading.Event(), []

    def rival() -> None:
        conn = sqlite3.connect(path, isolation_level=None, timeout=10)
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("CREATE TABLE rival (x)")
        holding.set()
        threading.Event().wait(0.3)
        conn.execute("COMMIT")
        conn.close()
        finished.append(True)

    thread = threading.Thread(target=rival)
    thread.start()
    holding.wait()
    try:
        with open_store(f"sqlite:{path}") as store:
            store.setup()
            assert store.list_runs() == []
    finally:
        thread.join()
    assert finished == [True]


def test_eight_processes_creating_one_new_store_at_once_all_succeed(tmp_path: Path) -> None:
    for round_number in range(3):
        path = tmp_path / f"round{round_number}" / "runs.db"
        start = str(time.time() + 1.0)
        children = [
            subprocess.Popen(
                [sys.executable, "-c", CHILD, str(path), start],
                cwd=ROOT,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for _ in range(8)
        ]
        answers = [child.communicate(timeout=60) for child in children]
        assert [child.returncode for child in children] == [0] * 8, answers
        assert [out.strip() for out, _ in answers] == ["0"] * 8
