"""Logging under the ``stepgraph`` logger hierarchy, with nothing secret in it.

The loggers: ``stepgraph.runner`` (what a run does, read from the step event stream:
run started and finished, node saved or failed, failed model attempts, waits, retries),
``stepgraph.stores.<backend>`` (a store opened), ``stepgraph.worker`` (start and stop,
takeovers, dead letters, retry times) and ``stepgraph.adapters.<module>`` (one line per
provider request and its answer). The package logger has a ``NullHandler``: nothing is
printed unless the application configures logging (the command line does, on stderr).
``logging`` itself is imported by the first module that logs (``logger``): until some
code in the process imports it, no handler exists and no line could be written, so a
plain run never loads it (issue 17, cold start).

No line carries an API key, a signing key, a header or a password: adapters log the
endpoint and the model, never what they send; store URLs are logged through
``redact_url``. Each runner line carries the event as ``record.stepgraph_event`` (its
JSON form), so a structured handler can keep every field.
"""

from __future__ import annotations

import sys
from datetime import datetime, timezone
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # events exist only when someone listens: the classes load then
    import logging

    from .stream import GenerationAttempt, StepEvent

# The levels, as logging numbers them (logging is imported only by code that logs).
DEBUG, INFO, WARNING, ERROR = 10, 20, 30, 40


def logger(name: str) -> logging.Logger:
    """The logger ``name``, once the package logger has its ``NullHandler``: importing
    ``logging`` here, on first use, keeps it out of processes that never log."""
    import logging

    package = logging.getLogger("stepgraph")
    if not any(isinstance(handler, logging.NullHandler) for handler in package.handlers):
        package.addHandler(logging.NullHandler())
    return logging.getLogger(name)


def in_use() -> bool:
    """False while no code in this process imported ``logging``: then no handler exists
    and no log line could reach one, so there is nothing to log."""
    return "logging" in sys.modules


_SECRET_OPTIONS = ("password", "sslpassword", "passfile", "sslkey", "token", "key")


def redact_url(url: str) -> str:
    """``url`` with any password (``user:PASSWORD@``, ``?password=``) replaced by ``***``."""
    from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit  # when a URL is logged

    try:
        parts = urlsplit(url)
        password = parts.password
    except ValueError:
        return "<unparsable URL>"
    netloc = parts.netloc
    if password is not None:
        user, _, host = netloc.rpartition("@")
        netloc = f"{user.partition(':')[0]}:***@{host}"
    query = parts.query
    if query:
        pairs = parse_qsl(query, keep_blank_values=True)
        if any(name.lower() in _SECRET_OPTIONS for name, _ in pairs):
            cleaned = [(k, "***" if k.lower() in _SECRET_OPTIONS else v) for k, v in pairs]
            query = urlencode(cleaned, safe="*")
    return urlunsplit(parts._replace(netloc=netloc, query=query))


def log_event(event: StepEvent) -> None:
    """Write ``event`` to the ``stepgraph.runner`` logger at the level it deserves."""
    from .stream import as_json

    level, message, args = _line(event)
    runner = logger("stepgraph.runner")
    if runner.isEnabledFor(level):
        runner.log(level, message, *args, extra={"stepgraph_event": as_json(event)})


def wanted() -> bool:
    """True when a runner log line would reach a handler (not only the NullHandler).

    The harness builds step events for logging only then, so a program that configured
    no logging pays nothing for it.
    """
    if not in_use():
        return False
    import logging

    runner = logger("stepgraph.runner")
    if not runner.isEnabledFor(WARNING):
        return False
    each: logging.Logger | None = runner
    while each is not None:
        if any(not isinstance(handler, logging.NullHandler) for handler in each.handlers):
            return True
        each = each.parent if each.propagate else None
    return False


Line = tuple[int, str, tuple[object, ...]]


def _line(event: StepEvent) -> Line:
    """The level, format and arguments of the log line for ``event``."""
    from .stream import (
        EventRecorded,
        GenerationAttempt,
        NodeFailed,
        NodeSaved,
        NodeStarted,
        RetryScheduled,
        RunStarted,
        WaitOpened,
    )

    e = event
    if isinstance(e, RunStarted):
        return (
            INFO,
            "run %s %s (graph %s revision %s, at version %d)",
            (e.run_id, "resumed" if e.resumed else "started", e.graph, e.revision, e.version),
        )
    if isinstance(e, NodeStarted):
        return DEBUG, "run %s: node %s started (step %d)", (e.run_id, e.node, e.step)
    if isinstance(e, GenerationAttempt):
        return _attempt(e)
    if isinstance(e, NodeSaved):
        return (
            INFO,
            "run %s: node %s saved as version %d (status %s, next %s, %.3f s)",
            (e.run_id, e.node, e.version, e.status, e.next, e.duration_s),
        )
    if isinstance(e, NodeFailed):
        return (
            WARNING,
            "run %s: node %s failed after %.3f s: %s: %s",
            (e.run_id, e.node, e.duration_s, e.error_class, e.message),
        )
    if isinstance(e, WaitOpened):
        return INFO, "run %s waits at %s for %s: %s", (e.run_id, e.node, e.kind, e.reason)
    if isinstance(e, EventRecorded):
        return (
            INFO,
            "run %s: %s recorded by %s as version %d",
            (e.run_id, e.name, e.actor or "the harness", e.version),
        )
    if isinstance(e, RetryScheduled):
        return (
            WARNING,
            "run %s: %s will be tried again after %s: %s",
            (e.run_id, e.node, _iso(e.not_before), e.reason),
        )
    return (
        INFO,
        "run %s returned: status %s, next %s, version %d, %d step(s) in %.3f s",
        (e.run_id, e.status, e.next, e.version, e.steps_run, e.duration_s),
    )


def _attempt(e: GenerationAttempt) -> Line:
    facts = [f"{e.latency_s:.3f} s"]
    if e.model:
        facts.append(f"model {e.model}")
    if e.input_tokens is not None or e.output_tokens is not None:
        facts.append(f"tokens {e.input_tokens} in, {e.output_tokens} out")
    if e.finish_reason:
        facts.append(f"finish {e.finish_reason}")
    if e.request_id:
        facts.append(f"request id {e.request_id}")
    outcome = f"failed: {e.error_class}" if e.error_class is not None else "answered"
    level = WARNING if e.error_class is not None else DEBUG
    return (level, "run %s: node %s model attempt %d %s (%s)",
            (e.run_id, e.node, e.attempt, outcome, ", ".join(facts)))  # fmt: skip


def _iso(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, timezone.utc).isoformat(timespec="seconds")


__all__ = ["in_use", "log_event", "logger", "redact_url", "wanted"]
