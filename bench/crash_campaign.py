"""Crash campaign: SIGKILL offer runs at chosen and random points, resume, check.

Each case starts an offer run in a child process that kills itself with SIGKILL at one
point: inside the adapter call, at every stage of every checkpoint write (file store:
the first save's temp write, its fsync, the rename, the folder fsync; each later save
before its append, halfway through the append's write, after the write; SQLite: inside
the save transaction and right after its commit), after a generation journal append or
halfway through one, or at a random moment chosen by the parent. Fresh processes then
resume the run until it finishes. After every crash and at the end the driver checks:

* the checkpoint loads and validates (else: a torn checkpoint);
* no completed node appears twice in the trace, and the history is versions 1..n;
* the model was called again only when a crash fell inside the call, i.e. before its
  answer was in stepgraph's generation journal: every call the test adapter saw
  start (it appends ``start``/``end`` to a journal file of its own) must be an attempt
  stepgraph numbered, so no call was made once an answer had been journaled. Kills
  after the model answered but before that answer was journaled are counted apart
  (``answers_lost_before_journal``): they are the price of a crash inside the call;
* the run reaches ``ready_for_review``.

Usage::

    .venv/bin/python bench/crash_campaign.py --crashes 1000            # file and sqlite
    .venv/bin/python bench/crash_campaign.py --crashes 200 --stores sqlite --seed 7

``tests/integration/test_crash_campaign.py`` runs a sample of every point per store.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
ADAPTER_DELAY = 0.02  # seconds per generation: a window for random kills to land in
OFFERS = [
    {"id": "A", "source": "offer-A-v1", "monthly": 120},
    {"id": "B", "source": "offer-B-v1", "monthly": 90},
    {"id": "C", "source": "offer-C-v1", "monthly": 110},
]
# The file store writes a run's first save whole (temp file, fsync, rename, folder
# fsync) and appends every later one (write at the end, fsync); "torn" dies halfway
# through an append's write, as the kernel leaves a write cut by SIGKILL.
WHOLE_FILE = ("file-written", "file-synced", "file-renamed", "file-folder-synced")
FILE_POINTS = [
    *(f"{stage}:1" for stage in WHOLE_FILE),
    *(f"{stage}:{n}" for n in (1, 2) for stage in ("file-appending", "torn", "file-appended")),
    "journal-appended:1", "journal-appended:2", "torn-journal:1",
]  # fmt: skip
SQLITE_POINTS = [
    f"{stage}:{n}" for n in (1, 2, 3) for stage in ("sqlite-before-commit", "sqlite-committed")
]
POSTGRES_POINTS = [
    f"{stage}:{n}" for n in (1, 2, 3) for stage in ("postgres-before-commit", "postgres-committed")
]
COMMON_POINTS = ["adapter"]
# The server a standalone campaign uses; the tests pass their own (tests/pgcluster.py).
POSTGRES = os.environ.get("STEPGRAPH_BENCH_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")


def points_for(kind: str) -> list[str]:
    """Every deterministic kill point of a store kind."""
    special = {"file": FILE_POINTS, "sqlite": SQLITE_POINTS, "postgres": POSTGRES_POINTS}
    return COMMON_POINTS + special[kind]


def url_for(kind: str, folder: str, server: str = POSTGRES) -> str:
    """A fresh store of ``kind`` (PostgreSQL: a schema on ``server`` named after the folder)."""
    if kind == "postgres":
        return f"{server}?schema=crash_{os.path.basename(folder).replace('-', '_').lower()}"
    return f"file:{folder}/runs" if kind == "file" else f"sqlite:{folder}/runs.db"


def drop(url: str) -> None:
    if url.startswith("postgresql:"):
        import psycopg

        with psycopg.connect(url.split("?", 1)[0], autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA IF EXISTS "{url.rsplit("schema=", 1)[1]}" CASCADE')


# --------------------------------------------------------------------------- child


def child(url: str, run_id: str, point: str, journal: str) -> None:
    """Run (or resume) one offer run, killing this process at ``point`` if reached."""
    from stepgraph import Request, open_store, run
    from stepgraph.offers import FixtureAdapter, graph, make_inputs
    from stepgraph.stores import _testhooks

    def die() -> None:
        os.kill(os.getpid(), signal.SIGKILL)

    seen: dict[str, int] = {}
    stage_wanted, _, count = point.partition(":")
    torn = {"torn": "file-appending", "torn-journal": "journal-appending"}
    real_pwrite = os.pwrite

    def half_then_die(fd: int, data: Any, offset: int) -> int:
        real_pwrite(fd, bytes(data)[: len(data) // 2], offset)
        die()
        return 0

    def observe(stage: str) -> None:
        seen[stage] = seen.get(stage, 0) + 1
        if stage == torn.get(stage_wanted) and seen[stage] == int(count or 1):
            os.pwrite = half_then_die  # the append's write stops halfway
        elif stage == stage_wanted and seen[stage] == int(count or 1):
            die()

    _testhooks.observer = observe

    class JournaledFixture:
        id = "crash-fixture-v1"

        def generate(self, request: Request) -> Any:
            mark(journal, "start", request.run_id)
            if point == "adapter":
                die()
            time.sleep(ADAPTER_DELAY)
            report = FixtureAdapter().generate(request)
            mark(journal, "end", request.run_id)
            return report

    print("ready", flush=True)
    with open_store(url) as store:
        store.setup()
        result = run(graph, inputs=make_inputs(OFFERS), adapter=JournaledFixture(), store=store,
                     run_id=run_id)  # fmt: skip
    print(json.dumps({"status": result.status, "steps": result.steps}), flush=True)


def mark(journal: str, event: str, run_id: str) -> None:
    """Append one event to the test adapter's own journal, durably."""
    fd = os.open(journal, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, f"{event} {run_id}\n".encode())
        os.fsync(fd)
    finally:
        os.close(fd)


