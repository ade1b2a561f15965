"""SQLite syncs once per completed node: a model call's journal records ride on the step
save's sync (issue 17). They still survive a killed process; effects still sync alone."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from stepgraph import Policy, decide, open_store, resume, run
from stepgraph.offers import graph, make_inputs
from stepgraph.stores.sqlite import SqliteStore
from tests.integration.cli_helpers import ROOT
from tests.support import CountingFixture, seed_offers

# Dies inside the draft's save transaction: its model call is journaled, the step is not.
CHILD = """
import os, signal, sys
from stepgraph import open_store, run
from stepgraph.offers import graph, make_inputs
from stepgraph.stores import _testhooks
from tests.support import CountingFixture, seed_offers

commits = []
def observe(stage):
    if stage == "sqlite-before-commit":
        commits.append(stage)
        if len(commits) == 2:
            os.kill(os.getpid(), signal.SIGKILL)
_testhooks.observer = observe
with open_store(sys.argv[1]) as store:
    run(graph, inputs=make_inputs(seed_offers()), adapter=CountingFixture(), store=store,
        run_id="k")
"""


def _synced_commits(store: SqliteStore) -> list[str]:
    """What each write commits under: 'full' or 'normal', in order, from now on."""
    seen: list[str] = []
    level = ["full"]

    def trace(statement: str) -> None:
        if statement.startswith("PRAGMA synchronous = "):
            level[0] = statement.rsplit(" ", 1)[1]
        elif statement == "COMMIT" or statement.startswith("INSERT INTO run_generations"):
            seen.append(f"{statement.split(' (', maxsplit=1)[0]} {level[0]}")

    db = store._connect()
    db.set_trace_callback(trace)
    return seen


def test_a_run_of_the_offers_syncs_once_per_completed_node(tmp_path: Path) -> None:
    with SqliteStore(str(tmp_path / "runs.db")) as store:
        store.setup()
        seen = _synced_commits(store)
        run(graph, inputs=make_inputs(seed_offers()), adapter=CountingFixture(), store=store,
            run_id="r")  # fmt: skip
        level = store._connect().execute("PRAGMA synchronous").fetchone()[0]
    assert [entry for entry in seen if entry.endswith("full")] == ["COMMIT full"] * 3
    assert [entry for entry in seen if entry.endswith("normal")] == [
        "INSERT INTO run_generations normal"
    ] * 2  # started, done: synced by the draft's save
    assert level == 2  # FULL again for whatever comes next


def test_a_model_answer_journaled_before_a_kill_is_not_asked_again(tmp_path: Path) -> None:
    url = f"sqlite:{tmp_path / 'runs.db'}"
    child = subprocess.run([sys.executable, "-c", CHILD, url], cwd=ROOT,
                           env={**os.environ, "PYTHONPATH": f"{ROOT}:{ROOT / 'src'}"},
                           capture_output=True, text=True, timeout=60, check=False)  # fmt: skip
    assert child.returncode == -signal.SIGKILL, child.stderr
    adapter = CountingFixture()
    with open_store(url) as store:
        assert store.generations("k")["2:draft:0"]["status"] == "done"
        done = resume(graph, run_id="k", adapter=adapter, store=store)
    assert done.status == "ready_for_review"
    assert adapter.calls == 0


def test_an_effect_is_journaled_with_its_own_sync(tmp_path: Path) -> None:
    with SqliteStore(str(tmp_path / "runs.db")) as store:
        store.setup()
        inputs = make_inputs(seed_offers(), outbox=str(tmp_path / "outbox"))
        ready = run(graph, inputs=inputs, adapter=CountingFixture(), store=store, run_id="p")
        assert ready.checkpoint.wait is not None
        decide(store, "p", verdict="approve", actor="ada",
               digest_seen=ready.checkpoint.wait["digest"],
               policy=Policy.from_mapping({"approve": ["ada"]}))  # fmt: skip
        seen = _synced_commits(store)
        resume(graph, run_id="p", adapter=CountingFixture(), store=store)
    journaled = [entry for entry in seen if entry.startswith("INSERT")]
    assert journaled == ["INSERT INTO run_generations full"] * 2  # started, done
