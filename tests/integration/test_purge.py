"""``purge`` and the worker's ``--retention``: old finished runs go, with everything kept
for them; waiting and held runs stay."""

from __future__ import annotations

from pathlib import Path

import pytest

from stepgraph import Store, cancel, open_store, run
from stepgraph.offers import graph, make_inputs
from stepgraph.purge import purge
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
from tests.queue_support import FINISH, Timed
from tests.support import CountingFixture, seed_offers

__all__ = ["pg_url"]


def mixed_runs(store: Store) -> None:
    """Two finished runs, one cancelled, one waiting for review, one paused."""
    for run_id in ("done1", "done2"):
        run(FINISH, inputs={"n": run_id}, adapter=Timed(), store=store, run_id=run_id)
    run(FINISH, inputs={"n": 0}, adapter=Timed(), store=store, run_id="gone", max_steps=1)
    cancel(store, "gone", by="ops")
    run(graph, inputs=make_inputs(seed_offers()), adapter=CountingFixture(), store=store,
        run_id="review")  # fmt: skip
    run(FINISH, inputs={"n": 1}, adapter=Timed(), store=store, run_id="paused", max_steps=1)


def remaining(store: Store) -> list[str]:
    return sorted(run.run_id for run in store.list_runs())


def test_purge_deletes_finished_and_cancelled_runs_past_the_age(store: Store) -> None:
    mixed_runs(store)
    assert purge(store, older_than=3600).run_ids == []  # nothing is an hour old
    done = purge(store, older_than=0, batch=1)
    assert sorted(done.run_ids) == ["done1", "done2", "gone"]
    assert remaining(store) == ["paused", "review"]
    assert store.generations("done1") == {}


def test_purge_by_status_takes_only_those_runs(store: Store) -> None:
    mixed_runs(store)
    done = purge(store, older_than=0, statuses=("ready_for_review",))
    assert done.run_ids == ["review"]
    assert remaining(store) == ["done1", "done2", "gone", "paused"]


def test_a_dry_run_deletes_nothing(store: Store) -> None:
    mixed_runs(store)
    done = purge(store, older_than=0, dry_run=True)
    assert sorted(done.run_ids) == ["done1", "done2", "gone"]
    assert remaining(store) == ["done1", "done2", "gone", "paused", "review"]


def test_cli_purge_needs_an_age_it_can_read(tmp_path: Path) -> None:
    done = stepgraph("purge", "--older-than", "a month", "--store",
                     f"sqlite:{tmp_path / 'r.db'}", cwd=tmp_path)  # fmt: skip
    assert done.code == 2
    assert "--older-than" in done.err


def _rows(url: str, table: str) -> int:
    with open_store(url) as store:
        assert isinstance(store, PostgresStore)
        with store.connection("count") as conn:
            row = conn.execute(f"SELECT count(*) FROM {table}").fetchone()
    assert row is not None
    return int(row[0])


@pytest.mark.postgres
def test_purge_in_batches_removes_steps_journal_and_queue_rows(pg_url: str, tmp_path: Path) -> None:
    for index in range(5):
        submit_finishing(pg_url, f"p{index}")
    submit_finishing(pg_url, "dead")
    with open_store(pg_url) as store:
        assert isinstance(store, PostgresStore)
        with store.connection("test") as conn:
            conn.execute("UPDATE run_queue SET state = 'dead', reason = 'x' WHERE run_id = 'dead'")
    worker = start_worker(pg_url, tmp_path, "--until-idle")
    worker.communicate(timeout=60)
    dry = stepgraph("purge", "--older-than", "0s", "--dry-run", "--json", "--store", pg_url,
                    cwd=tmp_path).json()  # fmt: skip
    assert (dry["count"], _rows(pg_url, "runs")) == (5, 5)
    done = stepgraph("purge", "--older-than", "0s", "--batch", "2", "--json", "--store", pg_url,
                     cwd=tmp_path)  # fmt: skip
    assert done.code == 0, done.err
    assert sorted(done.json()["run_ids"]) == [f"p{i}" for i in range(5)]
    for table in ("runs", "run_steps", "run_inputs", "run_generations"):
        assert _rows(pg_url, table) == 0
    assert queue_states(pg_url) == {"dead": "dead"}  # a dead letter waits for a person
    dead = stepgraph("purge", "--older-than", "0s", "--status", "dead", "--json", "--store",
                     pg_url, cwd=tmp_path).json()  # fmt: skip
    assert dead["run_ids"] == ["dead"]
    assert queue_states(pg_url) == {}


@pytest.mark.postgres
def test_workers_with_retention_purge_finished_runs_and_keep_waiting_ones(
    pg_url: str, tmp_path: Path
) -> None:
    for index in range(6):
        submit_finishing(pg_url, f"f{index}")
    review = tmp_path / "offers.json"
    review.write_text(__import__("json").dumps(seed_offers()), encoding="utf-8")
    queued = stepgraph("submit", "offers", str(review), "--run-id", "review", "--store", pg_url,
                       cwd=tmp_path)  # fmt: skip
    assert queued.code == 0, queued.err
    fleet = [start_worker(pg_url, tmp_path, "--retention", "0s", "--retention-every", "0.3s")
             for _ in range(2)]  # fmt: skip
    try:
        wait_until(lambda: queue_states(pg_url) == {"review": "waiting"})
    finally:
        errs = stop_workers(fleet)
    assert "retention: purged" in "".join(errs)
    with open_store(pg_url) as store:
        assert [run.run_id for run in store.list_runs()] == ["review"]
