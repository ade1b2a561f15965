"""One whole process under valgrind's callgrind: the instructions it executed."""

from __future__ import annotations

import re
import subprocess
import tempfile
from collections.abc import Mapping, Sequence


def instructions(
    command: Sequence[str], *, cwd: str | None = None, env: Mapping[str, str] | None = None,
    folder: str | None = None,
) -> int:  # fmt: skip
    """Run ``command`` under callgrind (its output file in ``folder`` or a temporary one)
    and return the instructions it executed."""
    with tempfile.TemporaryDirectory(dir=folder) as out:
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}/cg.out", *command],
            cwd=cwd, env=None if env is None else dict(env), capture_output=True, text=True,
            check=True,
        )  # fmt: skip
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"no callgrind total in: {done.stderr[-500:]}")
    return int(found.group(1))
