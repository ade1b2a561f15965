"""A real model in process (SmolLM2-135M through llama-cpp-python): the plumbing, not its wits.

Run with ``make test-model``. The model is small and often wrong; these tests assert
that its output is schema-valid, journaled and judged by verify, never that it chose
the right offer.
"""

from __future__ import annotations

import pytest

from stepgraph import open_store, resume, run
from stepgraph.adapters.local import LocalAdapter
from stepgraph.adapters.providers import adapter_from_id
from stepgraph.offers import graph, make_inputs
from stepgraph.offers.model import ROW_KEYS
from tests.support import seed_offers


@pytest.fixture(scope="module")
def model() -> LocalAdapter:
    return LocalAdapter()


def test_the_local_model_gives_schema_valid_reports_that_verify_judges(model: LocalAdapter) -> None:
    with open_store("memory:") as store:
        result = run(graph, inputs=make_inputs(seed_offers()), adapter=model, store=store)
        journal = store.generations(result.run_id)
    assert result.status in ("ready_for_review", "blocked")
    report = result.state["report"]
    assert set(report) == {"rows", "recommendedId", "rationale", "claims"}  # the schema (rev 5)
    assert all(list(row) == list(ROW_KEYS) for row in report["rows"])
    done = [record for record in journal.values() if record["status"] == "done"]
    assert len(done) == result.state["drafts"]
    assert all(record["provider"] == "local" and record["usage"]["output_tokens"] > 0
               for record in done)  # fmt: skip


def test_the_same_request_gives_the_same_answer(model: LocalAdapter) -> None:
    outputs = []
    for _ in range(2):
        with open_store("memory:") as store:
            outputs.append(run(graph, inputs=make_inputs(seed_offers()), adapter=model,
                               store=store).state["report"])  # fmt: skip
    assert outputs[0] == outputs[1]


def test_a_resumed_run_rebuilds_the_local_adapter_from_its_id(model: LocalAdapter) -> None:
    with open_store("memory:") as store:
        paused = run(graph, inputs=make_inputs(seed_offers()), adapter=model, store=store,
                     max_steps=1)  # fmt: skip
        rebuilt = adapter_from_id(model.id)
        assert rebuilt is not None
        done = resume(graph, run_id=paused.run_id, adapter=rebuilt, store=store)
    assert done.status in ("ready_for_review", "blocked")
