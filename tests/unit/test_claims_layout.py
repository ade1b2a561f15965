"""What an item of a numbered ranked list or a row of a table says by its place.

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


def verdicts(text: str, table: Table = SEED) -> list[str]:
    return [s.verdict for s in check_text(text, table).sentences]


def test_an_item_of_a_list_ranked_cheapest_first_out_of_place_is_contradicted() -> None:
    text = "Ranking by monthly price (cheapest first):\n1. B - 90\n2. A - 120\n3. C - 110"
    assert verdicts(text) == ["unverified", "checked", "contradicted", "contradicted"]


def test_items_of_a_list_ranked_cheapest_first_in_place_are_checked() -> None:
    text = "Ranking by monthly price (cheapest first):\n1. B - 90\n2. C - 110\n3. A - 120"
    assert verdicts(text) == ["unverified", "checked", "checked", "checked"]


def test_a_list_ranked_most_expensive_first_counts_from_the_top() -> None:
    text = "From most expensive to cheapest:\n1. A (120)\n2. C (110)\n3. B (90)"
    assert "contradicted" not in verdicts(text)
    wrong = "From most expensive to cheapest:\n1. A (120)\n2. B (90)\n3. C (110)"
    assert verdicts(wrong)[2:] == ["contradicted", "contradicted"]


def test_a_list_ranked_by_price_without_a_direction_is_never_checked() -> None:
    text = "Ranked by price:\n1. B - 90\n2. C - 110\n3. A - 120"
    assert verdicts(text)[1:] == ["unverified"] * 3


def test_a_numbered_list_without_a_ranking_lead_in_ranks_nothing() -> None:
    text = "Points to note:\n1. A has the longest contract.\n2. B costs 90.\n3. C costs 110."
    assert verdicts(text) == ["unverified", "unverified", "checked", "checked"]


def test_a_yearly_column_holds_yearly_prices() -> None:
    head = "| Offer | Monthly | Yearly |\n|---|---|---|\n"
    assert verdicts(head + "| C | €110.00 | €1,320.00 |")[1] == "checked"
    assert verdicts(head + "| C | €110.00 | €1,220.00 |")[1] == "contradicted"


def test_a_gap_column_against_the_cheapest_is_checked() -> None:
    head = "| Offer | Δ vs cheapest |\n|---|---|\n"
    assert verdicts(head + "| B | \u2013 |\n| C | +20 |\n| A | +30 |")[2:] == ["checked", "checked"]
    assert verdicts(head + "| A | +40 |")[1] == "contradicted"


def test_a_rank_column_out_of_place_is_contradicted_and_never_checked() -> None:
    head = "| Offer | Price/month | Rank |\n|---|---|---|\n"
    assert verdicts(head + "| A | 120 | 2 |")[1] == "contradicted"
    assert verdicts(head + "| C | 110 | 2 |")[1] == "unverified"


def test_a_column_of_totals_or_fees_is_not_read_as_the_monthly_price() -> None:
    head = "| Offer | Monthly | Total cost (24 months) | Setup fee |\n|---|---|---|---|\n"
    assert verdicts(head + "| B | 90 | 2,160 | 49 |")[1] == "unverified"
