"""``stepgraph.lazy.lazy_names``: names exported but imported on first use."""

from __future__ import annotations

import subprocess
import sys

import pytest


def run(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return done.stdout.strip()


def test_a_lazy_name_is_not_imported_until_it_is_used() -> None:
    code = (
        "import sys, stepgraph.retry as r\n"
        "print('stepgraph.node_retry' in sys.modules)\n"
        "r.NodeRetry\n"
        "print('stepgraph.node_retry' in sys.modules, 'NodeRetry' in vars(r))"
    )
    assert run(code).splitlines() == ["False", "True True"]


def test_a_lazy_name_is_the_class_of_its_module() -> None:
    from stepgraph.stores import RunSummary
    from stepgraph.stores.summaries import RunSummary as Direct

    assert RunSummary is Direct


def test_an_unknown_name_is_an_attribute_error_naming_the_module() -> None:
    from stepgraph import migrations

    with pytest.raises(AttributeError, match=r"'stepgraph\.migrations' has no attribute 'Nope'"):
        _ = migrations.Nope
