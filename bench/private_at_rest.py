"""What encryption at rest costs: offer runs with private sources, sealed or in clear.

For each size, the same graph (sources tokenised, ``tests/private_offers.py``) runs on
a SQLite file in tmpfs, once through a store without a data key (stored in clear) and
once with one (every private value sealed with AES-GCM). ``x`` is sealed over clear.

Usage::

    .venv/bin/python bench/private_at_rest.py               # 10, 100, 1000 offers
    .venv/bin/python bench/private_at_rest.py --runs 5 --repeat 5

Figures are medians of ``--repeat`` rounds. Never run by ``make test``.
"""

from __future__ import annotations

import argparse
import base64
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.offer_runs import make_offers
from stepgraph import open_store, run
from stepgraph.offers import make_inputs
from stepgraph.offers.fixture import FixtureAdapter
from stepgraph.sealing import Encryption, Keyring
from tests.private_offers import GRAPH

TMPFS = "/dev/shm" if os.path.isdir("/dev/shm") else None
KEY = base64.b64encode(bytes(range(32))).decode()


def one_round(inputs: dict[str, Any], runs: int, sealed: bool) -> float:
    """Seconds per run, for ``runs`` runs into a new database."""
    folder = tempfile.mkdtemp(prefix="sg-seal-", dir=TMPFS)
    encryption = Encryption(Keyring.from_texts(KEY)) if sealed else None
    try:
        with open_store(f"sqlite:{folder}/runs.db", encryption=encryption) as store:
            started = time.perf_counter()
            for i in range(runs):
                run(GRAPH, inputs=inputs, adapter=FixtureAdapter(), store=store, run_id=f"r{i}")
            return (time.perf_counter() - started) / runs
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def per_run(count: int, runs: int, repeat: int) -> tuple[float, float]:
    """Median milliseconds per run of ``count`` offers, clear and sealed; the rounds
    alternate, so a busy machine slows both alike."""
    inputs = make_inputs(make_offers(count))
    clear, sealed = [], []
    for _ in range(repeat):
        clear.append(one_round(inputs, runs, sealed=False))
        sealed.append(one_round(inputs, runs, sealed=True))
    return statistics.median(clear) * 1e3, statistics.median(sealed) * 1e3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"sqlite on tmpfs, {args.runs} runs per round, median of {args.repeat}")
    print(f"{'offers':>6}  {'clear ms':>9}  {'sealed ms':>9}  {'x':>5}")
    for count in (10, 100, 1000):
        clear, sealed = per_run(count, args.runs, args.repeat)
        print(f"{count:>6}  {clear:>9.2f}  {sealed:>9.2f}  {sealed / clear:>5.2f}")


if __name__ == "__main__":
    main()
