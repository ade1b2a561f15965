"""The tool calls of a run, read from its generation journal (for ``show`` and the page).

A call leaves one of these slots: ``VISIT:NODE:tool:NAME:DIGEST16`` (a read, or a write
once its outcome is known: ``started``, ``done`` or ``failed``),
``VISIT:NODE:tool-refused:DIGEST16`` (a refusal), or for a write whose outcome a crash
lost only the effect's intent ``VISIT:NODE:effect:tool.NAME.DIGEST16``. Each becomes
one row, oldest first.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def tool_calls(journal: Mapping[str, Mapping[str, Any]]) -> list[dict[str, Any]]:
    """One row per tool call in ``journal``: where, which tool, the arguments (and the
    call's digest), the outcome, the refusal's rule and reason, the error (and what the
    model was told of it), the latency.
    No digest is made here: a digest of private arguments would outlive their redaction."""
    rows = []
    known = set()
    for slot, record in journal.items():
        parts = slot.split(":")
        if record.get("carried") is not None:
            continue  # a call an earlier visit made, carried on across a decision
        if len(parts) >= 3 and parts[2] in ("tool", "tool-refused"):
            rows.append(_row(slot, parts, record))
            known.add((parts[0], parts[1], f"tool.{record.get('tool')}.{parts[-1]}"))
    for slot, record in journal.items():  # a write whose outcome was never journaled
        parts = slot.split(":", 3)
        effect = str(record.get("effect") or "")
        lost = len(parts) == 4 and parts[2] == "effect" and effect.startswith("tool.")
        if lost and (parts[0], parts[1], effect) not in known:
            name = effect.removeprefix("tool.").rsplit(".", 1)[0]
            rows.append(_row(slot, parts, {**record, "tool": name, "kind": "write"}))
    # Oldest first; calls journaled in the same millisecond in the order they were made
    # (``seq``: the size of the run's journal then), never their slots' alphabetical order.
    return sorted(rows, key=lambda row: (str(row["at"]), row["seq"]))


def _row(slot: str, parts: list[str], record: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "slot": slot,
        "step": int(parts[0]) if parts[0].isdigit() else parts[0],
        "node": parts[1],
        "tool": record.get("tool"),
        "kind": record.get("kind"),
        "by": record.get("by"),
        "arguments": record.get("arguments"),
        "digest": record.get("request"),  # the exact call's digest (none for a refusal)
        "outcome": record.get("status"),
        "rule": record.get("rule"),
        "reason": record.get("reason"),
        "error": record.get("error"),
        "told": record.get("told"),  # a failure handed to the model: what it was told
        "latency_ms": record.get("latency_ms"),
        "at": record.get("at") or "",
        "seq": record.get("seq") if isinstance(record.get("seq"), int) else -1,
    }
