"""Testing a workflow with stepgraph.testing: scripted faults, a fake server, assertions.

Run it with ``python examples/testing_your_workflow.py``. It drives the refund workflow of
``first_workflow.py`` three ways: a model that is rate limited and then answers badly
before answering well (the harness retries both), a model that runs out of answers (a
clear error), and a real HTTP client against a fake OpenAI-compatible server on
127.0.0.1. The same calls work inside pytest tests.
"""

from __future__ import annotations

import stepgraph
from first_workflow import refunds
from stepgraph.adapters.openai_compat import OpenAICompatAdapter
from stepgraph.errors import NodeError, RateLimited, ScriptExhausted
from stepgraph.testing import (
    Malformed,
    ScriptedAdapter,
    assert_generation_calls,
    assert_no_repeated_nodes,
    assert_trace,
    completion,
    serve,
)

REQUEST = {"customer": "cust-1", "amount": 25, "reason": "the kettle broke"}
ANSWER = {"reply": "Your refund is on its way.", "tone": "warm"}
NO_WAIT = stepgraph.RetryPolicy(sleep=lambda seconds: None)  # retry at once in tests


def retried_faults() -> None:
    """A rate limit and a malformed body are retried; the third answer is used."""
    model = ScriptedAdapter([RateLimited, Malformed("Sure! Here is the reply:"), ANSWER])
    with stepgraph.open_store("memory:") as store:
        result = stepgraph.run(refunds, inputs=REQUEST, adapter=model, store=store, retry=NO_WAIT)
        assert result.state["reply"] == ANSWER["reply"]
        assert_trace(result, ["check", "history", "draft"])
        assert_generation_calls(store, result.run_id, {"draft": 3})
        assert_no_repeated_nodes(store, result.run_id)
    print("retried:", [call.attempt for call in model.calls])


def script_runs_out() -> None:
    """A workflow that calls the model more often than the test planned fails clearly."""
    with stepgraph.open_store("memory:") as store:
        try:
            stepgraph.run(refunds, inputs=REQUEST, adapter=ScriptedAdapter([]), store=store)
        except NodeError as error:  # the node failed; the adapter's error is its cause
            if not isinstance(error.__cause__, ScriptExhausted):
                raise
            print("exhausted:", error.__cause__)
        else:
            raise AssertionError("the run should have failed")


def fake_server() -> None:
    """The real OpenAI-compatible adapter, over HTTP, against a scripted server."""
    with serve() as fake, stepgraph.open_store("memory:") as store:
        fake.push(completion(ANSWER))
        model = OpenAICompatAdapter("fake-model", base_url=fake.url, key_env=None)
        result = stepgraph.run(refunds, inputs=REQUEST, adapter=model, store=store)
        assert result.state["reply"] == ANSWER["reply"]
        sent = fake.seen[0]
        assert sent.path == "/v1/chat/completions"
        assert sent.body["response_format"]["type"] == "json_schema"
    print("fake server saw:", sent.path, sent.body["model"])


if __name__ == "__main__":
    retried_faults()
    script_runs_out()
    fake_server()
