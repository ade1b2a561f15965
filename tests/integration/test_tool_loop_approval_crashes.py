"""A process killed (SIGKILL) while a tool loop goes on after a person's approval: right
after the decision, around the approved write, after the first round asked anew. Resumed
by another process: the write happens once, the read is not made again, and the model is
asked only the round after the write (never a round the waiting visit journaled).

The parent serves the model on 127.0.0.1 and runs ``approval_graph`` until it waits; a
child approves, goes on and dies at one point; the parent serves the same model on the
same port again and finishes the run."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from stepgraph import END
from tests import loop_support, tools_support
from tests.integration.cli_helpers import ROOT
from tests.mcp_support import free_port

# kill point -> model requests the resuming process makes (each for the round after the write)
POINTS = {
    "decided": 1,  # the decision recorded, nothing run since
    "effect-intended": 1,  # the approved write's intent journaled, the write not made
    "effect-called": 1,  # the write made, its outcome lost: the lookup settles it
    "model-answered#1": 0,  # the round after the write answered and journaled
}


@pytest.mark.parametrize("point", list(POINTS))
def test_a_kill_after_an_approval_repeats_no_write_no_read_and_no_journaled_round(
    point: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite:{tmp_path / 'runs.db'}"
    catalogue = str(tools_support.write_catalogue(tmp_path / "catalogue.json"))
    trail, ledger = tmp_path / "trail.txt", tmp_path / "ledger.jsonl"
    monkeypatch.setenv("TOOL_TRAIL", str(trail))
    monkeypatch.setenv("TOOL_LEDGER", str(ledger))
    port = free_port()
    waiting, asked_first = loop_support.settle_over_http(url, catalogue, port,
                                                         loop_support.approval_graph)  # fmt: skip
    assert (waiting.status, asked_first) == ("waiting_for_approval", 3)
    env = {**os.environ, "PYTHONPATH": f"{ROOT}:{ROOT / 'src'}"}
    child = subprocess.run([sys.executable, "-c", loop_support.CRASH_CHILD, url, point,
                            catalogue, str(port), "approve"],
                           cwd=ROOT, env=env, capture_output=True, text=True, timeout=60,
                           check=False)  # fmt: skip
    assert child.returncode == -signal.SIGKILL, child.stderr
    done, asked_now = loop_support.settle_over_http(url, catalogue, port,
                                                    loop_support.approval_graph)  # fmt: skip
    assert done.next == END
    assert done.state["answer"] == {"offer": {"id": "A", "monthly": 120, "version": 3},
                                    "booking": {"booked": "A"}}  # fmt: skip
    assert len(ledger.read_text().splitlines()) == 1
    assert trail.read_text().splitlines() == ["lookup A"]
    assert asked_now == POINTS[point]
