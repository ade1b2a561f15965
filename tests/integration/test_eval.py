"""``stepgraph eval``: the shipped suite passes, a failing case fails the command."""

from __future__ import annotations

import json
from pathlib import Path

from stepgraph.evaluate import load_suite, run_suite
from stepgraph.offers import FixtureAdapter, graph
from tests.integration.cli_helpers import ROOT, stepgraph

SUITE = ROOT / "evals" / "offers"


def test_the_shipped_suite_blocks_every_faulty_report_and_passes_every_correct_one() -> None:
    result = run_suite(str(SUITE), graph, adapter=None, fallback=FixtureAdapter())
    summary = result.summary()
    assert summary["failed"] == 0, [r for r in result.results if not r.passed]
    assert summary["faulty_reports"] >= 60
    assert summary["correct_reports"] >= 60
    assert summary["faulty_blocked"] == summary["faulty_reports"]
    assert summary["correct_passed"] == summary["correct_reports"]


def test_every_false_rationale_case_is_blocked_for_its_claim() -> None:
    cases = [c for c in load_suite(str(SUITE)) if "-false-" in c.name]
    assert len(cases) >= 40
    assert all("rationale claim" in c.reasons for c in cases)


def write_case(folder: Path, name: str, status: str, rationale: str) -> None:
    offers = [
        {"id": "A", "source": "a1", "monthly": 10},
        {"id": "B", "source": "b1", "monthly": 20},
    ]
    output = {"rows": offers, "recommendedId": "A", "rationale": rationale}
    (folder / f"{name}.json").write_text(json.dumps({
        "name": name, "inputs": {"offers": offers}, "output": output,
        "expect": {"status": status, "reasons": []}}), encoding="utf-8")  # fmt: skip


def test_eval_prints_a_table_and_a_summary_and_exits_0(tmp_path: Path) -> None:
    write_case(tmp_path, "fine", "ready_for_review", "A is cheaper than B.")
    done = stepgraph("eval", str(tmp_path), "--out", str(tmp_path / "out.json"), cwd=tmp_path)
    assert done.code == 0, done.err
    assert "fine  ready_for_review  ready_for_review  pass" in done.out
    assert "1/1 cases passed" in done.out
    saved = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    assert saved["summary"]["passed"] == 1


def test_a_failing_case_fails_the_command(tmp_path: Path) -> None:
    write_case(tmp_path, "wrong", "ready_for_review", "B is cheaper than A.")
    done = stepgraph("eval", str(tmp_path), "--json", cwd=tmp_path)
    assert done.code == 1
    result = done.json()
    assert result["cases"][0]["got"] == "blocked"
    assert result["summary"]["failed"] == 1


def test_a_live_adapter_replaces_the_canned_outputs(tmp_path: Path) -> None:
    write_case(tmp_path, "canned-is-wrong", "blocked", "B is cheaper than A.")
    done = stepgraph("eval", str(tmp_path), "--adapter", "fixture", "--json", cwd=tmp_path)
    assert done.code == 0
    assert done.json()["cases"][0]["got"] == "ready_for_review"


def test_a_bad_suite_is_bad_usage(tmp_path: Path) -> None:
    assert stepgraph("eval", str(tmp_path / "nothing"), cwd=tmp_path).code == 2
    (tmp_path / "broken.json").write_text('{"name": 3}', encoding="utf-8")
    done = stepgraph("eval", str(tmp_path), cwd=tmp_path)
    assert done.code == 2
    assert "name: must be a string" in done.err
