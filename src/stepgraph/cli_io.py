"""What the command line writes to stdout, and a reader that went away.

``stepgraph runs | head -1`` closes the pipe while the command still writes. That is
the reader's choice, not an error: the rest of the output goes to the null device and
the command ends with its own exit code, with nothing on stderr.

Whatever the command prints goes through ``SafeStream``: control characters from data
(an id, a model's rationale) are escaped, never sent raw to a terminal.
"""

from __future__ import annotations

import json
import os
import re
import sys
from typing import IO, Any


def emit(text: str = "", *, end: str = "\n") -> None:
    """Write ``text`` to stdout; a closed pipe silences the rest of the output."""
    try:
        sys.stdout.write(text + end)
    except BrokenPipeError:
        silence_stdout()


def emit_json(data: dict[str, Any]) -> None:
    """Write ``data`` as one line of JSON."""
    emit(json.dumps(data, ensure_ascii=False, indent=None))


def finish(code: int) -> int:
    """Flush stdout before exiting; a reader that went away does not change ``code``."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        silence_stdout()
    return code


def silence_stdout() -> None:
    """Point stdout at the null device, so later writes and the final flush succeed."""
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, sys.stdout.fileno())
    finally:
        os.close(null)


_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")
MAX_ERROR = 2000


def terminal_safe(text: str) -> str:
    """``text`` with control characters and lone surrogates as ``\\uXXXX`` escapes.

    Data printed raw could move the cursor, retitle the window or hide lines (ESC, CR,
    BEL, an OSC sequence); the escape is also valid inside a JSON string, so ``--json``
    output stays JSON that decodes to the same text. Newlines and tabs are kept.
    """
    return _UNSAFE.sub(lambda found: f"\\u{ord(found.group()):04x}", text)


def bounded(message: str, limit: int = MAX_ERROR) -> str:
    """An error message cut to ``limit`` characters, saying how much was left out."""
    if len(message) <= limit:
        return message
    return f"{message[:limit]}... ({len(message) - limit} more characters)"


class SafeStream:
    """A text stream that writes through ``terminal_safe``: the CLI's stdout and stderr."""

    def __init__(self, inner: IO[str]) -> None:
        self.inner = inner

    def write(self, text: str) -> int:
        return self.inner.write(terminal_safe(text))

    def flush(self) -> None:
        self.inner.flush()

    def isatty(self) -> bool:
        return self.inner.isatty()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)
