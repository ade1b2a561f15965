"""Key rotation (rekey) and erasure (forget) of encrypted runs, in every keyed store."""

from __future__ import annotations

import base64
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from stepgraph import open_store, resume, run
from stepgraph.checkpoint import EVENT
from stepgraph.data_keys import forget, rekey
from stepgraph.errors import InputError, PrivateDataLocked, RunForgotten
from stepgraph.offers import load_offers, make_inputs
from stepgraph.offers.fixture import FixtureAdapter
from stepgraph.runner import save_event
from stepgraph.sealing import FORGOTTEN, FORGOTTEN_STEP, Encryption, Keyring
from tests.conftest import drop_schema, store_url
from tests.integration.cli_helpers import EXAMPLE, ROOT
from tests.private_offers import GRAPH
from tests.support import inflate_in_place

OLD = base64.b64encode(bytes(range(32))).decode()
NEW = "2027:" + base64.b64encode(bytes(range(1, 33))).decode()
SOURCES = ("offer-A-v1", "offer-B-v1", "offer-C-v1")


def ring(current: str, *older: str) -> Keyring:
    return Keyring.from_texts(current, older)


@pytest.fixture(params=("sqlite", "file", "postgres"))
def kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def url(kind: str, tmp_path: Path) -> Iterator[str]:
    address = store_url(kind, tmp_path)
    yield address
    if kind == "postgres":
        drop_schema(address)


def start(url: str, *run_ids: str, key: str = OLD) -> None:
    with open_store(url, encryption=Encryption(ring(key))) as store:
        store.setup()
        for run_id in run_ids:
            inputs = make_inputs(load_offers(EXAMPLE))
            run(GRAPH, inputs=inputs, adapter=FixtureAdapter(), store=store, run_id=run_id)


def sources(url: str, keys: Keyring, run_id: str = "r") -> list[str]:
    with open_store(url, encryption=Encryption(keys)) as store:
        loaded = store.load(run_id)
    assert loaded is not None
    return [offer["source"] for offer in loaded.state["offers"]]


def test_rekey_rewraps_every_run_under_the_new_key(url: str) -> None:
    start(url, "r", "s")
    with open_store(url) as store:
        done = rekey(store, ring(NEW, OLD))
    assert sorted(done.rewrapped) == ["r", "s"]
    assert sources(url, ring(NEW)) == list(SOURCES)
    with pytest.raises(PrivateDataLocked, match="'2027'"):
        sources(url, ring(OLD))


def test_rekey_again_leaves_runs_already_under_the_current_key(url: str) -> None:
    start(url, "r")
    with open_store(url) as store:
        rekey(store, ring(NEW, OLD))
        again = rekey(store, ring(NEW, OLD), ["r"])
    assert again.rewrapped == []
    assert again.left == {"r": "already under the current key"}


def test_rekey_without_the_old_key_is_refused_and_changes_nothing(url: str) -> None:
    start(url, "r")
    with open_store(url) as store, pytest.raises(PrivateDataLocked, match="give the old key"):
        rekey(store, ring(NEW))
    assert sources(url, ring(OLD)) == list(SOURCES)


def test_a_forgotten_run_reads_forgotten_and_still_verifies(url: str) -> None:
    start(url, "r")
    with open_store(url, encryption=Encryption(ring(OLD))) as store:
        forget(store, "r", by="dpo")
    with open_store(url) as store:  # no key needed any more
        loaded = store.load("r")  # the checksum chain is verified on every load
        history = store.history("r")
        record = store.run_key("r")  # type: ignore[attr-defined]
    assert loaded is not None
    assert [offer["source"] for offer in loaded.state["offers"]] == [FORGOTTEN] * 3
    assert [offer["monthly"] for offer in loaded.state["offers"]] == [120, 90, 110]
    assert history[-1].node == FORGOTTEN_STEP
    assert history[-1].update[EVENT]["by"] == "dpo"
    assert "wrapped" not in record


def test_a_forgotten_run_cannot_resume(url: str) -> None:
    start(url, "r")
    with open_store(url, encryption=Encryption(ring(OLD))) as store:
        forget(store, "r", by="dpo")
        with pytest.raises(RunForgotten, match="forgotten by dpo"):
            resume(GRAPH, run_id="r", adapter=FixtureAdapter(), store=store)


def test_no_writer_can_add_a_step_to_a_forgotten_run(url: str) -> None:
    start(url, "r")
    with open_store(url, encryption=Encryption(ring(OLD))) as store:
        current = forget(store, "r", by="dpo")
        with pytest.raises(RunForgotten):
            save_event(store, current, "@decision", "approved", {EVENT: {"by": "x"}})


