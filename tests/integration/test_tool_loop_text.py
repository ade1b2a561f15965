"""The model's text beside its tool calls: read from the answer, journaled in the round,
sent back with the calls on the next round (as each provider expects), recorded."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stepgraph import FunctionAdapter, Request, Result, open_store, run
from stepgraph.adapters import ToolCall, ToolRound, ToolSpec
from stepgraph.adapters.anthropic_sdk import AnthropicAdapter
from stepgraph.adapters.openai_compat import OpenAICompatAdapter
from stepgraph.adapters.recording import Recording, Replay
from stepgraph.testing import FakeProvider, completion, tool_calls, tool_use
from tests import loop_support, tools_support
from tests.loop_support import fake

__all__ = ["fake"]  # the fixture, used by name

SAID = "I will look the offer up first."
ROUND = ToolRound(calls=(ToolCall(id="c1", name="lookup", arguments={"offer_id": "A"}),),
                  results=({"id": "A"},), text=SAID)  # fmt: skip
LOOKUP = ToolSpec(name="lookup", description="Read.", parameters={"type": "object"})
REQUEST = Request(instructions="Find.", data={}, run_id="r", node="settle", tools=(LOOKUP,),
                  rounds=(ROUND,))  # fmt: skip


@pytest.fixture(autouse=True)
def key(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
    monkeypatch.setenv("TOOL_LEDGER", str(tmp_path / "ledger.jsonl"))


def test_openai_reads_the_text_beside_the_calls(fake: FakeProvider) -> None:
    fake.push(tool_calls(("lookup", {"offer_id": "A"}), text=SAID))
    result = OpenAICompatAdapter("m1", base_url=fake.url).generate(REQUEST)
    assert (result.text, [call.name for call in result.tool_calls]) == (SAID, ["lookup"])


def test_openai_sends_the_text_back_as_the_assistant_content(fake: FakeProvider) -> None:
    body = OpenAICompatAdapter("m1", base_url=fake.url).body(REQUEST)
    assert body["messages"][2]["content"] == SAID
    assert body["messages"][2]["tool_calls"][0]["id"] == "c1"


@pytest.mark.parametrize("mode", ["output_config", "tool"])
def test_anthropic_reads_the_text_blocks_beside_the_tool_use(fake: FakeProvider, mode: str) -> None:
    fake.push(tool_use(("lookup", {"offer_id": "A"}), text=SAID))
    adapter = AnthropicAdapter("claude-x", base_url=fake.root, mode=mode)
    result = adapter.generate(REQUEST)
    assert (result.text, [call.name for call in result.tool_calls]) == (SAID, ["lookup"])


def test_anthropic_sends_the_text_block_before_the_tool_use(fake: FakeProvider) -> None:
    body = AnthropicAdapter("claude-x", base_url=fake.root).body(REQUEST)
    assert body["messages"][1]["content"][:2] == [
        {"type": "text", "text": SAID},
        {"type": "tool_use", "id": "c1", "name": "lookup", "input": {"offer_id": "A"}}]  # fmt: skip


def test_a_round_without_text_is_sent_as_before(fake: FakeProvider) -> None:
    bare = ToolRound(calls=ROUND.calls, results=ROUND.results)
    request = Request(instructions="i", data={}, run_id="r", node="n", tools=(LOOKUP,),
                      rounds=(bare,))  # fmt: skip
    assert OpenAICompatAdapter("m1", base_url=fake.url).body(request)["messages"][2][
        "content"] is None  # fmt: skip
    assert bare.as_json() == {"calls": [ROUND.calls[0].as_json()], "results": [{"id": "A"}]}


def test_the_text_is_journaled_in_the_round_and_sent_on_the_next(
    fake: FakeProvider, tmp_path: Path
) -> None:
    catalogue = str(tools_support.write_catalogue(tmp_path / "catalogue.json"))
    fake.push(tool_calls(("lookup", {"offer_id": "A", "catalogue": catalogue}), text=SAID),
              tool_calls(("book_now", {"offer_id": "A", "quantity": 1})),
              completion({"booked": "A"}))  # fmt: skip
    with open_store(f"sqlite:{tmp_path / 'runs.db'}") as store:
        store.setup()
        run(loop_support.graph, inputs={"offer_ids": ["A"], "catalogue": catalogue}, store=store,
            adapter=OpenAICompatAdapter("m1", base_url=fake.url), run_id="r")  # fmt: skip
        journal = store.generations("r")
    assert journal["1:settle:0"]["text"] == SAID
    assert "text" not in journal["1:settle:1"]
    sent = fake.seen[2].body["messages"]
    assert [m.get("content") for m in sent if m["role"] == "assistant"] == [SAID, None]


def test_a_recording_replays_the_text(tmp_path: Path) -> None:
    answers = str(tmp_path / "answers.jsonl")

    def model(request: Request) -> Result:
        call = ToolCall(id="c1", name="lookup", arguments={"offer_id": "A"})
        return Result(data=None, tool_calls=(call,), text=SAID)

    Recording(FunctionAdapter("m", model), answers).generate(REQUEST)
    assert json.loads(Path(answers).read_text())["text"] == SAID
    assert Replay(answers).generate(REQUEST).text == SAID
