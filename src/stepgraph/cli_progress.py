"""What the command line shows while a run goes on: JSON event lines, or a progress line.

``--json-events`` prints every step event as one JSON line on stdout
(``{"event": "NodeSaved", ...}``), before the command's usual report. Otherwise, when
stderr is a terminal, one line on stderr is rewritten as nodes start and finish
and cleared when the call returns; when stderr is piped nothing is shown.
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, TextIO

from .cli_io import SafeStream, silence_stdout, terminal_safe

if TYPE_CHECKING:  # the event classes load with the first event (a run that shows none
    from .stream import EventCallback, StepEvent  # never loads them)


def listener(json_events: bool, *, out: TextIO | None = None, err: TextIO | None = None
             ) -> EventCallback | None:  # fmt: skip
    """The ``on_event`` callback for a run/resume command (None: show nothing)."""
    if json_events:
        return JsonLines(out or sys.stdout)
    stream = err or sys.stderr
    if stream.isatty():
        return ProgressLine(stream)
    return None


class JsonLines:
    """Print each event as one JSON line and flush, so a reader sees it at once.

    A reader that went away (``| head -1``) silences the rest, as for every command.
    """

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.gone = False

    def __call__(self, event: StepEvent) -> None:
        if self.gone:
            return
        from .stream import as_json

        try:
            self.out.write(json.dumps(as_json(event), ensure_ascii=False) + "\n")
            self.out.flush()
        except BrokenPipeError:
            self.gone = True
            if self.out is sys.stdout:
                silence_stdout()


class ProgressLine:
    """One status line on a terminal: the step, the node and what it is doing."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.width = 0

    def __call__(self, event: StepEvent) -> None:
        from .stream import RunFinished

        text = describe(event)
        if isinstance(event, RunFinished):
            self._show("")
        elif text:
            self._show(text)

    def _show(self, text: str) -> None:
        text = terminal_safe(text[:100])  # node names and reasons are data
        pad = max(0, self.width - len(text))
        raw = self.out.inner if isinstance(self.out, SafeStream) else self.out  # keeps the \r
        raw.write("\r" + text + " " * pad + ("\r" if not text else ""))
        raw.flush()
        self.width = len(text)


def describe(event: StepEvent) -> str:
    """A short human line for ``event`` ('' for events the line does not show)."""
    from .stream import (
        GenerationAttempt,
        NodeFailed,
        NodeSaved,
        NodeStarted,
        RetryScheduled,
        WaitOpened,
    )

    if isinstance(event, NodeStarted):
        return f"step {event.step}: {event.node} ..."
    if isinstance(event, GenerationAttempt):
        outcome = event.error_class or "answered"
        return (f"step {event.step}: {event.node}: model call {event.attempt} {outcome} "
                f"in {event.latency_s:.1f} s")  # fmt: skip
    if isinstance(event, NodeSaved):
        return f"step {event.step}: {event.node} saved ({event.duration_s:.2f} s) -> {event.next}"
    if isinstance(event, NodeFailed):
        return f"step {event.step}: {event.node} failed: {event.error_class}"
    if isinstance(event, WaitOpened):
        return f"{event.node}: waiting for {event.kind}"
    if isinstance(event, RetryScheduled):
        return f"{event.node}: retry scheduled ({event.reason[:60]})"
    return ""
