"""One status vocabulary (docs: STATUS_VOCAB): failed, dead and cancelled are run statuses
that ``status``, ``show``, ``runs --status`` and ``--json`` report, each with its exit code."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from stepgraph import FunctionAdapter, Request, Store, open_store
from stepgraph.checkpoint import EVENT
from stepgraph.errors import AuthenticationFailed, NodeError, RunFailed
from stepgraph.offers import graph, make_inputs
from stepgraph.runner import resume, run, save_event
from tests.conftest import drop_schema, store_url
from tests.integration.cli_helpers import EXAMPLE, stepgraph
from tests.support import KEY_OK_ENV, seed_offers

UNAUTHORIZED = ("--adapter", "tests.support:Unauthorized")


def _refused(request: Request) -> object:
    raise AuthenticationFailed("the API key was refused", status=401)


# --- failed: a provider failure that is never retried -------------------------------------


REFUSED = FunctionAdapter("refused-v1", _refused)


def failed_run(store: Store) -> None:
    """Run "f" into ``store`` with a provider that refuses the key (it raises NodeError)."""
    with pytest.raises(NodeError):
        run(graph, inputs=make_inputs(seed_offers()), adapter=REFUSED, store=store, run_id="f")


def test_a_never_retried_provider_failure_is_saved_as_a_failed_event_step() -> None:
    with open_store("memory:") as store:
        failed_run(store)
        saved = store.load("f")
    assert saved is not None
    assert (saved.status, saved.node, saved.next) == ("failed", "@failed", "draft")
    assert saved.wait is not None
    assert saved.wait["kind"] == "failed"
    assert saved.wait["error"] == "AuthenticationFailed"
    assert "the API key was refused" in saved.wait["reason"]


def test_a_failed_run_refuses_to_resume_without_now() -> None:
    with open_store("memory:") as store:
        failed_run(store)
        with pytest.raises(RunFailed) as raised:
            resume(graph, run_id="f", adapter=REFUSED, store=store)
        assert store.load("f").version == 2  # type: ignore[union-attr]
    assert raised.value.error == "AuthenticationFailed"


def test_a_retryable_failure_is_not_saved_as_failed() -> None:
    def broken(request: Request) -> object:
        raise ConnectionError("unreachable")

    with open_store("memory:") as store:
        with pytest.raises(NodeError):
            run(graph, inputs=make_inputs(seed_offers()), adapter=FunctionAdapter("b", broken),
                store=store, run_id="b")  # fmt: skip
        saved = store.load("b")
    assert saved is not None
    assert (saved.status, saved.node) == ("running", "inspect")


def test_the_cli_run_of_a_refused_key_exits_9_and_status_says_failed(tmp_path: Path) -> None:
    done = stepgraph("run", "offers", EXAMPLE, "--run-id", "f", *UNAUTHORIZED, cwd=tmp_path)
    assert done.code == 9, done.err
    assert "AuthenticationFailed" in done.err
    status = stepgraph("status", "f", cwd=tmp_path)
    assert status.code == 9
    assert status.out.startswith("f  failed")
    assert "AuthenticationFailed" in status.out
    assert "resume f --now" in status.out
    data = stepgraph("status", "f", "--json", cwd=tmp_path).json()
    assert (data["status"], data["wait"]["error"]) == ("failed", "AuthenticationFailed")
    assert "the API key was refused" in data["reason"]


def test_runs_status_failed_lists_the_failed_run_only(tmp_path: Path) -> None:
    stepgraph("run", "offers", EXAMPLE, "--run-id", "f", *UNAUTHORIZED, cwd=tmp_path)
    stepgraph("run", "offers", EXAMPLE, "--run-id", "ok", cwd=tmp_path)
    rows = stepgraph("runs", "--status", "failed", "--json", cwd=tmp_path).json()["runs"]
    assert [(row["run_id"], row["status"]) for row in rows] == [("f", "failed")]


def test_the_cli_resume_of_a_failed_run_is_refused_until_now(tmp_path: Path) -> None:
    stepgraph("run", "offers", EXAMPLE, "--run-id", "f", *UNAUTHORIZED, cwd=tmp_path)
    refused = stepgraph("resume", "f", *UNAUTHORIZED, cwd=tmp_path, env={KEY_OK_ENV: "1"})
    assert refused.code == 9
    assert "--now" in refused.err
    fixed = stepgraph("resume", "f", "--now", "--json", *UNAUTHORIZED, cwd=tmp_path,
                      env={KEY_OK_ENV: "1"})  # fmt: skip
    assert fixed.code == 0, fixed.err
    assert fixed.json()["status"] == "ready_for_review"


def test_show_of_a_failed_run_exits_9_and_names_the_failure(tmp_path: Path) -> None:
    stepgraph("run", "offers", EXAMPLE, "--run-id", "f", *UNAUTHORIZED, cwd=tmp_path)
    done = stepgraph("show", "f", cwd=tmp_path)
    assert done.code == 9
    assert "@failed" in done.out
    assert "AuthenticationFailed" in done.out


# --- cancelled -----------------------------------------------------------------------------


def cancelled_run(folder: Path) -> str:
    """A run stopped by an ``@cancelled`` event step, as ``stepgraph cancel`` records it."""
    url = f"sqlite:{folder / 'runs.db'}"
    assert stepgraph("run", "offers", EXAMPLE, "--run-id", "c", "--max-steps", "1",
                     "--store", url, cwd=folder).code == 0  # fmt: skip
    with open_store(url) as store:
        current = store.load("c")
        assert current is not None
        event = {"action": "cancel", "by": "ops", "reason": "duplicate order", "at": "now"}
        save_event(store, current, "@cancelled", "cancelled", {EVENT: event})
    return url


def test_status_of_a_cancelled_run_exits_10_and_says_who_and_why(tmp_path: Path) -> None:
    url = cancelled_run(tmp_path)
    done = stepgraph("status", "c", "--store", url, cwd=tmp_path)
    assert done.code == 10
    assert done.out.startswith("c  cancelled")
    assert "by ops: duplicate order" in done.out
    data = stepgraph("status", "c", "--store", url, "--json", cwd=tmp_path).json()
    assert (data["status"], data["reason"]) == ("cancelled", "duplicate order")


def test_runs_and_show_render_a_cancelled_run(tmp_path: Path) -> None:
    url = cancelled_run(tmp_path)
    rows = stepgraph("runs", "--status", "cancelled", "--store", url, "--json",
                     cwd=tmp_path).json()["runs"]  # fmt: skip
    assert [row["run_id"] for row in rows] == ["c"]
    shown = stepgraph("show", "c", "--store", url, cwd=tmp_path)
    assert shown.code == 10
    assert "cancel by ops" in shown.out


# --- dead: dead-lettered by the queue --------------------------------------------------------


@pytest.fixture
def pg_url(tmp_path: Path) -> Iterator[str]:
    """A PostgreSQL store in a fresh schema, set up; the schema is dropped afterwards."""
    address = store_url("postgres", tmp_path)
    try:
        with open_store(address) as store:
            store.setup()
        yield address
    finally:
        drop_schema(address)


def _unreachable(request: Request) -> object:
    raise ConnectionError("the provider's host is gone")


def dead_letter(url: str, run_id: str) -> None:
    """Submit ``run_id`` and let one worker dead-letter it (a node failure)."""
    from stepgraph.stores.postgres import PostgresStore
    from stepgraph.worker import Worker, submit

    adapter = FunctionAdapter("gone-v1", _unreachable)
    with open_store(url) as store:
        assert isinstance(store, PostgresStore)
        submit(store, graph=graph, graph_ref="offers", adapter=adapter, adapter_ref="gone",
               inputs=make_inputs(seed_offers()), run_id=run_id)  # fmt: skip
        worker = Worker(store, resolve_graph=lambda ref: graph, resolve_adapter=lambda r: adapter)
        claimed = worker.claim_one()
        assert claimed is not None
        worker.advance(*claimed)


@pytest.mark.postgres
def test_status_and_show_of_a_dead_lettered_run_exit_9_with_the_reason(
    pg_url: str, tmp_path: Path
) -> None:
    dead_letter(pg_url, "d")
    status = stepgraph("status", "d", "--store", pg_url, cwd=tmp_path)
    assert status.code == 9
    assert status.out.startswith("d  dead")
    assert "the provider's host is gone" in status.out
    data = stepgraph("status", "d", "--store", pg_url, "--json", cwd=tmp_path).json()
    assert data["status"] == "dead"
    assert "the provider's host is gone" in data["reason"]
    assert stepgraph("show", "d", "--store", pg_url, cwd=tmp_path).code == 9


@pytest.mark.postgres
def test_runs_status_dead_lists_only_dead_runs(pg_url: str, tmp_path: Path) -> None:
    dead_letter(pg_url, "d")
    assert stepgraph("run", "offers", EXAMPLE, "--run-id", "ok", "--store", pg_url,
                     cwd=tmp_path).code == 0  # fmt: skip
    rows = stepgraph("runs", "--status", "dead", "--store", pg_url, "--json",
                     cwd=tmp_path).json()["runs"]  # fmt: skip
    assert [(row["run_id"], row["status"]) for row in rows] == [("d", "dead")]
    everything = stepgraph("runs", "--store", pg_url, "--json", cwd=tmp_path).json()["runs"]
    assert {row["run_id"]: row["status"] for row in everything} == {
        "d": "dead", "ok": "ready_for_review"
    }  # fmt: skip


@pytest.mark.postgres
def test_a_run_dead_lettered_before_its_first_step_is_dead_for_status_and_runs(
    pg_url: str, tmp_path: Path
) -> None:
    import psycopg

    from stepgraph.stores.postgres import PostgresStore
    from stepgraph.takeovers import mark
    from stepgraph.worker import Worker, submit

    adapter = FunctionAdapter("gone-v1", _unreachable)
    with open_store(pg_url) as store:
        assert isinstance(store, PostgresStore)
        submit(store, graph=graph, graph_ref="offers", adapter=adapter, adapter_ref="gone",
               inputs=make_inputs(seed_offers()), run_id="early")  # fmt: skip
        first = Worker(store, resolve_graph=lambda ref: graph, resolve_adapter=lambda r: adapter)
        assert first.claim_one() is not None  # claimed, then "crashed": its lease runs out
        mark(store, "early", first.name)  # inside its first node (only then is it to blame)
    with psycopg.connect(pg_url.split("?", maxsplit=1)[0], autocommit=True) as conn:
        conn.execute(f'SET search_path TO "{pg_url.rsplit("schema=", 1)[1]}"')
        conn.execute("UPDATE run_queue SET lease_until = now() - interval '1 second'")
    with open_store(pg_url) as store:
        assert isinstance(store, PostgresStore)
        judge = Worker(store, resolve_graph=lambda ref: graph, resolve_adapter=lambda r: adapter,
                       max_takeovers=0)  # fmt: skip
        assert judge.claim_one() is None  # dead-lettered instead of taken over
    status = stepgraph("status", "early", "--store", pg_url, cwd=tmp_path)
    assert status.code == 9
    assert status.out.startswith("early  dead  (no step was saved)")
    rows = stepgraph("runs", "--status", "dead", "--store", pg_url, "--json",
                     cwd=tmp_path).json()["runs"]  # fmt: skip
    assert [(row["run_id"], row["graph"], row["version"]) for row in rows] == [
        ("early", "offers", 0)
    ]  # fmt: skip


@pytest.mark.postgres
def test_a_worker_parks_a_failed_run_for_a_person_instead_of_dead_lettering_it(
    pg_url: str,
) -> None:
    from stepgraph.queue_admin import queued
    from stepgraph.stores.postgres import PostgresStore
    from stepgraph.worker import Worker, submit

    with open_store(pg_url) as store:
        assert isinstance(store, PostgresStore)
        submit(store, graph=graph, graph_ref="offers", adapter=REFUSED, adapter_ref="refused",
               inputs=make_inputs(seed_offers()), run_id="f")  # fmt: skip
        worker = Worker(store, resolve_graph=lambda ref: graph, resolve_adapter=lambda r: REFUSED)
        claimed = worker.claim_one()
        assert claimed is not None
        worker.advance(*claimed)
        row = queued(store, "f")
        assert row is not None
        assert row.state == "waiting"
        assert row.reason is not None
        assert row.reason.startswith("failed: ")
        assert "the API key was refused" in row.reason
