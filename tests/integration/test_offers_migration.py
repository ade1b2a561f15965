"""Runs saved by every earlier offers revision (stores made by that revision's own code,
tests/fixtures/migration/make_fixtures.py) migrate to the current one and finish."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from stepgraph import Policy, decide, open_store, resume, supply
from stepgraph.migrations import migrate, stranded
from stepgraph.offers import FixtureAdapter, graph
from stepgraph.offers.review import supplied_offer
from stepgraph.stores import Store

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "migration"
POLICY = Policy.from_mapping({"approve": ["ada"], "supply": ["cy"]})
REVISIONS = [1, 2, 3, 4]


@pytest.fixture(params=[(revision, kind) for revision in REVISIONS for kind in ("db", "files")],
                ids=lambda param: f"rev{param[0]}-{param[1]}")  # fmt: skip
def old_store(request: pytest.FixtureRequest, tmp_path: Path) -> Store:
    revision, kind = request.param
    if kind == "db":
        shutil.copy(FIXTURES / f"rev{revision}.db", tmp_path / "s.db")
        return open_store(f"sqlite:{tmp_path}/s.db")
    shutil.copytree(FIXTURES / f"rev{revision}-files", tmp_path / "runs")
    return open_store(f"file:{tmp_path}/runs")


def test_the_fixtures_were_saved_by_an_older_revision(old_store: Store) -> None:
    for run_id in ("ready", "paused", "missing", "blocked"):
        loaded = old_store.load(run_id)
        assert loaded is not None
        assert loaded.parts.revision < graph.revision


def approve(store: Store, run_id: str) -> str:
    loaded = store.load(run_id)
    assert loaded is not None
    assert loaded.wait is not None
    decide(store, run_id, verdict="approve", actor="ada", digest_seen=str(loaded.wait["digest"]),
           policy=POLICY)  # fmt: skip
    return resume(graph, run_id=run_id, adapter=FixtureAdapter(), store=store).status


def test_a_report_that_passed_waits_for_review_and_finishes_approved(old_store: Store) -> None:
    result = resume(graph, run_id="ready", adapter=FixtureAdapter(), store=old_store)
    assert result.status == "ready_for_review"
    assert result.checkpoint.wait is not None
    assert result.checkpoint.wait["kind"] == "decision"
    assert approve(old_store, "ready") == "approved"
    nodes = [entry.node for entry in old_store.history("ready")]
    assert nodes.count("@migrated") == 1
    assert nodes[-1] == "verify"


def test_a_paused_run_drafts_then_waits_for_review_and_finishes(old_store: Store) -> None:
    result = resume(graph, run_id="paused", adapter=FixtureAdapter(), store=old_store)
    assert result.status == "ready_for_review"
    assert approve(old_store, "paused") == "approved"


def test_a_missing_price_waits_for_data_and_finishes_once_supplied(old_store: Store) -> None:
    result = resume(graph, run_id="missing", adapter=FixtureAdapter(), store=old_store)
    assert result.status == "waiting_for_data"
    offers = supplied_offer(result.checkpoint.inputs["offers"], "B", 90, "offer-B-v2")
    supply(old_store, "missing", changes={"offers": offers}, actor="cy", policy=POLICY)
    again = resume(graph, run_id="missing", adapter=FixtureAdapter(), store=old_store)
    assert again.status == "ready_for_review"
    assert approve(old_store, "missing") == "approved"


def test_a_blocked_run_migrates_and_stays_finished_and_blocked(old_store: Store) -> None:
    _, saved = migrate(old_store, graph, "blocked")
    assert saved is not None
    assert saved.parts.revision == graph.revision
    loaded = old_store.load("blocked")
    assert loaded is not None
    assert (loaded.next, loaded.status) == ("END", "blocked")


def test_stranded_lists_the_old_runs_that_have_to_move(old_store: Store) -> None:
    rows = {row.run_id: row for row in stranded(old_store, graph)}
    assert sorted(rows) == ["missing", "paused", "ready"]
    assert all(row.migratable for row in rows.values())


@pytest.fixture
def rev4_store(tmp_path: Path) -> Store:
    shutil.copy(FIXTURES / "rev4.db", tmp_path / "s.db")
    return open_store(f"sqlite:{tmp_path}/s.db")


def test_a_revision_4_report_waiting_for_review_is_verified_again_first(
    rev4_store: Store,
) -> None:
    before = rev4_store.load("ready")
    assert before is not None
    assert before.wait is not None
    assert before.wait["kind"] == "decision"
    result = resume(graph, run_id="ready", adapter=FixtureAdapter(), store=rev4_store)
    nodes = [entry.node for entry in rev4_store.history("ready")]
    assert nodes[before.version :] == ["@migrated", "verify"]
    assert result.checkpoint.wait is not None
    assert result.checkpoint.wait["kind"] == "decision"


def test_a_revision_4_run_waiting_for_data_keeps_waiting_unchanged(rev4_store: Store) -> None:
    before = rev4_store.load("missing")
    assert before is not None
    assert before.wait is not None
    result = resume(graph, run_id="missing", adapter=FixtureAdapter(), store=rev4_store)
    nodes = [entry.node for entry in rev4_store.history("missing")]
    assert nodes[before.version :] == ["@migrated"]
    assert result.status == "waiting_for_data"
    assert result.checkpoint.wait == before.wait
