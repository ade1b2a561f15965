"""Shared fixtures: every store backend on real files under tmp_path."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from stepgraph import Store, open_store

STORE_KINDS = ("memory", "file", "sqlite")


def store_url(kind: str, folder: Path) -> str:
    """The URL of a fresh store of ``kind`` under ``folder``."""
    return {
        "memory": "memory:",
        "file": f"file:{folder / 'runs'}",
        "sqlite": f"sqlite:{folder / 'runs.db'}",
    }[kind]


@pytest.fixture(params=STORE_KINDS)
def store_kind(request: pytest.FixtureRequest) -> str:
    kind: str = request.param
    return kind


@pytest.fixture
def store(store_kind: str, tmp_path: Path) -> Iterator[Store]:
    with open_store(store_url(store_kind, tmp_path)) as opened:
        opened.setup()
        yield opened
