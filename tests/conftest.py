"""Shared fixtures: every store backend on real files under tmp_path, and a real
PostgreSQL server on 127.0.0.1:5432 (each test in its own schema, dropped afterwards)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from stepgraph import Store, open_store

STORE_KINDS = ("memory", "file", "sqlite", "postgres")
POSTGRES = "postgresql://postgres@127.0.0.1:5432/test"


def store_url(kind: str, folder: Path) -> str:
    """The URL of a fresh store of ``kind`` under ``folder`` (PostgreSQL: a new schema)."""
    if kind == "postgres":
        return f"{POSTGRES}?schema=t_{uuid.uuid4().hex[:16]}"
    return {
        "memory": "memory:",
        "file": f"file:{folder / 'runs'}",
        "sqlite": f"sqlite:{folder / 'runs.db'}",
    }[kind]


def drop_schema(url: str) -> None:
    """Drop the test schema of a PostgreSQL URL made by ``store_url``."""
    import psycopg

    schema = url.rsplit("schema=", 1)[1]
    with psycopg.connect(POSTGRES, autocommit=True) as conn:
        conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')


@pytest.fixture(params=STORE_KINDS)
def store_kind(request: pytest.FixtureRequest) -> str:
    kind: str = request.param
    if kind == "postgres":
        request.applymarker(pytest.mark.postgres)
    return kind


@pytest.fixture
def store(store_kind: str, tmp_path: Path) -> Iterator[Store]:
    url = store_url(store_kind, tmp_path)
    try:
        with open_store(url) as opened:
            opened.setup()
            yield opened
    finally:
        if store_kind == "postgres":
            drop_schema(url)
