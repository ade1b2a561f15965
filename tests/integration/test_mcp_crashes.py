"""A process killed (SIGKILL) around an MCP tool call: no write repeated, no journaled
read asked again. The child uses the SDK server of the tests over stdio and dies at the
kill point; a fresh process (with a fresh server) finishes the step."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from stepgraph import END, open_store, run
from tests import mcp_support
from tests.support import CountingFixture

pytest.importorskip("mcp")
CHILD = """
import os, signal, sys
from pathlib import Path
from stepgraph import open_store, run
from stepgraph.stores import _testhooks
from tests import mcp_support
from tests.support import CountingFixture

url, point, folder = sys.argv[1], sys.argv[2], Path(sys.argv[3])
graph = mcp_support.settle_graph(mcp_support.catalogue(folder), folder)
_testhooks.observer = lambda stage: stage == point and os.kill(os.getpid(), signal.SIGKILL)
with open_store(url) as store:
    run(graph, inputs={"offer_ids": ["A"]}, adapter=CountingFixture(), store=store, run_id="t")
"""


def test_a_kill_after_an_mcp_write_repeats_neither_the_write_nor_the_journaled_read(
    tmp_path: Path,
) -> None:
    """Killed after the server made the booking, before its outcome was journaled: the
    read's result was journaled, the write is settled by its lookup, not made again.
    (Other kill points take the same path as local tools: test_tool_crashes.py.)"""
    url = f"sqlite:{tmp_path / 'runs.db'}"
    env = {**os.environ, "PYTHONPATH": f"{mcp_support.ROOT}:{mcp_support.ROOT / 'src'}"}
    child = subprocess.run([sys.executable, "-c", CHILD, url, "effect-called", str(tmp_path)],
                           cwd=mcp_support.ROOT, env=env, capture_output=True, text=True,
                           timeout=60, check=False)  # fmt: skip
    assert child.returncode == -signal.SIGKILL, child.stderr
    server = mcp_support.catalogue(tmp_path)
    try:
        with open_store(url) as store:
            done = run(mcp_support.settle_graph(server, tmp_path), inputs={"offer_ids": ["A"]},
                       adapter=CountingFixture(), store=store, run_id="t")  # fmt: skip
            journal = store.generations("t")
    finally:
        server.close()
    assert (done.next, done.state["booking"]) == (END, {"booked": "A"})
    assert mcp_support.lines(tmp_path / "trail") == ["lookup A"]
    assert len(mcp_support.lines(tmp_path / "ledger")) == 1
    effect = next(value for key, value in journal.items() if ":effect:" in key)
    assert effect["status"] == "done"
    assert "reconciled" in effect
