"""A scripted OpenAI-compatible server on 127.0.0.1: real HTTP, replies from a queue.

Each request pops the next ``Reply``; every request is recorded (path, headers, body)
so tests can see exactly what an adapter sent. When the queue is empty the server
answers 500, so a test that expects fewer calls fails loudly.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from stepgraph.adapters import Request
from stepgraph.offers import FixtureAdapter


@dataclass
class Reply:
    status: int = 200
    body: Any = None  # JSON data, or bytes sent as they are
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0


@dataclass
class Seen:
    path: str
    headers: dict[str, str]
    body: Any


class FakeProvider:
    def __init__(self) -> None:
        self.replies: list[Reply] = []
        self.seen: list[Seen] = []
        self.lock = threading.Lock()
        self.url = ""
        self.root = ""
        self.transport = "http"  # which client a parametrized test drives it with

    def push(self, *replies: Reply) -> None:
        with self.lock:
            self.replies.extend(replies)

    def next_reply(self) -> Reply:
        with self.lock:
            return self.replies.pop(0) if self.replies else Reply(500, {"error": "no reply"})


def completion(content: Any, *, finish: str = "stop", refusal: str | None = None) -> Reply:
    """A Chat Completions success whose message content is ``content`` (JSON-encoded)."""
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


def good_report(offers: list[dict[str, Any]]) -> Reply:
    """The fixture's correct report, served as a model answer."""
    request = Request(instructions="", data={"offers": offers}, run_id="r", node="draft")
    return completion(FixtureAdapter().generate(request))


@contextmanager
def serve() -> Iterator[FakeProvider]:
    fake = FakeProvider()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length)
            fake.seen.append(
                Seen(self.path, {k.lower(): v for k, v in self.headers.items()}, json.loads(raw))
            )
            reply = fake.next_reply()
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

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
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
