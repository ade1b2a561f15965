"""Anthropic's Messages API through the official ``anthropic`` SDK (major 2; extra ``anthropic``).

Structured output is asked for with ``output_config.format`` (a JSON schema the model
is held to), or, for models without it, by forcing one tool whose input schema is the
output schema (``mode="tool"``). No sampling parameter is ever sent: the SDK removed
them and newer models refuse them; a run is reproducible through its saved output,
not through a temperature. The client has ``max_retries=0`` (the harness retries) and
the request's timeout. The stop reason and a refusal are checked before any parsing.
``agenerate`` sends the same body through ``AsyncAnthropic`` and reads it the same way.
The key comes from ``ANTHROPIC_API_KEY`` when the request is made and is never stored.
"""

from __future__ import annotations

import hashlib
import json
import os
from typing import Any

from ..errors import (
    AdapterError,
    AuthenticationFailed,
    InputError,
    MalformedOutput,
    ProviderError,
    ProviderServerError,
    Refused,
    TruncatedOutput,
)
from ..logs import logger, redact_url
from . import Request, Result, ToolCall, ToolRound
from ._common import araw_call, check_endpoint, parse_object, raw_call, request_timeout, scrubbed
from .choices import ANTHROPIC_URL as DEFAULT_URL
from .choices import MODES
from .openai_compat import classify

TOOL = "emit_output"
QUOTA_TYPES = ("billing_error", "insufficient_quota")
_log = logger(__name__)  # the package logger has its NullHandler


