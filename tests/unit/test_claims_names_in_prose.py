"""How real reports name offers (found by the held-out split final20, tested in other
words): ids with their separators written otherwise, the first part of a source name, and
numbers that belong to a name (``Fibre 500``, ``the Ioniq 6``, ``1&1``, ``row 2``)."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

FIBRE = Table.from_rows(
    [
        {"id": "hyp_300", "source": "Hyperoptic Fibre 300, 24 months", "monthly": 32},
        {"id": "bt_ff900", "source": "BT Full Fibre 900, 24 months, router", "monthly": 55.99},
        {"id": "tt_fibre_80", "source": "TalkTalk Fibre 80 - 18 months", "monthly": 27.5},
    ],
    alias_fields=("source",),
)
CARS = Table.from_rows(
    [
        {"id": "l-1", "source": "Kia EV9 Air \u2013 36 months, 8,000 miles", "monthly": 689},
        {"id": "l-2", "source": "Hyundai Ioniq 5 Premium \u2013 36 months", "monthly": 455},
        {"id": "l-3", "source": "Renault 5 Iconic \u2013 36 months", "monthly": 329},
    ],
    alias_fields=("source",),
)
TELCO = Table.from_rows(
    [
        {"id": "u-s", "source": "1&1 DSL 50, 24 Monate", "monthly": 29.99},
        {"id": "t-m", "source": "Telekom MagentaZuhause M, 24 Monate", "monthly": 39.95},
    ],
    alias_fields=("source",),
)
UNITS = Table.from_rows(
    [
        {"id": "unit-001", "source": "Safestore, 25 sq ft", "monthly": 85},
        {"id": "unit-002", "source": "Big Yellow, 25 sq ft", "monthly": 99},
        {"id": "unit-003", "source": "Access, 25 sq ft", "monthly": 79},
    ],
    alias_fields=("source",),
)


def _verdicts(text: str, table: Table) -> list[str]:
    return [s.verdict for s in check_text(text, table).sentences]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("tt-fibre-80 is the cheapest at £27.50 a month.", "unverified"),  # loose: never checked
        ("tt-fibre-80 is the most expensive.", "contradicted"),
        ("TT FIBRE 80 costs £29.50 a month.", "contradicted"),
    ],
)
def test_an_id_with_its_separators_written_otherwise_names_that_record(
    text: str, verdict: str
) -> None:
    assert _verdicts(text, FIBRE) == [verdict]


def test_the_first_part_of_a_source_name_names_its_record() -> None:
    assert _verdicts("TalkTalk Fibre 80 is the most expensive.", FIBRE) == ["contradicted"]


@pytest.mark.parametrize(
    "text",
    [
        "BT's Full Fibre 900 costs £55.99, the most expensive.",
        "Hyperoptic Fibre 300 (hyp_300) comes in at £32.00 a month.",
        "The Ioniq 5 is £126.00 more than the Renault 5 each month.",
        "1&1 DSL 50 is the cheaper line at €29.99.",
        "Looking at the rows: row 1 (Safestore) is £85.00, row 2 (Big Yellow) £99.00.",
        "Unit 3 (Access) at £79.00 beats offer 1 by £6.00.",
    ],
)
def test_a_number_that_belongs_to_a_name_is_no_amount(text: str) -> None:
    table = {"B": FIBRE, "H": FIBRE, "T": CARS, "1": TELCO, "L": UNITS, "U": UNITS}[text[0]]
    assert "contradicted" not in _verdicts(text, table)


def test_a_false_price_beside_a_numbered_name_is_still_contradicted() -> None:
    assert _verdicts("BT's Full Fibre 900 costs £59.99 a month.", FIBRE) == ["contradicted"]


def test_a_name_shaped_like_an_id_that_names_no_record_is_never_checked() -> None:
    table = Table.from_rows([{"id": "2024-max", "monthly": 19}, {"id": "2024-basic", "monthly": 9}])
    assert _verdicts("2025-max is the most expensive at €19.00.", table) == ["unverified"]
    assert _verdicts("2024-max is the most expensive at €19.00.", table) == ["checked"]
