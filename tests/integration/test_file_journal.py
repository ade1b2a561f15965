"""The file store's generation journal: an append cut short by a crash is not written.

A kill (or a full disk) inside an append leaves a last line without its newline. The
reader skips it; the next append must not glue its record onto it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from stepgraph import open_store


@pytest.mark.parametrize("keep", [1, 40])
def test_a_journal_record_appended_after_a_torn_line_is_read(tmp_path: Path, keep: int) -> None:
    with open_store(f"file:{tmp_path}") as store:
        store.record_generation("r", "1:a", {"attempt": 1})
        path = tmp_path / "r.generations"
        with path.open("ab") as handle:
            handle.write(b'{"key":"1:b","record":{"attempt":1,"sum":"sha256:'[:keep])
        store.record_generation("r", "1:c", {"attempt": 2})
        assert store.generations("r") == {"1:a": {"attempt": 1}, "1:c": {"attempt": 2}}


def test_a_journal_whose_last_line_is_cut_inside_a_character_is_read(tmp_path: Path) -> None:
    with open_store(f"file:{tmp_path}") as store:
        store.record_generation("r", "1:a", {"attempt": 1})
        with (tmp_path / "r.generations").open("ab") as handle:
            handle.write('{"key":"1:é'.encode()[:-1])  # half of a 2-byte character
        assert store.generations("r") == {"1:a": {"attempt": 1}}
