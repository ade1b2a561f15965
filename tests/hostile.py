"""Test adapters that answer with hostile text (importable by the CLI in a subprocess:
``--adapter tests.hostile:EscapingRationale``)."""

from __future__ import annotations

from typing import Any

from stepgraph import Request
from stepgraph.offers import FixtureAdapter

TERMINAL_ATTACK = "B is cheapest.\x1b]0;owned\x07\x1b[2J\rhidden\x9b31m"


class EscapingRationale:
    """The fixture's report with terminal escape sequences in its rationale."""

    id = "escaping-v1"

    def generate(self, request: Request) -> Any:
        report = FixtureAdapter().generate(request)
        report["rationale"] = TERMINAL_ATTACK
        return report
