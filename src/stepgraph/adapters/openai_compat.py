"""OpenAI Chat Completions over plain HTTP: OpenAI and every compatible server.

Standard library only (``urllib``), so Ollama, vLLM, llama.cpp's server and LM Studio
work with no extra install. The client makes exactly one HTTP request per attempt:
retries belong to the harness. Every answer is checked in this order: HTTP status
(mapped to the ``ProviderError`` tree), a JSON body, the finish reason and refusal,
then the content as a JSON object.

Two switches cover the servers' differences: ``style`` ("json_schema", the OpenAI
form; or "json_object" with the schema beside it, which llama-cpp-python's server
needs) and ``tokens_field`` ("max_completion_tokens" for OpenAI, "max_tokens" for
most local servers). The API key is read from the environment when the request is
made and is never part of the adapter id, a record or an error message.

``transport`` picks who carries the request: "http" (the standard library) or "sdk"
(the official ``openai`` package, major 3, built with its retries off; extra
``openai``). Both send the same body and are read by the same code below, so the
transport is not part of the adapter id.
"""

from __future__ import annotations

import json
import os
import time
from typing import Any

from ..errors import (
    AuthenticationFailed,
    BadRequest,
    InputError,
    MalformedOutput,
    ProviderError,
    ProviderOverloaded,
    ProviderServerError,
    QuotaExceeded,
    RateLimited,
    Refused,
    TruncatedOutput,
)
from ..logs import logger, redact_url
from . import Request, Result, ToolCall, ToolRound
from ._common import check_endpoint, parse_object, request_timeout, scrubbed
from .choices import OPENAI_URL, STYLES, TOKEN_FIELDS, TRANSPORTS

_log = logger(__name__)  # the package logger has its NullHandler
QUOTA_CODES = ("insufficient_quota", "billing_hard_limit_reached", "billing_error")


