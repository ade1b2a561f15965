"""Per-adapter rate limits held in PostgreSQL, obeyed by several worker processes at once.

Limits are checked by counting calls in windows (the adapter's log and the grants the
database recorded), never by timing the test.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from stepgraph import InputError, open_store
from stepgraph.ratelimit import parse_limit
from stepgraph.stores.postgres import PostgresStore
from tests.integration.cli_helpers import stepgraph
from tests.integration.queue_helpers import (
    pg_url,
    queue_states,
    start_worker,
    stop_workers,
    submit_finishing,
    wait_until,
)
from tests.queue_support import most_at_once, most_in_window, read_log

__all__ = ["pg_url"]


def grant_times(url: str) -> list[float]:
    with open_store(url) as store:
        assert isinstance(store, PostgresStore)
        with store.connection("grants") as conn:
            rows = conn.execute("SELECT EXTRACT(EPOCH FROM at)::float FROM adapter_grants "
                                "WHERE adapter_id = 'timed-v1'").fetchall()  # fmt: skip
    return [row[0] for row in rows]


@pytest.mark.postgres
def test_several_workers_make_at_most_n_calls_in_any_window(pg_url: str, tmp_path: Path) -> None:
    limit = stepgraph("limit", "timed-v1", "--rate", "4/s", "--store", pg_url, cwd=tmp_path)
    assert limit.code == 0, limit.err
    assert "timed-v1: 4 per 1 s" in limit.out
    for index in range(16):
        submit_finishing(pg_url, f"r{index}")
    fleet = [start_worker(pg_url, tmp_path, "--concurrency", "2") for _ in range(3)]
    try:
        wait_until(lambda: set(queue_states(pg_url).values()) == {"done"}, timeout=120)
    finally:
        stop_workers(fleet)
    grants = grant_times(pg_url)
    assert len(grants) == 16
    assert most_in_window(grants, 1.0) == 4  # the database never granted a fifth
    starts = [at for event, _, at in read_log(str(tmp_path / "calls.log")) if event == "start"]
    assert len(starts) == 16
    assert most_in_window(starts, 0.5) <= 4  # as the adapter saw them (a margin for jitter)


@pytest.mark.postgres
def test_several_workers_make_at_most_n_calls_at_once(pg_url: str, tmp_path: Path) -> None:
    for index in range(10):
        submit_finishing(pg_url, f"c{index}")
    fleet = [start_worker(pg_url, tmp_path, "--concurrency", "2", "--rate-limit",
                          "timed-v1=,2", delay=0.3) for _ in range(3)]  # fmt: skip
    try:
        wait_until(lambda: set(queue_states(pg_url).values()) == {"done"}, timeout=120)
    finally:
        stop_workers(fleet)
    events = read_log(str(tmp_path / "calls.log"))
    assert len(events) == 20
    assert most_at_once(events) == 2  # six run threads, two calls at a time
    listed = stepgraph("limit", "--json", "--store", pg_url, cwd=tmp_path).json()
    assert listed["limits"] == [{"adapter_id": "timed-v1", "calls": None, "per_seconds": None,
                                 "concurrent": 2}]  # fmt: skip


@pytest.mark.postgres
def test_a_cleared_limit_no_longer_applies(pg_url: str, tmp_path: Path) -> None:
    stepgraph("limit", "timed-v1", "--rate", "1/h", "--store", pg_url, cwd=tmp_path)
    cleared = stepgraph("limit", "timed-v1", "--clear", "--store", pg_url, cwd=tmp_path)
    assert (cleared.code, cleared.out.strip()) == (0, "no rate limits")
    submit_finishing(pg_url, "free")
    start_worker(pg_url, tmp_path, "--until-idle").communicate(timeout=60)
    assert queue_states(pg_url) == {"free": "done"}


def test_a_limit_is_an_adapter_a_rate_and_a_concurrency() -> None:
    both = parse_limit("openai:gpt-4o=5/s,2")
    assert (both.adapter_id, both.calls, both.per_seconds, both.concurrent) == (
        "openai:gpt-4o", 5, 1.0, 2)  # fmt: skip
    assert parse_limit("x=100/m").per_seconds == 60.0
    assert parse_limit("x=,3").calls is None
    for bad in ("x", "x=", "x=5", "x=5/d", "x=0/s", "x=,0", "=5/s"):
        with pytest.raises(InputError, match=r"--rate-limit|--rate|--concurrent"):
            parse_limit(bad)


def test_limit_needs_a_postgresql_store(tmp_path: Path) -> None:
    done = stepgraph("limit", "--store", f"sqlite:{tmp_path / 'r.db'}", cwd=tmp_path)
    assert done.code == 2
    assert "postgresql://" in done.err
