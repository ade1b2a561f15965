"""The OpenAI-compatible adapter against a scripted server on 127.0.0.1 (real HTTP).

Every behaviour is checked over both transports: the standard library and the
official openai SDK (built with its retries off).
"""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest

from stepgraph import errors
from stepgraph.adapters import Request, Result
from stepgraph.adapters.openai_compat import OpenAICompatAdapter
from stepgraph.adapters.providers import adapter_from_id, provider_adapter
from stepgraph.offers.prompt import REPORT_SCHEMA
from stepgraph.testing import FakeProvider, Reply, completion, serve

REQUEST = Request(instructions="Compare.", data={"offers": []}, run_id="r", node="draft",
                  schema=REPORT_SCHEMA)  # fmt: skip


@pytest.fixture(params=["http", "sdk"])
def fake(request: pytest.FixtureRequest) -> Iterator[FakeProvider]:
    with serve() as provider:
        provider.transport = request.param
        yield provider


def adapter(fake: FakeProvider, **options: object) -> OpenAICompatAdapter:
    return OpenAICompatAdapter("m1", base_url=fake.url, provider="openai-compatible",
                               transport=fake.transport, **options)  # type: ignore[arg-type]  # fmt: skip


def test_success_returns_the_data_with_model_request_id_and_usage(fake: FakeProvider) -> None:
    fake.push(completion({"rows": [], "recommendedId": "B", "rationale": "r"}))
    result = adapter(fake).generate(REQUEST)
    assert isinstance(result, Result)
    assert result.data == {"rows": [], "recommendedId": "B", "rationale": "r"}
    assert (result.model, result.request_id, result.response_id) == (
        "fake-model", "req_fake", "chatcmpl-1")  # fmt: skip
    assert result.usage == {"input_tokens": 11, "output_tokens": 7}
    assert result.finish_reason == "stop"


def test_json_schema_style_sends_a_strict_schema_and_max_completion_tokens(
    fake: FakeProvider,
) -> None:
    fake.push(completion({"a": 1}))
    adapter(fake).generate(REQUEST)
    body = fake.seen[0].body
    assert fake.seen[0].path == "/v1/chat/completions"
    assert body["response_format"]["type"] == "json_schema"
    assert body["response_format"]["json_schema"]["strict"] is True
    assert body["response_format"]["json_schema"]["schema"] == REPORT_SCHEMA
    assert body["max_completion_tokens"] == 1024
    assert "max_tokens" not in body


def test_json_object_style_sends_the_schema_beside_it_and_max_tokens(fake: FakeProvider) -> None:
    fake.push(completion({"a": 1}))
    adapter(fake, style="json_object", tokens_field="max_tokens").generate(REQUEST)
    body = fake.seen[0].body
    assert body["response_format"] == {"type": "json_object", "schema": REPORT_SCHEMA}
    assert body["max_tokens"] == 1024
    assert "max_completion_tokens" not in body


@pytest.mark.parametrize(
    ("reply", "error", "retryable"),
    [
        (Reply(429, {"error": "slow"}, {"retry-after": "2"}), errors.RateLimited, True),
        (Reply(429, {"error": {"code": "insufficient_quota"}}), errors.QuotaExceeded, False),
        (Reply(402, {"error": "pay"}), errors.QuotaExceeded, False),
        (Reply(500, b"<html>oops</html>"), errors.ProviderServerError, True),
        (Reply(502, b"<html>bad gateway</html>"), errors.ProviderServerError, True),
        (Reply(503, {"error": "busy"}), errors.ProviderOverloaded, True),
        (Reply(529, {"error": {"type": "overloaded_error"}}), errors.ProviderOverloaded, True),
        (Reply(400, {"error": {"message": "bad schema"}}), errors.BadRequest, False),
        (Reply(404, {"error": "no model"}), errors.BadRequest, False),
        (Reply(401, {"error": "key"}), errors.AuthenticationFailed, False),
        (Reply(403, {"error": "no"}), errors.AuthenticationFailed, False),
        (Reply(200, b"not json at all"), errors.ProviderServerError, True),
        (Reply(200, {"unexpected": True}), errors.ProviderServerError, True),
        (completion("{not json"), errors.MalformedOutput, True),
        (completion("[1, 2]"), errors.MalformedOutput, True),
        (completion('{"rows": [', finish="length"), errors.TruncatedOutput, False),
        (completion("", refusal="I can't help with that"), errors.Refused, False),
        (completion("{}", finish="content_filter"), errors.Refused, False),
    ],
)
def test_each_failure_maps_to_its_error_class(
    fake: FakeProvider, reply: Reply, error: type[errors.ProviderError], retryable: bool
) -> None:
    fake.push(reply)
    with pytest.raises(error) as raised:
        adapter(fake).generate(REQUEST)
    assert type(raised.value) is error
    assert raised.value.retryable is retryable


