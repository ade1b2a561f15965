"""Workers against the real PostgreSQL server: a fleet, crashes, zombies and shutdowns.

Each test has its own schema. Workers are real ``stepgraph worker`` processes; the test
adapter journals every generation to a file so repeated model calls are visible.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from stepgraph import FunctionAdapter, Request, open_store
from stepgraph.errors import RateLimited
from stepgraph.offers import graph, make_inputs
from stepgraph.stores.postgres import PostgresStore
from stepgraph.worker import Worker, queue_entries
from stepgraph.worker import submit as submit_run
from tests.conftest import drop_schema, store_url
from tests.integration.cli_helpers import EXAMPLE, ROOT, stepgraph
from tests.support import DELAY_ENV, GENERATIONS_ENV, Slow, read_generations, seed_offers

pytestmark = pytest.mark.postgres


@pytest.fixture
def url(tmp_path: Path) -> Iterator[str]:
    address = store_url("postgres", tmp_path)
    assert stepgraph("db", "setup", "--store", address, cwd=tmp_path).code == 0
    yield address
    drop_schema(address)


def env_for(folder: Path, delay: float = 0.0) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), GENERATIONS_ENV: str(folder / "gen.log"),
            DELAY_ENV: str(delay)}  # fmt: skip


def worker(url: str, folder: Path, *args: str, delay: float = 0.0) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "stepgraph", "worker", "--store", url, "--poll", "0.2", *args],
        cwd=folder, env=env_for(folder, delay), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip


def submit(url: str, folder: Path, run_id: str, offers: list[dict[str, object]]) -> None:
    path = folder / f"{run_id}.json"
    path.write_text(json.dumps(offers), encoding="utf-8")
    done = stepgraph("submit", "offers", str(path), "--run-id", run_id, "--adapter",
                     "tests.support:Slow", "--store", url, cwd=folder)  # fmt: skip
    assert done.code == 0, done.err


def wait_for(condition: object, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return
        time.sleep(0.05)
    raise AssertionError("timed out waiting")


def generations(folder: Path, run_id: str) -> list[str]:
    return [event for event, rid in read_generations(str(folder / "gen.log")) if rid == run_id]


def state_of(url: str, run_id: str) -> str:
    with open_store(url) as store:
        assert isinstance(store, PostgresStore)
        return next(e.state for e in queue_entries(store) if e.run_id == run_id)


def assert_ran_once(url: str, run_id: str) -> None:
    with open_store(url) as store:
        history = store.history(run_id)
        final = store.load(run_id)
    assert [(h.version, h.node) for h in history] == [(1, "inspect"), (2, "draft"), (3, "verify")]
    assert final is not None
    assert final.status == "ready_for_review"


def test_submitting_the_same_run_twice_is_idempotent(url: str, tmp_path: Path) -> None:
    first = stepgraph("submit", "offers", EXAMPLE, "--run-id", "s1", "--store", url, "--json",
                      cwd=tmp_path)  # fmt: skip
    again = stepgraph("submit", "offers", EXAMPLE, "--run-id", "s1", "--store", url, "--json",
                      cwd=tmp_path)  # fmt: skip
    assert (first.json()["submitted"], again.json()["submitted"]) == (True, False)
    other = tmp_path / "other.json"
    other.write_text(json.dumps(seed_offers()[:2]), encoding="utf-8")
    clash = stepgraph("submit", "offers", str(other), "--run-id", "s1", "--store", url,
                      cwd=tmp_path)  # fmt: skip
    assert clash.code == 2
    assert "was submitted with other inputs" in clash.err


def test_four_workers_bring_200_runs_to_review_running_every_node_once(
    url: str, tmp_path: Path
) -> None:
    with open_store(url) as store:
        assert isinstance(store, PostgresStore)
        for index in range(200):
            offers = seed_offers()
            offers[0]["monthly"] = 100 + index
            submit_run(store, graph=graph, graph_ref="offers", adapter=Slow(),
                       adapter_ref="tests.support:Slow", inputs=make_inputs(offers),
                       run_id=f"r{index:03d}")  # fmt: skip
    fleet = [worker(url, tmp_path, "--until-idle") for _ in range(4)]
    for proc in fleet:
        _, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, err
    with open_store(url) as store:
        assert isinstance(store, PostgresStore)
        entries = queue_entries(store)
        assert {e.state for e in entries} == {"waiting"}  # each waits for its reviewer
        assert len(entries) == 200
        for entry in entries:
            history = store.history(entry.run_id)
            assert [h.node for h in history] == ["inspect", "draft", "verify"]
    events = read_generations(str(tmp_path / "gen.log"))
    assert sorted(rid for event, rid in events if event == "end") == [
        f"r{i:03d}" for i in range(200)
    ]


def test_a_killed_workers_run_is_finished_by_another_after_its_lease(
    url: str, tmp_path: Path
) -> None:
    submit(url, tmp_path, "k", seed_offers())
    doomed = worker(url, tmp_path, "--lease", "1", delay=5.0)
    wait_for(lambda: generations(tmp_path, "k") == ["start"])
    doomed.send_signal(signal.SIGKILL)
    doomed.communicate(timeout=10)
    rescuer = worker(url, tmp_path, "--lease", "1")
    try:
        wait_for(lambda: state_of(url, "k") == "waiting", timeout=30)
    finally:
        rescuer.send_signal(signal.SIGTERM)
        rescuer.communicate(timeout=30)
    assert_ran_once(url, "k")
    assert generations(tmp_path, "k") == ["start", "start", "end"]  # the killed call, redone
    with open_store(url) as store:
        assert isinstance(store, PostgresStore)
        assert queue_entries(store)[0].takeovers == 1


def test_a_zombie_workers_late_save_is_refused(url: str, tmp_path: Path) -> None:
    submit(url, tmp_path, "z", seed_offers())
    zombie = worker(url, tmp_path, "--lease", "1", delay=1.0)
    wait_for(lambda: generations(tmp_path, "z") == ["start"])
    zombie.send_signal(signal.SIGSTOP)
    try:
        time.sleep(1.5)  # the lease expires while the zombie is frozen
        rescuer = worker(url, tmp_path, "--lease", "5", "--until-idle")
        rescuer.communicate(timeout=60)
        assert state_of(url, "z") == "waiting"
    finally:
        zombie.send_signal(signal.SIGCONT)
    time.sleep(2.0)  # the zombie wakes, finishes its model call and tries to save
    zombie.send_signal(signal.SIGTERM)
    _, err = zombie.communicate(timeout=30)
    assert "no longer holds the lease" in err
    assert_ran_once(url, "z")


def test_sigterm_finishes_the_current_node_and_releases_the_run(url: str, tmp_path: Path) -> None:
    submit(url, tmp_path, "t", seed_offers())
    stopping = worker(url, tmp_path, "--lease", "30", delay=1.0)
    wait_for(lambda: generations(tmp_path, "t") == ["start"])
    stopping.send_signal(signal.SIGTERM)
    _, err = stopping.communicate(timeout=30)
    assert stopping.returncode == 0, err
    with open_store(url) as store:
        saved = store.load("t")
    assert saved is not None
    assert (saved.version, saved.next) == (2, "verify")  # draft finished, verify not started
    assert state_of(url, "t") == "runnable"
    finisher = worker(url, tmp_path, "--until-idle")
    finisher.communicate(timeout=30)
    assert_ran_once(url, "t")
    assert generations(tmp_path, "t") == ["start", "end"]


def test_a_run_taken_over_too_often_is_dead_lettered_and_resume_revives_it(
    url: str, tmp_path: Path
) -> None:
    submit(url, tmp_path, "d", seed_offers())
    doomed = worker(url, tmp_path, "--lease", "1", delay=5.0)
    wait_for(lambda: generations(tmp_path, "d") == ["start"])
    doomed.send_signal(signal.SIGKILL)
    doomed.communicate(timeout=10)
    time.sleep(1.2)
    judge = worker(url, tmp_path, "--max-takeovers", "0", "--until-idle")
    judge.communicate(timeout=30)
    assert state_of(url, "d") == "dead"
    listing = stepgraph("runs", "--store", url, cwd=tmp_path).out
    assert "taken over 0 times" in listing
    revived = stepgraph("resume", "d", "--store", url, cwd=tmp_path)
    assert (revived.code, "requeued" in revived.out) == (0, True)
    worker(url, tmp_path, "--until-idle").communicate(timeout=30)
    assert_ran_once(url, "d")


def _rate_limited(request: Request) -> object:
    raise RateLimited("HTTP 429", status=429, retry_after=600)


def test_a_run_stopped_by_retry_later_waits_in_the_queue_until_its_time(url: str) -> None:
    limited = FunctionAdapter("limited-v1", _rate_limited)
    with open_store(url) as store:
        assert isinstance(store, PostgresStore)
        inputs = make_inputs(seed_offers())
        submit_run(store, graph=graph, graph_ref="offers", adapter=limited,
                   adapter_ref="limited", inputs=inputs, run_id="rl")  # fmt: skip
        fleet = Worker(store, resolve_graph=lambda ref: graph, resolve_adapter=lambda ref: limited)
        claimed = fleet.claim_one()
        assert claimed is not None
        fleet.advance(*claimed)
        (entry,) = [e for e in queue_entries(store) if e.run_id == "rl"]
        saved = store.load("rl")
        assert fleet.claim_one() is None  # not before the provider's time
    assert entry.state == "runnable"
    assert entry.not_before is not None
    assert entry.not_before > time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() + 500))
    assert entry.reason is not None
    assert "above the cap" in entry.reason
    assert saved is not None
    assert saved.status == "retry_later"


def test_an_approval_of_a_queued_run_hands_it_back_to_the_workers(url: str, tmp_path: Path) -> None:
    (tmp_path / "policy.json").write_text(json.dumps({"approve": ["ada"]}), encoding="utf-8")
    submit(url, tmp_path, "q", seed_offers())
    worker(url, tmp_path, "--until-idle").communicate(timeout=60)
    assert state_of(url, "q") == "waiting"
    digest = stepgraph("status", "q", "--store", url, "--json", cwd=tmp_path).json()["wait"]
    approved = stepgraph("approve", "q", "--digest", digest["digest"], "--by", "ada",
                         "--policy", "policy.json", "--store", url, cwd=tmp_path)  # fmt: skip
    assert approved.code == 0, approved.err
    assert "requeued" in approved.out
    worker(url, tmp_path, "--until-idle").communicate(timeout=60)
    assert state_of(url, "q") == "done"
    with open_store(url) as store:
        final = store.load("q")
    assert final is not None
    assert (final.status, final.next) == ("approved", "END")
