"""stepgraph.testing's assertions on a run's history: pass when true, say what differs."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from stepgraph import (
    END,
    Branch,
    Context,
    Graph,
    Node,
    NodeRetry,
    Policy,
    RetryPolicy,
    Store,
    Wait,
    decide,
    open_store,
    resume,
    run,
)
from stepgraph.errors import ProviderTimeout
from stepgraph.testing import (
    ScriptedAdapter,
    assert_generation_calls,
    assert_history,
    assert_no_repeated_nodes,
    assert_trace,
    generation_calls,
)

NO_WAIT = RetryPolicy(sleep=lambda seconds: None)
ADA = Policy.from_mapping({"approve": ["ada"]})


def draft(state: dict[str, Any], context: Context) -> dict[str, Any]:
    return {"text": context.generate(instructions="write", data=state["topic"])}


def review(state: dict[str, Any], context: Context) -> Any:
    if "verdict" not in state:
        return Wait(kind="decision", status="in_review", reason="read the draft",
                    key="verdict", choices={"approve": "approved"}, digest="d1")  # fmt: skip
    return {"status": "approved", "by": state["verdict"]["by"]}


def loop_once(state: dict[str, Any]) -> str:
    return "draft" if state.get("round", 0) < 2 else "review"


def count_round(state: dict[str, Any], context: Context) -> dict[str, Any]:
    return {"round": state.get("round", 0) + 1}


REVIEWED = Graph(name="reviewed", entry="draft", nodes={"draft": draft, "review": review},
                 edges={"draft": "review", "review": END})  # fmt: skip
LOOPING = Graph(
    name="looping", entry="draft", nodes={"draft": count_round, "review": review},
    edges={"draft": Branch(loop_once, "draft", "review"), "review": END},
)  # fmt: skip


@pytest.fixture
def store() -> Iterator[Store]:
    with open_store("memory:") as opened:
        yield opened


def approved_run(store: Store) -> str:
    """draft, review (waits), @decision, review again: approved."""
    adapter = ScriptedAdapter([{"body": "hello"}])
    waiting = run(REVIEWED, inputs={"topic": "t"}, adapter=adapter, store=store, run_id="r")
    decide(store, "r", verdict="approve", actor="ada", digest_seen="d1", policy=ADA)
    resume(REVIEWED, run_id=waiting.run_id, adapter=adapter, store=store)
    return "r"


def test_assert_trace_passes_on_the_nodes_that_ran(store: Store) -> None:
    adapter = ScriptedAdapter([{"body": "hello"}])
    result = run(REVIEWED, inputs={"topic": "t"}, adapter=adapter, store=store)
    assert_trace(result, ["draft", "review"])


def test_assert_trace_reads_a_checkpoint_too(store: Store) -> None:
    adapter = ScriptedAdapter([{"body": "hello"}])
    result = run(REVIEWED, inputs={"topic": "t"}, adapter=adapter, store=store, max_steps=1)
    assert_trace(result.checkpoint, ["draft"])


def test_assert_trace_names_the_first_differing_step(store: Store) -> None:
    adapter = ScriptedAdapter([{"body": "hello"}])
    result = run(REVIEWED, inputs={"topic": "t"}, adapter=adapter, store=store)
    with pytest.raises(AssertionError, match=r"expected \['draft', 'publish'\], got "
                       r"\['draft', 'review'\] \(they differ from step 2\)"):  # fmt: skip
        assert_trace(result, ["draft", "publish"])


def test_assert_trace_fails_on_a_shorter_trace(store: Store) -> None:
    adapter = ScriptedAdapter([{"body": "hello"}])
    result = run(REVIEWED, inputs={"topic": "t"}, adapter=adapter, store=store, max_steps=1)
    with pytest.raises(AssertionError, match="differ from step 2"):
        assert_trace(result, ["draft", "review"])


def test_assert_history_includes_event_steps(store: Store) -> None:
    run_id = approved_run(store)
    assert_history(store, run_id, ["draft", "review", "@decision", "review"])


def test_assert_history_fails_without_the_event_step(store: Store) -> None:
    run_id = approved_run(store)
    with pytest.raises(AssertionError, match="history of run 'r'"):
        assert_history(store, run_id, ["draft", "review", "review"])


def test_generation_calls_counts_every_attempt_per_node(store: Store) -> None:
    adapter = ScriptedAdapter([ProviderTimeout, {"body": "hello"}])
    run(REVIEWED, inputs={"topic": "t"}, adapter=adapter, store=store, run_id="r", retry=NO_WAIT)
    assert generation_calls(store, "r") == {"draft": 2}


def test_assert_generation_calls_passes_on_the_total(store: Store) -> None:
    adapter = ScriptedAdapter([ProviderTimeout, {"body": "hello"}])
    run(REVIEWED, inputs={"topic": "t"}, adapter=adapter, store=store, run_id="r", retry=NO_WAIT)
    assert_generation_calls(store, "r", 2)


def test_assert_generation_calls_fails_on_a_wrong_total(store: Store) -> None:
    adapter = ScriptedAdapter([{"body": "hello"}])
    run(REVIEWED, inputs={"topic": "t"}, adapter=adapter, store=store, run_id="r")
    with pytest.raises(AssertionError, match=r"expected 2, made 1 \{'draft': 1\}"):
        assert_generation_calls(store, "r", 2)


def test_assert_generation_calls_by_node_ignores_nodes_expected_at_zero(store: Store) -> None:
    run_id = approved_run(store)
    assert_generation_calls(store, run_id, {"draft": 1, "review": 0})


def test_assert_generation_calls_by_node_fails_on_a_node_that_called(store: Store) -> None:
    run_id = approved_run(store)
    with pytest.raises(AssertionError, match=r"expected \{\}, made \{'draft': 1\}"):
        assert_generation_calls(store, run_id, {})


def test_a_resumed_run_does_not_call_the_model_again(store: Store) -> None:
    adapter = ScriptedAdapter([{"body": "hello"}])
    run(REVIEWED, inputs={"topic": "t"}, adapter=adapter, store=store, run_id="r", max_steps=1)
    resume(REVIEWED, run_id="r", adapter=adapter, store=store)
    assert_generation_calls(store, "r", 1)


def test_assert_no_repeated_nodes_does_not_count_a_wait_as_a_completion(store: Store) -> None:
    run_id = approved_run(store)
    assert_no_repeated_nodes(store, run_id)


def test_assert_no_repeated_nodes_names_a_node_that_ran_twice(store: Store) -> None:
    run(LOOPING, inputs={}, adapter=ScriptedAdapter([]), store=store, run_id="r")
    with pytest.raises(AssertionError, match=r"more than once: draft \(2 times\)"):
        assert_no_repeated_nodes(store, "r")


def test_assert_no_repeated_nodes_accepts_the_nodes_allowed_to_repeat(store: Store) -> None:
    run(LOOPING, inputs={}, adapter=ScriptedAdapter([]), store=store, run_id="r")
    assert_no_repeated_nodes(store, "r", allow=["draft"])


def send(state: dict[str, Any], context: Context) -> dict[str, Any]:
    text = context.generate(instructions="write", data=state["topic"])
    receipt = context.effect("notify", lambda key: {"sent": key})
    return {"text": text, "receipt": receipt}


def test_generation_calls_leaves_out_side_effects(store: Store) -> None:
    sending = Graph(name="sending", entry="send", nodes={"send": send}, edges={"send": END})
    run(sending, inputs={"topic": "t"}, adapter=ScriptedAdapter([{"body": "x"}]), store=store,
        run_id="r")  # fmt: skip
    assert generation_calls(store, "r") == {"send": 1}


def flaky_then_ask() -> Any:
    failures = [ConnectionError("reset")]

    def node(state: dict[str, Any], context: Context) -> dict[str, Any]:
        if failures:
            raise failures.pop()
        return {"text": context.generate(instructions="write", data=state["topic"])}

    return node


def test_generation_calls_leaves_out_node_retries(store: Store) -> None:
    node = Node(fn=flaky_then_ask(), retry=NodeRetry(attempts=2, base_delay=0, max_delay=0))
    flaky = Graph(name="flaky", entry="ask", nodes={"ask": node}, edges={"ask": END})
    run(flaky, inputs={"topic": "t"}, adapter=ScriptedAdapter([{"body": "x"}]), store=store,
        run_id="r")  # fmt: skip
    assert any(":retry:" in slot for slot in store.generations("r"))
    assert generation_calls(store, "r") == {"ask": 1}
