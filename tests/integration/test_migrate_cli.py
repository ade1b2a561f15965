"""The migration commands in real subprocesses: runs --stranded, migrate (--all,
--dry-run), two migrators at once, and kill -9 at the migration's save."""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from stepgraph import open_store
from stepgraph.migrations import park_stranded
from stepgraph.offers.workflow import REVISION
from tests.integration.cli_helpers import ROOT, stepgraph
from tests.unit.test_migrations import line, started

FIXTURES = ROOT / "tests" / "fixtures" / "migration"

# Run the migrate command in this process, killing it with SIGKILL at a save stage
# reached once the migration is prepared (not while the store's schema is set up).
KILLED_MIGRATE = r"""
import os, signal, sys
from stepgraph import migrations
from stepgraph.cli import main
from stepgraph.stores import _testhooks

prepare = migrations.prepare
prepared = []

def observed_prepare(*args, **kwargs):
    prepared.append(True)
    return prepare(*args, **kwargs)

def observe(stage):
    if prepared and stage == sys.argv[1]:
        os.kill(os.getpid(), signal.SIGKILL)

migrations.prepare = observed_prepare
_testhooks.observer = observe
sys.exit(main(["--store", sys.argv[2], "migrate", "ready"]))
"""


def old_store(tmp_path: Path, kind: str = "sqlite") -> str:
    if kind == "sqlite":
        shutil.copy(FIXTURES / "rev3.db", tmp_path / "s.db")
        return f"sqlite:{tmp_path}/s.db"
    shutil.copytree(FIXTURES / "rev3-files", tmp_path / "runs")
    return f"file:{tmp_path}/runs"


def with_line_run(url: str) -> str:
    """``url`` with run "r" of the test graph ``line`` saved by its revision 1."""
    with open_store(url) as store:
        started(store, line(1))
    return url


def steps(url: str, run_id: str) -> list[str]:
    with open_store(url) as store:
        return [entry.node for entry in store.history(run_id)]


def test_runs_stranded_lists_every_old_run_still_to_continue_with_why(tmp_path: Path) -> None:
    url = old_store(tmp_path)
    done = stepgraph("--store", url, "runs", "--stranded", "--json", cwd=tmp_path)
    assert done.code == 0, done.err
    rows = {row["run_id"]: row for row in done.json()["stranded"]}
    assert sorted(rows) == ["missing", "paused", "ready"]
    assert f"saved by revision 3, the code is revision {REVISION}" in rows["ready"]["why"]


def test_runs_stranded_names_a_graph_nobody_registered(tmp_path: Path) -> None:
    url = old_store(tmp_path)
    with open_store(url) as store:  # a run of a graph this program does not know
        from tests.unit.test_migrations import line, started

        started(store, line(1))
    done = stepgraph("--store", url, "runs", "--stranded", cwd=tmp_path)
    assert "r  revision 0" in done.out
    assert "no graph named 'line'" in done.out


def test_migrate_dry_run_reports_the_change_and_writes_nothing(tmp_path: Path) -> None:
    url = old_store(tmp_path)
    before = steps(url, "ready")
    done = stepgraph("--store", url, "migrate", "ready", "--dry-run", cwd=tmp_path)
    assert done.code == 0, done.err
    assert f"would move revision 3 -> {REVISION}; cursor END -> verify" in done.out
    assert steps(url, "ready") == before
    with open_store(url) as store:
        loaded = store.load("ready")
    assert loaded is not None
    assert loaded.parts.revision == 3


def test_migrate_all_moves_every_movable_run_once(tmp_path: Path) -> None:
    url = old_store(tmp_path, "file")
    done = stepgraph("--store", url, "migrate", "--all", "--json", cwd=tmp_path)
    assert done.code == 0, done.err
    moved = sorted(row["run_id"] for row in done.json()["runs"] if row["migrated"])
    assert moved == ["missing", "paused", "ready"]
    again = stepgraph("--store", url, "runs", "--stranded", "--json", cwd=tmp_path)
    assert again.json()["stranded"] == []


def test_migrate_of_a_run_no_migration_moves_is_refused_naming_the_gap(tmp_path: Path) -> None:
    url = with_line_run(old_store(tmp_path))
    done = stepgraph("--store", url, "migrate", "r", "--graph", "tests.cli_graphs:LINE_3",
                     cwd=tmp_path)  # fmt: skip
    assert done.code == 5
    assert "no migration from revision 1 to 3" in done.err


def test_migrate_all_exits_11_while_runs_stay_stranded(tmp_path: Path) -> None:
    url = with_line_run(old_store(tmp_path))
    done = stepgraph("--store", url, "migrate", "--all", cwd=tmp_path)
    assert done.code == 11
    assert "r  stranded:" in done.out
    assert f"ready  moved revision 3 -> {REVISION}" in done.out


def test_two_migrators_at_once_one_wins_and_history_does_not_fork(tmp_path: Path) -> None:
    url = old_store(tmp_path)
    args = [sys.executable, "-m", "stepgraph", "--store", url, "migrate", "ready"]
    procs = [subprocess.Popen(args, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True) for _ in range(2)]  # fmt: skip
    for proc in procs:
        proc.communicate(timeout=60)
    codes = [proc.returncode for proc in procs]
    assert all(code in (0, 5) for code in codes), codes
    assert steps(url, "ready").count("@migrated") == 1


@pytest.mark.parametrize(("kind", "stage", "migrated"), [
    ("sqlite", "sqlite-before-commit", False), ("sqlite", "sqlite-committed", True),
    ("file", "file-written", False), ("file", "file-renamed", True),
])  # fmt: skip
def test_kill_9_during_migrate_loses_nothing_and_the_run_finishes(
    tmp_path: Path, kind: str, stage: str, migrated: bool
) -> None:
    url = old_store(tmp_path, kind)
    before = steps(url, "ready")
    killed = subprocess.run([sys.executable, "-c", KILLED_MIGRATE, stage, url], cwd=ROOT,
                            capture_output=True, text=True, timeout=60, check=False)  # fmt: skip
    assert killed.returncode == -signal.SIGKILL
    after_kill = steps(url, "ready")
    assert after_kill == ([*before, "@migrated"] if migrated else before)
    assert stepgraph("--store", url, "migrate", "ready", cwd=tmp_path).code == 0
    assert steps(url, "ready") == [*before, "@migrated"]
    resumed = stepgraph("--store", url, "resume", "ready", cwd=tmp_path)
    assert resumed.code == 0
    assert "ready_for_review" in resumed.out


def test_status_of_a_stranded_run_exits_11_with_the_reason(tmp_path: Path) -> None:
    url = old_store(tmp_path)
    with open_store(url) as store:
        park_stranded(store, "paused", "no migration from revision 3 to 9", by="worker-1")
    done = stepgraph("--store", url, "status", "paused", cwd=tmp_path)
    assert done.code == 11
    assert "stranded" in done.out
    assert "no migration from revision 3 to 9" in done.out


def test_migrate_without_a_name_is_refused_and_writes_nothing(tmp_path: Path) -> None:
    url = old_store(tmp_path)
    before = steps(url, "ready")
    done = stepgraph("--store", url, "migrate", "ready", "--by", " ", cwd=tmp_path)
    assert done.code == 2
    assert "--by" in done.err
    assert steps(url, "ready") == before


def test_migrate_needs_one_run_or_all(tmp_path: Path) -> None:
    url = old_store(tmp_path)
    done = stepgraph("--store", url, "migrate", "ready", "--all", cwd=tmp_path)
    assert done.code == 2
    assert "give one run id or --all" in done.err
