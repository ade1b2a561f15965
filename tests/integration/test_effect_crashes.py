"""A process killed (SIGKILL) between an effect and its record: the outbox holds one file.

The child approves nothing itself: the parent runs the seed's offers to review and
approves; the child resumes the run (verify, then publish) and dies at the kill point.
A fresh resume reconciles through the outbox's lookup and never writes twice.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from stepgraph import Policy, decide, open_store, resume, run
from stepgraph.offers import graph, make_inputs
from tests.integration.cli_helpers import ROOT
from tests.support import CountingFixture, seed_offers

CHILD = """
import os, signal, sys
from stepgraph import open_store, resume
from stepgraph.offers import graph
from stepgraph.stores import _testhooks
from tests.support import CountingFixture

url, point = sys.argv[1], sys.argv[2]
_testhooks.observer = lambda stage: stage == point and os.kill(os.getpid(), signal.SIGKILL)
with open_store(url) as store:
    resume(graph, run_id="p", adapter=CountingFixture(), store=store)
"""


@pytest.mark.parametrize("point", ["effect-intended", "effect-called"])
def test_a_kill_around_the_outbox_write_never_writes_it_twice(point: str, tmp_path: Path) -> None:
    url = f"sqlite:{tmp_path / 'runs.db'}"
    outbox = tmp_path / "outbox"
    with open_store(url) as store:
        store.setup()
        ready = run(graph, inputs=make_inputs(seed_offers(), outbox=str(outbox)),
                    adapter=CountingFixture(), store=store, run_id="p")  # fmt: skip
        assert ready.checkpoint.wait is not None
        decide(store, "p", verdict="approve", actor="ada",
               digest_seen=ready.checkpoint.wait["digest"],
               policy=Policy.from_mapping({"approve": ["ada"]}))  # fmt: skip
    child = subprocess.run([sys.executable, "-c", CHILD, url, point], cwd=ROOT,
                           env={**os.environ, "PYTHONPATH": f"{ROOT}:{ROOT / 'src'}"},
                           capture_output=True, text=True, timeout=60, check=False)  # fmt: skip
    assert child.returncode == -signal.SIGKILL, child.stderr
    written_before = sorted(path.name for path in outbox.iterdir()) if outbox.exists() else []
    assert written_before == ([] if point == "effect-intended" else ["p--publish--5--outbox.json"])
    with open_store(url) as store:
        done = resume(graph, run_id="p", adapter=CountingFixture(), store=store)
        record = store.generations("p")["5:publish:effect:outbox"]
    assert (done.status, done.next) == ("approved", "END")
    assert sorted(path.name for path in outbox.iterdir()) == ["p--publish--5--outbox.json"]
    assert record["status"] == "done"
    assert ("reconciled" in record) is (point == "effect-called")
