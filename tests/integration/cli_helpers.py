"""Run the real command line in a subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = str(ROOT / "examples" / "offers.json")


@dataclass
class Outcome:
    code: int
    out: str
    err: str

    def json(self) -> Any:
        return json.loads(self.out)


def stepgraph(*args: str, cwd: Path, env: dict[str, str] | None = None) -> Outcome:
    """``python -m stepgraph ARGS`` in ``cwd``; the tests' adapters are importable."""
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("STEPGRAPH_")}
    full_env["PYTHONPATH"] = str(ROOT)
    full_env.update(env or {})
    done = subprocess.run(
        [sys.executable, "-m", "stepgraph", *args],
        cwd=cwd, env=full_env, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    return Outcome(done.returncode, done.stdout, done.stderr)
