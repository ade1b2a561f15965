"""Record format 3 (``vocabulary.py``, SQLite migration 6): SQLite deflates a run's step
bodies, inputs and compacted journal records against a dictionary of what its graph
repeats, kept in the file itself; what a run loads is exactly what format 2 loaded.
Runs written in format 2 (``tests/fixtures/format_2``, written by commit 585e263's
code) load as that code read them, resume, and stay in format 2."""

from __future__ import annotations

import json
import sqlite3
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from stepgraph import END, Graph, Policy, decide, open_store, resume, run
from stepgraph import runner as runner_module
from stepgraph.checkpoint import Checkpoint, digest, dumps
from stepgraph.errors import CheckpointCorrupt, VersionConflict
from stepgraph.offers import FixtureAdapter, graph, make_inputs
from stepgraph.records import replace
from stepgraph.vocabulary import BASE, inflate
from tests.conftest import drop_schema, store_url
from tests.old_formats import as_read, old_store, resume_and_approve
from tests.support import seed_offers

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "format_2"
EXPECTED = json.loads((FIXTURE / "expected.json").read_text(encoding="utf-8"))
POLICY = Policy.from_mapping({"approve": ["ada"]})
BODIES = (("run_steps", "version"), ("run_inputs", "run_id"), ("run_generations", "key"))


def sqlite_run(folder: Path, run_id: str = "r", **options: Any) -> Path:
    """The seed's offers run ``run_id`` into ``folder/runs.db``, waiting for review."""
    with open_store(f"sqlite:{folder / 'runs.db'}") as store:
        run(graph, inputs=make_inputs(seed_offers()), adapter=FixtureAdapter(), store=store,
            run_id=run_id, **options)  # fmt: skip
    return folder / "runs.db"


def rows(db: Path, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db) as conn:
        return conn.execute(sql, params).fetchall()


def edit(db: Path, sql: str, *params: Any) -> None:
    with sqlite3.connect(db) as conn:
        assert conn.execute(sql, params).rowcount >= 1


def dictionaries(db: Path) -> dict[int, bytes]:
    """The file's dictionaries by id, each checked against the digest stored beside it."""
    found = dict(rows(db, "SELECT id, body FROM stepgraph_dictionaries"))
    for number, sha in rows(db, "SELECT id, sha256 FROM stepgraph_dictionaries"):
        assert bytes.fromhex(digest_bytes(found[number])) == sha
    return found


def digest_bytes(data: bytes) -> str:
    import hashlib

    return hashlib.sha256(data).hexdigest()


def texts(db: Path, table: str) -> list[str]:
    """The stored texts of ``table``'s bodies, each deflated one inflated with the
    dictionary its first byte names."""
    held = dictionaries(db)
    found = []
    order = dict(BODIES)[table]
    for (body,) in rows(db, f"SELECT body FROM {table} ORDER BY run_id, {order}"):
        if isinstance(body, bytes):
            assert body[0] < 0x80  # one byte names the dictionary while there are few
            found.append(inflate(body[1:], held[body[0]], None, table))
        else:
            found.append(body)
    return found


def test_a_new_sqlite_run_is_format_3_with_its_steps_inputs_and_journal_deflated(
    tmp_path: Path,
) -> None:
    db = sqlite_run(tmp_path)
    with open_store(f"sqlite:{db}") as store:
        cp = store.load("r")
        assert cp is not None
        assert cp.format == 3
    for table, _ in BODIES:
        assert {kind for (kind,) in rows(db, f"SELECT typeof(body) FROM {table}")} == {"blob"}
    assert rows(db, "SELECT format FROM runs") == [(3,)]


def test_each_deflated_body_names_the_dictionary_of_its_graph_held_in_the_file(
    tmp_path: Path,
) -> None:
    db = sqlite_run(tmp_path)
    held = rows(db, "SELECT id, sha256, body FROM stepgraph_dictionaries")
    assert held == [(1, graph.vocabulary.digest, graph.vocabulary.data)]
    for table, _ in BODIES:
        assert {body[0] for (body,) in rows(db, f"SELECT body FROM {table}")} == {1}
    assert texts(db, "run_inputs") == [dumps(make_inputs(seed_offers()))]


