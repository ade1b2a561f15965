"""Several processes resuming one run at the same moment.

Exactly one advances it; every other is refused at once with exit 5 (``RunBusy``, a
``VersionConflict``) before running anything, so the model is called once. A small
sample for every durable store; ``bench/race_campaign.py`` runs many rounds.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from stepgraph import RunBusy, open_store, resume, run
from stepgraph.offers import graph, make_inputs
from tests.conftest import drop_schema, store_url
from tests.integration.cli_helpers import EXAMPLE, ROOT, stepgraph
from tests.support import GENERATIONS_ENV, Slow, read_generations, seed_offers


def race(url: str, folder: Path, processes: int) -> list[tuple[int, str, str]]:
    """Pause a run after inspect, then resume it from ``processes`` processes at once."""
    slow = ("--adapter", "tests.support:Slow", "--store", url)
    assert stepgraph("run", "offers", EXAMPLE, "--run-id", "r", "--max-steps", "1", *slow,
                     cwd=folder).code == 0  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(ROOT), GENERATIONS_ENV: str(folder / "gen.log")}
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "stepgraph", "resume", "r", "--json", *slow],
            cwd=folder,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(processes)
    ]
    outputs = [proc.communicate(timeout=120) for proc in procs]
    return [(proc.returncode, out, err) for proc, (out, err) in zip(procs, outputs, strict=True)]


@pytest.mark.parametrize("processes", [2, 8])
@pytest.mark.parametrize("kind", ["file", "sqlite", "postgres"])
def test_one_resumer_advances_the_run_and_the_others_are_refused(
    kind: str, processes: int, tmp_path: Path
) -> None:
    url = store_url(kind, tmp_path)
    try:
        outcomes = race(url, tmp_path, processes)
        check_race(url, tmp_path, processes, outcomes)
    finally:
        if kind == "postgres":
            drop_schema(url)


def check_race(
    url: str, tmp_path: Path, processes: int, outcomes: list[tuple[int, str, str]]
) -> None:
    codes = [code for code, _, _ in outcomes]
    winners = [json.loads(out) for code, out, _ in outcomes if code == 0]
    advanced = [w for w in winners if w["steps"] > 0]
    assert len(advanced) == 1, outcomes
    assert advanced[0]["status"] == "ready_for_review"
    # A process that started after the winner finished sees the finished run (0 steps).
    refused = [err for code, _, err in outcomes if code == 5]
    assert len(refused) + len(winners) == processes, codes
    assert all("is being advanced by another process" in err for err in refused)
    with open_store(url) as store:
        history = store.history("r")
    assert [(h.version, h.node) for h in history] == [(1, "inspect"), (2, "draft"), (3, "verify")]
    assert read_generations(str(tmp_path / "gen.log")) == [("start", "r"), ("end", "r")]


@pytest.mark.parametrize("threads", [2, 8])
def test_threads_resuming_one_memory_run_advance_it_once(threads: int) -> None:
    store = open_store("memory:")
    adapter = Slow()
    run(graph, inputs=make_inputs(seed_offers()), adapter=adapter, store=store, run_id="r",
        max_steps=1)  # fmt: skip
    start = threading.Barrier(threads)
    outcomes: list[str] = []

    def resumer() -> None:
        start.wait()
        try:
            result = resume(graph, run_id="r", adapter=adapter, store=store)
            outcomes.append(f"steps={result.steps}")
        except RunBusy:
            outcomes.append("busy")

    workers = [threading.Thread(target=resumer) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(30)
    assert sorted(outcomes) == sorted(["steps=2"] + ["busy"] * (threads - 1))
    assert [h.version for h in store.history("r")] == [1, 2, 3]


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_two_reviewers_deciding_at_once_one_wins_and_the_other_is_told(
    kind: str, tmp_path: Path
) -> None:
    url = store_url(kind, tmp_path)
    try:
        (tmp_path / "policy.json").write_text(json.dumps({"approve": ["ada"], "reject": ["bo"]}))
        assert stepgraph("run", "offers", EXAMPLE, "--run-id", "r", "--store", url,
                         cwd=tmp_path).code == 0  # fmt: skip
        status = stepgraph("status", "r", "--store", url, "--json", cwd=tmp_path).json()
        digest = status["wait"]["digest"]
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        flags = ("--digest", digest, "--policy", "policy.json", "--store", url)
        procs = [
            subprocess.Popen(
                [sys.executable, "-m", "stepgraph", verdict, "r", "--by", who, *flags],
                cwd=tmp_path,
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for verdict, who in (("approve", "ada"), ("reject", "bo"))
        ]
        codes = sorted(proc.wait(timeout=60) for proc in procs)
        for proc in procs:
            proc.communicate()
        with open_store(url) as store:
            decisions = [h for h in store.history("r") if h.node == "@decision"]
            final = store.load("r")
    finally:
        if kind == "postgres":
            drop_schema(url)
    assert len(decisions) == 1
    assert codes[0] == 0
    assert codes[1] in (5, 7)  # busy at that instant, or told who decided
    assert final is not None
    assert final.status == ("approved" if decisions[0].update["@event"]["by"] == "ada"
                            else "rejected")  # fmt: skip
