"""``stepgraph show`` (text and --json) and the review page list a run's tool calls:
the tool, its arguments (and their digest), the outcome, a refusal's rule and reason,
the latency."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from stepgraph import FunctionAdapter, Request, Result, open_store, run
from stepgraph.adapters import ToolCall
from stepgraph.review_app import cookie_name
from stepgraph.tools.listing import tool_calls
from tests import loop_support, tools_support
from tests.integration.cli_helpers import stepgraph
from tests.integration.review_server import review_server


def _model(request: Request) -> Result:
    """Asks for an offer the run does not name (refused) and one it does, then books."""
    catalogue = request.data["catalogue"]
    if not request.rounds:
        return Result(data=None, tool_calls=(
            ToolCall(id="c1", name="lookup", arguments={"offer_id": "Z", "catalogue": catalogue}),
            ToolCall(id="c2", name="lookup", arguments={"offer_id": "A", "catalogue": catalogue}),
        ))  # fmt: skip
    if len(request.rounds) == 1:
        booking = {"offer_id": "A", "quantity": 1}
        return Result(data=None, tool_calls=(ToolCall(id="c3", name="book_now",
                                                       arguments=booking),))  # fmt: skip
    return Result(data={"done": True})


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder whose default store holds run "r", whose model called three tools."""
    monkeypatch.setenv("TOOL_LEDGER", str(tmp_path / "ledger.jsonl"))
    catalogue = tools_support.write_catalogue(tmp_path / "catalogue.json")
    (tmp_path / ".stepgraph").mkdir()
    (tmp_path / "policy.json").write_text(json.dumps({"approve": ["ada"]}), encoding="utf-8")
    with open_store(f"sqlite:{tmp_path / '.stepgraph' / 'runs.db'}") as store:
        store.setup()
        run(loop_support.graph, inputs={"offer_ids": ["A"], "catalogue": str(catalogue)},
            adapter=FunctionAdapter("m", _model), store=store, run_id="r")  # fmt: skip
    return tmp_path


