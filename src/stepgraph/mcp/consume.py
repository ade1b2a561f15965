"""Consume: the tools of an MCP server as stepgraph ``Tool`` objects.

``McpServer.stdio(command, args)`` or ``McpServer.http(url)`` names a server;
``server.tools({"lookup": "read", "book": "write"}, policies=...)`` lists its tools
(through the official SDK's ``Client``) and returns one ``Tool`` per name given, with
the server's description, input schema (the argument schema) and output schema (the
result schema). A graph declares them on its nodes like any tool, so every call goes
through ``context.call_tool``: the same policy, the same journal (a read's result is
reused, a write runs through the effect journal), the same refusals.

The kind is the graph author's word, not the server's: MCP's tool annotations
(``readOnlyHint``, ...) are hints a server may get wrong, so they are not read. Only
the tools named are reachable; a name the server does not list is a ``GraphError``.
The tools' schemas become part of the graph's shape (``tools/pins.py``): a run started
against one tool list is refused on resume when the server's list changed.

One connection per ``McpServer`` stays open on a background thread (its own event
loop) from the first listing until ``close()`` or the end of the process; a call after
the server went away opens a new one.
"""

from __future__ import annotations

import asyncio
import atexit
import concurrent.futures
import threading
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any, Literal, TypeVar

from ..errors import GraphError, StepgraphError, ToolFailed
from ..tools import Tool, ToolPolicy
from ..tools.schema import RESERVED
from ._sdk import describe_failure, require_sdk

T = TypeVar("T")
Kind = Literal["read", "write"]
_KEY = RESERVED[0]  # a write tool that takes ``idempotency_key`` gets the harness's key


class McpServer:
    """An MCP server whose tools a graph may use: over stdio, or streamable HTTP."""

    def __init__(self, target: Any, *, name: str, timeout: float = 30.0) -> None:
        self.name = name
        self.timeout = timeout
        self._link = _Link(target, name, timeout)

    @classmethod
    def stdio(
        cls,
        command: str,
        args: Sequence[str] = (),
        *,
        name: str | None = None,
        env: Mapping[str, str] | None = None,
        cwd: str | None = None,
        timeout: float = 30.0,
    ) -> McpServer:
        """A server the SDK starts as a subprocess and talks to over stdin and stdout.

        ``env`` is added to the few variables the SDK passes on (PATH, HOME, ...).
        """
        sdk = require_sdk()
        params = sdk.StdioServerParameters(command=command, args=list(args),
                                           env=dict(env) if env else None, cwd=cwd)  # fmt: skip
        return cls(params, name=name or command, timeout=timeout)

    @classmethod
    def http(cls, url: str, *, name: str | None = None, timeout: float = 30.0) -> McpServer:
        """A server reached over streamable HTTP at ``url`` (``http://127.0.0.1:8000/mcp``)."""
        require_sdk()
        return cls(url, name=name or url, timeout=timeout)

    def listing(self) -> list[Any]:
        """The server's tools as the SDK gives them (every page), asked afresh."""

        async def pages(client: Any) -> list[Any]:
            found: list[Any] = []
            cursor = None
            for _ in range(100):  # a server that pages forever cannot hang the build
                page = await client.list_tools(cursor=cursor, cache_mode="refresh")
                found += page.tools
                cursor = page.next_cursor
                if cursor is None:
                    break
            return found

        try:
            return self._link.run(pages, "tools/list")
        except StepgraphError as error:
            raise GraphError(f"MCP server {self.name!r}: cannot list its tools: {error}") from error

    def tools(
        self,
        kinds: Mapping[str, Kind],
        *,
        policies: Mapping[str, ToolPolicy] | None = None,
        lookups: Mapping[str, Callable[[str], Any]] | None = None,
        timeout: float | None = None,
    ) -> tuple[Tool, ...]:
        """One ``Tool`` per name in ``kinds`` (``read`` or ``write``), under ``policies``.

        ``lookups`` gives a write tool its ``lookup(idempotency_key)``: the outcome of a
        write the server made, None if it did not (settles a write whose outcome a crash
        lost; without one such a write stops the run in ``needs_reconciliation``).
        """
        policies, lookups = policies or {}, lookups or {}
        if not kinds:
            raise GraphError(f"MCP server {self.name!r}: name the tools to use and their kinds")
        for given, what in ((policies, "policies"), (lookups, "lookups")):
            unknown = sorted(set(given) - set(kinds))
            if unknown:
                raise GraphError(f"MCP server {self.name!r}: {what} for tools not used: {unknown}")
        listed = {found.name: found for found in self.listing()}
        missing = sorted(set(kinds) - set(listed))
        if missing:
            raise GraphError(f"MCP server {self.name!r} has no tool {', '.join(missing)} "
                             f"(it lists: {', '.join(sorted(listed)) or 'nothing'})")  # fmt: skip
        return tuple(self._tool(listed[name], kinds[name], policies.get(name), lookups.get(name),
                                timeout) for name in kinds)  # fmt: skip

    def call(self, name: str, arguments: Mapping[str, Any]) -> Any:
        """Call tool ``name`` once: its structured result, else its text.

        A result the server marks as an error raises ``ToolFailed`` (error
        ``McpToolError``) with the server's text. This is the raw call the ``Tool``
        objects make: no policy, no journal. Nodes call through ``context.call_tool``;
        use this directly only outside a run (a write tool's lookup, a check by hand).
        """
        plain = dict(arguments)
        result = self._link.run(
            lambda client: client.call_tool(name, plain, read_timeout_seconds=self.timeout),
            name,
        )
        text = "\n".join(getattr(block, "text", "") for block in result.content).strip()
        if result.is_error:
            raise ToolFailed(name, "McpToolError", text or "the server gave no reason")
        return result.structured_content if result.structured_content is not None else text

    def close(self) -> None:
        """Close the connection (a stdio server's process ends). Idempotent."""
        self._link.close()

    def _tool(self, listed: Any, kind: object, policy: ToolPolicy | None,
              lookup: Callable[[str], Any] | None, timeout: float | None) -> Tool:  # fmt: skip
        if kind not in ("read", "write"):
            raise GraphError(f"MCP tool {listed.name!r}: kind must be 'read' or 'write'")
        schema = dict(listed.input_schema or {})
        properties = dict(schema.get("properties") or {})
        takes_key = kind == "write" and _KEY in properties
        if takes_key:  # the harness fills it in; the node never passes it
            properties.pop(_KEY)
            schema["properties"] = properties
            schema["required"] = [item for item in schema.get("required", []) if item != _KEY]
        return Tool(name=listed.name, description=listed.description or "",
                    fn=self._caller(listed.name, takes_key), kind=kind, arguments=schema,
                    result=dict(listed.output_schema or {}), policy=policy or ToolPolicy(),
                    timeout=timeout or self.timeout, lookup=lookup)  # fmt: skip

    def _caller(self, name: str, takes_key: bool) -> Callable[..., Any]:
        if takes_key:

            def call_with_key(idempotency_key: str, **arguments: Any) -> Any:
                return self.call(name, {**arguments, _KEY: idempotency_key})

            return call_with_key

        def call(**arguments: Any) -> Any:
            return self.call(name, arguments)

        return call


