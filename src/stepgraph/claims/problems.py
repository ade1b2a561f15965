"""``ClaimProblem``: a claim that could not be parsed. Importable from
``stepgraph.claims`` and ``stepgraph.claims.kinds``, where it loads on first use."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import InvalidClaim


@dataclass(frozen=True, kw_only=True)
class ClaimProblem:
    """A claim that could not be parsed: its id (if any), the raw object and why."""

    id: str | None
    raw: object
    error: InvalidClaim
