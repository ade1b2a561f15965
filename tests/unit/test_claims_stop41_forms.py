"""Forms found this stop on the new and kept-aside splits, tested in other words."""

from __future__ import annotations

from stepgraph.claims import Table

from .test_claims_stop36_forms import _verdicts

POLICIES = Table.from_rows(
    [
        {"id": "mobiliar", "monthly": 38.4},
        {"id": "axa", "monthly": 41.75},
        {"id": "zurich", "monthly": 45.1},
        {"id": "helvetia", "monthly": 36.8},
    ]
)


def test_a_list_under_a_monthly_premium_heading_holds_prices() -> None:
    text = "Four quotes, monthly premium:\n- helvetia: CHF 38.40\n- axa: CHF 41.75"
    assert _verdicts(POLICIES, text)[1] == "contradicted"


def test_a_count_cheaper_than_an_amount_is_checked_when_true() -> None:
    assert _verdicts(POLICIES, "Two of the four are cheaper than CHF 40.00.") == ["checked"]


def test_a_count_cheaper_than_an_amount_is_contradicted_when_false() -> None:
    # (the audit contradicted it before too, as an amount no input holds: a guard)
    assert _verdicts(POLICIES, "Three of the four are cheaper than CHF 40.00.") == ["contradicted"]


def test_a_count_more_expensive_than_an_amount_is_read() -> None:
    assert _verdicts(POLICIES, "Two quotes are more expensive than CHF 40.00.") == ["checked"]


def test_a_count_lower_than_an_amount_is_contradicted_when_false() -> None:
    assert _verdicts(POLICIES, "Three quotes are lower than CHF 40.00.") == ["contradicted"]


def test_a_count_dearer_than_an_amount_is_contradicted_when_false() -> None:
    # (the audit contradicted it before too, as an amount no input holds: a guard)
    assert _verdicts(POLICIES, "One of the four is dearer than CHF 40.00.") == ["contradicted"]


def test_a_count_cheaper_than_an_offer_is_not_a_bound() -> None:
    # the offer after "than" is no amount: another form reads it (or leaves it)
    assert "checked" not in _verdicts(POLICIES, "Three of the four are cheaper than zurich by 9.")
