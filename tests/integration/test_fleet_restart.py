"""A PostgreSQL restart under a working fleet (issue 19, item 2), on a private cluster
the test starts and restarts itself (never the shared server)."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

from stepgraph import open_store
from stepgraph.stores.postgres import PostgresStore
from stepgraph.worker import queue_entries
from tests.integration.cli_helpers import stepgraph
from tests.integration.test_workers import submit, wait_for, worker
from tests.pgcluster import Cluster
from tests.support import seed_offers

pytestmark = pytest.mark.postgres
RUNS = 12


def states(url: str) -> dict[str, str]:
    with open_store(url) as store:
        assert isinstance(store, PostgresStore)
        return {entry.run_id: entry.state for entry in queue_entries(store)}


def test_a_restart_mid_run_is_waited_out_and_every_run_finishes_once(
    private_postgres: Cluster, tmp_path: Path
) -> None:
    url = f"{private_postgres.url}?schema=fleet"
    assert stepgraph("db", "setup", "--store", url, cwd=tmp_path).code == 0
    for index in range(RUNS):
        offers = seed_offers()
        offers[0]["monthly"] = 100 + index
        submit(url, tmp_path, f"r{index:02d}", offers)
    fleet = worker(url, tmp_path, "--concurrency", "2", "--lease", "3", delay=0.3)
    try:
        wait_for(lambda: list(states(url).values()).count("waiting") >= 2, timeout=60)
        private_postgres.restart()  # fast: every session is terminated by the administrator
        wait_for(lambda: set(states(url).values()) == {"waiting"}, timeout=120)
        assert fleet.poll() is None  # the worker lived through it, its loops too
    finally:
        fleet.send_signal(signal.SIGTERM)
        _, err = fleet.communicate(timeout=60)
    assert fleet.returncode == 0, err
    assert "dead-letter" not in err
    with open_store(url) as store:
        for index in range(RUNS):
            nodes = [step.node for step in store.history(f"r{index:02d}")]
            assert nodes == ["inspect", "draft", "verify"]  # each node saved once
