"""What the final15 split found: six false blocks and one false "checked", each as a
behaviour in other words."""

from __future__ import annotations

from stepgraph.claims import Table, check_text

SEVEN = Table.from_rows(
    [
        {"id": "k1", "monthly": 55},
        {"id": "k2", "monthly": 50},
        {"id": "k3", "monthly": 55},
        {"id": "k4", "monthly": 59.99},
        {"id": "k5", "monthly": 50},
        {"id": "k6", "monthly": 80},
        {"id": "k7", "monthly": 95},
    ]
)


def verdicts(text: str, table: Table, claims: list[dict[str, object]] | None = None) -> list[str]:
    return [s.verdict for s in check_text(text, table, claims).sentences]


def test_a_list_under_a_yearly_heading_holds_yearly_figures() -> None:
    text = "Per year (twelve months):\n- k2: 600.00\n- k6: 960.00\n\nk2 is recommended."
    assert "contradicted" not in verdicts(text, SEVEN)
    wrong = "Per year (twelve months):\n- k2: 610.00\n- k6: 960.00\n\nk2 is recommended."
    assert "contradicted" in verdicts(wrong, SEVEN)


def test_a_list_under_a_difference_heading_holds_no_prices() -> None:
    text = "Gap to the cheapest offer (50.00):\n- k5: 0.00 (tied)\n- k1: +5.00\n- k7: +45.00"
    assert "contradicted" not in verdicts(text, SEVEN)


def test_two_records_called_the_most_expensive_are_the_top_two() -> None:
    assert verdicts("The fibre plans, k6 and k7, are the most expensive.", SEVEN) == ["checked"]
    assert verdicts("The plans k4 and k7 are the most expensive.", SEVEN) == ["contradicted"]


def test_followed_by_after_a_rank_is_the_next_rank() -> None:
    text = "The third cheapest offer is k1 at 55.00, followed by k4 at 59.99."
    assert verdicts(text, SEVEN) != ["contradicted"]


def test_exceeds_is_a_bound() -> None:
    assert verdicts("Only k7 exceeds 90.00 a month.", SEVEN) != ["contradicted"]


def test_steps_between_neighbouring_offers_are_differences() -> None:
    text = "The steps between neighbouring offers are 5.00, 4.99 and 20.01, so k6 is far above k4."
    assert "contradicted" not in verdicts(text, SEVEN)
    text = "From k2 it is 5.00 to k1, 4.99 again to k4, then 20.01 to k6."
    assert "contradicted" not in verdicts(text, SEVEN)


def test_the_cheapest_of_a_group_the_sentence_picks_is_no_overall_claim() -> None:
    text = "Among the three cable plans (k1, k4 and k6), k1 would be the cheapest of that group."
    assert verdicts(text, SEVEN) != ["contradicted"]


def test_a_fee_in_a_sentence_citing_claims_is_no_conflicting_amount() -> None:
    table = Table.from_rows([{"id": "D1", "monthly": 29.99}, {"id": "D2", "monthly": 39}])
    claims: list[dict[str, object]] = [
        {"id": "c1", "kind": "price", "offer": "D2", "amount": "39.00", "period": "month"}
    ]
    text = "D2 costs 39.00 a month [c1], with a 69.00 set-up fee and a 12-month term."
    assert verdicts(text, table, claims) != ["contradicted"]


def test_a_source_named_for_another_offer_is_never_checked() -> None:
    table = Table.from_rows(
        [
            {"id": "Sparkle", "monthly": 180, "source": "quote from Anna, 12 Feb"},
            {"id": "Bright", "monthly": 165, "source": "Marek's email"},
        ],
        alias_fields=("source",),
    )
    claims: list[dict[str, object]] = [
        {"id": "c1", "kind": "price", "offer": "Sparkle", "amount": "180", "period": "month"}
    ]
    found = verdicts("Marek's quote for Sparkle is 180 a month [c1].", table, claims)
    assert found != ["checked"]
