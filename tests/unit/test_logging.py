"""Logging under the ``stepgraph`` loggers: a NullHandler, one runner line per step event,
store lines, and no password in a URL that reaches a log line or an error message."""

from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path

import pytest

import stepgraph
from stepgraph.errors import StoreError
from stepgraph.logs import log_event, redact_url, wanted
from stepgraph.offers import FixtureAdapter, graph, make_inputs
from stepgraph.stream import (
    EventRecorded,
    GenerationAttempt,
    NodeFailed,
    NodeSaved,
    NodeStarted,
    RetryScheduled,
    RunFinished,
    RunStarted,
    StepEvent,
    WaitOpened,
)
from tests.support import seed_offers

T0 = 1_800_000_000.0


def test_the_package_logger_has_a_null_handler() -> None:
    handlers = logging.getLogger("stepgraph").handlers
    assert any(isinstance(handler, logging.NullHandler) for handler in handlers)


def test_the_first_stepgraph_logger_gives_the_package_its_null_handler() -> None:
    probe = (
        "import sys\n"
        "import stepgraph\n"
        "from stepgraph.logs import logger, wanted\n"
        "assert 'logging' not in sys.modules and not wanted()\n"
        "import logging\n"
        "package = logging.getLogger('stepgraph')\n"
        "assert package.handlers == []\n"
        "assert logger('stepgraph.worker') is logging.getLogger('stepgraph.worker')\n"
        "logger('stepgraph.observe')\n"
        "assert [type(h) for h in package.handlers] == [logging.NullHandler]\n"
        "logger('stepgraph.worker').warning('nobody configured logging')\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True)  # fmt: skip
    assert done.stderr == ""  # the NullHandler kept logging's last resort from printing


def test_the_command_line_quiets_the_postgres_driver_only_for_a_postgres_store(
    tmp_path: Path,
) -> None:
    probe = (
        "import logging, sys\n"
        "from stepgraph.cli import main\n"
        "main(['--store', sys.argv[1], 'runs'])\n"
        "print(any(isinstance(h, logging.NullHandler)\n"
        "          for h in logging.getLogger('psycopg').handlers))\n"
    )
    shown = {}
    for url in (
        f"sqlite:{tmp_path / 'none.db'}",
        "postgresql://u@127.0.0.1:9/db?connect_timeout=1",
    ):
        done = subprocess.run([sys.executable, "-c", probe, url], capture_output=True,
                              text=True, check=True)  # fmt: skip
        shown[url.partition(":")[0]] = done.stdout.strip()
    assert shown == {"sqlite": "False", "postgresql": "True"}


EVENTS: list[tuple[StepEvent, int, str]] = [
    (RunStarted(run_id="r1", graph="offers", revision=4, resumed=False, version=0, at=T0),
     logging.INFO, "run r1 started (graph offers revision 4, at version 0)"),
    (NodeStarted(run_id="r1", node="draft", step=2, at=T0),
     logging.DEBUG, "run r1: node draft started (step 2)"),
    (GenerationAttempt(run_id="r1", node="draft", step=2, attempt=1, adapter_id="fixture-v1",
                       model="m", latency_s=0.5, input_tokens=10, output_tokens=4,
                       finish_reason="stop", error_class=None, request_id="q", at=T0),
     logging.DEBUG, "run r1: node draft model attempt 1 answered (0.500 s, model m, tokens 10 "
                    "in, 4 out, finish stop, request id q)"),
    (GenerationAttempt(run_id="r1", node="draft", step=2, attempt=2, adapter_id="fixture-v1",
                       model=None, latency_s=0.25, input_tokens=None, output_tokens=None,
                       finish_reason=None, error_class="RateLimited", request_id=None, at=T0),
     logging.WARNING, "run r1: node draft model attempt 2 failed: RateLimited (0.250 s)"),
    (NodeSaved(run_id="r1", node="draft", step=2, version=2, status="running", next="verify",
               update_keys=("report",), duration_s=1.0, at=T0),
     logging.INFO, "run r1: node draft saved as version 2 (status running, next verify, 1.000 s)"),
    (NodeFailed(run_id="r1", node="draft", step=2, error_class="NodeError", message="boom",
                duration_s=0.125, at=T0),
     logging.WARNING, "run r1: node draft failed after 0.125 s: NodeError: boom"),
    (WaitOpened(run_id="r1", node="verify", kind="decision", reason="a reviewer approves",
                digest="d", choices=("approve",), at=T0),
     logging.INFO, "run r1 waits at verify for decision: a reviewer approves"),
    (EventRecorded(run_id="r1", name="@decision", actor="ada", version=5, at=T0),
     logging.INFO, "run r1: @decision recorded by ada as version 5"),
    (RetryScheduled(run_id="r1", node="draft", reason="RateLimited on 3 attempt(s)",
                    not_before=T0 + 60, at=T0),
     logging.WARNING, "run r1: draft will be tried again after 2027-01-15T08:01:00+00:00: "
                      "RateLimited on 3 attempt(s)"),
    (RunFinished(run_id="r1", status="ready_for_review", next="END", version=3, steps_run=3,
                 duration_s=2.5, at=T0),
     logging.INFO, "run r1 returned: status ready_for_review, next END, version 3, 3 step(s) "
                   "in 2.500 s"),
]  # fmt: skip


@pytest.mark.parametrize(("event", "level", "line"), EVENTS)
def test_each_event_is_one_runner_line_at_its_level(
    event: StepEvent, level: int, line: str, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.DEBUG, logger="stepgraph"):
        log_event(event)
    assert [(r.name, r.levelno, r.getMessage()) for r in caplog.records] == [
        ("stepgraph.runner", level, line)
    ]


def test_a_runner_line_carries_the_event_as_json(caplog: pytest.LogCaptureFixture) -> None:
    event = EVENTS[4][0]
    with caplog.at_level(logging.INFO, logger="stepgraph"):
        log_event(event)
    (record,) = caplog.records
    assert record.__dict__["stepgraph_event"] == {
        "event": "NodeSaved", "run_id": "r1", "node": "draft", "step": 2, "version": 2,
        "status": "running", "next": "verify", "update_keys": ["report"], "duration_s": 1.0,
        "at": T0,
    }  # fmt: skip


def test_lines_below_the_runner_level_are_not_written(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="stepgraph"):
        for event, _, _ in EVENTS:
            log_event(event)
    assert [r.levelno for r in caplog.records] == [logging.WARNING] * 3


def test_runner_lines_are_wanted_only_when_a_real_handler_would_get_them() -> None:
    runner = logging.getLogger("stepgraph.runner")
    runner.propagate = False  # cut off the root logger (pytest's capture handler is there)
    handler = logging.StreamHandler()
    try:
        assert not wanted()  # only the package's NullHandler above: nobody reads the lines
        runner.addHandler(handler)
        assert wanted()
        runner.setLevel(logging.ERROR)
        assert not wanted()  # the runner writes nothing above WARNING
    finally:
        runner.removeHandler(handler)
        runner.setLevel(logging.NOTSET)
        runner.propagate = True


def test_a_run_writes_its_lines_to_the_runner_log(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with (
        caplog.at_level(logging.INFO, logger="stepgraph"),
        stepgraph.open_store(f"sqlite:{tmp_path / 'runs.db'}") as store,
    ):
        store.setup()
        result = stepgraph.run(graph, inputs=make_inputs(seed_offers()), adapter=FixtureAdapter(),
                               store=store, max_steps=2)  # fmt: skip
    lines = [r.getMessage() for r in caplog.records if r.name == "stepgraph.runner"]
    rid = result.run_id
    expected = [
        f"run {rid} started (graph offers revision {graph.revision}, at version 0)",
        f"run {rid}: node inspect saved as version 1 (status running, next draft, ",
        f"run {rid}: node draft saved as version 2 (status running, next verify, ",
        f"run {rid} returned: status running, next verify, version 2, 2 step(s) in ",
    ]
    assert len(lines) == len(expected)
    assert all(line.startswith(start) for line, start in zip(lines, expected, strict=True))


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("postgresql://app:s3cret@db.example:5432/runs?schema=a",
         "postgresql://app:***@db.example:5432/runs?schema=a"),
        ("postgresql://db.example/runs?user=app&password=s3cret&schema=a",
         "postgresql://db.example/runs?user=app&password=***&schema=a"),
        ("postgresql://postgres@127.0.0.1:5432/test", "postgresql://postgres@127.0.0.1:5432/test"),
        ("sqlite:.stepgraph/runs.db", "sqlite:.stepgraph/runs.db"),
        ("http://user:tok@127.0.0.1:8080/v1", "http://user:***@127.0.0.1:8080/v1"),
    ],
)  # fmt: skip
def test_redact_url_hides_passwords_only(url: str, shown: str) -> None:
    assert redact_url(url) == shown


