"""The official ``openai`` SDK (major 3) as a transport for ``OpenAICompatAdapter``.

Imported only when ``transport="sdk"``. The client is built with ``max_retries=0``
(the harness owns retries, so attempts never multiply) and the request's own timeout.
The raw answer is handed back to the adapter, which reads every transport's answers
with the same code; SDK errors become the ``ProviderError`` tree here. ``apost_chat`` is
the same request through ``AsyncOpenAI`` (the adapter's ``agenerate``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import AdapterError
from ._common import araw_call, raw_call

if TYPE_CHECKING:
    from .openai_compat import OpenAICompatAdapter

NO_KEY = "unused"  # local servers need no key, but the SDK client insists on one


def post_chat(
    adapter: OpenAICompatAdapter, body: dict[str, Any], key: str | None, timeout: float
) -> tuple[int, bytes, dict[str, str]]:
    """POST ``body`` to ``/chat/completions``; the status, body and headers as received."""
    openai = _sdk()
    client = _client(adapter, key or NO_KEY, openai, asynchronous=False)
    client = client.with_options(timeout=timeout)
    return raw_call(openai, lambda: client.chat.completions.with_raw_response.create(**body),
                    adapter.base_url, timeout, lambda: _abandon(adapter))  # fmt: skip


async def apost_chat(
    adapter: OpenAICompatAdapter, body: dict[str, Any], key: str | None, timeout: float
) -> tuple[int, bytes, dict[str, str]]:
    """``post_chat`` through the SDK's async client (``AsyncOpenAI``) on the running loop."""
    openai = _sdk()
    client = _client(adapter, key or NO_KEY, openai, asynchronous=True)
    client = client.with_options(timeout=timeout)
    return await araw_call(openai, lambda: client.chat.completions.with_raw_response.create(
        **body), adapter.base_url, timeout)  # fmt: skip


def _sdk() -> Any:
    try:
        import openai
    except ImportError as error:
        raise AdapterError(
            "the openai SDK is not installed: pip install 'stepgraph[openai]' "
            "(or use --transport http)"
        ) from error
    return openai


def _abandon(adapter: OpenAICompatAdapter) -> None:
    """Close the client of a request that outlived its deadline; the next builds anew."""
    cached, adapter._sdk = adapter._sdk, None
    if cached is not None:
        cached[1].close()


def _client(adapter: OpenAICompatAdapter, key: str, openai: Any, *, asynchronous: bool) -> Any:
    """The adapter's client, rebuilt when the key in the environment changed; an async
    client belongs to one event loop, so it is rebuilt for another loop too."""
    import hashlib

    tag = hashlib.sha256(key.encode("utf-8")).hexdigest()  # never keep the key itself around
    if asynchronous:
        import asyncio

        loop = asyncio.get_running_loop()
        cached = adapter._async_sdk
        if cached is not None and cached[0] == tag and cached[1] is loop:
            return cached[2]
        client = openai.AsyncOpenAI(
            api_key=key, base_url=adapter.base_url, max_retries=0, timeout=adapter.timeout
        )
        adapter._async_sdk = (tag, loop, client)
        return client
    cached = adapter._sdk
    if cached is not None and cached[0] == tag:
        return cached[1]
    client = openai.OpenAI(
        api_key=key, base_url=adapter.base_url, max_retries=0, timeout=adapter.timeout
    )
    adapter._sdk = (tag, client)
    return client
