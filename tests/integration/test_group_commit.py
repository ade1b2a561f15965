"""Runs advancing at once on one SQLite store share commits (group commit, issue 17):
saves that queue while a commit is under way go in the next transaction together, one
fsync for all; a save that fails in a group fails alone; every save returns only once
its commit is durable."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

from stepgraph import END, FunctionAdapter, Graph, VersionConflict, open_store, run
from stepgraph.checkpoint import Checkpoint
from stepgraph.context import Context
from stepgraph.stores import Store, _testhooks


def _one(state: dict[str, Any], context: Context) -> dict[str, Any]:
    return {"done": state["n"] * 2}


ONE_NODE = Graph(name="one", entry="one", nodes={"one": _one}, edges={"one": END})
NO_MODEL = FunctionAdapter("none-v1", lambda request: request.data)


class Gate:
    """Holds the first commit until ``queued`` saves wait for the lock; counts commits."""

    def __init__(self, queued: int) -> None:
        self.queued, self.seen, self.commits = queued, 0, 0
        self.lock = threading.Lock()
        self.all_queued = threading.Event()

    def __call__(self, stage: str) -> None:
        with self.lock:
            if stage == "sqlite-save-queued":
                self.seen += 1
                if self.seen >= self.queued:
                    self.all_queued.set()
            first = stage == "sqlite-before-commit" and self.commits == 0
            if stage == "sqlite-committed":
                self.commits += 1
        if first:  # the others queue behind this transaction
            assert self.all_queued.wait(timeout=30)


@contextmanager
def gated() -> Iterator[Gate]:
    """Three saves queue behind the first commit while this is open."""
    found = Gate(queued=3)
    _testhooks.observer = found
    try:
        yield found
    finally:
        _testhooks.observer = None


def _in_threads(*calls: Any) -> list[Any]:
    """Call each in its own thread; the value or the exception each ended with."""
    ended: list[Any] = [None] * len(calls)

    def call(index: int) -> None:
        try:
            ended[index] = calls[index]()
        except Exception as error:
            ended[index] = error

    threads = [threading.Thread(target=call, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return ended


def _first_versions(tmp_path: Path, *inputs: int) -> list[Checkpoint]:
    """The first saved version of run ``r<i>`` for each input, made in a scratch store:
    saving one elsewhere is a new run's first save."""
    with open_store(f"sqlite:{tmp_path / 'scratch.db'}") as scratch:
        for index, n in enumerate(inputs):
            run(ONE_NODE, inputs={"n": n}, store=scratch, run_id=f"r{index}",
                adapter=NO_MODEL)  # fmt: skip
        loaded = [scratch.load(f"r{index}") for index in range(len(inputs))]
    return [replace(cp, sum="") for cp in loaded if cp is not None]  # unchained, as unsaved


def _saver(store: Store, checkpoint: Checkpoint) -> Any:
    return lambda: store.save(checkpoint, expected_version=None)


def test_saves_queued_behind_a_commit_share_the_next_one(tmp_path: Path) -> None:
    firsts = _first_versions(tmp_path, 0, 1, 2)
    with open_store(f"sqlite:{tmp_path / 'runs.db'}") as store, gated() as gate:
        ended = _in_threads(*(_saver(store, cp) for cp in firsts))
        assert [saved.version for saved in ended] == [1, 1, 1]
        assert gate.commits == 2  # the first alone, the two that queued behind it together
        assert [store.load(f"r{i}").state["done"] for i in range(3)] == [0, 2, 4]  # type: ignore[union-attr]


def test_a_save_that_conflicts_in_a_group_fails_alone(tmp_path: Path) -> None:
    first, second, taken = _first_versions(tmp_path, 1, 2, 7)
    with open_store(f"sqlite:{tmp_path / 'runs.db'}") as store:
        # r2 is stored already: saving the other r2 (n=7) as a new run conflicts
        run(ONE_NODE, inputs={"n": 5}, store=store, run_id="r2", adapter=NO_MODEL)
        with gated() as gate:
            ended = _in_threads(_saver(store, first), _saver(store, second), _saver(store, taken))
        assert gate.commits == 2
        assert [ended[0].version, ended[1].version] == [1, 1]
        assert isinstance(ended[2], VersionConflict)
        assert store.load("r2").state["done"] == 10  # type: ignore[union-attr]
        assert [entry.version for entry in store.history("r2")] == [1]
        assert store.load("r1").state["done"] == 4  # type: ignore[union-attr]


def test_a_lone_save_commits_at_once(tmp_path: Path) -> None:
    commits: list[str] = []
    _testhooks.observer = lambda stage: commits.append(stage) if "commit" in stage else None
    try:
        with open_store(f"sqlite:{tmp_path / 'runs.db'}") as store:
            run(ONE_NODE, inputs={"n": 1}, store=store, run_id="r", adapter=NO_MODEL)
    finally:
        _testhooks.observer = None
    assert commits == ["sqlite-before-commit", "sqlite-committed"]
