"""Before and after: offers runs of two source trees, alternating, in one run.

Each round starts one process per tree (``PYTHONPATH=TREE/src``), which times
``--runs`` 3-offer runs on the memory store and on SQLite files on the project's disk
(``synchronous=full``, the default, and ``normal``); the medians over the rounds are
printed. Alternating the trees round by round lets the machine's load move both alike.

Usage::

    git archive main src | tar -x -C /tmp/before         # the tree to compare with
    .venv/bin/python bench/ab_runs.py /tmp/before/src    # against this checkout's src
    .venv/bin/python bench/ab_runs.py /tmp/before/src --rounds 7 --runs 500

Never run by ``make test``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DISK = ROOT / ".bench-tmp"
CHILD = """
import json, shutil, sys, tempfile
sys.path.insert(0, sys.argv[1])
from bench.offer_runs import make_offers, stepgraph_runs, timed
folder = tempfile.mkdtemp(dir=sys.argv[2])
runs = int(sys.argv[3])
urls = {"memory": "memory:", "sqlite full": f"sqlite:{folder}/a.db",
        "sqlite normal": f"sqlite:{folder}/b.db?synchronous=normal"}
print(json.dumps({name: timed(stepgraph_runs(url, make_offers(3), runs), 1) / runs
                  for name, url in urls.items()}))
shutil.rmtree(folder)
"""


def one_round(tree: Path, runs: int) -> dict[str, float]:
    """Seconds per run, per store, in one process importing stepgraph from ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, "-c", CHILD, str(ROOT), str(DISK), str(runs)],
                          env=env, capture_output=True, text=True, check=True)  # fmt: skip
    figures: dict[str, float] = json.loads(done.stdout)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path, help="the other tree's src folder")
    parser.add_argument("--after", type=Path, default=ROOT / "src")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--runs", type=int, default=500)
    args = parser.parse_args()
    DISK.mkdir(exist_ok=True)
    trees = {"before": args.before.resolve(), "after": args.after.resolve()}
    for tree in trees.values():  # bytecode, as an installed package has
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(tree)], check=True,
                       stdout=subprocess.DEVNULL)  # fmt: skip
    results: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
    for _ in range(args.rounds):
        for name, tree in trees.items():
            results[name].append(one_round(tree, args.runs))
    print(f"{args.rounds} rounds x {args.runs} runs of 3 offers, ms per run (median)")
    stores = list(results["before"][0])
    print(f"{'store':<15}{'before':>10}{'after':>10}{'change':>9}")
    for store in stores:
        before = statistics.median(row[store] for row in results["before"]) * 1e3
        after = statistics.median(row[store] for row in results["after"]) * 1e3
        print(f"{store:<15}{before:>10.3f}{after:>10.3f}{(after / before - 1) * 100:>8.1f}%")


if __name__ == "__main__":
    main()
