"""One tool call from a node: authorise, validate, journal, run (or reuse), journal.

The order is fixed: the tool must be declared for the node and allowed for the graph
and node by its policy; the arguments must fit the tool's schema; the policy's
constraint must accept them against the run's state; a tool that needs approval
needs a person's ``approve`` decision bound to the digest of this exact call. Any
failure there is a refusal: journaled (who, what, why) and returned as a
``ToolRefusal`` value, never raised. Only then does the tool run:

- a read tool's result is journaled with its latency; when the node runs again for
  the same step, the journaled result is returned and the tool is not called again;
- a write tool runs through the context's effect journal (intent, outcome,
  idempotency key, ``lookup``, ``needs_reconciliation``), so it runs at most once.

A call that fails or passes its timeout is journaled with the error class and raises
``ToolFailed`` (``ToolTimeout``); the node decides whether to catch it, or (``tell``,
the tool loop's ``on_tool_error="tell_model"``) it is returned as data for the model.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..checkpoint import canonical_json, digest, json_copy, json_encode, now
from ..errors import InputError, StepgraphError, ToolFailed, ToolTimeout
from ..scrub import scrub
from ..stores._testhooks import reach
from ..waits import Wait
from .schema import problems

if TYPE_CHECKING:
    from ..context import Context
    from .tool import Tool

APPROVAL_STATUS = "waiting_for_approval"


@dataclass(frozen=True)
class ToolRefusal:
    """A call that was not made: ``rule`` names the check it failed, ``reason`` why.

    ``wait`` is set when a person may still approve the call: return it from the node
    (``return refusal.wait``) to stop the run until someone decides.
    """

    tool: str
    rule: str
    reason: str
    wait: Wait | None = None

    def as_json(self) -> dict[str, str]:
        """The refusal as a model or client sees it."""
        return {"refused": self.tool, "rule": self.rule, "reason": self.reason}


def call_digest(context: Context, name: str, args: Any) -> str:
    """The digest of one exact call: tool, arguments, graph, revision and run."""
    graph = context.graph
    return digest(canonical_json({"tool": name, "arguments": args, "run": context.run_id,
                                  "graph": graph.name if graph else None,
                                  "revision": graph.revision if graph else None}))  # fmt: skip


def call_tool(
    context: Context,
    name: str,
    args: Mapping[str, Any],
    *,
    earlier: int | None = None,
    tell: bool = False,
) -> Any:
    """The result of tool ``name`` called with ``args``, or a ``ToolRefusal``.

    ``earlier``: a visit of this node whose journaled outcome of the same call serves
    too (the tool loop going on across a decision); it is copied into this visit.
    ``tell``: a failure is returned as ``told_failure`` data (journaled, and reused like
    a result) instead of raised; except a write that may have happened (its timeout, a
    result that breaks its schema)."""
    caller = _caller(context)
    try:
        plain = json_copy(dict(args), "arguments")
    except (InputError, TypeError) as error:
        return refuse(context, str(name), repr(args)[:200], "arguments", str(error))
    found = context.tools.get(name) if isinstance(name, str) else None
    if found is None:
        return refuse(context, str(name), plain, "declared",
                       f"{name!r} is not a tool of node {context.node!r}")  # fmt: skip
    policy = found.policy
    if context.graph is not None and policy.graphs is not None \
            and context.graph.name not in policy.graphs:  # fmt: skip
        return refuse(context, name, plain, "graph",
                       f"graph {context.graph.name!r} may not call {name!r}")  # fmt: skip
    if policy.nodes is not None and context.node not in policy.nodes:
        return refuse(context, name, plain, "node",
                       f"node {context.node!r} may not call {name!r}")  # fmt: skip
    faults = problems(plain, found.arguments, "arguments")
    if faults:
        return refuse(context, name, plain, "arguments",
                       "; ".join(f"{where} {rule}" for where, rule in faults))  # fmt: skip
    if policy.constraint is not None:
        reason = policy.constraint(json_copy(plain), json_copy(context.inputs))
        if reason is not None:
            return refuse(context, name, plain, "constraint", str(reason))
    exact = call_digest(context, name, plain)
    if policy.approval:
        refusal = _approval(context, caller, found, plain, exact)
        if refusal is not None:
            return refusal
    slot = f"{context.visit}:{context.node}:tool:{name}:{exact[:16]}"
    if earlier is not None and context.recorded(slot) is None:
        _carry(context, slot, earlier, exact)
    prior = context.recorded(slot)
    if prior is not None and prior.get("status") == "done" and prior.get("request") == exact:
        return json_copy(prior.get("result"), "result")  # made in this step: not again
    if tell and prior is not None and prior.get("told") is not None:
        return json_copy(prior.get("told"), "told")  # a failure the model was told
    seq = len(context.journal)  # the run's journal only grows: orders calls made in one ms
    base = {"tool": name, "kind": found.kind, "by": caller, "arguments": plain, "request": exact,
            "seq": seq}  # fmt: skip
    try:
        if found.kind == "write":
            return _write(context, slot, found, base)
        return _read(context, slot, found, base)
    except ToolFailed as failure:
        if not tell or (found.kind == "write" and _may_have_happened(failure)):
            raise
        told = told_failure(context, failure)
        context.record(slot, {**(context.recorded(slot) or {}), "told": told})
        return told


def _may_have_happened(failure: ToolFailed) -> bool:
    """A write that timed out (it may finish later) or returned a result that breaks its
    schema (it ran) is not a failure to tell the model of."""
    return isinstance(failure, ToolTimeout) or failure.error == "InvalidResult"


def told_failure(context: Context, failure: ToolFailed) -> dict[str, str]:
    """What a model is told of a failed call: the tool, the error class, the message
    (scrubbed of key-shaped words, private values redacted as in the request)."""
    told = {"failed": failure.tool, "error": failure.error, "message": scrub(str(failure))}
    return context.privacy.apply(told) if context.privacy is not None else told


def _carry(context: Context, slot: str, earlier: int, exact: str) -> None:
    """Copy the earlier visit's finished record of this exact call into ``slot``."""
    before = context.recorded(f"{earlier}:{slot.partition(':')[2]}")
    if before is None or before.get("request") != exact:
        return
    if before.get("status") == "done" or before.get("told") is not None:
        context.record(slot, {**before, "carried": earlier})