class AnthropicAdapter:
    """Messages at ``base_url`` with ``model``; one request per attempt."""

    def __init__(
        self,
        model: str,
        *,
        base_url: str = DEFAULT_URL,
        mode: str = "output_config",
        key_env: str = "ANTHROPIC_API_KEY",
        max_output_tokens: int = 1024,
        timeout: float = 60.0,
    ) -> None:
        check_endpoint(model, base_url, timeout)
        if mode not in MODES:
            raise InputError("mode", f"must be one of {', '.join(MODES)}, not {mode!r}")
        self.model = model
        self.base_url = base_url.rstrip("/")
        self.mode = mode
        self.key_env = key_env
        self.max_output_tokens = max_output_tokens
        self.timeout = timeout
        self._client: tuple[str, Any] | None = None
        self._async_client: tuple[str, Any, Any] | None = None  # with the loop it belongs to

    @property
    def id(self) -> str:
        """Provider, model, endpoint and output mode: what decides the answer's shape."""
        return f"anthropic:{self.model}@{self.base_url}#{self.mode}"

    def __repr__(self) -> str:
        return f"<AnthropicAdapter {self.id}>"

    def body(self, request: Request) -> dict[str, Any]:
        """The keyword arguments of ``messages.create`` for ``request`` (no sampling ones)."""
        body: dict[str, Any] = {
            "model": self.model,
            "max_tokens": request.max_output_tokens or self.max_output_tokens,
            "system": request.instructions,
            "messages": [{"role": "user", "content": json.dumps(request.data, ensure_ascii=False)}],
        }
        schema = request.schema or {"type": "object"}
        offered = [{"name": spec.name, "description": spec.description,
                    "input_schema": dict(spec.parameters)} for spec in request.tools]  # fmt: skip
        if any(spec.name == TOOL for spec in request.tools):
            raise InputError("tools", f"{TOOL!r} is the name this adapter gives its output")
        if self.mode == "output_config":
            body["output_config"] = {"format": {"type": "json_schema", "schema": schema}}
            if offered:
                body["tools"] = offered
                body["tool_choice"] = {"type": "auto"}
        else:  # the output is a forced tool; with tools offered, any tool (one is the output)
            body["tools"] = [*offered, {"name": TOOL, "description": "Return the output object.",
                                        "input_schema": schema, "strict": True}]  # fmt: skip
            body["tool_choice"] = {"type": "any"} if offered else {"type": "tool", "name": TOOL}
        for done in request.rounds:
            body["messages"].extend(_round_messages(done))
        return body

    def generate(self, request: Request) -> Result:
        anthropic, timeout, body = self._prepare(request)
        client = self._sdk(anthropic, asynchronous=False).with_options(timeout=timeout)
        with scrubbed([os.environ.get(self.key_env)]):
            answer = raw_call(anthropic, lambda: client.messages.with_raw_response.create(**body),
                              self.base_url, timeout, self._abandon)  # fmt: skip
            return self._answer(*answer, offered=bool(request.tools))

    async def agenerate(self, request: Request) -> Result:
        """``generate`` through the SDK's async client (``AsyncAnthropic``) on the running
        loop: the same body, deadline and reading."""
        anthropic, timeout, body = self._prepare(request)
        client = self._sdk(anthropic, asynchronous=True).with_options(timeout=timeout)
        with scrubbed([os.environ.get(self.key_env)]):
            answer = await araw_call(anthropic,
                                     lambda: client.messages.with_raw_response.create(**body),
                                     self.base_url, timeout)  # fmt: skip
            return self._answer(*answer, offered=bool(request.tools))

    def _prepare(self, request: Request) -> tuple[Any, float, dict[str, Any]]:
        """The SDK module, the attempt's timeout and the body."""
        try:
            import anthropic
        except ImportError as error:
            raise AdapterError(
                "the anthropic SDK is not installed: pip install 'stepgraph[anthropic]'"
            ) from error
        timeout = request_timeout(self.timeout, request.timeout)
        body = self.body(request)
        _log.debug("POST %s/v1/messages: model %s, attempt %d, timeout %g s",
                   redact_url(self.base_url), self.model, request.attempt, timeout)  # fmt: skip
        return anthropic, timeout, body

    def _answer(
        self, status: int, text: bytes, headers: dict[str, str], *, offered: bool
    ) -> Result:
        request_id = next((v for k, v in headers.items() if k.lower() == "request-id"), None)
        _log.debug("HTTP %d from %s/v1/messages, request id %s", status,
                   redact_url(self.base_url), request_id)  # fmt: skip
        if status >= 400:
            raise status_error(status, text, headers)
        return self._read(status, text, request_id, offered=offered)

    def _sdk(self, anthropic: Any, *, asynchronous: bool) -> Any:
        """The client for the key in the environment now (the key itself is not kept); an
        async client belongs to one event loop, so another loop gets its own."""
        key = os.environ.get(self.key_env) or ""
        if not key:
            raise AuthenticationFailed(f"no API key: set {self.key_env}")
        tag = hashlib.sha256(key.encode("utf-8")).hexdigest()
        options = {"api_key": key, "base_url": self.base_url, "max_retries": 0,
                   "timeout": self.timeout}  # fmt: skip
        if asynchronous:
            import asyncio

            loop = asyncio.get_running_loop()
            if self._async_client is None or self._async_client[:2] != (tag, loop):
                self._async_client = (tag, loop, anthropic.AsyncAnthropic(**options))
            return self._async_client[2]
        if self._client is None or self._client[0] != tag:
            self._client = (tag, anthropic.Anthropic(**options))
        return self._client[1]

    def _abandon(self) -> None:
        """Close the client of a request that outlived its deadline; the next builds anew."""
        cached, self._client = self._client, None
        if cached is not None:
            cached[1].close()

    def _read(self, status: int, text: bytes, request_id: str | None, *, offered: bool) -> Result:
        try:
            payload = json.loads(text)
        except ValueError:
            raise ProviderServerError(f"HTTP {status} with a body that is not JSON",
                                      status=status, request_id=request_id) from None  # fmt: skip
        if not isinstance(payload, dict) or not isinstance(payload.get("content"), list):
            raise ProviderServerError("the answer has no content list", status=status,
                                      request_id=request_id)  # fmt: skip
        stop = payload.get("stop_reason")
        if stop == "refusal":
            raise Refused("the model refused", request_id=request_id)
        if stop == "max_tokens":
            raise TruncatedOutput("the answer stopped at the output-token limit",
                                  request_id=request_id)  # fmt: skip
        calls = _tool_calls(payload["content"]) if offered else ()
        output = None if calls else self._output(payload["content"], request_id)
        raw_usage = payload.get("usage")
        usage: dict[str, int] = {}
        if isinstance(raw_usage, dict):
            for name in ("input_tokens", "output_tokens"):
                value = raw_usage.get(name)
                if isinstance(value, int) and not isinstance(value, bool):
                    usage[name] = value
        return Result(
            data=output,
            provider="anthropic",
            model=str(payload.get("model") or self.model),
            request_id=request_id,
            response_id=payload.get("id") if isinstance(payload.get("id"), str) else None,
            usage=usage,
            finish_reason=stop if isinstance(stop, str) else None,
            tool_calls=calls,
            text=_said(payload["content"]) if calls else None,
        )

    def _output(self, blocks: list[Any], request_id: str | None) -> dict[str, Any]:
        if self.mode == "tool":
            for block in blocks:  # the output tool (or, with no tools offered, any tool)
                if isinstance(block, dict) and block.get("type") == "tool_use":
                    found = block.get("input")
                    if isinstance(found, dict):
                        return found
            raise MalformedOutput("the answer has no tool_use input", request_id=request_id)
        found = [block.get("text") for block in blocks
                 if isinstance(block, dict) and block.get("type") == "text"]  # fmt: skip
        texts = [text for text in found if isinstance(text, str)]
        if not texts or len(texts) != len(found):
            raise MalformedOutput("the answer has no text content", request_id=request_id)
        return parse_object("".join(texts), request_id)


