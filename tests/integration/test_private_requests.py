"""No private value reaches a provider: every request body a real HTTP server received."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from stepgraph import END, Graph, Policy, Store, decide, open_store, resume, run
from stepgraph.adapters.openai_compat import OpenAICompatAdapter
from stepgraph.checkpoint import canonical_json, digest
from stepgraph.offers import graph, make_inputs
from stepgraph.offers.prompt import REPORT_SCHEMA
from stepgraph.privacy import MASK, Private
from stepgraph.testing.fakeserver import FakeProvider, completion, serve
from tests.private_offers import GRAPH as PRIVATE_SOURCES
from tests.support import good_report, seed_offers

SOURCES = ("offer-A-v1", "offer-B-v1", "offer-C-v1")
NOTE = "call Jane Doe on 555-0199 before approving"
POLICY = Policy.from_mapping({"revise": ["ada"]})


@pytest.fixture
def fake() -> Iterator[FakeProvider]:
    with serve() as provider:
        yield provider


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(f"sqlite:{tmp_path / 'runs.db'}") as opened:
        opened.setup()
        yield opened


def model(fake: FakeProvider) -> OpenAICompatAdapter:
    return OpenAICompatAdapter("m1", base_url=fake.url, provider="openai-compatible")


def bodies(fake: FakeProvider) -> list[str]:
    return [json.dumps(seen.body, ensure_ascii=False) for seen in fake.seen]


def user_data(fake: FakeProvider, index: int) -> Any:
    """The data of request ``index`` as the model saw it (the user message's JSON)."""
    messages = fake.seen[index].body["messages"]
    return json.loads(next(m["content"] for m in messages if m["role"] == "user"))


def token(run_id: str, value: Any, private: Private | None = PRIVATE_SOURCES.private) -> str:
    assert private is not None
    return private.redactor(run_id, {}).token(value)


def report_in_tokens(run_id: str, *, wrong_source: bool = False) -> dict[str, Any]:
    """The correct report as a model that copied the tokens it was sent writes it."""
    rows = [{"id": o["id"], "source": token(run_id, o["source"]), "monthly": o["monthly"]}
            for o in seed_offers()]  # fmt: skip
    if wrong_source:
        rows[0]["source"] = "offer-Z-v9"
    return {"rows": rows, "recommendedId": "B",
            "rationale": "B has the lowest stated monthly price."}  # fmt: skip


def test_offer_sources_reach_the_provider_only_as_tokens_and_map_back_for_verify(
    fake: FakeProvider, store: Store
) -> None:
    fake.push(completion(report_in_tokens("r")))
    result = run(PRIVATE_SOURCES, inputs=make_inputs(seed_offers()), adapter=model(fake),
                 store=store, run_id="r")  # fmt: skip
    assert result.status == "ready_for_review"
    assert [row["source"] for row in result.state["report"]["rows"]] == list(SOURCES)
    [body] = bodies(fake)
    assert not [source for source in SOURCES if source in body]
    sent = user_data(fake, 0)["offers"]
    assert [row["source"] for row in sent] == [token("r", s) for s in SOURCES]


def test_the_repair_loops_feedback_carries_no_private_value(
    fake: FakeProvider, store: Store
) -> None:
    fake.push(completion(report_in_tokens("r", wrong_source=True)),
              completion(report_in_tokens("r")))  # fmt: skip
    result = run(PRIVATE_SOURCES, inputs=make_inputs(seed_offers()), adapter=model(fake),
                 store=store, run_id="r")  # fmt: skip
    assert result.status == "ready_for_review"
    assert len(fake.seen) == 2
    feedback = user_data(fake, 1)["feedback"]
    assert any(token("r", "offer-A-v1") in reason for reason in feedback)  # the repair's why
    assert not [s for body in bodies(fake) for s in SOURCES if s in body]


def test_a_reviewers_note_reaches_the_provider_masked(fake: FakeProvider, store: Store) -> None:
    fake.push(good_report(seed_offers()), good_report(seed_offers()))
    first = run(graph, inputs=make_inputs(seed_offers()), adapter=model(fake), store=store,
                run_id="r")  # fmt: skip
    assert first.checkpoint.wait is not None
    decide(store, "r", verdict="revise", actor="ada", policy=POLICY, note=NOTE,
           digest_seen=str(first.checkpoint.wait["digest"]))  # fmt: skip
    again = resume(graph, run_id="r", adapter=model(fake), store=store)
    assert again.status == "ready_for_review"
    revision = user_data(fake, 1)
    assert revision["reviewer_note"] == MASK
    assert revision["feedback"] == [f"a reviewer asked for changes: {MASK}"]
    assert not [body for body in bodies(fake) if "Jane Doe" in body or "555-0199" in body]


def test_the_generation_journal_records_the_digest_of_the_request_as_sent(
    fake: FakeProvider, store: Store
) -> None:
    fake.push(completion(report_in_tokens("r")))
    run(PRIVATE_SOURCES, inputs=make_inputs(seed_offers()), adapter=model(fake), store=store,
        run_id="r")  # fmt: skip
    journal = store.generations("r")
    assert not [source for source in SOURCES if source in json.dumps(journal)]
    messages = fake.seen[0].body["messages"]
    instructions = next(m["content"] for m in messages if m["role"] == "system")
    as_sent = [model(fake).id, instructions, user_data(fake, 0), REPORT_SCHEMA, None]
    assert journal["2:draft:0"]["request"] == digest(canonical_json(as_sent))


MODES = Private({"m": "mask", "d": "drop", "t": "tokenise", "s": "send"})


def ask(state: dict[str, Any], context: Any) -> dict[str, Any]:
    """Sends every private field, under its own key, in a list and inside text."""
    values = [state[k] for k in "mdts"]
    answer = context.generate(
        instructions=f"Compare {' and '.join(map(str, values))}.",
        data={"fields": {k: state[k] for k in "mdts"}, "all": values,
              "text": f"notes: {'; '.join(map(str, values))}"},
    )  # fmt: skip
    return {"answer": answer}


MODES_GRAPH = Graph(name="modes", entry="ask", nodes={"ask": ask}, edges={"ask": END},
                    private=MODES.fields)  # fmt: skip
STATE = {"m": "masked-value-111", "d": "dropped-value-222", "t": 4711, "s": "sent-value-444"}


def test_in_every_mode_only_what_the_mode_allows_reaches_the_provider(
    fake: FakeProvider, store: Store
) -> None:
    fake.push(completion({"picked": token("m1", 4711, MODES_GRAPH.private)}))
    result = run(MODES_GRAPH, inputs=dict(STATE), adapter=model(fake), store=store, run_id="m1")
    [body] = bodies(fake)
    for hidden in ("masked-value-111", "dropped-value-222", "4711"):
        assert hidden not in body
    data = user_data(fake, 0)
    placeholder = token("m1", 4711, MODES_GRAPH.private)
    assert data["fields"] == {"m": MASK, "t": placeholder, "s": "sent-value-444"}
    assert data["all"] == [MASK, placeholder, "sent-value-444"]
    assert data["text"] == f"notes: {MASK}; ; {placeholder}; sent-value-444"
    assert result.state["answer"] == {"picked": 4711}  # the token, mapped back with its type
