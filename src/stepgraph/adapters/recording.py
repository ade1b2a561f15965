"""Record a live session's generations to a file, and replay them deterministically.

``Recording(adapter, path)`` passes every request to ``adapter`` and appends one JSON
line per answered request: the request's hash, its instructions, data and schema, and
the result (output, provider, model, request id, usage, finish reason, tool calls). Headers and
keys never reach an adapter's result, so they never reach the file. ``Replay(path)``
answers each request from the file by its hash and fails with ``AdapterError`` for a
request that was not recorded, so a replayed run is exactly the recorded one.
"""

from __future__ import annotations

import json
import os
from typing import Any

from ..checkpoint import canonical_json, digest, dumps, json_copy
from ..errors import AdapterError, InputError
from . import Adapter, Request, Result, conversation

RESULT_FIELDS = ("provider", "model", "request_id", "response_id", "finish_reason", "text")


def request_key(request: Request) -> str:
    """What identifies a request across sessions: its instructions, data and shape, and
    with tools the tools offered and the conversation so far (each round its own key)."""
    return digest(canonical_json([request.instructions, request.data, request.schema,
                                  request.max_output_tokens,
                                  *conversation(request.tools, request.rounds)]))  # fmt: skip


class Recording:
    """``adapter`` with every answered request appended to ``path`` (JSON lines)."""

    def __init__(self, adapter: Adapter, path: str) -> None:
        self.adapter = adapter
        self.path = path

    @property
    def id(self) -> str:
        return self.adapter.id  # recording does not change what generates

    def generate(self, request: Request) -> Any:
        answer = self.adapter.generate(request)
        result = answer if isinstance(answer, Result) else Result(data=answer)
        line = {
            "key": request_key(request),
            "adapter": self.adapter.id,
            "request": {
                "instructions": request.instructions,
                "data": request.data,
                "schema": request.schema,
            },
            "output": json_copy(result.data, "output"),
            **{name: getattr(result, name) for name in RESULT_FIELDS if getattr(result, name)},
            "usage": dict(result.usage),
        }
        if result.tool_calls:
            line["tool_calls"] = [call.as_json() for call in result.tool_calls]
        with open(self.path, "a", encoding="utf-8") as handle:
            handle.write(dumps(line) + "\n")
            handle.flush()
            os.fsync(handle.fileno())
        return answer


class Replay:
    """Answers recorded by ``Recording``; id ``replay:<the recorded adapter's id>``."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.answers: dict[str, dict[str, Any]] = {}
        adapters: set[str] = set()
        try:
            with open(path, encoding="utf-8") as handle:
                lines = handle.read().splitlines()
        except OSError as error:
            raise InputError("--replay", f"cannot read {path!r}: {error.strerror}") from None
        for number, text in enumerate(lines, 1):
            try:
                line = json.loads(text)
                self.answers[str(line["key"])] = line
                adapters.add(str(line["adapter"]))
            except (ValueError, KeyError, TypeError):
                raise InputError(f"--replay line {number}", "is not a recorded answer") from None
        if len(adapters) != 1:
            found = "no answers" if not adapters else f"answers of {len(adapters)} adapters"
            raise InputError("--replay", f"{path!r} holds {found}; one adapter per file")
        self.recorded = adapters.pop()

    @property
    def id(self) -> str:
        return f"replay:{self.recorded}"

    def generate(self, request: Request) -> Result:
        line = self.answers.get(request_key(request))
        if line is None:
            raise AdapterError(f"no recorded answer for this {request.node!r} request in "
                               f"{self.path!r}")  # fmt: skip
        facts = {name: line[name] for name in RESULT_FIELDS if name in line}
        from .tool_rounds import ToolCall  # a recorded tool call: the records load now

        calls = tuple(ToolCall.from_json(call) for call in line.get("tool_calls") or ())
        return Result(data=line["output"], usage=dict(line.get("usage") or {}), tool_calls=calls,
                      **facts)  # fmt: skip
