"""Record format 2 (``packing.py``, SQLite migration 4): what a run stores is smaller,
and what it loads is exactly what format 1 loaded. Runs written in format 1
(``tests/fixtures/format_1``, written by commit 6f7fbf6's code) load as that code read
them, resume, and stay in format 1."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from stepgraph import open_store, run
from stepgraph import runner as runner_module
from stepgraph.errors import CheckpointCorrupt
from stepgraph.offers import FixtureAdapter, graph, make_inputs
from tests.old_formats import as_read, old_store, resume_and_approve
from tests.support import inflate_in_place, seed_offers

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "format_1"
EXPECTED = json.loads((FIXTURE / "expected.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("kind", ["sqlite", "file"])
@pytest.mark.parametrize("run_id", ["ready", "paused", "missing"])
def test_a_format_1_run_loads_exactly_as_its_own_code_read_it(
    tmp_path: Path, kind: str, run_id: str
) -> None:
    with old_store(FIXTURE, tmp_path, kind) as store:
        assert as_read(store, run_id) == EXPECTED[f"{kind} {run_id}"]


@pytest.mark.parametrize("kind", ["sqlite", "file"])
def test_a_format_1_run_resumes_and_its_new_steps_stay_in_format_1(
    tmp_path: Path, kind: str
) -> None:
    with old_store(FIXTURE, tmp_path, kind) as store:
        assert resume_and_approve(store) == [1, 1]
    if kind == "sqlite":
        with sqlite3.connect(tmp_path / "runs.db") as db:
            rows = db.execute("SELECT typeof(at), typeof(sum), body FROM run_steps").fetchall()
        assert {(at, chained) for at, chained, _ in rows} == {("text", "text")}
        assert not any('"^' in body for _, _, body in rows)


def test_opening_a_format_1_sqlite_store_applies_migrations_4_to_6_and_keeps_its_rows(
    tmp_path: Path,
) -> None:
    with old_store(FIXTURE, tmp_path, "sqlite") as store:
        store.setup()
    tables = ("run_steps", "runs", "run_generations")
    with sqlite3.connect(tmp_path / "runs.db") as db:
        applied = [row[0] for row in db.execute("SELECT version FROM stepgraph_migrations")]
        columns = {row[1]: row[2] for table in ("run_steps", "runs")
                   for row in db.execute(f"PRAGMA table_info({table})")}  # fmt: skip
        rows = [db.execute(f"SELECT * FROM {table} ORDER BY 1, 2").fetchall() for table in tables]
    with sqlite3.connect(FIXTURE / "runs.db") as db:
        assert [db.execute(f"SELECT * FROM {table} ORDER BY 1, 2").fetchall()
                for table in tables] == rows  # fmt: skip
    assert applied == [1, 2, 3, 4, 5, 6]
    assert (columns["at"], columns["sum"]) == ("INTEGER", "BLOB")
    assert (columns["inputs_digest"], columns["fingerprint"], columns["created_at"],
            columns["updated_at"]) == ("BLOB", "BLOB", "INTEGER", "TEXT")  # fmt: skip


def test_a_new_sqlite_run_stores_step_times_as_milliseconds_and_sums_as_bytes(
    tmp_path: Path,
) -> None:
    with open_store(f"sqlite:{tmp_path / 'runs.db'}") as store:
        done = run(graph, inputs=make_inputs(seed_offers()), adapter=FixtureAdapter(),
                   store=store, run_id="r")  # fmt: skip
        history = store.history("r")
    with sqlite3.connect(tmp_path / "runs.db") as db:
        rows = db.execute("SELECT at, sum FROM run_steps ORDER BY version").fetchall()
    assert done.checkpoint.format >= 2  # format 3 too
    assert [type(at) for at, _ in rows] == [int] * 3
    assert [bytes.fromhex(entry.sum.removeprefix("sha256:")) for entry in history] == [
        chained for _, chained in rows
    ]


def test_a_new_sqlite_run_head_stores_its_digests_as_bytes_and_its_start_as_milliseconds(
    tmp_path: Path,
) -> None:
    with open_store(f"sqlite:{tmp_path / 'runs.db'}") as store:
        run(graph, inputs=make_inputs(seed_offers()), adapter=FixtureAdapter(), store=store,
            run_id="r")  # fmt: skip
        cp = store.load("r")
        assert cp is not None
    with sqlite3.connect(tmp_path / "runs.db") as db:
        head = db.execute("SELECT inputs_digest, fingerprint, created_at, updated_at FROM runs"
                          ).fetchone()  # fmt: skip
    assert head[:2] == (bytes.fromhex(cp.parts.inputs), bytes.fromhex(cp.fingerprint))
    assert isinstance(head[2], int)
    assert head[3] == cp.updated_at  # listings order runs by it, old and new alike
    assert cp.created_at.endswith("+00:00")


def packed_and_plain(store_url: str, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The same runs written in format 2 and in format 1, as loaded (times and sums aside)."""
    found = []
    for fmt in (2, 1):
        monkeypatch.setattr(runner_module, "FORMAT", fmt)
        with open_store(store_url) as store:
            for run_id, steps in (("whole", None), ("paused", 2)):
                name = f"{run_id}-{fmt}"
                run(graph, inputs=make_inputs(seed_offers()), adapter=FixtureAdapter(),
                    store=store, run_id=name, max_steps=steps)  # fmt: skip
                cp = store.load(name)
                assert cp is not None
                assert cp.format == fmt
                history = [(e.version, e.node, e.update, e.next, e.status)
                           for e in store.history(name)]  # fmt: skip
                found.append(json.dumps([cp.state, cp.wait, cp.status, history]))
    return found