def test_forget_twice_returns_the_run_unchanged(url: str) -> None:
    start(url, "r")
    with open_store(url, encryption=Encryption(ring(OLD))) as store:
        first = forget(store, "r", by="dpo")
        again = forget(store, "r", by="someone else")
    assert again.version == first.version


def test_forget_refuses_a_run_stored_in_clear(tmp_path: Path) -> None:
    url = f"sqlite:{tmp_path / 'runs.db'}"
    with open_store(url) as store:
        inputs = make_inputs(load_offers(EXAMPLE))
        run(GRAPH, inputs=inputs, adapter=FixtureAdapter(), store=store, run_id="r")
        with pytest.raises(InputError, match="stored without encryption"):
            forget(store, "r", by="dpo")


def test_forget_refuses_the_memory_store() -> None:
    with open_store("memory:") as store, pytest.raises(InputError, match="memory"):
        forget(store, "r", by="dpo")


CHILD = """
import os, sys
from stepgraph import open_store
from stepgraph.data_keys import rekey
from stepgraph.sealing import Keyring
from stepgraph.stores import _testhooks

stage, after = sys.argv[2], int(sys.argv[3])
seen = []
def observer(reached):
    if reached == stage:
        seen.append(reached)
        if len(seen) == after:
            os.kill(os.getpid(), 9)
_testhooks.observer = observer
with open_store(sys.argv[1]) as store:
    rekey(store, Keyring.from_texts(sys.argv[4], [sys.argv[5]]))
"""


@pytest.mark.parametrize(("kind", "stage"), [("sqlite", "key-replaced"), ("file", "file-written"),
                                             ("file", "file-renamed")])  # fmt: skip
def test_a_rekey_killed_midway_leaves_every_run_readable_with_one_key(
    kind: str, stage: str, tmp_path: Path
) -> None:
    url = store_url(kind, tmp_path)
    run_ids = [f"r{i}" for i in range(6)]
    start(url, *run_ids)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    child = subprocess.run([sys.executable, "-c", CHILD, url, stage, "3", NEW, OLD],
                           check=False, env=env, capture_output=True, text=True,
                           timeout=60)  # fmt: skip
    assert child.returncode == -9, child.stderr
    under = {}
    for run_id in run_ids:
        for name, keys in (("old", ring(OLD)), ("new", ring(NEW))):
            try:
                assert sources(url, keys, run_id) == list(SOURCES)
                under[run_id] = name
            except PrivateDataLocked:
                continue
    assert sorted(under) == run_ids
    assert set(under.values()) == {"old", "new"}
    with open_store(url) as store:
        rekey(store, ring(NEW, OLD))  # a second run finishes the job
    assert all(sources(url, ring(NEW), run_id) == list(SOURCES) for run_id in run_ids)


def test_forget_older_forgets_finished_or_cancelled_encrypted_runs_only(url: str) -> None:
    from stepgraph.cancel import cancel
    from stepgraph.data_keys import forget_older

    start(url, "done", "waiting")
    with open_store(url, encryption=Encryption(ring(OLD))) as store:
        cancel(store, "done", by="ops")
        assert forget_older(store, older_than=0, dry_run=True) == ["done"]
        assert forget_older(store, older_than=3600) == []
        assert forget_older(store, older_than=0) == ["done"]
        assert forget_older(store, older_than=0) == []
    assert sources(url, ring(OLD), "done") == [FORGOTTEN] * 3
    assert sources(url, ring(OLD), "waiting") == list(SOURCES)


def test_the_retention_thread_forgets_runs_past_forget_after(tmp_path: Path) -> None:
    import time

    from stepgraph.cancel import cancel
    from stepgraph.purge import Retention

    url = f"sqlite:{tmp_path / 'runs.db'}"
    start(url, "done")
    with open_store(url, encryption=Encryption(ring(OLD))) as store:
        cancel(store, "done", by="ops")
        retention = Retention(store, older_than=None, forget_after=0, every=0.05).start()
        deadline = time.monotonic() + 10
        while retention.forgotten == 0 and time.monotonic() < deadline:
            time.sleep(0.02)
        retention.stop()
    assert retention.forgotten == 1
    assert sources(url, ring(OLD), "done") == [FORGOTTEN] * 3


def test_runs_are_listed_without_the_key(url: str) -> None:
    start(url, "r")
    with open_store(url) as store:
        assert [row.run_id for row in store.list_runs()] == ["r"]


