"""The command line reports every fault of an input file, the seed's first one first."""

from __future__ import annotations

import json
from pathlib import Path

from tests.integration.cli_helpers import stepgraph


def test_run_json_lists_every_fault_in_the_seeds_order_and_exits_2(tmp_path: Path) -> None:
    offers = [
        {"id": "A", "source": "", "monthly": 1},
        {"id": "A", "source": "a", "monthly": "9"},
    ]
    (tmp_path / "in.json").write_text(json.dumps(offers), encoding="utf-8")
    outcome = stepgraph("run", "offers", "in.json", "--json", cwd=tmp_path)
    error = outcome.json()["error"]
    assert outcome.code == 2
    assert error["field"] == "offers[1].id"
    assert [p["field"] for p in error["problems"]] == [
        "offers[1].id", "offers[0].source", "offers[1].monthly",
    ]  # fmt: skip
    assert not (tmp_path / ".stepgraph").exists()
