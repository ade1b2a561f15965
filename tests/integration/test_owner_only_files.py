"""Store files are created readable by their owner only: 0600 files, 0700 folders."""

from __future__ import annotations

import stat
from pathlib import Path

from stepgraph import open_store, run
from stepgraph.offers import FixtureAdapter, graph, make_inputs
from tests.support import seed_offers


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_sqlite_store_and_its_wal_are_owner_only(tmp_path: Path) -> None:
    path = tmp_path / "new" / "runs.db"
    with open_store(f"sqlite:{path}") as store:
        store.setup()
        run(graph, inputs=make_inputs(seed_offers()), adapter=FixtureAdapter(), store=store)
        assert mode(path.parent) == 0o700
        files = [p for p in path.parent.iterdir() if p.is_file()]
        assert {p.name for p in files} >= {"runs.db", "runs.db-wal"}
        assert {p.name: mode(p) for p in files} == {p.name: 0o600 for p in files}


def test_a_file_store_folder_and_run_files_are_owner_only(tmp_path: Path) -> None:
    folder = tmp_path / "runs"
    with open_store(f"file:{folder}") as store:
        store.setup()
        run(graph, inputs=make_inputs(seed_offers()), adapter=FixtureAdapter(), store=store)
    assert mode(folder) == 0o700
    files = [p for p in folder.rglob("*") if p.is_file()]
    assert files
    assert {str(p): mode(p) for p in files} == {str(p): 0o600 for p in files}
