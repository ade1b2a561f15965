"""The offer workflow's use of ``stepgraph.claims``: its table, its length cap, its check.

The offers are the table (id, ``monthly`` as the value, ``source`` as another name for
the offer); the report's ``claims`` are judged exactly and its ``rationale`` read
fail-safe. Nothing here knows about sentences or claim kinds: that is the package's.
"""

from __future__ import annotations

from typing import Any

from ..claims import DEFAULT_MAX_CHARS, Table, TextCheck, check_text
from ..errors import InputError

MAX_RATIONALE_KEY = "max_rationale_chars"


def offers_table(offers: list[dict[str, Any]]) -> Table:
    """The offers as a claims table: ids, monthly prices, source versions as aliases."""
    return Table.from_rows(offers, id_field="id", value_field="monthly", alias_fields=("source",))


def rationale_limit(state: dict[str, Any]) -> int:
    """The longest rationale verify reads (inputs ``max_rationale_chars``, default 8,000)."""
    limit = state.get(MAX_RATIONALE_KEY, DEFAULT_MAX_CHARS)
    return limit if isinstance(limit, int) and not isinstance(limit, bool) else DEFAULT_MAX_CHARS


def check_report(report: dict[str, Any], offers: list[dict[str, Any]], limit: int) -> TextCheck:
    """Judge the report's claims and read its rationale against the offers."""
    return check_text(
        str(report.get("rationale") or ""),
        offers_table(offers),
        report.get("claims"),
        max_chars=limit,
    )


def validate_limit(value: object) -> int:
    """A rationale cap given in the inputs: a positive integer."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InputError(MAX_RATIONALE_KEY, f"must be a positive integer, not {value!r}")
    return value
