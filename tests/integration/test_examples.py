"""Every examples/*.py runs as a user would run it: in its own process, exiting 0."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*.py"))
TUTORIAL = ROOT / "docs" / "tutorial.md"


def test_the_examples_include_the_tutorial_workflow() -> None:
    assert ROOT / "examples" / "first_workflow.py" in EXAMPLES


@pytest.mark.parametrize("example", EXAMPLES, ids=[path.name for path in EXAMPLES])
def test_the_example_exits_0_and_writes_nothing_where_it_runs(
    example: Path, tmp_path: Path
) -> None:
    done = subprocess.run([sys.executable, str(example)], cwd=tmp_path, capture_output=True,
                          text=True, timeout=120, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()
    assert list(tmp_path.iterdir()) == []


def test_every_python_block_of_the_tutorial_is_code_of_its_example() -> None:
    blocks = re.findall(r"```python\n(.*?)```", TUTORIAL.read_text(encoding="utf-8"), re.S)
    source = (ROOT / "examples" / "first_workflow.py").read_text(encoding="utf-8")
    assert blocks
    assert [block for block in blocks if block not in source] == []
