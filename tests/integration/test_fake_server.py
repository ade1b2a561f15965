"""stepgraph.testing.serve: a scripted model server on 127.0.0.1, over real HTTP."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

import pytest

from stepgraph import Request
from stepgraph.adapters.openai_compat import OpenAICompatAdapter
from stepgraph.errors import RateLimited
from stepgraph.testing import Reply, anthropic_error, completion, message, serve


def post(url: str, body: Any, headers: dict[str, str] | None = None) -> tuple[int, bytes]:
    data = json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers=headers or {}, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def test_the_server_listens_on_the_loopback_address() -> None:
    with serve() as fake:
        assert fake.root.startswith("http://127.0.0.1:")
        assert fake.url == fake.root + "/v1"


def test_replies_are_served_in_the_order_pushed() -> None:
    with serve() as fake:
        fake.push(Reply(200, {"n": 1}), Reply(201, {"n": 2}))
        first, second = post(fake.url, {}), post(fake.url, {})
    assert first == (200, b'{"n": 1}')
    assert second == (201, b'{"n": 2}')


def test_every_request_is_recorded_with_path_headers_and_body() -> None:
    with serve() as fake:
        fake.push(Reply(200, {}))
        post(fake.url + "/chat/completions", {"model": "m"}, {"X-Trace": "t1"})
    (seen,) = fake.seen
    assert (seen.path, seen.headers["x-trace"], seen.body) == ("/v1/chat/completions", "t1",
                                                                {"model": "m"})  # fmt: skip


def test_an_empty_queue_answers_500() -> None:
    with serve() as fake:
        status, body = post(fake.url, {})
    assert status == 500
    assert json.loads(body) == {"error": "no reply"}


def test_a_bytes_body_is_sent_as_it_is() -> None:
    with serve() as fake:
        fake.push(Reply(502, b"<html>bad gateway</html>"))
        assert post(fake.url, {}) == (502, b"<html>bad gateway</html>")


def test_reply_headers_are_sent() -> None:
    with serve() as fake:
        fake.push(Reply(200, {}, {"x-request-id": "req_42"}))
        request = urllib.request.Request(fake.url, data=b"{}", method="POST")
        with urllib.request.urlopen(request, timeout=5) as response:
            assert response.headers["x-request-id"] == "req_42"


def test_the_server_is_gone_after_the_block() -> None:
    with serve() as fake:
        url = fake.url
    with pytest.raises(urllib.error.URLError):
        post(url, {})


def test_a_completion_is_read_by_the_openai_compatible_adapter() -> None:
    with serve() as fake:
        fake.push(completion({"answer": 42}))
        adapter = OpenAICompatAdapter("fake-model", base_url=fake.url, key_env=None)
        result = adapter.generate(Request(instructions="q", data={}, run_id="r", node="n"))
    assert (result.data, result.request_id, result.usage) == (
        {"answer": 42}, "req_fake", {"input_tokens": 11, "output_tokens": 7})  # fmt: skip


def test_a_429_reply_is_rate_limited_for_the_adapter() -> None:
    with serve() as fake:
        fake.push(Reply(429, {"error": {"message": "slow down"}}, {"retry-after": "3"}))
        adapter = OpenAICompatAdapter("fake-model", base_url=fake.url, key_env=None)
        with pytest.raises(RateLimited) as caught:
            adapter.generate(Request(instructions="q", data={}, run_id="r", node="n"))
    assert caught.value.retry_after == 3.0


def test_message_builds_an_anthropic_text_answer() -> None:
    reply = message({"a": 1})
    assert reply.body["content"] == [{"type": "text", "text": '{"a": 1}'}]
    assert reply.headers == {"request-id": "req_ant"}


def test_anthropic_error_builds_the_error_body() -> None:
    reply = anthropic_error(529, "overloaded_error")
    assert (reply.status, reply.body["error"]["type"]) == (529, "overloaded_error")
