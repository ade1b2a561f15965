"""Test adapters and helpers shared by the unit and integration suites.

Also importable by the CLI in a subprocess (``--adapter tests.support:WrongAmount``).
"""

from __future__ import annotations

import copy
import time
from typing import Any

from stepgraph import Request
from stepgraph.offers import FixtureAdapter

SEED_OFFERS: list[dict[str, Any]] = [
    {"id": "A", "source": "offer-A-v1", "monthly": 120},
    {"id": "B", "source": "offer-B-v1", "monthly": 90},
    {"id": "C", "source": "offer-C-v1", "monthly": 110},
]


def seed_offers() -> list[dict[str, Any]]:
    """A fresh copy of the seed's three offers."""
    return copy.deepcopy(SEED_OFFERS)


class CountingFixture:
    """The fixture adapter, counting its calls (the seed's ``calls``)."""

    def __init__(self, adapter_id: str = "fixture-v1") -> None:
        self.id = adapter_id
        self.calls = 0
        self._inner = FixtureAdapter()

    def generate(self, request: Request) -> Any:
        self.calls += 1
        return self._inner.generate(request)


class WrongAmount:
    """The seed's ``wrong`` adapter: a correct report with row 2's amount changed to 80."""

    id = "wrong-v1"

    def generate(self, request: Request) -> Any:
        report = FixtureAdapter().generate(request)
        report["rows"][1]["monthly"] = 80
        return report


class Broken:
    """An adapter whose provider always fails."""

    id = "broken-v1"

    def generate(self, request: Request) -> Any:
        raise ConnectionError("provider unreachable")


class Slow:
    """The fixture, but each generation takes 0.3 s: long enough for two resumers to overlap."""

    id = "slow-v1"

    def generate(self, request: Request) -> Any:
        time.sleep(0.3)
        return FixtureAdapter().generate(request)