def test_a_deflated_body_holds_the_same_text_a_format_2_store_holds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    deflated = sqlite_run(tmp_path / "three")
    monkeypatch.setattr(runner_module, "FORMAT", 2)
    plain = sqlite_run(tmp_path / "two")
    step_texts = [body for (body,) in rows(plain, "SELECT body FROM run_steps ORDER BY version")]
    assert texts(deflated, "run_steps") == step_texts


def loaded_runs(url: str, formats: tuple[int, ...], monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The same runs written in each of ``formats``, as loaded (times and sums aside): the
    state and history as text (key order counts), the journal as data (PostgreSQL's
    compaction orders a record's keys)."""
    found = []
    for fmt in formats:
        monkeypatch.setattr(runner_module, "FORMAT", fmt)
        with open_store(url) as store:
            store.setup()
            for run_id, steps in (("whole", None), ("paused", 2)):
                name = f"{run_id}-{fmt}"
                run(graph, inputs=make_inputs(seed_offers()), adapter=FixtureAdapter(),
                    store=store, run_id=name, max_steps=steps)  # fmt: skip
                cp = store.load(name)
                assert cp is not None
                assert cp.format == fmt
                history = [(e.version, e.node, e.update, e.next, e.status)
                           for e in store.history(name)]  # fmt: skip
                journal = {key: {k: v for k, v in record.items() if k not in ("at", "latency_ms")}
                           for key, record in store.generations(name).items()}  # fmt: skip
                found.append([json.dumps([cp.state, cp.wait, cp.status, history]), journal])
    return found


@pytest.mark.parametrize("kind", ["memory", "sqlite", "file"])
def test_a_format_3_run_loads_exactly_the_state_history_and_journal_of_a_format_2_one(
    tmp_path: Path, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    found = loaded_runs(store_url(kind, tmp_path), (3, 2), monkeypatch)
    assert found[:2] == found[2:]


def test_a_format_3_run_on_postgresql_keeps_json_text_and_loads_as_on_sqlite(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, postgres_server: Any
) -> None:
    url = store_url("postgres", tmp_path)
    try:
        on_postgres = loaded_runs(url, (3,), monkeypatch)
        import psycopg

        schema = url.rsplit("schema=", 1)[1]
        with psycopg.connect(url.split("?", 1)[0]) as conn:
            conn.execute(f'SET search_path TO "{schema}"')
            bodies = [row[0] for row in conn.execute("SELECT body FROM run_steps").fetchall()]
    finally:
        drop_schema(url)
    assert all(isinstance(json.loads(body), dict) for body in bodies)
    assert on_postgres == loaded_runs(store_url("sqlite", tmp_path), (3,), monkeypatch)


def test_a_dictionary_is_stored_once_per_file_whatever_the_stores_and_runs(
    tmp_path: Path,
) -> None:
    url = f"sqlite:{tmp_path / 'runs.db'}"
    with open_store(url) as first, open_store(url) as second:
        for index in range(3):
            for store in (first, second):
                run(graph, inputs=make_inputs(seed_offers()), adapter=FixtureAdapter(),
                    store=store, run_id=f"r{index}-{id(store)}")  # fmt: skip
    assert rows(tmp_path / "runs.db", "SELECT count(*) FROM stepgraph_dictionaries") == [(1,)]


def echo(state: dict[str, Any], context: Any) -> dict[str, Any]:
    return {"said": f"{state['word']} said again, {state['word']} said again"}


def worded(*words: str) -> Graph:
    return Graph(name="echo", nodes={"a": echo, "b": echo}, edges={"a": "b", "b": END},
                 entry="a", vocabulary=words)  # fmt: skip


def test_runs_deflated_with_an_older_vocabulary_load_and_resume_after_it_changed(
    tmp_path: Path,
) -> None:
    url = f"sqlite:{tmp_path / 'runs.db'}"
    with open_store(url) as store:
        run(worded('{"said":"'), inputs={"word": "hello"}, adapter=FixtureAdapter(),
            store=store, run_id="r", max_steps=1)  # fmt: skip
    with open_store(url) as store:  # new code: other words; nothing cached from before
        done = resume(worded('{"said":"', "said again"), run_id="r",
                      adapter=FixtureAdapter(), store=store)  # fmt: skip
        assert done.checkpoint.state["said"] == "hello said again, hello said again"
        assert [entry.node for entry in store.history("r")] == ["a", "b"]
    db = tmp_path / "runs.db"
    assert [body[0] for (body,) in rows(db, "SELECT body FROM run_steps ORDER BY version")] == [
        1,
        2,
    ]
    assert len(dictionaries(db)) == 2


def test_an_event_step_is_deflated_against_the_library_words(tmp_path: Path) -> None:
    db = sqlite_run(tmp_path)
    with open_store(f"sqlite:{db}") as store:
        waiting = store.load("r")
        assert waiting is not None
        assert waiting.wait is not None
        decide(store, "r", verdict="approve", actor="ada", policy=POLICY,
               digest_seen=str(waiting.wait["digest"]))  # fmt: skip
        assert resume(graph, run_id="r", adapter=FixtureAdapter(), store=store).status == (
            "approved"
        )
    (event,) = rows(db, "SELECT body FROM run_steps WHERE node = '@decision'")
    assert rows(db, "SELECT sha256 FROM stepgraph_dictionaries WHERE id = ?", event[0][0]) == [
        (BASE.digest,)
    ]


def tiny(state: dict[str, Any], context: Any) -> dict[str, Any]:
    return {"n": 1}


def test_a_body_that_would_not_get_shorter_is_stored_as_text(tmp_path: Path) -> None:
    small = Graph(name="small", nodes={"a": tiny}, edges={"a": END}, entry="a")
    with open_store(f"sqlite:{tmp_path / 'runs.db'}") as store:
        run(small, inputs={}, adapter=FixtureAdapter(), store=store, run_id="r")
        cp = store.load("r")
        assert cp is not None
        assert cp.state == {"n": 1}
    assert rows(tmp_path / "runs.db", "SELECT typeof(body), body FROM run_steps") == [
        ("text", '{"n":1}')
    ]


def test_a_damaged_deflated_body_is_refused(tmp_path: Path) -> None:
    db = sqlite_run(tmp_path)
    (body,) = rows(db, "SELECT body FROM run_steps WHERE version = 3")[0]
    damaged = body[:40] + bytes([body[40] ^ 0x10]) + body[41:]
    edit(db, "UPDATE run_steps SET body = ? WHERE version = 3", damaged)
    with open_store(f"sqlite:{db}") as store, pytest.raises(CheckpointCorrupt):
        store.load("r")


def test_a_deflated_body_cut_short_is_refused_as_not_inflating(tmp_path: Path) -> None:
    db = sqlite_run(tmp_path)
    edit(db, "UPDATE run_steps SET body = substr(body, 1, 30) WHERE version = 3")
    with (
        open_store(f"sqlite:{db}") as store,
        pytest.raises(CheckpointCorrupt, match="step 3 does not inflate"),
    ):
        store.load("r")


def test_a_body_naming_a_dictionary_the_file_lacks_is_refused(tmp_path: Path) -> None:
    db = sqlite_run(tmp_path)
    (body,) = rows(db, "SELECT body FROM run_steps WHERE version = 2")[0]
    edit(db, "UPDATE run_steps SET body = ? WHERE version = 2", b"\x09" + body[1:])
    with (
        open_store(f"sqlite:{db}") as store,
        pytest.raises(CheckpointCorrupt, match="dictionary 9, which the store does not hold"),
    ):
        store.load("r")


def test_an_edited_dictionary_is_refused(tmp_path: Path) -> None:
    db = sqlite_run(tmp_path)
    (body,) = rows(db, "SELECT body FROM stepgraph_dictionaries WHERE id = 1")[0]
    edit(db, "UPDATE stepgraph_dictionaries SET body = ? WHERE id = 1", body.replace(b"a", b"A"))
    with (
        open_store(f"sqlite:{db}") as store,
        pytest.raises(CheckpointCorrupt, match="dictionary 1 does not match its digest"),
    ):
        store.load("r")


def test_the_journal_of_a_saved_step_is_deflated_without_its_output(tmp_path: Path) -> None:
    db = sqlite_run(tmp_path)
    (record,) = texts(db, "run_generations")
    assert "output" not in json.loads(record)
    with open_store(f"sqlite:{db}") as store:
        journal = store.generations("r")
    assert journal["2:draft:0"]["status"] == "done"
    assert "output" not in journal["2:draft:0"]


def test_a_journal_record_holding_its_output_is_text_until_its_step_is_saved(
    tmp_path: Path,
) -> None:
    with open_store(f"sqlite:{tmp_path / 'runs.db'}") as store:
        store.setup()
        store.record_generation("r", "1:a:0", {"status": "done", "output": {"x": 1}})
        assert store.generations("r")["1:a:0"]["output"] == {"x": 1}
    assert rows(tmp_path / "runs.db", "SELECT typeof(body) FROM run_generations") == [("text",)]


def test_a_read_only_store_loads_a_deflated_run(tmp_path: Path) -> None:
    db = sqlite_run(tmp_path)
    with open_store(f"sqlite:{db}", read_only=True) as store:
        cp = store.load("r")
        assert cp is not None
        assert cp.status == "ready_for_review"
        assert len(store.history("r")) == 3


@pytest.mark.parametrize("kind", ["sqlite", "file"])
@pytest.mark.parametrize("run_id", ["ready", "paused", "missing"])
def test_a_format_2_run_loads_exactly_as_its_own_code_read_it(
    tmp_path: Path, kind: str, run_id: str
) -> None:
    with old_store(FIXTURE, tmp_path, kind) as store:
        assert as_read(store, run_id) == EXPECTED[f"{kind} {run_id}"]


@pytest.mark.parametrize("kind", ["sqlite", "file"])
def test_a_format_2_run_resumes_and_its_new_steps_stay_in_format_2(
    tmp_path: Path, kind: str
) -> None:
    with old_store(FIXTURE, tmp_path, kind) as store:
        assert resume_and_approve(store) == [2, 2]
    if kind == "sqlite":
        db = tmp_path / "runs.db"
        for table, _ in BODIES:
            assert {kind for (kind,) in rows(db, f"SELECT typeof(body) FROM {table}")} == {"text"}
        assert rows(db, "SELECT count(*) FROM stepgraph_dictionaries") == [(0,)]


def test_opening_a_format_2_sqlite_store_applies_migration_6_and_keeps_its_rows(
    tmp_path: Path,
) -> None:
    with old_store(FIXTURE, tmp_path, "sqlite") as store:
        store.setup()
    db = tmp_path / "runs.db"
    assert [number for (number,) in rows(db, "SELECT version FROM stepgraph_migrations")] == [
        1, 2, 3, 4, 5, 6,
    ]  # fmt: skip
    for table in ("runs", "run_inputs", "run_steps", "run_generations"):
        query = f"SELECT * FROM {table} ORDER BY 1, 2"
        assert rows(db, query) == rows(FIXTURE / "runs.db", query)


def test_a_format_3_store_is_refused_by_name_by_code_that_reads_only_up_to_format_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from stepgraph import checkpoint

    db = sqlite_run(tmp_path)
    monkeypatch.setattr(checkpoint, "FORMATS", (1, 2))
    with (
        open_store(f"sqlite:{db}") as store,
        pytest.raises(CheckpointCorrupt, match="unknown format 3"),
    ):
        store.load("r")


def test_the_stored_inputs_of_a_format_3_run_match_its_fingerprint(tmp_path: Path) -> None:
    db = sqlite_run(tmp_path)
    (text,) = texts(db, "run_inputs")
    with open_store(f"sqlite:{db}") as store:
        cp = store.load("r")
        assert cp is not None
    assert digest(json.dumps(json.loads(text), sort_keys=True, separators=(",", ":"),
                             ensure_ascii=False)) == cp.parts.inputs  # fmt: skip


@pytest.mark.parametrize("kind", ["sqlite", "file"])
def test_a_format_3_run_relabelled_as_format_2_fails_its_checksum(
    tmp_path: Path, kind: str
) -> None:
    url = store_url(kind, tmp_path)
    with open_store(url) as store:
        run(graph, inputs=make_inputs(seed_offers()), adapter=FixtureAdapter(), store=store,
            run_id="r")  # fmt: skip
    if kind == "sqlite":
        edit(tmp_path / "runs.db", "UPDATE runs SET format = 2")
    else:
        path = tmp_path / "runs" / "r.jsonl"
        path.write_text(path.read_text(encoding="utf-8").replace('"format":3', '"format":2'),
                        encoding="utf-8")  # fmt: skip
    with (
        open_store(url) as store,
        pytest.raises(CheckpointCorrupt, match="step 1's checksum does not match"),
    ):
        store.load("r")


def first_version(folder: Path, run_id: str) -> Checkpoint:
    """Version 1 of run ``run_id`` of the echo graph, as a save would get it (not chained),
    with the library's words as its vocabulary."""
    with open_store(f"sqlite:{folder / 'scratch.db'}") as scratch:
        run(worded('{"said":"'), inputs={"word": "hi"}, adapter=FixtureAdapter(),
            store=scratch, run_id=run_id, max_steps=1)  # fmt: skip
        loaded = scratch.load(run_id)
    assert loaded is not None
    return replace(loaded, sum="", vocabulary=None)


def stored_echo(db: Path) -> None:
    """Run "r" of the echo graph (its own dictionary) into ``db``."""
    with open_store(f"sqlite:{db}") as store:
        run(worded('{"said":"'), inputs={"word": "hi"}, adapter=FixtureAdapter(), store=store,
            run_id="r")  # fmt: skip


def test_a_save_rolled_back_after_adding_a_dictionary_leaves_no_number_of_a_lost_one(
    tmp_path: Path,
) -> None:
    db = tmp_path / "runs.db"
    stored_echo(db)
    taken, fresh = first_version(tmp_path, "r"), first_version(tmp_path, "s")
    with open_store(f"sqlite:{db}") as store:
        with pytest.raises(VersionConflict):  # it added the library words' dictionary first
            store.save(taken, expected_version=None)
        store.save(fresh, expected_version=None)
    with open_store(f"sqlite:{db}") as store:
        assert store.load("s") is not None
    assert len(dictionaries(db)) == 2


def test_a_save_of_a_group_rolled_back_after_adding_a_dictionary_leaves_no_lost_number(
    tmp_path: Path,
) -> None:
    from stepgraph.stores.sqlite import SqliteStore, _Save

    db = tmp_path / "runs.db"
    stored_echo(db)
    taken, fresh = first_version(tmp_path, "r"), first_version(tmp_path, "s")
    with open_store(f"sqlite:{db}") as store:
        assert isinstance(store, SqliteStore)
        group = [_Save(f"save {cp.run_id}", partial(store._save_in, checkpoint=cp,
                                                   expected_version=None))
                 for cp in (taken, fresh)]  # fmt: skip
        store._queue = list(group)  # one commit: r's savepoint rolled back, then s
        store._commit_queued()
        assert isinstance(group[0].error, VersionConflict)
        assert group[1].error is None
    with open_store(f"sqlite:{db}") as store:
        assert store.load("s") is not None
    assert len(dictionaries(db)) == 2
