"""Graphs whose model calls tools (``generate(tools=...)``), for the tool-loop tests.

``settle`` offers the model ``lookup`` (read) and ``book_now`` (write) from
tests/tools_support.py; ``act`` offers ``lookup`` (whose policy does not allow ``act``)
and ``book`` (bounded quantity, approval). ``planner`` is a model that decides from the
conversation alone (so a resumed run gets the same answers): look the offer up, then
book it, then answer with the booking.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from stepgraph import END, Graph, Policy, Request, Result, RunResult, decide, open_store, run
from stepgraph.adapters import ToolCall
from stepgraph.adapters.openai_compat import OpenAICompatAdapter
from stepgraph.context import Context
from stepgraph.testing import FakeProvider, Reply, Seen, completion, serve, tool_calls
from tests import tools_support

INSTRUCTIONS = "Look the offer up, book it, and answer with the booking."


def settle(state: dict[str, Any], context: Context) -> dict[str, Any]:
    answer = context.generate(instructions=INSTRUCTIONS, data={"offer_ids": state["offer_ids"],
                                                               "catalogue": state["catalogue"]},
                              tools=["lookup", "book_now"])  # fmt: skip
    return {"answer": answer}


async def asettle(state: dict[str, Any], context: Context) -> dict[str, Any]:
    answer = await context.agenerate(instructions=INSTRUCTIONS,
                                     data={"offer_ids": state["offer_ids"],
                                           "catalogue": state["catalogue"]},
                                     tools=["lookup", "book_now"])  # fmt: skip
    return {"answer": answer}


def act(state: dict[str, Any], context: Context) -> Any:
    answer = context.generate(instructions=INSTRUCTIONS, data={"offer_ids": state["offer_ids"]},
                              tools=["lookup", "book"])  # fmt: skip
    if context.tool_waits:
        return context.tool_waits[0]
    return {"answer": answer}


def settle_or_wait(state: dict[str, Any], context: Context) -> Any:
    """``settle``, returning the wait when the model asked for a write that needs approval."""
    update = settle(state, context)
    return context.tool_waits[0] if context.tool_waits else update


graph = Graph(name="toolbox", entry="settle", nodes={"settle": settle}, edges={"settle": END},
              tools={"settle": [tools_support.lookup, tools_support.book_now]})  # fmt: skip
async_graph = Graph(name="toolbox", entry="settle", nodes={"settle": asettle},
                    edges={"settle": END},
                    tools={"settle": [tools_support.lookup, tools_support.book_now]})  # fmt: skip
approval_graph = Graph(name="toolbox", entry="settle", nodes={"settle": settle_or_wait},
                       edges={"settle": END},
                       tools={"settle": [tools_support.lookup,
                                         tools_support.book_approved]})  # fmt: skip
act_graph = Graph(name="toolbox", entry="act", nodes={"act": act}, edges={"act": END},
                  tools={"act": [tools_support.lookup, tools_support.book]})  # fmt: skip


def planner(request: Request) -> Result:
    """Look up the first offer, then book it, then answer with what came back."""
    data = request.data
    offer_id = data["offer_ids"][0]
    if not request.rounds:
        return Result(data=None, tool_calls=(ToolCall(
            id="c1", name="lookup",
            arguments={"offer_id": offer_id, "catalogue": data["catalogue"]}),))  # fmt: skip
    if len(request.rounds) == 1:
        booking = {"offer_id": offer_id, "quantity": 1}
        return Result(
            data=None, tool_calls=(ToolCall(id="c2", name="book_now", arguments=booking),)
        )
    offer, booking = request.rounds[0].results[0], request.rounds[1].results[0]
    return Result(data={"offer": offer, "booking": booking})


def openai_planner(seen: Seen) -> Reply:
    """``planner`` as an OpenAI-compatible server answers (for ``FakeProvider.respond``)."""
    messages = seen.body["messages"]
    data = json.loads(messages[1]["content"])
    offer_id = data["offer_ids"][0]
    results = [json.loads(m["content"]) for m in messages if m["role"] == "tool"]
    if not results:
        return tool_calls(("lookup", {"offer_id": offer_id, "catalogue": data["catalogue"]}))
    if len(results) == 1:
        return tool_calls(("book_now", {"offer_id": offer_id, "quantity": 1}))
    return completion({"offer": results[0], "booking": results[1]})


@pytest.fixture
def fake() -> Iterator[FakeProvider]:
    """A fake provider on 127.0.0.1 for one test (import it into a test module to use it)."""
    with serve() as provider:
        yield provider


def push_loop(fake: FakeProvider, calls: Callable[..., Reply], catalogue: str,
              final: Reply) -> None:  # fmt: skip
    """Script ``planner`` on ``fake``: ``calls`` (``tool_calls`` or ``tool_use``) for the
    read, then for the write, then ``final``."""
    fake.push(calls(("lookup", {"offer_id": "A", "catalogue": catalogue})),
              calls(("book_now", {"offer_id": "A", "quantity": 1})), final)  # fmt: skip


CRASH_CHILD = """
import os, signal, sys, threading
from stepgraph.stores import _testhooks
from tests import loop_support

url, point, catalogue, port = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
approve = sys.argv[5:] == ["approve"]
stage, _, nth = point.partition("#")
reached = []

def observe(found):
    if found == stage:
        reached.append(found)
        if len(reached) == int(nth or 1):
            os.kill(os.getpid(), signal.SIGKILL)

if stage == "after":  # after#SECONDS, wherever the run is then (if it still runs)
    timer = threading.Timer(float(nth), lambda: os.kill(os.getpid(), signal.SIGKILL))
    timer.daemon = True
    timer.start()
else:
    _testhooks.observer = observe
if approve:
    loop_support.approve_over(url)
    if stage == "decided":
        os.kill(os.getpid(), signal.SIGKILL)
loop_support.settle_over_http(url, catalogue, port,
                              loop_support.approval_graph if approve else loop_support.graph)
"""
"""A child that runs ``settle`` over HTTP (``settle_over_http``) and SIGKILLs itself at
``STAGE`` (its first time), ``STAGE#N`` (its Nth time) or ``after#SECONDS``; its
arguments are the store URL, the point, the catalogue file and the model's port. With a
fifth argument ``approve`` it first approves the write run ``t`` of ``approval_graph``
waits for (point ``decided``: killed right after the decision) and goes on with it."""


def approve_over(url: str) -> None:
    """Approve, as ada, the call run ``t`` waits for."""
    with open_store(url) as store:
        wait = store.load("t").wait  # type: ignore[union-attr]
        assert wait is not None
        decide(store, "t", verdict="approve", actor="ada", digest_seen=wait["digest"],
               policy=Policy.from_mapping({"approve": ["ada"]}))  # fmt: skip


def settle_over_http(
    url: str, catalogue: str, port: int, over: Graph[Any] = graph
) -> tuple[RunResult[Any], int]:
    """Run (or finish) run ``t`` of ``over`` (``graph``) with ``openai_planner`` served on ``port``:
    the result and how many model requests this process made."""
    with serve(port) as model, open_store(url) as store:
        model.respond = openai_planner
        store.setup()
        done = run(over, inputs={"offer_ids": ["A"], "catalogue": catalogue},
                   adapter=OpenAICompatAdapter("m1", base_url=model.url), store=store,
                   run_id="t")  # fmt: skip
        return done, len(model.seen)
