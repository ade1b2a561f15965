"""A tool that fails in the tool loop: by default the node fails; with
``on_tool_error="tell_model"`` (for every tool or per tool) the model is handed the error
class and a scrubbed message, journaled, reused on a re-run, within the same bounds."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from stepgraph import (
    END,
    FunctionAdapter,
    Graph,
    InputError,
    NodeError,
    Request,
    Result,
    ToolLimitExceeded,
    arun,
    open_store,
    run,
)
from stepgraph.adapters import ToolCall
from stepgraph.context import Context
from stepgraph.stores import Store
from stepgraph.tools import tool
from tests import tools_support

KEY = "sk-abcdefghijklmnop"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(f"sqlite:{tmp_path / 'runs.db'}") as opened:
        opened.setup()
        yield opened


def _inputs(tmp_path: Path) -> dict[str, Any]:
    catalogue = tools_support.write_catalogue(tmp_path / "catalogue.json")
    return {"offer_ids": ["Z"], "catalogue": str(catalogue)}  # Z: not in the catalogue


class Model:
    """Calls ``name`` with ``arguments(request)`` ``calls`` times, then answers with what
    it was handed back; remembers how many rounds each request carried."""

    def __init__(self, name: str = "lookup", calls: int = 1) -> None:
        self.name, self.calls = name, calls
        self.asked: list[int] = []

    def __call__(self, request: Request) -> Result:
        self.asked.append(len(request.rounds))
        if len(request.rounds) < self.calls:
            data = request.data
            args = {"offer_id": data["offer_ids"][0], "catalogue": data["catalogue"]}
            if self.name != "lookup":
                args = {"offer_id": data["offer_ids"][0]}
            call = ToolCall(id=f"c{len(request.rounds)}", name=self.name, arguments=args)
            return Result(data=None, tool_calls=(call,))
        return Result(data={"seen": [done.results[0] for done in request.rounds]})


def _graph(on_error: Any, *tools: Any, rounds: int = 8) -> Graph[Any]:
    def settle(state: dict[str, Any], context: Context) -> dict[str, Any]:
        data = {"offer_ids": state["offer_ids"], "catalogue": state["catalogue"]}
        return {"answer": context.generate(instructions="i", data=data, max_tool_rounds=rounds,
                                           tools=[found.name for found in tools],
                                           on_tool_error=on_error)}  # fmt: skip

    return Graph(name="toolbox", entry="settle", nodes={"settle": settle},
                 edges={"settle": END}, tools={"settle": list(tools)})  # fmt: skip


def test_a_failing_read_is_told_to_the_model_with_its_error_class(
    tmp_path: Path, store: Store
) -> None:
    graph = _graph("tell_model", tools_support.lookup)
    done = run(graph, inputs=_inputs(tmp_path), adapter=FunctionAdapter("m", Model()),
               store=store, run_id="r")  # fmt: skip
    [told] = done.state["answer"]["seen"]
    assert (told["failed"], told["error"]) == ("lookup", "KeyError")
    assert "'Z'" in told["message"]
    [record] = [r for slot, r in store.generations("r").items() if ":tool:lookup:" in slot]
    assert (record["status"], record["error"], record["told"]) == ("failed", "KeyError", told)


def test_tell_model_for_one_tool_leaves_the_others_failing_the_node(
    tmp_path: Path, store: Store
) -> None:
    graph = _graph({"book_now": "tell_model"}, tools_support.lookup, tools_support.book_now)
    with pytest.raises(NodeError, match="ToolFailed"):
        run(graph, inputs=_inputs(tmp_path), adapter=FunctionAdapter("m", Model()),
            store=store, run_id="r")  # fmt: skip


def test_a_told_failure_is_reused_when_the_node_runs_again(tmp_path: Path, store: Store) -> None:
    model, calls = Model(), tools_support.COUNTS["lookup"]
    failures = [OSError("the node fails after the loop")]
    told = _graph("tell_model", tools_support.lookup)

    def settle_then_fail(state: dict[str, Any], context: Context) -> dict[str, Any]:
        update: Any = told.nodes["settle"].fn(state, context)
        if failures:
            raise failures.pop()
        return dict(update)

    graph = Graph(name="toolbox", entry="settle", nodes={"settle": settle_then_fail},
                  edges={"settle": END}, tools={"settle": [tools_support.lookup]})  # fmt: skip
    with pytest.raises(NodeError):
        run(graph, inputs=_inputs(tmp_path), adapter=FunctionAdapter("m", model), store=store,
            run_id="r")  # fmt: skip
    run(graph, inputs=_inputs(tmp_path), adapter=FunctionAdapter("m", model), store=store,
        run_id="r")  # fmt: skip
    assert model.asked == [0, 1]
    assert tools_support.COUNTS["lookup"] - calls == 1


def test_the_told_message_is_scrubbed_and_holds_no_private_value(
    tmp_path: Path, store: Store
) -> None:
    @tool
    def greet(offer_id: str) -> dict[str, str]:
        """Greet a customer."""
        raise ValueError(f"no customer {offer_id} with key {KEY}")

    seen: list[Request] = []

    def model(request: Request) -> Result:
        seen.append(request)
        return Model("greet")(request)

    graph = _graph("tell_model", greet)
    private = Graph(name=graph.name, entry="settle", nodes={"settle": graph.nodes["settle"].fn},
                    edges={"settle": END}, tools={"settle": [greet]},
                    private={"offer_ids": "tokenise"})  # fmt: skip
    inputs = {"offer_ids": ["Jane Doe"], "catalogue": "c"}
    run(private, inputs=inputs, adapter=FunctionAdapter("m", model), store=store, run_id="r")
    told = seen[1].rounds[0].results[0]
    assert (told["failed"], told["error"]) == ("greet", "ValueError")
    assert "Jane Doe" not in str(told)
    assert KEY not in str(told)
    assert "[[p:" in told["message"]


def test_told_failures_count_against_the_same_bounds(tmp_path: Path, store: Store) -> None:
    calls, model = tools_support.COUNTS["lookup"], Model(calls=5)
    graph = _graph("tell_model", tools_support.lookup, rounds=2)
    with pytest.raises(ToolLimitExceeded):
        run(graph, inputs=_inputs(tmp_path), adapter=FunctionAdapter("m", model), store=store,
            run_id="r")  # fmt: skip
    assert model.asked == [0, 1, 2]  # the third answer asks a third round: refused
    assert tools_support.COUNTS["lookup"] - calls == 1  # the same call again: told again


def test_a_write_that_times_out_is_never_told_its_outcome_is_unknown(
    tmp_path: Path, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TOOL_LEDGER", str(tmp_path / "ledger.jsonl"))

    @tool(kind="write", timeout=0.05)
    def slow_book(offer_id: str) -> dict[str, str]:
        """Book slowly."""
        time.sleep(0.5)
        return {"booked": offer_id}

    graph = _graph("tell_model", slow_book)
    with pytest.raises(NodeError, match="ToolTimeout"):
        run(graph, inputs=_inputs(tmp_path), adapter=FunctionAdapter("m", Model("slow_book")),
            store=store, run_id="r")  # fmt: skip


@pytest.mark.parametrize(("choice", "rule"), [
    ("ignore", "'fail' or 'tell_model'"),
    ({"book_now": "tell_model"}, "not a tool offered"),
    ({"lookup": "maybe"}, "'fail' or 'tell_model'"),
])  # fmt: skip
def test_a_bad_on_tool_error_is_refused_before_the_model_is_called(
    choice: Any, rule: str, tmp_path: Path
) -> None:
    model = Model()
    context = Context(run_id="r", node="settle", adapter=FunctionAdapter("m", model),
                      graph=_graph("fail", tools_support.lookup))  # fmt: skip
    with pytest.raises(InputError, match="on_tool_error") as refused:
        context.generate(instructions="i", data={}, tools=["lookup"], on_tool_error=choice)
    assert rule in str(refused.value)
    assert model.asked == []


def test_an_async_node_tells_the_model_too(tmp_path: Path, store: Store) -> None:
    async def settle(state: dict[str, Any], context: Context) -> dict[str, Any]:
        data = {"offer_ids": state["offer_ids"], "catalogue": state["catalogue"]}
        return {"answer": await context.agenerate(instructions="i", data=data,
                                                  tools=["lookup"],
                                                  on_tool_error="tell_model")}  # fmt: skip

    graph = Graph(name="toolbox", entry="settle", nodes={"settle": settle},
                  edges={"settle": END}, tools={"settle": [tools_support.lookup]})  # fmt: skip

    async def main() -> Any:
        return await arun(graph, inputs=_inputs(tmp_path), store=store, run_id="r",
                          adapter=FunctionAdapter("m", Model()))  # fmt: skip

    [told] = asyncio.run(main()).state["answer"]["seen"]
    assert (told["failed"], told["error"]) == ("lookup", "KeyError")


def test_on_tool_error_without_tools_is_refused() -> None:
    model = Model()
    context = Context(run_id="r", node="settle", adapter=FunctionAdapter("m", model),
                      graph=_graph("fail", tools_support.lookup))  # fmt: skip
    with pytest.raises(InputError, match=r"on_tool_error.*only with tools"):
        context.generate(instructions="i", data={}, on_tool_error="tell_model")
    assert model.asked == []


def test_a_write_whose_result_breaks_its_schema_is_never_told_it_ran(
    tmp_path: Path, store: Store
) -> None:
    @tool(kind="write")
    def odd_book(offer_id: str) -> dict[str, str]:
        """Book, answering with the wrong shape."""
        return {"booked": 1}  # type: ignore[dict-item]

    graph = _graph("tell_model", odd_book)
    with pytest.raises(NodeError, match="InvalidResult"):
        run(graph, inputs=_inputs(tmp_path), adapter=FunctionAdapter("m", Model("odd_book")),
            store=store, run_id="r")  # fmt: skip
