"""Found by the held-out split final23 (long English reports for real purchases), tested in
other words: tables with columns of other money, counts of other things, per-person
figures beside cited claims, worked sums, one-off charges, restricted superlatives."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

GYMS = Table.from_rows(
    [
        {"id": "pure", "source": "PureGym Core, £0 joining fee", "monthly": 24.99},
        {"id": "fit", "source": "FitSpace Flex, £15 joining fee", "monthly": 29.99},
        {"id": "nuff", "source": "Nuffield Health Individual, 12 months", "monthly": 79},
    ],
    alias_fields=("source",),
)
SEATS = Table.from_rows(
    [
        {"id": "slate", "source": "Slate Team, 10 seats", "monthly": 120},
        {"id": "quill", "source": "Quill Pro, 10 seats", "monthly": 95},
    ],
    alias_fields=("source",),
)


def _verdicts(text: str, table: Table = GYMS, claims: object = None) -> list[str]:
    return [s.verdict for s in check_text(text, table, claims).sentences]


def test_columns_of_other_money_in_a_table_are_no_prices() -> None:
    text = (
        "| Gym | Monthly | Per person (÷2) | Yearly | Joining | Contract |\n"
        "|---|---|---|---|---|---|\n"
        "| PureGym Core | £24.99 | £12.50 | £299.88 | £0 | none |\n"
        "| FitSpace Flex | £29.99 | £15.00 | £359.88 | £15 | none |\n"
        "| Nuffield Health Individual | £79.00 | £39.50 | £948.00 | £0 | 12 months; min. 2 visits |"
    )
    assert "contradicted" not in _verdicts(text)


def test_a_false_monthly_price_in_such_a_table_is_still_contradicted() -> None:
    text = "| Gym | Monthly | Joining |\n|---|---|---|\n| FitSpace Flex | £27.99 | £15 |"
    assert "contradicted" in _verdicts(text)


def test_a_row_comparing_two_offers_holds_gaps_not_prices() -> None:
    text = (
        "| Comparison | Per month | Per year |\n|---|---|---|\n"
        "| PureGym Core vs FitSpace Flex | £5.00 | £60.00 |"
    )
    assert "contradicted" not in _verdicts(text)


@pytest.mark.parametrize(
    "text",
    [
        "Three gyms quoted for all four members of the household.",
        "The team of 10 wants all 10 seats on one plan.",
        "I compared 3 monthly gym memberships.",
        "Among the no-contract gyms, pure is the cheapest, followed by fit.",
        "pure is the cheapest option with no joining fee.",
    ],
)
def test_counts_and_groups_of_other_things_are_not_about_every_offer(text: str) -> None:
    assert "contradicted" not in _verdicts(text)


def test_a_per_person_figure_beside_a_cited_total_is_no_conflict() -> None:
    claims = [{"id": "c1", "kind": "price", "offer": "quill", "amount": "95.00",
               "period": "month"}]  # fmt: skip
    text = "quill is £95.00 a month for the team [c1], or £9.50 per seat."
    assert _verdicts(text, SEATS, claims) != ["contradicted"]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("- pure: £50 + 12 x £24.99 = £349.88", "unverified"),
        ("- nuff: £0 joining + 12 x £79.00 = £948.00", "unverified"),
    ],
)
def test_a_worked_sum_reads_its_terms_as_terms(text: str, verdict: str) -> None:
    assert _verdicts(text) == [verdict]


@pytest.mark.parametrize(
    "text",
    [
        "- con: £15 joining fee",
        "- con: £25 registration each year",
        "FitSpace charges a £15 induction.",
        "Second is FitSpace Flex (£29.99), third Nuffield Health Individual (£79.00).",
        "fit was £32.99 last year.",
    ],
)
def test_true_sentences_about_charges_and_places_are_not_blocked(text: str) -> None:
    assert "contradicted" not in _verdicts(text)


def test_a_superlative_of_a_feature_with_its_figure_in_brackets_is_no_price() -> None:
    text = "pure also has the highest class limit (30), while nuff has the lowest (£4,000)."
    assert "contradicted" not in _verdicts(text)


def test_an_order_that_opens_with_a_tie_has_no_single_leader() -> None:
    table = Table.from_rows(
        [
            {"id": "p1", "monthly": 34},
            {"id": "p2", "monthly": 34},
            {"id": "p3", "monthly": 35},
            {"id": "p4", "monthly": 36},
        ]
    )
    text = "Price order from cheapest: p1 and p2 (tied), then p3 and p4."
    assert "contradicted" not in _verdicts(text, table)
