"""How a journal record's outcome is said to a person, the same in ``show`` and on the
review page: an interrupted call, a failure the model was told of, a tool round carried
on from an earlier visit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def said(record: Mapping[str, Any]) -> str:
    """The outcome of a journal record (a generation, an effect or a tool call)."""
    status = record.get("status")
    if status == "started":
        return "interrupted (no outcome recorded)"
    if status == "failed":
        told = " (told the model)" if record.get("told") is not None else ""
        return f"failed: {record.get('error', '?')}{told}"
    if record.get("carried") is not None:  # the tool loop went on across a decision
        return f"{status} (from step {record['carried']})"
    return str(status)


def said_of_call(call: Mapping[str, Any]) -> str:
    """The outcome of a row of ``tools.listing.tool_calls``: a call whose write a crash
    lost is ``started`` (its effect's intent is all there is), a refusal ``refused``."""
    if call.get("outcome") == "failed":
        return said({"status": "failed", "error": call.get("error"), "told": call.get("told")})
    return str(call.get("outcome"))
