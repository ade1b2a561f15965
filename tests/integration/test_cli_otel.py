"""``STEPGRAPH_OTEL=1`` on the real command line: spans and metrics exported over OTLP/HTTP
to a receiver on 127.0.0.1 (decoded with the OTLP protobuf messages), or as JSON on
stderr, configured by the standard ``OTEL_*`` variables."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, TypeVar

import pytest
from opentelemetry.proto.collector.metrics.v1.metrics_service_pb2 import (
    ExportMetricsServiceRequest,
)
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

from tests.conftest import drop_schema, store_url
from tests.integration.cli_helpers import EXAMPLE, stepgraph


class Receiver:
    """An OTLP/HTTP endpoint that keeps every request body by path."""

    def __init__(self) -> None:
        self.bodies: dict[str, list[bytes]] = {}
        self.url = ""

    def traces(self) -> list[ExportTraceServiceRequest]:
        return [_parsed(ExportTraceServiceRequest(), body)
                for body in self.bodies.get("/v1/traces", [])]  # fmt: skip

    def metrics(self) -> list[ExportMetricsServiceRequest]:
        return [_parsed(ExportMetricsServiceRequest(), body)
                for body in self.bodies.get("/v1/metrics", [])]  # fmt: skip

    def spans(self) -> list[tuple[str, bytes, bytes]]:
        """(name, span id, parent span id) of every exported span."""
        return [(span.name, span.span_id, span.parent_span_id)
                for request in self.traces() for resource in request.resource_spans
                for scope in resource.scope_spans for span in scope.spans]  # fmt: skip

    def service_names(self) -> set[str]:
        return {attribute.value.string_value
                for request in self.traces() for resource in request.resource_spans
                for attribute in resource.resource.attributes
                if attribute.key == "service.name"}  # fmt: skip

    def metric_points(self) -> list[tuple[str, Any]]:
        """(name, metric) of every exported metric, in export order."""
        return [(metric.name, metric)
                for request in self.metrics() for resource in request.resource_metrics
                for scope in resource.scope_metrics for metric in scope.metrics]  # fmt: skip

    def gauge(self, name: str) -> dict[str, int]:
        """The last exported value of gauge ``name`` by its one attribute's value."""
        values: dict[str, int] = {}
        for found, metric in self.metric_points():
            if found == name:
                for point in metric.gauge.data_points:
                    values[point.attributes[0].value.string_value] = int(point.as_int)
        return values


M = TypeVar("M", ExportTraceServiceRequest, ExportMetricsServiceRequest)


def _parsed(message: M, body: bytes) -> M:
    message.ParseFromString(body)
    return message


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    got = Receiver()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            got.bodies.setdefault(self.path, []).append(body)
            self.send_response(200)
            self.send_header("Content-Type", "application/x-protobuf")
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    got.url = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    try:
        yield got
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def test_a_run_exports_its_spans_and_metrics_over_otlp(receiver: Receiver, tmp_path: Path) -> None:
    env = {"STEPGRAPH_OTEL": "1", "OTEL_EXPORTER_OTLP_ENDPOINT": receiver.url,
           "OTEL_SERVICE_NAME": "offers-test"}  # fmt: skip
    done = stepgraph("run", "offers", EXAMPLE, "--store", f"sqlite:{tmp_path / 'runs.db'}",
                     cwd=tmp_path, env=env)  # fmt: skip
    assert done.code == 0, done.err
    spans = receiver.spans()
    by_name = {name: (span_id, parent) for name, span_id, parent in spans}
    assert sorted(name for name, _, _ in spans) == [
        "chat", "invoke_workflow offers", "node draft", "node inspect", "node verify"
    ]  # fmt: skip
    run_id = by_name["invoke_workflow offers"][0]
    assert by_name["invoke_workflow offers"][1] == b""  # a root span
    for node in ("node inspect", "node draft", "node verify"):
        assert by_name[node][1] == run_id
    assert by_name["chat"][1] == by_name["node draft"][0]  # the fixture's answer, in draft
    assert receiver.service_names() == {"offers-test"}
    exported = {name for name, _ in receiver.metric_points()}
    assert {"stepgraph.runs", "stepgraph.node.duration", "stepgraph.model.attempts",
            "gen_ai.client.operation.duration"} <= exported  # fmt: skip


def test_the_console_exporter_writes_to_stderr_and_leaves_stdout_to_the_result(
    tmp_path: Path,
) -> None:
    env = {"STEPGRAPH_OTEL": "1", "OTEL_TRACES_EXPORTER": "console",
           "OTEL_METRICS_EXPORTER": "none"}  # fmt: skip
    done = stepgraph("run", "offers", EXAMPLE, "--store", f"sqlite:{tmp_path / 'runs.db'}",
                     "--json", cwd=tmp_path, env=env)  # fmt: skip
    assert done.code == 0, done.err
    assert json.loads(done.out)["status"] == "ready_for_review"
    assert '"name": "invoke_workflow offers"' in done.err
    assert '"name": "node verify"' in done.err


@pytest.mark.postgres
def test_a_worker_exports_its_runs_and_the_queue_depth(receiver: Receiver, tmp_path: Path) -> None:
    url = store_url("postgres", tmp_path)
    try:
        assert stepgraph("db", "setup", "--store", url, cwd=tmp_path).code == 0
        assert stepgraph("submit", "offers", EXAMPLE, "--run-id", "q1", "--store", url,
                         cwd=tmp_path).code == 0  # fmt: skip
        env = {"STEPGRAPH_OTEL": "1", "OTEL_EXPORTER_OTLP_ENDPOINT": receiver.url}
        done = stepgraph("worker", "--store", url, "--until-idle", "--poll", "0.2",
                         cwd=tmp_path, env=env)  # fmt: skip
    finally:
        drop_schema(url)
    assert done.code == 0, done.err
    assert "invoke_workflow offers" in {name for name, _, _ in receiver.spans()}
    depth = receiver.gauge("stepgraph.queue.depth")
    assert depth == {"runnable": 0, "leased": 0, "waiting": 1, "done": 0, "dead": 0,
                     "cancelled": 0, "stranded": 0}  # fmt: skip


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"STEPGRAPH_OTEL": "yes"}, "STEPGRAPH_OTEL: must be 1 (on) or 0 (off), not 'yes'"),
        ({"STEPGRAPH_OTEL": "1", "OTEL_TRACES_EXPORTER": "zipkin"},
         "OTEL_TRACES_EXPORTER: no installed exporter is named 'zipkin'"),
    ],
)  # fmt: skip
def test_a_bad_telemetry_setting_is_a_usage_error_and_nothing_runs(
    env: dict[str, str], message: str, tmp_path: Path
) -> None:
    done = stepgraph("run", "offers", EXAMPLE, "--store", f"sqlite:{tmp_path / 'runs.db'}",
                     cwd=tmp_path, env=env)  # fmt: skip
    assert done.code == 2
    assert message in done.err
    assert not (tmp_path / "runs.db").exists()
