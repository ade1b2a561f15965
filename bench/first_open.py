"""First-open campaign: several processes open one SQLite store that does not exist yet.

Each round starts ``--processes`` children at the same instant on a new database path;
each opens the store, sets it up and lists its runs. In every other round a rival
connection holds the new file's write lock and commits while they open (the case SQLite
refuses without its busy handler). Prints the rounds and the children that failed, with
the first error seen. Issue 19 item 20: none may fail with "database is locked".

Usage::

    .venv/bin/python bench/first_open.py --rounds 100
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

CHILD = """
import sys, time
from stepgraph import open_store
start = float(sys.argv[2])
while time.time() < start:
    pass
with open_store("sqlite:" + sys.argv[1]) as store:
    store.setup()
    print(len(store.list_runs()))
"""


def rival(path: Path, start: float) -> None:
    """Take the new file's write lock as the children start, and commit a moment later."""
    while time.time() < start - 0.01:
        time.sleep(0.001)
    conn = sqlite3.connect(path, isolation_level=None, timeout=30)
    conn.execute("BEGIN IMMEDIATE")
    conn.execute("CREATE TABLE IF NOT EXISTS rival (x)")
    time.sleep(0.2)
    conn.execute("COMMIT")
    conn.close()


def one_round(folder: Path, processes: int, with_rival: bool) -> list[str]:
    """The errors of the children that failed in one round."""
    path = folder / "runs.db"
    start = time.time() + 0.5
    children = [
        subprocess.Popen(
            [sys.executable, "-c", CHILD, str(path), str(start)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(processes)
    ]
    helper = threading.Thread(target=rival, args=(path, start)) if with_rival else None
    if helper:
        helper.start()
    answers = [(child.communicate(timeout=120), child.returncode) for child in children]
    if helper:
        helper.join()
    return [err.strip().splitlines()[-1] for (_, err), code in answers if code != 0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("--processes", type=int, default=8)
    args = parser.parse_args()
    started = time.perf_counter()
    failed_rounds, failed_children, first = 0, 0, None
    with tempfile.TemporaryDirectory() as base:
        for number in range(args.rounds):
            folder = Path(base, f"round{number}")
            folder.mkdir()
            errors = one_round(folder, args.processes, with_rival=number % 2 == 1)
            failed_rounds += bool(errors)
            failed_children += len(errors)
            first = first or (errors[0] if errors else None)
    print(json.dumps({"rounds": args.rounds, "processes": args.processes,
                      "failed_rounds": failed_rounds, "failed_processes": failed_children,
                      "first_error": first,
                      "seconds": round(time.perf_counter() - started, 1)}))  # fmt: skip


if __name__ == "__main__":
    main()
