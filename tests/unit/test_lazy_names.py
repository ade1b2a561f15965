"""`import stepgraph` loads its public names and submodules on first use (issue 17)."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

import pytest


def _after(code: str) -> list[str]:
    probe = f"import json, sys\n{code}\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True)  # fmt: skip
    loaded: list[str] = json.loads(done.stdout.strip().splitlines()[-1])
    return loaded


def test_importing_stepgraph_loads_no_feature_module() -> None:
    loaded = _after("import stepgraph")
    assert [m for m in loaded if m.startswith("stepgraph.")] == ["stepgraph.errors"]


def test_a_public_name_loads_its_module_on_first_use() -> None:
    loaded = _after("import stepgraph\nassert stepgraph.run.__module__ == 'stepgraph.runner'")
    assert "stepgraph.runner" in loaded


def test_a_submodule_is_an_attribute_of_the_package() -> None:
    loaded = _after(
        "import stepgraph\nassert stepgraph.migrations.__name__ == 'stepgraph.migrations'"
    )
    assert "stepgraph.migrations" in loaded


def test_an_unknown_name_is_an_attribute_error() -> None:
    import stepgraph

    with pytest.raises(AttributeError, match="no attribute 'nosuch'"):
        _ = stepgraph.nosuch


def test_the_parser_without_argv_has_every_command(monkeypatch: pytest.MonkeyPatch) -> None:
    from stepgraph import cli

    monkeypatch.setattr(sys, "argv", ["stepgraph", "run"])
    parser = cli._parser()
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    assert {"run", "approve", "worker", "migrate", "mcp"} <= set(sub.choices)
