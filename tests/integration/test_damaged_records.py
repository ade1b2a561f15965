"""A damaged or hand-edited checkpoint on disk is refused with a reason, never used."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from stepgraph import CheckpointCorrupt, open_store, resume
from stepgraph.checkpoint import FORMAT
from stepgraph.offers import graph
from tests.support import CountingFixture, inflate_in_place, stored_seed_run

LAYOUT_1 = Path(__file__).resolve().parents[1] / "fixtures" / "file_layout_1" / "runs"


def paused_file_run(tmp_path: Path) -> Path:
    stored_seed_run(f"file:{tmp_path}", max_steps=2)
    return tmp_path / "r.jsonl"


def refused(url: str) -> CheckpointCorrupt:
    store = open_store(url)
    with pytest.raises(CheckpointCorrupt) as caught:
        resume(graph, run_id="r", adapter=CountingFixture(), store=store)
    return caught.value


def test_a_truncated_layout_1_run_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"  # layout 1 replaced the whole file: a cut one is damage
    lines = (LAYOUT_1 / "ready.jsonl").read_text(encoding="utf-8").replace('"ready"', '"r"')
    path.write_bytes(lines.encode("utf-8")[:-40])
    assert "truncated" in refused(f"file:{tmp_path}").reason


def test_a_run_file_cut_inside_a_line_is_refused(tmp_path: Path) -> None:
    path = paused_file_run(tmp_path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 3] + b"\n")
    assert refused(f"file:{tmp_path}").reason


def test_a_run_file_with_a_hand_edited_input_price_is_refused(tmp_path: Path) -> None:
    path = paused_file_run(tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines()
    inputs = json.loads(lines[1])
    inputs["offers"][1]["monthly"] = 50
    lines[1] = json.dumps(inputs)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert refused(f"file:{tmp_path}").reason == "the inputs do not match the stored fingerprint"


def test_a_run_file_with_a_damaged_head_is_refused(tmp_path: Path) -> None:
    path = paused_file_run(tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[0] = lines[0].replace(f'"format":{FORMAT}', f'"format":"{FORMAT}"')
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert refused(f"file:{tmp_path}").reason == "field format must be an integer"


def test_a_run_file_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    path = paused_file_run(tmp_path)
    path.write_bytes(b"\xff\xfe" + path.read_bytes())
    assert "not UTF-8" in refused(f"file:{tmp_path}").reason


def sqlite_run(tmp_path: Path) -> Path:
    stored_seed_run(f"sqlite:{tmp_path / 'runs.db'}", max_steps=2)
    inflate_in_place(tmp_path / "runs.db")
    return tmp_path / "runs.db"


def edit(db: Path, sql: str) -> None:
    with sqlite3.connect(db) as conn:
        conn.execute(sql)


def test_a_sqlite_run_with_edited_inputs_is_refused(tmp_path: Path) -> None:
    db = sqlite_run(tmp_path)
    edit(db, "UPDATE run_inputs SET body = replace(body, '90', '50')")
    assert refused(f"sqlite:{db}").reason == "the inputs do not match the stored fingerprint"


def test_a_sqlite_run_with_damaged_step_json_is_refused(tmp_path: Path) -> None:
    db = sqlite_run(tmp_path)
    edit(db, "UPDATE run_steps SET body = substr(body, 1, 10) WHERE version = 2")
    assert "step is not valid JSON" in refused(f"sqlite:{db}").reason


def test_a_sqlite_step_that_is_not_utf8_is_refused_as_corrupt(tmp_path: Path) -> None:
    db = sqlite_run(tmp_path)
    edit(db, "UPDATE run_steps SET body = CAST(X'7b2261223a22ff227d' AS TEXT) WHERE version = 1")
    assert "not valid UTF-8" in refused(f"sqlite:{db}").reason


def test_a_sqlite_run_with_a_lost_step_is_refused(tmp_path: Path) -> None:
    db = sqlite_run(tmp_path)
    edit(db, "DELETE FROM run_steps WHERE version = 1")
    assert refused(f"sqlite:{db}").reason == "the history does not hold steps 1 to 2"


def test_a_sqlite_run_whose_cursor_was_edited_fails_its_checksum(tmp_path: Path) -> None:
    db = sqlite_run(tmp_path)
    edit(db, "UPDATE runs SET next = 'publish'")
    edit(db, "UPDATE run_steps SET next = 'publish' WHERE version = 2")
    assert "step 2's checksum does not match" in refused(f"sqlite:{db}").reason


def test_a_journal_append_cut_short_by_a_crash_is_ignored(tmp_path: Path) -> None:
    store = open_store(f"file:{tmp_path}")
    store.setup()
    store.record_generation("r", "2:draft:0", {"status": "started", "attempt": 1})
    with open(tmp_path / "r.generations", "a", encoding="utf-8") as handle:
        handle.write('{"key":"2:draft:0","record":{"status":"do')
    assert store.generations("r") == {"2:draft:0": {"status": "started", "attempt": 1}}


def test_a_damaged_journal_line_is_refused(tmp_path: Path) -> None:
    store = open_store(f"file:{tmp_path}")
    store.setup()
    (tmp_path / "r.generations").write_text('{"key":\n', encoding="utf-8")
    with pytest.raises(CheckpointCorrupt):
        store.generations("r")
