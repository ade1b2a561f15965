"""Runs saved by offers-by-id revision 1 (before its fetch_offer tool was pinned in the
graph's shape; stores made by that code, tests/fixtures/migration/make_fixtures.py)
migrate to the current revision and finish, instead of being stranded by the new shape."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from stepgraph import Policy, decide, open_store, resume
from stepgraph.cli_people import supply_prices
from stepgraph.migrations import stranded
from stepgraph.offers import FixtureAdapter
from stepgraph.offers.by_id import graph
from stepgraph.stores import Store

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "migration"
POLICY = Policy.from_mapping({"approve": ["ada"], "supply": ["cy"]})


@pytest.fixture(params=["db", "files"])
def old_store(request: pytest.FixtureRequest, tmp_path: Path) -> Store:
    if request.param == "db":
        shutil.copy(FIXTURES / "by-id-1.db", tmp_path / "s.db")
        return open_store(f"sqlite:{tmp_path}/s.db")
    shutil.copytree(FIXTURES / "by-id-1-files", tmp_path / "runs")
    return open_store(f"file:{tmp_path}/runs")


def approve(store: Store, run_id: str) -> str:
    loaded = store.load(run_id)
    assert loaded is not None
    assert loaded.wait is not None
    decide(store, run_id, verdict="approve", actor="ada", digest_seen=str(loaded.wait["digest"]),
           policy=POLICY)  # fmt: skip
    return resume(graph, run_id=run_id, adapter=FixtureAdapter(), store=store).status


def test_the_fixtures_were_saved_with_the_shape_before_tools_were_pinned(old_store: Store) -> None:
    for run_id in ("ready", "paused", "missing"):
        loaded = old_store.load(run_id)
        assert loaded is not None
        assert loaded.parts.shape != graph.shape
        assert "fetch_offer" not in loaded.parts.shape


def test_every_old_by_id_run_is_listed_as_one_a_migration_moves(old_store: Store) -> None:
    rows = {row.run_id: row for row in stranded(old_store, graph)}
    assert sorted(rows) == ["missing", "paused", "ready"]
    assert all(row.migratable for row in rows.values())


def test_an_old_paused_by_id_run_resumes_to_review_and_is_approved(old_store: Store) -> None:
    result = resume(graph, run_id="paused", adapter=FixtureAdapter(), store=old_store)
    assert result.status == "ready_for_review"
    assert approve(old_store, "paused") == "approved"
    nodes = [entry.node for entry in old_store.history("paused")]
    assert nodes[:3] == ["fetch", "@migrated", "inspect"]


def test_an_old_by_id_report_waiting_for_review_is_approved_after_migration(
    old_store: Store,
) -> None:
    assert approve(old_store, "ready") == "approved"


def test_an_old_by_id_run_missing_a_price_takes_the_supplied_one_and_finishes(
    old_store: Store,
) -> None:
    waiting = resume(graph, run_id="missing", adapter=FixtureAdapter(), store=old_store)
    assert waiting.status == "waiting_for_data"
    supply_prices(old_store, "missing", [{"id": "B", "monthly": 95, "source": "offer-B-v2"}],
                  actor="cy", policy=POLICY, note=None)  # fmt: skip
    done = resume(graph, run_id="missing", adapter=FixtureAdapter(), store=old_store)
    assert done.status == "ready_for_review"
    assert done.state["report"]["rows"][1]["monthly"] == 95
