"""The file store's layout 2: one line appended per save, a torn last line ignored.

Runs written by layout 1 (the whole file replaced per save, ``tests/fixtures/
file_layout_1``, written by commit 7a7522e) still load, and move to layout 2 at their
next save. Real files on disk; the kill test is a real process killed by SIGKILL.
"""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
from pathlib import Path

from stepgraph import Policy, decide, open_store, resume, run, supply
from stepgraph.offers import graph, make_inputs
from tests.integration.cli_helpers import ROOT
from tests.support import CountingFixture, seed_offers

LAYOUT_1 = Path(__file__).resolve().parents[1] / "fixtures" / "file_layout_1" / "runs"
POLICY = Policy.from_mapping({"approve": ["ada"], "supply": ["cy"]})


def advance(folder: Path, steps: int | None = None) -> None:
    with open_store(f"file:{folder}") as store:
        run(graph, inputs=make_inputs(seed_offers()), adapter=CountingFixture(), store=store,
            run_id="r", max_steps=steps)  # fmt: skip


def old_runs(tmp_path: Path) -> Path:
    folder = tmp_path / "runs"
    shutil.copytree(LAYOUT_1, folder)
    return folder


def test_a_later_save_leaves_the_bytes_already_written_in_place(tmp_path: Path) -> None:
    advance(tmp_path, 1)
    path = tmp_path / "r.jsonl"
    before, inode = path.read_bytes(), path.stat().st_ino
    advance(tmp_path, 1)
    after = path.read_bytes()
    assert path.stat().st_ino == inode  # the same file, not a replacement
    assert after.startswith(before)
    assert after[len(before) :].count(b"\n") == 1  # one line per save


def test_runs_written_by_layout_1_load_as_they_were(tmp_path: Path) -> None:
    folder = old_runs(tmp_path)
    with open_store(f"file:{folder}") as store:
        found = {run_id: store.load(run_id) for run_id in ("paused", "ready", "supplied")}
        history = [entry.node for entry in store.history("supplied")]
    assert {run_id: (cp.version, cp.status) for run_id, cp in found.items() if cp} == {
        "paused": (1, "running"),
        "ready": (3, "ready_for_review"),
        "supplied": (5, "ready_for_review"),
    }
    assert history == ["inspect", "@supply", "inspect", "draft", "verify"]


def test_a_layout_1_run_moves_to_layout_2_at_its_next_save_and_finishes(tmp_path: Path) -> None:
    folder = old_runs(tmp_path)
    with open_store(f"file:{folder}") as store:
        done = resume(graph, run_id="paused", adapter=CountingFixture(), store=store)
        assert (done.status, done.version) == ("ready_for_review", 3)
        assert store.load("paused") == done.checkpoint
    first = json.loads((folder / "paused.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert first["layout"] == 2


def test_a_decision_on_a_layout_1_run_is_saved_and_loads(tmp_path: Path) -> None:
    folder = old_runs(tmp_path)
    with open_store(f"file:{folder}") as store:
        waiting = store.load("supplied")
        assert waiting is not None
        assert waiting.wait is not None
        decided = decide(store, "supplied", verdict="approve", actor="ada",
                         digest_seen=waiting.wait["digest"], policy=POLICY)  # fmt: skip
        assert store.load("supplied") == decided


def test_supplied_data_survives_the_reload_of_an_appended_run(tmp_path: Path) -> None:
    offers = seed_offers()
    offers[1]["monthly"] = None
    with open_store(f"file:{tmp_path}") as store:
        run(graph, inputs=make_inputs(offers), adapter=CountingFixture(), store=store,
            run_id="w")  # fmt: skip
        offers[1]["monthly"] = 95
        supplied = supply(store, "w", changes=make_inputs(offers), actor="cy", policy=POLICY)
        assert store.load("w") == supplied
        done = resume(graph, run_id="w", adapter=CountingFixture(), store=store)
        assert store.load("w") == done.checkpoint


def cut_last_line(path: Path, keep: int) -> bytes:
    """Cut the file's last line after ``keep`` of its bytes; return the bytes cut."""
    data = path.read_bytes()
    start = data.rindex(b"\n", 0, len(data) - 1) + 1
    path.write_bytes(data[: start + keep])
    return data[start:]


def test_a_torn_last_line_is_ignored_on_load(tmp_path: Path) -> None:
    advance(tmp_path, 2)
    cut_last_line(tmp_path / "r.jsonl", 30)
    with open_store(f"file:{tmp_path}") as store:
        loaded = store.load("r")
        assert loaded is not None
        assert (loaded.version, loaded.trace) == (1, ("inspect",))
        assert [entry.version for entry in store.history("r")] == [1]


def test_a_torn_last_line_cut_inside_a_character_is_ignored_on_load(tmp_path: Path) -> None:
    advance(tmp_path, 1)
    path = tmp_path / "r.jsonl"
    with path.open("ab") as handle:
        handle.write('{"version":2,"node":"é'.encode()[:-1])  # half of a 2-byte character
    loaded = open_store(f"file:{tmp_path}").load("r")
    assert loaded is not None
    assert loaded.version == 1


def test_the_next_save_replaces_a_torn_last_line(tmp_path: Path) -> None:
    advance(tmp_path, 2)
    path = tmp_path / "r.jsonl"
    cut_last_line(path, 30)
    advance(tmp_path)
    assert path.read_bytes().endswith(b"\n")
    with open_store(f"file:{tmp_path}") as store:
        done = store.load("r")
        assert done is not None
        assert (done.version, done.status) == (3, "ready_for_review")
        assert [entry.node for entry in store.history("r")] == ["inspect", "draft", "verify"]


# Dies inside the append of the draft's step: the kernel wrote half the line.
KILLED_MID_APPEND = """
import os, signal, sys
from stepgraph import open_store, run
from stepgraph.offers import graph, make_inputs
from stepgraph.stores import _testhooks
from tests.support import CountingFixture, seed_offers

real_pwrite = os.pwrite

def half_then_die(fd, data, offset):
    real_pwrite(fd, bytes(data)[: len(data) // 2], offset)
    os.kill(os.getpid(), signal.SIGKILL)

def observe(stage):
    if stage == "file-appending":
        os.pwrite = half_then_die
_testhooks.observer = observe
with open_store(sys.argv[1]) as store:
    run(graph, inputs=make_inputs(seed_offers()), adapter=CountingFixture(), store=store,
        run_id="r")
"""


def test_a_process_killed_mid_append_leaves_the_run_at_its_last_complete_version(
    tmp_path: Path,
) -> None:
    url = f"file:{tmp_path}"
    killed = subprocess.run([sys.executable, "-c", KILLED_MID_APPEND, url], cwd=ROOT,
                            capture_output=True, text=True, timeout=60, check=False)  # fmt: skip
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    data = (tmp_path / "r.jsonl").read_bytes()
    assert not data.endswith(b"\n")  # the torn half line is there
    with open_store(url) as store:
        loaded = store.load("r")
        assert loaded is not None
        assert loaded.trace == ("inspect",)
        done = resume(graph, run_id="r", adapter=CountingFixture(), store=store)
    assert (done.status, done.checkpoint.trace) == (
        "ready_for_review",
        ("inspect", "draft", "verify"),
    )
