"""What the adapters share: endpoint checks, the request timeout, reading a JSON answer,
and one raw call through an official SDK (openai 3, anthropic 2).

Both SDKs are generated from the same toolkit: the same timeout, connection and status
error classes, and ``with_raw_response``. ``raw_call`` makes one request and returns the
status, body and headers as received, so each adapter reads answers with its own
checks; only a timeout or a connection failure becomes an error here.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ..errors import InputError, MalformedOutput, ProviderConnectionError, ProviderTimeout


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
    sdk: Any, create: Callable[[], Any], base_url: str, timeout: float
) -> tuple[int, bytes, dict[str, str]]:
    """Call ``create()`` (a ``with_raw_response`` method); the answer as received."""
    try:
        raw = create()
    except sdk.APITimeoutError as error:
        raise ProviderTimeout(f"no answer within {timeout:g} s") from error
    except sdk.APIConnectionError as error:
        raise ProviderConnectionError(f"cannot reach {base_url}: {error}") from None
    except sdk.APIStatusError as error:
        response = error.response
    else:
        response = raw.http_response
    return response.status_code, response.content, dict(response.headers.items())


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
