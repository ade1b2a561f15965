"""stepgraph.testing.ScriptedAdapter: answers and faults in order, then a clear error."""

from __future__ import annotations

from typing import Any

import pytest

from stepgraph import END, Context, Graph, Request, Result, RetryPolicy, open_store, run
from stepgraph.errors import (
    AdapterError,
    AuthenticationFailed,
    InputError,
    MalformedOutput,
    NodeError,
    ProviderTimeout,
    RateLimited,
    RetryLater,
    ScriptExhausted,
)
from stepgraph.testing import Malformed, ScriptedAdapter


def request(node: str = "ask") -> Request:
    return Request(instructions="q", data={"n": 1}, run_id="r", node=node)


def ask(state: dict[str, Any], context: Context) -> dict[str, Any]:
    return {"answer": context.generate(instructions="q", data=state["q"])}


ASK = Graph(name="ask", entry="ask", nodes={"ask": ask}, edges={"ask": END})
NO_WAIT = RetryPolicy(sleep=lambda seconds: None)


def test_answers_come_back_in_script_order() -> None:
    adapter = ScriptedAdapter([{"a": 1}, ["two"], "three"])
    assert [adapter.generate(request()) for _ in range(3)] == [{"a": 1}, ["two"], "three"]


def test_every_request_is_kept_in_calls() -> None:
    adapter = ScriptedAdapter([{"a": 1}, {"a": 2}])
    adapter.generate(request("first"))
    adapter.generate(request("second"))
    assert [call.node for call in adapter.calls] == ["first", "second"]


def test_left_counts_the_steps_not_used_yet() -> None:
    adapter = ScriptedAdapter([{"a": 1}, {"a": 2}])
    adapter.generate(request())
    assert adapter.left == 1


def test_a_provider_error_class_is_raised_with_a_message_and_request_id() -> None:
    adapter = ScriptedAdapter([RateLimited])
    with pytest.raises(RateLimited, match="scripted RateLimited") as caught:
        adapter.generate(request())
    assert caught.value.request_id == "scripted-1"
    assert caught.value.retryable is True


def test_an_exception_instance_is_raised_as_given() -> None:
    failure = AuthenticationFailed("key revoked", status=401)
    adapter = ScriptedAdapter([failure])
    with pytest.raises(AuthenticationFailed) as caught:
        adapter.generate(request())
    assert caught.value is failure


def test_a_malformed_body_raises_malformed_output() -> None:
    adapter = ScriptedAdapter([Malformed("not json at all")])
    with pytest.raises(MalformedOutput, match="not JSON"):
        adapter.generate(request())


def test_a_json_body_that_is_not_an_object_is_malformed() -> None:
    adapter = ScriptedAdapter([Malformed("[1, 2]")])
    with pytest.raises(MalformedOutput, match="not an object"):
        adapter.generate(request())


def test_a_malformed_step_refuses_a_json_object() -> None:
    with pytest.raises(InputError, match=r"Malformed\.text"):
        Malformed('{"fine": true}')


def test_a_result_step_is_returned_as_it_is() -> None:
    answer = Result(data={"a": 1}, model="m-1", usage={"input_tokens": 3})
    assert ScriptedAdapter([answer]).generate(request()) is answer


def test_a_call_past_the_script_raises_script_exhausted_naming_call_and_node() -> None:
    adapter = ScriptedAdapter([{"a": 1}], adapter_id="two-answers")
    adapter.generate(request())
    with pytest.raises(ScriptExhausted, match=r"no answer left for call 2 \(node 'draft'\)") as e:
        adapter.generate(request("draft"))
    assert (e.value.calls, e.value.node, e.value.adapter_id) == (1, "draft", "two-answers")
    assert isinstance(e.value, AdapterError)


def test_an_empty_adapter_id_is_refused() -> None:
    with pytest.raises(InputError, match="adapter_id"):
        ScriptedAdapter([], adapter_id="")


def test_the_adapter_id_is_the_one_given() -> None:
    assert ScriptedAdapter([], adapter_id="my-model-v2").id == "my-model-v2"


def test_a_run_retries_a_scripted_timeout_and_takes_the_next_answer() -> None:
    adapter = ScriptedAdapter([ProviderTimeout, {"text": "hi"}])
    with open_store("memory:") as store:
        result = run(ASK, inputs={"q": "?"}, adapter=adapter, store=store, retry=NO_WAIT)
    assert result.state["answer"] == {"text": "hi"}
    assert adapter.left == 0


def test_a_run_retries_a_malformed_body_and_takes_the_next_answer() -> None:
    adapter = ScriptedAdapter([Malformed(), {"text": "hi"}])
    with open_store("memory:") as store:
        result = run(ASK, inputs={"q": "?"}, adapter=adapter, store=store, retry=NO_WAIT)
    assert result.state["answer"] == {"text": "hi"}


def test_a_run_stops_with_retry_later_when_every_attempt_is_rate_limited() -> None:
    adapter = ScriptedAdapter([RateLimited] * 3)
    with open_store("memory:") as store, pytest.raises(RetryLater, match="RateLimited"):
        run(ASK, inputs={"q": "?"}, adapter=adapter, store=store, retry=NO_WAIT)
    assert len(adapter.calls) == 3


def test_a_run_that_exhausts_the_script_fails_its_node_with_script_exhausted() -> None:
    adapter = ScriptedAdapter([])
    with open_store("memory:") as store, pytest.raises(NodeError, match="no answer left") as e:
        run(ASK, inputs={"q": "?"}, adapter=adapter, store=store)
    assert isinstance(e.value.__cause__, ScriptExhausted)
