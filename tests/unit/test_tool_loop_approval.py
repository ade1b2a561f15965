"""The tool loop across a person's approval: the re-run goes on with the waiting visit's
journaled rounds and reads, runs the approved write once, asks only the rounds after it."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from stepgraph import (
    END,
    Branch,
    FunctionAdapter,
    Graph,
    Policy,
    Request,
    Result,
    RunResult,
    StepgraphError,
    arun,
    decide,
    open_store,
    run,
)
from stepgraph.adapters import ToolCall
from stepgraph.context import Context
from stepgraph.stores import Store
from stepgraph.tools.listing import tool_calls
from tests import loop_support, tools_support

PEOPLE = Policy.from_mapping({"approve": ["ada"], "reject": ["ada"]})


@pytest.fixture
def ledger(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "ledger.jsonl"
    monkeypatch.setenv("TOOL_LEDGER", str(path))
    return path


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(f"sqlite:{tmp_path / 'runs.db'}") as opened:
        opened.setup()
        yield opened


class Planner:
    """``loop_support.planner``, remembering how many rounds each request carried;
    ``last`` answers the third round (the one after the write) instead."""

    def __init__(self, last: Callable[[Request], Result] = loop_support.planner) -> None:
        self.asked: list[int] = []
        self.last = last

    def __call__(self, request: Request) -> Result:
        self.asked.append(len(request.rounds))
        return self.last(request) if len(request.rounds) == 2 else loop_support.planner(request)


def _run(store: Store, tmp_path: Path, model: Planner) -> RunResult[Any]:
    catalogue = tools_support.write_catalogue(tmp_path / "catalogue.json")
    return run(loop_support.approval_graph, store=store, run_id="r",
               inputs={"offer_ids": ["A"], "catalogue": str(catalogue)},
               adapter=FunctionAdapter("planner", model))  # fmt: skip


def _decide(store: Store, verdict: str) -> None:
    wait = store.load("r").wait  # type: ignore[union-attr]
    assert wait is not None
    decide(store, "r", verdict=verdict, actor="ada", digest_seen=wait["digest"], policy=PEOPLE)


def test_after_an_approval_the_loop_goes_on_from_the_waiting_visits_rounds(
    tmp_path: Path, ledger: Path, store: Store
) -> None:
    model = Planner()
    reads = tools_support.COUNTS["lookup"]
    assert _run(store, tmp_path, model).status == "waiting_for_approval"
    assert not ledger.exists()
    _decide(store, "approve")
    done = _run(store, tmp_path, model)
    assert done.state["answer"] == {"offer": {"id": "A", "monthly": 120, "version": 3},
                                    "booking": {"booked": "A"}}  # fmt: skip
    # waiting visit: rounds 1-3 (the third saw the refusal); after: only the third again,
    # now with the write's real result
    assert model.asked == [0, 1, 2, 2]
    assert tools_support.COUNTS["lookup"] - reads == 1
    assert [json.loads(line)["offer_id"] for line in ledger.read_text().splitlines()] == ["A"]


def test_a_rejection_is_handed_to_the_model_in_the_same_loop(
    tmp_path: Path, ledger: Path, store: Store
) -> None:
    model = Planner()
    _run(store, tmp_path, model)
    _decide(store, "reject")
    done = _run(store, tmp_path, model)
    assert model.asked == [0, 1, 2, 2]
    assert done.state["answer"]["booking"]["rule"] == "rejected"
    assert not ledger.exists()


def test_a_failure_after_the_approved_write_repeats_no_write_read_or_journaled_round(
    tmp_path: Path, ledger: Path, store: Store
) -> None:
    _run(store, tmp_path, Planner())
    _decide(store, "approve")
    reads = tools_support.COUNTS["lookup"]

    def down(request: Request) -> Result:
        raise ValueError("the provider went away")  # after the write, before the answer

    with pytest.raises(StepgraphError):
        _run(store, tmp_path, Planner(down))
    model = Planner()
    done = _run(store, tmp_path, model)
    assert model.asked == [2]
    assert tools_support.COUNTS["lookup"] == reads
    assert len(ledger.read_text().splitlines()) == 1
    assert done.state["answer"]["booking"] == {"booked": "A"}


def test_the_carried_calls_are_listed_once(tmp_path: Path, ledger: Path, store: Store) -> None:
    _run(store, tmp_path, Planner())
    _decide(store, "approve")
    _run(store, tmp_path, Planner())
    rows = tool_calls(store.generations("r"))
    assert [(row["step"], row["tool"], row["outcome"]) for row in rows] == [
        (1, "lookup", "done"), (1, "book_now", "refused"), (2, "book_now", "done")]  # fmt: skip


def _settle_counted(state: dict[str, Any], context: Context) -> dict[str, Any]:
    return {**loop_support.settle(state, context), "visits": state.get("visits", 0) + 1}


def test_a_node_visited_again_without_a_decision_asks_the_model_again(
    tmp_path: Path, ledger: Path, store: Store
) -> None:
    again = Branch(lambda state: END if state["visits"] == 2 else "settle", "settle", END)
    twice = Graph(name="toolbox", entry="settle", nodes={"settle": _settle_counted},
                  edges={"settle": again},
                  tools={"settle": [tools_support.lookup, tools_support.book_now]})  # fmt: skip
    model = Planner()
    catalogue = tools_support.write_catalogue(tmp_path / "catalogue.json")
    run(twice, store=store, run_id="r", inputs={"offer_ids": ["A"], "catalogue": str(catalogue)},
        adapter=FunctionAdapter("m", model))  # fmt: skip
    assert model.asked == [0, 1, 2, 0, 1, 2]
    assert len(ledger.read_text().splitlines()) == 2


async def _asettle_or_wait(state: dict[str, Any], context: Context) -> Any:
    update = await loop_support.asettle(state, context)
    return context.tool_waits[0] if context.tool_waits else update


def test_an_async_node_goes_on_across_the_approval_too(
    tmp_path: Path, ledger: Path, store: Store
) -> None:
    tools = [tools_support.lookup, tools_support.book_approved]
    graph = Graph(name="toolbox", entry="settle", nodes={"settle": _asettle_or_wait},
                  edges={"settle": END}, tools={"settle": tools})  # fmt: skip
    catalogue = tools_support.write_catalogue(tmp_path / "catalogue.json")
    inputs = {"offer_ids": ["A"], "catalogue": str(catalogue)}
    model = Planner()

    def go() -> RunResult[Any]:
        adapter = FunctionAdapter("m", model)
        return asyncio.run(arun(graph, store=store, run_id="r", adapter=adapter, inputs=inputs))

    go()
    _decide(store, "approve")
    assert go().state["answer"]["booking"] == {"booked": "A"}
    assert model.asked == [0, 1, 2, 2]
    assert len(ledger.read_text().splitlines()) == 1


def test_a_read_asked_after_the_approved_write_is_made_anew(
    tmp_path: Path, ledger: Path, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    trail = tmp_path / "trail.txt"
    monkeypatch.setenv("TOOL_TRAIL", str(trail))

    def then_check_b(request: Request) -> Result:  # after the write, look offer B up
        catalogue = request.data["catalogue"]
        call = ToolCall(id="c3", name="lookup", arguments={"offer_id": "B",
                                                            "catalogue": catalogue})  # fmt: skip
        return Result(data=None, tool_calls=(call,))

    def model(request: Request) -> Result:
        if len(request.rounds) == 3:
            return Result(data={"b": request.rounds[2].results[0]})
        return Planner(then_check_b)(request)

    catalogue = tools_support.write_catalogue(tmp_path / "catalogue.json")
    inputs = {"offer_ids": ["A", "B"], "catalogue": str(catalogue)}
    for _ in range(2):
        done = run(loop_support.approval_graph, store=store, run_id="r", inputs=inputs,
                   adapter=FunctionAdapter("planner", model))  # fmt: skip
        if done.status == "waiting_for_approval":
            _decide(store, "approve")
    # the waiting visit read B after the refusal; after the write it is read again
    assert trail.read_text().splitlines() == ["lookup A", "lookup B", "lookup B"]
    assert done.state["answer"] == {"b": {"id": "B", "monthly": 90, "version": 1}}


def test_calls_journaled_in_one_millisecond_are_listed_in_the_order_they_were_made() -> None:
    at = "2026-12-05T12:00:00.001+00:00"
    journal = {  # the slots' alphabetical order: the refusal's slot sorts first
        "1:plan:tool-refused:bbbb": {"status": "refused", "tool": "book_now", "at": at, "seq": 3},
        "1:plan:tool:lookup:aaaa": {"status": "done", "tool": "lookup", "at": at, "seq": 1},
    }
    assert [row["tool"] for row in tool_calls(journal)] == ["lookup", "book_now"]