def _round_messages(done: ToolRound) -> list[dict[str, Any]]:
    """One round of the tool loop as Messages turns: the assistant's ``tool_use`` blocks,
    then a user turn of ``tool_result`` blocks with what was handed back."""
    uses = [{"type": "tool_use", "id": call.id, "name": call.name,
             "input": call.arguments if call.arguments is not None else {}}
            for call in done.calls]  # fmt: skip
    results = [{"type": "tool_result", "tool_use_id": call.id,
                "content": json.dumps(result, ensure_ascii=False)}
               for call, result in zip(done.calls, done.results, strict=True)]  # fmt: skip
    said = [{"type": "text", "text": done.text}] if done.text else []
    return [{"role": "assistant", "content": [*said, *uses]},
            {"role": "user", "content": results}]  # fmt: skip


def _said(blocks: list[Any]) -> str | None:
    """The text blocks of an answer that calls tools, joined (None: there are none)."""
    texts = [block["text"] for block in blocks if isinstance(block, dict)
             and block.get("type") == "text" and isinstance(block.get("text"), str)]  # fmt: skip
    return "".join(texts) or None


def _tool_calls(blocks: list[Any]) -> tuple[ToolCall, ...]:
    """The ``tool_use`` blocks of an answer other than the output tool, as tool calls."""
    calls = []
    for block in blocks:
        if not isinstance(block, dict) or block.get("type") != "tool_use":
            continue
        name, call_id, given = block.get("name"), block.get("id"), block.get("input")
        if name == TOOL or not isinstance(name, str) or not isinstance(call_id, str):
            continue
        if isinstance(given, dict):
            calls.append(ToolCall(id=call_id, name=name, arguments=given))
        else:
            calls.append(ToolCall(id=call_id, name=name, arguments=None, raw=json.dumps(given),
                                  problem="the input is not a JSON object"))  # fmt: skip
    return tuple(calls)


def status_error(status: int, body: bytes, headers: dict[str, str]) -> ProviderError:
    """The ``ProviderError`` for an Anthropic error status, reading the error body's type."""
    request_id = next((v for k, v in headers.items() if k.lower() == "request-id"), None)
    kind, detail = "", ""
    try:
        payload = json.loads(body)
        error = payload.get("error")
        if isinstance(error, dict):
            kind, detail = str(error.get("type") or ""), str(error.get("message") or "")
        request_id = request_id or payload.get("request_id")
    except (ValueError, AttributeError):
        pass
    return classify(status, kind, detail, request_id, headers, quota=kind in QUOTA_TYPES)
