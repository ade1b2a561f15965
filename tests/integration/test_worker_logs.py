"""Workers log instead of printing: ``stepgraph.worker`` records, shown on stderr by the
command line, and the runner's lines too when ``STEPGRAPH_LOG`` asks (real PostgreSQL)."""

from __future__ import annotations

import logging
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from stepgraph import open_store
from stepgraph.offers import graph, make_inputs
from stepgraph.stores.postgres import PostgresStore
from stepgraph.worker import Worker, submit
from tests.conftest import drop_schema, store_url
from tests.integration.cli_helpers import EXAMPLE, ROOT, stepgraph
from tests.support import Broken, seed_offers

pytestmark = pytest.mark.postgres


@pytest.fixture
def url(tmp_path: Path) -> Iterator[str]:
    address = store_url("postgres", tmp_path)
    assert stepgraph("db", "setup", "--store", address, cwd=tmp_path).code == 0
    yield address
    drop_schema(address)


def work_until_idle(url: str, folder: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("STEPGRAPH_")}
    return subprocess.run(
        [sys.executable, "-m", "stepgraph", "worker", "--store", url, "--until-idle",
         "--poll", "0.2"],
        cwd=folder, env={**clean, "PYTHONPATH": str(ROOT), **env}, capture_output=True,
        text=True, timeout=120, check=False,
    )  # fmt: skip


def test_a_worker_shows_its_own_lines_on_stderr_by_default(url: str, tmp_path: Path) -> None:
    assert stepgraph("submit", "offers", EXAMPLE, "--run-id", "w1", "--store", url,
                     cwd=tmp_path).code == 0  # fmt: skip
    done = work_until_idle(url, tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    patterns = [
        r"INFO stepgraph\.worker: worker \S+ started \(concurrency 1\)$",
        r"INFO stepgraph\.worker: worker \S+: released w1 as waiting \(ready_for_review: .+\)$",
        r"INFO stepgraph\.worker: worker \S+ stopped after 0 run\(s\)$",
    ]
    for pattern in patterns:
        assert any(re.search(pattern, line) for line in lines), (pattern, lines)
    assert not any("stepgraph.runner" in line for line in lines)
    assert done.stdout == ""


def test_stepgraph_log_adds_the_runners_lines(url: str, tmp_path: Path) -> None:
    assert stepgraph("submit", "offers", EXAMPLE, "--run-id", "w2", "--store", url,
                     cwd=tmp_path).code == 0  # fmt: skip
    done = work_until_idle(url, tmp_path, STEPGRAPH_LOG="info")
    assert done.returncode == 0, done.stderr
    runner = [line.split("stepgraph.runner: ", 1)[1] for line in done.stderr.splitlines()
              if "stepgraph.runner: " in line]  # fmt: skip
    assert runner[0] == f"run w2 started (graph offers revision {graph.revision}, at version 0)"
    assert [line.split(" (")[0] for line in runner[1:4]] == [
        "run w2: node inspect saved as version 1",
        "run w2: node draft saved as version 2",
        "run w2: node verify saved as version 3",
    ]
    assert runner[-1].startswith("run w2 returned: status ready_for_review")


def test_a_bad_stepgraph_log_value_is_a_usage_error(tmp_path: Path) -> None:
    done = stepgraph("runs", "--store", "memory:", cwd=tmp_path, env={"STEPGRAPH_LOG": "loud"})
    assert done.code == 2
    assert "STEPGRAPH_LOG: must be one of debug, info, warning, error, not 'loud'" in done.err


def test_a_dead_letter_is_an_error_record(url: str, caplog: pytest.LogCaptureFixture) -> None:
    with open_store(url) as store:
        assert isinstance(store, PostgresStore)
        submit(store, graph=graph, graph_ref="offers", adapter=Broken(), adapter_ref="broken",
               inputs=make_inputs(seed_offers()), run_id="d1")  # fmt: skip
        worker = Worker(store, resolve_graph=lambda ref: graph,
                        resolve_adapter=lambda ref: Broken(), poll=0.1)  # fmt: skip
        with caplog.at_level(logging.INFO, logger="stepgraph.worker"):
            worker.run_forever(until_idle=True)
    errors = [r.getMessage() for r in caplog.records
              if r.name == "stepgraph.worker" and r.levelno == logging.ERROR]  # fmt: skip
    assert len(errors) == 1
    assert re.fullmatch(rf"worker {re.escape(worker.name)}: dead-letter d1: NodeError: .+",
                        errors[0])  # fmt: skip
