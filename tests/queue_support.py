"""A graph that finishes, and an adapter that logs when each call starts and ends.

Workers in subprocesses import them (``tests.queue_support:FINISH``, ``...:Timed``).
The log is one line per event, appended in a single write: the order of the lines is
the order the events happened in, across processes, so concurrency is counted from it
without comparing clocks.
"""

from __future__ import annotations

import os
import time
from typing import Any

from stepgraph import END, Graph, Request

LOG_ENV = "STEPGRAPH_TEST_CALL_LOG"
DELAY_ENV = "STEPGRAPH_TEST_CALL_DELAY"


def _log(event: str, run_id: str) -> None:
    path = os.environ.get(LOG_ENV)
    if path:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            os.write(fd, f"{event} {run_id} {time.time():.6f}\n".encode())
        finally:
            os.close(fd)


class Timed:
    """Answers ``{"ok": true}`` after $STEPGRAPH_TEST_CALL_DELAY seconds, logging the call."""

    id = "timed-v1"

    def generate(self, request: Request) -> Any:
        _log("start", request.run_id)
        time.sleep(float(os.environ.get(DELAY_ENV, "0")))
        _log("end", request.run_id)
        return {"ok": True}


def _work(state: dict[str, Any], context: Any) -> dict[str, Any]:
    return {"answer": context.generate(instructions="answer", data={"n": state.get("n")})}


def _check(state: dict[str, Any], context: Any) -> dict[str, Any]:
    return {"checked": True}


FINISH = Graph(name="finish", entry="work", nodes={"work": _work, "check": _check},
               edges={"work": "check", "check": END})  # fmt: skip
"""work (one model call) -> check -> END: a run that finishes by itself."""


def read_log(path: str) -> list[tuple[str, str, float]]:
    """(event, run_id, time) in the order they were written."""
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as handle:
        return [(p[0], p[1], float(p[2])) for p in (line.split() for line in handle) if p]


def most_at_once(events: list[tuple[str, str, float]]) -> int:
    """The most calls between their start and end lines at any point of the log."""
    current = peak = 0
    for event, _, _ in events:
        current += 1 if event == "start" else -1
        peak = max(peak, current)
    return peak


def most_in_window(times: list[float], seconds: float) -> int:
    """The most of ``times`` inside any half-open window of ``seconds``."""
    ordered = sorted(times)
    best, low = 0, 0
    for high, moment in enumerate(ordered):
        while moment - ordered[low] >= seconds:
            low += 1
        best = max(best, high - low + 1)
    return best
