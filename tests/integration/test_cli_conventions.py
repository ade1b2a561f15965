"""CLI conventions, in real subprocesses: closed pipes, global options anywhere, read
commands that never create a store, the same JSON for the same run, PostgreSQL errors
that come quickly and quietly."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import store_url
from tests.integration.cli_helpers import EXAMPLE, ROOT, stepgraph
from tests.pgcluster import shared_url


def closed_pipe_run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run the CLI with stdout a pipe whose reader is already gone (``... | true``)."""
    reader, writer = os.pipe()
    os.close(reader)  # every write to stdout now fails with EPIPE
    env = {k: v for k, v in os.environ.items() if not k.startswith("STEPGRAPH_")}
    env["PYTHONPATH"] = str(ROOT)
    try:
        return subprocess.run(
            [sys.executable, "-m", "stepgraph", *args],
            cwd=cwd, env=env, stdout=writer, stderr=subprocess.PIPE, text=True, timeout=60,
            check=False,
        )  # fmt: skip
    finally:
        os.close(writer)


def files_under(folder: Path) -> set[str]:
    return {str(path.relative_to(folder)) for path in folder.rglob("*")}


# --- a closed pipe ------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ("runs",),
        ("status", "r"),
        ("show", "r"),
        ("show", "r", "--json"),
        ("graph", "offers"),
        ("--help",),
        ("runs", "--help"),
    ],
)
def test_a_closed_pipe_ends_the_command_quietly(tmp_path: Path, args: tuple[str, ...]) -> None:
    assert stepgraph("run", "offers", EXAMPLE, "--run-id", "r", cwd=tmp_path).code == 0
    done = closed_pipe_run(*args, cwd=tmp_path)
    assert done.stderr == ""
    assert done.returncode == 0


def test_a_closed_pipe_keeps_the_commands_own_exit_code(tmp_path: Path) -> None:
    path = tmp_path / "in.csv"
    path.write_text("id,source,monthly\nA,a1,120\nB,b1,\n", encoding="utf-8")
    done = closed_pipe_run("run", "offers", str(path), "--run-id", "w", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (3, "")
    assert stepgraph("status", "w", cwd=tmp_path).code == 3  # the run was still saved


# --- global options before or after the command ----------------------------------------


def test_the_store_may_come_before_or_after_the_command(tmp_path: Path) -> None:
    store = f"sqlite:{tmp_path / 'elsewhere.db'}"
    assert stepgraph("--store", store, "run", "offers", EXAMPLE, "--run-id", "r",
                     cwd=tmp_path).code == 0  # fmt: skip
    before = stepgraph("--store", store, "runs", cwd=tmp_path)
    after = stepgraph("runs", "--store", store, cwd=tmp_path)
    assert (before.code, after.code) == (0, 0)
    assert before.out == after.out
    assert "r " in before.out
    assert not (tmp_path / ".stepgraph").exists()


def test_json_and_debug_may_come_before_the_command(tmp_path: Path) -> None:
    assert stepgraph("run", "offers", EXAMPLE, "--run-id", "r", cwd=tmp_path).code == 0
    before = stepgraph("--json", "--debug", "status", "r", cwd=tmp_path)
    after = stepgraph("status", "r", "--json", "--debug", cwd=tmp_path)
    assert before.json() == after.json()
    assert before.json()["status"] == "ready_for_review"


def test_an_option_after_the_command_wins_over_the_same_option_before_it(tmp_path: Path) -> None:
    good = f"sqlite:{tmp_path / 'good.db'}"
    assert stepgraph("run", "offers", EXAMPLE, "--run-id", "r", "--store", good,
                     cwd=tmp_path).code == 0  # fmt: skip
    done = stepgraph("--store", f"sqlite:{tmp_path / 'nope.db'}", "status", "r", "--store", good,
                     cwd=tmp_path)  # fmt: skip
    assert done.code == 0, done.err


# --- read commands never create a store -------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [("status", "nope"), ("show", "nope"), ("runs",), ("runs", "--status", "failed")],
)
def test_a_read_of_the_default_store_in_an_empty_folder_creates_nothing(
    tmp_path: Path, args: tuple[str, ...]
) -> None:
    done = stepgraph(*args, cwd=tmp_path)
    assert done.code == 2
    assert "no such store: sqlite:.stepgraph/runs.db" in done.err
    assert files_under(tmp_path) == set()


@pytest.mark.parametrize("store", ["file:nowhere/deeper", "sqlite:nowhere/runs.db"])
def test_a_read_of_a_missing_store_creates_no_folder(tmp_path: Path, store: str) -> None:
    done = stepgraph("show", "X", "--store", store, cwd=tmp_path)
    assert done.code == 2
    assert f"no such store: {store}" in done.err
    assert files_under(tmp_path) == set()


@pytest.mark.parametrize("store", ["sqlite:runs.db", "file:runs"])
def test_a_read_of_an_existing_store_leaves_its_folder_as_it_was(
    tmp_path: Path, store: str
) -> None:
    assert stepgraph("run", "offers", EXAMPLE, "--run-id", "r", "--store", store,
                     cwd=tmp_path).code == 0  # fmt: skip
    before = files_under(tmp_path)
    for args in (("status", "r"), ("show", "r"), ("runs",), ("status", "nope")):
        stepgraph(*args, "--store", store, cwd=tmp_path)
    assert files_under(tmp_path) == before