# --------------------------------------------------------------------------- driver


@dataclass
class Figures:
    """What a campaign found; every count but the first two and the last must be 0."""

    store: str
    cases: int = 0
    crashes: int = 0
    torn_checkpoints: int = 0
    repeated_nodes: int = 0
    repeated_generations: int = 0
    unfinished_runs: int = 0
    runs_completed: int = 0
    interrupted_generations: int = 0  # calls cut short by a kill before their answer
    answers_lost_before_journal: int = 0  # the model had answered, the kill came first
    missed_points: list[str] = field(default_factory=list)  # deterministic, never reached
    problems: list[str] = field(default_factory=list)


def spawn(url: str, run_id: str, point: str, journal: str, kill_after: float | None) -> int:
    """Start a child; with ``kill_after`` the parent SIGKILLs it that long after 'ready'."""
    return run_child([__file__, "--child", url, run_id, point, journal], kill_after)


def run_child(argv: list[str], kill_after: float | None) -> int:
    """Run ``python ARGV``; with ``kill_after``, SIGKILL it that long after it says 'ready'.

    Its exit code: 0, or -SIGKILL. Any other ending is an error of the campaign itself.
    """
    proc = subprocess.Popen(
        [sys.executable, *argv],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )  # fmt: skip
    if kill_after is not None and proc.stdout is not None:
        proc.stdout.readline()  # "ready": imports are done, the run is starting
        time.sleep(kill_after)
        proc.send_signal(signal.SIGKILL)
    _, err = proc.communicate(timeout=120)
    if proc.returncode not in (0, -signal.SIGKILL):
        raise RuntimeError(f"child failed with {proc.returncode}: {err.strip()[-500:]}")
    return proc.returncode


def check_loadable(url: str, run_id: str, figures: Figures) -> Any:
    from stepgraph import StepgraphError, open_store

    try:
        with open_store(url) as store:
            return store.load(run_id)
    except StepgraphError as error:
        figures.torn_checkpoints += 1
        figures.problems.append(f"{run_id}: {error}")
        return None


def journaled_attempts(url: str, run_id: str) -> int:
    """How many attempts stepgraph's own journal numbered for the run's one generation."""
    from stepgraph import open_store

    with open_store(url) as store:
        record = store.generations(run_id).get("2:draft:0", {})
    return int(record.get("attempt", 0))


def journal_counts(journal: str, run_id: str) -> tuple[int, int]:
    if not os.path.exists(journal):
        return 0, 0
    with open(journal, encoding="utf-8") as handle:
        events = [line.split() for line in handle if line.strip()]
    starts = sum(1 for event, rid in events if rid == run_id and event == "start")
    ends = sum(1 for event, rid in events if rid == run_id and event == "end")
    return starts, ends


def one_case(
    *, url: str, run_id: str, point: str, journal: str, rng: random.Random, figures: Figures
) -> None:
    """Crash one run (random points may crash it up to three times), then finish it."""
    figures.cases += 1
    kills = 3 if point == "random" else 1
    for _ in range(kills):
        delay = rng.uniform(0, 0.08) if point == "random" else None
        code = spawn(url, run_id, "none" if point == "random" else point, journal, delay)
        if code != 0:
            figures.crashes += 1
            check_loadable(url, run_id, figures)
        elif point != "random":
            figures.missed_points.append(point)
    for _ in range(3):
        if spawn(url, run_id, "none", journal, None) == 0:
            break
    final = check_loadable(url, run_id, figures)
    if final is None or final.status != "ready_for_review":
        figures.unfinished_runs += 1
        figures.problems.append(f"{run_id} ({point}): did not finish")
        return
    figures.runs_completed += 1
    if final.trace != ("inspect", "draft", "verify"):
        figures.repeated_nodes += 1
        figures.problems.append(f"{run_id} ({point}): trace {final.trace}")
    starts, ends = journal_counts(journal, run_id)
    attempts = journaled_attempts(url, run_id)
    figures.interrupted_generations += starts - 1
    figures.answers_lost_before_journal += ends - 1
    if starts > attempts:  # a call made although an earlier answer had been journaled
        figures.repeated_generations += starts - attempts
        figures.problems.append(f"{run_id} ({point}): {starts} calls, {attempts} journaled")


def run_campaign(
    kind: str, crashes: int, folder: str, seed: int = 1, server: str = POSTGRES
) -> Figures:
    """``crashes`` cases on one store kind: every deterministic point, then random ones."""
    url = url_for(kind, folder, server)
    journal = os.path.join(folder, "adapter-journal.log")
    rng = random.Random(seed)
    points = points_for(kind)
    figures = Figures(store=kind)
    try:
        for index in range(crashes):
            point = points[index] if index < len(points) else "random"
            one_case(url=url, run_id=f"case-{index}", point=point, journal=journal, rng=rng,
                     figures=figures)  # fmt: skip
    finally:
        drop(url)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--crashes", type=int, default=1000, help="cases per store")
    parser.add_argument("--stores", default="file,sqlite,postgres")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--child", nargs=4, metavar=("URL", "RUN", "POINT", "JOURNAL"))
    args = parser.parse_args()
    if args.child:
        child(*args.child)
        return
    for kind in args.stores.split(","):
        with tempfile.TemporaryDirectory(prefix=f"sg-crash-{kind}-") as folder:
            started = time.perf_counter()
            figures = run_campaign(kind, args.crashes, folder, args.seed)
            elapsed = time.perf_counter() - started
        print(json.dumps({**asdict(figures), "problems": figures.problems[:10],
                          "seconds": round(elapsed, 1)}))  # fmt: skip


if __name__ == "__main__":
    main()
