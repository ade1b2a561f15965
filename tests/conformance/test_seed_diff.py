"""A sample of the differential run against the seed's own JavaScript (bench/seed_diff.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bench import seed_diff

DOCS = Path(__file__).resolve().parents[2] / "docs" / "seed.md"
SEED_TEXT = seed_diff.find_seed_text()
needs_node = pytest.mark.skipif(
    shutil.which("node") is None or not SEED_TEXT.is_file(),
    reason=f"needs node on PATH and the seed text at {SEED_TEXT}",
)


def test_the_seeds_files_are_cut_out_of_its_text() -> None:
    if not SEED_TEXT.is_file():
        pytest.skip(f"no seed text at {SEED_TEXT}")
    files = seed_diff.extract(SEED_TEXT.read_text(encoding="utf-8"))
    assert files["flow.mjs"].startswith("export const PROMPT")
    assert files["harness.mjs"].rstrip().endswith("}")
    assert "export async function run(" in files["harness.mjs"]


@needs_node
def test_every_disagreement_on_sixty_cases_is_a_documented_row() -> None:
    tally = seed_diff.compare(60, seed=7, seed_text=SEED_TEXT)
    assert tally is not None
    assert dict(tally.undocumented) == {}
    assert tally.agreed > 0
    rows = {verdict.split(":")[0] for verdict in tally.documented}
    documented = DOCS.read_text(encoding="utf-8")
    assert rows  # the sample does reach the known differences
    assert all(f"| **{row}** |" in documented for row in rows)


def test_a_missing_node_is_reported_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert seed_diff.main(["--cases", "1"]) == seed_diff.EXIT_MISSING
