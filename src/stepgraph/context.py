"""What a node receives besides the state: its run, the model, and the generation journal.

Every call to ``generate`` is journaled durably in the run's store, before the call
("started") and after it ("done" with the output, or "failed" with the error class).
When a node runs again for the same step (after a crash, or after a later failure in
the same node), a generation that completed with the same request is returned from the
journal instead of calling the model again. A "started" record with no outcome is an
interrupted attempt: the next attempt is numbered after it.

The same journal holds side effects (``effect``, ``stepgraph.effects``) and tool calls
(``call_tool`` and the model's tool loop, ``stepgraph.tools``).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from .adapters import Adapter, Request, Result, conversation
from .checkpoint import canonical_json, digest, json_copy, json_encode, now
from .drive import GENERATE, IO, SLEEP, drive_async, drive_sync, result_of
from .effects import run_effect
from .errors import (
    AdapterError,
    InputError,
    MalformedOutput,
    ProviderError,
    RetryLater,
    StepgraphError,
)
from .privacy import Redactor
from .retry import DEFAULT_RETRY, Budget, RetryPolicy, later_than
from .scrub import scrub
from .stores._testhooks import reach
from .tools.loop import DEFAULT_TOOL_CALLS, DEFAULT_TOOL_ROUNDS, OnToolError, round_facts, tool_loop
from .tools.use import ToolUse

if TYPE_CHECKING:
    from .adapters.tool_rounds import ToolRound, ToolSpec
    from .drive import Steps
    from .graph import Graph
    from .stores import Store
    from .stream import StepEvent
    from .tools.loop import ToolLoop

__all__ = ["DEFAULT_TOOL_CALLS", "DEFAULT_TOOL_ROUNDS", "Context"]


class Context(ToolUse):
    """Per-step context given to every node as its second argument (its tool calls:
    ``stepgraph.tools.use``)."""

    def __init__(
        self,
        *,
        run_id: str,
        node: str,
        adapter: Adapter,
        store: Store | None = None,
        visit: int = 0,
        journal: dict[str, dict[str, Any]] | None = None,
        retry: RetryPolicy | None = None,
        deadline: float | None = None,
        budget: Budget | None = None,
        emit: Callable[[StepEvent], None] | None = None,
        privacy: Redactor | Callable[[], Redactor | None] | None = None,
        graph: Graph[Any] | None = None,
        state: dict[str, Any] | None = None,
        inputs: dict[str, Any] | None = None,
    ) -> None:
        self.run_id = run_id
        self.node = node
        self.adapter = adapter
        self.visit = visit  # the version this step will save: one journal slot per visit
        self._store = store
        self.journal = journal if journal is not None else {}  # this run's, shared
        self._calls = 0
        self.retry = retry or DEFAULT_RETRY
        self.deadline = deadline  # time.monotonic() when the node's timeout passes
        self.budget = budget or Budget(None)
        self._emit = emit  # where GenerationAttempt events go (None: nobody listens)
        self._privacy = privacy  # redacts requests before they leave (private fields)
        self.graph = graph  # the run's graph: its name, revision and the node's tools
        self.state = state if state is not None else {}  # where tool approvals are found
        self.inputs = inputs if inputs is not None else {}  # what tool constraints check
        self.tool_waits = []  # approvals the model's refused tool calls wait for

    @property
    def privacy(self) -> Redactor | None:
        """What redacts this step's requests (private fields), None: nothing to redact.

        Given as a function, it is built on first use: a node that calls no model never
        reads the state's private values."""
        if callable(self._privacy):
            self._privacy = self._privacy()
        return self._privacy

    def generate(
        self,
        *,
        instructions: str,
        data: Any,
        schema: dict[str, Any] | None = None,
        max_output_tokens: int | None = None,
        tools: Sequence[str] | None = None,
        max_tool_rounds: int = DEFAULT_TOOL_ROUNDS,
        max_tool_calls: int = DEFAULT_TOOL_CALLS,
        on_tool_error: OnToolError = "fail",
    ) -> Any:
        """Call the run's adapter, or return this step's journaled output.

        Retryable provider failures are tried again under the run's ``RetryPolicy``;
        when it gives up the call raises ``RetryLater``. Any other failure becomes
        ``AdapterError`` (a ``ProviderError`` keeps its class) with the original as cause.
        With private fields, the adapter and the journal see only the redacted request,
        and placeholders in the answer are mapped back before it is returned.

        ``tools`` names tools of this node the model may call: the harness runs the
        calls it asks for (through ``call_tool``) and asks again with the results, at
        most ``max_tool_rounds`` times and ``max_tool_calls`` calls in all
        (``ToolLimitExceeded`` past either); a tool's failure fails the node, or with
        ``on_tool_error="tell_model"`` (or per tool, ``{name: ...}``) is handed to the
        model. See ``stepgraph.tools.loop``.
        """
        loop = tool_loop(self, tools, max_tool_rounds, max_tool_calls, on_tool_error)
        return drive_sync(self._generation(instructions, data, schema, max_output_tokens, loop))

    async def agenerate(
        self,
        *,
        instructions: str,
        data: Any,
        schema: dict[str, Any] | None = None,
        max_output_tokens: int | None = None,
        tools: Sequence[str] | None = None,
        max_tool_rounds: int = DEFAULT_TOOL_ROUNDS,
        max_tool_calls: int = DEFAULT_TOOL_CALLS,
        on_tool_error: OnToolError = "fail",
    ) -> Any:
        """``generate`` for async nodes: the model call does not block the event loop.

        The adapter's ``agenerate`` is awaited when it has one, else its ``generate``
        runs in a worker thread; journal writes and tool calls run in a worker thread
        too. Private fields are redacted and mapped back as in ``generate``.
        """
        loop = tool_loop(self, tools, max_tool_rounds, max_tool_calls, on_tool_error)
        answer: Any = None
        async for item in drive_async(self._generation(instructions, data, schema,
                                                       max_output_tokens, loop)):  # fmt: skip
            answer = result_of(item)
        return answer

    def _generation(
        self,
        instructions: str,
        data: Any,
        schema: dict[str, Any] | None,
        max_output_tokens: int | None,
        loop: ToolLoop | None = None,
    ) -> Steps[Any]:
        """A model call for both drivers, behind the run's redaction (private fields):
        the adapter and the journal see only the redacted request, and placeholders in
        the answer (fresh or journaled) are mapped back; returns the answer."""
        if loop is not None:
            return (yield from loop.run(instructions, data, schema, max_output_tokens))
        privacy = self.privacy
        if privacy is None:
            answer, _ = yield from self.model_round(instructions, data, schema, max_output_tokens)
            return answer
        instructions, data = privacy.outbound(instructions, data)
        answer, _ = yield from self.model_round(instructions, data, schema, max_output_tokens)
        return privacy.inbound(answer)

    def model_round(
        self,
        instructions: str,
        data: Any,
        schema: dict[str, Any] | None,
        max_output_tokens: int | None,
        *,
        tools: tuple[ToolSpec, ...] = (),
        rounds: tuple[ToolRound, ...] = (),
        earlier: int | None = None,
    ) -> Steps[tuple[Any, dict[str, Any]]]:
        """The one implementation of a model call, for both drivers: the answer and its
        journal record (with the tool calls the model asked for, if ``tools`` were offered).

        ``earlier``: a visit of this node whose answer in the same call slot, to the same
        request, serves too (the tool loop goes on across a decision); it is copied here."""
        key = f"{self.visit}:{self.node}:{self._calls}"
        self._calls += 1
        if self.deadline is None:  # a node that calls the model gets the default deadline
            self.deadline = time.monotonic() + self.retry.model_deadline
        adapter_id = self.adapter.id
        request_hash = _request_hash([adapter_id, instructions, data, schema, max_output_tokens,
                                      *conversation(tools, rounds)])  # fmt: skip
        reused = yield from self._reused(key, request_hash, earlier)
        if reused is not None:
            return json_copy(reused.get("output"), "output"), reused
        prior = self.journal.get(key)
        history: list[dict[str, Any]] = []
        if prior:
            history = [*prior.get("attempts", []), _summary(prior)]
        attempt = int(prior.get("attempt", 0)) + 1 if prior else 1
        first = attempt
        while True:
            base = {"attempt": attempt, "adapter": adapter_id, "request": request_hash,
                    **round_facts(tools, rounds)}  # fmt: skip
            if history:
                base["attempts"] = history
            self._spend_budget()
            # A model call's records need not be synced on their own (a read, not an
            # effect): the step save syncs them; a power cut before it costs a new call.
            yield IO, self._record, (key, {"status": "started", **base, "at": now()}, False)
            request = Request(instructions=instructions, data=data, run_id=self.run_id,
                              node=self.node, schema=schema,
                              max_output_tokens=max_output_tokens, attempt=attempt,
                              timeout=self._remaining(), tools=tools,
                              rounds=rounds)  # fmt: skip
            started = time.perf_counter()
            try:
                answer = yield GENERATE, self.adapter, request
                result, copied, text, calls = _read_answer(answer, offered=bool(tools))
            except Exception as error:
                failed = {"status": "failed", **base, **_error_facts(error),
                          "latency_ms": _ms(started), "at": now()}  # fmt: skip
                self._attempted(attempt, failed, None)
                try:
                    wait = self._next_wait(error, attempt - first + 1)
                except RetryLater as stop:  # keep when and why beside the failed attempt
                    later = {**failed, "retry_later": stop.reason, "not_before": stop.not_before}
                    yield IO, self._record, (key, later, False)
                    raise
                yield IO, self._record, (key, failed, False)
                if wait is None:
                    if isinstance(error, StepgraphError) and not isinstance(error, InputError):
                        raise  # already ours (a ProviderError keeps its class and cause)
                    raise _as_adapter_error(adapter_id, error) from (
                        None if isinstance(error, InputError) else error
                    )
                history = [*history, _summary(failed)]
                yield SLEEP, wait, self.retry.sleep
                attempt += 1
                continue
            done = {"status": "done", **base, **_result_facts(result), "output": copied,
                    "output_sha256": digest(text), "latency_ms": _ms(started),
                    "at": now()}  # fmt: skip
            if calls:
                done["tool_calls"] = calls
            self._attempted(attempt, done, result)
            yield IO, self._record, (key, done, False)
            reach("model-answered")
            return json.loads(text), done

    def _spend_budget(self) -> None:
        """One model attempt from the call's budget; ``RetryLater`` once it is spent."""
        if not self.budget.take():
            raise RetryLater(
                f"the budget of {self.budget.limit} model call(s) for this call is spent "
                f"before {self.node}", now(),
            )  # fmt: skip

    def _reused(self, key: str, request: str, earlier: int | None) -> Steps[dict[str, Any] | None]:
        """The journaled answer to the same request in ``key`` (or, copied there, in the
        same slot of visit ``earlier``), if any."""
        prior = self.journal.get(key)
        if prior is None and earlier is not None:
            before = self.journal.get(f"{earlier}:{key.partition(':')[2]}")
            if before and before.get("status") == "done" and before.get("request") == request:
                prior = {**before, "carried": earlier}
                yield IO, self._record, (key, prior)
        if prior and prior.get("status") == "done" and prior.get("request") == request:
            return prior
        return None

    def _attempted(self, attempt: int, record: dict[str, Any], result: Result | None) -> None:
        """Emit the ``GenerationAttempt`` event of one finished model call."""
        if self._emit is None:
            return
        from .stream import GenerationAttempt  # loaded when someone listens (cold start)

        usage = result.usage if result is not None else {}
        self._emit(GenerationAttempt(
            run_id=self.run_id, node=self.node, step=self.visit, attempt=attempt,
            adapter_id=self.adapter.id, model=(result.model or None) if result else None,
            latency_s=float(record.get("latency_ms", 0.0)) / 1000,
            input_tokens=usage.get("input_tokens"), output_tokens=usage.get("output_tokens"),
            finish_reason=result.finish_reason if result else None,
            error_class=record.get("error"), request_id=record.get("request_id"),
        ))  # fmt: skip

    def effect(
        self,
        name: str,
        call: Callable[[str], Any],
        *,
        lookup: Callable[[str], Any] | None = None,
        deduplicated: bool = False,
    ) -> Any:
        """Run the side effect ``call(key)`` at most once for this step; return its outcome.

        ``key`` is the idempotency key to hand to the downstream service. ``lookup(key)``
        returns the outcome of an effect that happened, or None if it did not.
        ``deduplicated`` says the downstream ignores a repeated key, so an effect whose
        outcome was lost may simply be called again. The outcome must be JSON data.
        """
        return run_effect(self, name, call, lookup, deduplicated)

    def recorded(self, slot: str) -> dict[str, Any] | None:
        """This run's journal record in ``slot``, if any."""
        return self.journal.get(slot)

    def record(self, slot: str, record: dict[str, Any]) -> None:
        """Journal ``record`` in ``slot`` durably (before anything else happens)."""
        self._record(slot, record)

    def _remaining(self) -> float | None:
        if self.deadline is None:
            return None
        return max(0.0, self.deadline - time.monotonic())

    def _next_wait(self, error: Exception, tried: int) -> float | None:
        """Seconds to wait before trying again, None to give up; RetryLater to stop."""
        if not (isinstance(error, ProviderError) and error.retryable):
            return None
        wait = self.retry.delay(tried, error.retry_after)
        name = type(error).__name__
        if tried >= self.retry.attempts:
            raise RetryLater(
                scrub(f"{name} on {tried} attempt(s) of {self.node}: {error}"), later_than(wait)
            ) from error
        if wait > self.retry.max_wait:
            raise RetryLater(
                f"{name}: the provider asked to wait {wait:g} s, above the cap of "
                f"{self.retry.max_wait:g} s", later_than(wait),
            ) from error  # fmt: skip
        remaining = self._remaining()
        if remaining is not None and wait >= remaining:
            raise RetryLater(
                f"{name}: waiting {wait:g} s would pass the node's timeout", later_than(wait)
            ) from error
        return wait

    def _record(self, key: str, record: dict[str, Any], durable: bool = True) -> None:
        self.journal[key] = record
        if self._store is not None:
            self._store.record_generation(self.run_id, key, record, durable=durable)