def test_rate_limit_carries_the_retry_after_and_request_id(fake: FakeProvider) -> None:
    fake.push(Reply(429, {"error": "slow"}, {"retry-after-ms": "1500", "x-request-id": "req_9"}))
    with pytest.raises(errors.RateLimited) as raised:
        adapter(fake).generate(REQUEST)
    assert raised.value.retry_after == 1.5
    assert raised.value.request_id == "req_9"
    assert raised.value.status == 429


def test_a_slow_server_is_a_timeout(fake: FakeProvider) -> None:
    fake.push(Reply(200, {"choices": []}, delay=0.5))
    with pytest.raises(errors.ProviderTimeout):
        adapter(fake, timeout=0.1).generate(REQUEST)


def test_the_request_timeout_is_capped_by_what_the_node_has_left(fake: FakeProvider) -> None:
    fake.push(Reply(200, {"choices": []}, delay=0.5))
    short = Request(instructions="x", data={}, run_id="r", node="n", timeout=0.1)
    with pytest.raises(errors.ProviderTimeout):
        adapter(fake, timeout=30).generate(short)


@pytest.mark.parametrize("transport", ["http", "sdk"])
def test_nothing_listening_is_a_connection_error(transport: str) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    closed = OpenAICompatAdapter("m", base_url=f"http://127.0.0.1:{port}/v1", transport=transport)
    with pytest.raises(errors.ProviderConnectionError):
        closed.generate(REQUEST)


def test_the_key_is_sent_as_a_bearer_token_and_kept_out_of_the_id(
    fake: FakeProvider, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-secret-123")
    fake.push(completion({"a": 1}))
    chosen = adapter(fake)
    chosen.generate(REQUEST)
    assert fake.seen[0].headers["authorization"] == "Bearer sk-test-secret-123"
    assert "sk-test" not in chosen.id
    assert "sk-test" not in repr(chosen)


def test_an_adapter_is_rebuilt_from_the_id_a_run_recorded() -> None:
    made = provider_adapter("openai-compatible:m1", base_url="http://127.0.0.1:9/v1",
                            style="json_object")  # fmt: skip
    assert isinstance(made, OpenAICompatAdapter)
    rebuilt = adapter_from_id(made.id)
    assert isinstance(rebuilt, OpenAICompatAdapter)
    assert (rebuilt.id, rebuilt.style, rebuilt.tokens_field) == (made.id, "json_object",
                                                                 "max_tokens")  # fmt: skip


def test_ollama_defaults_to_the_local_server_and_max_tokens() -> None:
    made = provider_adapter("ollama:llama3.2")
    assert isinstance(made, OpenAICompatAdapter)
    assert made.base_url == "http://127.0.0.1:11434/v1"
    assert made.tokens_field == "max_tokens"
    assert made.id.startswith("ollama:llama3.2@")


def test_openai_compatible_without_a_base_url_names_the_flag() -> None:
    with pytest.raises(errors.InputError) as raised:
        provider_adapter("openai-compatible:m1")
    assert raised.value.field == "--base-url"


def test_a_provider_without_a_model_is_refused() -> None:
    with pytest.raises(errors.InputError, match="names no model"):
        provider_adapter("openai:")


def test_each_transport_makes_one_request_per_attempt(fake: FakeProvider) -> None:
    fake.push(Reply(503, {"error": "busy"}), completion({"a": 1}))
    with pytest.raises(errors.ProviderOverloaded):
        adapter(fake).generate(REQUEST)
    assert len(fake.seen) == 1  # no retry of its own (the SDK's are off): the harness decides


def test_the_default_transport_is_the_sdk_when_it_is_installed() -> None:
    made = provider_adapter("openai:gpt-4o-mini")
    assert isinstance(made, OpenAICompatAdapter)
    assert made.transport == "sdk"
