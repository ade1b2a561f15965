"""The operator's queue on PostgreSQL: how long listing, metrics and purge take.

Fills a fresh schema with ``--runs`` offer runs waiting for review (the fixture, each
with its steps, journal and a queue row) plus as many submitted-only runs, then times:
the first page of ``runs`` (50 rows), a page deep in the listing (by cursor), a filtered
page (``--status dead``, none), ``runs --stats``, and a purge of the runs waiting for review
(``--status ready_for_review``) in batches of 500. Prints one line per operation.

Usage::

    .venv/bin/python bench/queue_ops.py                 # 2500 waiting + 2500 queued
    .venv/bin/python bench/queue_ops.py --runs 10000
"""

from __future__ import annotations

import argparse
import os
import time
import uuid
from collections.abc import Callable
from typing import Any

import psycopg

from stepgraph import open_store, run
from stepgraph.listing import Query, page
from stepgraph.offers import FixtureAdapter, graph, make_inputs
from stepgraph.purge import purge
from stepgraph.queue_admin import queue_stats
from stepgraph.stores.postgres import PostgresStore
from stepgraph.worker import submit

SERVER = os.environ.get("STEPGRAPH_BENCH_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")
OFFERS = [
    {"id": "A", "source": "offer-A-v1", "monthly": 120},
    {"id": "B", "source": "offer-B-v1", "monthly": 90},
    {"id": "C", "source": "offer-C-v1", "monthly": 110},
]


def timed(label: str, action: Callable[[], Any]) -> Any:
    started = time.perf_counter()
    result = action()
    print(f"{label:<48} {1000 * (time.perf_counter() - started):9.1f} ms")
    return result


def fill(store: PostgresStore, runs: int) -> None:
    adapter = FixtureAdapter()
    for index in range(runs):
        offers = [dict(offer) for offer in OFFERS]
        offers[0]["monthly"] = 100 + index
        inputs = make_inputs(offers)
        run_id = f"f{index:06d}"
        submit(store, graph=graph, graph_ref="offers", adapter=adapter, adapter_ref="fixture",
               inputs=inputs, run_id=run_id)  # fmt: skip
        run(graph, inputs=inputs, adapter=adapter, store=store, run_id=run_id)
        submit(store, graph=graph, graph_ref="offers", adapter=adapter, adapter_ref="fixture",
               inputs=inputs, run_id=f"q{index:06d}")  # fmt: skip
    with store.connection("finish") as conn:
        conn.execute("UPDATE run_queue SET state = 'waiting' WHERE run_id LIKE 'f%'")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2500)
    args = parser.parse_args()
    schema = f"bench_{uuid.uuid4().hex[:12]}"
    url = f"{SERVER}?schema={schema}"
    try:
        with open_store(url) as store:
            assert isinstance(store, PostgresStore)
            store.setup()
            timed(f"fill {args.runs} waiting + {args.runs} queued runs",
                  lambda: fill(store, args.runs))  # fmt: skip
            first = timed("runs: first page of 50", lambda: page(store, Query()))
            cursor = first.next_cursor
            for _ in range(20):
                cursor = page(store, Query(after=cursor)).next_cursor
            timed("runs: the 22nd page of 50 (by cursor)", lambda: page(store, Query(after=cursor)))
            timed("runs --status dead (none)", lambda: page(store, Query(status="dead")))
            timed("runs --stats (queue metrics)", lambda: queue_stats(store))
            waiting = ("ready_for_review",)
            done = timed("purge --older-than 0s --status ready_for_review",
                         lambda: purge(store, older_than=0, statuses=waiting))  # fmt: skip
            print(f"purged {len(done.run_ids)} runs")
    finally:
        with psycopg.connect(SERVER, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')


if __name__ == "__main__":
    main()
