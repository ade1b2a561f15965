"""Cancelling a run on every store, from the library, the command line and under workers."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from stepgraph import NotCancellable, RunCancelled, Store, cancel, open_store, resume, run
from stepgraph.offers import graph, make_inputs
from tests.integration.cli_helpers import ROOT, stepgraph
from tests.integration.queue_helpers import (
    pg_url,
    queue_states,
    start_worker,
    stop_workers,
    submit_finishing,
    wait_until,
)
from tests.queue_support import FINISH, Timed, read_log
from tests.support import DELAY_ENV, GENERATIONS_ENV, CountingFixture, read_generations, seed_offers

__all__ = ["pg_url"]


def paused_run(store: Store) -> None:
    run(graph, inputs=make_inputs(seed_offers()), adapter=CountingFixture(), store=store,
        run_id="c", max_steps=1)  # fmt: skip


def test_cancel_records_who_why_and_when_as_an_event_step(store: Store) -> None:
    paused_run(store)
    saved = cancel(store, "c", by="ops", reason="customer withdrew")
    history = store.history("c")
    assert saved.status == "cancelled"
    assert [h.node for h in history] == ["inspect", "@cancelled"]
    event = history[-1].update["@event"]
    assert (event["action"], event["by"], event["reason"]) == ("cancel", "ops", "customer withdrew")
    assert event["at"] == history[-1].at


def test_a_cancelled_run_never_runs_again(store: Store) -> None:
    paused_run(store)
    cancel(store, "c", by="ops")
    adapter = CountingFixture()
    with pytest.raises(RunCancelled, match="cancelled by ops"):
        resume(graph, run_id="c", adapter=adapter, store=store)
    with pytest.raises(RunCancelled):
        run(graph, inputs=make_inputs(seed_offers()), adapter=adapter, store=store, run_id="c")
    assert adapter.calls == 0
    assert [h.node for h in store.history("c")] == ["inspect", "@cancelled"]


def test_cancelling_twice_records_one_event(store: Store) -> None:
    paused_run(store)
    cancel(store, "c", by="ops")
    again = cancel(store, "c", by="someone else")
    assert again.version == 2
    assert [h.node for h in store.history("c")] == ["inspect", "@cancelled"]


def test_a_finished_run_cannot_be_cancelled(store: Store) -> None:
    done = run(FINISH, inputs={"n": 1}, adapter=Timed(), store=store, run_id="f")
    assert done.finished
    with pytest.raises(NotCancellable, match="already finished"):
        cancel(store, "f", by="ops")
    assert [h.node for h in store.history("f")] == ["work", "check"]


def test_cancel_without_a_name_is_refused_and_records_nothing(store: Store) -> None:
    from stepgraph import InputError

    paused_run(store)
    with pytest.raises(InputError, match="--by"):
        cancel(store, "c", by=" ")
    assert [h.node for h in store.history("c")] == ["inspect"]


def test_cli_cancel_then_status_and_resume_exit_10(tmp_path: Path) -> None:
    url = f"sqlite:{tmp_path / 'runs.db'}"
    started = stepgraph("run", "offers", str(ROOT / "examples" / "offers.json"), "--run-id", "x",
                        "--max-steps", "1", "--store", url, cwd=tmp_path)  # fmt: skip
    assert started.code == 0, started.err
    done = stepgraph("cancel", "x", "--by", "ops", "--reason", "duplicate", "--store", url,
                     "--json", cwd=tmp_path)  # fmt: skip
    assert done.code == 0, done.err
    assert done.json()["cancelled"]["reason"] == "duplicate"
    status = stepgraph("status", "x", "--store", url, cwd=tmp_path)
    assert (status.code, "cancelled" in status.out) == (10, True)
    resumed = stepgraph("resume", "x", "--store", url, cwd=tmp_path)
    assert resumed.code == 10
    assert "was cancelled by ops" in resumed.err
    assert "never runs again" in resumed.err


def test_a_run_cancelled_while_its_node_runs_stops_after_that_node(tmp_path: Path) -> None:
    url = f"sqlite:{tmp_path / 'runs.db'}"
    log = tmp_path / "gen.log"
    env = {k: v for k, v in os.environ.items() if not k.startswith("STEPGRAPH_")}
    env.update({"PYTHONPATH": str(ROOT), GENERATIONS_ENV: str(log), DELAY_ENV: "2"})
    runner = subprocess.Popen(
        [sys.executable, "-m", "stepgraph", "run", "offers", str(ROOT / "examples" / "offers.json"),
         "--run-id", "m", "--adapter", "tests.support:Slow", "--store", url],
        cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    wait_until(lambda: read_generations(str(log)) == [("start", "m")])
    done = stepgraph("cancel", "m", "--by", "ops", "--store", url, cwd=tmp_path)
    assert done.code == 0, done.err
    _, err = runner.communicate(timeout=60)
    assert runner.returncode == 10, err
    assert read_generations(str(log)) == [("start", "m"), ("end", "m")]  # the node finished
    with open_store(url) as store:
        assert [h.node for h in store.history("m")] == ["inspect", "@cancelled"]


@pytest.mark.postgres
def test_workers_never_start_a_cancelled_queued_run_and_stop_a_running_one(
    pg_url: str, tmp_path: Path
) -> None:
    submit_finishing(pg_url, "queued")
    submit_finishing(pg_url, "running", priority=1)
    early = stepgraph("cancel", "queued", "--by", "ops", "--reason", "not needed", "--store",
                      pg_url, cwd=tmp_path)  # fmt: skip
    assert early.code == 0, early.err
    fleet = [start_worker(pg_url, tmp_path, delay=2.0) for _ in range(2)]
    log = str(tmp_path / "calls.log")
    try:
        wait_until(lambda: [e[:2] for e in read_log(log)] == [("start", "running")])
        late = stepgraph("cancel", "running", "--by", "ops", "--store", pg_url, cwd=tmp_path)
        assert late.code == 0, late.err
        wait_until(lambda: [e[0] for e in read_log(log)] == ["start", "end"])
    finally:
        stop_workers(fleet)
    assert queue_states(pg_url) == {"queued": "cancelled", "running": "cancelled"}
    with open_store(pg_url) as store:
        assert [h.node for h in store.history("queued")] == ["@cancelled"]
        assert [h.node for h in store.history("running")] == ["@cancelled"]  # work never saved
    listed = stepgraph("runs", "--status", "cancelled", "--json", "--store", pg_url, cwd=tmp_path)
    assert sorted(row["run_id"] for row in listed.json()["runs"]) == ["queued", "running"]
    assert json.dumps(listed.json()).count("cancelled by ops") == 2