def _approval(context: Context, caller: str, found: Tool, args: Any, exact: str) -> Any:
    key = f"approval_{exact[:16]}"
    decision = context.state.get(key)
    if isinstance(decision, Mapping) and decision.get("digest") == exact:
        if decision.get("verdict") == "approve":
            return None
        return refuse(context, found.name, args, "rejected",
                       f"{decision.get('by')} rejected this call")  # fmt: skip
    refusal = refuse(context, found.name, args, "approval",
                      f"{found.name!r} needs a person's approval of this exact call")  # fmt: skip
    wait = Wait(kind="decision", status=APPROVAL_STATUS, key=key, digest=exact,
                reason=f"{caller} asks to call {found.name}",
                choices={"approve": "running", "reject": "running"},
                ask={"tool": found.describe(), "arguments": args})  # fmt: skip
    return ToolRefusal(refusal.tool, refusal.rule, refusal.reason, wait)


def refuse(context: Context, name: str, args: Any, rule: str, reason: str) -> ToolRefusal:
    """Journal a refused call (who, what, which rule, why) and return it as a value."""
    record = {"status": "refused", "tool": name, "by": _caller(context), "arguments": args,
              "rule": rule, "reason": scrub(reason), "at": now(),
              "seq": len(context.journal)}  # fmt: skip
    slot_digest = digest(canonical_json([name, args, rule]))[:16]
    context.record(f"{context.visit}:{context.node}:tool-refused:{slot_digest}", record)
    return ToolRefusal(name, rule, scrub(reason))


def _read(context: Context, slot: str, found: Tool, base: dict[str, Any]) -> Any:
    context.record(slot, {"status": "started", **base, "at": now()})
    reach("tool-started")
    started = time.perf_counter()
    try:
        result, text = json_encode(_timed(found, base["arguments"], None), "result")
    except Exception as error:
        failure = _failure(found, error)
        context.record(slot, {"status": "failed", **base, "error": failure.error,
                              "latency_ms": _ms(started), "at": now()})  # fmt: skip
        raise failure from error
    reach("tool-returned")
    context.record(slot, {"status": "done", **base, "result": result,
                          "result_sha256": digest(text), "latency_ms": _ms(started),
                          "at": now()})  # fmt: skip
    return json_copy(result, "result")


def _write(context: Context, slot: str, found: Tool, base: dict[str, Any]) -> Any:
    exact = base["request"]
    started = time.perf_counter()
    try:
        outcome = context.effect(f"tool.{found.name}.{exact[:16]}",
                                 lambda key: _timed(found, base["arguments"], key),
                                 lookup=found.lookup)  # fmt: skip
    except StepgraphError as error:
        if isinstance(error, ToolFailed):
            context.record(slot, {"status": "failed", **base, "error": error.error,
                                  "latency_ms": _ms(started), "at": now()})  # fmt: skip
        raise
    except Exception as error:
        context.record(slot, {"status": "failed", **base, "error": type(error).__name__,
                              "latency_ms": _ms(started), "at": now()})  # fmt: skip
        raise _failure(found, error) from error
    context.record(slot, {"status": "done", **base, "result": outcome,
                          "latency_ms": _ms(started), "at": now()})  # fmt: skip
    return outcome


def _timed(found: Tool, args: Any, key: str | None) -> Any:
    """Run the tool in a worker thread; past its timeout raise ``ToolTimeout``.

    A thread cannot be stopped from outside: a tool that overruns is abandoned and
    what it returns later is discarded (a write then stays unknown until reconciled).
    """
    box: dict[str, Any] = {}

    def work() -> None:
        try:
            box["value"] = found.invoke(args, key)
        except BaseException as error:  # handed to the caller's thread
            box["error"] = error

    worker = threading.Thread(target=work, name=f"tool-{found.name}", daemon=True)
    worker.start()
    worker.join(found.timeout)
    if worker.is_alive():
        raise ToolTimeout(found.name, found.timeout)
    if "error" in box:
        raise _failure(found, box["error"]) from box["error"]
    faults = problems(box.get("value"), found.result, "result")
    if faults:
        raise ToolFailed(found.name, "InvalidResult",
                         "; ".join(f"{where} {rule}" for where, rule in faults))  # fmt: skip
    return box.get("value")


def _failure(found: Tool, error: BaseException) -> ToolFailed:
    if isinstance(error, ToolFailed):
        return error
    return ToolFailed(found.name, type(error).__name__, scrub(str(error)))


def _caller(context: Context) -> str:
    """Who calls: the graph and node (code acts here; a person only approves)."""
    return f"{context.graph.name if context.graph else '?'}/{context.node}"


def _ms(started: float) -> float:
    return round((time.perf_counter() - started) * 1000, 3)
