"""Stored bytes per 3-offer run, full history, waiting for review: SQLite and ``file:``.

Runs the offers workflow N times into a fresh store of each kind (the library, the
fixture adapter, as ``stepgraph run offers`` does), then divides the bytes on disk by N:
the SQLite file after its write-ahead log is checkpointed into it, and every file of
the ``file:`` folder (lock files are empty). For SQLite it also prints where the bytes
go: the row data of each table per run (the column values' lengths; pages are not full,
so the file is larger).

Usage::

    .venv/bin/python bench/run_bytes.py                 # 200 runs per store
    .venv/bin/python bench/run_bytes.py --runs 50 --stores sqlite

Never run by ``make test``; issue 17's goal is at most 1,600 bytes per run.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as a script: the bench package sits beside it

from bench.offer_runs import make_offers, stepgraph_runs, stored_bytes  # noqa: E402

TABLES = ("runs", "run_inputs", "run_steps", "run_generations", "run_keys")


def table_bytes(path: str, runs: int) -> dict[str, float]:
    """Row data per run of each table: the sum of its columns' lengths."""
    with sqlite3.connect(path) as db:
        found = {}
        for table in TABLES:
            columns = [row[1] for row in db.execute(f"PRAGMA table_info({table})")]
            total = " + ".join(f"coalesce(length(CAST({name} AS BLOB)), 0)" for name in columns)
            found[table] = (
                db.execute(f"SELECT coalesce(sum({total}), 0) FROM {table}").fetchone()[0] / runs
            )
    return found


def measure(kind: str, runs: int, folder: str) -> float:
    """Bytes on disk per run after ``runs`` offer runs into a fresh ``kind`` store."""
    url = f"sqlite:{folder}/runs.db" if kind == "sqlite" else f"file:{folder}/runs"
    stepgraph_runs(url, make_offers(3), runs)()
    return stored_bytes(url, f"{folder}/runs") / runs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--stores", default="sqlite,file")
    args = parser.parse_args()
    for kind in args.stores.split(","):
        with tempfile.TemporaryDirectory(prefix="sg-bytes-") as folder:
            per_run = measure(kind, args.runs, folder)
            print(f"{kind:<7} {args.runs} runs: {per_run:,.0f} bytes per run")
            if kind == "sqlite":
                rows = table_bytes(os.path.join(folder, "runs.db"), args.runs)
                detail = ", ".join(f"{table} {size:,.0f}" for table, size in rows.items())
                print(f"        row data per run: {sum(rows.values()):,.0f} ({detail})")


if __name__ == "__main__":
    main()
