"""Declared migrations: a run saved by an older revision is moved, recorded, or refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from stepgraph import END, Graph, open_store, resume, run
from stepgraph.checkpoint import EVENT, canonical_json, digest
from stepgraph.errors import (
    CheckpointCorrupt,
    FingerprintMismatch,
    GraphError,
    MigrationFailed,
    StrandedRun,
)
from stepgraph.migrations import Migration, migrate, stranded
from stepgraph.stores import Store
from tests.support import CountingFixture


def _count(state: dict[str, Any], context: Any) -> dict[str, Any]:
    return {"count": int(state.get("count") or 0) + 1}


def line(revision: int, names: tuple[str, ...] = ("a", "b"), **extra: Any) -> Graph:
    """a -> b -> END (node names given), each node counting."""
    edges = dict(zip(names, (*names[1:], END), strict=True))
    return Graph(name="line", revision=revision, entry=names[0],
                 nodes=dict.fromkeys(names, _count), edges=edges, **extra)  # fmt: skip


def started(store: Store, graph: Graph, steps: int = 1) -> str:
    run(graph, inputs={"x": 1}, adapter=CountingFixture(), store=store, run_id="r",
        max_steps=steps)  # fmt: skip
    return "r"


def add_total(state: dict[str, Any], cursor: str) -> tuple[dict[str, Any], str]:
    return {**state, "total": state["count"] * 10}, cursor


@pytest.fixture(params=["memory", "sqlite", "file"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Store:
    urls = {"memory": "memory:", "sqlite": f"sqlite:{tmp_path}/s.db",
            "file": f"file:{tmp_path}/runs"}  # fmt: skip
    opened = open_store(urls[request.param])
    opened.setup()
    return opened


def test_resume_applies_a_declared_migration_and_the_run_finishes(store: Store) -> None:
    started(store, line(1))
    new = line(2, migrations=[Migration(from_revision=1, to_revision=2, migrate=add_total)])
    result = resume(new, run_id="r", adapter=CountingFixture(), store=store)
    assert result.finished
    assert result.state["total"] == 10
    assert result.state["count"] == 2
    steps = [entry.node for entry in store.history("r")]
    assert steps == ["a", "@migrated", "b"]
    assert result.checkpoint.parts.revision == 2


def test_the_migrated_step_records_revisions_cursor_and_state_digests(store: Store) -> None:
    old = line(1)
    started(store, old)
    before = store.load("r")
    assert before is not None
    new = line(2, migrations=[Migration(from_revision=1, to_revision=2, migrate=add_total)])
    _, saved = migrate(store, new, "r", by="ops")
    assert saved is not None
    event = saved.update[EVENT]
    assert event["from"] == {"revision": 1, "shape": old.shape}
    assert event["to"] == {"revision": 2, "shape": new.shape}
    assert event["by"] == "ops"
    assert event["state_before"] == digest(canonical_json(before.state))
    assert event["state_after"] == digest(canonical_json({**before.state, "total": 10}))
    assert saved.update["total"] == 10


def test_a_migrated_run_reloads_and_its_checksum_chain_verifies(store: Store) -> None:
    started(store, line(1))
    new = line(2, migrations=[Migration(from_revision=1, to_revision=2, migrate=add_total)])
    migrate(store, new, "r")
    loaded = store.load("r")
    assert loaded is not None
    assert (loaded.parts.revision, loaded.parts.shape) == (2, new.shape)
    assert loaded.step == "@migrated"


def test_a_chain_of_migrations_is_applied_in_order(store: Store) -> None:
    started(store, line(1))
    order: list[int] = []

    def mark(number: int) -> Any:
        def apply(state: dict[str, Any], cursor: str) -> tuple[dict[str, Any], str]:
            order.append(number)
            return {**state, "seen": [*state.get("seen", []), number]}, cursor

        return apply

    later = Migration(from_revision=2, to_revision=3, migrate=mark(2))
    new = line(3, migrations=[later, Migration(from_revision=1, to_revision=2, migrate=mark(1))])
    _, saved = migrate(store, new, "r")
    assert order == [1, 2]
    assert saved is not None
    assert saved.update["seen"] == [1, 2]
    assert saved.update[EVENT]["migrations"] == [[1, 2], [2, 3]]


def test_a_renamed_node_moves_the_cursor_to_its_new_name(store: Store) -> None:
    started(store, line(1))  # cursor on b
    new = line(2, ("a", "second"), migrations=[
        Migration(from_revision=1, to_revision=2, nodes={"b": "second"})])  # fmt: skip
    result = resume(new, run_id="r", adapter=CountingFixture(), store=store)
    assert result.trace == ("a", "second")
    assert result.finished


def test_a_cursor_on_a_removed_node_that_nothing_moves_is_refused(store: Store) -> None:
    started(store, line(1))
    new = line(2, ("a", "c"), migrations=[
        Migration(from_revision=1, to_revision=2, nodes={"b": None})])  # fmt: skip
    with pytest.raises(MigrationFailed, match="node 'b' was removed"):
        resume(new, run_id="r", adapter=CountingFixture(), store=store)
    loaded = store.load("r")
    assert loaded is not None
    assert loaded.version == 1


def test_without_a_migration_the_refusal_names_the_gap_and_the_command(store: Store) -> None:
    started(store, line(1))
    with pytest.raises(StrandedRun) as caught:
        resume(line(3), run_id="r", adapter=CountingFixture(), store=store)
    assert isinstance(caught.value, FingerprintMismatch)
    assert caught.value.part == "revision"
    assert "no migration from revision 1 to 3" in str(caught.value)
    assert "stepgraph migrate r" in str(caught.value)


def test_a_shape_change_without_a_revision_bump_is_stranded(store: Store) -> None:
    started(store, line(1))
    with pytest.raises(StrandedRun) as caught:
        resume(line(1, ("a", "c")), run_id="r", adapter=CountingFixture(), store=store)
    assert caught.value.part == "shape"
    assert "without a revision bump" in caught.value.why


def test_a_migration_that_removes_a_state_key_is_refused(store: Store) -> None:
    started(store, line(1))

    def drop(state: dict[str, Any], cursor: str) -> tuple[dict[str, Any], str]:
        return {key: value for key, value in state.items() if key != "count"}, cursor

    new = line(2, migrations=[Migration(from_revision=1, to_revision=2, migrate=drop)])
    with pytest.raises(MigrationFailed, match="removes state key 'count'"):
        migrate(store, new, "r")


def test_a_migration_that_raises_saves_nothing(store: Store) -> None:
    started(store, line(1))

    def broken(state: dict[str, Any], cursor: str) -> tuple[dict[str, Any], str]:
        raise KeyError("price")

    new = line(2, migrations=[Migration(from_revision=1, to_revision=2, migrate=broken)])
    with pytest.raises(MigrationFailed, match="KeyError"):
        migrate(store, new, "r")
    assert [entry.node for entry in store.history("r")] == ["a"]


def test_a_dry_run_shows_the_step_and_saves_nothing(store: Store) -> None:
    started(store, line(1))
    new = line(2, migrations=[Migration(from_revision=1, to_revision=2, migrate=add_total)])
    _, would = migrate(store, new, "r", dry_run=True)
    assert would is not None
    assert would.update["total"] == 10
    loaded = store.load("r")
    assert loaded is not None
    assert loaded.parts.revision == 1
    assert loaded.version == 1


def test_a_migration_that_changes_an_input_rebinds_the_inputs_part(store: Store) -> None:
    started(store, line(1))

    def bump(state: dict[str, Any], cursor: str) -> tuple[dict[str, Any], str]:
        return {**state, "x": 2}, cursor

    new = line(2, migrations=[Migration(from_revision=1, to_revision=2, migrate=bump)])
    migrate(store, new, "r")
    loaded = store.load("r")
    assert loaded is not None
    assert loaded.inputs == {"x": 2}
    assert loaded.parts.inputs == digest(canonical_json({"x": 2}))


def test_an_edited_revision_in_a_migrated_head_is_refused(tmp_path: Path) -> None:
    url = f"file:{tmp_path}/runs"
    with open_store(url) as store:
        store.setup()
        started(store, line(1))
        migrate(store, line(2, migrations=[Migration(from_revision=1, to_revision=2)]), "r")
    path = tmp_path / "runs" / "r.jsonl"
    lines = path.read_text().splitlines()
    migrated = json.loads(lines[-1])  # the @migrated step carries the parts it binds
    migrated["parts"]["revision"] = 7  # the head's fingerprint is their digest
    path.write_text("\n".join([*lines[:-1], json.dumps(migrated)]) + "\n")
    with open_store(url) as store, pytest.raises(CheckpointCorrupt, match="last migration"):
        store.load("r")


def test_a_run_migrated_twice_still_verifies_from_its_first_revision(store: Store) -> None:
    started(store, line(1))
    migrate(store, line(2, migrations=[Migration(from_revision=1, to_revision=2)]), "r")
    third = line(3, ("a", "c"), migrations=[
        Migration(from_revision=2, to_revision=3, nodes={"b": "c"})])  # fmt: skip
    result = resume(third, run_id="r", adapter=CountingFixture(), store=store)
    assert result.finished
    assert result.trace == ("a", "c")
    assert [entry.node for entry in store.history("r")] == ["a", "@migrated", "@migrated", "c"]


def test_stranded_lists_runs_the_code_cannot_continue_with_why(store: Store) -> None:
    started(store, line(1))
    run(line(1), inputs={"x": 2}, adapter=CountingFixture(), store=store, run_id="done")
    rows = stranded(store, line(3))
    assert [(row.run_id, row.migratable) for row in rows] == [("r", False)]
    assert "no migration from revision 1 to 3" in rows[0].why
    movable = stranded(store, line(3, migrations=[Migration(from_revision=1, to_revision=3)]))
    assert [(row.run_id, row.migratable) for row in movable] == [("r", True)]


def test_a_graph_refuses_a_migration_past_its_revision() -> None:
    with pytest.raises(GraphError, match="past the graph's revision 2"):
        line(2, migrations=[Migration(from_revision=1, to_revision=3)])


def test_a_graph_refuses_two_migrations_from_one_revision() -> None:
    with pytest.raises(GraphError, match="two migrations start at revision 1"):
        line(3, migrations=[Migration(from_revision=1, to_revision=2),
                            Migration(from_revision=1, to_revision=3)])  # fmt: skip