class OpenAICompatAdapter:
    """Chat Completions at ``base_url`` with model ``model``; one request per attempt."""

    def __init__(
        self,
        model: str,
        *,
        base_url: str = OPENAI_URL,
        provider: str = "openai",
        key_env: str | None = "OPENAI_API_KEY",
        style: str = "json_schema",
        tokens_field: str = "max_completion_tokens",
        max_output_tokens: int = 1024,
        timeout: float = 60.0,
        transport: str = "http",
        key_required: bool = False,
    ) -> None:
        if transport not in TRANSPORTS:
            raise InputError("transport", f"must be one of {', '.join(TRANSPORTS)}")
        check_endpoint(model, base_url, timeout)
        if style not in STYLES:
            raise InputError("style", f"must be one of {', '.join(STYLES)}, not {style!r}")
        if tokens_field not in TOKEN_FIELDS:
            raise InputError("tokens_field", f"must be one of {', '.join(TOKEN_FIELDS)}")
        self.model = model
        self.base_url = base_url.rstrip("/")
        self.provider = provider
        self.key_env = key_env
        self.style = style
        self.tokens_field = tokens_field
        self.max_output_tokens = max_output_tokens
        self.timeout = timeout
        self.transport = transport
        self.key_required = key_required and key_env is not None  # checked before sending
        self._sdk: Any = None  # the SDK client, built on first use
        self._async_sdk: Any = None  # the async SDK client and the loop it belongs to

    @property
    def id(self) -> str:
        """Provider, model and everything that changes how output is asked for and read."""
        return f"{self.provider}:{self.model}@{self.base_url}#{self.style},{self.tokens_field}"

    def __repr__(self) -> str:
        return f"<OpenAICompatAdapter {self.id}>"

    def body(self, request: Request) -> dict[str, Any]:
        """The JSON body sent for ``request`` (public so tests and replays can see it)."""
        messages = [
            {"role": "system", "content": request.instructions},
            {"role": "user", "content": json.dumps(request.data, ensure_ascii=False)},
        ]
        body: dict[str, Any] = {"model": self.model, "messages": messages}
        body[self.tokens_field] = request.max_output_tokens or self.max_output_tokens
        if request.schema is None:
            body["response_format"] = {"type": "json_object"}
        elif self.style == "json_schema":
            body["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": "output", "strict": True, "schema": request.schema},
            }
        else:
            body["response_format"] = {"type": "json_object", "schema": request.schema}
        if request.tools:
            body["tools"] = [{"type": "function", "function": spec.as_json()}
                             for spec in request.tools]  # fmt: skip
            body["tool_choice"] = "auto"
            for done in request.rounds:
                messages.extend(_round_messages(done))
        return body

    def generate(self, request: Request) -> Result:
        body, key, timeout = self._prepare(request)
        with scrubbed([key]):
            if self.transport == "sdk":
                from .openai_sdk import post_chat

                return self._answer(*post_chat(self, body, key, timeout))
            return self._answer(*self._post(body, key, timeout))

    async def agenerate(self, request: Request) -> Result:
        """``generate`` on the running loop: the ``sdk`` transport awaits the SDK's async
        client; the standard-library transport runs in a worker thread."""
        import asyncio

        if self.transport != "sdk":
            return await asyncio.to_thread(self.generate, request)
        from .openai_sdk import apost_chat

        body, key, timeout = self._prepare(request)
        with scrubbed([key]):
            return self._answer(*await apost_chat(self, body, key, timeout))

    def _prepare(self, request: Request) -> tuple[dict[str, Any], str | None, float]:
        """The body, the key (read now, never kept) and the timeout of one attempt."""
        body = self.body(request)
        key = os.environ.get(self.key_env) if self.key_env else None
        if self.key_required and not key:
            raise AuthenticationFailed(f"no API key: set {self.key_env}")
        timeout = request_timeout(self.timeout, request.timeout)
        _log.debug("POST %s/chat/completions: model %s, attempt %d, %s transport, timeout %g s",
                   redact_url(self.base_url), self.model, request.attempt, self.transport,
                   timeout)  # fmt: skip
        return body, key, timeout

    def _answer(self, status: int, text: bytes, headers: dict[str, str]) -> Result:
        if status >= 400:
            raise _status_error(status, text, headers)
        return self._read(status, text, _header(headers, "x-request-id"))

    def _post(
        self, body: dict[str, Any], key: str | None, timeout: float
    ) -> tuple[int, bytes, dict[str, str]]:
        """One POST with the standard library within ``timeout``; HTTP errors raise."""
        from ._http import post  # only requests need urllib: the command line starts faster

        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if key:
            headers["Authorization"] = f"Bearer {key}"
        status, text, response_headers, ok = post(
            f"{self.base_url}/chat/completions", json.dumps(body).encode("utf-8"), headers,
            timeout,
        )  # fmt: skip
        if not ok:
            raise _status_error(status, text, response_headers)
        return status, text, response_headers

    def _read(self, status: int, text: bytes, request_id: str | None) -> Result:
        _log.debug("HTTP %d from %s, request id %s", status, redact_url(self.base_url), request_id)
        try:
            payload = json.loads(text)
        except ValueError:
            raise ProviderServerError(
                f"HTTP {status} with a body that is not JSON", status=status,
                request_id=request_id,
            ) from None  # fmt: skip
        try:
            choice = payload["choices"][0]
            message = choice["message"]
        except (KeyError, IndexError, TypeError):
            raise ProviderServerError(
                "the answer has no choices[0].message", status=status, request_id=request_id
            ) from None
        finish = choice.get("finish_reason")
        if message.get("refusal"):
            raise Refused(f"the model refused: {message['refusal']}", request_id=request_id)
        if finish == "content_filter":
            raise Refused("the provider's content filter stopped the answer",
                          request_id=request_id)  # fmt: skip
        if finish == "length":
            raise TruncatedOutput("the answer stopped at the output-token limit",
                                  request_id=request_id)  # fmt: skip
        calls = message.get("tool_calls")
        output: dict[str, Any] | None = None
        said = message.get("content")
        if calls:
            found = read_tool_calls(calls, request_id)
        else:
            found = ()
            content = message.get("content")
            if not isinstance(content, str):
                raise MalformedOutput("the answer has no text content", request_id=request_id)
            output = parse_object(content, request_id)
        usage = _usage(payload.get("usage"))
        return Result(
            data=output,
            tool_calls=found,
            text=said if found and isinstance(said, str) and said else None,
            provider=self.provider,
            model=str(payload.get("model") or self.model),
            request_id=request_id,
            response_id=payload.get("id") if isinstance(payload.get("id"), str) else None,
            usage=usage,
            finish_reason=finish if isinstance(finish, str) else None,
        )


def _round_messages(done: ToolRound) -> list[dict[str, Any]]:
    """One round of the tool loop as Chat Completions messages: the assistant's calls,
    then one ``tool`` message per call with what was handed back."""
    calls = [{"id": call.id, "type": "function",
              "function": {"name": call.name, "arguments": _arguments_text(call)}}
             for call in done.calls]  # fmt: skip
    messages: list[dict[str, Any]] = [{"role": "assistant", "content": done.text,
                                       "tool_calls": calls}]  # fmt: skip
    for call, result in zip(done.calls, done.results, strict=True):
        messages.append({"role": "tool", "tool_call_id": call.id,
                         "content": json.dumps(result, ensure_ascii=False)})  # fmt: skip
    return messages


