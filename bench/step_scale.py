"""Long runs: time and stored bytes per step of a 100-, 1,000- and 3,000-step run, per store.

The graph has one node that counts and loops on itself until the count is reached, so
what is measured is the harness and the store: a store whose cost per step grows with
the run's length shows it here (the ``file:`` store rewrites the run's file at every
save). Stores live on tmpfs (``/dev/shm``) so the disk's load does not blur the trend.

Usage::

    .venv/bin/python bench/step_scale.py
    .venv/bin/python bench/step_scale.py --steps 100 1000 --stores memory sqlite

Never run by ``make test``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import time
from typing import Any

from stepgraph import END, Branch, Context, Graph, open_store, run
from stepgraph.offers import FixtureAdapter

URLS = {"memory": "memory:", "sqlite": "sqlite:{}/runs.db?synchronous=normal", "file": "file:{}"}


def counting(limit: int) -> Graph:
    def tick(state: dict[str, Any], context: Context) -> dict[str, Any]:
        return {"n": state["n"] + 1}

    def again(state: dict[str, Any]) -> str:
        return "tick" if state["n"] < limit else END

    return Graph(name="count", entry="tick", nodes={"tick": tick},
                 edges={"tick": Branch(again, "tick", END)})  # fmt: skip


def folder_bytes(folder: str) -> int:
    return sum(
        os.path.getsize(os.path.join(root, name))
        for root, _, names in os.walk(folder)
        for name in names
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, nargs="+", default=[100, 1000, 3000])
    parser.add_argument("--stores", nargs="+", default=list(URLS), choices=list(URLS))
    args = parser.parse_args()
    print(f"{'store':<8}{'steps':>7}{'us/step':>10}{'bytes/step':>12}")
    for store_name in args.stores:
        for steps in args.steps:
            folder = tempfile.mkdtemp(prefix="sg-steps-", dir="/dev/shm")
            try:
                with open_store(URLS[store_name].format(folder)) as store:
                    store.setup()
                    start = time.perf_counter()
                    done = run(counting(steps), inputs={"n": 0}, adapter=FixtureAdapter(),
                               store=store, run_id="r", max_steps=steps + 1)  # fmt: skip
                    seconds = time.perf_counter() - start
                assert (done.status, done.version) == ("done", steps), done.status
                size = folder_bytes(folder) / steps
            finally:
                shutil.rmtree(folder, ignore_errors=True)
            print(f"{store_name:<8}{steps:>7}{seconds / steps * 1e6:>10.0f}{size:>12.0f}")


if __name__ == "__main__":
    main()
