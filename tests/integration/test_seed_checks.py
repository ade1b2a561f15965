"""The seed's four demo checks, against every store."""

from __future__ import annotations

import pytest

from stepgraph import FingerprintMismatch, Store, resume, run
from stepgraph.offers import graph, make_inputs
from tests.support import CountingFixture, WrongAmount, seed_offers


def test_resume_runs_draft_once_then_verify(store: Store) -> None:
    adapter = CountingFixture()
    paused = run(graph, inputs=make_inputs(seed_offers()), adapter=adapter, store=store,
                 run_id="resume", max_steps=2)  # fmt: skip
    assert paused.next == "verify"
    resumed = run(graph, inputs=make_inputs(seed_offers()), adapter=adapter, store=store,
                  run_id="resume")  # fmt: skip
    assert resumed.status == "ready_for_review"
    assert adapter.calls == 1
    assert resumed.trace == ("inspect", "draft", "verify")


def test_a_missing_price_ends_waiting_without_generation(store: Store) -> None:
    adapter = CountingFixture()
    incomplete = seed_offers()
    incomplete[1]["monthly"] = None
    waiting = run(graph, inputs=make_inputs(incomplete), adapter=adapter, store=store)
    assert waiting.status == "waiting_for_data"
    assert adapter.calls == 0


def test_an_invented_amount_is_blocked(store: Store) -> None:
    blocked = run(graph, inputs=make_inputs(seed_offers()), adapter=WrongAmount(), store=store)
    assert blocked.status == "blocked"
    assert blocked.state["reasons"] == ["rows[1].monthly is 80; the input says 90"]


def test_a_changed_input_is_refused_on_resume(store: Store) -> None:
    adapter = CountingFixture()
    run(graph, inputs=make_inputs(seed_offers()), adapter=adapter, store=store, run_id="resume",
        max_steps=2)  # fmt: skip
    incomplete = seed_offers()
    incomplete[1]["monthly"] = None
    with pytest.raises(FingerprintMismatch, match="inputs changed") as caught:
        resume(graph, run_id="resume", inputs=make_inputs(incomplete), adapter=adapter, store=store)
    assert caught.value.part == "inputs"
    assert adapter.calls == 1
