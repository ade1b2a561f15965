"""The file store's write paths: a run's first save is temp write -> fsync -> rename ->
folder fsync; every later save is one write at the end of the file and one fsync."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from stepgraph import Store, StoreError, open_store, run
from stepgraph.offers import graph, make_inputs
from tests.support import CountingFixture, seed_offers


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Record the OS calls of the write path, in order, around the real ones."""
    seen: list[str] = []
    for name in ("write", "pwrite", "ftruncate", "fsync", "replace"):
        real = getattr(os, name)

        def spy(*args: Any, _real: Any = real, _name: str = name) -> Any:
            if _name == "fsync":
                fd = args[0]
                kind = "dir" if os.path.isdir(f"/proc/self/fd/{fd}") else "file"
                seen.append(f"fsync-{kind}")
            else:
                seen.append(_name)
            return _real(*args)

        monkeypatch.setattr(os, name, spy)
    return seen


def test_each_save_writes_syncs_renames_then_syncs_the_folder(
    tmp_path: Path, calls: list[str]
) -> None:
    store = open_store(f"file:{tmp_path}")
    store.setup()
    run(graph, inputs=make_inputs(seed_offers()), adapter=CountingFixture(), store=store,
        run_id="r", max_steps=1)  # fmt: skip
    assert calls == ["write", "fsync-file", "replace", "fsync-dir"]


def advance(store: Store, steps: int) -> None:
    run(graph, inputs=make_inputs(seed_offers()), adapter=CountingFixture(), store=store,
        run_id="r", max_steps=steps)  # fmt: skip


def test_a_later_save_writes_one_line_and_syncs_once(tmp_path: Path, calls: list[str]) -> None:
    store = open_store(f"file:{tmp_path}")
    advance(store, 2)
    calls.clear()
    advance(store, 1)  # verify: no model call, so no journal record
    assert calls == ["pwrite", "fsync-file"]


def test_a_model_calls_journal_records_are_synced_by_its_steps_save(
    tmp_path: Path, calls: list[str]
) -> None:
    store = open_store(f"file:{tmp_path}")
    advance(store, 1)
    calls.clear()
    advance(store, 1)  # draft: "started" (a new journal file), "done", then its step
    assert calls == ["pwrite", "fsync-dir", "pwrite", "fsync-file", "pwrite", "fsync-file"]


def test_a_save_after_a_torn_line_cuts_it_and_syncs_the_cut(
    tmp_path: Path, calls: list[str]
) -> None:
    store = open_store(f"file:{tmp_path}")
    advance(store, 2)
    with (tmp_path / "r.jsonl").open("ab") as handle:
        handle.write(b'{"version":3,"no')  # an append cut short
    calls.clear()
    advance(store, 1)
    assert calls == ["ftruncate", "fsync-file", "pwrite", "fsync-file"]


def test_a_failed_fsync_fails_the_save_and_keeps_the_previous_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = open_store(f"file:{tmp_path}")
    store.setup()
    run(graph, inputs=make_inputs(seed_offers()), adapter=CountingFixture(), store=store,
        run_id="r", max_steps=2)  # fmt: skip
    before = (tmp_path / "r.jsonl").read_bytes()
    fsyncs: list[int] = []

    def failing_fsync(fd: int) -> None:
        fsyncs.append(fd)
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", failing_fsync)
    with pytest.raises(StoreError, match="Input/output error"):
        run(graph, inputs=make_inputs(seed_offers()), adapter=CountingFixture(), store=store,
            run_id="r", max_steps=1)  # fmt: skip
    assert len(fsyncs) == 1  # never retried on the same descriptor
    assert (tmp_path / "r.jsonl").read_bytes() == before
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
    monkeypatch.undo()
    loaded = store.load("r")
    assert loaded is not None
    assert loaded.version == 2
