"""docs/claims.md's worked example (another workflow) runs as written."""

from __future__ import annotations

import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "claims.md"


def test_the_worked_example_for_another_workflow_runs() -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 1
    exec(compile(blocks[0], str(DOC), "exec"), {})  # its own asserts are the test
