"""Real offers runs, watched: OpenTelemetry spans and metrics from the SDK's in-memory
exporter and reader, log records, and no secret anywhere (a scripted OpenAI-compatible
server over real HTTP on 127.0.0.1, SQLite on disk)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from opentelemetry.sdk.trace import ReadableSpan
from opentelemetry.trace import SpanKind, StatusCode

import stepgraph
from stepgraph import Adapter
from stepgraph.adapters.anthropic_sdk import AnthropicAdapter
from stepgraph.adapters.openai_compat import OpenAICompatAdapter
from stepgraph.aio import arun
from stepgraph.offers import FixtureAdapter, graph, make_inputs
from stepgraph.retry import RetryPolicy
from stepgraph.testing.fakeserver import FakeProvider, Reply, message, serve
from tests.otel import Otel, in_memory_otel
from tests.support import good_report, seed_offers

API_KEY = "sk-observe-secret-4f1c9a7e2b"
SIGNING_KEY = b"signing-secret-7d2e91c4a8b3"


@pytest.fixture
def otel() -> Iterator[Otel]:
    with in_memory_otel() as recorder:
        yield recorder


@pytest.fixture
def fake(request: pytest.FixtureRequest) -> Iterator[FakeProvider]:
    """The scripted server; ``transport`` is how it is reached: http or sdk (Chat
    Completions through the standard library or the openai SDK), or anthropic."""
    with serve() as provider:
        provider.transport = getattr(request, "param", "http")
        yield provider


def children(spans: list[ReadableSpan], parent: ReadableSpan) -> list[str]:
    assert parent.context is not None
    return [s.name for s in spans if s.parent is not None
            and s.parent.span_id == parent.context.span_id]  # fmt: skip


def test_a_paused_and_resumed_run_is_two_run_spans_with_their_nodes(
    otel: Otel, tmp_path: Path
) -> None:
    inputs = make_inputs(seed_offers())
    with stepgraph.open_store(f"sqlite:{tmp_path / 'runs.db'}") as store:
        store.setup()
        paused = stepgraph.run(graph, inputs=inputs, adapter=FixtureAdapter(), store=store,
                               max_steps=2, on_event=otel.listener)  # fmt: skip
        done = stepgraph.resume(graph, run_id=paused.run_id, adapter=FixtureAdapter(),
                                store=store, on_event=otel.listener)  # fmt: skip
    assert done.status == "ready_for_review"
    spans = otel.spans()
    runs = [s for s in spans if s.name == "invoke_workflow offers"]
    assert [dict(s.attributes or {})["stepgraph.resumed"] for s in runs] == [False, True]
    assert all(s.parent is None for s in runs)
    assert children(spans, runs[0]) == ["node inspect", "node draft"]
    assert children(spans, runs[1]) == ["node verify"]
    first, second = (dict(s.attributes or {}) for s in runs)
    assert (first["stepgraph.status"], first["stepgraph.next"], first["stepgraph.steps_run"]) == (
        "running", "verify", 2)  # fmt: skip
    assert (second["stepgraph.status"], second["stepgraph.version"]) == ("ready_for_review", 3)
    assert [e.name for e in runs[1].events] == ["stepgraph.wait"]  # the reviewer's wait
    verify = next(s for s in spans if s.name == "node verify")
    assert dict(verify.attributes or {})["stepgraph.version"] == 3
    model_calls = [s for s in spans if s.kind is SpanKind.CLIENT]
    assert len(model_calls) == 1  # the fixture's one answer, under draft
    draft = next(s for s in spans if s.name == "node draft")
    assert children(spans, draft) == [model_calls[0].name]
    runs_by_status = {p.attributes["stepgraph.status"]: p.value
                      for p in otel.points("stepgraph.runs")}  # fmt: skip
    assert runs_by_status == {"running": 1, "ready_for_review": 1}


def test_a_model_call_over_http_is_a_client_span_with_genai_attributes(
    otel: Otel, fake: FakeProvider, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", API_KEY)
    fake.push(Reply(429, {"error": {"message": "slow down"}}, {"retry-after": "0"}),
              good_report(seed_offers()))  # fmt: skip
    adapter = OpenAICompatAdapter("fake-model", base_url=fake.url, provider="openai-compatible",
                                  tokens_field="max_tokens")  # fmt: skip
    with stepgraph.open_store(f"sqlite:{tmp_path / 'runs.db'}") as store:
        store.setup()
        result = stepgraph.run(graph, inputs=make_inputs(seed_offers()), adapter=adapter,
                               store=store, retry=RetryPolicy(sleep=lambda s: None),
                               on_event=otel.listener)  # fmt: skip
    assert result.status == "ready_for_review"
    spans = otel.spans()
    calls = [s for s in spans if s.kind is SpanKind.CLIENT]
    assert [s.name for s in calls] == ["chat fake-model", "chat fake-model"]
    failed, answered = (dict(s.attributes or {}) for s in calls)
    port = int(fake.root.rsplit(":", 1)[1])
    assert failed["error.type"] == "RateLimited"
    assert calls[0].status.status_code is StatusCode.ERROR
    assert {k: v for k, v in answered.items() if not k.startswith("stepgraph.")} == {
        "gen_ai.operation.name": "chat",
        "gen_ai.provider.name": "openai-compatible",
        "gen_ai.request.model": "fake-model",
        "gen_ai.response.model": "fake-model",
        "gen_ai.usage.input_tokens": 11,
        "gen_ai.usage.output_tokens": 7,
        "gen_ai.response.finish_reasons": ("stop",),
        "server.address": "127.0.0.1",
        "server.port": port,
    }
    assert (answered["stepgraph.attempt"], answered["stepgraph.request_id"]) == (2, "req_fake")
    draft = next(s for s in spans if s.name == "node draft")
    assert children(spans, draft) == ["chat fake-model", "chat fake-model"]
    attempts = {p.attributes.get("error.type"): p.value
                for p in otel.points("stepgraph.model.attempts")}  # fmt: skip
    assert attempts == {"RateLimited": 1, None: 1}


def provider_adapter(fake: FakeProvider, monkeypatch: pytest.MonkeyPatch) -> Adapter:
    """The adapter ``fake.transport`` names, its key set, its two answers queued: a server
    error (retried), then the fixture's correct report."""
    report = good_report(seed_offers())
    if fake.transport == "anthropic":
        monkeypatch.setenv("ANTHROPIC_API_KEY", API_KEY)
        fake.push(Reply(500, b"<html>down</html>"),
                  message(report.body["choices"][0]["message"]["content"]))  # fmt: skip
        return AnthropicAdapter("claude-x", base_url=fake.root)
    monkeypatch.setenv("OPENAI_API_KEY", API_KEY)
    fake.push(Reply(500, b"<html>down</html>"), report)
    return OpenAICompatAdapter("fake-model", base_url=fake.url, provider="openai-compatible",
                               tokens_field="max_tokens", transport=fake.transport)  # fmt: skip


