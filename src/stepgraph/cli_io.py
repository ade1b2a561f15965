"""What the command line writes to stdout, and a reader that went away.

``stepgraph runs | head -1`` closes the pipe while the command still writes. That is
the reader's choice, not an error: the rest of the output goes to the null device and
the command ends with its own exit code, with nothing on stderr.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any


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
