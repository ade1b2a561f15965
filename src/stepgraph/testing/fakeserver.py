"""A scripted model server on 127.0.0.1: real HTTP, replies from a queue.

``serve()`` starts it on a free port and stops it on exit. Point an adapter at
``fake.url`` (OpenAI-compatible: ``OpenAICompatAdapter(model, base_url=fake.url)``) or
``fake.root`` (Anthropic's SDK takes the root). Each request pops the next ``Reply``;
every request is recorded in ``fake.seen`` (path, headers, JSON body) so a test sees
exactly what an adapter sent. When the queue is empty the server answers 500, so a test
that expects fewer calls fails loudly; unless ``fake.respond`` is set: a function of the
request (``Seen``) that makes its reply, for a model whose answers follow from the
conversation (a run resumed after a crash gets the same answers). ``tool_calls`` and
``tool_use`` script a model that calls tools. Standard library only.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Reply:
    """One scripted HTTP answer: status, body (JSON data, or bytes sent as they are),
    headers, and a delay in seconds before answering (to provoke a client timeout)."""

    status: int = 200
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0


@dataclass
class Seen:
    """One request the server received: its path, headers (lower-case names), JSON body."""

    path: str
    headers: dict[str, str]
    body: Any


class FakeProvider:
    """The running server's script and record: ``push`` replies, read ``seen``.

    ``url`` is the OpenAI-style base URL (ending in ``/v1``), ``root`` the server root.
    ``transport`` is free for a test's own use (which client it drives the server with).
    """

    def __init__(self) -> None:
        self.replies: list[Reply] = []
        self.seen: list[Seen] = []
        self.lock = threading.Lock()
        self.url = ""
        self.root = ""
        self.transport = "http"
        self.respond: Callable[[Seen], Reply] | None = None

    def push(self, *replies: Reply) -> None:
        """Queue replies; each request takes the first one left."""
        with self.lock:
            self.replies.extend(replies)

    def next_reply(self) -> Reply:
        """The next queued reply, or a 500 saying no reply was left."""
        with self.lock:
            return self.replies.pop(0) if self.replies else Reply(500, {"error": "no reply"})


def completion(content: Any, *, finish: str = "stop", refusal: str | None = None) -> Reply:
    """A Chat Completions success whose message content is ``content`` (JSON-encoded
    unless it is already text), or a refusal when ``refusal`` is given."""
    text = content if isinstance(content, str) else json.dumps(content)
    message: dict[str, Any] = {"role": "assistant", "content": text}
    if refusal is not None:
        message = {"role": "assistant", "content": None, "refusal": refusal}
    return Reply(
        200,
        {
            "id": "chatcmpl-1",
            "model": "fake-model",
            "choices": [{"index": 0, "message": message, "finish_reason": finish}],
            "usage": {"prompt_tokens": 11, "completion_tokens": 7, "total_tokens": 18},
        },
        {"x-request-id": "req_fake"},
    )


def tool_calls(*calls: tuple[str, Any], text: str | None = None) -> Reply:
    """A Chat Completions answer that calls tools: ``(name, arguments)`` pairs, the
    arguments JSON-encoded unless already text (to script arguments that are not JSON).
    The calls get the ids ``call_1``, ``call_2``, ...; ``text`` is the message's content."""
    listed = [{"id": f"call_{n}", "type": "function",
               "function": {"name": name, "arguments": args if isinstance(args, str)
                            else json.dumps(args)}}
              for n, (name, args) in enumerate(calls, start=1)]  # fmt: skip
    return Reply(
        200,
        {"id": "chatcmpl-2", "model": "fake-model",
         "choices": [{"index": 0, "finish_reason": "tool_calls",
                      "message": {"role": "assistant", "content": text,
                                  "tool_calls": listed}}],
         "usage": {"prompt_tokens": 11, "completion_tokens": 7, "total_tokens": 18}},
        {"x-request-id": "req_tools"},
    )  # fmt: skip


def tool_use(*calls: tuple[str, Any], text: str | None = None) -> Reply:
    """An Anthropic Messages answer that calls tools: ``(name, input)`` pairs as
    ``tool_use`` blocks with the ids ``toolu_1``, ``toolu_2``, ..., after a text block
    when ``text`` is given."""
    blocks = [{"type": "text", "text": text}] if text else []
    blocks += [{"type": "tool_use", "id": f"toolu_{n}", "name": name, "input": args}
               for n, (name, args) in enumerate(calls, start=1)]  # fmt: skip
    return Reply(
        200,
        {"id": "msg_2", "type": "message", "role": "assistant", "model": "claude-fake",
         "content": blocks, "stop_reason": "tool_use",
         "usage": {"input_tokens": 13, "output_tokens": 5}},
        {"request-id": "req_ant_tools"},
    )  # fmt: skip


def message(
    content: Any, *, stop: str = "end_turn", tool: bool = False, request_id: str = "req_ant"
) -> Reply:
    """An Anthropic Messages success: ``content`` as a text block, or a tool_use input."""
    if tool:
        block: dict[str, Any] = {"type": "tool_use", "id": "tu_1", "name": "emit_output",
                                 "input": content}  # fmt: skip
    else:
        text = content if isinstance(content, str) else json.dumps(content)
        block = {"type": "text", "text": text}
    return Reply(
        200,
        {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-fake",
         "content": [block], "stop_reason": stop,
         "usage": {"input_tokens": 13, "output_tokens": 5}},
        {"request-id": request_id},
    )  # fmt: skip


def anthropic_error(status: int, kind: str, headers: dict[str, str] | None = None) -> Reply:
    """An Anthropic error body: ``{"type": "error", "error": {"type": kind, ...}}``."""
    body = {"type": "error", "error": {"type": kind, "message": kind.replace("_", " ")},
            "request_id": "req_err"}  # fmt: skip
    return Reply(status, body, headers or {})


@contextmanager
def serve(port: int = 0) -> Iterator[FakeProvider]:
    """Run a fake provider on 127.0.0.1 for the ``with`` block, on ``port`` (0: a free
    one). A fixed port keeps the adapter id (it holds the URL) the same across processes."""
    fake = FakeProvider()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length)
            seen = Seen(self.path, {k.lower(): v for k, v in self.headers.items()}, json.loads(raw))
            fake.seen.append(seen)
            reply = fake.respond(seen) if fake.respond is not None else fake.next_reply()
            if reply.delay:
                time.sleep(reply.delay)
            body = reply.body if isinstance(reply.body, bytes) else json.dumps(reply.body).encode()
            try:
                self.send_response(reply.status)
                for name, value in reply.headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (a timeout test)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.daemon_threads = True
    fake.root = f"http://127.0.0.1:{server.server_address[1]}"
    fake.url = f"{fake.root}/v1"
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    try:
        yield fake
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
