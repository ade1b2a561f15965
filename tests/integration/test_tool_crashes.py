"""A process killed (SIGKILL) around a tool call: no write repeated, no journaled read re-fetched.

The child runs a node that reads an offer (``lookup``) then books it (``book_now``, a
write tool) and dies at one of the kill points. Every real call leaves a line in a
file (the read's trail, the write's ledger), so the parent counts calls across both
processes after a fresh run finishes the step (the killed run never saved a step:
the new process finds the journal of the run id).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from stepgraph import END, open_store, run
from tests import tools_support
from tests.integration.cli_helpers import ROOT
from tests.support import CountingFixture

CHILD = """
import os, signal, sys
from stepgraph import open_store, run
from stepgraph.stores import _testhooks
from tests import tools_support
from tests.support import CountingFixture

url, point, catalogue = sys.argv[1], sys.argv[2], sys.argv[3]
_testhooks.observer = lambda stage: stage == point and os.kill(os.getpid(), signal.SIGKILL)
with open_store(url) as store:
    store.setup()
    run(tools_support.crash_graph, inputs={"offer_ids": ["A"], "catalogue": catalogue},
        adapter=CountingFixture(), store=store, run_id="t")
"""

# kill point -> real reads in both processes (the read is re-made only when its result
# was never journaled)
READS = {"tool-started": 1, "tool-returned": 2, "effect-intended": 1, "effect-called": 1}


@pytest.mark.parametrize("point", sorted(READS))
def test_a_kill_around_a_tool_call_repeats_no_write_and_no_journaled_read(
    point: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite:{tmp_path / 'runs.db'}"
    catalogue = tools_support.write_catalogue(tmp_path / "catalogue.json")
    trail, ledger = tmp_path / "trail.txt", tmp_path / "ledger.jsonl"
    env = {**os.environ, "PYTHONPATH": f"{ROOT}:{ROOT / 'src'}", "TOOL_TRAIL": str(trail),
           "TOOL_LEDGER": str(ledger)}  # fmt: skip
    child = subprocess.run([sys.executable, "-c", CHILD, url, point, str(catalogue)], cwd=ROOT,
                           env=env, capture_output=True, text=True, timeout=60,
                           check=False)  # fmt: skip
    assert child.returncode == -signal.SIGKILL, child.stderr
    monkeypatch.setenv("TOOL_TRAIL", str(trail))
    monkeypatch.setenv("TOOL_LEDGER", str(ledger))
    with open_store(url) as store:
        done = run(tools_support.crash_graph, inputs={"offer_ids": ["A"],
                                                      "catalogue": str(catalogue)},
                   adapter=CountingFixture(), store=store, run_id="t")  # fmt: skip
        journal = store.generations("t")
    assert (done.next, done.state["booking"]) == (END, {"booked": "A"})
    assert done.state["offer"] == {"id": "A", "monthly": 120, "version": 3}
    assert trail.read_text().splitlines() == ["lookup A"] * READS[point]
    assert len(ledger.read_text().splitlines()) == 1
    effect = next(value for key, value in journal.items() if ":effect:" in key)
    assert effect["status"] == "done"
    assert ("reconciled" in effect) is (point == "effect-called")
