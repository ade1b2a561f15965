"""What MCP costs: a server's start and listing, a journaled tool call, `mcp serve` calls.

Consume: the SDK server of the tests (``tests/mcp_catalogue_server.py``) over stdio:
the time to start it and list its tools (graph build), then runs of a one-node graph
that reads through ``lookup`` (each call journaled in SQLite), against the same node
with a local read tool. Expose: ``stepgraph mcp serve`` started by the SDK's client,
then ``start_run`` of the offers example and ``run_status`` round trips.

Usage::

    .venv/bin/python bench/mcp_calls.py --calls 200
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "src")]

from stepgraph import END, Graph, open_store, run  # noqa: E402
from stepgraph.mcp import McpServer  # noqa: E402
from stepgraph.tools import Tool, tool  # noqa: E402
from tests.support import CountingFixture  # noqa: E402


@tool
def local_lookup(offer_id: str) -> dict[str, Any]:
    """Read one offer (in process)."""
    return {"offer_id": offer_id, "monthly": 42, "version": 3}


def _graph(found: Tool) -> Graph:
    def read(state: dict[str, Any], context: Any) -> dict[str, Any]:
        return {"offer": context.call_tool(found.name, {"offer_id": "A"})}

    return Graph(name="bench", entry="read", nodes={"read": read}, edges={"read": END},
                 tools={"read": [found]})  # fmt: skip


def _runs(graph: Graph, folder: str, count: int) -> list[float]:
    took = []
    with open_store(f"sqlite:{folder}/runs.db") as store:
        for index in range(count):
            started = time.perf_counter()
            run(graph, inputs={}, adapter=CountingFixture(), store=store, run_id=f"r{index}")
            took.append((time.perf_counter() - started) * 1000)
    return took


def consume(count: int) -> None:
    started = time.perf_counter()
    server = McpServer.stdio(sys.executable, ["-m", "tests.mcp_catalogue_server"],
                             name="catalogue", cwd=str(ROOT))  # fmt: skip
    [lookup] = server.tools({"lookup": "read"})
    print(f"consume: start the server and list its tools  {_ms(started):.0f} ms")
    with tempfile.TemporaryDirectory() as folder:
        mcp = _runs(_graph(lookup), folder, count)
    with tempfile.TemporaryDirectory() as folder:
        local = _runs(_graph(local_lookup), folder, count)
    server.close()
    print(f"consume: run with one journaled MCP read  median {statistics.median(mcp):.2f} ms"
          f"  p95 {_p95(mcp):.2f} ms  ({count} runs)")  # fmt: skip
    print(f"consume: same run, in-process read tool   median {statistics.median(local):.2f} ms"
          f"  p95 {_p95(local):.2f} ms")  # fmt: skip


async def expose(count: int) -> None:
    from mcp import Client, StdioServerParameters

    with tempfile.TemporaryDirectory() as folder:
        params = StdioServerParameters(command=sys.executable, cwd=str(ROOT),
                                       args=["-m", "stepgraph", "--store",
                                             f"sqlite:{folder}/runs.db", "mcp", "serve",
                                             "--inputs-dir", "examples"])  # fmt: skip
        started = time.perf_counter()
        async with Client(params) as client:
            await client.list_tools()
            print(f"expose: start `stepgraph mcp serve` and list tools  {_ms(started):.0f} ms")
            started = time.perf_counter()
            answer = await client.call_tool("start_run", {"graph": "offers",
                                                          "input_path": "offers.json"})  # fmt: skip
            print(f"expose: start_run offers (fixture adapter)  {_ms(started):.0f} ms")
            rid = answer.structured_content["run_id"]
            took = []
            for _ in range(count):
                started = time.perf_counter()
                await client.call_tool("run_status", {"run_id": rid})
                took.append(_ms(started))
    print(f"expose: run_status round trip  median {statistics.median(took):.2f} ms"
          f"  p95 {_p95(took):.2f} ms  ({count} calls)")  # fmt: skip


def _ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000


def _p95(values: list[float]) -> float:
    return sorted(values)[int(len(values) * 0.95) - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=200)
    args = parser.parse_args()
    consume(args.calls)
    asyncio.run(expose(args.calls))


if __name__ == "__main__":
    main()