def test_a_store_error_never_shows_the_password() -> None:
    error = StoreError("postgresql://app:s3cret@db/runs", "cannot reach the database")
    assert "s3cret" not in str(error)
    assert error.store == "postgresql://app:***@db/runs"


def test_opening_a_store_is_logged_under_its_backend(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO, logger="stepgraph"):
        stepgraph.open_store(f"sqlite:{tmp_path / 'runs.db'}").close()
        stepgraph.open_store("memory:", signing_key=b"k" * 16).close()
    assert [(r.name, r.getMessage()) for r in caplog.records] == [
        ("stepgraph.stores.sqlite", f"opened sqlite:{tmp_path / 'runs.db'}"),
        ("stepgraph.stores.memory", "opened memory: (signed steps)"),
    ]


def test_a_decision_is_a_runner_line_naming_who_decided(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with stepgraph.open_store(f"sqlite:{tmp_path / 'runs.db'}") as store:
        store.setup()
        waiting = stepgraph.run(graph, inputs=make_inputs(seed_offers()),
                                adapter=FixtureAdapter(), store=store)  # fmt: skip
        wait = waiting.checkpoint.wait
        assert wait is not None
        with caplog.at_level(logging.INFO, logger="stepgraph.runner"):
            policy = stepgraph.Policy.from_mapping({"approve": ["ada"]})
            stepgraph.decide(store, waiting.run_id, verdict="approve", actor="ada",
                             digest_seen=str(wait["digest"]), policy=policy)  # fmt: skip
    assert [r.getMessage() for r in caplog.records] == [
        f"run {waiting.run_id}: @decision recorded by ada as version 4"
    ]
