"""The SDK's own client drives `stepgraph mcp serve` over stdio (a real subprocess).

Each fixture runs one client session through a scenario and keeps every answer, so
the tests below read one behaviour each without starting a server per test.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from stepgraph import open_store
from tests import mcp_support

pytest.importorskip("mcp")
from mcp import Client, StdioServerParameters

ROOT = Path(__file__).resolve().parents[2]
Answers = dict[str, Any]
Scenario = Callable[[Client, Answers], Awaitable[None]]
OFFERS = {"graph": "offers", "input_path": "offers.json"}


def _session(store: str, scenario: Scenario, *options: str) -> Answers:
    """Run ``scenario`` in one session with ``stepgraph mcp serve`` on ``store``."""
    params = StdioServerParameters(command=sys.executable, cwd=str(ROOT),
                                   args=["-m", "stepgraph", "--store", store, "mcp", "serve",
                                         "--inputs-dir", "examples", *options])  # fmt: skip
    answers: Answers = {}

    async def drive() -> None:
        async with Client(params) as client:
            await scenario(client, answers)

    asyncio.run(drive())
    return answers


async def _call(client: Client, name: str, arguments: dict[str, Any]) -> Any:
    """A tool's structured answer, or ``{"error": text}`` for a tool error."""
    result = await client.call_tool(name, arguments)
    if result.is_error:
        return {"error": " ".join(getattr(block, "text", "") for block in result.content)}
    return result.structured_content


@pytest.fixture(scope="module")
def plain(tmp_path_factory: pytest.TempPathFactory) -> Answers:
    """A server without --actor: list, run offers, look at it, and try what is refused."""
    url = f"sqlite:{tmp_path_factory.mktemp('serve')}/runs.db"

    async def scenario(client: Client, answers: Answers) -> None:
        answers["tools"] = [tool.name for tool in (await client.list_tools()).tools]
        answers["graphs"] = await _call(client, "list_graphs", {})
        started = await _call(client, "start_run", OFFERS)
        answers["started"] = started
        rid = started["run_id"]
        answers["status"] = await _call(client, "run_status", {"run_id": rid})
        answers["show"] = await _call(client, "show_run", {"run_id": rid})
        answers["wait"] = await _call(client, "run_wait", {"run_id": rid})
        outside = {**OFFERS, "input_path": "../README.md"}
        answers["outside"] = await _call(client, "start_run", outside)
        answers["unknown"] = await _call(client, "run_status", {"run_id": "nope"})
        answers["submit"] = await _call(client, "submit_run", OFFERS)
        answers["import"] = await _call(client, "start_run", {"graph": "os:path", "inputs": {}})
        inline = json.loads((ROOT / "examples" / "offers.json").read_text(encoding="utf-8"))
        answers["inline"] = await _call(client, "start_run", {"graph": "offers", "inputs": inline,
                                                              "run_id": "inline"})  # fmt: skip
        digest = answers["wait"]["wait"]["digest"]
        decision = {"run_id": rid, "verdict": "approve", "digest": digest}
        answers["decide"] = await _call(client, "decide", decision)

    return _session(url, scenario)


def test_the_server_lists_its_run_tools_and_no_decision_tools_without_an_actor(
    plain: Answers,
) -> None:
    assert plain["tools"] == ["list_graphs", "start_run", "submit_run", "run_status",
                              "show_run", "run_wait"]  # fmt: skip


def test_list_graphs_names_the_registered_graphs(plain: Answers) -> None:
    graphs = {graph["ref"]: graph for graph in plain["graphs"]["graphs"]}
    assert set(graphs) == {"offers", "offers-by-id"}
    assert graphs["offers"]["entry"] == "inspect"


def test_start_run_runs_the_offers_example_to_its_review(plain: Answers) -> None:
    assert plain["started"]["status"] == "ready_for_review"
    assert plain["started"]["trace"] == ["inspect", "draft", "verify"]


def test_run_status_and_show_run_describe_the_same_run(plain: Answers) -> None:
    assert plain["status"]["run_id"] == plain["started"]["run_id"]
    assert plain["status"]["status"] == "ready_for_review"
    assert [step["node"] for step in plain["show"]["history"]] == ["inspect", "draft", "verify"]


def test_run_wait_gives_the_decision_its_choices_and_the_digest(plain: Answers) -> None:
    wait = plain["wait"]["wait"]
    assert wait["kind"] == "decision"
    assert set(wait["choices"]) == {"approve", "reject", "revise"}
    assert len(wait["digest"]) == 64
    assert plain["wait"]["actor"] is None


def test_an_input_file_outside_the_inputs_folder_is_a_tool_error_naming_the_field(
    plain: Answers,
) -> None:
    assert "InputError: input_path: must name a file inside" in plain["outside"]["error"]


