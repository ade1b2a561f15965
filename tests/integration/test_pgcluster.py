"""The throwaway PostgreSQL clusters the tests start themselves (tests/pgcluster.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import psycopg
import pytest

from tests.conftest import store_url
from tests.integration.cli_helpers import ROOT
from tests.pgcluster import Cluster, ClusterError, shared_url


def data_directory(url: str) -> Path:
    with psycopg.connect(url) as conn:
        row = conn.execute("SHOW data_directory").fetchone()
    assert row is not None
    return Path(row[0])


def test_the_shared_server_runs_from_a_temp_dir_the_session_created(
    postgres_server: Cluster,
) -> None:
    assert data_directory(shared_url()) == postgres_server.data
    assert postgres_server.data.is_relative_to(postgres_server.root)


def test_a_postgres_store_url_points_at_the_shared_server_with_a_schema_of_its_own(
    postgres_server: Cluster, tmp_path: Path
) -> None:
    first, second = store_url("postgres", tmp_path), store_url("postgres", tmp_path)
    assert first.startswith(f"{postgres_server.url}?schema=t_")
    assert first != second


def test_a_private_cluster_is_not_the_shared_one(
    private_postgres: Cluster, postgres_server: Cluster
) -> None:
    assert private_postgres.port != postgres_server.port
    assert data_directory(private_postgres.url) == private_postgres.data


def test_a_private_cluster_keeps_its_data_across_a_restart(private_postgres: Cluster) -> None:
    with psycopg.connect(private_postgres.url, autocommit=True) as conn:
        conn.execute("CREATE TABLE kept (n int)")
        conn.execute("INSERT INTO kept VALUES (7)")
    private_postgres.restart()
    with psycopg.connect(private_postgres.url) as conn:
        assert conn.execute("SELECT n FROM kept").fetchall() == [(7,)]


def test_a_stopped_private_cluster_refuses_connections_until_started(
    private_postgres: Cluster,
) -> None:
    private_postgres.stop()
    assert not private_postgres.running
    with pytest.raises(psycopg.OperationalError):
        psycopg.connect(private_postgres.url, connect_timeout=5)
    private_postgres.start()
    with psycopg.connect(private_postgres.url) as conn:
        assert conn.execute("SELECT 1").fetchone() == (1,)


def test_an_immediate_stop_loses_no_committed_row(private_postgres: Cluster) -> None:
    with psycopg.connect(private_postgres.url, autocommit=True) as conn:
        conn.execute("CREATE TABLE kept AS SELECT 1 AS n")
    private_postgres.restart(mode="immediate")
    with psycopg.connect(private_postgres.url) as conn:
        assert conn.execute("SELECT n FROM kept").fetchall() == [(1,)]


def test_removing_a_cluster_stops_it_and_deletes_its_folder(private_postgres: Cluster) -> None:
    private_postgres.remove()
    assert not private_postgres.root.exists()
    with pytest.raises(psycopg.OperationalError):
        psycopg.connect(private_postgres.url, connect_timeout=5)


def test_stopping_a_stopped_cluster_is_a_cluster_error_naming_pg_ctl(
    private_postgres: Cluster,
) -> None:
    private_postgres.stop()
    with pytest.raises(ClusterError, match="pg_ctl stop"):
        private_postgres.stop()


def test_not_postgres_deselects_every_postgres_test_at_collection() -> None:
    modules = [f"tests/integration/test_{name}.py"
               for name in ("store_contract", "races", "workers", "pgcluster")]  # fmt: skip
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
         "-m", "not postgres", *modules],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    kept = [line for line in done.stdout.splitlines() if "::" in line]
    assert kept  # the memory, file and sqlite variants stay
    assert [line for line in kept if "postgres" in line.partition("[")[2]] == []
    assert [line for line in kept if "test_workers" in line] == []
    assert [line for line in kept if "test_pgcluster" in line] == [
        "tests/integration/test_pgcluster.py::"
        "test_not_postgres_deselects_every_postgres_test_at_collection"
    ]
    assert "deselected" in done.stdout
