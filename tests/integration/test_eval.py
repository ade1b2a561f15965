"""``stepgraph eval``: the shipped suite passes, a failing case fails the command."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from stepgraph import END, Context, Graph
from stepgraph.evaluate import load_suite, run_suite
from stepgraph.offers import FixtureAdapter, graph
from tests.integration.cli_helpers import ROOT, stepgraph

SUITE = ROOT / "evals" / "offers"


def test_the_shipped_suite_blocks_every_faulty_report_and_passes_every_correct_one() -> None:
    # Statuses only: the suite's expected reason strings are the old regex checker's wording
    # ("rationale claim ..."); issue 12's checker words its reasons differently.
    result = run_suite(str(SUITE), graph, adapter=None, fallback=FixtureAdapter())
    summary = result.summary()
    assert [r.name for r in result.results if r.got != r.expected] == []
    assert summary["faulty_reports"] >= 60
    assert summary["correct_reports"] >= 60
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


def _judge(state: dict[str, Any], context: Context) -> dict[str, Any]:
    """Leave the verdicts the canned report scripts, as the claims contract lays them out."""
    report = context.generate(instructions="judge", data={"offers": state["offers"]})
    script = report["script"]
    return {"report": report, "status": script["status"], "reasons": script.get("reasons", []),
            "claims": {"sentences": script["sentences"], "claims": []}}  # fmt: skip


SCRIPTED = Graph(name="scripted-judge", nodes={"judge": _judge}, edges={"judge": END},
                 entry="judge")  # fmt: skip
SCRIPTED_REF = "tests.integration.test_eval:SCRIPTED"
OFFERS = [{"id": "A", "source": "a1", "monthly": 10}, {"id": "B", "source": "b1", "monthly": 20}]


def sentence(rationale: str, text: str, verdict: str, shown: str | None = None) -> dict[str, Any]:
    """A sentence verdict over ``text`` of the rationale (``shown``: its normalised text)."""
    start = rationale.index(text)
    return {"text": shown or text, "start": start, "end": start + len(text),
            "verdict": verdict, "cites": [], "why": "scripted"}  # fmt: skip


def scripted_case(folder: Path, name: str, *, expect: str, got: str, rationale: str,
                  sentences: list[dict[str, Any]], false: list[str],
                  family: str | None = None) -> None:  # fmt: skip
    folder.mkdir(parents=True, exist_ok=True)
    output = {"rows": OFFERS, "recommendedId": "A", "rationale": rationale,
              "script": {"status": got, "sentences": sentences}}  # fmt: skip
    case: dict[str, Any] = {"name": name, "about": "scripted", "inputs": {"offers": OFFERS},
                            "output": output,
                            "expect": {"status": expect, "false_sentences": false}}  # fmt: skip
    if family is not None:
        case["family"] = family
    (folder / f"{name}.json").write_text(json.dumps(case), encoding="utf-8")


def test_a_suite_folder_is_searched_recursively_and_cases_get_their_family(
    tmp_path: Path,
) -> None:
    text = "A is cheaper."
    ok = [sentence(text, text, "checked")]
    scripted_case(tmp_path / "dev" / "negation", "named", expect="ready_for_review",
                  got="ready_for_review", rationale=text, sentences=ok, false=[],
                  family="negation-by-field")  # fmt: skip
    scripted_case(tmp_path / "dev" / "ranges", "from-folder", expect="ready_for_review",
                  got="ready_for_review", rationale=text, sentences=ok, false=[])  # fmt: skip
    scripted_case(tmp_path, "at-top", expect="ready_for_review", got="ready_for_review",
                  rationale=text, sentences=ok, false=[])  # fmt: skip
    cases = {case.name: case.family for case in load_suite(str(tmp_path))}
    assert cases == {"named": "negation-by-field", "from-folder": "dev/ranges", "at-top": "-"}
    assert {c.family for c in load_suite(str(tmp_path / "dev"))} == {"negation-by-field", "ranges"}


def test_a_false_sentence_marked_checked_fails_a_blocked_case_and_is_counted(
    tmp_path: Path,
) -> None:
    text = "A is cheaper. B costs 15."
    marks = [sentence(text, "A is cheaper.", "checked"), sentence(text, "B costs 15.", "checked")]
    scripted_case(tmp_path, "green-lie", expect="blocked", got="blocked", rationale=text,
                  sentences=marks, false=["B costs 15"], family="f")  # fmt: skip
    result = run_suite(str(tmp_path), SCRIPTED, adapter=None, fallback=FixtureAdapter())
    (case,) = result.results
    assert case.false_checked == ("B costs 15",)
    assert not case.passed
    assert result.summary()["false_checked"] == 1
    assert result.families()["f"]["false_checked"] == 1


def test_a_checked_sentence_over_a_false_one_counts_by_its_offsets(tmp_path: Path) -> None:
    text = "- **B**: **15**/month"
    marks = [sentence(text, text, "checked", shown="B: 15/month")]  # normalised text
    scripted_case(tmp_path, "bold", expect="blocked", got="ready_for_review", rationale=text,
                  sentences=marks, false=["**B**: **15**"])  # fmt: skip
    result = run_suite(str(tmp_path), SCRIPTED, adapter=None, fallback=FixtureAdapter())
    assert result.results[0].false_checked == ("**B**: **15**",)


def test_false_sentences_left_unverified_or_contradicted_are_not_false_checked(
    tmp_path: Path,
) -> None:
    text = "B costs 15. A costs 12."
    marks = [
        sentence(text, "B costs 15.", "contradicted"),
        sentence(text, "A costs 12.", "unverified"),
    ]
    scripted_case(tmp_path, "caught", expect="blocked", got="blocked", rationale=text,
                  sentences=marks, false=["B costs 15", "A costs 12"])  # fmt: skip
    result = run_suite(str(tmp_path), SCRIPTED, adapter=None, fallback=FixtureAdapter())
    assert result.results[0].false_checked == ()
    assert result.results[0].passed
    assert result.results[0].unverified == 1


def four_family_suite(folder: Path) -> None:
    """Family "a": a false block and a pass; family "b": a miss and a false checked."""
    text = "A is cheaper. B costs 15."
    checked = [sentence(text, "A is cheaper.", "checked"), sentence(text, "B costs 15.", "checked")]
    scripted_case(folder / "a", "false-block", expect="ready_for_review", got="blocked",
                  rationale=text, sentences=[], false=[])  # fmt: skip
    scripted_case(folder / "a", "fine", expect="ready_for_review", got="ready_for_review",
                  rationale=text, sentences=[], false=[])  # fmt: skip
    scripted_case(folder / "b", "missed", expect="blocked", got="ready_for_review",
                  rationale=text, sentences=checked, false=["B costs 15"])  # fmt: skip
    scripted_case(folder / "b", "caught", expect="blocked", got="blocked",
                  rationale=text, sentences=[], false=["B costs 15"])  # fmt: skip


def test_eval_json_reports_each_familys_figures(tmp_path: Path) -> None:
    four_family_suite(tmp_path / "suite")
    done = stepgraph("eval", "suite", "--graph", SCRIPTED_REF, "--json", cwd=tmp_path)
    assert done.code == 1, done.err
    data = done.json()
    assert data["families"] == {
        "a": {"cases": 2, "blocked": 1, "ready": 1, "passed": 1, "false_blocks": 1,
              "missed": 0, "false_checked": 0, "errors": 0},
        "b": {"cases": 2, "blocked": 1, "ready": 1, "passed": 1, "false_blocks": 0,
              "missed": 1, "false_checked": 1, "errors": 0},
    }  # fmt: skip
    summary = data["summary"]
    assert (summary["false_blocks"], summary["missed"], summary["false_checked"]) == (1, 1, 1)
    missed = next(c for c in data["cases"] if c["name"] == "missed")
    assert missed["family"] == "b"
    assert missed["false_checked"] == ["B costs 15"]


def test_eval_prints_a_table_per_family(tmp_path: Path) -> None:
    four_family_suite(tmp_path / "suite")
    done = stepgraph("eval", "suite", "--graph", SCRIPTED_REF, cwd=tmp_path)
    assert done.code == 1, done.err
    lines = done.out.splitlines()
    header = next(line for line in lines if line.startswith("family"))
    assert header.split("  ")[:3] == ["family", "cases", "blocked"]
    assert "false checked" in header
    assert any(line.split() == ["a", "2", "1", "1", "1", "1", "0", "0", "0"] for line in lines)
    assert any(line.split() == ["b", "2", "1", "1", "1", "0", "1", "1", "0"] for line in lines)
    assert "FAIL missed: false sentences marked checked ['B costs 15']" in done.out
    assert "false blocks 1; missed 1; false sentences marked checked 1" in done.out


def test_a_false_sentence_that_is_not_rationale_text_is_bad_usage(tmp_path: Path) -> None:
    scripted_case(tmp_path, "typo", expect="blocked", got="blocked", rationale="B costs 15.",
                  sentences=[], false=["B costs 51"])  # fmt: skip
    done = stepgraph("eval", str(tmp_path), "--graph", SCRIPTED_REF, cwd=tmp_path)
    assert done.code == 2
    assert "expect.false_sentences[0]: must be non-empty text of output.rationale" in done.err


def _legacy_judge(state: dict[str, Any], context: Context) -> dict[str, Any]:
    report = context.generate(instructions="judge", data={"offers": state["offers"]})
    verified = [{"claim": "B costs 15", "start": 0, "end": 10, "kind": "price"}]
    return {"report": report, "status": "ready_for_review", "reasons": [],
            "claims": {"contradicted": [], "verified": verified, "unverified": []}}  # fmt: skip


def test_the_earlier_checkers_verified_claims_count_as_checked(tmp_path: Path) -> None:
    legacy = Graph(name="legacy-judge", nodes={"judge": _legacy_judge}, edges={"judge": END},
                   entry="judge")  # fmt: skip
    scripted_case(tmp_path, "old-state", expect="blocked", got="-", rationale="B costs 15.",
                  sentences=[], false=["B costs 15"])  # fmt: skip
    result = run_suite(str(tmp_path), legacy, adapter=None, fallback=FixtureAdapter())
    assert result.results[0].false_checked == ("B costs 15",)
    assert result.summary()["missed"] == 1
