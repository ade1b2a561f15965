"""OpenTelemetry traces and metrics for runs, built from the step event stream.

    listener = stepgraph.observe.otel_listener()   # the global providers, or yours
    stepgraph.run(graph, inputs=..., adapter=..., store=..., on_event=listener)

Spans, following the OpenTelemetry GenAI semantic conventions (status: Development):

* one per run call, ``invoke_workflow {graph}`` (INTERNAL; ``gen_ai.operation.name``
  ``invoke_workflow``, ``gen_ai.workflow.name``), a child of whatever span is current
  when the call starts;
* one per node, ``node {name}``, a child of the run span (``stepgraph.*`` attributes);
* one per model attempt, ``chat {model}`` (CLIENT), a child of its node span, with
  ``gen_ai.provider.name``, ``gen_ai.request.model``, ``gen_ai.response.model``,
  ``gen_ai.usage.input_tokens``/``output_tokens``, ``gen_ai.response.finish_reasons``,
  ``server.address``/``server.port`` and, when it failed, ``error.type`` (the class).

Start and end times come from the events, so the spans are right however late the
events are read. Metrics: ``stepgraph.runs`` (run calls by status), ``stepgraph.node.
duration`` (s), ``stepgraph.model.attempts``, ``gen_ai.client.operation.duration`` (s),
``gen_ai.client.token.usage``, and ``stepgraph.queue.depth`` by queue state for workers
(``watch_queue``). OpenTelemetry is imported only here, when a listener is made (extra
``otel``). No prompt, output, key or header is ever put on a span.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Any
from urllib.parse import urlsplit

from .errors import InputError
from .logs import logger
from .stream import (
    EventRecorded,
    GenerationAttempt,
    NodeFailed,
    NodeSaved,
    NodeStarted,
    RetryScheduled,
    RunFinished,
    RunStarted,
    StepEvent,
    WaitOpened,
)

if TYPE_CHECKING:
    from opentelemetry.metrics import MeterProvider
    from opentelemetry.trace import Span, TracerProvider

_log = logger(__name__)  # the package logger has its NullHandler
SCOPE = "stepgraph"
MISSING = "needs the otel extra: pip install 'stepgraph[otel]'"
# The bucket boundaries the GenAI conventions give for operation durations (seconds).
DURATION_BUCKETS = tuple(0.01 * 2**i for i in range(14))  # 0.01 s to 81.92 s, doubling


@dataclass
class _Run:
    """The open spans of one run call."""

    span: Span
    graph: str
    node: Span | None = None
    node_name: str = ""
    retry_later: bool = False  # a @retry_later step was saved: the call raises RetryLater


class OtelListener:
    """An ``on_event`` callback turning step events into spans and metrics.

    One listener serves any number of runs, in any threads (a worker's runs share it).
    """

    def __init__(
        self,
        tracer_provider: TracerProvider | None = None,
        meter_provider: MeterProvider | None = None,
    ) -> None:
        try:
            from opentelemetry import metrics, trace
        except ImportError as error:
            raise InputError("otel", MISSING) from error
        from . import __version__

        self._trace = trace
        self._tracer = trace.get_tracer(SCOPE, __version__, tracer_provider=tracer_provider)
        meter = metrics.get_meter(SCOPE, __version__, meter_provider=meter_provider)
        self._meter = meter
        self._runs: dict[str, _Run] = {}
        self._lock = threading.Lock()
        self._run_count = meter.create_counter(
            "stepgraph.runs", unit="{run}", description="Run calls, by the status they left"
        )
        self._node_duration = meter.create_histogram(
            "stepgraph.node.duration",
            unit="s",
            description="Time a node took, saved or failed",
            explicit_bucket_boundaries_advisory=DURATION_BUCKETS,
        )
        self._attempts = meter.create_counter(
            "stepgraph.model.attempts", unit="{attempt}", description="Model calls, failed or not"
        )
        self._operation = meter.create_histogram(
            "gen_ai.client.operation.duration",
            unit="s",
            description="GenAI operation duration",
            explicit_bucket_boundaries_advisory=DURATION_BUCKETS,
        )
        self._tokens = meter.create_histogram(
            "gen_ai.client.token.usage", unit="{token}", description="Tokens used per model call"
        )

    def __call__(self, event: StepEvent) -> None:
        with self._lock:
            if isinstance(event, RunStarted):
                self._run_started(event)
            elif isinstance(event, NodeStarted):
                self._node_started(event)
            elif isinstance(event, GenerationAttempt):
                self._attempt(event)
            elif isinstance(event, NodeSaved | NodeFailed):
                self._node_ended(event)
            elif isinstance(event, RunFinished):
                self._run_finished(event)
            else:
                self._mark(event)

    def watch_queue(self, depth: Callable[[], Mapping[str, int]]) -> None:
        """Report ``depth()`` (runs by queue state) as the gauge ``stepgraph.queue.depth``."""
        from opentelemetry.metrics import CallbackOptions, Observation

        def observe(options: CallbackOptions) -> Iterable[Observation]:
            try:
                counts = depth()
            except Exception as error:  # a metrics callback never raises: the store is gone
                _log.debug("queue depth not read: %s", error)
                return []
            return [
                Observation(count, {"stepgraph.queue.state": state})
                for state, count in sorted(counts.items())
            ]

        self._meter.create_observable_gauge(
            "stepgraph.queue.depth",
            callbacks=[observe],
            unit="{run}",
            description="Queued runs, by queue state",
        )

    def _run_started(self, e: RunStarted) -> None:
        if e.run_id in self._runs:  # the last call on this run stopped without a last event
            self._end_run(e.run_id, _ns(e.at), "interrupted", error="interrupted")
        attrs: dict[str, Any] = {
            "gen_ai.operation.name": "invoke_workflow",
            "gen_ai.workflow.name": e.graph,
            "stepgraph.run_id": e.run_id,
            "stepgraph.graph.revision": e.revision,
            "stepgraph.resumed": e.resumed,
            "stepgraph.version.start": e.version,
        }
        span = self._tracer.start_span(
            f"invoke_workflow {e.graph}",
            kind=self._trace.SpanKind.INTERNAL,
            start_time=_ns(e.at),
            attributes=attrs,
        )
        self._runs[e.run_id] = _Run(span=span, graph=e.graph)

    def _node_started(self, e: NodeStarted) -> None:
        run = self._runs.get(e.run_id)
        if run is None:
            return  # a run this listener did not see start
        attrs: dict[str, Any] = {
            "stepgraph.run_id": e.run_id,
            "stepgraph.node": e.node,
            "stepgraph.step": e.step,
        }
        run.node = self._tracer.start_span(
            f"node {e.node}",
            context=self._trace.set_span_in_context(run.span),
            start_time=_ns(e.at),
            attributes=attrs,
        )
        run.node_name = e.node

    def _attempt(self, e: GenerationAttempt) -> None:
        provider, model, server = describe_adapter(e.adapter_id)
        common: dict[str, Any] = {"gen_ai.operation.name": "chat", "gen_ai.provider.name": provider}
        if model:
            common["gen_ai.request.model"] = model
        if e.error_class:
            common["error.type"] = e.error_class
        attrs = {
            **common,
            **server,
            "stepgraph.run_id": e.run_id,
            "stepgraph.node": e.node,
            "stepgraph.attempt": e.attempt,
        }
        for name, value in (
            ("gen_ai.response.model", e.model),
            ("gen_ai.usage.input_tokens", e.input_tokens),
            ("gen_ai.usage.output_tokens", e.output_tokens),
            ("stepgraph.request_id", e.request_id),
        ):
            if value is not None:
                attrs[name] = value
        if e.finish_reason:
            attrs["gen_ai.response.finish_reasons"] = (e.finish_reason,)
        run = self._runs.get(e.run_id)
        parent = None
        if run is not None:
            parent = run.node if run.node is not None and run.node_name == e.node else run.span
        span = self._tracer.start_span(
            f"chat {model}" if model else "chat",
            kind=self._trace.SpanKind.CLIENT,
            context=self._trace.set_span_in_context(parent) if parent is not None else None,
            start_time=_ns(e.at - e.latency_s),
            attributes=attrs,
        )
        if e.error_class:
            span.set_status(self._trace.StatusCode.ERROR, e.error_class)
        span.end(end_time=_ns(e.at))
        self._attempts.add(1, common)
        self._operation.record(e.latency_s, common)
        for kind, count in (("input", e.input_tokens), ("output", e.output_tokens)):
            if count is not None:
                self._tokens.record(count, {**common, "gen_ai.token.type": kind})

    def _node_ended(self, e: NodeSaved | NodeFailed) -> None:
        run = self._runs.get(e.run_id)
        outcome = {"stepgraph.node": e.node, "stepgraph.outcome": "saved"}
        if run is not None:
            outcome["stepgraph.graph"] = run.graph
        span = run.node if run is not None and run.node_name == e.node else None
        if isinstance(e, NodeSaved):
            if span is not None:
                span.set_attributes(
                    {
                        "stepgraph.version": e.version,
                        "stepgraph.status": e.status,
                        "stepgraph.next": e.next,
                        "stepgraph.update_keys": e.update_keys,
                    }
                )
        else:
            outcome = {**outcome, "stepgraph.outcome": "failed", "error.type": e.error_class}
            if span is not None:
                span.set_attribute("error.type", e.error_class)
                span.add_event(
                    "exception",
                    {"exception.type": e.error_class, "exception.message": e.message},
                    _ns(e.at),
                )
                span.set_status(self._trace.StatusCode.ERROR, e.error_class)
        if span is not None and run is not None:
            span.end(end_time=_ns(e.at))
            run.node, run.node_name = None, ""
        self._node_duration.record(e.duration_s, outcome)
        if isinstance(e, NodeFailed) and run is not None:  # the call raises: it ends here
            self._end_run(e.run_id, _ns(e.at), "error", error=e.error_class)

    def _mark(self, e: WaitOpened | EventRecorded | RetryScheduled) -> None:
        """A wait, an event step or a retry time: an event on the run's span."""
        run = self._runs.get(e.run_id)
        if run is None:
            return
        attrs: dict[str, Any]
        if isinstance(e, WaitOpened):
            name, attrs = (
                "stepgraph.wait",
                {
                    "stepgraph.node": e.node,
                    "stepgraph.wait.kind": e.kind,
                    "stepgraph.wait.reason": e.reason,
                    "stepgraph.wait.choices": e.choices,
                },
            )
            if e.digest:
                attrs["stepgraph.wait.digest"] = e.digest
        elif isinstance(e, EventRecorded):
            name, attrs = (
                "stepgraph.event",
                {"stepgraph.event.name": e.name, "stepgraph.version": e.version},
            )
            if e.actor:
                attrs["stepgraph.event.actor"] = e.actor
            if e.name == "@retry_later":
                run.retry_later = True
        else:
            name, attrs = (
                "stepgraph.retry_scheduled",
                {
                    "stepgraph.node": e.node,
                    "stepgraph.retry.reason": e.reason,
                    "stepgraph.retry.not_before": e.not_before,
                },
            )
        run.span.add_event(name, attrs, _ns(e.at))
        if isinstance(e, RetryScheduled) and run.retry_later:  # the call raises RetryLater
            self._end_run(e.run_id, _ns(e.at), "retry_later", error="RetryLater")

    def _run_finished(self, e: RunFinished) -> None:
        run = self._runs.get(e.run_id)
        if run is not None:
            run.span.set_attributes({"stepgraph.next": e.next, "stepgraph.version": e.version,
                                     "stepgraph.steps_run": e.steps_run})  # fmt: skip
        self._end_run(e.run_id, _ns(e.at), e.status)

    def _end_run(self, run_id: str, at: int, status: str, *, error: str | None = None) -> None:
        """End the run call's spans at ``at`` and count it under ``status``."""
        run = self._runs.pop(run_id, None)
        if run is None:
            return
        if run.node is not None:
            run.node.end(end_time=at)
        run.span.set_attribute("stepgraph.status", status)
        if error is not None:
            run.span.set_attribute("error.type", error)
            run.span.set_status(self._trace.StatusCode.ERROR, error)
        run.span.end(end_time=at)
        self._run_count.add(1, {"stepgraph.graph": run.graph, "stepgraph.status": status})

    def close(self) -> None:
        """End the spans of run calls still open (their process is stopping)."""
        with self._lock:
            for run_id in list(self._runs):
                self._end_run(run_id, time.time_ns(), "interrupted", error="interrupted")


def _ns(seconds: float) -> int:
    return int(seconds * 1_000_000_000)


def describe_adapter(adapter_id: str) -> tuple[str, str | None, dict[str, Any]]:
    """The provider name, requested model and server attributes an adapter id names.

    ``openai:gpt-4o-mini@https://api.openai.com/v1#...`` -> ``("openai", "gpt-4o-mini",
    {"server.address": "api.openai.com", "server.port": 443})``; an id without a provider
    part (``fixture-v1``) is its own provider name, with no model.
    """
    head, at, rest = adapter_id.partition("@")
    provider, colon, model = head.partition("#")[0].partition(":")
    server: dict[str, Any] = {}
    if at:
        url = rest.rpartition("#")[0] or rest
        try:
            parts = urlsplit(url)
            port = parts.port or (443 if parts.scheme == "https" else 80)
        except ValueError:
            parts, port = None, 0
        if parts is not None and parts.hostname:
            server = {"server.address": parts.hostname, "server.port": port}
    return provider, (model or None) if colon else None, server


class Telemetry:
    """Providers built from the environment for one process, and the listener using them."""

    def __init__(self, listener: OtelListener, owned: list[Any]) -> None:
        self.listener = listener
        self._owned = owned

    def flush(self) -> None:
        """Export what is pending now (metrics are read, gauges observed)."""
        for provider in self._owned:
            provider.force_flush()

    def shutdown(self) -> None:
        """End open run spans, export what is pending, stop the providers built here."""
        self.listener.close()
        for provider in self._owned:
            provider.shutdown()


def telemetry_from_env(environ: Mapping[str, str], *, console: IO[str]) -> Telemetry:
    """What ``STEPGRAPH_OTEL=1`` sets up for the command line, from the standard variables.

    ``OTEL_TRACES_EXPORTER`` and ``OTEL_METRICS_EXPORTER`` are comma lists of ``otlp``
    (the default: OTLP over HTTP, configured by ``OTEL_EXPORTER_OTLP_*``), ``console``
    (JSON written to ``console``), ``none``, or another installed exporter's name.
    ``OTEL_SERVICE_NAME`` / ``OTEL_RESOURCE_ATTRIBUTES`` name the service (default
    ``stepgraph``). Providers an application already installed globally (for instance
    under ``opentelemetry-instrument``) are used instead, and left running.
    """
    try:
        from opentelemetry import metrics, trace
        from opentelemetry.sdk.metrics import MeterProvider as SdkMeterProvider
        from opentelemetry.sdk.metrics.export import PeriodicExportingMetricReader
        from opentelemetry.sdk.resources import Resource
        from opentelemetry.sdk.trace import TracerProvider as SdkTracerProvider
        from opentelemetry.sdk.trace.export import BatchSpanProcessor
    except ImportError as error:
        raise InputError("STEPGRAPH_OTEL", MISSING) from error
    current = trace.get_tracer_provider()
    if isinstance(current, SdkTracerProvider):
        return Telemetry(OtelListener(current, metrics.get_meter_provider()), [])
    resource = Resource.create()
    if str(resource.attributes.get("service.name", "")).startswith("unknown_service"):
        resource = resource.merge(Resource({"service.name": "stepgraph"}))
    tracer_provider = SdkTracerProvider(resource=resource)
    for exporter in _exporters(environ, "traces", console):
        tracer_provider.add_span_processor(BatchSpanProcessor(exporter))
    readers = [
        PeriodicExportingMetricReader(exporter)
        for exporter in _exporters(environ, "metrics", console)
    ]
    meter_provider = SdkMeterProvider(resource=resource, metric_readers=readers)
    listener = OtelListener(tracer_provider, meter_provider)
    return Telemetry(listener, [tracer_provider, meter_provider])


def _exporters(environ: Mapping[str, str], signal: str, console: IO[str]) -> list[Any]:
    """The exporters ``OTEL_{signal}_EXPORTER`` names, built (their own env configures them)."""
    from importlib.metadata import entry_points

    variable = f"OTEL_{signal.upper()}_EXPORTER"
    protocol = environ.get(f"OTEL_EXPORTER_OTLP_{signal.upper()}_PROTOCOL") or environ.get(
        "OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf"
    )
    built: list[Any] = []
    for raw in (environ.get(variable) or "otlp").split(","):
        name = raw.strip().lower()
        if name in ("", "none"):
            continue
        if name == "otlp":
            name = "otlp_proto_grpc" if protocol.strip() == "grpc" else "otlp_proto_http"
        found = entry_points(group=f"opentelemetry_{signal}_exporter", name=name)
        if not found:
            raise InputError(
                variable,
                f"no installed exporter is named {raw.strip()!r} "
                f"(the otel extra brings otlp and console)",
            )
        kind = next(iter(found)).load()
        built.append(kind(out=console) if name == "console" else kind())
    return built


def otel_listener(
    *, tracer_provider: TracerProvider | None = None, meter_provider: MeterProvider | None = None
) -> OtelListener:
    """A listener for ``on_event=``; without providers, the global ones are used."""
    return OtelListener(tracer_provider, meter_provider)


__all__ = ["OtelListener", "Telemetry", "describe_adapter", "otel_listener", "telemetry_from_env"]
