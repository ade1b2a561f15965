"""A small sample of the false-block campaign (bench/claims_rewrites.py): rewrites of the
correct reports of two splits that say the same thing never block."""

from __future__ import annotations

from pathlib import Path

from bench.claims_rewrites import campaign, rewrites

SUITE = Path(__file__).resolve().parents[2] / "evals" / "claims"


def test_meaning_preserving_rewrites_of_correct_reports_do_not_block() -> None:
    tried, blocked = campaign([SUITE / "dev4", SUITE / "final7"])
    assert tried > 500
    assert blocked == []


def test_a_rewrite_that_changes_nothing_is_not_tried() -> None:
    assert [name for name, _ in rewrites("No numbers here")] == [
        "no-break spaces",
        "bullets",
        "html paragraphs",
        "sentence before",
        "sentence after",
    ]
