"""The offer workflow against a scripted provider: harness retries, journal, secrets."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from stepgraph import Store, errors, open_store, resume, run
from stepgraph.adapters.openai_compat import OpenAICompatAdapter
from stepgraph.offers import graph, make_inputs
from stepgraph.retry import RetryPolicy
from stepgraph.testing import FakeProvider, Reply, completion, message, serve
from tests.integration.cli_helpers import EXAMPLE, stepgraph
from tests.support import good_report, seed_offers

SECRET = "sk-test-never-stored-0123456789"


@pytest.fixture
def fake() -> Iterator[FakeProvider]:
    with serve() as provider:
        yield provider


class Sleeps:
    """A RetryPolicy sleep that records the waits instead of sleeping."""

    def __init__(self) -> None:
        self.waits: list[float] = []

    def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)


def policy(sleeps: Sleeps, **options: float) -> RetryPolicy:
    return RetryPolicy(sleep=sleeps, jitter=lambda: 1.0, **options)  # type: ignore[arg-type]


def model(fake: FakeProvider) -> OpenAICompatAdapter:
    return OpenAICompatAdapter("m1", base_url=fake.url, provider="openai-compatible")


def setup_store(url: str) -> Store:
    store = open_store(url)
    store.setup()
    return store


def test_a_server_error_is_retried_by_the_harness_and_the_run_completes(
    fake: FakeProvider, tmp_path: Path
) -> None:
    fake.push(Reply(500, b"<html>oops</html>"), good_report(seed_offers()))
    sleeps = Sleeps()
    with setup_store(f"sqlite:{tmp_path / 'runs.db'}") as store:
        result = run(graph, inputs=make_inputs(seed_offers()), adapter=model(fake), store=store,
                     retry=policy(sleeps))  # fmt: skip
        journal = store.generations(result.run_id)
    assert result.status == "ready_for_review"
    assert len(fake.seen) == 2
    assert sleeps.waits == [0.5]  # base delay, full jitter pinned to 1
    (entry,) = journal.values()
    assert entry["status"] == "done"
    assert entry["attempt"] == 2
    assert entry["attempts"][0]["error"] == "ProviderServerError"
    assert entry["attempts"][0]["http_status"] == 500
    assert (entry["request_id"], entry["usage"]) == ("req_fake", {"input_tokens": 11,
                                                                   "output_tokens": 7})  # fmt: skip


def test_retry_after_is_honoured_when_under_the_cap(fake: FakeProvider, tmp_path: Path) -> None:
    fake.push(Reply(429, {"error": "slow"}, {"retry-after": "2"}), good_report(seed_offers()))
    sleeps = Sleeps()
    with open_store("memory:") as store:
        result = run(graph, inputs=make_inputs(seed_offers()), adapter=model(fake), store=store,
                     retry=policy(sleeps))  # fmt: skip
    assert result.status == "ready_for_review"
    assert sleeps.waits == [2.0]


def test_the_default_policy_retries_an_overloaded_provider_and_completes(
    fake: FakeProvider,
) -> None:
    fake.push(Reply(503, {"error": "busy"}), good_report(seed_offers()))
    with open_store("memory:") as store:
        result = run(graph, inputs=make_inputs(seed_offers()), adapter=model(fake), store=store,
                     retry=RetryPolicy(base_delay=0.05))  # fmt: skip
    assert result.status == "ready_for_review"
    assert len(fake.seen) == 2


def test_retry_after_above_the_cap_stops_with_when_to_try_again_and_resumes_later(
    fake: FakeProvider, tmp_path: Path
) -> None:
    fake.push(Reply(429, {"error": "slow"}, {"retry-after": "300"}))
    sleeps = Sleeps()
    url = f"sqlite:{tmp_path / 'runs.db'}"
    with setup_store(url) as store, pytest.raises(errors.RetryLater) as raised:
        run(graph, inputs=make_inputs(seed_offers()), adapter=model(fake), store=store,
            run_id="r", retry=policy(sleeps, max_wait=30))  # fmt: skip
    assert sleeps.waits == []  # never left asleep
    assert "300 s, above the cap of 30 s" in raised.value.reason
    assert raised.value.not_before > "2000"
    with open_store(url) as store:
        saved = store.load("r")
        assert saved is not None
        assert (saved.next, saved.status, saved.node) == ("draft", "retry_later", "@retry_later")
        assert saved.wait == {"kind": "retry", "node": "draft", "reason": raised.value.reason,
                              "not_before": raised.value.not_before, "stops": 1}  # fmt: skip
        (entry,) = store.generations("r").values()
        assert (entry["status"], entry["error"], entry["retry_after"]) == (
            "failed", "RateLimited", 300.0)  # fmt: skip
        fake.push(good_report(seed_offers()))
        later = resume(graph, run_id="r", adapter=model(fake), store=store, retry=policy(sleeps),
                       early=True)  # fmt: skip
        (entry,) = store.generations("r").values()
    assert later.status == "ready_for_review"
    assert entry["attempt"] == 2
    assert entry["attempts"][0]["error"] == "RateLimited"


def test_a_resume_before_the_retry_time_is_refused_without_calling(fake: FakeProvider) -> None:
    fake.push(Reply(429, {"error": "slow"}, {"retry-after": "300"}))
    with open_store("memory:") as store:
        with pytest.raises(errors.RetryLater) as first:
            run(graph, inputs=make_inputs(seed_offers()), adapter=model(fake), store=store,
                run_id="r", retry=policy(Sleeps(), max_wait=30))  # fmt: skip
        with pytest.raises(errors.RetryLater) as again:
            resume(graph, run_id="r", adapter=model(fake), store=store)
        saved = store.load("r")
    assert again.value.not_before == first.value.not_before
    assert len(fake.seen) == 1
    assert saved is not None
    assert saved.version == 2  # inspect, then the retry-later event


def test_a_spent_call_budget_stops_with_retry_later_and_the_next_call_goes_on(
    fake: FakeProvider,
) -> None:
    fake.push(Reply(502, b"bad gateway"), Reply(502, b"bad gateway"))
    with open_store("memory:") as store:
        with pytest.raises(errors.RetryLater, match="budget of 2 model call"):
            run(graph, inputs=make_inputs(seed_offers()), adapter=model(fake), store=store,
                run_id="r", retry=policy(Sleeps(), attempts=5, budget=2))  # fmt: skip
        assert len(fake.seen) == 2
        fake.push(good_report(seed_offers()))
        later = resume(graph, run_id="r", adapter=model(fake), store=store,
                       retry=policy(Sleeps(), budget=2))  # fmt: skip
    assert later.status == "ready_for_review"
    assert len(fake.seen) == 3


def test_spent_attempts_stop_with_retry_later(fake: FakeProvider) -> None:
    fake.push(*[Reply(502, b"bad gateway")] * 3)
    sleeps = Sleeps()
    with open_store("memory:") as store, pytest.raises(errors.RetryLater, match="3 attempt"):
        run(graph, inputs=make_inputs(seed_offers()), adapter=model(fake), store=store,
            retry=policy(sleeps, attempts=3))  # fmt: skip
    assert len(fake.seen) == 3
    assert sleeps.waits == [0.5, 1.0]  # exponential


@pytest.mark.parametrize(
    "reply",
    [
        Reply(429, {"error": {"code": "insufficient_quota"}}),
        Reply(401, {"error": "bad key"}),
        completion("", refusal="no"),
    ],
)
def test_a_failure_that_cannot_be_retried_calls_once(fake: FakeProvider, reply: Reply) -> None:
    fake.push(reply)
    with open_store("memory:") as store, pytest.raises(errors.NodeError) as raised:
        run(graph, inputs=make_inputs(seed_offers()), adapter=model(fake), store=store,
            retry=policy(Sleeps()))  # fmt: skip
    assert isinstance(raised.value.__cause__, errors.ProviderError)
    assert len(fake.seen) == 1


def test_a_wrong_model_answer_is_blocked_by_verify(fake: FakeProvider) -> None:
    bad = [{"id": o["id"], "source": o["source"], "monthly": o["monthly"]} for o in seed_offers()]
    wrong = {"rows": bad, "recommendedId": "A", "rationale": "A is cheapest."}
    fake.push(completion(wrong), completion(wrong))
    with open_store("memory:") as store:
        result = run(graph, inputs=make_inputs(seed_offers()), adapter=model(fake), store=store)
    assert result.status == "blocked"
    assert result.state["drafts"] == 2  # repaired once with feedback, repeated, stopped
    assert fake.seen[1].body["messages"][1]["content"].count("recommendedId is 'A'") == 1
    assert any("recommendedId is 'A'" in reason for reason in result.state["reasons"])


@pytest.mark.parametrize("scheme", ["sqlite", "file"])
def test_the_api_key_never_reaches_the_store(
    fake: FakeProvider, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, scheme: str
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    fake.push(Reply(500, {"error": {"message": "boom"}}), good_report(seed_offers()))
    target = tmp_path / ("runs.db" if scheme == "sqlite" else "runs")
    with setup_store(f"{scheme}:{target}") as store:
        run(graph, inputs=make_inputs(seed_offers()), adapter=model(fake), store=store,
            retry=policy(Sleeps()))  # fmt: skip
    assert fake.seen[0].headers["authorization"] == f"Bearer {SECRET}"
    files = [path for path in tmp_path.rglob("*") if path.is_file()]
    assert files
    for path in files:
        assert SECRET.encode() not in path.read_bytes(), path


def test_the_cli_runs_offers_against_an_openai_compatible_server_and_resumes_it(
    fake: FakeProvider, tmp_path: Path
) -> None:
    offers = [{"id": "A", "source": "offer-A-v1", "monthly": 120},
              {"id": "B", "source": "offer-B-v1", "monthly": 90}]  # fmt: skip
    (tmp_path / "offers.json").write_text(__import__("json").dumps(offers))
    store = f"sqlite:{tmp_path / 'runs.db'}"
    fake.push(good_report(offers))
    flags = ("--adapter", "openai-compatible:m1", "--base-url", fake.url, "--store", store)
    first = stepgraph("run", "offers", "offers.json", "--max-steps", "1", "--json", *flags,
                      cwd=tmp_path, env={"OPENAI_API_KEY": SECRET})  # fmt: skip
    assert first.code == 0, first.err
    assert len(fake.seen) == 0  # inspect only
    later = stepgraph("resume", first.json()["run_id"], "--store", store, "--json", cwd=tmp_path)
    assert later.code == 0, later.err
    assert later.json()["status"] == "ready_for_review"
    assert len(fake.seen) == 1


def test_the_cli_runs_offers_against_anthropic_resumes_it_and_stores_no_key(
    fake: FakeProvider, tmp_path: Path
) -> None:
    store = f"sqlite:{tmp_path / 'runs.db'}"
    report = good_report(seed_offers()).body["choices"][0]["message"]["content"]
    flags = ("--adapter", "anthropic:claude-x", "--base-url", fake.root, "--store", store)
    env = {"ANTHROPIC_API_KEY": SECRET}
    first = stepgraph("run", "offers", EXAMPLE, "--run-id", "a", "--max-steps", "1", *flags,
                      cwd=tmp_path, env=env)  # fmt: skip
    assert first.code == 0, first.err
    fake.push(message(report))
    later = stepgraph("resume", "a", "--store", store, "--json", cwd=tmp_path, env=env)
    assert later.code == 0, later.err
    assert later.json()["status"] == "ready_for_review"
    assert fake.seen[0].path == "/v1/messages"
    for path in tmp_path.rglob("*"):
        assert not path.is_file() or SECRET.encode() not in path.read_bytes(), path


def test_the_cli_names_a_missing_base_url(tmp_path: Path) -> None:
    outcome = stepgraph("run", "offers", EXAMPLE, "--adapter", "openai-compatible:m1",
                        "--store", "memory:", cwd=tmp_path)  # fmt: skip
    assert outcome.code == 2
    assert "--base-url" in outcome.err


def test_the_cli_exits_6_with_the_time_to_retry_and_show_lists_the_failed_attempt(
    fake: FakeProvider, tmp_path: Path
) -> None:
    fake.push(Reply(429, {"error": "slow"}, {"retry-after": "600"}))
    store = f"sqlite:{tmp_path / 'runs.db'}"
    flags = ("--adapter", "openai-compatible:m1", "--base-url", fake.url, "--store", store)
    stopped = stepgraph("run", "offers", EXAMPLE, "--run-id", "r", "--json", *flags,
                        cwd=tmp_path)  # fmt: skip
    assert stopped.code == 6, stopped.err
    error = stopped.json()["error"]
    assert error["type"] == "RetryLater"
    assert error["not_before"] > "2000"
    assert "above the cap" in error["reason"]
    status = stepgraph("status", "r", "--store", store, "--json", cwd=tmp_path)
    assert status.json()["retry_later"] == {"reason": error["reason"],
                                            "not_before": error["not_before"]}  # fmt: skip
    assert status.code == 6
    early = stepgraph("resume", "r", "--store", store, cwd=tmp_path)
    assert early.code == 6
    assert len(fake.seen) == 1
    fake.push(good_report(seed_offers()))
    later = stepgraph("resume", "r", "--now", "--store", store, cwd=tmp_path)
    assert later.code == 0, later.err
    shown = stepgraph("show", "r", "--store", store, cwd=tmp_path)
    assert "1 RateLimited" in shown.out
    done = stepgraph("status", "r", "--store", store, "--json", cwd=tmp_path)
    assert done.json()["retry_later"] is None


def test_a_recorded_session_replays_with_nothing_listening_and_holds_no_key(
    tmp_path: Path,
) -> None:
    tape = tmp_path / "session.jsonl"
    with serve() as live:
        live.push(good_report(seed_offers()))
        flags = ("--adapter", "openai-compatible:m1", "--base-url", live.url)
        recorded = stepgraph("run", "offers", EXAMPLE, "--store", "memory:", "--json",
                             "--record", str(tape), *flags, cwd=tmp_path,
                             env={"OPENAI_API_KEY": SECRET})  # fmt: skip
    assert recorded.code == 0, recorded.err
    assert SECRET not in tape.read_text()
    replayed = stepgraph("run", "offers", EXAMPLE, "--store", "memory:", "--json",
                         "--replay", str(tape), cwd=tmp_path)  # fmt: skip
    assert replayed.code == 0, replayed.err
    assert replayed.json()["state"]["report"] == recorded.json()["state"]["report"]


def test_replay_refuses_a_request_it_did_not_record(tmp_path: Path) -> None:
    tape = tmp_path / "session.jsonl"
    line = {"key": "0" * 64, "adapter": "openai-compatible:m1", "output": {}, "usage": {}}
    tape.write_text(__import__("json").dumps(line) + "\n")
    outcome = stepgraph("run", "offers", EXAMPLE, "--store", "memory:", "--replay", str(tape),
                        cwd=tmp_path)  # fmt: skip
    assert outcome.code == 1
    assert "no recorded answer" in outcome.err
