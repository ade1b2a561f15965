"""The generation journal is sealed like the steps (issue 19 item 19): a journaled model
answer edited in the store (a ``done`` record whose step is not saved yet) is refused on
resume, on SQLite and file stores, unsigned (checksum) and under a signing key (HMAC);
under a key a record forged without it, or with its seal removed, is refused too."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from stepgraph import (
    END,
    CheckpointCorrupt,
    Graph,
    NodeError,
    Policy,
    decide,
    open_store,
    resume,
    run,
)
from stepgraph.offers import graph, make_inputs
from stepgraph.stores._journal import seal_record
from tests.integration.test_tampering import variants
from tests.support import CountingFixture, seed_offers

KEY = b"a signing key of enough length"
SLOT = "2:ask:0"
FAIL_ONCE: list[bool] = []


class Pricer:
    id = "pricer-v1"

    def generate(self, request: Any) -> Any:
        return {"price": 120}


def start(state: dict[str, Any], context: Any) -> dict[str, Any]:
    return {"started": True}


def ask(state: dict[str, Any], context: Any) -> dict[str, Any]:
    answer = context.generate(instructions="the price of A", data={"offer": "A"})
    if FAIL_ONCE:
        FAIL_ONCE.pop()
        raise RuntimeError("killed after the answer was journaled")
    return {"answer": answer}


GRAPH = Graph(name="asker", entry="start", nodes={"start": start, "ask": ask},
              edges={"start": "ask", "ask": END})  # fmt: skip


def url_of(kind: str, folder: Path) -> str:
    return f"sqlite:{folder / 'runs.db'}" if kind == "sqlite" else f"file:{folder / 'runs'}"


def journaled(url: str, key: bytes | None) -> None:
    """Run "r" until ask's answer is journaled and its step is not saved."""
    FAIL_ONCE.append(True)
    with open_store(url, signing_key=key) as store:
        store.setup()
        with pytest.raises(NodeError):
            run(GRAPH, inputs={}, adapter=Pricer(), store=store, run_id="r")
        assert store.generations("r")[SLOT]["output"] == {"price": 120}


def rewrite(kind: str, folder: Path, change: Callable[[dict[str, Any]], dict[str, Any]]) -> None:
    """Replace the stored record of SLOT by ``change(stored record)``."""
    if kind == "sqlite":
        with sqlite3.connect(folder / "runs.db") as db:
            (body,) = db.execute(
                "SELECT body FROM run_generations WHERE key = ?", (SLOT,)
            ).fetchone()
            db.execute("UPDATE run_generations SET body = ? WHERE key = ?",
                       (json.dumps(change(json.loads(body))), SLOT))  # fmt: skip
        return
    path = folder / "runs" / "r.generations"
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        if entry["key"] == SLOT and entry["record"]["status"] == "done":
            entry["record"] = change(entry["record"])
        lines.append(json.dumps(entry))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def edited_answer(record: dict[str, Any]) -> dict[str, Any]:
    return {**record, "output": {"price": 1}}


def unsealed(record: dict[str, Any]) -> dict[str, Any]:
    return {name: value for name, value in edited_answer(record).items() if name != "sum"}


def forged_without_the_key(record: dict[str, Any]) -> dict[str, Any]:
    plain = {name: value for name, value in unsealed(record).items() if name != "sum_output"}
    forged: dict[str, Any] = json.loads(seal_record("r", SLOT, plain, None))
    return forged


def refused_on_resume(url: str, key: bytes | None) -> str:
    with open_store(url, signing_key=key) as store:
        with pytest.raises(CheckpointCorrupt) as refused:
            resume(GRAPH, run_id="r", adapter=Pricer(), store=store)
        current = store.load("r")
        assert current is not None
        assert (current.version, "answer" in current.state) == (1, False)
    return str(refused.value)


@pytest.mark.parametrize("kind", ["sqlite", "file"])
@pytest.mark.parametrize("key", [None, KEY], ids=["unsigned", "signed"])
def test_an_edited_journaled_answer_is_refused_on_resume(
    kind: str, key: bytes | None, tmp_path: Path
) -> None:
    url = url_of(kind, tmp_path)
    journaled(url, key)
    rewrite(kind, tmp_path, edited_answer)
    assert "answer was damaged or edited" in refused_on_resume(url, key)


