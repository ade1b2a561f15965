"""The step event stream: what a run does, as typed events, while it does it.

Every event is a frozen, keyword-only record with the run's id and ``at`` (seconds
since the epoch, ``time.time()``). The harness emits them in order through
``run(..., on_event=...)`` / ``arun(..., on_event=...)``, or yields them from
``iter_run`` / ``aiter_run``. Consumers (the CLI's progress line and ``--json-events``,
logging, OpenTelemetry) read only these records, never the runner's internals.

An exception raised by an ``on_event`` callback is logged under the ``stepgraph``
logger and does not break the run.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from .logs import logger

_log = logger("stepgraph.stream")  # the package logger has its NullHandler


def _now() -> float:
    return time.time()


@dataclass(frozen=True, kw_only=True)
class RunStarted:
    """A run or resume call began, holding the run (``version``: where it stood)."""

    run_id: str
    graph: str
    revision: int
    resumed: bool
    version: int
    at: float = field(default_factory=_now)


@dataclass(frozen=True, kw_only=True)
class NodeStarted:
    """A node is about to run; ``step`` is its visit number (events do not count)."""

    run_id: str
    node: str
    step: int
    at: float = field(default_factory=_now)


@dataclass(frozen=True, kw_only=True)
class GenerationAttempt:
    """One model call by ``node`` finished, well (``error_class`` None) or not."""

    run_id: str
    node: str
    step: int
    attempt: int
    adapter_id: str
    model: str | None
    latency_s: float
    input_tokens: int | None
    output_tokens: int | None
    finish_reason: str | None
    error_class: str | None
    request_id: str | None
    at: float = field(default_factory=_now)


@dataclass(frozen=True, kw_only=True)
class NodeSaved:
    """A node's step was saved as ``version``; the run goes on at ``next``."""

    run_id: str
    node: str
    step: int
    version: int
    status: str
    next: str
    update_keys: tuple[str, ...]
    duration_s: float
    at: float = field(default_factory=_now)


@dataclass(frozen=True, kw_only=True)
class NodeFailed:
    """A node raised (or ran past its timeout): nothing was saved for it."""

    run_id: str
    node: str
    step: int
    error_class: str
    message: str
    duration_s: float
    at: float = field(default_factory=_now)


@dataclass(frozen=True, kw_only=True)
class WaitOpened:
    """The run waits at ``node`` for ``kind`` (a decision, data, a retry time)."""

    run_id: str
    node: str
    kind: str
    reason: str
    digest: str | None
    choices: tuple[str, ...]
    at: float = field(default_factory=_now)


@dataclass(frozen=True, kw_only=True)
class EventRecorded:
    """An event step (``@decision``, ``@supply``, ``@retry_later``, ...) was saved."""

    run_id: str
    name: str
    actor: str | None
    version: int
    at: float = field(default_factory=_now)


@dataclass(frozen=True, kw_only=True)
class RetryScheduled:
    """``node`` will be tried again no earlier than ``not_before`` (epoch seconds)."""

    run_id: str
    node: str
    reason: str
    not_before: float
    at: float = field(default_factory=_now)


@dataclass(frozen=True, kw_only=True)
class RunFinished:
    """The call returned: where the run stands (``next`` is END when it finished)."""

    run_id: str
    status: str
    next: str
    version: int
    steps_run: int
    duration_s: float
    at: float = field(default_factory=_now)


StepEvent: TypeAlias = (
    RunStarted
    | NodeStarted
    | GenerationAttempt
    | NodeSaved
    | NodeFailed
    | WaitOpened
    | EventRecorded
    | RetryScheduled
    | RunFinished
)
"""Any event of the stream."""

EVENT_TYPES: tuple[type[StepEvent], ...] = (
    RunStarted,
    NodeStarted,
    GenerationAttempt,
    NodeSaved,
    NodeFailed,
    WaitOpened,
    EventRecorded,
    RetryScheduled,
    RunFinished,
)

EventCallback: TypeAlias = Callable[[StepEvent], None]


def as_json(event: StepEvent) -> dict[str, Any]:
    """The event as a JSON object: ``{"event": "NodeSaved", ...fields}``."""
    data: dict[str, Any] = {"event": type(event).__name__}
    for item in dataclasses.fields(event):
        value = getattr(event, item.name)
        data[item.name] = list(value) if isinstance(value, tuple) else value
    return data


def deliver(callback: EventCallback | None, event: StepEvent) -> None:
    """Hand ``event`` to ``callback``; an exception in it is logged, never raised."""
    if callback is None:
        return
    try:
        callback(event)
    except Exception:
        _log.exception("on_event callback failed on %s", type(event).__name__)


__all__ = [
    "EVENT_TYPES",
    "EventCallback",
    "EventRecorded",
    "GenerationAttempt",
    "NodeFailed",
    "NodeSaved",
    "NodeStarted",
    "RetryScheduled",
    "RunFinished",
    "RunStarted",
    "StepEvent",
    "WaitOpened",
    "as_json",
    "deliver",
]