def test_a_sealed_value_edited_after_forget_fails_the_checksum_chain(tmp_path: Path) -> None:
    import json
    import sqlite3

    from stepgraph.errors import CheckpointCorrupt

    url = f"sqlite:{tmp_path / 'runs.db'}"
    start(url, "r", "s")
    with open_store(url, encryption=Encryption(ring(OLD))) as store:
        forget(store, "r", by="dpo")
    inflate_in_place(tmp_path / "runs.db")  # the steps' texts, to edit as a person would
    with sqlite3.connect(tmp_path / "runs.db") as db:
        rows = db.execute("SELECT version, body FROM run_steps WHERE run_id = 'r'").fetchall()
        version, body = next((v, b) for v, b in rows if '"@sealed"' in b)
        (other,) = db.execute(
            "SELECT body FROM run_steps WHERE run_id = 's' AND version = ?", (version,)
        ).fetchone()
        db.execute("UPDATE run_steps SET body = ? WHERE run_id = 'r' AND version = ?",
                   (other, version))  # fmt: skip
    assert json.loads(other) != json.loads(body)
    with open_store(url) as store, pytest.raises(CheckpointCorrupt, match="checksum"):
        store.load("r")


def test_forget_leaves_no_copy_of_the_wrapped_key_in_the_sqlite_files(tmp_path: Path) -> None:
    url = f"sqlite:{tmp_path / 'runs.db'}"
    start(url, "r")
    with open_store(url, encryption=Encryption(ring(OLD))) as store:
        wrapped = str(store.run_key("r")["wrapped"])  # type: ignore[attr-defined]
        forget(store, "r", by="dpo")
        files = b"".join(p.read_bytes() for p in tmp_path.rglob("*") if p.is_file())
    assert wrapped.encode() not in files


FORGET_CHILD = """
import os, sys
from stepgraph import open_store
from stepgraph.data_keys import forget
from stepgraph.sealing import Encryption, Keyring
from stepgraph.stores import _testhooks

def observer(reached):
    if reached == "sqlite-committed":  # the @forgotten step, before the key is dropped
        os.kill(os.getpid(), 9)
_testhooks.observer = observer
with open_store(sys.argv[1], encryption=Encryption(Keyring.from_texts(sys.argv[2]))) as store:
    forget(store, "r", by="dpo")
"""


def test_a_forget_killed_before_the_key_is_dropped_refuses_the_run_and_finishes_again(
    tmp_path: Path,
) -> None:
    url = f"sqlite:{tmp_path / 'runs.db'}"
    start(url, "r")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    child = subprocess.run([sys.executable, "-c", FORGET_CHILD, url, OLD], check=False,
                           env=env, capture_output=True, text=True, timeout=60)  # fmt: skip
    assert child.returncode == -9, child.stderr
    with open_store(url, encryption=Encryption(ring(OLD))) as store:
        assert "wrapped" in store.run_key("r")  # type: ignore[attr-defined]
        with pytest.raises(RunForgotten):
            resume(GRAPH, run_id="r", adapter=FixtureAdapter(), store=store)
        again = forget(store, "r", by="dpo")
        assert again.node == FORGOTTEN_STEP
        assert [e.node for e in store.history("r")].count(FORGOTTEN_STEP) == 1
    assert sources(url, ring(OLD)) == [FORGOTTEN] * 3


@pytest.mark.postgres
def test_rekey_all_rewraps_a_queued_run_that_has_not_started(tmp_path: Path) -> None:
    from stepgraph.stores.postgres import PostgresStore
    from stepgraph.worker import Worker, submit

    address = store_url("postgres", tmp_path)
    try:
        with open_store(address, encryption=Encryption(ring(OLD))) as store:
            assert isinstance(store, PostgresStore)
            store.setup()
            submit(store, graph=GRAPH, graph_ref="tests.private_offers:GRAPH",
                   adapter=FixtureAdapter(), adapter_ref="fixture",
                   inputs=make_inputs(load_offers(EXAMPLE)), run_id="q")  # fmt: skip
            assert rekey(store, ring(NEW, OLD)).rewrapped == ["q"]
        with open_store(address, encryption=Encryption(ring(NEW))) as store:
            assert isinstance(store, PostgresStore)
            worker = Worker(store, resolve_graph=lambda ref: GRAPH,
                            resolve_adapter=lambda ref: FixtureAdapter())  # fmt: skip
            claimed = worker.claim_one()
            assert claimed is not None
            worker.advance(*claimed)
        assert sources(address, ring(NEW), "q") == list(SOURCES)
    finally:
        drop_schema(address)
