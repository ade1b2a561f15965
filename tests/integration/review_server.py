"""The page tests' parts: ``stepgraph review`` in a subprocess (started, its link read,
stopped) and the ``browser`` fixture (import it into a test module to use it)."""

from __future__ import annotations

import hmac
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright

from tests.integration.cli_helpers import ROOT

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync"]  # fmt: skip


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, headless, driven by Playwright (one per test module)."""
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium as root "
                    "(apt-get install chromium)", pytrace=False)  # fmt: skip
    with sync_playwright() as driver:
        chromium = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield chromium
        chromium.close()


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