@pytest.mark.parametrize("fake", ["http", "sdk", "anthropic"], indirect=True)
def test_no_secret_reaches_a_log_record_or_a_span(
    otel: Otel, fake: FakeProvider, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:  # fmt: skip
    adapter = provider_adapter(fake, monkeypatch)
    with caplog.at_level(logging.DEBUG):
        store = stepgraph.open_store(f"sqlite:{tmp_path / 'runs.db'}", signing_key=SIGNING_KEY)
        with store:
            store.setup()
            result = stepgraph.run(graph, inputs=make_inputs(seed_offers()), adapter=adapter,
                                   store=store, retry=RetryPolicy(sleep=lambda s: None),
                                   on_event=otel.listener)  # fmt: skip
    assert result.status == "ready_for_review"
    sent = fake.seen[0].headers  # the key was sent to the provider
    assert API_KEY in (sent.get("authorization", "") + sent.get("x-api-key", ""))
    names = {record.name for record in caplog.records}
    assert {"stepgraph.runner", "stepgraph.stores.sqlite"} <= names
    assert any(name.startswith("stepgraph.adapters.") for name in names)
    secrets = (API_KEY, SIGNING_KEY.decode())
    for record in caplog.records:
        text = f"{record.getMessage()} {record.__dict__!r}"
        assert not any(secret in text for secret in secrets), record.getMessage()
    for span in otel.spans():
        text = repr(dict(span.attributes or {})) + repr([e.attributes for e in span.events])
        assert not any(secret in text for secret in secrets), span.name


def test_an_arun_inside_a_request_span_is_its_child(otel: Otel, tmp_path: Path) -> None:
    tracer = otel.tracer_provider.get_tracer("app")

    async def handle_request() -> str:
        with (
            tracer.start_as_current_span("POST /offers"),
            stepgraph.open_store(f"sqlite:{tmp_path / 'runs.db'}") as store,
        ):
            result = await arun(graph, inputs=make_inputs(seed_offers()),
                                adapter=FixtureAdapter(), store=store,
                                on_event=otel.listener)  # fmt: skip
            return result.status

    assert asyncio.run(handle_request()) == "ready_for_review"
    spans = otel.spans()
    request = next(s for s in spans if s.name == "POST /offers")
    assert children(spans, request) == ["invoke_workflow offers"]
    run = next(s for s in spans if s.name == "invoke_workflow offers")
    assert children(spans, run) == ["node inspect", "node draft", "node verify"]
