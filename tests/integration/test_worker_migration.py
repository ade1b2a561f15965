"""Workers never dead-letter a run only because it is old: they migrate it, or park it
visibly as stranded until a migration is declared and applied (PostgreSQL)."""

from __future__ import annotations

from stepgraph import open_store
from stepgraph.graph import Graph
from stepgraph.migrations import Migration, migrate
from stepgraph.stores.postgres import PostgresStore
from stepgraph.worker import Worker, requeue, submit
from tests.integration.queue_helpers import pg_url, queue_states
from tests.support import CountingFixture
from tests.unit.test_migrations import line, started

__all__ = ["pg_url"]


def advance_once(store: PostgresStore, graph: Graph) -> None:
    worker = Worker(store, resolve_graph=lambda ref: graph,
                    resolve_adapter=lambda ref: CountingFixture())  # fmt: skip
    claimed = worker.claim_one()
    assert claimed is not None
    worker.advance(*claimed)


def queued_old_run(store: PostgresStore) -> None:
    started(store, line(1))  # saved by revision 1, paused on node b
    submit(store, graph=line(3), graph_ref="line", adapter=CountingFixture(),
           adapter_ref="fixture", inputs={"x": 1}, run_id="r")  # fmt: skip


def test_a_worker_migrates_an_old_run_and_finishes_it(pg_url: str) -> None:
    new = line(3, migrations=[Migration(from_revision=1, to_revision=3)])
    with open_store(pg_url) as store:
        assert isinstance(store, PostgresStore)
        queued_old_run(store)
        advance_once(store, new)
        assert queue_states(pg_url)["r"] == "done"
        assert [entry.node for entry in store.history("r")] == ["a", "@migrated", "b"]


def test_a_worker_parks_a_run_no_migration_moves_as_stranded_not_dead(pg_url: str) -> None:
    with open_store(pg_url) as store:
        assert isinstance(store, PostgresStore)
        queued_old_run(store)
        advance_once(store, line(3))
        assert queue_states(pg_url)["r"] == "stranded"
        loaded = store.load("r")
        assert loaded is not None
        assert (loaded.status, loaded.step) == ("stranded", "@stranded")
        assert loaded.wait is not None
        assert "no migration from revision 1 to 3" in loaded.wait["reason"]


def test_a_stranded_run_finishes_once_a_migration_is_declared_and_applied(pg_url: str) -> None:
    new = line(3, migrations=[Migration(from_revision=1, to_revision=3)])
    with open_store(pg_url) as store:
        assert isinstance(store, PostgresStore)
        queued_old_run(store)
        advance_once(store, line(3))
        migrate(store, new, "r")
        assert requeue(store, "r")
        advance_once(store, new)
        assert queue_states(pg_url)["r"] == "done"
        loaded = store.load("r")
        assert loaded is not None
        assert loaded.status == "done"
