"""A user's own typed graph, as a user would write it: checked by mypy --strict in a test.

Sync and async nodes over a TypedDict state with a merge rule, a dataclass state, a
wait for a person, and the typed results of run, arun, iter_run and aiter_run.
"""

from __future__ import annotations

import asyncio
import operator
from dataclasses import dataclass, field
from typing import Annotated, TypedDict

from stepgraph import (
    END,
    Branch,
    Context,
    FunctionAdapter,
    Graph,
    Node,
    NodeRetry,
    Reducer,
    Request,
    RunResult,
    Store,
    Update,
    Wait,
    aiter_run,
    append,
    arun,
    iter_run,
    open_store,
    run,
)


class Ticket(TypedDict, total=False):
    text: str
    notes: Annotated[list[str], append]
    priority: int
    cost: Annotated[float, Reducer(operator.add)]
    decision: dict[str, str]


def triage(state: Ticket, ctx: Context) -> Update:
    urgent = "urgent" in state.get("text", "")
    return {"priority": 1 if urgent else 3, "notes": ["triaged"], "cost": 0.5}


async def answer(state: Ticket, ctx: Context) -> Update:
    reply = await ctx.agenerate(instructions="Reply briefly.", data={"text": state.get("text")})
    return {"notes": [str(reply)], "cost": 1.5}


def review(state: Ticket, ctx: Context) -> Update:
    if "decision" in state:
        return {"notes": ["reviewed"]}
    return Wait(kind="decision", status="ready_for_review", reason="check the reply",
                choices={"approve": "approved"}, digest="reply-1")  # fmt: skip


def route(state: Ticket) -> str:
    return "review" if state.get("priority", 3) == 1 else END


tickets: Graph[Ticket] = Graph(
    name="tickets",
    state=Ticket,
    entry="triage",
    nodes={"triage": triage, "answer": Node(fn=answer, timeout=30), "review": review},
    edges={"triage": "answer", "answer": Branch(route, "review", END), "review": END},
)


@dataclass
class Order:
    item: str
    quantity: int = 1
    lines: Annotated[list[str], append] = field(default_factory=list)


def price(state: Order, ctx: Context) -> Update:
    return {"lines": [f"{state.quantity} x {state.item}"]}


orders = Graph(name="orders", state=Order, entry="price", nodes={
    "price": Node(fn=price, retry=NodeRetry(attempts=2, on=(ConnectionError,)))},
    edges={"price": END})  # fmt: skip

ADAPTER = FunctionAdapter("canned-v1", lambda request: f"re: {request.data['text']}")


def sync_part(store: Store) -> tuple[int, list[str], int]:
    result: RunResult[Ticket] = run(tickets, inputs={"text": "urgent: printer"},
                                    adapter=ADAPTER, store=store)  # fmt: skip
    priority: int = result.state.get("priority", 0)
    notes: list[str] = result.state.get("notes", [])
    order = run(orders, inputs={"item": "toner", "quantity": 2}, adapter=ADAPTER, store=store)
    quantity: int = order.state.quantity
    events = 0
    for item in iter_run(tickets, inputs={"text": "slow"}, adapter=ADAPTER, store=store):
        if isinstance(item, RunResult):
            notes.extend(item.state.get("notes", []))
        else:
            events += 1
    return priority, notes, quantity + events


async def async_part(store: Store) -> tuple[str, float]:
    result = await arun(tickets, inputs={"text": "calm"}, adapter=ADAPTER, store=store)
    status: str = result.status
    cost = 0.0
    async for item in aiter_run(tickets, inputs={"text": "other"}, adapter=ADAPTER, store=store):
        if isinstance(item, RunResult):
            cost = item.state.get("cost", 0.0)
    return status, cost


def echo(request: Request) -> str:
    return str(request.data)


def main() -> dict[str, object]:
    store = open_store("memory:")
    priority, notes, count = sync_part(store)
    status, cost = asyncio.run(async_part(store))
    return {"priority": priority, "notes": notes, "count": count, "status": status,
            "cost": cost}  # fmt: skip
