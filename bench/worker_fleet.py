"""Worker fleet throughput on PostgreSQL: runs per second with 1, 2 and 4 workers.

For each adapter (the fixture, and one that waits 50 ms per call like a remote model)
and each fleet size, the script submits ``--runs`` offer runs into a fresh schema,
starts that many ``stepgraph worker --until-idle`` processes, and times them until
the queue is empty. It prints runs per second, the speed-up over one worker, and the
stored bytes per run (all stepgraph tables of the schema, indexes included).

Usage::

    .venv/bin/python bench/worker_fleet.py                      # 400 runs, 1/2/4 workers
    .venv/bin/python bench/worker_fleet.py --runs 200 --workers 1 2 4 8
    .venv/bin/python bench/worker_fleet.py --runs 400 --workers 4 --restarts 5   # faults

``--restarts N`` runs the fault campaign instead (``bench/fleet_restart.py``): the same
fleet on a private PostgreSQL cluster restarted N times mid-run.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import psycopg

from stepgraph import Adapter, Request, open_store
from stepgraph.offers import FixtureAdapter, graph, make_inputs
from stepgraph.stores.postgres import PostgresStore
from stepgraph.worker import queue_entries, submit

ROOT = Path(__file__).resolve().parents[1]
SERVER = os.environ.get("STEPGRAPH_BENCH_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")


class Waiting:
    """The fixture after a 50 ms wait: a stand-in for a remote model's latency."""

    id = "waiting-50ms-v1"

    def generate(self, request: Request) -> Any:
        time.sleep(0.05)
        return FixtureAdapter().generate(request)


ADAPTERS: dict[str, tuple[str, Adapter]] = {
    "fixture": ("fixture", FixtureAdapter()),
    "wait-50ms": ("bench.worker_fleet:Waiting", Waiting()),
}


def one_round(adapter_name: str, workers: int, runs: int) -> tuple[float, float]:
    """Seconds to drain ``runs`` runs with ``workers`` workers, and bytes stored per run."""
    schema = f"bench_{uuid.uuid4().hex[:12]}"
    url = f"{SERVER}?schema={schema}"
    ref, adapter = ADAPTERS[adapter_name]
    try:
        with open_store(url) as store:
            assert isinstance(store, PostgresStore)
            store.setup()
            for index in range(runs):
                offers = [
                    {"id": "A", "source": "offer-A-v1", "monthly": 120 + index},
                    {"id": "B", "source": "offer-B-v1", "monthly": 90},
                    {"id": "C", "source": "offer-C-v1", "monthly": 110},
                ]
                submit(
                    store,
                    graph=graph,
                    graph_ref="offers",
                    adapter=adapter,
                    adapter_ref=ref,
                    inputs=make_inputs(offers),
                    run_id=f"b{index:05d}",
                )
            env = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'src'}"}
            command = [
                sys.executable,
                "-m",
                "stepgraph",
                "worker",
                "--store",
                url,
                "--until-idle",
                "--poll",
                "0.2",
            ]
            started = time.perf_counter()
            fleet = [
                subprocess.Popen(command, env=env, stderr=subprocess.DEVNULL)
                for _ in range(workers)
            ]
            for proc in fleet:
                proc.wait(timeout=3600)
            elapsed = time.perf_counter() - started
            states = {entry.state for entry in queue_entries(store)}
            if states != {"waiting"}:  # every run reached its reviewer
                raise SystemExit(f"runs left unfinished: {states}")
        with psycopg.connect(SERVER) as conn:
            size = conn.execute(
                "SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c "
                "JOIN pg_namespace n ON n.oid = c.relnamespace "
                "WHERE n.nspname = %s AND c.relkind = 'r'",
                (schema,),
            ).fetchone()[0]  # type: ignore[index]
        return elapsed, float(size) / runs
    finally:
        with psycopg.connect(SERVER, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=400)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--restarts", type=int, default=0, help="restart PostgreSQL N times")
    parser.add_argument("--every", type=float, default=3.0, help="seconds between restarts")
    args = parser.parse_args()
    if args.restarts:
        from bench.fleet_restart import campaign, report

        print(report(campaign(args.runs, args.workers[0], args.restarts, args.every,
                              "wait-50ms")))  # fmt: skip
        return
    print(f"{args.runs} runs per round; each worker is a process with one run at a time")
    header = ("adapter", "workers", "seconds", "runs/s", "speed-up", "bytes/run")
    print(f"{header[0]:<10} " + " ".join(f"{h:>8}" for h in header[1:]))
    for name in ADAPTERS:
        base = None
        for workers in args.workers:
            seconds, per_run = one_round(name, workers, args.runs)
            rate = args.runs / seconds
            base = base or rate
            print(
                f"{name:<10} {workers:>7} {seconds:>8.2f} {rate:>7.1f} {rate / base:>8.2f} "
                f"{per_run:>9.0f}"
            )


if __name__ == "__main__":
    main()
