"""The library example in README.md runs and its assertions hold."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readme_library_example_runs() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 1
    namespace: dict[str, object] = {}
    exec(compile(blocks[0], str(README), "exec"), namespace)
    assert namespace["result"].state["answer"] == "hi Ada"  # type: ignore[attr-defined]


def test_the_readme_lists_every_exit_code() -> None:
    text = README.read_text(encoding="utf-8")
    for code in range(10):
        assert re.search(rf"^\| {code} \|", text, re.M), code
