"""OpenTelemetry for tests: a listener over the SDK's in-memory span exporter and metric
reader, and helpers that read back what it recorded."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from opentelemetry.sdk.metrics import MeterProvider
from opentelemetry.sdk.metrics.export import InMemoryMetricReader
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from stepgraph.observe import OtelListener, otel_listener


@dataclass
class Otel:
    exporter: InMemorySpanExporter
    reader: InMemoryMetricReader
    listener: OtelListener
    tracer_provider: TracerProvider

    def spans(self) -> list[ReadableSpan]:
        """Every finished span, in start order."""
        return sorted(self.exporter.get_finished_spans(), key=lambda s: s.start_time or 0)

    def finished(self) -> dict[str, ReadableSpan]:
        """The finished spans by name (the last of a name wins)."""
        return {span.name: span for span in self.spans()}

    def points(self, name: str) -> list[Any]:
        """The data points of metric ``name`` collected now."""
        data = self.reader.get_metrics_data()
        assert data is not None
        return [
            point
            for resource in data.resource_metrics
            for scope in resource.scope_metrics
            for metric in scope.metrics
            if metric.name == name
            for point in metric.data.data_points
        ]


@contextmanager
def in_memory_otel() -> Iterator[Otel]:
    exporter = InMemorySpanExporter()
    tracer_provider = TracerProvider()
    tracer_provider.add_span_processor(SimpleSpanProcessor(exporter))
    reader = InMemoryMetricReader()
    meter_provider = MeterProvider(metric_readers=[reader])
    listener = otel_listener(tracer_provider=tracer_provider, meter_provider=meter_provider)
    try:
        yield Otel(exporter, reader, listener, tracer_provider)
    finally:
        tracer_provider.shutdown()
        meter_provider.shutdown()
