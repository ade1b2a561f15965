"""Compiled patterns kept between processes (``stepgraph.claims.compiled``)."""

from __future__ import annotations

import importlib
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from stepgraph.claims import Table, check_text
from stepgraph.claims.compiled import CACHE, PatternCache, cache_file

WORDS = r"(?i)\b(?P<word>[^\W\d_]+)\s+(?:costs?|is)\s+(?P<amount>\d+(?:[.,]\d+)?)"


@pytest.fixture(autouse=True)
def _bytecode_written(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", False)  # PYTHONDONTWRITEBYTECODE in CI


def _saved(path: Path, *patterns: str) -> None:
    first = PatternCache(path)
    for pattern in patterns:
        first.compile(pattern)
    first.save()


def test_a_pattern_read_back_from_the_cache_is_the_one_re_compiles(tmp_path: Path) -> None:
    path = tmp_path / "patterns.bin"
    _saved(path, WORDS)
    assert PatternCache(path).compile(WORDS) == re.compile(WORDS)


def test_a_pattern_read_back_from_the_cache_is_not_compiled_again(tmp_path: Path) -> None:
    path = tmp_path / "patterns.bin"
    _saved(path, WORDS)
    second = PatternCache(path)
    second.compile(WORDS)
    assert second.misses == 0


def test_named_groups_survive_the_cache(tmp_path: Path) -> None:
    path = tmp_path / "patterns.bin"
    _saved(path, WORDS)
    found = PatternCache(path).compile(WORDS).search("Then Fastly costs 60.50 a month")
    assert (found.group("word", "amount") if found else None) == ("Fastly", "60.50")


def test_flags_are_part_of_the_key(tmp_path: Path) -> None:
    path = tmp_path / "patterns.bin"
    first = PatternCache(path)
    first.compile("abc")
    first.save()
    assert PatternCache(path).compile("abc", re.IGNORECASE).match("ABC") is not None


def test_a_damaged_cache_file_is_compiled_again(tmp_path: Path) -> None:
    path = tmp_path / "patterns.bin"
    path.write_bytes(b"\x00not a cache at all\xff" * 10)
    assert PatternCache(path).compile(WORDS) == re.compile(WORDS)


def test_a_cache_from_another_engine_is_not_read(tmp_path: Path) -> None:
    path = tmp_path / "patterns.bin"
    _saved(path, WORDS)
    other = path.read_bytes().replace(b"sre:", b"srx:", 1)
    path.write_bytes(other)
    second = PatternCache(path)
    second.compile(WORDS)
    assert second.misses == 1


def test_saving_into_a_folder_that_cannot_be_made_raises_nothing(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where the folder would be")
    cache = PatternCache(blocker / "sub" / "patterns.bin")
    cache.compile(WORDS)
    cache.save()
    assert not (blocker / "sub").exists()


def test_nothing_is_saved_when_bytecode_is_not_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    path = tmp_path / "patterns.bin"
    _saved(path, WORDS)
    assert not path.exists()


def test_nothing_is_saved_when_every_pattern_came_from_the_cache(tmp_path: Path) -> None:
    path = tmp_path / "patterns.bin"
    _saved(path, WORDS)
    before = path.stat().st_mtime_ns
    os.utime(path, ns=(before - 10**9, before - 10**9))
    _saved(path, WORDS)
    assert path.stat().st_mtime_ns == before - 10**9


def test_patterns_of_other_processes_are_kept_when_saving(tmp_path: Path) -> None:
    path = tmp_path / "patterns.bin"
    _saved(path, WORDS)
    _saved(path, "other")
    third = PatternCache(path)
    third.compile(WORDS)
    assert third.misses == 0


def test_warming_saves_even_where_bytecode_is_not_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    path = tmp_path / "patterns.bin"
    cache = PatternCache(path)
    cache.compile(WORDS)
    cache.save(warming=True)
    assert path.exists()


def test_warming_from_the_command_line_fills_the_cache(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPYCACHEPREFIX": str(tmp_path), "PYTHONDONTWRITEBYTECODE": "1"}
    subprocess.run([sys.executable, "-m", "stepgraph.claims"], env=env, check=True)
    script = (
        "import stepgraph.claims\nfrom stepgraph.claims.compiled import CACHE\nprint(CACHE.misses)"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "0"


def test_the_cache_file_follows_the_bytecode_prefix(tmp_path: Path) -> None:
    script = "from stepgraph.claims.compiled import cache_file; print(cache_file())"
    env = {**os.environ, "PYTHONPYCACHEPREFIX": str(tmp_path)}
    out = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
    )
    assert Path(out.stdout.strip()).is_relative_to(tmp_path)


def test_the_default_cache_file_sits_in_the_packages_pycache() -> None:
    assert Path(cache_file()).parent.name == "__pycache__"


def test_a_tables_own_name_pattern_is_not_added_to_the_packages_cache() -> None:
    # a new table (any input's ids) would otherwise grow the file and rewrite it at exit
    rows = [{"id": f"plan-{n}-q7zx", "monthly": 10.0 + n} for n in range(3)]
    before = CACHE.misses
    check_text("plan-1-q7zx costs 11.00 a month.", Table.from_rows(rows))
    assert CACHE.misses == before


def test_a_second_process_reads_every_claims_pattern_from_the_cache(tmp_path: Path) -> None:
    script = (
        "import stepgraph.claims\n"
        "from stepgraph.claims.compiled import CACHE\n"
        "print(CACHE.misses, CACHE.hits)\n"
    )
    env = {**os.environ, "PYTHONPYCACHEPREFIX": str(tmp_path)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)

    def run() -> list[int]:
        out = subprocess.run(
            [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
        )
        return [int(n) for n in out.stdout.split()]

    run()
    misses, hits = run()
    assert (misses, hits > 50) == (0, True)


def test_a_bad_pattern_raises_re_error_as_re_compile_does(tmp_path: Path) -> None:
    with pytest.raises(re.error, match="missing \\)"):
        PatternCache(tmp_path / "patterns.bin").compile("(unclosed")


def test_an_engine_whose_internals_moved_compiles_the_usual_way(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    internals = importlib.import_module("re._compiler")  # the private module it stands in for
    monkeypatch.delattr(internals, "_code")
    assert PatternCache(tmp_path / "patterns.bin").compile(WORDS) == re.compile(WORDS)
