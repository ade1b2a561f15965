"""Fleet faults on real PostgreSQL (issue 19, items 1 and 3): a zombie's late journal
write, and a poison run beside an innocent one."""

from __future__ import annotations

import json
import signal
import time
from pathlib import Path

import pytest

from stepgraph import open_store
from stepgraph.stores.postgres import PostgresStore
from stepgraph.takeovers import takeovers
from stepgraph.worker import queue_entries
from tests.integration.cli_helpers import EXAMPLE, stepgraph
from tests.integration.test_workers import (
    assert_ran_once,
    generations,
    state_of,
    submit,
    url,
    wait_for,
    worker,
)
from tests.support import seed_offers

pytestmark = pytest.mark.postgres
__all__ = ["url"]  # the fixture, shared with the worker tests


def test_a_zombie_workers_late_journal_write_is_refused(url: str, tmp_path: Path) -> None:
    submit(url, tmp_path, "z", [{"id": "A", "source": "a-v1", "monthly": 5}])
    zombie = worker(url, tmp_path, "--lease", "1", delay=1.0)
    wait_for(lambda: generations(tmp_path, "z") == ["start"])
    zombie.send_signal(signal.SIGSTOP)
    try:
        time.sleep(1.5)  # the lease expires while the zombie is frozen inside its model call
        rescuer = worker(url, tmp_path, "--lease", "5", "--until-idle")
        rescuer.communicate(timeout=60)
        assert state_of(url, "z") == "waiting"
        with open_store(url) as store:
            before = store.generations("z")
    finally:
        zombie.send_signal(signal.SIGCONT)
    wait_for(lambda: generations(tmp_path, "z") == ["start", "start", "end", "end"])
    zombie.send_signal(signal.SIGTERM)  # it finishes its node (the late write) first
    _, err = zombie.communicate(timeout=30)
    assert "no longer holds the lease" in err
    assert_ran_once(url, "z")
    with open_store(url) as store:
        after = store.generations("z")
        assert isinstance(store, PostgresStore)
        (entry,) = queue_entries(store)
    assert after == before  # the rescuer's record of the draft call, not the zombie's
    record = after["2:draft:0"]
    assert (record["status"], record["attempt"]) == ("done", 2)
    assert record["attempts"][0]["status"] == "interrupted"
    assert entry.state == "waiting"  # a lost lease is not a reason to dead-letter


def test_a_poison_run_is_dead_lettered_alone_and_its_innocent_neighbour_finishes(
    url: str, tmp_path: Path
) -> None:
    path = tmp_path / "poison.json"
    path.write_text(json.dumps(seed_offers()), encoding="utf-8")
    sent = stepgraph("submit", "offers", str(path), "--run-id", "poison", "--adapter",
                     "tests.fleet_adapters:Poison", "--store", url, cwd=tmp_path)  # fmt: skip
    assert sent.code == 0, sent.err
    submit(url, tmp_path, "innocent", seed_offers())
    exits = []
    for _ in range(12):  # each worker holds both runs at once; the poison kills it
        started = worker(url, tmp_path, "--concurrency", "2", "--lease", "1",
                         "--max-takeovers", "2", "--until-idle", delay=1.0)  # fmt: skip
        started.communicate(timeout=60)
        exits.append(started.returncode)
        if {state_of(url, "poison"), state_of(url, "innocent")} <= {"dead", "waiting"}:
            break
        time.sleep(1.2)  # the dead worker's leases expire
    assert -signal.SIGKILL in exits  # the poison did kill workers
    assert state_of(url, "innocent") == "waiting"
    assert_ran_once(url, "innocent")
    with open_store(url) as store:
        assert isinstance(store, PostgresStore)
        entries = {e.run_id: e for e in queue_entries(store)}
        records = takeovers(store, "poison")
    poison = entries["poison"]
    assert poison.state == "dead"
    assert poison.reason is not None
    assert "'draft' in flight" in poison.reason
    counted = [r for r in records if r.counted]
    assert len(counted) == 3  # max_takeovers 2: the third takeover dead-letters it
    assert {r.node for r in counted} == {"draft"}
    assert all(r.holder and r.at for r in counted)
    assert entries["innocent"].takeovers <= 1  # at most the first death, before anyone knew


def test_a_worker_loop_that_fails_stops_the_worker_with_exit_1_and_says_why(
    url: str, tmp_path: Path
) -> None:
    sent = stepgraph("submit", "offers", EXAMPLE, "--run-id", "b", "--adapter",
                     "tests.fleet_adapters:Unbuildable", "--store", url, cwd=tmp_path)  # fmt: skip
    assert sent.code == 0, sent.err
    proc = worker(url, tmp_path)  # no --until-idle: before, it lived on with no loop left
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 1, err
    assert "worker loop failed" in err
    assert "RuntimeError: a bug while building the adapter" in err
