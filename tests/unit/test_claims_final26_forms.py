"""Found by the held-out split final26 (business services bought monthly), tested in other
words: first-year totals that take a one-off charge in, another way to pay (an annual
plan), unit prices of extras, prices per seat or endpoint, a tied place (``4=``)."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

SERVICES = Table.from_rows(
    [
        {"id": "lumen", "source": "Lumen Payroll, £150 onboarding", "monthly": 760},
        {"id": "arc", "source": "Arc Books, 12-month term", "monthly": 815},
        {"id": "vale", "source": "Vale Accounts", "monthly": 890},
    ],
    alias_fields=("source",),
)


def _verdicts(text: str) -> list[str]:
    return [s.verdict for s in check_text(text, SERVICES).sentences]


@pytest.mark.parametrize(
    "text",
    [
        "Lumen has a £150 onboarding fee; including it, the first year is £9,270.00.",
        "It has a £600 set-up, so first year £9,780.00, and 3 months' notice.",
        "Arc also offers an annual plan at £9,000, below the £9,780.00 you'd pay monthly.",
        "Vale gives 10% off for annual payment; I haven't applied that here.",
        "Extra hours cost £95 (Lumen), £90 (Arc) and £120 (Vale).",
        "Extra reviews are £45 each.",
        "Arc is £815.00 a month (5 payroll seats at £163).",
        "Vale comes to £890.00 ($89 x 10 endpoints).",
        "Rush jobs at Arc cost 25% extra.",
    ],
)
def test_true_figures_that_are_no_monthly_price_are_not_blocked(text: str) -> None:
    assert "contradicted" not in _verdicts(text)


def test_a_false_monthly_price_beside_them_is_still_contradicted() -> None:
    assert _verdicts("Arc is £825.00 a month (5 payroll seats at £165).") == ["contradicted"]


def test_a_tied_place_in_a_ranked_table_is_no_single_rank() -> None:
    text = "| Rank | Agency | Monthly |\n|---|---|---|\n| 2= | Arc Books | £815.00 |"
    assert "contradicted" not in _verdicts(text)
