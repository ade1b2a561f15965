"""Your first workflow: a refund request, from docs/tutorial.md.

Four nodes over a typed state: ``check`` validates the request, ``history`` looks the
customer up (an async node), ``draft`` asks a model for a reply, and ``review`` waits
for a person when the refund is large. A branch after ``draft`` sends small refunds
straight to the end. The runs go through ``arun``/``aresume`` on one event loop.

Run it with ``python examples/first_workflow.py``: it uses a scripted model and an
in-memory store, so it needs no key, no network and writes no file.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from typing import TypedDict

import stepgraph
from stepgraph import END, Branch, Context, Graph, Policy, RunResult, StepEvent, Update, Wait
from stepgraph.testing import (
    ScriptedAdapter,
    assert_generation_calls,
    assert_history,
    assert_trace,
)

LIMIT = 100  # refunds above this amount wait for a person


class Refund(TypedDict, total=False):
    """The run's state: the inputs, then what the nodes add. Checked after every update."""

    customer: str
    amount: float
    reason: str
    large: bool
    orders: int
    reply: str
    decision: dict[str, str]  # written by stepgraph.decide: verdict, by, at, digest
    status: str


def check(state: Refund, context: Context) -> Update:
    """Refuse a request that cannot be handled; never guess a missing amount."""
    amount = state.get("amount")
    if isinstance(amount, bool) or not isinstance(amount, int | float) or amount <= 0:
        raise stepgraph.InputError("amount", "must be a positive number")
    return {"large": amount > LIMIT}


ORDERS = {"cust-1": 12, "cust-2": 1}  # stands in for an async client of your order system


async def count_orders(customer: str) -> int:
    await asyncio.sleep(0)  # a real client would await the network here
    return ORDERS.get(customer, 0)


async def history(state: Refund, context: Context) -> Update:
    """An async node: the harness awaits it like any other."""
    return {"orders": await count_orders(state["customer"])}


REPLY_SCHEMA = {
    "type": "object",
    "properties": {"reply": {"type": "string"}, "tone": {"type": "string"}},
    "required": ["reply", "tone"],
    "additionalProperties": False,
}


async def draft(state: Refund, context: Context) -> Update:
    """The model call: journaled, retried on provider faults, never repeated once done."""
    answer = await context.agenerate(
        instructions="Write a short, polite reply to this refund request.",
        data={"amount": state["amount"], "reason": state["reason"], "orders": state["orders"]},
        schema=REPLY_SCHEMA,
    )
    return {"reply": answer["reply"]}


def after_draft(state: Refund) -> str:
    return "review" if state.get("large") else END


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def review(state: Refund, context: Context) -> Update:
    """Wait for a person the first time; act on their decision when it is recorded."""
    decision = state.get("decision")
    if decision is None:
        return Wait(
            kind="decision",
            status="waiting_for_review",
            reason=f"refund of {state['amount']} is above {LIMIT}",
            choices={"approve": "approved", "reject": "rejected"},
            digest=digest(state["reply"]),  # the decision is bound to this exact reply
        )
    return {"status": "approved" if decision["verdict"] == "approve" else "rejected"}


refunds: Graph[Refund] = Graph(
    name="refunds",
    state=Refund,
    entry="check",
    nodes={"check": check, "history": history, "draft": draft, "review": review},
    edges={
        "check": "history",
        "history": "draft",
        "draft": Branch(after_draft, "review", END),
        "review": END,
    },
)


def show(event: StepEvent) -> None:
    print("  event:", type(event).__name__)


async def main() -> None:
    model = ScriptedAdapter(
        [
            {"reply": "We are sorry the kettle broke; your refund is on its way.", "tone": "warm"},
            {"reply": "Thank you for your patience; a colleague will confirm.", "tone": "calm"},
        ]
    )
    policy = Policy.from_mapping({"approve": ["ada"], "reject": ["ada"]})
    with stepgraph.open_store("memory:") as store:
        small = await stepgraph.arun(
            refunds,
            inputs={"customer": "cust-1", "amount": 25, "reason": "the kettle broke"},
            adapter=model,
            store=store,
        )
        print(small.status, small.trace)
        assert small.status == "done"
        assert_trace(small, ["check", "history", "draft"])  # no review for a small refund

        large: RunResult[Refund] = await stepgraph.arun(
            refunds,
            inputs={"customer": "cust-2", "amount": 480, "reason": "never delivered"},
            adapter=model,
            store=store,
            on_event=show,  # watch the run: one event per step as it happens
        )
        print(large.status, large.trace)
        assert large.status == "waiting_for_review"

        wait = large.checkpoint.wait  # what the run waits for, with the reply's digest
        assert wait is not None
        await stepgraph.adecide(store, large.run_id, verdict="approve", actor="ada",
                                digest_seen=wait["digest"], policy=policy)  # fmt: skip
        done = await stepgraph.aresume(refunds, run_id=large.run_id, adapter=model, store=store)
        print(done.status, done.trace)
        assert done.status == "approved"

        assert_history(store, done.run_id,
                       ["check", "history", "draft", "review", "@decision", "review"])  # fmt: skip
        assert_generation_calls(store, done.run_id, {"draft": 1})
        decision: dict[str, str] = done.state.get("decision", {})
        print(json.dumps(decision, indent=2))


if __name__ == "__main__":
    asyncio.run(main())
