"""What the adapters share: endpoint checks, the request timeout, reading a JSON answer,
and one raw call through an official SDK (openai 3, anthropic 2).

``raw_call`` also bounds the whole request: an SDK's timeout is per read; ``araw_call``
is the same call through the SDK's async client, on the running event loop.

Both SDKs are generated from the same toolkit: the same timeout, connection and status
error classes, and ``with_raw_response``. ``raw_call`` makes one request and returns the
status, body and headers as received, so each adapter reads answers with its own
checks; only a timeout or a connection failure becomes an error here.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import Any

from ..errors import (
    InputError,
    MalformedOutput,
    ProviderConnectionError,
    ProviderError,
    ProviderTimeout,
)
from ..scrub import scrub_error


def check_endpoint(model: object, base_url: str, timeout: float) -> None:
    """Refuse an unusable model name, base URL or timeout, naming the field."""
    if not isinstance(model, str) or not model.strip():
        raise InputError("model", "must be a non-empty model name")
    if not base_url.startswith(("http://", "https://")):
        raise InputError("base_url", f"must be an http:// or https:// URL, not {base_url!r}")
    if not timeout > 0:
        raise InputError("timeout", f"must be a positive number of seconds, not {timeout!r}")


def request_timeout(limit: float, left: float | None) -> float:
    """The adapter's timeout, capped by what the node has left (at least 1 ms)."""
    return limit if left is None else max(0.001, min(limit, left))


def raw_call(
    sdk: Any,
    create: Callable[[], Any],
    base_url: str,
    timeout: float,
    abandon: Callable[[], None] = lambda: None,
) -> tuple[int, bytes, dict[str, str]]:
    """Call ``create()`` (a ``with_raw_response`` method); the answer as received.

    The SDK's timeout bounds each read; ``within`` bounds the whole call, calling
    ``abandon`` (close the client) when a trickling answer outlives it.
    """
    with _received(sdk, base_url, timeout) as answer:
        answer.response = within(create, timeout, abandon).http_response
    return answer.parts()


async def araw_call(
    sdk: Any, create: Callable[[], Awaitable[Any]], base_url: str, timeout: float
) -> tuple[int, bytes, dict[str, str]]:
    """``raw_call`` with an SDK's async client: ``create()`` is awaited on the running
    loop and cancelled (its connection closed) once ``timeout`` passed in all."""
    import asyncio

    with _received(sdk, base_url, timeout) as answer:
        try:
            raw = await asyncio.wait_for(create(), timeout)
        except TimeoutError:
            raise ProviderTimeout(f"no complete answer within {timeout:g} s") from None
        answer.response = raw.http_response
    return answer.parts()


class _Answer:
    """The HTTP response an SDK call ended with (a success, or an error status)."""

    response: Any = None

    def parts(self) -> tuple[int, bytes, dict[str, str]]:
        response = self.response
        return response.status_code, response.content, dict(response.headers.items())


@contextmanager
def _received(sdk: Any, base_url: str, timeout: float) -> Iterator[_Answer]:
    """Translate an SDK call's failures: a timeout or a connection failure is an error,
    an error status is an answer (each adapter reads its body)."""
    answer = _Answer()
    try:
        yield answer
    except sdk.APITimeoutError as error:
        raise ProviderTimeout(f"no answer within {timeout:g} s") from error
    except sdk.APIConnectionError as error:
        raise ProviderConnectionError(f"cannot reach {base_url}: {error}") from None
    except sdk.APIStatusError as error:
        answer.response = error.response


@contextmanager
def scrubbed(secrets: list[str | None]) -> Iterator[None]:
    """Re-raise a ``ProviderError`` with ``secrets`` scrubbed from it: an error body may
    echo the key it was sent."""
    try:
        yield
    except ProviderError as error:
        raise scrub_error(error, secrets) from error.__cause__


def within(call: Callable[[], Any], seconds: float, abandon: Callable[[], None]) -> Any:
    """``call()`` in a helper thread, or ``ProviderTimeout`` once ``seconds`` passed."""
    import threading

    outcome: dict[str, Any] = {}
    finished = threading.Event()

    def work() -> None:
        try:
            outcome["value"] = call()
        except BaseException as error:  # handed to the caller's thread below
            outcome["error"] = error
        finally:
            finished.set()

    threading.Thread(target=work, name="stepgraph-request", daemon=True).start()
    if not finished.wait(seconds):
        abandon()  # its connection closes, so the helper thread ends too
        raise ProviderTimeout(f"no complete answer within {seconds:g} s")
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


def parse_object(text: str, request_id: str | None = None) -> dict[str, Any]:
    """The model's answer as a JSON object, or ``MalformedOutput``.

    ``strict=False``: local grammars (llama.cpp) let raw control characters into strings.
    """
    try:
        output = json.loads(text, strict=False)
    except ValueError as error:
        raise MalformedOutput(f"the answer is not JSON: {error}", request_id=request_id) from None
    if not isinstance(output, dict):
        raise MalformedOutput(f"the answer is JSON {type(output).__name__}, not an object",
                              request_id=request_id)  # fmt: skip
    return output
