"""Tampering: every field of a stored run mutated in turn, and every truncation, is refused.

A refused record raises ``CheckpointCorrupt`` (or ``FingerprintMismatch`` when the
edit reaches the inputs as a caller sees them); nothing is accepted silently.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from stepgraph import (
    CheckpointCorrupt,
    FingerprintMismatch,
    Policy,
    decide,
    open_store,
    resume,
    run,
    supply,
)
from stepgraph.offers import graph, make_inputs
from tests.support import CountingFixture, inflate_in_place, seed_offers, stored_seed_run

REFUSED = (CheckpointCorrupt, FingerprintMismatch)
LAYOUT_1 = Path(__file__).resolve().parents[1] / "fixtures" / "file_layout_1" / "runs"


def file_run(folder: Path) -> Path:
    stored_seed_run(f"file:{folder}")
    return folder / "r.jsonl"


def variants(value: Any) -> Iterator[Any]:
    """Plausible edits of one stored value: same type changed, and another type."""
    if isinstance(value, bool):
        yield not value
    elif isinstance(value, int):
        yield from (value + 1, value - 1, str(value))
    elif isinstance(value, str):
        yield from (value + "x", "", "ready_for_review" if value != "ready_for_review" else "END")
    elif isinstance(value, dict):
        yield {}
        yield {**value, "extra": 1}
        for key, item in value.items():
            for edited in variants(item):
                yield {**value, key: edited}
    elif isinstance(value, list):
        yield []
        yield value[:-1]
        yield [*value, value[-1] if value else 0]
    else:
        yield 0


def refused(folder: Path) -> bool:
    store = open_store(f"file:{folder}")
    try:
        resume(graph, run_id="r", adapter=CountingFixture(), store=store,
               inputs=make_inputs(seed_offers()))  # fmt: skip
    except REFUSED:
        return True
    return False


def test_every_field_of_every_line_edited_in_turn_is_refused(tmp_path: Path) -> None:
    path = file_run(tmp_path)
    original = path.read_text(encoding="utf-8")
    lines = original.splitlines()
    accepted = []
    tried = 0
    for index, line in enumerate(lines):
        record = json.loads(line)
        for key, value in record.items():
            for edited in variants(value):
                if edited == value:
                    continue  # not an edit
                changed = list(lines)
                changed[index] = json.dumps({**record, key: edited}, separators=(",", ":"))
                path.write_text("\n".join(changed) + "\n", encoding="utf-8")
                tried += 1
                if not refused(tmp_path):
                    accepted.append((index, key, edited))
    path.write_text(original, encoding="utf-8")
    assert tried > 100
    assert accepted == []
    assert not refused(tmp_path)  # the untouched file still loads


def test_a_file_truncated_at_every_byte_offset_loads_a_complete_version_or_is_refused(
    tmp_path: Path,
) -> None:
    path = file_run(tmp_path)
    data = path.read_bytes()
    store = open_store(f"file:{tmp_path}")
    sums = [entry.sum for entry in store.history("r")]
    for offset in range(len(data)):
        path.write_bytes(data[:offset])
        steps = data[:offset].count(b"\n") - 2  # complete step lines; a torn one is not
        if steps < 1:
            with pytest.raises(CheckpointCorrupt):
                store.load("r")
            continue
        loaded = store.load("r")
        assert loaded is not None
        assert (loaded.version, loaded.sum) == (steps, sums[steps - 1])
    path.write_bytes(data)
    assert store.load("r") is not None


def test_a_layout_1_file_truncated_at_every_byte_offset_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "ready.jsonl"
    data = (LAYOUT_1 / "ready.jsonl").read_bytes()
    store = open_store(f"file:{tmp_path}")
    for offset in range(len(data)):
        path.write_bytes(data[:offset])
        with pytest.raises(CheckpointCorrupt):
            store.load("ready")
    path.write_bytes(data)
    assert store.load("ready") is not None


def test_new_inputs_with_the_old_fingerprint_are_refused(tmp_path: Path) -> None:
    path = file_run(tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines()
    inputs = json.loads(lines[1])
    inputs["offers"][0]["monthly"] = 1
    lines[1] = json.dumps(inputs)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(CheckpointCorrupt, match="inputs do not match the stored fingerprint"):
        open_store(f"file:{tmp_path}").load("r")


def test_status_rewritten_to_ready_without_a_report_is_refused(tmp_path: Path) -> None:
    store = open_store(f"file:{tmp_path}")
    store.setup()
    run(graph, inputs=make_inputs(seed_offers()), adapter=CountingFixture(), store=store,
        run_id="r", max_steps=1)  # fmt: skip
    path = tmp_path / "r.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines()
    step = json.loads(lines[2])  # the run's status is its last step's
    step.update(status="ready_for_review", next="END")
    lines[2] = json.dumps(step)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(CheckpointCorrupt, match="step 1's checksum does not match"):
        store.load("r")


def sqlite_run(folder: Path) -> Path:
    stored_seed_run(f"sqlite:{folder / 'runs.db'}")
    return folder / "runs.db"


SQLITE_EDITS = [
    ("runs", column, value)
    for column, value in [("format", 1), ("format", 2), ("format", 4), ("graph", "other"),
                          ("shape", "0" * 16),
                          ("revision", 99), ("adapter", "x-v1"), ("inputs_digest", "0" * 64),
                          ("fingerprint", "0" * 64), ("next", "draft"), ("status", "blocked"),
                          ("version", 2), ("created_at", "2020-01-01T00:00:00.000+00:00"),
                          ("updated_at", "2020-01-01T00:00:00.000+00:00")]
] + [("run_inputs", "body", '{"offers":[]}')] + [
    ("run_steps", column, value)
    for column, value in [("node", "verify"), ("body", '{"status":"approved"}'),
                          ("next", "END"), ("status", "ready_for_review"),
                          ("at", "2020-01-01T00:00:00.000+00:00"), ("sum", "sha256:00")]
]  # fmt: skip


@pytest.mark.parametrize(("table", "column", "value"), SQLITE_EDITS)
def test_every_sqlite_column_edited_is_refused(
    tmp_path: Path, table: str, column: str, value: Any
) -> None:
    db = sqlite_run(tmp_path)
    with sqlite3.connect(db) as conn:
        where = " WHERE version = 2" if table == "run_steps" else ""
        conn.execute(f"UPDATE {table} SET {column} = ?{where}", (value,))
    store = open_store(f"sqlite:{db}")
    with pytest.raises(REFUSED):
        resume(graph, run_id="r", adapter=CountingFixture(), store=store,
               inputs=make_inputs(seed_offers()))  # fmt: skip


def test_an_edited_decision_actor_is_refused(tmp_path: Path) -> None:
    url = f"sqlite:{tmp_path / 'runs.db'}"
    with open_store(url) as store:
        store.setup()
        ready = run(graph, inputs=make_inputs(seed_offers()), adapter=CountingFixture(),
                    store=store, run_id="r")  # fmt: skip
        assert ready.checkpoint.wait is not None
        decide(store, "r", verdict="approve", actor="ada", policy=Policy.from_mapping(
            {"approve": ["ada"]}), digest_seen=ready.checkpoint.wait["digest"])  # fmt: skip
    inflate_in_place(tmp_path / "runs.db")  # the step's text, to edit as a person would
    with sqlite3.connect(tmp_path / "runs.db") as conn:
        changed = conn.execute("UPDATE run_steps SET body = replace(body, '\"ada\"', '\"eve\"') "
                               "WHERE node = '@decision'").rowcount  # fmt: skip
    assert changed == 1
    with open_store(url) as store, pytest.raises(CheckpointCorrupt, match="checksum"):
        store.load("r")


def test_every_edit_of_the_parts_an_event_step_binds_is_refused(tmp_path: Path) -> None:
    offers = seed_offers()
    offers[1]["monthly"] = None
    with open_store(f"file:{tmp_path}") as store:
        run(graph, inputs=make_inputs(offers), adapter=CountingFixture(), store=store,
            run_id="r")  # fmt: skip
        offers[1]["monthly"] = 95
        supply(store, "r", changes=make_inputs(offers), actor="cy",
               policy=Policy.from_mapping({"supply": ["cy"]}))  # fmt: skip
    path = tmp_path / "r.jsonl"
    original = path.read_text(encoding="utf-8")
    *earlier, last = original.splitlines()
    event = json.loads(last)
    accepted = []
    for edited in variants(event["parts"]):
        path.write_text("\n".join([*earlier, json.dumps({**event, "parts": edited})]) + "\n")
        with open_store(f"file:{tmp_path}") as store:
            try:
                store.load("r")
                accepted.append(edited)
            except REFUSED:
                pass
    assert len(list(variants(event["parts"]))) > 15
    assert accepted == []