def _arguments_text(call: ToolCall) -> str:
    if call.arguments is None:
        return call.raw or ""
    return json.dumps(call.arguments, ensure_ascii=False)


def read_tool_calls(raw: Any, request_id: str | None) -> tuple[ToolCall, ...]:
    """The ``tool_calls`` of a Chat Completions message. A call with no id or name is
    ``MalformedOutput``; arguments that are not a JSON object make a call that is
    refused and fed back (``ToolCall.problem``), not an error."""
    if not isinstance(raw, list):
        raise MalformedOutput("tool_calls is not a list", request_id=request_id)
    calls = []
    for item in raw:
        function = item.get("function") if isinstance(item, dict) else None
        if not isinstance(function, dict):
            function = {}
        name, call_id = function.get("name"), item.get("id") if function else None
        if not isinstance(name, str) or not name or not isinstance(call_id, str):
            raise MalformedOutput("a tool call has no id or function name",
                                  request_id=request_id)  # fmt: skip
        calls.append(_tool_call(call_id, name, function.get("arguments")))
    return tuple(calls)


def _tool_call(call_id: str, name: str, arguments: Any) -> ToolCall:
    if isinstance(arguments, dict):  # some servers send the object itself
        return ToolCall(id=call_id, name=name, arguments=arguments)
    text = arguments if isinstance(arguments, str) else json.dumps(arguments)
    try:
        parsed = json.loads(text or "{}", strict=False)
    except ValueError as error:
        return ToolCall(id=call_id, name=name, arguments=None, raw=text,
                        problem=f"the arguments are not JSON: {error}")  # fmt: skip
    if not isinstance(parsed, dict):
        kind = type(parsed).__name__
        return ToolCall(id=call_id, name=name, arguments=None, raw=text,
                        problem=f"the arguments are JSON {kind}, not an object")  # fmt: skip
    return ToolCall(id=call_id, name=name, arguments=parsed)


def _usage(raw: Any) -> dict[str, int]:
    """Token counts in the common naming; a missing or odd usage block gives {}."""
    if not isinstance(raw, dict):
        return {}
    usage = {}
    for name, field in (("input_tokens", "prompt_tokens"), ("output_tokens", "completion_tokens")):
        value = raw.get(field)
        if isinstance(value, int) and not isinstance(value, bool):
            usage[name] = value
    return usage


def _header(headers: dict[str, str], name: str) -> str | None:
    for key, value in headers.items():
        if key.lower() == name:
            return value
    return None


def retry_after(headers: dict[str, str]) -> float | None:
    """Seconds the provider asked to wait: ``retry-after-ms``, then ``retry-after``."""
    millis = _header(headers, "retry-after-ms")
    if millis is not None:
        try:
            return max(0.0, float(millis) / 1000)
        except ValueError:
            pass
    value = _header(headers, "retry-after")
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        from email.utils import parsedate_to_datetime

        try:
            return max(0.0, parsedate_to_datetime(value).timestamp() - time.time())
        except (TypeError, ValueError):
            return None


def _status_error(status: int, body: bytes, headers: dict[str, str]) -> ProviderError:
    """The ``ProviderError`` for an HTTP error status, looking at the error body too."""
    request_id = _header(headers, "x-request-id")
    detail, code = "", ""
    try:
        error = json.loads(body).get("error")
        if isinstance(error, dict):
            detail = str(error.get("message") or "")
            code = str(error.get("code") or error.get("type") or "")
        elif isinstance(error, str):
            detail = error
    except (ValueError, AttributeError):
        pass
    return classify(status, code, detail, request_id, headers, quota=code in QUOTA_CODES)


def classify(
    status: int,
    code: str,
    detail: str,
    request_id: str | None,
    headers: dict[str, str],
    *,
    quota: bool,
) -> ProviderError:
    """The ``ProviderError`` for an HTTP error ``status`` (``quota``: the body said so)."""
    message = f"HTTP {status}" + (f" ({code})" if code else "") + (f": {detail}" if detail else "")
    facts: dict[str, Any] = {"status": status, "request_id": request_id}
    if quota or status == 402:
        return QuotaExceeded(message, **facts)
    if status == 429:
        return RateLimited(message, retry_after=retry_after(headers), **facts)
    if status in (401, 403):
        return AuthenticationFailed(message, **facts)
    if status in (503, 529) or code == "overloaded_error":
        return ProviderOverloaded(message, retry_after=retry_after(headers), **facts)
    if status >= 500 or status in (408, 409):
        return ProviderServerError(message, retry_after=retry_after(headers), **facts)
    return BadRequest(message, **facts)