@pytest.mark.parametrize("kind", ["sqlite", "file"])
@pytest.mark.parametrize("forge", [unsealed, forged_without_the_key])
def test_a_record_forged_without_the_key_is_refused_under_it(
    kind: str, forge: Callable[[dict[str, Any]], dict[str, Any]], tmp_path: Path
) -> None:
    url = url_of(kind, tmp_path)
    journaled(url, KEY)
    rewrite(kind, tmp_path, forge)
    assert "signature" in refused_on_resume(url, KEY)


@pytest.mark.parametrize("kind", ["sqlite", "file"])
def test_an_untouched_journaled_answer_is_used_once_on_resume(kind: str, tmp_path: Path) -> None:
    url = url_of(kind, tmp_path)
    journaled(url, KEY)
    with open_store(url, signing_key=KEY) as store:
        done = resume(GRAPH, run_id="r", adapter=Pricer(), store=store)
    assert done.state["answer"] == {"price": 120}


def published_run(folder: Path, key: bytes | None) -> Path:
    """A file-store offers run approved and published: model call and effect records."""
    with open_store(f"file:{folder}", signing_key=key) as store:
        store.setup()
        inputs = make_inputs(seed_offers(), outbox=str(folder / "out"))
        ready = run(graph, inputs=inputs, adapter=CountingFixture(), store=store, run_id="r")
        assert ready.checkpoint.wait is not None
        decide(store, "r", verdict="approve", actor="ada", digest_seen=ready.checkpoint.wait[
            "digest"], policy=Policy.from_mapping({"approve": ["ada"]}))  # fmt: skip
        resume(graph, run_id="r", adapter=CountingFixture(), store=store)
    return folder / "r.generations"


@pytest.mark.parametrize("key", [None, KEY], ids=["unsigned", "signed"])
def test_every_field_of_every_journal_record_edited_in_turn_is_refused(
    key: bytes | None, tmp_path: Path
) -> None:
    path = published_run(tmp_path, key)
    lines = path.read_text(encoding="utf-8").splitlines()
    tried, accepted = 0, []
    for index, line in enumerate(lines):
        entry = json.loads(line)
        for field, value in entry["record"].items():
            for edited in variants(value):
                if edited == value:
                    continue
                changed = {**entry, "record": {**entry["record"], field: edited}}
                text = "\n".join([*lines[:index], json.dumps(changed), *lines[index + 1 :]])
                path.write_text(text + "\n", encoding="utf-8")
                tried += 1
                try:
                    open_store(f"file:{tmp_path}", signing_key=key).generations("r")
                except CheckpointCorrupt:
                    continue
                accepted.append((index, field, edited))
    assert tried > 80  # the fields of the model call's and the effect's records
    assert accepted == []


def written_before_seals(record: dict[str, Any]) -> dict[str, Any]:
    """The record as stepgraph wrote it before journal records carried a seal."""
    return {name: value for name, value in record.items() if name not in ("sum", "sum_output")}


@pytest.mark.parametrize("kind", ["sqlite", "file"])
def test_an_unsigned_record_written_before_seals_is_used_once_on_resume(
    kind: str, tmp_path: Path
) -> None:
    url = url_of(kind, tmp_path)
    journaled(url, None)
    rewrite(kind, tmp_path, written_before_seals)
    with open_store(url) as store:
        done = resume(GRAPH, run_id="r", adapter=Pricer(), store=store)
    assert done.state["answer"] == {"price": 120}


@pytest.mark.parametrize("kind", ["sqlite", "file"])
def test_a_record_without_a_seal_is_refused_under_a_key(kind: str, tmp_path: Path) -> None:
    url = url_of(kind, tmp_path)
    journaled(url, KEY)
    rewrite(kind, tmp_path, written_before_seals)
    assert "has no signature" in refused_on_resume(url, KEY)
