"""Two processes resuming one run at once: one advances it, the other is refused (exit 5).

A small sample for every durable store; the full campaign (2 and 8 processes, many
rounds) belongs to the crash-and-race campaign scripts.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from stepgraph import open_store
from tests.conftest import store_url
from tests.integration.cli_helpers import EXAMPLE, ROOT, stepgraph


@pytest.mark.parametrize("kind", ["file", "sqlite"])
def test_two_resumers_one_wins_the_other_gets_a_version_conflict(kind: str, tmp_path: Path) -> None:
    url = store_url(kind, tmp_path)
    slow = ("--adapter", "tests.support:Slow", "--store", url)
    assert stepgraph("run", "offers", EXAMPLE, "--run-id", "r", "--max-steps", "1", *slow,
                     cwd=tmp_path).code == 0  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "stepgraph", "resume", "r", *slow],
            cwd=tmp_path,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    outcomes = [
        (proc.wait(timeout=60), proc.stderr.read() if proc.stderr else "") for proc in procs
    ]
    for proc in procs:
        for stream in (proc.stdout, proc.stderr):
            if stream:
                stream.close()
    codes = sorted(code for code, _ in outcomes)
    assert codes == [0, 5], outcomes
    loser = next(err for code, err in outcomes if code == 5)
    assert "changed underneath: expected version 1, found version" in loser
    with open_store(url) as store:
        history = store.history("r")
    assert [h.version for h in history] == [1, 2, 3]
    assert [h.node for h in history] == ["inspect", "draft", "verify"]
