"""Provider faults below HTTP, on real sockets: a trickling reply, a cut-short body, a
reply that is not HTTP, a hang-up, and a missing API key (issue 19, items 4, 5, 7)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from stepgraph import errors, open_store, run
from stepgraph.adapters import Request
from stepgraph.adapters.openai_compat import OpenAICompatAdapter
from stepgraph.offers import graph, make_inputs
from stepgraph.retry import RetryPolicy
from tests.integration.cli_helpers import EXAMPLE, stepgraph
from tests.rawserver import (
    ANSWER,
    CLIENTS,
    RawServer,
    client,
    cut_short,
    good,
    hang_up,
    http_reply,
    serve_raw,
    trickle,
    whole,
)
from tests.support import good_report, seed_offers

REQUEST = Request(instructions="Compare.", data={"offers": []}, run_id="r", node="draft")


@pytest.fixture
def server() -> Iterator[RawServer]:
    with serve_raw() as raw:
        yield raw


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


SECRET = "sk-test-echoed-back-0123456789abcdef"


def test_an_error_body_echoing_the_key_is_scrubbed_before_it_is_stored(
    server: RawServer, tmp_path: Path
) -> None:
    echo = {"error": {"message": f"Incorrect API key provided: {SECRET}", "code": "oops"}}
    server.push(*[whole(http_reply(echo, status=500))] * 3)
    store = f"sqlite:{tmp_path / 'runs.db'}"
    outcome = stepgraph("run", "offers", EXAMPLE, "--run-id", "r", "--adapter",
                        "openai-compatible:m1", "--base-url", server.url, "--transport", "http",
                        "--store", store, cwd=tmp_path, env={"OPENAI_API_KEY": SECRET})  # fmt: skip
    assert outcome.code == 6, outcome.err
    assert server.requests == 3
    shown = stepgraph("show", "r", "--store", store, "--json", cwd=tmp_path)
    assert "Incorrect API key provided" in shown.out  # the reason is kept, the key is not
    assert SECRET not in shown.out + outcome.err
    for path in tmp_path.rglob("*"):
        assert not path.is_file() or SECRET.encode() not in path.read_bytes(), path


def test_record_and_timeout_given_to_run_hold_on_resume(server: RawServer, tmp_path: Path) -> None:
    store, tape = f"sqlite:{tmp_path / 'runs.db'}", tmp_path / "tape.jsonl"
    flags = ("--adapter", "openai-compatible:m1", "--base-url", server.url, "--store", store)
    first = stepgraph("run", "offers", EXAMPLE, "--run-id", "r", "--max-steps", "1",
                      "--record", str(tape), "--timeout", "0.5", *flags, cwd=tmp_path)  # fmt: skip
    assert first.code == 0, first.err
    report = good_report(seed_offers())
    slow = http_reply(report.body, headers=report.headers)
    server.push(*[trickle(slow, every=0.01, chunk=2)] * 3)  # each under 0.5 s a byte, not whole
    timed_out = stepgraph("resume", "r", "--store", store, cwd=tmp_path)
    assert timed_out.code == 6, timed_out.err
    assert "ProviderTimeout" in timed_out.err
    server.push(whole(slow))
    done = stepgraph("resume", "r", "--now", "--store", store, "--json", cwd=tmp_path)
    assert done.code == 0, done.err
    assert len(tape.read_text().splitlines()) == 1  # the resumed run recorded its answer
    replayed = stepgraph("run", "offers", EXAMPLE, "--store", "memory:", "--json", "--replay",
                         str(tape), cwd=tmp_path)  # fmt: skip
    assert replayed.code == 0, replayed.err
    assert replayed.json()["state"]["report"] == done.json()["state"]["report"]
