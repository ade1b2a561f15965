"""PostgreSQL restarts under a working fleet: ``bench/worker_fleet.py --restarts N``.

On a private cluster it starts itself (``tests/pgcluster.py``; never the shared
server), the campaign submits ``runs`` offer runs whose model call takes 50 ms, starts
``workers`` worker processes (2 loops each, 3 s leases), and restarts the server
(``pg_ctl restart -m fast``: every session is terminated by the administrator) ``N``
times, one every ``every`` seconds, while they work. Then it waits for every run to
reach its reviewer and counts: runs finished, runs dead-lettered, node steps saved more
than once, workers that died or exited non-zero, and loop failures in their logs.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from stepgraph import open_store
from stepgraph.errors import RunNotFound
from stepgraph.offers import graph, make_inputs
from stepgraph.stores.postgres import PostgresStore
from stepgraph.worker import queue_entries, submit

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Outcome:
    runs: int
    restarts: int
    finished: int
    dead: int
    repeated_steps: int
    workers_failed: int
    loop_failures: int
    unavailable_logged: int
    seconds: float


def campaign(runs: int, workers: int, restarts: int, every: float, ref: str) -> Outcome:
    """One campaign on a fresh private cluster (removed afterwards)."""
    sys.path.insert(0, str(ROOT))
    from bench.worker_fleet import ADAPTERS
    from tests.pgcluster import start_cluster

    cluster = start_cluster()
    try:
        url = f"{cluster.url}?schema=bench"
        adapter_ref, adapter = ADAPTERS[ref]
        with open_store(url) as store:
            assert isinstance(store, PostgresStore)
            store.setup()
            for index in range(runs):
                offers = [{"id": "A", "source": "offer-A-v1", "monthly": 120 + index},
                          {"id": "B", "source": "offer-B-v1", "monthly": 90}]  # fmt: skip
                submit(store, graph=graph, graph_ref="offers", adapter=adapter,
                       adapter_ref=adapter_ref, inputs=make_inputs(offers),
                       run_id=f"b{index:05d}")  # fmt: skip
        env = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'src'}"}
        command = [sys.executable, "-m", "stepgraph", "worker", "--store", url, "--poll", "0.2",
                   "--concurrency", "2", "--lease", "3"]  # fmt: skip
        with tempfile.TemporaryDirectory() as logs:
            paths = [Path(logs) / f"worker{i}.log" for i in range(workers)]
            started = time.perf_counter()
            fleet = [subprocess.Popen(command, env=env, stderr=path.open("w")) for path in paths]
            for _ in range(restarts):
                time.sleep(every)
                cluster.restart("fast")
            finished = _wait(url, runs, timeout=600)
            seconds = time.perf_counter() - started
            alive = [proc.poll() is None for proc in fleet]
            for proc in fleet:
                proc.send_signal(signal.SIGTERM)
            codes = [proc.wait(timeout=120) for proc in fleet]
            texts = [path.read_text(errors="replace") for path in paths]
            text = "".join(texts)
            for ok, code, log in zip(alive, codes, texts, strict=True):
                if not ok or code != 0:  # say why, for whoever reads the figures
                    print(f"a worker exited {code}:\n{log[-3000:]}", file=sys.stderr)
        with open_store(url) as store:
            assert isinstance(store, PostgresStore)
            dead = sum(entry.state == "dead" for entry in queue_entries(store))
            repeated = 0
            for index in range(runs):
                try:
                    history = store.history(f"b{index:05d}")
                except RunNotFound:  # never started (its workers died first)
                    continue
                nodes = [step.node for step in history]
                repeated += len(nodes) - len(set(nodes))
        return Outcome(
            runs=runs,
            restarts=restarts,
            finished=finished,
            dead=dead,
            repeated_steps=repeated,
            workers_failed=sum(
                1 for ok, code in zip(alive, codes, strict=True) if not ok or code != 0
            ),
            loop_failures=text.count("worker loop failed") + text.count("Exception in thread"),
            unavailable_logged=text.count("database unavailable")
            + text.count("goes back to the queue"),
            seconds=seconds,
        )
    finally:
        cluster.remove()


def _wait(url: str, runs: int, timeout: float) -> int:
    """Runs waiting for their reviewer, once every run is waiting or dead, or nothing
    moved for 60 s (every worker died), or ``timeout`` passed."""
    deadline, seen, moved = time.monotonic() + timeout, None, time.monotonic()
    while True:
        try:
            with open_store(url) as store:
                assert isinstance(store, PostgresStore)
                states = [entry.state for entry in queue_entries(store)]
        except Exception:  # the server is restarting: look again
            states = []
        if states and states != seen:
            seen, moved = states, time.monotonic()
        now = time.monotonic()
        settled = states and all(state in ("waiting", "dead") for state in states)
        if settled or now > deadline or now - moved > 60:
            return (seen or []).count("waiting")
        time.sleep(0.5)


def report(outcome: Outcome) -> str:
    head = ("runs", "restarts", "finished", "dead", "repeated", "workers", "loops", "noticed",
            "seconds")  # fmt: skip
    row = (outcome.runs, outcome.restarts, outcome.finished, outcome.dead,
           outcome.repeated_steps, outcome.workers_failed, outcome.loop_failures,
           outcome.unavailable_logged, f"{outcome.seconds:.1f}")  # fmt: skip
    return " ".join(f"{h:>9}" for h in head) + "\n" + " ".join(f"{v:>9}" for v in row)
