"""``stepgraph runs``: pages, filters, the queue's fields, ``--status dead`` and ``--stats``."""

from __future__ import annotations

from pathlib import Path

import pytest

from stepgraph import FunctionAdapter, InputError, Request, Store, open_store, run
from stepgraph.listing import Query, page, parse_age
from stepgraph.stores.postgres import PostgresStore
from stepgraph.worker import Worker
from tests.integration.cli_helpers import stepgraph
from tests.integration.queue_helpers import pg_url, start_worker, submit_finishing
from tests.queue_support import FINISH, Timed

__all__ = ["pg_url"]


def five_runs(store: Store) -> list[str]:
    ids = [f"r{index}" for index in range(5)]
    for run_id in ids:
        run(FINISH, inputs={"n": run_id}, adapter=Timed(), store=store, run_id=run_id,
            max_steps=1 if run_id == "r2" else None)  # fmt: skip
    return ids


def test_pages_list_every_run_once_newest_first(store: Store) -> None:
    ids = five_runs(store)
    seen: list[str] = []
    after: str | None = None
    while True:
        found = page(store, Query(limit=2, after=after))
        seen.extend(row.run_id for row in found.rows)
        assert len(found.rows) <= 2
        if found.next_cursor is None:
            break
        after = found.next_cursor
    assert seen == list(reversed(ids))


def test_filters_by_status_graph_and_age(store: Store) -> None:
    five_runs(store)
    assert [r.run_id for r in page(store, Query(status="running")).rows] == ["r2"]
    assert page(store, Query(graph="offers")).rows == []
    assert len(page(store, Query(graph="finish")).rows) == 5
    assert page(store, Query(older_than=3600)).rows == []
    assert len(page(store, Query(newer_than=3600)).rows) == 5


def test_a_bad_cursor_or_age_is_refused_naming_the_option(store: Store) -> None:
    with pytest.raises(InputError, match="--after"):
        page(store, Query(after="nonsense"))
    with pytest.raises(InputError, match="--older-than"):
        parse_age("30 days", "--older-than")


def test_queue_state_needs_a_queue(tmp_path: Path) -> None:
    url = f"sqlite:{tmp_path / 'r.db'}"
    with open_store(url) as store:
        store.setup()
    done = stepgraph("runs", "--queue-state", "dead", "--store", url, cwd=tmp_path)
    assert done.code == 2
    assert "--queue-state" in done.err


def test_cli_runs_prints_a_cursor_for_the_next_page(tmp_path: Path) -> None:
    url = f"sqlite:{tmp_path / 'runs.db'}"
    with open_store(url) as store:
        store.setup()
        five_runs(store)
    first = stepgraph("runs", "--limit", "3", "--store", url, cwd=tmp_path)
    assert first.code == 0, first.err
    assert first.out.count("\nr") == 3
    cursor = first.out.strip().splitlines()[-1].split("--after ")[1]
    second = stepgraph("runs", "--limit", "3", "--after", cursor, "--json", "--store", url,
                       cwd=tmp_path).json()  # fmt: skip
    assert [row["run_id"] for row in second["runs"]] == ["r1", "r0"]
    assert second["next_cursor"] is None


def _crash(request: Request) -> object:
    raise RuntimeError("the adapter has a bug")


@pytest.mark.postgres
def test_runs_status_dead_lists_only_dead_runs(pg_url: str, tmp_path: Path) -> None:
    empty = stepgraph("runs", "--status", "dead", "--store", pg_url, cwd=tmp_path)
    submit_finishing(pg_url, "ok")
    before = stepgraph("runs", "--status", "dead", "--store", pg_url, cwd=tmp_path)
    assert (empty.out.strip(), before.out.strip()) == ("no runs", "no runs")
    submit_finishing(pg_url, "doomed")
    with open_store(pg_url) as store:
        assert isinstance(store, PostgresStore)
        broken = FunctionAdapter("timed-v1", _crash)
        fleet = Worker(store, resolve_graph=lambda ref: FINISH, resolve_adapter=lambda ref: broken)
        fleet.advance(*(fleet.claim_one() or ()))  # "ok" is claimed first and dies
    listed = stepgraph("runs", "--status", "dead", "--json", "--store", pg_url, cwd=tmp_path)
    (row,) = listed.json()["runs"]
    assert (row["run_id"], row["status"], row["queue_state"]) == ("ok", "dead", "dead")
    assert "the adapter has a bug" in row["queue_reason"]
    text = stepgraph("runs", "--status", "dead", "--store", pg_url, cwd=tmp_path).out
    assert "doomed" not in text


@pytest.mark.postgres
def test_runs_stats_count_the_queue_by_state_with_its_oldest_runnable_run(
    pg_url: str, tmp_path: Path
) -> None:
    for index in range(3):
        submit_finishing(pg_url, f"w{index}")
    fleet = [start_worker(pg_url, tmp_path, "--until-idle") for _ in range(2)]
    for proc in fleet:
        proc.communicate(timeout=60)
    submit_finishing(pg_url, "later")
    stats = stepgraph("runs", "--stats", "--json", "--store", pg_url, cwd=tmp_path).json()
    queue = stats["queue"]
    assert queue["depth"] == {"runnable": 1, "leased": 0, "waiting": 0, "stranded": 0,
                              "done": 3, "dead": 0, "cancelled": 0}  # fmt: skip
    assert queue["oldest_runnable_age_s"] >= 0
    assert (queue["takeovers"], queue["dead_letters"]) == (0, 0)
    assert stats["by_status"] == {"done": 3}
    text = stepgraph("runs", "--stats", "--store", pg_url, cwd=tmp_path).out
    assert "dead letters" in text
