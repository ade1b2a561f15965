"""``agenerate`` through the SDKs' async clients (AsyncOpenAI, AsyncAnthropic) over real
HTTP on 127.0.0.1: the same body and reading, the whole-call deadline, no retries by the
SDK, the key scrubbed from errors, one client per event loop, and ``arun`` of a tool loop
inside a running loop."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from stepgraph import arun, open_store
from stepgraph.adapters import Request, Result
from stepgraph.adapters.anthropic_sdk import AnthropicAdapter
from stepgraph.adapters.openai_compat import OpenAICompatAdapter
from stepgraph.errors import ProviderServerError, ProviderTimeout
from stepgraph.testing import FakeProvider, Reply, completion, message, tool_calls, tool_use
from tests import loop_support, tools_support
from tests.loop_support import fake

__all__ = ["fake"]  # the fixture, used by name

KEY = "sk-test-secret-0123456789"
REQUEST = Request(instructions="i", data={"x": 1}, run_id="r", node="n")


@pytest.fixture(autouse=True)
def keys(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    monkeypatch.setenv("ANTHROPIC_API_KEY", KEY)
    monkeypatch.setenv("TOOL_LEDGER", str(tmp_path / "ledger.jsonl"))


@pytest.fixture(params=["openai", "anthropic"])
def provider(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def _adapter(provider: str, fake: FakeProvider, timeout: float = 30.0) -> Any:
    if provider == "openai":
        return OpenAICompatAdapter("m1", base_url=fake.url, transport="sdk", timeout=timeout)
    return AnthropicAdapter("claude-x", base_url=fake.root, timeout=timeout)


def _answer(provider: str, data: Any) -> Reply:
    return completion(data) if provider == "openai" else message(data)


def _async_client(adapter: Any) -> Any:
    found = (
        adapter._async_sdk if isinstance(adapter, OpenAICompatAdapter) else adapter._async_client
    )
    return found[2] if found else None


def test_agenerate_uses_the_sdks_async_client_and_reads_the_answer(
    provider: str, fake: FakeProvider
) -> None:
    fake.push(_answer(provider, {"ok": True}))
    adapter = _adapter(provider, fake)
    result = asyncio.run(adapter.agenerate(REQUEST))
    assert isinstance(result, Result)
    assert result.data == {"ok": True}
    assert type(_async_client(adapter)).__name__ in ("AsyncOpenAI", "AsyncAnthropic")
    sync_client = adapter._sdk if provider == "openai" else adapter._client
    assert sync_client is None  # the sync client was never built
    assert fake.seen[0].body == _sent_by_generate(provider, fake)


def _sent_by_generate(provider: str, fake: FakeProvider) -> Any:
    fake.push(_answer(provider, {"ok": True}))
    _adapter(provider, fake).generate(REQUEST)
    return fake.seen[-1].body


def test_the_whole_call_is_bounded_by_the_deadline(provider: str, fake: FakeProvider) -> None:
    fake.push(Reply(200, {"late": True}, delay=3.0))
    adapter = _adapter(provider, fake, timeout=0.3)
    began = time.monotonic()
    with pytest.raises(ProviderTimeout):
        asyncio.run(adapter.agenerate(REQUEST))
    assert time.monotonic() - began < 2.0


def test_the_sdk_does_not_retry_and_the_key_is_scrubbed(provider: str, fake: FakeProvider) -> None:
    echo = f"bad key {KEY}"
    body = ({"error": {"message": echo, "type": "server_error"}} if provider == "openai"
            else {"type": "error", "error": {"type": "api_error", "message": echo}})  # fmt: skip
    fake.push(Reply(500, body), Reply(500, body))
    with pytest.raises(ProviderServerError) as failed:
        asyncio.run(_adapter(provider, fake).agenerate(REQUEST))
    assert len(fake.seen) == 1
    assert KEY not in str(failed.value)


def test_each_event_loop_gets_its_own_async_client(provider: str, fake: FakeProvider) -> None:
    adapter = _adapter(provider, fake)
    fake.push(_answer(provider, {"n": 1}), _answer(provider, {"n": 2}))
    first = asyncio.run(adapter.agenerate(REQUEST))
    client = _async_client(adapter)
    second = asyncio.run(adapter.agenerate(REQUEST))
    assert (first.data, second.data) == ({"n": 1}, {"n": 2})
    assert _async_client(adapter) is not client


def test_arun_of_a_tool_loop_inside_a_running_loop(
    provider: str, fake: FakeProvider, tmp_path: Path
) -> None:
    catalogue = str(tools_support.write_catalogue(tmp_path / "catalogue.json"))
    calls = tool_calls if provider == "openai" else tool_use
    loop_support.push_loop(fake, calls, catalogue, _answer(provider, {"booked": "A"}))
    adapter = _adapter(provider, fake)
    ticks = 0

    async def ticking() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.001)
            ticks += 1

    async def main() -> Any:
        ticker = asyncio.create_task(ticking())
        with open_store(f"sqlite:{tmp_path / 'runs.db'}") as store:
            store.setup()
            done = await arun(loop_support.async_graph, adapter=adapter, store=store,
                              inputs={"offer_ids": ["A"], "catalogue": catalogue},
                              run_id="r")  # fmt: skip
        ticker.cancel()
        return done

    done = asyncio.run(main())
    assert done.state["answer"] == {"booked": "A"}
    assert len(fake.seen) == 3
    assert ticks > 0  # the loop kept running while the model and the tools were called
    assert _async_client(adapter) is not None
