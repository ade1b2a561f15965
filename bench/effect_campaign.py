"""Kill a process (SIGKILL) while it publishes an approved report; count outbox writes.

Each case: a run of the seed's offers reaches review and is approved (in this process);
a child resumes it (verify, then publish into an outbox folder) and is killed either at
a kill point around the effect (``effect-intended``, ``effect-called``, after the step's
save) or after a random delay. Fresh children resume until the run is approved and
finished. The promise under test: the outbox holds exactly one file per run, whatever
the kill, and the run ends approved.

Usage::

    .venv/bin/python bench/effect_campaign.py --cases 300 [--store sqlite|file]

Prints the figures; never run by ``make test`` (tests/integration/test_effect_crashes.py
is the sample).
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as a script: the bench package sits beside it

from bench.crash_campaign import run_child  # noqa: E402

POINTS = ("effect-intended", "effect-called", "sqlite-committed", "file-appended")


def child(url: str, point: str) -> None:
    """Resume run "p"; die at ``point`` (or never, for "none")."""
    from stepgraph import open_store, resume
    from stepgraph.offers import FixtureAdapter, graph
    from stepgraph.stores import _testhooks

    def observe(stage: str) -> None:
        if stage == point:
            os.kill(os.getpid(), signal.SIGKILL)

    _testhooks.observer = observe
    print("ready", flush=True)
    with open_store(url) as store:
        resume(graph, run_id="p", adapter=FixtureAdapter(), store=store)


def prepare(url: str, outbox: str) -> None:
    from stepgraph import Policy, decide, open_store, run
    from stepgraph.offers import FixtureAdapter, graph, make_inputs

    offers = [{"id": "A", "source": "offer-A-v1", "monthly": 120},
              {"id": "B", "source": "offer-B-v1", "monthly": 90}]  # fmt: skip
    with open_store(url) as store:
        store.setup()
        ready = run(graph, inputs=make_inputs(offers, outbox=outbox), adapter=FixtureAdapter(),
                    store=store, run_id="p")  # fmt: skip
        assert ready.checkpoint.wait is not None
        decide(store, "p", verdict="approve", actor="ops", digest_seen=ready.checkpoint.wait[
            "digest"], policy=Policy.from_mapping({"approve": ["ops"]}))  # fmt: skip


def spawn(url: str, point: str, kill_after: float | None) -> int:
    return run_child([__file__, "--child", url, point], kill_after)


def one_case(kind: str, folder: str, point: str, rng: random.Random) -> tuple[int, int, str]:
    """(crashes, files in the outbox, final status) for one case."""
    url = f"sqlite:{folder}/runs.db" if kind == "sqlite" else f"file:{folder}/runs"
    outbox = f"{folder}/outbox"
    prepare(url, outbox)
    crashes = 0
    delay = rng.uniform(0.0, 0.25) if point == "random" else None
    if spawn(url, "none" if point == "random" else point, delay) != 0:
        crashes += 1
    for _ in range(3):
        if spawn(url, "none", None) == 0:
            break
    from stepgraph import open_store

    with open_store(url) as store:
        final = store.load("p")
    files = len(os.listdir(outbox)) if os.path.isdir(outbox) else 0
    status = f"{final.status}/{final.next}" if final else "missing"
    return crashes, files, status


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=100)
    parser.add_argument("--store", choices=("sqlite", "file"), default="sqlite")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    points = [p for p in POINTS if not p.startswith("file" if args.store == "sqlite" else "sqlite")]
    crashes = bad_files = unfinished = 0
    started = time.perf_counter()
    for index in range(args.cases):
        point = points[index] if index < len(points) else rng.choice([*points, "random"])
        with tempfile.TemporaryDirectory(prefix="sg-effect-") as folder:
            died, files, status = one_case(args.store, folder, point, rng)
        crashes += died
        bad_files += files != 1
        unfinished += status != "approved/END"
    elapsed = time.perf_counter() - started
    print(
        f"{args.cases} cases on {args.store}: {crashes} kills, {bad_files} outboxes without "
        f"exactly one file, {unfinished} runs not approved and finished ({elapsed:.0f} s)"
    )


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--child":
        child(sys.argv[2], sys.argv[3])
    else:
        main()
