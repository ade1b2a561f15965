"""No private value in log lines, spans, step events or --json-events output."""

from __future__ import annotations

import base64
import json
import logging
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest

from stepgraph import Policy, decide, open_store, resume, run
from stepgraph.offers import load_offers, make_inputs
from stepgraph.offers.fixture import FixtureAdapter
from stepgraph.sealing import Encryption, Keyring
from tests.integration.cli_helpers import EXAMPLE, stepgraph
from tests.otel import in_memory_otel
from tests.private_offers import GRAPH

SOURCES = ("offer-A-v1", "offer-B-v1", "offer-C-v1")
NOTE = "call Jane Doe on 555-0199 before approving"
KEY = base64.b64encode(bytes(range(32))).decode()


def leaks(text: str) -> list[str]:
    return [value for value in (*SOURCES, NOTE, "Jane Doe") if value in text]


def span_text(span: Any) -> str:
    parts = [span.name, json.dumps(dict(span.attributes or {}), default=str)]
    parts += [e.name + json.dumps(dict(e.attributes or {}), default=str) for e in span.events]
    parts.append(str(span.status.description or ""))
    return "\n".join(parts)


def test_logs_spans_and_events_of_a_private_run_hold_no_private_value(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    events: list[Any] = []
    keys = Encryption(Keyring.from_texts(KEY))
    with in_memory_otel() as otel, open_store(f"sqlite:{tmp_path / 'r.db'}",
                                              encryption=keys) as store:  # fmt: skip

        def listen(event: Any) -> None:
            events.append(event)
            otel.listener(event)

        inputs = make_inputs(load_offers(EXAMPLE))
        first = run(GRAPH, inputs=inputs, adapter=FixtureAdapter(), store=store, run_id="r",
                    on_event=listen)  # fmt: skip
        assert first.checkpoint.wait is not None
        decide(store, "r", verdict="revise", actor="ada", note=NOTE,
               policy=Policy.from_mapping({"revise": ["ada"]}),
               digest_seen=str(first.checkpoint.wait["digest"]), on_event=listen)  # fmt: skip
        resume(GRAPH, run_id="r", adapter=FixtureAdapter(), store=store, on_event=listen)
        spans = "\n".join(span_text(span) for span in otel.spans())
    assert events
    assert spans
    assert leaks(json.dumps([asdict(e) for e in events], default=str)) == []
    assert leaks(spans) == []
    assert leaks("\n".join(r.getMessage() for r in caplog.records)) == []


def test_json_events_and_debug_logs_of_the_cli_hold_no_private_value(tmp_path: Path) -> None:
    env = {"STEPGRAPH_LOG": "debug", "STEPGRAPH_DATA_KEY": KEY}
    done = stepgraph("run", "tests.private_offers:GRAPH", EXAMPLE, "--run-id", "r",
                     "--json-events", "--store", f"sqlite:{tmp_path / 'r.db'}", cwd=tmp_path,
                     env=env)  # fmt: skip
    assert done.code == 0, done.err
    assert '"type"' in done.out or "{" in done.out
    assert leaks(done.out + done.err) == []


def test_a_wait_reason_holding_a_private_value_is_masked_in_events_logs_and_spans(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    from stepgraph import END, Context, Graph, Wait

    def ask(state: dict[str, Any], context: Context) -> dict[str, Any] | Wait:
        return Wait(kind="decision", status="asking", reason=f"may we call {state['phone']}?",
                    key="go", choices={"approve": "going", "reject": "stopped"})  # fmt: skip

    graph = Graph(name="ask-private", entry="ask", nodes={"ask": ask}, edges={"ask": END},
                  private={"phone": "mask"})  # fmt: skip
    caplog.set_level(logging.DEBUG)
    events: list[Any] = []
    with in_memory_otel() as otel, open_store(f"sqlite:{tmp_path / 'r.db'}") as store:

        def listen(event: Any) -> None:
            events.append(event)
            otel.listener(event)

        run(graph, inputs={"phone": "555-0199"}, adapter=FixtureAdapter(), store=store,
            run_id="q", on_event=listen)  # fmt: skip
        spans = "\n".join(span_text(span) for span in otel.spans())
    waits = [e for e in events if type(e).__name__ == "WaitOpened"]
    assert [e.reason for e in waits] == ["may we call [private]?"]
    assert "555-0199" not in spans
    assert "555-0199" not in "\n".join(r.getMessage() for r in caplog.records)
