"""Shared fixtures: every store backend on real files under tmp_path, and a real
PostgreSQL server the tests start themselves (tests/pgcluster.py; each test in its own
schema, dropped afterwards). Markers are applied at collection, so ``-m "not postgres"``
and ``-m "not browser"`` deselect those tests before any fixture runs."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from stepgraph import Store, open_store
from tests.pgcluster import postgres_server, private_postgres, shared_url

__all__ = ["postgres_server", "private_postgres"]  # fixtures for every test module

STORE_KINDS = ("memory", "file", "sqlite", "postgres")
KIND_PARAMS = ("store_kind", "kind")  # parameters naming a store kind
POSTGRES_FIXTURES = {"postgres_server", "private_postgres"}
BROWSER_FIXTURES = {"browser"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that needs PostgreSQL or Chromium, before any fixture is set up."""
    for item in items:
        names = set(getattr(item, "fixturenames", ()))
        params = getattr(getattr(item, "callspec", None), "params", {})
        if names & POSTGRES_FIXTURES or any(params.get(p) == "postgres" for p in KIND_PARAMS):
            item.add_marker(pytest.mark.postgres)
        if names & BROWSER_FIXTURES:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(autouse=True)
def _postgres_for_marked_tests(request: pytest.FixtureRequest) -> None:
    """A test marked ``postgres`` gets the session's server started before it runs."""
    if request.node.get_closest_marker("postgres") is not None:
        request.getfixturevalue("postgres_server")


def store_url(kind: str, folder: Path) -> str:
    """The URL of a fresh store of ``kind`` under ``folder`` (PostgreSQL: a new schema)."""
    if kind == "postgres":
        return f"{shared_url()}?schema=t_{uuid.uuid4().hex[:16]}"
    return {
        "memory": "memory:",
        "file": f"file:{folder / 'runs'}",
        "sqlite": f"sqlite:{folder / 'runs.db'}",
    }[kind]


def drop_schema(url: str) -> None:
    """Drop the test schema of a PostgreSQL URL made by ``store_url``."""
    import psycopg

    schema = url.rsplit("schema=", 1)[1]
    with psycopg.connect(url.split("?", 1)[0], autocommit=True) as conn:
        conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')


@pytest.fixture(params=STORE_KINDS)
def store_kind(request: pytest.FixtureRequest) -> str:
    kind: str = request.param
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
