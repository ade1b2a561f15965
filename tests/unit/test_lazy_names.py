"""``stepgraph.lazy``: names exported but imported on first use (``lazy_names``), and
regular expressions compiled on first use (``pattern``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "offers.json"


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


def test_a_lazy_pattern_compiles_on_first_use_and_then_is_the_pattern() -> None:
    import re

    from stepgraph.lazy import pattern

    source = r"(?i)\b(?P<word>cheap(?:est)?)\b"
    lazy, compiled = pattern(source), re.compile(source)
    assert "search" not in vars(lazy)  # nothing compiled yet
    text = "The Cheapest is cheap, not CHEAPER."
    assert lazy.search(text).group("word") == compiled.search(text).group("word")  # type: ignore[union-attr]
    assert vars(lazy)["search"] == compiled.search  # the compiled pattern's own method now
    assert [m.span() for m in lazy.finditer(text)] == [m.span() for m in compiled.finditer(text)]
    assert lazy.sub("x", text) == compiled.sub("x", text)
    assert lazy.split(text) == compiled.split(text)
    assert (lazy.pattern, lazy.flags, lazy.groups) == (source, compiled.flags, 1)
    assert lazy.fullmatch("cheap")
    assert not lazy.match("not cheap")


def test_a_plain_run_compiles_none_of_the_patterns_left_for_first_use(tmp_path: Path) -> None:
    probe = (
        "import sys\n"
        "from stepgraph.cli import main\n"
        f"assert main(['run', 'offers', {str(EXAMPLE)!r}]) == 0\n"
        "from stepgraph.claims import layout, reader\n"
        "from stepgraph import privacy, scrub\n"
        "lazy = [layout._UP, layout._NOT_A_PRICE, reader._DESCENDING, privacy._TOKEN,\n"
        "        scrub._SHAPES]\n"
        "assert not any('search' in vars(p) for p in lazy), 'compiled'\n"
    )
    subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, check=True, capture_output=True)
