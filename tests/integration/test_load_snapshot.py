"""A load reads one consistent run: a save that commits while it reads changes nothing.

The SQL stores read the head, the inputs and the steps in three statements. A save of
another process landing between the head and the steps used to give a history one step
longer than the head ("the history does not hold steps 1 to N") under load.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from stepgraph import Store, open_store, resume, run
from stepgraph.offers import graph, make_inputs
from stepgraph.stores import _testhooks
from tests.conftest import drop_schema, store_url
from tests.support import CountingFixture, seed_offers


@pytest.fixture(params=["sqlite", "postgres"])
def kind(request: pytest.FixtureRequest) -> str:
    name: str = request.param
    return name


@pytest.fixture
def url(kind: str, tmp_path: Path) -> Iterator[str]:
    made = store_url(kind, tmp_path)
    try:
        yield made
    finally:
        if kind == "postgres":
            drop_schema(made)


def test_a_save_committed_between_head_and_steps_does_not_corrupt_the_load(url: str) -> None:
    with open_store(url) as reader, open_store(url) as writer:
        reader.setup()
        inputs = make_inputs(seed_offers())
        run(graph, inputs=inputs, adapter=CountingFixture(), store=reader, run_id="r1",
            max_steps=1)  # fmt: skip
        fired: list[int] = []

        def advance(stage: str) -> None:
            if stage == "load-head-read" and not fired:
                fired.append(1)
                resume(graph, run_id="r1", inputs=inputs, adapter=CountingFixture(),
                       store=writer, max_steps=1)  # fmt: skip

        _testhooks.observer = advance
        try:
            loaded = reader.load("r1")
        finally:
            _testhooks.observer = None
        assert fired == [1]
        assert loaded is not None
        assert loaded.version == 1
        assert loaded.next == "draft"
        assert writer_version(writer) == 2


def writer_version(store: Store) -> int:
    now = store.load("r1")
    assert now is not None
    return now.version