class _Link:
    """One open SDK ``Client``, held by a task on a private event loop in a daemon thread.

    The SDK is async and holds its connection inside an ``async with``; the harness
    calls tools from plain threads. So the client lives in one task on one loop, and
    each call is a coroutine handed to that loop.
    """

    def __init__(self, target: Any, name: str, timeout: float) -> None:
        self._target, self._name, self._timeout = target, name, timeout
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._client: Any = None
        self._holder: asyncio.Future[None] | None = None
        self._closing: asyncio.Event | None = None

    def run(self, work: Callable[[Any], Awaitable[T]], what: str) -> T:
        """``work(client)`` on the connection; a failure is ``ToolFailed`` naming ``what``."""
        client, loop = self._open(what)

        async def wrapped() -> T:
            return await work(client)

        try:
            return asyncio.run_coroutine_threadsafe(wrapped(), loop).result()
        except StepgraphError:
            raise
        except Exception as error:
            said = f"MCP server {self._name!r}: {describe_failure(error)}"
            raise ToolFailed(what, type(error).__name__, said) from error

    def _open(self, what: str) -> tuple[Any, asyncio.AbstractEventLoop]:
        with self._lock:
            if self._loop is None:
                self._loop = asyncio.new_event_loop()
                threading.Thread(target=self._loop.run_forever, daemon=True,
                                 name=f"mcp-{self._name}"[:40]).start()  # fmt: skip
                atexit.register(self.close)
            if self._client is None or self._holder is None or self._holder.done():
                opened = asyncio.run_coroutine_threadsafe(self._connect(), self._loop)
                try:
                    self._client = opened.result(self._timeout)
                except Exception as error:
                    self._abandon(opened)
                    said = describe_failure(error) if str(error) else "no answer in time"
                    raise ToolFailed(what, type(error).__name__,
                                     f"cannot connect to MCP server {self._name!r}: {said}",
                                     ) from error  # fmt: skip
            return self._client, self._loop

    def _abandon(self, opened: concurrent.futures.Future[Any]) -> None:
        """Stop a connection that failed or took too long, so the next call starts anew."""
        opened.cancel()
        holder, self._holder, self._client = self._holder, None, None
        if holder is not None and self._loop is not None:
            self._loop.call_soon_threadsafe(holder.cancel)

    async def _connect(self) -> Any:
        ready: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._closing = asyncio.Event()
        self._holder = asyncio.ensure_future(self._hold(ready, self._closing))
        return await ready

    async def _hold(self, ready: asyncio.Future[Any], closing: asyncio.Event) -> None:
        sdk = require_sdk()
        try:
            async with sdk.Client(self._target, read_timeout_seconds=self._timeout) as client:
                ready.set_result(client)
                await closing.wait()
        except Exception as error:  # the connection failed or the server went away
            if not ready.done():
                ready.set_exception(error)

    def close(self) -> None:
        with self._lock:
            loop, holder, closing = self._loop, self._holder, self._closing
            if loop is None or holder is None or closing is None or holder.done():
                return
            loop.call_soon_threadsafe(closing.set)

            async def ended() -> None:
                await asyncio.wait([holder], timeout=self._timeout)

            asyncio.run_coroutine_threadsafe(ended(), loop).result()
