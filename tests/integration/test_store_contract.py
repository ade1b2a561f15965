"""One contract, every store: the same behaviour from memory, files and SQLite."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from stepgraph import (
    Checkpoint,
    InputError,
    RunBusy,
    RunNotFound,
    Store,
    VersionConflict,
    open_store,
    run,
)
from stepgraph.offers import graph, make_inputs
from tests.conftest import store_url
from tests.support import CountingFixture, seed_offers


def finished(store: Store, run_id: str = "r1") -> Checkpoint:
    return run(graph, inputs=make_inputs(seed_offers()), adapter=CountingFixture(), store=store,
               run_id=run_id).checkpoint  # fmt: skip


def test_setup_is_idempotent(store: Store) -> None:
    store.setup()
    store.setup()
    assert store.list_runs() == []


def test_loading_an_unknown_run_gives_none(store: Store) -> None:
    assert store.load("nobody") is None


def test_a_saved_run_loads_back_equal(store: Store) -> None:
    saved = finished(store)
    assert store.load("r1") == saved


def test_history_keeps_every_step_in_version_order(store: Store) -> None:
    finished(store)
    history = store.history("r1")
    assert [(h.version, h.node, h.next) for h in history] == [
        (1, "inspect", "draft"), (2, "draft", "verify"), (3, "verify", "verify")
    ]  # fmt: skip
    assert history[0].update == {"missing": [], "status": "running"}
    assert set(history[1].update) == {"report", "drafts"}


def test_history_of_an_unknown_run_is_run_not_found(store: Store) -> None:
    with pytest.raises(RunNotFound):
        store.history("nobody")


def test_a_save_with_a_stale_version_is_a_conflict_and_changes_nothing(store: Store) -> None:
    saved = finished(store)
    stale = replace(saved, version=3, status="blocked")
    with pytest.raises(VersionConflict) as caught:
        store.save(stale, expected_version=2)
    assert (caught.value.expected, caught.value.actual) == (2, 3)
    assert store.load("r1") == saved
    assert len(store.history("r1")) == 3


def test_creating_a_run_that_exists_is_a_conflict(store: Store) -> None:
    saved = finished(store)
    with pytest.raises(VersionConflict) as caught:
        store.save(replace(saved, version=1), expected_version=None)
    assert caught.value.actual == 3


def test_updating_a_run_that_does_not_exist_is_a_conflict(store: Store) -> None:
    saved = finished(store)
    with pytest.raises(VersionConflict) as caught:
        store.save(replace(saved, run_id="ghost", version=4), expected_version=3)
    assert caught.value.actual is None
    assert store.load("ghost") is None


def test_a_version_that_skips_ahead_is_refused(store: Store) -> None:
    saved = finished(store)
    with pytest.raises(VersionConflict):
        store.save(replace(saved, version=9), expected_version=3)
    assert store.load("r1") == saved


def test_list_runs_filters_by_status_newest_first(store: Store) -> None:
    finished(store, "r1")
    offers = seed_offers()
    offers[0]["monthly"] = None
    run(graph, inputs=make_inputs(offers), adapter=CountingFixture(), store=store, run_id="r2")
    assert [r.run_id for r in store.list_runs()] == ["r2", "r1"]
    waiting = store.list_runs(status="waiting_for_data")
    assert [(r.run_id, r.status, r.graph, r.version) for r in waiting] == [
        ("r2", "waiting_for_data", "offers", 1)
    ]


def test_delete_removes_the_run_and_its_history(store: Store) -> None:
    finished(store)
    assert store.delete("r1") is True
    assert store.load("r1") is None
    assert store.delete("r1") is False
    with pytest.raises(RunNotFound):
        store.history("r1")


def test_a_bad_run_id_is_refused_before_touching_storage(store: Store) -> None:
    with pytest.raises(InputError):
        store.load("../../etc/passwd")


def test_close_is_idempotent_and_the_store_works_as_a_context_manager(store: Store) -> None:
    with store as same:
        assert same is store
        saved = finished(same)
        assert same.load("r1") == saved
    store.close()
    store.close()  # a second close is harmless
    with store as again:  # and a closed store can be used again: it reconnects
        assert again.load("r1") == saved


@pytest.mark.parametrize("kind", ["file", "sqlite"])
def test_a_durable_store_keeps_runs_across_reopening(kind: str, tmp_path: Path) -> None:
    url = store_url(kind, tmp_path)
    with open_store(url) as first:
        first.setup()
        saved = finished(first)
    with open_store(url) as second:
        second.setup()
        assert second.load("r1") == saved


def test_unknown_store_urls_are_refused() -> None:
    for url in ("postgres:x", "ftp://x", "file:", "sqlite:", "nothing", "sqlite:x.db?fast=1"):
        with pytest.raises(InputError) as caught:
            open_store(url)
        assert caught.value.field == "store"


def test_a_hold_is_exclusive_and_released_on_exit(store: Store) -> None:
    with store.hold("r1"):
        with pytest.raises(RunBusy):
            store.hold("r1").__enter__()
        with store.hold("r2"):
            pass
    with store.hold("r1"):
        pass


def test_the_generation_journal_keeps_the_latest_record_per_key(store: Store) -> None:
    store.record_generation("r1", "2:draft:0", {"status": "started", "attempt": 1})
    store.record_generation("r1", "2:draft:0", {"status": "done", "attempt": 1, "output": [1]})
    store.record_generation("r1", "3:verify:0", {"status": "started", "attempt": 1})
    journal = store.generations("r1")
    assert journal == {
        "2:draft:0": {"status": "done", "attempt": 1, "output": [1]},
        "3:verify:0": {"status": "started", "attempt": 1},
    }
    assert store.generations("other") == {}


def test_delete_removes_the_generation_journal(store: Store) -> None:
    finished(store)
    store.record_generation("r1", "k", {"status": "done"})
    store.delete("r1")
    assert store.generations("r1") == {}


def test_sqlite_drops_journaled_outputs_once_their_step_is_saved(tmp_path: Path) -> None:
    with open_store(f"sqlite:{tmp_path / 'runs.db'}") as store:
        store.setup()
        finished(store)
        record = store.generations("r1")["2:draft:0"]
    assert record["status"] == "done"
    assert "output" not in record
    assert len(record["output_sha256"]) == 64