@pytest.mark.parametrize("kind", ["memory", "sqlite", "file"])
def test_a_packed_run_loads_exactly_the_state_and_history_of_a_plain_one(
    tmp_path: Path, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = {"memory": "memory:", "sqlite": f"sqlite:{tmp_path / 'r.db'}",
           "file": f"file:{tmp_path / 'runs'}"}[kind]  # fmt: skip
    found = packed_and_plain(url, monkeypatch)
    assert found[:2] == found[2:]


def sqlite_run(tmp_path: Path) -> Path:
    with open_store(f"sqlite:{tmp_path / 'runs.db'}") as store:
        run(graph, inputs=make_inputs(seed_offers()), adapter=FixtureAdapter(), store=store,
            run_id="r")  # fmt: skip
    inflate_in_place(tmp_path / "runs.db")  # format 3 deflates them: the packed text here
    return tmp_path / "runs.db"


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        ('{"^":1,', '{"^":0,', "checksum does not match"),
        ('{"^":1,', '{"^":7,', "does not unpack"),
        ('"start":0,"end":60', '"start":0,"end":59', "checksum does not match"),
        ('"start":0,"end":60', '"start":0,"end":61', "does not unpack"),
        ('[["report","rationale"]', '[["report","recommendedId"]', "does not unpack"),
        ('"^":"nscd"', '"^":"nsd"', "checksum does not match"),
        ('{"^":["offers"]}', '{"^":["nothing"]}', "does not unpack"),
    ],
)
def test_an_edited_reference_in_a_packed_step_is_refused(
    tmp_path: Path, old: str, new: str, reason: str
) -> None:
    db = sqlite_run(tmp_path)
    with sqlite3.connect(db) as conn:
        changed = conn.execute("UPDATE run_steps SET body = replace(body, ?, ?)", (old, new))
        assert changed.rowcount == 3
        assert conn.execute("SELECT count(*) FROM run_steps WHERE instr(body, ?)",
                            (new,)).fetchone() == (1,)  # fmt: skip
    with open_store(f"sqlite:{db}") as store, pytest.raises(CheckpointCorrupt, match=reason):
        store.load("r")
