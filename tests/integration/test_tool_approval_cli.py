"""A write tool that needs approval, approved with the real command line."""

from __future__ import annotations

import json
from pathlib import Path

from tests import tools_support
from tests.integration.cli_helpers import stepgraph

GRAPH = "tests.tools_support:graph"


def test_stepgraph_approve_on_the_calls_digest_makes_the_write_once(tmp_path: Path) -> None:
    catalogue = tools_support.write_catalogue(tmp_path / "catalogue.json")
    source = tmp_path / "in.json"
    source.write_text(json.dumps({"offer_ids": ["A"], "catalogue": str(catalogue)}))
    (tmp_path / ".stepgraph").mkdir()
    (tmp_path / ".stepgraph" / "policy.json").write_text('{"approve": ["ada"]}')
    ledger = tmp_path / "ledger.jsonl"
    env = {"TOOL_LEDGER": str(ledger)}
    waiting = stepgraph("run", GRAPH, str(source), "--json", cwd=tmp_path, env=env).json()
    assert waiting["status"] == "waiting_for_approval"
    assert waiting["wait"]["ask"]["arguments"] == {"offer_id": "A", "quantity": 2}
    assert not ledger.exists()
    wrong = stepgraph("approve", waiting["run_id"], "--digest", "0" * 64, "--by", "ada",
                      "--graph", GRAPH, cwd=tmp_path, env=env)  # fmt: skip
    assert wrong.code != 0
    assert not ledger.exists()
    done = stepgraph("approve", waiting["run_id"], "--digest", waiting["wait"]["digest"],
                     "--by", "ada", "--graph", GRAPH, "--json", cwd=tmp_path, env=env)  # fmt: skip
    assert done.code == 0, done.err
    assert done.json()["state"]["booking"] == {"booked": "A"}
    assert len(ledger.read_text().splitlines()) == 1