def test_a_sqlite_store_opened_for_reading_refuses_a_write(tmp_path: Path) -> None:
    from stepgraph.errors import StoreError
    from stepgraph.stores import open_existing_store

    url = f"sqlite:{tmp_path / 'runs.db'}"
    assert stepgraph("run", "offers", EXAMPLE, "--run-id", "r", "--store", url,
                     cwd=tmp_path).code == 0  # fmt: skip
    with open_existing_store(url) as store:
        with pytest.raises(StoreError, match="readonly"):
            store.delete("r")
        assert store.load("r") is not None


def test_resume_of_a_missing_store_creates_nothing(tmp_path: Path) -> None:
    done = stepgraph("resume", "r", "--store", "file:runs", cwd=tmp_path)
    assert done.code == 2
    assert "no such store: file:runs" in done.err
    assert files_under(tmp_path) == set()


def test_an_approval_on_a_missing_store_creates_nothing(tmp_path: Path) -> None:
    (tmp_path / "policy.json").write_text('{"approve": ["ada"]}', encoding="utf-8")
    done = stepgraph("approve", "r", "--digest", "d", "--by", "ada", "--policy", "policy.json",
                     "--store", "sqlite:x/r.db", cwd=tmp_path)  # fmt: skip
    assert done.code == 2
    assert "no such store: sqlite:x/r.db" in done.err
    assert files_under(tmp_path) == {"policy.json"}


def test_the_review_page_refuses_a_missing_store_before_serving(tmp_path: Path) -> None:
    (tmp_path / "policy.json").write_text('{"approve": ["ada"]}', encoding="utf-8")
    done = stepgraph("review", "--policy", "policy.json", cwd=tmp_path)
    assert done.code == 2
    assert "no such store" in done.err
    assert files_under(tmp_path) == {"policy.json"}


@pytest.mark.postgres
def test_a_postgresql_read_of_a_fresh_schema_creates_no_table(tmp_path: Path) -> None:
    import psycopg

    url = store_url("postgres", tmp_path)
    schema = url.rsplit("schema=", 1)[1]
    for args in (("runs",), ("status", "r"), ("show", "r")):
        done = stepgraph(*args, "--store", url, cwd=tmp_path)
        assert done.code == 2, done.err
        assert f"no such store: {url}" in done.err
    with psycopg.connect(shared_url()) as conn:
        schemas = conn.execute(
            "SELECT count(*) FROM information_schema.schemata WHERE schema_name = %s", (schema,)
        ).fetchone()
        tables = conn.execute(
            "SELECT count(*) FROM information_schema.tables WHERE table_schema = %s", (schema,)
        ).fetchone()
    assert (schemas, tables) == ((0,), (0,))


# --- PostgreSQL that cannot be reached ----------------------------------------------------


def test_an_unreachable_postgresql_store_fails_with_one_message_and_no_pool_noise(
    tmp_path: Path,
) -> None:
    done = stepgraph("runs", "--store", "postgresql://postgres@127.0.0.1:9/test", cwd=tmp_path)
    assert done.code == 1
    lines = done.err.strip().splitlines()
    assert "cannot reach the database" in lines[0]
    assert not [line for line in lines if "pool" in line.lower()]
    assert len(lines) <= 3


def test_a_postgresql_url_gets_a_short_connect_timeout_unless_it_names_one() -> None:
    from stepgraph.stores.postgres import PostgresStore

    default = PostgresStore("postgresql://u@h/db?schema=s")
    given = PostgresStore("postgresql://u@h/db?connect_timeout=7")
    assert (default.conninfo, default.schema) == ("postgresql://u@h/db?connect_timeout=3", "s")
    assert given.conninfo == "postgresql://u@h/db?connect_timeout=7"


# --- the same JSON for the same run --------------------------------------------------------


def test_run_json_has_the_wait_and_every_field_status_json_has(tmp_path: Path) -> None:
    ran = stepgraph("run", "offers", EXAMPLE, "--run-id", "r", "--json", cwd=tmp_path).json()
    status = stepgraph("status", "r", "--json", cwd=tmp_path).json()
    assert ran["wait"]["digest"] == status["wait"]["digest"]
    assert ran["wait"]["choices"] == status["wait"]["choices"]
    assert set(ran) - {"steps"} == set(status)
    assert {key: ran[key] for key in status} == status


def test_show_json_is_the_status_json_with_history_and_generations(tmp_path: Path) -> None:
    assert stepgraph("run", "offers", EXAMPLE, "--run-id", "r", cwd=tmp_path).code == 0
    status = stepgraph("status", "r", "--json", cwd=tmp_path).json()
    show = stepgraph("show", "r", "--json", cwd=tmp_path).json()
    assert {key: show[key] for key in status} == status
    assert [h["node"] for h in show["history"]] == ["inspect", "draft", "verify"]


def test_runs_json_rows_use_the_run_fields_names(tmp_path: Path) -> None:
    assert stepgraph("run", "offers", EXAMPLE, "--run-id", "r", cwd=tmp_path).code == 0
    status = stepgraph("status", "r", "--json", cwd=tmp_path).json()
    (row,) = stepgraph("runs", "--json", cwd=tmp_path).json()["runs"]
    assert {key: status[key] for key in row} == row


def test_graph_json_prints_one_object_with_the_drawing(tmp_path: Path) -> None:
    data = stepgraph("graph", "offers", "--format", "dot", "--json", cwd=tmp_path).json()
    assert (data["graph"], data["format"]) == ("offers", "dot")
    assert data["text"].startswith("digraph")


def test_db_setup_json_prints_one_object(tmp_path: Path) -> None:
    data = stepgraph("db", "setup", "--store", "sqlite:x.db", "--json", cwd=tmp_path).json()
    assert data == {"store": "sqlite:x.db", "schema": "up to date"}
