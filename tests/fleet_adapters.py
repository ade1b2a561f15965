"""Adapters for fleet fault tests, importable by worker processes (``module:attr``)."""

from __future__ import annotations

import os
import signal
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
