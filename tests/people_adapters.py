"""Adapters for the people tests, importable by the CLI and the review page in a
subprocess (``--adapter tests.people_adapters:CustomFixture``)."""

from __future__ import annotations

import os
import time
from typing import Any

from stepgraph import Request
from stepgraph.errors import RateLimited
from stepgraph.offers import FixtureAdapter

GATE = "STEPGRAPH_TEST_GATE"


class CustomFixture:
    """The fixture's answers under an id no registry knows: only its reference rebuilds it."""

    id = "custom-fixture-v1"

    def generate(self, request: Request) -> Any:
        return FixtureAdapter().generate(request)


class GatedFixture(CustomFixture):
    """``CustomFixture`` that answers a revision only once the file ``$GATE`` exists.

    The first draft answers at once; a later one (a reviewer's revise) waits, so a test
    sees the run being carried on while the model has not answered yet.
    """

    id = "gated-fixture-v1"

    def generate(self, request: Request) -> Any:
        gate = os.environ.get(GATE)
        if gate and "reviewer_note" in request.data:
            while not os.path.exists(gate):
                time.sleep(0.02)
        return super().generate(request)


class LimitedUntilGate(CustomFixture):
    """Rate-limited (asking to wait an hour) until the file ``$GATE`` exists."""

    id = "limited-fixture-v1"

    def generate(self, request: Request) -> Any:
        gate = os.environ.get(GATE)
        if not gate or not os.path.exists(gate):
            raise RateLimited("429: slow down", status=429, retry_after=3600)
        return super().generate(request)


class WrongUntilRevised(CustomFixture):
    """Changes an amount (verify blocks it) unless a reviewer's note asks again."""

    id = "wrong-until-revised-v1"

    def generate(self, request: Request) -> Any:
        report = super().generate(request)
        if "reviewer_note" not in request.data:
            report["rows"][1]["monthly"] = 80
        return report
