"""Found by the held-out splits final27 (household purchases at length) and final28 (long
reports in German, French, Spanish, Italian), tested in other words."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

KITS = Table.from_rows(
    [
        {"id": "vista", "monthly": 58.5},
        {"id": "cine", "monthly": 22.49},
        {"id": "basil", "monthly": 71.92},
    ]
)


def _verdicts(text: str) -> list[str]:
    return [s.verdict for s in check_text(text, KITS).sentences]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("vista's first year: 3 \u00d7 £35.00 + 9 \u00d7 £58.50 = £631.50.", "unverified"),
        ("vista's first year: 3 \u00d7 £35.00 + 9 \u00d7 £58.50 = £641.50.", "contradicted"),
        (
            "cine's $1 first month means a first year of $1.00 + 11 \u00d7 $22.49 = $248.39.",
            "unverified",
        ),
    ],
)
def test_a_sum_of_products_is_checked_whole(text: str, verdict: str) -> None:
    assert _verdicts(text) == [verdict]


@pytest.mark.parametrize(
    "text",
    [
        "- basil has the lowest per-serving price ($8.99).",
        "- cine has a $5 autopay discount, which I left out.",
        "basil's first year with the kit: £1,062.04.",
        "| Studio | Monat | Aufnahme | 1. Jahr |\n|---|---|---|---|\n"
        "| vista | 58,50 € | 29,00 € | 731,00 € |",
        "vista ist 36,01 € im Monat teurer als cine, dazu kommt ein Treuebonus von 60 €.",
    ],
)
def test_true_figures_that_are_no_monthly_price_are_not_blocked(text: str) -> None:
    assert "contradicted" not in _verdicts(text)


def test_a_gap_said_with_mas_barata_goes_the_cheap_way() -> None:
    assert _verdicts("cine sale 36,01 € al mes más barata que vista.") != ["contradicted"]
    assert _verdicts("vista sale 36,01 € al mes más barata que cine.") == ["contradicted"]


@pytest.mark.parametrize(
    "text",
    [
        "## First-year cost including upfront charges\n- vista: $768.40\n- cine: $320.00",
        "- cine: £15,000 of contents may be thin for a shared flat",
        "- vista: £1,734 up front, 3-year tie-in",
        "vista: $1 first month, then the regular price",
        "If you need care in school holidays, cine is the cheapest year-round option.",
        "Of the six-account plans, cine is €36.01 a month cheaper than vista.",
    ],
)
def test_totals_under_a_heading_and_other_figures_are_no_monthly_price(text: str) -> None:
    assert "contradicted" not in _verdicts(text)