def _request_hash(request: list[Any]) -> str:
    """The digest of what a generation asks for; ``InputError`` naming data that is not JSON.

    It is the digest of the request's canonical JSON. A list's canonical text is its
    items' joined by commas, so each item is encoded alone and the schema, the largest
    and the same at every call, comes from ``_schema_text``.
    """
    try:
        texts = [_schema_text(item) if index == 3 else canonical_json(item)
                 for index, item in enumerate(request)]  # fmt: skip
        return digest("[" + ",".join(texts) + "]")
    except (TypeError, ValueError):
        json_copy(request[2], "request.data")  # raises InputError naming the bad value
        raise


_SCHEMAS: dict[int, tuple[Any, Any, str]] = {}  # id -> (the schema, a copy, canonical text)


def _schema_text(schema: Any) -> str:
    """The canonical text of ``schema``, kept for the same object while it is unchanged.

    Unchanged means equal to a copy of what was encoded (3 us against 30 us to encode
    the offers' schema); the object is held, so its id cannot pass to another. Python
    equality does not tell ``True`` from ``1``: a schema edited in place from one to
    the other between two calls of one process would keep its old hash.
    """
    kept = _SCHEMAS.get(id(schema))
    if kept is not None and kept[0] is schema and kept[1] == schema:
        return kept[2]
    text = canonical_json(schema)
    if isinstance(schema, dict) and len(_SCHEMAS) < 64:  # a few constants, not every dict
        _SCHEMAS[id(schema)] = (schema, json.loads(text), text)
    return text


