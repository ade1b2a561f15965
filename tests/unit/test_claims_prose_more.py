"""Forms of the prose reader added for the dev3 split, one behaviour per test.

Inputs: A 120, B 90, C 110 (sources offer-A-v1 ...) unless a test says.
"""

from __future__ import annotations

from stepgraph.claims import Table, check_text

SEED = Table.from_rows(
    [
        {"id": "A", "source": "offer-A-v1", "monthly": 120},
        {"id": "B", "source": "offer-B-v1", "monthly": 90},
        {"id": "C", "source": "offer-C-v1", "monthly": 110},
    ],
    alias_fields=("source",),
)
FOUR = Table.from_rows(
    [
        {"id": "P1", "source": "quote-P1", "monthly": 58.6},
        {"id": "P2", "source": "quote-P2", "monthly": 61.2},
        {"id": "P3", "source": "quote-P3", "monthly": 49.9},
        {"id": "P4", "source": "quote-P4", "monthly": 72.0},
    ],
    alias_fields=("source",),
)


def verdicts(text: str, table: Table = SEED) -> list[str]:
    return [s.verdict for s in check_text(text, table).sentences]


def test_appears_to_be_the_cheapest_is_read_as_a_hedged_superlative() -> None:
    assert verdicts("B appears to be the cheapest at 60 per month.") == ["contradicted"]
    assert verdicts("A seems to be the cheapest.") == ["contradicted"]
    assert verdicts("B appears to be the cheapest at 90 per month.") == ["unverified"]
