"""No temp file outlives a crash where people look (issue 19 item 13): publishing writes
outside the outbox's files, and the file store sweeps a killed save's temp file when
the run is next opened. Real processes killed with SIGKILL at the worst moment."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from tests.integration.cli_helpers import EXAMPLE, ROOT, stepgraph

KILLED = -9
LAYOUT_1 = Path(__file__).resolve().parents[1] / "fixtures" / "file_layout_1" / "runs"

APPROVE_DYING_AT_LINK = """
import os, signal, sys
from stepgraph.cli import main
os.link = lambda *args: os.kill(os.getpid(), signal.SIGKILL)  # die as the file appears
main(sys.argv[1:])
"""

SAVE_DYING_AFTER_TEMP = """
import os, signal, sys
import stepgraph.stores._testhooks as hooks
from stepgraph.cli import main
def observe(stage):
    if stage == "file-written":  # the save that moves a layout-1 run file to layout 2
        os.kill(os.getpid(), signal.SIGKILL)
hooks.observer = observe
main(sys.argv[1:])
"""


def child(script: str, folder: Path, *args: str) -> int:
    done = subprocess.run([sys.executable, "-c", script, *args], cwd=folder,
                          env={"PYTHONPATH": str(ROOT)}, capture_output=True, check=False,
                          timeout=60)  # fmt: skip
    return done.returncode


def temps(folder: Path) -> list[str]:
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*.tmp"))


def test_a_crash_while_publishing_leaves_no_temp_file_in_the_outbox(tmp_path: Path) -> None:
    (tmp_path / "policy.json").write_text(json.dumps({"approve": ["ada"]}), encoding="utf-8")
    assert stepgraph("run", "offers", EXAMPLE, "--run-id", "r1", "--outbox", "out",
                     cwd=tmp_path).code == 0  # fmt: skip
    digest = stepgraph("status", "r1", "--json", cwd=tmp_path).json()["wait"]["digest"]
    died = child(APPROVE_DYING_AT_LINK, tmp_path, "approve", "r1", "--digest", digest,
                 "--by", "ada", "--policy", "policy.json")  # fmt: skip
    assert died == KILLED
    outbox = tmp_path / "out"
    assert [p.name for p in outbox.iterdir() if p.is_file()] == []  # nothing half-written
    assert stepgraph("resume", "r1", cwd=tmp_path).code == 0
    assert [p.name for p in outbox.iterdir() if p.is_file()] == ["r1--publish--5--outbox.json"]
    assert temps(outbox) == []


def test_the_file_store_sweeps_a_killed_saves_temp_file_when_the_run_is_opened(
    tmp_path: Path,
) -> None:
    shutil.copytree(LAYOUT_1, tmp_path / "runs")  # its next save rewrites the whole file
    died = child(SAVE_DYING_AFTER_TEMP, tmp_path, "resume", "paused", "--store", "file:runs")
    assert died == KILLED
    assert temps(tmp_path) != []  # the killed save's temp file
    opened = stepgraph("status", "paused", "--store", "file:runs", cwd=tmp_path)
    assert opened.code == 0, opened.err
    assert temps(tmp_path) == []
    finished = stepgraph("resume", "paused", "--store", "file:runs", cwd=tmp_path)
    assert finished.code == 0, finished.err
    assert "ready_for_review" in finished.out
