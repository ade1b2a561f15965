"""Machine instructions per offers run (valgrind callgrind): a cost that load cannot blur.

On a shared machine wall-clock figures move by tens of percent between runs; the count
of instructions executed does not. This runs the process twice under callgrind, with
``--small`` and ``--large`` offers runs, and prints (large - small) / (large - small
runs), so start-up and imports cancel out.

Usage::

    .venv/bin/python bench/harness_instructions.py                  # memory: and sqlite on tmpfs
    PYTHONPATH=/path/to/other/src .venv/bin/python bench/harness_instructions.py  # compare

Needs ``valgrind``. Never run by ``make test``.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the bench package beside it

from bench import callgrind
from stepgraph import open_store, run
from stepgraph.offers import FixtureAdapter, graph, make_inputs

OFFERS = [
    {"id": "A", "source": "offer-A-v1", "monthly": 120},
    {"id": "B", "source": "offer-B-v1", "monthly": 90},
    {"id": "C", "source": "offer-C-v1", "monthly": 110},
]


def runs(count: int, url: str) -> None:
    """``count`` offers runs on a new store at ``url`` (what callgrind measures)."""
    adapter = FixtureAdapter()
    with open_store(url) as store:
        store.setup()
        for index in range(count):
            run(graph, inputs=make_inputs(OFFERS), adapter=adapter, store=store,
                run_id=f"r{index}")  # fmt: skip


def instructions(count: int, url: str) -> int:
    """Instructions executed by a process doing ``count`` runs."""
    return callgrind.instructions([sys.executable, __file__, "--child", str(count), url])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--small", type=int, default=20)
    parser.add_argument("--large", type=int, default=220)
    parser.add_argument("--child", nargs=2, metavar=("COUNT", "URL"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        runs(int(args.child[0]), args.child[1])
        return
    import stepgraph

    print(f"stepgraph from {os.path.dirname(stepgraph.__file__)}")
    for name in ("memory", "sqlite tmpfs"):
        with tempfile.TemporaryDirectory(dir="/dev/shm") as shm:
            urls = [f"sqlite:{shm}/a.db", f"sqlite:{shm}/b.db"] if name != "memory" else (
                ["memory:", "memory:"])  # fmt: skip
            small = instructions(args.small, urls[0])
            large = instructions(args.large, urls[1])
        per_run = (large - small) / (args.large - args.small)
        print(f"{name:14s} {per_run:12,.0f} instructions/run")


if __name__ == "__main__":
    main()
