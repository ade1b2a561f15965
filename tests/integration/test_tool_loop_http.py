"""The tool loop over real HTTP on 127.0.0.1: the OpenAI-compatible adapter (both
transports) and the Anthropic adapter (both output modes) send the tools and the
conversation, read tool calls, and a run whose model calls tools finishes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from stepgraph import InputError, open_store, run
from stepgraph.adapters import Request, ToolCall, ToolRound, ToolSpec
from stepgraph.adapters.anthropic_sdk import AnthropicAdapter
from stepgraph.adapters.openai_compat import OpenAICompatAdapter
from stepgraph.testing import FakeProvider, completion, message, tool_calls, tool_use
from tests import loop_support, tools_support
from tests.loop_support import fake

__all__ = ["fake"]  # the fixture, used by name

ARGUMENTS = {"type": "object", "properties": {"offer_id": {"type": "string"}}}
LOOKUP = ToolSpec(name="lookup", description="Read one offer.", parameters=ARGUMENTS)
ROUND = ToolRound(calls=(ToolCall(id="c1", name="lookup", arguments={"offer_id": "A"}),),
                  results=({"id": "A", "monthly": 120},))  # fmt: skip
REQUEST = Request(instructions="Find.", data={"offer_ids": ["A"]}, run_id="r", node="settle",
                  tools=(LOOKUP,), rounds=(ROUND,))  # fmt: skip


@pytest.fixture(autouse=True)
def key(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
    monkeypatch.setenv("TOOL_LEDGER", str(tmp_path / "ledger.jsonl"))


@pytest.fixture(params=["http", "sdk"])
def openai(request: pytest.FixtureRequest, fake: FakeProvider) -> OpenAICompatAdapter:
    return OpenAICompatAdapter("m1", base_url=fake.url, transport=request.param)


@pytest.fixture(params=["output_config", "tool"])
def anthropic(request: pytest.FixtureRequest, fake: FakeProvider) -> AnthropicAdapter:
    return AnthropicAdapter("claude-x", base_url=fake.root, mode=request.param)


def test_openai_sends_the_tools_and_the_earlier_rounds(
    openai: OpenAICompatAdapter, fake: FakeProvider
) -> None:
    fake.push(completion({"ok": True}))
    openai.generate(REQUEST)
    body = fake.seen[0].body
    assert body["tools"] == [{"type": "function", "function": {
        "name": "lookup", "description": "Read one offer.",
        "parameters": dict(LOOKUP.parameters)}}]  # fmt: skip
    assert body["tool_choice"] == "auto"
    assert body["messages"][2:] == [
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "c1", "type": "function",
             "function": {"name": "lookup", "arguments": '{"offer_id": "A"}'}}]},
        {"role": "tool", "tool_call_id": "c1", "content": '{"id": "A", "monthly": 120}'},
    ]  # fmt: skip


def test_openai_reads_tool_calls_and_keeps_arguments_that_are_not_json_as_a_problem(
    openai: OpenAICompatAdapter, fake: FakeProvider
) -> None:
    fake.push(tool_calls(("lookup", {"offer_id": "A"}), ("lookup", '{"offer_id": '),
                         ("lookup", "[1]")))  # fmt: skip
    result = openai.generate(REQUEST)
    assert result.data is None
    good, broken, listed = result.tool_calls
    assert (good.id, good.name, good.arguments) == ("call_1", "lookup", {"offer_id": "A"})
    assert (broken.arguments, broken.raw) == (None, '{"offer_id": ')
    assert "not JSON" in (broken.problem or "")
    assert (listed.arguments, listed.problem) == (
        None,
        "the arguments are JSON list, not an object",
    )
    assert result.finish_reason == "tool_calls"


def test_anthropic_sends_the_tools_and_the_earlier_rounds(
    anthropic: AnthropicAdapter, fake: FakeProvider
) -> None:
    fake.push(message({"ok": True}, tool=anthropic.mode == "tool"))
    anthropic.generate(REQUEST)
    body = fake.seen[0].body
    assert body["tools"][0] == {"name": "lookup", "description": "Read one offer.",
                                "input_schema": dict(LOOKUP.parameters)}  # fmt: skip
    if anthropic.mode == "tool":  # the output tool stays, and the model may pick either
        assert [tool["name"] for tool in body["tools"]] == ["lookup", "emit_output"]
        assert body["tool_choice"] == {"type": "any"}
    else:
        assert body["tool_choice"] == {"type": "auto"}
        assert "output_config" in body
    assert body["messages"][1:] == [
        {"role": "assistant", "content": [{"type": "tool_use", "id": "c1", "name": "lookup",
                                           "input": {"offer_id": "A"}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "c1",
                                      "content": '{"id": "A", "monthly": 120}'}]},
    ]  # fmt: skip


def test_anthropic_reads_tool_use_blocks_as_tool_calls(
    anthropic: AnthropicAdapter, fake: FakeProvider
) -> None:
    fake.push(tool_use(("lookup", {"offer_id": "A"})))
    result = anthropic.generate(REQUEST)
    assert result.data is None
    assert result.tool_calls == (ToolCall(id="toolu_1", name="lookup",
                                          arguments={"offer_id": "A"}),)  # fmt: skip


def test_anthropic_structured_output_through_the_forced_tool_still_works(
    fake: FakeProvider,
) -> None:
    fake.push(message({"ok": True}, tool=True))
    adapter = AnthropicAdapter("claude-x", base_url=fake.root, mode="tool")
    plain = Request(instructions="i", data={}, run_id="r", node="n")
    assert adapter.generate(plain).data == {"ok": True}
    assert fake.seen[0].body["tool_choice"] == {"type": "tool", "name": "emit_output"}
    fake.push(message({"ok": True}, tool=True))
    assert adapter.generate(REQUEST).data == {"ok": True}


def test_a_tool_named_like_the_output_tool_is_refused(fake: FakeProvider) -> None:
    clash = ToolSpec(name="emit_output", description="", parameters={"type": "object"})
    adapter = AnthropicAdapter("claude-x", base_url=fake.root, mode="tool")
    with pytest.raises(InputError, match="tools"):
        adapter.body(Request(instructions="i", data={}, run_id="r", node="n", tools=(clash,)))


def _run(tmp_path: Path, adapter: Any) -> tuple[Any, dict[str, Any]]:
    catalogue = tools_support.write_catalogue(tmp_path / "catalogue.json")
    with open_store(f"sqlite:{tmp_path / 'runs.db'}") as store:
        store.setup()
        done = run(loop_support.graph, inputs={"offer_ids": ["A"], "catalogue": str(catalogue)},
                   adapter=adapter, store=store, run_id="r")  # fmt: skip
        return done, store.generations("r")


def test_an_openai_run_whose_model_reads_and_writes_finishes(
    openai: OpenAICompatAdapter, fake: FakeProvider, tmp_path: Path
) -> None:
    catalogue = str(tmp_path / "catalogue.json")
    loop_support.push_loop(fake, tool_calls, catalogue, completion({"booked": "A"}))
    done, journal = _run(tmp_path, openai)
    assert done.state["answer"] == {"booked": "A"}
    assert len(fake.seen) == 3
    told = fake.seen[2].body["messages"]
    assert json.loads(told[3]["content"]) == {"id": "A", "monthly": 120, "version": 3}
    assert json.loads(told[5]["content"]) == {"booked": "A"}
    assert [journal[k].get("round") for k in ("1:settle:0", "1:settle:1", "1:settle:2")] == [
        1, 2, 3]  # fmt: skip


def test_an_anthropic_run_whose_model_reads_and_writes_finishes(
    anthropic: AnthropicAdapter, fake: FakeProvider, tmp_path: Path
) -> None:
    catalogue = str(tmp_path / "catalogue.json")
    final = message({"booked": "A"}, tool=anthropic.mode == "tool")
    loop_support.push_loop(fake, tool_use, catalogue, final)
    done, _ = _run(tmp_path, anthropic)
    assert done.state["answer"] == {"booked": "A"}
    told = fake.seen[2].body["messages"]
    assert json.loads(told[2]["content"][0]["content"])["monthly"] == 120
    assert json.loads(told[4]["content"][0]["content"]) == {"booked": "A"}


def test_arguments_that_are_not_json_are_refused_and_the_model_is_told(
    fake: FakeProvider, tmp_path: Path
) -> None:
    fake.push(tool_calls(("lookup", '{"offer_id": ')), completion({"gave_up": True}))
    done, journal = _run(tmp_path, OpenAICompatAdapter("m1", base_url=fake.url))
    assert done.state["answer"] == {"gave_up": True}
    told = json.loads(fake.seen[1].body["messages"][3]["content"])
    assert (told["refused"], told["rule"]) == ("lookup", "arguments")
    [refusal] = [r for k, r in journal.items() if ":tool-refused:" in k]
    assert refusal["arguments"] == '{"offer_id": '
