"""The model tool-calling loop: rounds journaled and reused, calls under the policy, bounds."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from stepgraph import (
    END,
    FunctionAdapter,
    Graph,
    InputError,
    NodeError,
    Policy,
    Request,
    Result,
    ToolLimitExceeded,
    arun,
    decide,
    open_store,
    run,
)
from stepgraph.adapters import ToolCall
from stepgraph.context import Context
from stepgraph.stores import Store
from stepgraph.testing import ScriptedAdapter
from stepgraph.tools import tool
from tests import loop_support, tools_support

SETTLE_TOOLS = {"settle": [tools_support.lookup, tools_support.book_now]}


@contextmanager
def _store(tmp_path: Path) -> Iterator[Store]:
    with open_store(f"sqlite:{tmp_path / 'runs.db'}") as store:
        store.setup()
        yield store


@pytest.fixture
def ledger(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "ledger.jsonl"
    monkeypatch.setenv("TOOL_LEDGER", str(path))
    return path


def _inputs(tmp_path: Path, offer_ids: list[str] | None = None) -> dict[str, Any]:
    catalogue = tools_support.write_catalogue(tmp_path / "catalogue.json")
    return {"offer_ids": offer_ids or ["A"], "catalogue": str(catalogue)}


def _rounds(journal: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    return [journal[key] for key in sorted(journal) if key.count(":") == 2]


def _refusals(journal: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    return [record for key, record in journal.items() if ":tool-refused:" in key]


def _call(name: str, arguments: dict[str, Any] | None, call_id: str = "c1") -> Result:
    return Result(data=None, tool_calls=(ToolCall(id=call_id, name=name, arguments=arguments),))


def test_the_model_reads_then_writes_then_answers_with_the_results(
    tmp_path: Path, ledger: Path
) -> None:
    with _store(tmp_path) as store:
        done = run(loop_support.graph, inputs=_inputs(tmp_path),
                   adapter=FunctionAdapter("planner", loop_support.planner), store=store,
                   run_id="r")  # fmt: skip
        journal = store.generations("r")
    assert done.state["answer"] == {"offer": {"id": "A", "monthly": 120, "version": 3},
                                    "booking": {"booked": "A"}}  # fmt: skip
    assert [json.loads(line)["offer_id"] for line in ledger.read_text().splitlines()] == ["A"]
    rounds = _rounds(journal)
    assert [r["round"] for r in rounds] == [1, 2, 3]
    assert [[c["name"] for c in r.get("tool_calls", [])] for r in rounds] == [
        ["lookup"], ["book_now"], []]  # fmt: skip
    assert all(r["tools"] == ["lookup", "book_now"] for r in rounds)


def test_each_round_sends_the_offered_tools_and_the_conversation_so_far(
    tmp_path: Path, ledger: Path
) -> None:
    seen: list[Request] = []

    def model(request: Request) -> Result:
        seen.append(request)
        return loop_support.planner(request)

    with _store(tmp_path) as store:
        run(loop_support.graph, inputs=_inputs(tmp_path), adapter=FunctionAdapter("m", model),
            store=store, run_id="r")  # fmt: skip
    assert [spec.name for spec in seen[0].tools] == ["lookup", "book_now"]
    assert seen[0].tools[1].parameters == tools_support.book_now.arguments
    assert [len(request.rounds) for request in seen] == [0, 1, 2]
    assert seen[2].rounds[0].results == ({"id": "A", "monthly": 120, "version": 3},)
    assert seen[2].rounds[1].calls[0].name == "book_now"
    assert seen[2].rounds[1].results == ({"booked": "A"},)


def test_a_node_run_again_reuses_journaled_rounds_and_tool_results(
    tmp_path: Path, ledger: Path
) -> None:
    asked: list[int] = []
    failures = [OSError("the node fails after the loop")]

    def model(request: Request) -> Result:
        asked.append(len(request.rounds))
        return loop_support.planner(request)

    def settle_then_fail(state: dict[str, Any], context: Context) -> dict[str, Any]:
        update = loop_support.settle(state, context)
        if failures:
            raise failures.pop()
        return update

    graph = Graph(name="toolbox", entry="settle", nodes={"settle": settle_then_fail},
                  edges={"settle": END}, tools=SETTLE_TOOLS)  # fmt: skip
    before = tools_support.COUNTS["lookup"]
    with _store(tmp_path) as store:
        with pytest.raises(NodeError):
            run(graph, inputs=_inputs(tmp_path), adapter=FunctionAdapter("m", model),
                store=store, run_id="r")  # fmt: skip
        done = run(graph, inputs=_inputs(tmp_path), adapter=FunctionAdapter("m", model),
                   store=store, run_id="r")  # fmt: skip
    assert asked == [0, 1, 2]
    assert tools_support.COUNTS["lookup"] - before == 1
    assert len(ledger.read_text().splitlines()) == 1
    assert done.state["answer"]["booking"] == {"booked": "A"}


def test_more_tool_rounds_than_allowed_stop_the_node(tmp_path: Path, ledger: Path) -> None:
    def settle(state: dict[str, Any], context: Context) -> dict[str, Any]:
        return {"answer": context.generate(instructions="i", data=state, max_tool_rounds=1,
                                           tools=["lookup", "book_now"])}  # fmt: skip

    graph = Graph(name="toolbox", entry="settle", nodes={"settle": settle},
                  edges={"settle": END}, tools=SETTLE_TOOLS)  # fmt: skip
    with _store(tmp_path) as store, pytest.raises(ToolLimitExceeded) as stopped:
        run(graph, inputs=_inputs(tmp_path), store=store, run_id="r",
            adapter=FunctionAdapter("planner", loop_support.planner))  # fmt: skip
    assert (stopped.value.node, stopped.value.limit, stopped.value.allowed) == (
        "settle", "rounds", 1)  # fmt: skip
    assert not ledger.exists()  # the write of the second round never ran


def test_more_tool_calls_than_allowed_stop_the_node_before_any_call_of_the_round(
    tmp_path: Path, ledger: Path
) -> None:
    inputs = _inputs(tmp_path)
    lookup = {"offer_id": "A", "catalogue": inputs["catalogue"]}
    three = Result(
        data=None,
        tool_calls=tuple(ToolCall(id=f"c{n}", name="lookup", arguments=lookup) for n in range(3)),
    )

    def settle(state: dict[str, Any], context: Context) -> dict[str, Any]:
        return {"answer": context.generate(instructions="i", data=state, max_tool_calls=2,
                                           tools=["lookup"])}  # fmt: skip

    graph = Graph(name="toolbox", entry="settle", nodes={"settle": settle},
                  edges={"settle": END}, tools=SETTLE_TOOLS)  # fmt: skip
    before = tools_support.COUNTS["lookup"]
    with _store(tmp_path) as store, pytest.raises(ToolLimitExceeded) as stopped:
        run(graph, inputs=inputs, adapter=ScriptedAdapter([three]), store=store, run_id="r")
    assert (stopped.value.limit, stopped.value.allowed) == ("calls", 2)
    assert tools_support.COUNTS["lookup"] == before


# (node, what the model asks for, the rule that refuses it)
MATRIX: dict[str, tuple[str, str, dict[str, Any] | None, str]] = {
    "wrong node": ("act", "lookup", {"offer_id": "A", "catalogue": "x"}, "node"),
    "offer not in the run": ("settle", "lookup", {"offer_id": "Z", "catalogue": "x"},
                             "constraint"),
    "argument out of bounds": ("act", "book", {"offer_id": "A", "quantity": 11}, "arguments"),
    "unknown argument": ("act", "book", {"offer_id": "A", "quantity": 1, "x": 1}, "arguments"),
    "unapproved write": ("act", "book", {"offer_id": "A", "quantity": 2}, "approval"),
    "not a tool of the node": ("settle", "book", {"offer_id": "A", "quantity": 1}, "declared"),
    "not offered in this call": ("narrow", "book_now", {"offer_id": "A", "quantity": 1},
                                 "offered"),
    "arguments not JSON": ("settle", "lookup", None, "arguments"),
}  # fmt: skip


def _narrow(state: dict[str, Any], context: Context) -> dict[str, Any]:
    return {"answer": context.generate(instructions="i", data=state, tools=["lookup"])}


@pytest.mark.parametrize("case", sorted(MATRIX))
def test_an_unauthorised_call_is_refused_recorded_and_shown_to_the_model(
    case: str, tmp_path: Path, ledger: Path
) -> None:
    node, name, arguments, rule = MATRIX[case]
    graphs = {"act": loop_support.act_graph, "settle": loop_support.graph,
              "narrow": Graph(name="toolbox", entry="narrow", nodes={"narrow": _narrow},
                              edges={"narrow": END},
                              tools={"narrow": [tools_support.lookup,
                                                tools_support.book_now]})}  # fmt: skip
    call = Result(
        data=None,
        tool_calls=(
            ToolCall(
                id="c1",
                name=name,
                arguments=arguments,
                raw=None if arguments else '{"offer_id": ',
                problem=None if arguments else "not JSON",
            ),
        ),
    )
    model = ScriptedAdapter([call, {"done": True}])
    before = dict(tools_support.COUNTS)
    with _store(tmp_path) as store:
        run(graphs[node], inputs=_inputs(tmp_path), adapter=model, store=store, run_id="r")
        journal = store.generations("r")
    [refusal] = _refusals(journal)
    assert (refusal["tool"], refusal["rule"], refusal["by"]) == (name, rule, f"toolbox/{node}")
    shown = model.calls[1].rounds[0].results[0]
    assert (shown["refused"], shown["rule"]) == (name, rule)
    assert before == tools_support.COUNTS
    assert not ledger.exists()


def test_an_unapproved_write_leaves_its_wait_for_the_node_to_return(
    tmp_path: Path, ledger: Path
) -> None:
    call = _call("book", {"offer_id": "A", "quantity": 2})
    with _store(tmp_path) as store:
        done = run(loop_support.act_graph, inputs=_inputs(tmp_path), store=store, run_id="r",
                   adapter=ScriptedAdapter([call, {"done": True}]))  # fmt: skip
        assert done.status == "waiting_for_approval"
        wait = store.load("r").wait  # type: ignore[union-attr]
        assert wait is not None
        decide(store, "r", verdict="approve", actor="ada", digest_seen=wait["digest"],
               policy=Policy.from_mapping({"approve": ["ada"]}))  # fmt: skip
        done = run(loop_support.act_graph, inputs=_inputs(tmp_path), store=store, run_id="r",
                   adapter=ScriptedAdapter([call, {"done": True}]))  # fmt: skip
    assert done.state["answer"] == {"done": True}
    assert [json.loads(line)["offer_id"] for line in ledger.read_text().splitlines()] == ["A"]


def test_tools_that_are_not_the_nodes_are_refused_before_the_model_is_called() -> None:
    model = ScriptedAdapter([])
    context = Context(run_id="r", node="settle", adapter=model, graph=loop_support.graph)
    with pytest.raises(InputError, match="'book' is not a tool of node 'settle'"):
        context.generate(instructions="i", data={}, tools=["lookup", "book"])
    with pytest.raises(InputError, match="max_tool_rounds"):
        context.generate(instructions="i", data={}, tools=["lookup"], max_tool_rounds=0)
    assert model.calls == []


def test_the_async_loop_runs_inside_a_running_event_loop(tmp_path: Path, ledger: Path) -> None:
    async def main() -> Any:
        with _store(tmp_path) as store:
            return await arun(loop_support.async_graph, inputs=_inputs(tmp_path), store=store,
                              adapter=FunctionAdapter("planner", loop_support.planner),
                              run_id="r")  # fmt: skip

    done = asyncio.run(main())
    assert done.state["answer"]["booking"] == {"booked": "A"}
    assert len(ledger.read_text().splitlines()) == 1


def test_acall_tool_calls_a_tool_from_an_async_node(tmp_path: Path) -> None:
    async def fetch(state: dict[str, Any], context: Context) -> dict[str, Any]:
        found = await context.acall_tool("lookup", {"offer_id": "B",
                                                    "catalogue": state["catalogue"]})  # fmt: skip
        return {"offer": found}

    graph = Graph(name="toolbox", entry="fetch", nodes={"fetch": fetch}, edges={"fetch": END},
                  tools={"fetch": [tools_support.lookup]})  # fmt: skip

    async def main() -> Any:
        with _store(tmp_path) as store:
            return await arun(graph, inputs=_inputs(tmp_path, ["B"]), store=store, run_id="r",
                              adapter=ScriptedAdapter([]))  # fmt: skip

    assert asyncio.run(main()).state["offer"] == {"id": "B", "monthly": 90, "version": 1}


def test_a_recorded_tool_loop_replays_each_round(tmp_path: Path, ledger: Path) -> None:
    from stepgraph.adapters.recording import Recording, Replay

    answers = str(tmp_path / "answers.jsonl")
    live = Recording(FunctionAdapter("planner", loop_support.planner), answers)
    with _store(tmp_path) as store:
        recorded = run(loop_support.graph, inputs=_inputs(tmp_path), adapter=live, store=store,
                       run_id="recorded")  # fmt: skip
        replayed = run(loop_support.graph, inputs=_inputs(tmp_path), adapter=Replay(answers),
                       store=store, run_id="replayed")  # fmt: skip
        rounds = _rounds(store.generations("replayed"))
    assert [[c["name"] for c in r.get("tool_calls", [])] for r in rounds] == [
        ["lookup"], ["book_now"], []]  # fmt: skip
    assert replayed.state["answer"] == recorded.state["answer"]
    assert replayed.state["answer"]["booking"] == {"booked": "A"}


def test_the_model_sees_private_values_as_tokens_and_the_tools_see_the_values(
    tmp_path: Path,
) -> None:
    secret = "Jane Doe"
    greeted: list[str] = []
    seen: list[Request] = []

    @tool
    def greet(name: str) -> dict[str, str]:
        """Greet someone."""
        greeted.append(name)
        return {"greeting": f"Hello {name}"}

    def model(request: Request) -> Result:
        seen.append(request)
        if not request.rounds:
            return _call("greet", {"name": request.data["name"]})
        return Result(data={"said": request.rounds[0].results[0]["greeting"]})

    def node(state: dict[str, Any], context: Context) -> dict[str, Any]:
        return {"answer": context.generate(instructions="Greet.", tools=["greet"],
                                           data={"name": state["customer"]})}  # fmt: skip

    graph = Graph(name="g", entry="a", nodes={"a": node}, edges={"a": END},
                  tools={"a": [greet]}, private={"customer": "tokenise"})  # fmt: skip
    with _store(tmp_path) as store:
        done = run(graph, inputs={"customer": secret}, adapter=FunctionAdapter("m", model),
                   store=store, run_id="r")  # fmt: skip
    assert greeted == [secret]
    sent = json.dumps([[r.data, [done.as_json() for done in r.rounds]] for r in seen])
    assert secret not in sent
    assert "[[p:" in sent
    assert done.state["answer"] == {"said": f"Hello {secret}"}


def test_a_tool_that_fails_in_the_loop_fails_the_node_and_is_journaled(tmp_path: Path) -> None:
    inputs = _inputs(tmp_path, ["Z"])  # named by the run, missing from the catalogue
    lookup = {"offer_id": "Z", "catalogue": inputs["catalogue"]}
    with _store(tmp_path) as store:
        with pytest.raises(NodeError, match="ToolFailed"):
            run(loop_support.graph, inputs=inputs, store=store, run_id="r",
                adapter=ScriptedAdapter([_call("lookup", lookup)]))  # fmt: skip
        journal = store.generations("r")
    [record] = [value for key, value in journal.items() if ":tool:lookup:" in key]
    assert (record["status"], record["error"]) == ("failed", "KeyError")


def test_tool_calls_from_a_model_offered_no_tools_are_a_malformed_answer(tmp_path: Path) -> None:
    def ask(state: dict[str, Any], context: Context) -> dict[str, Any]:
        return {"answer": context.generate(instructions="i", data={})}

    graph = Graph(name="g", entry="a", nodes={"a": ask}, edges={"a": END})
    model = ScriptedAdapter([_call("lookup", {}), {"ok": True}])
    with _store(tmp_path) as store:
        done = run(graph, inputs={}, adapter=model, store=store, run_id="r")
        [record] = _rounds(store.generations("r"))
    assert done.state["answer"] == {"ok": True}
    assert [attempt["error"] for attempt in record["attempts"]] == ["MalformedOutput"]


def test_a_run_stopped_by_a_bound_goes_on_from_its_journal_once_the_bound_is_raised(
    tmp_path: Path, ledger: Path
) -> None:
    asked: list[int] = []
    bound = [1]

    def model(request: Request) -> Result:
        asked.append(len(request.rounds))
        return loop_support.planner(request)

    def settle(state: dict[str, Any], context: Context) -> dict[str, Any]:
        return {"answer": context.generate(instructions="i", data=state, max_tool_rounds=bound[0],
                                           tools=["lookup", "book_now"])}  # fmt: skip

    graph = Graph(name="toolbox", entry="settle", nodes={"settle": settle},
                  edges={"settle": END}, tools=SETTLE_TOOLS)  # fmt: skip
    before = tools_support.COUNTS["lookup"]
    with _store(tmp_path) as store:
        with pytest.raises(ToolLimitExceeded):
            run(graph, inputs=_inputs(tmp_path), adapter=FunctionAdapter("m", model),
                store=store, run_id="r")  # fmt: skip
        bound[0] = 2
        done = run(graph, inputs=_inputs(tmp_path), adapter=FunctionAdapter("m", model),
                   store=store, run_id="r")  # fmt: skip
    assert asked == [0, 1, 2]  # the journaled rounds were not asked again
    assert tools_support.COUNTS["lookup"] - before == 1
    assert done.state["answer"]["booking"] == {"booked": "A"}
