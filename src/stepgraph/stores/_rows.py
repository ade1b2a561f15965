"""Row shapes shared by the SQL stores: a head row and a step row as stored records."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from ..checkpoint import EPOCH, millis_of, parse
from ..digests import b64url, unb64url

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
            "inputs": row[6].hex() if isinstance(row[6], bytes) else row[6],
        },
        "fingerprint": row[7].hex() if isinstance(row[7], bytes) else row[7],
        "next": row[8],
        "status": row[9],
        "version": row[10],
        "created_at": time_of(row[11]),
        "updated_at": row[12],
    }


def step_row(run_id: str, row: tuple[Any, ...]) -> dict[str, Any]:
    chained = row[6]
    return {
        "version": row[0],
        "node": row[1],
        "update": parse(row[2], run_id, "step"),
        "next": row[3],
        "status": row[4],
        "at": time_of(row[5]),
        "sum": _sum(chained) if isinstance(chained, bytes) else chained,
    }


_SUMS = {32: "sha256:", 33: "hmac-sha256:"}  # by stored length: 33 bytes start with b"h"


def packed_at(at: str) -> int | str:
    """A step's time as milliseconds since 1970 (UTC) when that gives back exactly
    ``at`` (``checkpoint.now()``'s form), else ``at`` itself."""
    known = millis_of(at)
    if known is not None:
        return known
    try:
        found = datetime.fromisoformat(at)
    except ValueError:
        return at
    if found.tzinfo is None or found.utcoffset() or found.isoformat("T", "milliseconds") != at:
        return at  # not exactly what _time(millis) reads back
    return (found - EPOCH) // _MILLI


_MILLI = timedelta(milliseconds=1)


def _time(millis: int) -> str:
    return (EPOCH + millis * _MILLI).isoformat(timespec="milliseconds")


def time_of(stored: Any) -> Any:
    """The time text of a stored time: milliseconds as ``packed_at`` wrote them, else as
    it is."""
    return _time(stored) if isinstance(stored, int) and not isinstance(stored, bool) else stored


def packed_digest(found: str) -> str | None:
    """A SHA-256 hex digest in base64url without its padding (43 characters), or None
    when ``found`` is no lower-case 64-digit hex."""
    if len(found) != 64 or found != found.lower():
        return None
    try:
        raw = bytes.fromhex(found)
    except ValueError:
        return None
    return b64url(raw)[:-1]


def digest_of(packed: str) -> str:
    """The hex digest that ``packed_digest`` wrote as ``packed`` (``ValueError`` else)."""
    raw = unb64url(packed + "=") if len(packed) == 43 else b""
    if len(raw) != 32:
        raise ValueError(f"not a digest in base64url: {packed!r}")
    return raw.hex()


def packed_head_digest(found: str) -> bytes | str:
    """A run head's hex digest as its 32 bytes, else ``found`` itself."""
    if len(found) != 64 or found != found.lower():
        return found
    try:
        return bytes.fromhex(found)
    except ValueError:
        return found


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