def _as_adapter_error(adapter_id: str, error: Exception) -> AdapterError:
    if isinstance(error, InputError):
        return AdapterError(scrub(f"adapter {adapter_id!r} returned non-JSON output: {error}"))
    return AdapterError(scrub(f"adapter {adapter_id!r} failed: {type(error).__name__}: {error}"))


def _read_answer(answer: Any, *, offered: bool) -> tuple[Result, Any, str, list[Any]]:
    """An adapter's answer as a ``Result``, its output (copied, and as JSON text) and its
    tool calls as JSON data; ``InputError`` for output that is not JSON."""
    result = answer if isinstance(answer, Result) else Result(data=answer)
    if result.tool_calls and not offered:
        raise MalformedOutput("the model called a tool, but none was offered",
                              request_id=result.request_id)  # fmt: skip
    copied, text = json_encode(result.data, "output")
    calls = [call.as_json() for call in result.tool_calls]
    calls = json_copy(calls, "tool_calls") if calls else calls
    return result, copied, text, calls


def _error_facts(error: Exception) -> dict[str, Any]:
    facts: dict[str, Any] = {"error": type(error).__name__}
    if isinstance(error, ProviderError):
        facts["retryable"] = error.retryable
        for name, value in (("http_status", error.status), ("retry_after", error.retry_after),
                            ("request_id", error.request_id)):  # fmt: skip
            if value is not None:
                facts[name] = value
    return facts


def _result_facts(result: Result) -> dict[str, Any]:
    facts: dict[str, Any] = {}
    for name in ("provider", "model", "request_id", "response_id", "finish_reason"):
        value = getattr(result, name)
        if value:
            facts[name] = value
    if result.usage:
        facts["usage"] = dict(result.usage)
    if result.tool_calls and result.text is not None:
        facts["text"] = result.text  # what the model wrote beside its calls
    return facts


def _summary(record: dict[str, Any]) -> dict[str, Any]:
    """What the journal keeps of an earlier attempt of the same call."""
    kept = ("attempt", "status", "error", "http_status", "retry_after", "request_id",
            "latency_ms", "at")  # fmt: skip
    summary = {name: record[name] for name in kept if name in record}
    if record.get("status") == "started":
        summary["status"] = "interrupted"
    return summary


def _ms(started: float) -> float:
    return round((time.perf_counter() - started) * 1000, 3)
