"""What the command line turns on from the environment: log lines on stderr, OpenTelemetry.

``STEPGRAPH_LOG=debug|info|warning|error`` writes the library's log records (the
``stepgraph`` loggers) to stderr at that level. Without it, only ``stepgraph worker``
logs: its own lines at INFO (start, stop, leases released, takeovers, dead letters) and
everything else at WARNING. ``STEPGRAPH_OTEL=1`` sends spans and metrics as the standard
``OTEL_*`` variables say (``stepgraph.observe.telemetry_from_env``).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING

from .errors import InputError
from .logs import DEBUG, ERROR, INFO, WARNING, logger

if TYPE_CHECKING:
    from .observe import Telemetry
    from .stream import EventCallback, StepEvent

LEVELS = {"debug": DEBUG, "info": INFO, "warning": WARNING, "error": ERROR}
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def setup_logging(command: str, environ: Mapping[str, str]) -> None:
    """Send ``stepgraph`` log records to stderr as ``STEPGRAPH_LOG`` (or the command) asks."""
    chosen = environ.get("STEPGRAPH_LOG", "").strip().lower()
    if chosen and chosen not in LEVELS:
        raise InputError("STEPGRAPH_LOG", f"must be one of {', '.join(LEVELS)}, not {chosen!r}")
    if not chosen and command != "worker":
        return
    import logging  # only when lines are written

    package = logger("stepgraph")
    for old in [h for h in package.handlers if getattr(h, "stepgraph_cli", False)]:
        package.removeHandler(old)  # main() ran before in this process: write to today's stderr
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.stepgraph_cli = True  # type: ignore[attr-defined]
    package.addHandler(handler)
    package.setLevel(LEVELS[chosen] if chosen else WARNING)
    if not chosen:  # a worker says what it does by default
        logger("stepgraph.worker").setLevel(INFO)


def combine(*callbacks: EventCallback | None) -> EventCallback | None:
    """One ``on_event`` callback for several (None when there are none); each gets every
    event, and one that raises does not keep the event from the others."""
    chosen = [callback for callback in callbacks if callback is not None]
    if len(chosen) < 2:
        return chosen[0] if chosen else None

    from .stream import deliver

    def each(event: StepEvent) -> None:
        for callback in chosen:
            deliver(callback, event)

    return each


def telemetry(environ: Mapping[str, str]) -> Telemetry | None:
    """Spans and metrics for this process when ``STEPGRAPH_OTEL`` is 1 (else None)."""
    value = environ.get("STEPGRAPH_OTEL", "").strip()
    if value in ("", "0"):
        return None
    if value != "1":
        raise InputError("STEPGRAPH_OTEL", f"must be 1 (on) or 0 (off), not {value!r}")
    from .observe import telemetry_from_env

    return telemetry_from_env(environ, console=sys.stderr)
