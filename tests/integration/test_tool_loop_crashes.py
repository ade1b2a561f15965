"""A process killed (SIGKILL) at each point of a tool loop over real HTTP: resumed, no
write repeated, no journaled read re-fetched, no journaled model round asked again.

The child serves a model on 127.0.0.1 (answers follow from the conversation: look the
offer up, book it, answer) on a port the parent picked, runs ``settle`` (whose model
calls ``lookup`` then ``book_now``) and dies at one point. The parent serves the same
model on the same port (the adapter id holds the URL) and runs the run id again. Every
real call leaves a line in a file (the read's trail, the write's ledger), so calls are
counted across both processes.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from stepgraph import END, open_store
from tests import loop_support, tools_support
from tests.integration.cli_helpers import ROOT
from tests.mcp_support import free_port

# kill point -> (real reads in both processes, model requests the resumed run makes)
POINTS = {
    "model-answered#1": (1, 2),  # round 1 (call lookup) journaled
    "tool-started": (1, 2),  # the read journaled as started, not yet made
    "tool-returned": (2, 2),  # the read made, its result not journaled: made again
    "model-answered#2": (1, 1),  # round 2 (call book_now) journaled
    "effect-intended": (1, 1),  # the write's intent journaled, not yet made
    "effect-called": (1, 1),  # the write made, its outcome not journaled: lookup settles it
    "model-answered#3": (1, 0),  # the final answer journaled, the step not saved
}


@pytest.mark.parametrize("point", list(POINTS))
def test_a_kill_in_a_tool_loop_repeats_no_write_no_journaled_read_and_no_journaled_round(
    point: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite:{tmp_path / 'runs.db'}"
    catalogue = str(tools_support.write_catalogue(tmp_path / "catalogue.json"))
    trail, ledger = tmp_path / "trail.txt", tmp_path / "ledger.jsonl"
    env = {**os.environ, "PYTHONPATH": f"{ROOT}:{ROOT / 'src'}", "TOOL_TRAIL": str(trail),
           "TOOL_LEDGER": str(ledger)}  # fmt: skip
    port = free_port()
    child = subprocess.run([sys.executable, "-c", loop_support.CRASH_CHILD, url, point,
                            catalogue, str(port)],
                           cwd=ROOT, env=env, capture_output=True, text=True, timeout=60,
                           check=False)  # fmt: skip
    assert child.returncode == -signal.SIGKILL, child.stderr
    monkeypatch.setenv("TOOL_TRAIL", str(trail))
    monkeypatch.setenv("TOOL_LEDGER", str(ledger))
    reads, asked = POINTS[point]
    done, asked_now = loop_support.settle_over_http(url, catalogue, port)
    with open_store(url) as store:
        journal = store.generations("t")
    assert done.next == END
    assert done.state["answer"] == {"offer": {"id": "A", "monthly": 120, "version": 3},
                                    "booking": {"booked": "A"}}  # fmt: skip
    assert len(ledger.read_text().splitlines()) == 1
    assert trail.read_text().splitlines() == ["lookup A"] * reads
    assert asked_now == asked
    effect = next(value for key, value in journal.items() if ":effect:" in key)
    assert ("reconciled" in effect) is (point == "effect-called")
