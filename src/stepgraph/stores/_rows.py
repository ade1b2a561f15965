"""Row shapes shared by the SQL stores: a head row and a step row as stored records."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any

from ..checkpoint import parse

HEAD_COLUMNS = (
    "run_id, format, graph, shape, revision, adapter, inputs_digest, fingerprint, "
    "next, status, version, created_at, updated_at"
)
STEP_COLUMNS = "version, node, body, next, status, at, sum"


def statements(script: str) -> list[str]:
    return [part.strip() for part in script.split(";") if part.strip()]


def head_row(row: tuple[Any, ...]) -> dict[str, Any]:
    return {
        "run_id": row[0],
        "format": row[1],
        "parts": {
            "graph": row[2],
            "shape": row[3],
            "revision": row[4],
            "adapter": row[5],
            "inputs": row[6],
        },
        "fingerprint": row[7],
        "next": row[8],
        "status": row[9],
        "version": row[10],
        "created_at": row[11],
        "updated_at": row[12],
    }


def step_row(run_id: str, row: tuple[Any, ...]) -> dict[str, Any]:
    at, chained = row[5], row[6]
    return {
        "version": row[0],
        "node": row[1],
        "update": parse(row[2], run_id, "step"),
        "next": row[3],
        "status": row[4],
        "at": _time(at) if isinstance(at, int) and not isinstance(at, bool) else at,
        "sum": _sum(chained) if isinstance(chained, bytes) else chained,
    }


_SUMS = {32: "sha256:", 33: "hmac-sha256:"}  # by stored length: 33 bytes start with b"h"


def packed_at(at: str) -> int | str:
    """A step's time as milliseconds since 1970 (UTC) when that gives back exactly
    ``at`` (``checkpoint.now()``'s form), else ``at`` itself."""
    try:
        found = datetime.fromisoformat(at)
    except ValueError:
        return at
    if found.tzinfo is None or found.utcoffset() or found.isoformat("T", "milliseconds") != at:
        return at  # not exactly what _time(millis) reads back
    return (found - _EPOCH) // _MILLI


_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
_MILLI = timedelta(milliseconds=1)


def _time(millis: int) -> str:
    return (_EPOCH + millis * _MILLI).isoformat(timespec="milliseconds")


def packed_sum(chained: str) -> bytes | str:
    """A chain sum's 32 digest bytes (``b"h"`` first for an HMAC), else ``chained`` itself."""
    kind, _, hexdigest = chained.rpartition(":")
    if len(hexdigest) != 64 or hexdigest != hexdigest.lower():  # a SHA-256 in hex
        return chained
    try:
        raw = bytes.fromhex(hexdigest)
    except ValueError:
        return chained
    if kind == "sha256":
        return raw
    return b"h" + raw if kind == "hmac-sha256" else chained


def _sum(stored: bytes) -> str:
    """The text of a stored sum (an unknown length reads as a sum no chain matches)."""
    prefix = _SUMS.get(len(stored), "bytes:")
    if len(stored) == 33 and stored[:1] != b"h":
        prefix = "bytes:"
    raw = stored[1:] if len(stored) == 33 else stored
    return prefix + raw.hex()
