"""Runs advancing at once on one SQLite store (`synchronous=full`): saves and commits.

N threads each run offers runs on one shared ``SqliteStore`` (as ``arun`` calls in one
application do); the store commits the saves that queue behind a commit together
(group commit). Printed per thread count: runs per second, saves, commits (counted at
the store's test hook), and saves per commit. One thread is the reference: there every
save is its own commit.

Usage::

    .venv/bin/python bench/group_commit.py                 # 1, 4 and 8 threads, 400 runs
    .venv/bin/python bench/group_commit.py --threads 1 16 --runs 800

Compare with a tree before group commit (every save its own commit)::

    mkdir /tmp/before && git archive <commit> src | tar -x -C /tmp/before
    PYTHONPATH=/tmp/before/src .venv/bin/python bench/group_commit.py

Never run by ``make test``.
"""

from __future__ import annotations

import argparse
import tempfile
import threading
import time
from pathlib import Path

from stepgraph import open_store, run
from stepgraph.offers import FixtureAdapter, graph, make_inputs
from stepgraph.stores import _testhooks

OFFERS = [{"id": "A", "source": "offer-A-v1", "monthly": 120},
          {"id": "B", "source": "offer-B-v1", "monthly": 90},
          {"id": "C", "source": "offer-C-v1", "monthly": 110}]  # fmt: skip


def measure(threads: int, runs: int, folder: Path) -> tuple[float, int, int]:
    """Runs per second, saves and commits for ``runs`` runs over ``threads`` threads."""
    counts = {"saves": 0, "commits": 0}
    lock = threading.Lock()

    def observe(stage: str) -> None:
        key = {"sqlite-before-commit": "commits"}.get(stage)
        if key is not None:
            with lock:
                counts[key] += 1

    url = f"sqlite:{folder / f'runs-{threads}.db'}"
    with open_store(url) as store:
        store.setup()
        _testhooks.observer = observe
        started = time.perf_counter()

        def worker(index: int) -> None:
            for number in range(index, runs, threads):
                run(graph, inputs=make_inputs(OFFERS), adapter=FixtureAdapter(),
                    store=store, run_id=f"r{number}")  # fmt: skip

        pool = [threading.Thread(target=worker, args=(i,)) for i in range(threads)]
        for thread in pool:
            thread.start()
        for thread in pool:
            thread.join()
        elapsed = time.perf_counter() - started
        _testhooks.observer = None
        saves = sum(len(store.history(f"r{number}")) for number in range(runs))
    return runs / elapsed, saves, counts["commits"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--threads", type=int, nargs="+", default=[1, 4, 8])
    parser.add_argument("--runs", type=int, default=400)
    parser.add_argument("--dir", default=None, help="where the store goes (default: the temp dir)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        print(f"{'threads':>7} {'runs/s':>8} {'saves':>6} {'commits':>8} {'saves/commit':>12}")
        for threads in args.threads:
            rate, saves, commits = measure(threads, args.runs, Path(folder))
            print(f"{threads:>7} {rate:>8.0f} {saves:>6} {commits:>8} {saves / commits:>12.2f}")


if __name__ == "__main__":
    main()
