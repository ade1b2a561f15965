"""``stepgraph review`` in a subprocess for the page tests: started, its link read, stopped."""

from __future__ import annotations

import hmac
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.integration.cli_helpers import ROOT


@contextmanager
def review_server(folder: Path, env: dict[str, str] | None = None) -> Iterator[str]:
    """Serve the store in ``folder`` (policy.json there); yield the link with its token."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith("STEPGRAPH_")}
    server = subprocess.Popen(
        [sys.executable, "-m", "stepgraph", "review", "--policy", "policy.json"],
        cwd=folder, env={**clean, "PYTHONPATH": str(ROOT), **(env or {})},
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert line.startswith("review page: "), line + (
            server.stderr.read() if server.stderr else ""
        )
        yield line.split()[-1]
    finally:
        server.terminate()
        server.communicate(timeout=10)


def csrf_of(url: str) -> str:
    """The CSRF token a page with this link puts in its forms."""
    token = url.split("token=")[1]
    return hmac.new(token.encode(), b"csrf", "sha256").hexdigest()