def test_an_unknown_run_is_a_tool_error_with_stepgraphs_message(plain: Answers) -> None:
    assert "RunNotFound" in plain["unknown"]["error"]
    assert "no run 'nope'" in plain["unknown"]["error"]


def test_submit_run_on_a_store_without_a_queue_is_refused(plain: Answers) -> None:
    assert "has no run queue" in plain["submit"]["error"]


def test_start_run_takes_the_inputs_as_an_object_checked_by_the_graphs_loader(
    plain: Answers,
) -> None:
    assert (plain["inline"]["run_id"], plain["inline"]["status"]) == ("inline", "ready_for_review")


def test_a_client_cannot_name_a_graph_the_server_does_not_offer(plain: Answers) -> None:
    assert "'os:path' is not a graph this server offers" in plain["import"]["error"]


def test_a_decision_is_not_offered_without_an_actor(plain: Answers) -> None:
    assert "Unknown tool: decide" in plain["decide"]["error"]


@pytest.fixture(scope="module")
def acting(tmp_path_factory: pytest.TempPathFactory) -> Answers:
    """A server deciding as 'assistant': refused while the policy names only ada, then
    allowed once the policy names the assistant too (the policy is read at each call)."""
    folder = tmp_path_factory.mktemp("acting")
    url, policy = f"sqlite:{folder}/runs.db", folder / "policy.json"
    policy.write_text(json.dumps({"approve": ["ada"]}), encoding="utf-8")

    async def scenario(client: Client, answers: Answers) -> None:
        answers["tools"] = [tool.name for tool in (await client.list_tools()).tools]
        started = await _call(client, "start_run", OFFERS)
        rid = started["run_id"]
        digest = (await _call(client, "run_wait", {"run_id": rid}))["wait"]["digest"]
        decision = {"run_id": rid, "verdict": "approve", "digest": digest, "note": "call ada"}
        answers["refused"] = await _call(client, "decide", decision)
        answers["after_refusal"] = await _call(client, "run_status", {"run_id": rid})
        policy.write_text(json.dumps({"approve": ["ada", "assistant"]}), encoding="utf-8")
        answers["approved"] = await _call(client, "decide", decision)
        answers["shown"] = await _call(client, "show_run", {"run_id": rid})
        answers["url"], answers["run_id"] = url, rid

    return _session(url, scenario, "--actor", "assistant", "--policy", str(policy))


def test_with_an_actor_the_decision_tools_are_offered(acting: Answers) -> None:
    assert {"decide", "supply"} <= set(acting["tools"])


def test_a_decision_the_policy_does_not_allow_the_actor_is_refused(acting: Answers) -> None:
    assert "NotAllowed: 'assistant' may not approve" in acting["refused"]["error"]
    assert acting["after_refusal"]["status"] == "ready_for_review"


def test_a_refused_decision_is_recorded_in_the_runs_journal(acting: Answers) -> None:
    with open_store(acting["url"]) as store:
        journal = store.generations(acting["run_id"])
    [record] = [value for key, value in journal.items() if key.startswith("mcp:refused:")]
    assert (record["action"], record["by"], record["via"]) == ("approve", "assistant", "mcp")
    assert "may not approve" in record["reason"]


def test_a_decision_the_policy_allows_is_recorded_as_the_actor(acting: Answers) -> None:
    assert acting["approved"]["status"] == "approved"
    with open_store(acting["url"]) as store:
        [decision] = [entry for entry in store.history(acting["run_id"])
                      if entry.node == "@decision"]  # fmt: skip
    assert decision.update["@event"]["by"] == "assistant"


def test_a_private_field_is_masked_in_what_the_client_is_shown(acting: Answers) -> None:
    [decision] = [step for step in acting["shown"]["history"] if step["node"] == "@decision"]
    assert decision["update"]["review"]["note"] == "[private]"
    assert "call ada" not in json.dumps(acting["shown"])


def test_mcp_serve_answers_over_streamable_http_on_127_0_0_1(tmp_path: Path) -> None:
    port = mcp_support.free_port()
    server = subprocess.Popen([sys.executable, "-m", "stepgraph", "--store",
                               f"sqlite:{tmp_path}/runs.db", "mcp", "serve", "--http",
                               str(port)], cwd=ROOT, stderr=subprocess.DEVNULL)  # fmt: skip

    async def drive() -> Any:
        async with Client(f"http://127.0.0.1:{port}/mcp") as client:
            return await _call(client, "list_graphs", {})

    try:
        mcp_support.wait_for(port)
        graphs = asyncio.run(drive())
    finally:
        server.terminate()
        server.wait(10)
    assert {graph["ref"] for graph in graphs["graphs"]} == {"offers", "offers-by-id"}
