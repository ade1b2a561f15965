"""Provider faults below HTTP, on real sockets: a trickling reply, a cut-short body, a
reply that is not HTTP, a hang-up, and a missing API key (issue 19, items 4, 5, 7)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from stepgraph import errors, open_store, run
from stepgraph.adapters import Adapter, Request
from stepgraph.adapters.anthropic_sdk import AnthropicAdapter
from stepgraph.adapters.openai_compat import OpenAICompatAdapter
from stepgraph.offers import graph, make_inputs
from stepgraph.retry import RetryPolicy
from tests.fakeprovider import completion, good_report, message
from tests.integration.cli_helpers import EXAMPLE, stepgraph
from tests.rawserver import RawServer, cut_short, hang_up, http_reply, serve_raw, trickle, whole
from tests.support import seed_offers

REQUEST = Request(instructions="Compare.", data={"offers": []}, run_id="r", node="draft")
ANSWER = {"rows": [], "recommendedId": "B", "rationale": "r"}
CLIENTS = ["openai-http", "openai-sdk", "anthropic"]


@pytest.fixture
def server() -> Iterator[RawServer]:
    with serve_raw() as raw:
        yield raw


def client(kind: str, server: RawServer, timeout: float = 30.0) -> Adapter:
    if kind == "anthropic":
        return AnthropicAdapter("claude-x", base_url=server.root, timeout=timeout)
    return OpenAICompatAdapter("m1", base_url=server.url, provider="openai-compatible",
                               transport=kind.partition("-")[2], timeout=timeout)  # fmt: skip


def good(kind: str) -> bytes:
    reply = message(ANSWER) if kind == "anthropic" else completion(ANSWER)
    return http_reply(reply.body, headers=reply.headers)


@pytest.fixture(autouse=True)
def _anthropic_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")


@pytest.mark.parametrize("kind", CLIENTS)
def test_a_reply_trickling_past_the_timeout_is_a_timeout(kind: str, server: RawServer) -> None:
    # Every byte arrives well within the timeout; the whole reply takes several times it.
    server.push(trickle(good(kind), every=0.01, chunk=2))
    with pytest.raises(errors.ProviderTimeout):
        client(kind, server, timeout=0.5).generate(REQUEST)


@pytest.mark.parametrize("kind", CLIENTS)
def test_a_reply_within_the_timeout_is_read_whole(kind: str, server: RawServer) -> None:
    server.push(trickle(good(kind), every=0.001, chunk=64))
    result = client(kind, server, timeout=30).generate(REQUEST)
    assert result.data == ANSWER


@pytest.mark.parametrize("kind", CLIENTS)
def test_a_body_cut_short_is_a_connection_error(kind: str, server: RawServer) -> None:
    reply = good(kind)
    server.push(cut_short(reply, len(reply) - 20))
    with pytest.raises(errors.ProviderConnectionError):
        client(kind, server).generate(REQUEST)


@pytest.mark.parametrize("kind", CLIENTS)
def test_a_reply_that_is_not_http_is_a_connection_error(kind: str, server: RawServer) -> None:
    server.push(whole(b"SSH-2.0-OpenSSH_9.6\r\n"))
    with pytest.raises(errors.ProviderConnectionError):
        client(kind, server).generate(REQUEST)


@pytest.mark.parametrize("kind", CLIENTS)
def test_a_hang_up_without_a_reply_is_a_connection_error(kind: str, server: RawServer) -> None:
    server.push(hang_up)
    with pytest.raises(errors.ProviderConnectionError):
        client(kind, server).generate(REQUEST)


def test_the_harness_retries_a_cut_short_body_and_the_run_completes(
    server: RawServer, tmp_path: Path
) -> None:
    report = good_report(seed_offers())
    whole_reply = http_reply(report.body, headers=report.headers)
    server.push(cut_short(whole_reply, len(whole_reply) - 20), whole(whole_reply))
    adapter = client("openai-http", server)
    policy = RetryPolicy(sleep=lambda seconds: None)
    with open_store(f"sqlite:{tmp_path / 'runs.db'}") as store:
        store.setup()
        result = run(graph, inputs=make_inputs(seed_offers()), adapter=adapter, store=store,
                     retry=policy)  # fmt: skip
        journal = store.generations(result.run_id)
    assert result.status == "ready_for_review"
    assert server.requests == 2
    (record,) = journal.values()
    assert record["attempts"][0]["error"] == "ProviderConnectionError"


def test_openai_without_its_key_fails_before_sending(
    server: RawServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    adapter = OpenAICompatAdapter("gpt-x", base_url=server.url, key_required=True)
    with pytest.raises(errors.AuthenticationFailed, match="OPENAI_API_KEY"):
        adapter.generate(REQUEST)
    assert server.requests == 0


@pytest.mark.parametrize(
    ("ref", "variable", "url"),
    [
        ("openai:gpt-x", "OPENAI_API_KEY", "url"),
        ("anthropic:claude-x", "ANTHROPIC_API_KEY", "root"),
    ],
)
def test_the_cli_refuses_a_provider_without_its_key_before_anything_is_written(
    server: RawServer, tmp_path: Path, ref: str, variable: str, url: str
) -> None:
    store = tmp_path / "runs.db"
    outcome = stepgraph("run", "offers", EXAMPLE, "--adapter", ref, "--base-url",
                        getattr(server, url), "--store", f"sqlite:{store}", cwd=tmp_path,
                        env={variable: ""})  # fmt: skip
    assert outcome.code == 2, outcome.err
    assert variable in outcome.err
    assert server.requests == 0
    assert not store.exists()
