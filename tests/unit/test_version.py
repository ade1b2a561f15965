"""The version is written once, in stepgraph/__init__.py; the package metadata reads it."""

from __future__ import annotations

import importlib.metadata
import re
from pathlib import Path

import stepgraph

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def _project_table() -> str:
    text = PYPROJECT.read_text(encoding="utf-8")
    return text.split("[project]\n", 1)[1].split("\n[", 1)[0]


def test_the_version_attribute_is_the_installed_metadata_version() -> None:
    assert stepgraph.__version__ == importlib.metadata.version("stepgraph")


def test_pyproject_takes_the_version_from_the_package() -> None:
    project = _project_table()
    assert re.search(r'^dynamic = \["version"\]$', project, re.M)
    assert not re.search(r"^version\s*=", project, re.M)


def test_the_version_is_a_release_number() -> None:
    assert re.fullmatch(r"\d+\.\d+\.\d+", stepgraph.__version__)
