"""A TCP server on 127.0.0.1 that answers each connection with scripted raw bytes.

For the faults a well-behaved HTTP server cannot produce: a reply that trickles in one
byte at a time, a body cut short of its Content-Length, a reply that is not HTTP, and
a connection closed without a word. Each connection reads the request (headers and
its Content-Length body) and then plays the next script; with no script left it
closes at once.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from stepgraph.adapters import Adapter
from stepgraph.adapters.anthropic_sdk import AnthropicAdapter
from stepgraph.adapters.openai_compat import OpenAICompatAdapter
from stepgraph.testing import completion, message

CLIENTS = ("openai-http", "openai-sdk", "anthropic")
ANSWER = {"rows": [], "recommendedId": "B", "rationale": "r"}
Script = Callable[[socket.socket], None]


def http_reply(body: Any, *, status: int = 200, headers: dict[str, str] | None = None) -> bytes:
    """A complete HTTP/1.1 reply with a JSON (or bytes) body and Connection: close."""
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    lines = [f"HTTP/1.1 {status} OK", "Content-Type: application/json",
             f"Content-Length: {len(data)}", "Connection: close",
             *(f"{k}: {v}" for k, v in (headers or {}).items())]  # fmt: skip
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + data


def whole(reply: bytes) -> Script:
    """Send ``reply`` at once."""
    return lambda conn: conn.sendall(reply)


def trickle(reply: bytes, *, every: float, chunk: int = 1) -> Script:
    """Send ``reply`` ``chunk`` bytes at a time, ``every`` seconds apart."""

    def play(conn: socket.socket) -> None:
        for start in range(0, len(reply), chunk):
            conn.sendall(reply[start : start + chunk])
            time.sleep(every)

    return play


def cut_short(reply: bytes, keep: int) -> Script:
    """Send only the first ``keep`` bytes of ``reply``, then close."""
    return lambda conn: conn.sendall(reply[:keep])


def hang_up(conn: socket.socket) -> None:
    """Close without answering."""


@dataclass
class RawServer:
    url: str = ""
    root: str = ""
    scripts: list[Script] = field(default_factory=list)
    requests: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def push(self, *scripts: Script) -> None:
        with self.lock:
            self.scripts.extend(scripts)

    def _next(self) -> Script:
        with self.lock:
            self.requests += 1
            return self.scripts.pop(0) if self.scripts else hang_up


def _read_request(conn: socket.socket) -> None:
    data = b""
    while b"\r\n\r\n" not in data:
        piece = conn.recv(65536)
        if not piece:
            return
        data += piece
    head, _, body = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    while len(body) < length:
        piece = conn.recv(65536)
        if not piece:
            return
        body += piece


@contextmanager
def serve_raw() -> Iterator[RawServer]:
    server = RawServer()
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    listener.settimeout(0.05)
    server.root = f"http://127.0.0.1:{listener.getsockname()[1]}"
    server.url = f"{server.root}/v1"
    stopping = threading.Event()

    def handle(conn: socket.socket) -> None:
        with conn:
            try:
                _read_request(conn)
                server._next()(conn)
            except OSError:
                pass  # the client gave up (a deadline test)

    def accept() -> None:
        while not stopping.is_set():
            try:
                conn, _ = listener.accept()
            except TimeoutError:
                continue
            conn.settimeout(None)
            threading.Thread(target=handle, args=(conn,), daemon=True).start()

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        stopping.set()
        thread.join()
        listener.close()


def client(kind: str, server: RawServer, timeout: float = 30.0) -> Adapter:
    """The adapter ``kind`` (one of ``CLIENTS``) pointed at ``server``."""
    if kind == "anthropic":
        return AnthropicAdapter("claude-x", base_url=server.root, timeout=timeout)
    return OpenAICompatAdapter("m1", base_url=server.url, provider="openai-compatible",
                               transport=kind.partition("-")[2], timeout=timeout)  # fmt: skip


def good(kind: str) -> bytes:
    """A whole, valid answer holding ``ANSWER`` in the form ``kind`` reads."""
    reply = message(ANSWER) if kind == "anthropic" else completion(ANSWER)
    return http_reply(reply.body, headers=reply.headers)
