"""Fleet faults on real PostgreSQL (issue 19, items 1 and 3): a zombie's late journal
write, and a poison run beside an innocent one."""

from __future__ import annotations

import signal
import time
from pathlib import Path

import pytest

from stepgraph import open_store
from stepgraph.stores.postgres import PostgresStore
from stepgraph.worker import queue_entries
from tests.integration.test_workers import (
    assert_ran_once,
    generations,
    state_of,
    submit,
    url,
    wait_for,
    worker,
)

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
