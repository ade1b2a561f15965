"""The OpenTelemetry listener, fed step events built by hand: spans, parents, attributes,
times and metrics, read back from the SDK's in-memory exporter and reader."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

import pytest
from opentelemetry.trace import SpanKind, StatusCode

from stepgraph.errors import InputError
from stepgraph.observe import OtelListener, describe_adapter, otel_listener
from stepgraph.stream import (
    EventRecorded,
    GenerationAttempt,
    NodeFailed,
    NodeSaved,
    NodeStarted,
    RetryScheduled,
    RunFinished,
    RunStarted,
    WaitOpened,
)
from tests.otel import Otel, in_memory_otel

T0 = 1_800_000_000.0
OPENAI = "openai:gpt-4o-mini@https://api.openai.com/v1#json_schema,max_completion_tokens"


@pytest.fixture
def otel() -> Iterator[Otel]:
    with in_memory_otel() as recorder:
        yield recorder


def attempt(**changes: Any) -> GenerationAttempt:
    fields: dict[str, Any] = {
        "run_id": "r1",
        "node": "draft",
        "step": 2,
        "attempt": 1,
        "adapter_id": OPENAI,
        "model": "gpt-4o-mini-2024-07-18",
        "latency_s": 0.25,
        "input_tokens": 120,
        "output_tokens": 45,
        "finish_reason": "stop",
        "error_class": None,
        "request_id": "req-1",
        "at": T0 + 1.5,
    }
    return GenerationAttempt(**{**fields, **changes})


def offers_run(listener: OtelListener, *, model_call: GenerationAttempt | None = None) -> None:
    """The events of an offers run: inspect, draft (one model call), verify."""
    listener(RunStarted(run_id="r1", graph="offers", revision=4, resumed=False, version=0, at=T0))
    for step, (node, follow) in enumerate(
        (("inspect", "draft"), ("draft", "verify"), ("verify", "END")), start=1
    ):
        start = T0 + step
        listener(NodeStarted(run_id="r1", node=node, step=step, at=start))
        if node == "draft":
            listener(model_call or attempt())
        listener(
            NodeSaved(
                run_id="r1",
                node=node,
                step=step,
                version=step,
                status="running",
                next=follow,
                update_keys=("k",),
                duration_s=0.75,
                at=start + 0.75,
            )
        )
    listener(
        RunFinished(
            run_id="r1",
            status="ready_for_review",
            next="END",
            version=3,
            steps_run=3,
            duration_s=4.0,
            at=T0 + 4,
        )
    )


def test_run_node_and_model_spans_are_nested(otel: Otel) -> None:
    offers_run(otel.listener)
    spans = otel.finished()
    assert set(spans) == {
        "invoke_workflow offers",
        "node inspect",
        "node draft",
        "node verify",
        "chat gpt-4o-mini",
    }
    run = spans["invoke_workflow offers"]
    assert run.parent is None
    for name in ("node inspect", "node draft", "node verify"):
        parent, context = spans[name].parent, spans[name].context
        assert parent is not None
        assert context is not None
        assert run.context is not None
        assert parent.span_id == run.context.span_id
        assert context.trace_id == run.context.trace_id
    call = spans["chat gpt-4o-mini"]
    assert call.parent is not None
    draft = spans["node draft"].context
    assert draft is not None
    assert call.parent.span_id == draft.span_id


def test_span_times_are_the_event_times(otel: Otel) -> None:
    offers_run(otel.listener)
    spans = otel.finished()
    ns = 1_000_000_000
    run = spans["invoke_workflow offers"]
    assert (run.start_time, run.end_time) == (int(T0 * ns), int((T0 + 4) * ns))
    assert (spans["node draft"].start_time, spans["node draft"].end_time) == (
        int((T0 + 2) * ns),
        int((T0 + 2.75) * ns),
    )
    call = spans["chat gpt-4o-mini"]  # ended at the event, started latency_s before
    assert (call.start_time, call.end_time) == (int((T0 + 1.25) * ns), int((T0 + 1.5) * ns))


def test_the_run_span_follows_the_genai_workflow_convention(otel: Otel) -> None:
    offers_run(otel.listener)
    run = otel.finished()["invoke_workflow offers"]
    assert run.kind is SpanKind.INTERNAL
    assert dict(run.attributes or {}) == {
        "gen_ai.operation.name": "invoke_workflow",
        "gen_ai.workflow.name": "offers",
        "stepgraph.run_id": "r1",
        "stepgraph.graph.revision": 4,
        "stepgraph.resumed": False,
        "stepgraph.version.start": 0,
        "stepgraph.status": "ready_for_review",
        "stepgraph.next": "END",
        "stepgraph.version": 3,
        "stepgraph.steps_run": 3,
    }
    assert run.status.status_code is StatusCode.UNSET


def test_a_model_call_span_has_the_genai_inference_attributes(otel: Otel) -> None:
    offers_run(otel.listener)
    call = otel.finished()["chat gpt-4o-mini"]
    assert call.kind is SpanKind.CLIENT
    assert dict(call.attributes or {}) == {
        "gen_ai.operation.name": "chat",
        "gen_ai.provider.name": "openai",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.response.model": "gpt-4o-mini-2024-07-18",
        "gen_ai.usage.input_tokens": 120,
        "gen_ai.usage.output_tokens": 45,
        "gen_ai.response.finish_reasons": ("stop",),
        "server.address": "api.openai.com",
        "server.port": 443,
        "stepgraph.run_id": "r1",
        "stepgraph.node": "draft",
        "stepgraph.attempt": 1,
        "stepgraph.request_id": "req-1",
    }


def test_a_failed_model_attempt_has_error_type_and_error_status(otel: Otel) -> None:
    failed = attempt(
        error_class="RateLimited",
        input_tokens=None,
        output_tokens=None,
        finish_reason=None,
        model=None,
    )
    offers_run(otel.listener, model_call=failed)
    call = otel.finished()["chat gpt-4o-mini"]
    attributes = dict(call.attributes or {})
    assert attributes["error.type"] == "RateLimited"
    assert "gen_ai.usage.input_tokens" not in attributes
    assert "gen_ai.response.model" not in attributes
    assert call.status.status_code is StatusCode.ERROR


def test_a_failed_node_ends_its_span_and_the_run_call_with_the_error(otel: Otel) -> None:
    listener = otel.listener
    listener(RunStarted(run_id="r1", graph="offers", revision=4, resumed=True, version=1, at=T0))
    listener(NodeStarted(run_id="r1", node="draft", step=2, at=T0 + 1))
    listener(NodeFailed(run_id="r1", node="draft", step=2, error_class="NodeError",
                        message="draft: boom", duration_s=0.5, at=T0 + 1.5))  # fmt: skip
    node, run = otel.finished()["node draft"], otel.finished()["invoke_workflow offers"]
    assert node.status.status_code is StatusCode.ERROR
    assert dict(node.attributes or {})["error.type"] == "NodeError"
    assert [(e.name, dict(e.attributes or {})) for e in node.events] == [
        ("exception", {"exception.type": "NodeError", "exception.message": "draft: boom"})
    ]
    assert run.status.status_code is StatusCode.ERROR  # the call raised: no RunFinished comes
    assert run.end_time == int((T0 + 1.5) * 1_000_000_000)
    attributes = dict(run.attributes or {})
    assert (attributes["error.type"], attributes["stepgraph.status"]) == ("NodeError", "error")
    runs = otel.points("stepgraph.runs")
    assert [(p.attributes["stepgraph.status"], p.value) for p in runs] == [("error", 1)]


def test_a_retry_later_stop_ends_the_run_call(otel: Otel) -> None:
    listener = otel.listener
    listener(RunStarted(run_id="r1", graph="offers", revision=4, resumed=False, version=0, at=T0))
    listener(NodeStarted(run_id="r1", node="draft", step=2, at=T0 + 1))
    listener(attempt(error_class="RateLimited", at=T0 + 2))
    listener(EventRecorded(run_id="r1", name="@retry_later", actor=None, version=2, at=T0 + 3))
    listener(RetryScheduled(run_id="r1", node="draft", reason="RateLimited on 3 attempt(s)",
                            not_before=T0 + 60, at=T0 + 3))  # fmt: skip
    spans = otel.finished()
    run = spans["invoke_workflow offers"]
    assert dict(run.attributes or {})["stepgraph.status"] == "retry_later"
    assert dict(run.attributes or {})["error.type"] == "RetryLater"
    assert [e.name for e in run.events] == ["stepgraph.event", "stepgraph.retry_scheduled"]
    assert spans["node draft"].end_time == int((T0 + 3) * 1_000_000_000)


def test_a_node_retry_inside_the_call_keeps_the_run_open(otel: Otel) -> None:
    listener = otel.listener
    listener(RunStarted(run_id="r1", graph="offers", revision=4, resumed=False, version=0, at=T0))
    listener(NodeStarted(run_id="r1", node="draft", step=2, at=T0 + 1))
    listener(RetryScheduled(run_id="r1", node="draft", reason="OSError: flaky",
                            not_before=T0 + 2, at=T0 + 1.5))  # fmt: skip
    assert otel.finished() == {}


def test_a_run_left_open_is_ended_when_the_run_starts_again(otel: Otel) -> None:
    listener = otel.listener
    listener(RunStarted(run_id="r1", graph="offers", revision=4, resumed=False, version=0, at=T0))
    listener(NodeStarted(run_id="r1", node="inspect", step=1, at=T0 + 1))
    listener(RunStarted(run_id="r1", graph="offers", revision=4, resumed=True, version=0,
                        at=T0 + 9))  # fmt: skip
    ended = otel.finished()
    assert ended["invoke_workflow offers"].status.status_code is StatusCode.ERROR
    assert ended["invoke_workflow offers"].end_time == int((T0 + 9) * 1_000_000_000)
    assert "node inspect" in ended


def test_close_ends_the_run_calls_still_open(otel: Otel) -> None:
    otel.listener(RunStarted(run_id="r1", graph="offers", revision=4, resumed=False, version=0,
                             at=T0))  # fmt: skip
    otel.listener(NodeStarted(run_id="r1", node="inspect", step=1, at=T0 + 1))
    otel.listener.close()
    spans = otel.finished()
    assert set(spans) == {"invoke_workflow offers", "node inspect"}
    assert dict(spans["invoke_workflow offers"].attributes or {})["error.type"] == "interrupted"


def test_the_run_span_is_a_child_of_the_span_current_at_the_call(otel: Otel) -> None:
    tracer = otel.tracer_provider.get_tracer("app")
    with tracer.start_as_current_span("request") as request:
        otel.listener(
            RunStarted(run_id="r1", graph="offers", revision=4, resumed=False, version=0, at=T0)
        )
    otel.listener(
        RunFinished(
            run_id="r1",
            status="done",
            next="END",
            version=1,
            steps_run=1,
            duration_s=1.0,
            at=T0 + 1,
        )
    )
    run = otel.finished()["invoke_workflow offers"]
    assert run.parent is not None
    assert run.parent.span_id == request.get_span_context().span_id


def test_waits_event_steps_and_retries_are_events_on_the_run_span(otel: Otel) -> None:
    listener = otel.listener
    listener(RunStarted(run_id="r1", graph="offers", revision=4, resumed=True, version=3, at=T0))
    listener(
        WaitOpened(
            run_id="r1",
            node="verify",
            kind="decision",
            reason="review",
            digest="sha256:abc",
            choices=("approve", "reject"),
            at=T0 + 1,
        )
    )
    listener(EventRecorded(run_id="r1", name="@decision", actor="ada", version=4, at=T0 + 2))
    listener(
        RetryScheduled(
            run_id="r1", node="draft", reason="RateLimited", not_before=T0 + 60, at=T0 + 3
        )
    )
    listener(
        RunFinished(
            run_id="r1",
            status="approved",
            next="END",
            version=5,
            steps_run=1,
            duration_s=4.0,
            at=T0 + 4,
        )
    )
    events = otel.finished()["invoke_workflow offers"].events
    assert [(e.name, e.timestamp) for e in events] == [
        ("stepgraph.wait", int((T0 + 1) * 1_000_000_000)),
        ("stepgraph.event", int((T0 + 2) * 1_000_000_000)),
        ("stepgraph.retry_scheduled", int((T0 + 3) * 1_000_000_000)),
    ]
    assert dict(events[0].attributes or {})["stepgraph.wait.digest"] == "sha256:abc"
    assert dict(events[1].attributes or {})["stepgraph.event.actor"] == "ada"


def test_metrics_count_runs_by_status_attempts_and_node_durations(otel: Otel) -> None:
    offers_run(otel.listener)
    failed = attempt(error_class="ProviderTimeout", input_tokens=None, output_tokens=None)
    offers_run(otel.listener, model_call=failed)
    runs = otel.points("stepgraph.runs")
    assert [(dict(p.attributes), p.value) for p in runs] == [
        ({"stepgraph.graph": "offers", "stepgraph.status": "ready_for_review"}, 2)
    ]
    attempts = {
        p.attributes.get("error.type"): p.value for p in otel.points("stepgraph.model.attempts")
    }
    assert attempts == {None: 1, "ProviderTimeout": 1}
    durations = {
        p.attributes["stepgraph.node"]: (p.count, p.sum)
        for p in otel.points("stepgraph.node.duration")
    }
    assert durations == {"inspect": (2, 1.5), "draft": (2, 1.5), "verify": (2, 1.5)}
    tokens = {
        p.attributes["gen_ai.token.type"]: p.sum for p in otel.points("gen_ai.client.token.usage")
    }
    assert tokens == {"input": 120, "output": 45}
    (operation,) = [
        p
        for p in otel.points("gen_ai.client.operation.duration")
        if "error.type" not in p.attributes
    ]
    assert (operation.count, operation.sum) == (1, 0.25)


def test_queue_depth_is_a_gauge_by_queue_state(otel: Otel) -> None:
    depth = {"runnable": 3, "leased": 1}
    otel.listener.watch_queue(lambda: depth)
    first = {
        p.attributes["stepgraph.queue.state"]: p.value for p in otel.points("stepgraph.queue.depth")
    }
    depth["runnable"] = 0
    second = {
        p.attributes["stepgraph.queue.state"]: p.value for p in otel.points("stepgraph.queue.depth")
    }
    assert (first, second) == ({"runnable": 3, "leased": 1}, {"runnable": 0, "leased": 1})


@pytest.mark.parametrize(
    ("adapter_id", "expected"),
    [
        (
            OPENAI,
            ("openai", "gpt-4o-mini", {"server.address": "api.openai.com", "server.port": 443}),
        ),
        (
            "anthropic:claude-sonnet-4-5@https://api.anthropic.com#output_config",
            (
                "anthropic",
                "claude-sonnet-4-5",
                {"server.address": "api.anthropic.com", "server.port": 443},
            ),
        ),
        (
            "ollama:llama3.2@http://127.0.0.1:11434/v1#json_schema,max_tokens",
            ("ollama", "llama3.2", {"server.address": "127.0.0.1", "server.port": 11434}),
        ),
        ("local:smollm2.gguf#threads=2,ctx=4096,seed=0", ("local", "smollm2.gguf", {})),
        ("fixture-v1", ("fixture-v1", None, {})),
    ],
)
def test_an_adapter_id_names_provider_model_and_server(
    adapter_id: str, expected: tuple[str, str | None, dict[str, Any]]
) -> None:
    assert describe_adapter(adapter_id) == expected


def test_without_the_extra_a_listener_names_the_install_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "opentelemetry", None)  # as if it were not installed
    with pytest.raises(
        InputError, match=r"otel: needs the otel extra: pip install 'stepgraph\[otel\]'"
    ):
        otel_listener()
