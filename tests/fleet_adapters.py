"""Adapters for fleet fault tests, importable by worker processes (``module:attr``)."""

from __future__ import annotations

import os
import signal
import sys
from typing import Any

from stepgraph import Request
from tests.support import count_generation


class Poison:
    """A model call that kills the worker process running it, every time."""

    id = "poison-v1"

    def generate(self, request: Request) -> Any:
        count_generation(request.run_id, "start")
        os.kill(os.getpid(), signal.SIGKILL)
        raise AssertionError("unreachable")


class Unbuildable:
    """An adapter whose construction in a worker fails with a bug (not a stepgraph error)."""

    id = "unbuildable-v1"

    def __init__(self) -> None:
        if "worker" in sys.argv:  # ``submit`` builds it fine; the worker's loop meets the bug
            raise RuntimeError("a bug while building the adapter")

    def generate(self, request: Request) -> Any:
        raise AssertionError("never built in a worker")
