"""The Anthropic adapter (official SDK) against a scripted server on 127.0.0.1 (real HTTP)."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest

from stepgraph import errors
from stepgraph.adapters import Request, Result
from stepgraph.adapters.anthropic_sdk import AnthropicAdapter
from stepgraph.adapters.providers import adapter_from_id, provider_adapter
from stepgraph.offers.prompt import REPORT_SCHEMA
from stepgraph.testing import FakeProvider, Reply, anthropic_error, message, serve

REQUEST = Request(instructions="Compare.", data={"offers": []}, run_id="r", node="draft",
                  schema=REPORT_SCHEMA)  # fmt: skip
REPORT = {"rows": [], "recommendedId": "B", "rationale": "r"}


@pytest.fixture(autouse=True)
def key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")


@pytest.fixture
def fake() -> Iterator[FakeProvider]:
    with serve() as provider:
        yield provider


def adapter(fake: FakeProvider, **options: object) -> AnthropicAdapter:
    return AnthropicAdapter("claude-x", base_url=fake.root, **options)  # type: ignore[arg-type]


def test_success_returns_the_data_with_model_request_id_and_usage(fake: FakeProvider) -> None:
    fake.push(message(REPORT))
    result = adapter(fake).generate(REQUEST)
    assert isinstance(result, Result)
    assert result.data == REPORT
    assert (result.provider, result.model, result.request_id, result.response_id) == (
        "anthropic", "claude-fake", "req_ant", "msg_1")  # fmt: skip
    assert result.usage == {"input_tokens": 13, "output_tokens": 5}
    assert result.finish_reason == "end_turn"


def test_output_config_mode_sends_the_schema_and_no_sampling_parameters(
    fake: FakeProvider,
) -> None:
    fake.push(message(REPORT))
    adapter(fake).generate(REQUEST)
    seen = fake.seen[0]
    assert seen.path == "/v1/messages"
    assert seen.body["output_config"] == {
        "format": {"type": "json_schema", "schema": REPORT_SCHEMA}
    }
    assert seen.body["system"] == "Compare."
    assert seen.body["max_tokens"] == 1024
    assert not {"temperature", "top_p", "top_k", "tools"} & set(seen.body)


def test_tool_mode_forces_one_tool_and_reads_its_input(fake: FakeProvider) -> None:
    fake.push(message(REPORT, stop="tool_use", tool=True))
    result = adapter(fake, mode="tool").generate(REQUEST)
    body = fake.seen[0].body
    assert result.data == REPORT
    assert body["tool_choice"] == {"type": "tool", "name": "emit_output"}
    assert body["tools"][0]["input_schema"] == REPORT_SCHEMA
    assert "output_config" not in body


@pytest.mark.parametrize(
    ("reply", "error", "retryable"),
    [
        (anthropic_error(429, "rate_limit_error", {"retry-after": "2"}), errors.RateLimited, True),
        (anthropic_error(402, "billing_error"), errors.QuotaExceeded, False),
        (anthropic_error(400, "billing_error"), errors.QuotaExceeded, False),
        (anthropic_error(500, "api_error"), errors.ProviderServerError, True),
        (Reply(502, b"<html>bad gateway</html>"), errors.ProviderServerError, True),
        (anthropic_error(529, "overloaded_error"), errors.ProviderOverloaded, True),
        (anthropic_error(503, "overloaded_error"), errors.ProviderOverloaded, True),
        (anthropic_error(400, "invalid_request_error"), errors.BadRequest, False),
        (anthropic_error(404, "not_found_error"), errors.BadRequest, False),
        (anthropic_error(401, "authentication_error"), errors.AuthenticationFailed, False),
        (anthropic_error(403, "permission_error"), errors.AuthenticationFailed, False),
        (Reply(200, b"not json at all"), errors.ProviderServerError, True),
        (Reply(200, {"unexpected": True}), errors.ProviderServerError, True),
        (message("{not json"), errors.MalformedOutput, True),
        (message("[1, 2]"), errors.MalformedOutput, True),
        (message('{"rows": [', stop="max_tokens"), errors.TruncatedOutput, False),
        (message("", stop="refusal"), errors.Refused, False),
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
    assert len(fake.seen) == 1  # the SDK's own retries are off


def test_tool_mode_without_a_tool_use_block_is_malformed(fake: FakeProvider) -> None:
    fake.push(message("plain words"))
    with pytest.raises(errors.MalformedOutput, match="tool_use"):
        adapter(fake, mode="tool").generate(REQUEST)


def test_rate_limit_carries_the_retry_after_and_request_id(fake: FakeProvider) -> None:
    fake.push(anthropic_error(429, "rate_limit_error",
                              {"retry-after": "7", "request-id": "req_42"}))  # fmt: skip
    with pytest.raises(errors.RateLimited) as raised:
        adapter(fake).generate(REQUEST)
    assert raised.value.retry_after == 7.0
    assert raised.value.request_id == "req_42"


def test_a_slow_server_is_a_timeout(fake: FakeProvider) -> None:
    fake.push(Reply(200, {"content": []}, delay=0.5))
    with pytest.raises(errors.ProviderTimeout):
        adapter(fake, timeout=0.1).generate(REQUEST)


def test_nothing_listening_is_a_connection_error() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(errors.ProviderConnectionError):
        AnthropicAdapter("c", base_url=f"http://127.0.0.1:{port}").generate(REQUEST)


def test_the_key_comes_from_the_environment_and_stays_out_of_the_id(
    fake: FakeProvider, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-secret-9")
    fake.push(message(REPORT))
    chosen = adapter(fake)
    chosen.generate(REQUEST)
    sent = fake.seen[0].headers
    assert "sk-ant-secret-9" in (sent.get("authorization", "") + sent.get("x-api-key", ""))
    assert "sk-ant" not in chosen.id
    assert "sk-ant" not in repr(chosen)


def test_a_missing_key_is_an_authentication_failure_before_any_request(
    fake: FakeProvider, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY")
    with pytest.raises(errors.AuthenticationFailed, match="ANTHROPIC_API_KEY"):
        adapter(fake).generate(REQUEST)
    assert fake.seen == []


def test_an_anthropic_adapter_is_rebuilt_from_its_id() -> None:
    made = provider_adapter("anthropic:claude-x", base_url="http://127.0.0.1:9", mode="tool")
    assert isinstance(made, AnthropicAdapter)
    rebuilt = adapter_from_id(made.id)
    assert isinstance(rebuilt, AnthropicAdapter)
    assert (rebuilt.id, rebuilt.mode) == (made.id, "tool")


def test_an_unknown_mode_is_refused_naming_the_field() -> None:
    with pytest.raises(errors.InputError) as raised:
        AnthropicAdapter("c", mode="prefill")
    assert raised.value.field == "mode"
