"""Priorities and concurrency keys, with worker processes on the real PostgreSQL server."""

from __future__ import annotations

from pathlib import Path

import pytest

from stepgraph import InputError, open_store
from stepgraph.stores.postgres import PostgresStore
from stepgraph.worker import Worker
from tests.integration.cli_helpers import EXAMPLE, stepgraph
from tests.integration.queue_helpers import (
    pg_url,
    queue_states,
    start_worker,
    stop_workers,
    submit_finishing,
    wait_until,
)
from tests.queue_support import FINISH, Timed, most_at_once, read_log

pytestmark = pytest.mark.postgres
__all__ = ["pg_url"]


def claimer(url: str) -> tuple[PostgresStore, Worker]:
    store = open_store(url)
    assert isinstance(store, PostgresStore)
    fleet = Worker(store, resolve_graph=lambda ref: FINISH, resolve_adapter=lambda ref: Timed())
    return store, fleet


def test_claims_take_the_highest_priority_first_and_the_first_submitted_within_one(
    pg_url: str,
) -> None:
    for run_id, priority in [("low1", 0), ("high1", 5), ("low2", 0), ("mid", 1), ("high2", 5)]:
        submit_finishing(pg_url, run_id, priority=priority)
    store, fleet = claimer(pg_url)
    with store:
        order = []
        while (claimed := fleet.claim_one()) is not None:
            order.append(claimed[0])
    assert order == ["high1", "high2", "mid", "low1", "low2"]


def test_several_workers_start_every_high_priority_run_before_the_low_ones(
    pg_url: str, tmp_path: Path
) -> None:
    for index in range(6):
        submit_finishing(pg_url, f"low{index}")
    for index in range(6):
        submit_finishing(pg_url, f"high{index}", priority=10)
    fleet = [start_worker(pg_url, tmp_path, delay=0.4) for _ in range(2)]
    try:
        wait_until(lambda: set(queue_states(pg_url).values()) == {"done"})
    finally:
        stop_workers(fleet)
    starts = [run_id for event, run_id, _ in read_log(str(tmp_path / "calls.log"))
              if event == "start"]  # fmt: skip
    assert sorted(starts) == sorted([f"low{i}" for i in range(6)] + [f"high{i}" for i in range(6)])
    # Claims are in priority order; two workers may start their runs in either order,
    # so at most one low run (the other worker's) starts before the last high one.
    last_high = max(i for i, run_id in enumerate(starts) if run_id.startswith("high"))
    assert sum(run_id.startswith("low") for run_id in starts[:last_high]) <= 1
    highs = [run_id for run_id in starts if run_id.startswith("high")]
    assert all(abs(highs.index(f"high{i}") - i) <= 1 for i in range(6))  # FIFO within one


def test_several_workers_lease_at_most_n_runs_with_one_concurrency_key(
    pg_url: str, tmp_path: Path
) -> None:
    for index in range(8):
        submit_finishing(pg_url, f"acct{index}", concurrency_key="acct", max_concurrent=2)
    for index in range(4):
        submit_finishing(pg_url, f"free{index}")
    fleet = [start_worker(pg_url, tmp_path, "--concurrency", "2", delay=0.4) for _ in range(3)]
    try:
        wait_until(lambda: set(queue_states(pg_url).values()) == {"done"}, timeout=120)
    finally:
        stop_workers(fleet)
    events = read_log(str(tmp_path / "calls.log"))
    keyed = [e for e in events if e[1].startswith("acct")]
    assert len(keyed) == 16  # a start and an end for each of the 8 runs
    assert most_at_once(keyed) == 2  # never more than 2; the workers had room for 6
    assert most_at_once(events) > 2  # runs without the key ran beside them


def test_submit_refuses_a_concurrency_key_without_its_maximum(pg_url: str, tmp_path: Path) -> None:
    done = stepgraph("submit", "offers", EXAMPLE, "--concurrency-key", "acct", "--store", pg_url,
                     cwd=tmp_path)  # fmt: skip
    assert done.code == 2
    assert "--concurrency-key" in done.err
    assert queue_states(pg_url) == {}


def test_submit_refuses_a_maximum_below_one(pg_url: str) -> None:
    with pytest.raises(InputError, match="--max-concurrent"):
        submit_finishing(pg_url, "x", concurrency_key="acct", max_concurrent=0)


def test_cli_submit_records_the_priority_and_runs_json_shows_it(
    pg_url: str, tmp_path: Path
) -> None:
    done = stepgraph("submit", "offers", EXAMPLE, "--run-id", "p", "--priority", "7",
                     "--store", pg_url, cwd=tmp_path)  # fmt: skip
    assert done.code == 0, done.err
    listed = stepgraph("runs", "--json", "--store", pg_url, cwd=tmp_path).json()["runs"]
    assert [(r["run_id"], r["priority"], r["queue_state"], r["attempts"]) for r in listed] == [
        ("p", 7, "runnable", 0)
    ]
