"""Row shapes shared by the SQL stores: a head row and a step row as stored records."""

from __future__ import annotations

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
    return {
        "version": row[0],
        "node": row[1],
        "update": parse(row[2], run_id, "step"),
        "next": row[3],
        "status": row[4],
        "at": row[5],
        "sum": row[6],
    }
