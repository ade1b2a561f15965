"""What the command line turns on from the environment: log levels and handlers, and one
``on_event`` callback made of several."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

from stepgraph.cli_observe import combine, setup_logging, telemetry
from stepgraph.errors import InputError
from stepgraph.stream import RunStarted, StepEvent

EVENT = RunStarted(run_id="r1", graph="offers", revision=4, resumed=False, version=0, at=1.0)


@pytest.fixture
def loggers() -> Iterator[None]:
    """Put the stepgraph loggers back as they were after the test."""
    package, worker = logging.getLogger("stepgraph"), logging.getLogger("stepgraph.worker")
    handlers, levels = list(package.handlers), (package.level, worker.level)
    yield
    package.handlers[:] = handlers
    package.setLevel(levels[0])
    worker.setLevel(levels[1])


def cli_handlers() -> list[logging.Handler]:
    return [h for h in logging.getLogger("stepgraph").handlers if getattr(h, "stepgraph_cli", 0)]


@pytest.mark.usefixtures("loggers")
def test_a_command_logs_nothing_unless_asked() -> None:
    setup_logging("run", {})
    assert cli_handlers() == []


@pytest.mark.usefixtures("loggers")
def test_a_worker_logs_its_own_lines_at_info_and_the_rest_at_warning() -> None:
    setup_logging("worker", {})
    assert len(cli_handlers()) == 1
    assert logging.getLogger("stepgraph.worker").getEffectiveLevel() == logging.INFO
    assert logging.getLogger("stepgraph.runner").getEffectiveLevel() == logging.WARNING


@pytest.mark.usefixtures("loggers")
def test_stepgraph_log_sets_the_level_and_a_second_call_keeps_one_handler() -> None:
    setup_logging("run", {"STEPGRAPH_LOG": "DEBUG"})
    setup_logging("run", {"STEPGRAPH_LOG": "info"})
    assert len(cli_handlers()) == 1
    assert logging.getLogger("stepgraph.runner").getEffectiveLevel() == logging.INFO


def test_a_bad_log_level_names_the_variable() -> None:
    with pytest.raises(InputError, match="STEPGRAPH_LOG: must be one of debug, info"):
        setup_logging("run", {"STEPGRAPH_LOG": "verbose"})


def test_telemetry_is_off_unless_stepgraph_otel_is_1() -> None:
    assert telemetry({}) is None
    assert telemetry({"STEPGRAPH_OTEL": "0"}) is None


def test_combine_gives_every_event_to_each_callback_even_after_one_raises(
    caplog: pytest.LogCaptureFixture,
) -> None:
    seen: list[StepEvent] = []

    def broken(event: StepEvent) -> None:
        raise RuntimeError("listener bug")

    callback = combine(broken, None, seen.append)
    assert callback is not None
    callback(EVENT)
    assert seen == [EVENT]
    assert "on_event callback failed on RunStarted" in caplog.text


def test_combine_of_one_is_that_callback_and_of_none_is_none() -> None:
    assert combine(None, print, None) is print
    assert combine(None, None) is None