def _listed(rows: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    return [(row["tool"], row["arguments"].get("offer_id"), row["outcome"], row["rule"])
            for row in rows]  # fmt: skip


EXPECTED = [("lookup", "Z", "refused", "constraint"), ("lookup", "A", "done", None),
            ("book_now", "A", "done", None)]  # fmt: skip


def test_show_json_lists_each_tool_call_with_its_outcome(folder: Path) -> None:
    shown = stepgraph("show", "r", "--json", cwd=folder)
    assert shown.code == 0, shown.err
    rows = shown.json()["tool_calls"]
    assert _listed(rows) == EXPECTED
    assert rows[0]["reason"] == "offer 'Z' is not named in the run's inputs"
    assert rows[0]["by"] == "toolbox/settle"
    assert isinstance(rows[1]["latency_ms"], float)
    assert len(rows[1]["digest"]) == 64


def test_show_prints_a_table_of_the_tool_calls(folder: Path) -> None:
    shown = stepgraph("show", "r", cwd=folder)
    assert shown.code == 0, shown.err
    section = shown.out.split("tool calls:\n", 1)[1].split("\n\n")[0].splitlines()
    assert section[0].split() == ["step", "node", "tool", "outcome", "latency", "ms",
                                  "arguments", "refused", "because"]  # fmt: skip
    assert section[1].split()[:4] == ["1", "settle", "lookup", "refused"]
    assert "constraint: offer 'Z' is not named in the run's inputs" in section[1]
    assert section[3].split()[:4] == ["1", "settle", "book_now", "done"]
    assert '{"offer_id": "A", "quantity": 1}' in section[3]


def test_a_write_whose_outcome_a_crash_lost_is_listed_as_started() -> None:
    journal = {"1:n:effect:tool.book.0123456789abcdef": {
        "status": "started", "effect": "tool.book.0123456789abcdef", "key": "k",
        "at": "2026-01-01T00:00:00Z"}}  # fmt: skip
    [row] = tool_calls(journal)
    assert (row["tool"], row["kind"], row["outcome"], row["node"]) == (
        "book", "write", "started", "n")  # fmt: skip


def _page_table(folder: Path, table_id: str) -> list[list[str]]:
    """The cells of each row of the table ``table_id`` on run "r"'s review page."""
    with review_server(folder) as url:
        root, token = url.split("/?", maxsplit=1)[0], url.split("token=")[1]
        request = urllib.request.Request(
            f"{root}/runs/r", headers={"Cookie": f"{cookie_name(token)}={token}"}
        )
        with urllib.request.urlopen(request, timeout=30) as answer:
            html = answer.read().decode()
    table = html.split(f'<table id="{table_id}">', 1)[1].split("</table>", 1)[0]
    return [re.findall(r"<td[^>]*>(.*?)</td>", row, re.S) for row in table.split("<tr>")[2:]]


def test_the_review_page_lists_the_tool_calls(folder: Path) -> None:
    rows = _page_table(folder, "tool-calls")
    assert [row[2:4] for row in rows] == [["lookup", "refused"], ["lookup", "done"],
                                          ["book_now", "done"]]  # fmt: skip
    assert rows[0][6] == "constraint: offer &#39;Z&#39; is not named in the run&#39;s inputs"


def _carried_run(url: str, tmp_path: Path) -> dict[str, str]:
    """Run "r" at ``url``: a tool loop approved between two visits (rounds carried on);
    the environment its tools need."""
    from stepgraph import Policy, decide

    env = {"TOOL_LEDGER": str(tmp_path / "ledger.jsonl")}
    catalogue = tools_support.write_catalogue(tmp_path / "catalogue.json")
    inputs = {"offer_ids": ["A"], "catalogue": str(catalogue)}
    with pytest.MonkeyPatch.context() as patch, open_store(url) as store:
        patch.setenv("TOOL_LEDGER", env["TOOL_LEDGER"])
        store.setup()
        for _ in range(2):
            run(loop_support.approval_graph, inputs=inputs, store=store, run_id="r",
                adapter=FunctionAdapter("m", loop_support.planner))  # fmt: skip
            wait = store.load("r").wait  # type: ignore[union-attr]
            if wait:
                decide(store, "r", verdict="approve", actor="ada", digest_seen=wait["digest"],
                       policy=Policy.from_mapping({"approve": ["ada"]}))  # fmt: skip
    return env


def test_show_marks_rounds_carried_across_an_approval(tmp_path: Path) -> None:
    url = f"sqlite:{tmp_path / 'runs.db'}"
    env = _carried_run(url, tmp_path)
    shown = stepgraph("--store", url, "show", "r", cwd=tmp_path, env=env)
    assert shown.code == 0, shown.err
    rows = {line.split()[0]: line for line in shown.out.splitlines() if line[:2] in ("1:", "2:")}
    assert "done (from step 1)" in rows["2:settle:0"]
    assert "done (from step 1)" in rows["2:settle:1"]
    assert "from step" not in rows["2:settle:2"]


def _told_run(url: str, tmp_path: Path) -> None:
    """Run "r" at ``url``: a tool call failed and the model was told, then answered."""
    from stepgraph import END, Graph
    from stepgraph.context import Context
    from stepgraph.testing import ScriptedAdapter

    def settle(state: dict[str, Any], context: Context) -> dict[str, Any]:
        return {"answer": context.generate(instructions="i", data={}, tools=["lookup"],
                                           on_tool_error="tell_model")}  # fmt: skip

    graph = Graph(name="toolbox", entry="settle", nodes={"settle": settle},
                  edges={"settle": END}, tools={"settle": [tools_support.lookup]})  # fmt: skip
    catalogue = str(tools_support.write_catalogue(tmp_path / "catalogue.json"))
    missing = ToolCall(id="c1", name="lookup", arguments={"offer_id": "Z", "catalogue": catalogue})
    with open_store(url) as store:
        store.setup()
        run(
            graph,
            inputs={"offer_ids": ["Z"]},
            store=store,
            run_id="r",
            adapter=ScriptedAdapter([Result(data=None, tool_calls=(missing,)), {"ok": True}]),
        )


def test_show_marks_a_failure_the_model_was_told(tmp_path: Path) -> None:
    url = f"sqlite:{tmp_path / 'runs.db'}"
    _told_run(url, tmp_path)
    shown = stepgraph("--store", url, "show", "r", cwd=tmp_path)
    assert shown.code == 0, shown.err
    assert "failed: KeyError (told the model)" in shown.out
    [row] = stepgraph("--store", url, "show", "r", "--json", cwd=tmp_path).json()["tool_calls"]
    assert (row["outcome"], row["error"], row["told"]["error"]) == ("failed", "KeyError",
                                                                    "KeyError")  # fmt: skip


def _page_folder(tmp_path: Path) -> None:
    """What the review server needs in its folder: a store folder and a policy."""
    (tmp_path / ".stepgraph").mkdir()
    (tmp_path / "policy.json").write_text(json.dumps({"approve": ["ada"]}), encoding="utf-8")


def test_the_review_page_marks_a_failure_the_model_was_told(tmp_path: Path) -> None:
    _page_folder(tmp_path)
    _told_run(f"sqlite:{tmp_path / '.stepgraph' / 'runs.db'}", tmp_path)
    [call] = _page_table(tmp_path, "tool-calls")
    assert call[3] == "failed: KeyError (told the model)"
    outcomes = [row[1] for row in _page_table(tmp_path, "generations")]
    assert "failed: KeyError (told the model)" in outcomes


def test_the_review_page_marks_rounds_carried_across_an_approval(tmp_path: Path) -> None:
    _page_folder(tmp_path)
    _carried_run(f"sqlite:{tmp_path / '.stepgraph' / 'runs.db'}", tmp_path)
    rows = {row[0]: row[1] for row in _page_table(tmp_path, "generations")}
    assert rows["2:settle:0"] == rows["2:settle:1"] == "done (from step 1)"
    assert rows["2:settle:2"] == "done"
