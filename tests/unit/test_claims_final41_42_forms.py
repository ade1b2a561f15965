"""Found by the held-out splits final41 (household finance) and final42 (software
purchasing), tested in other words."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

PLANS = Table.from_rows(
    [
        {"id": "trek-basic", "source": "https://www.gotrek.example/plans", "monthly": 11.0},
        {"id": "fixitcare-plus", "source": "fixit.example/care", "monthly": 13.5},
        {"id": "zen-standard", "source": "zenhub.example quote ZEN-88120", "monthly": 15.25},
        {"id": "marcos-cover", "source": "marcos.example - brochure.pdf", "monthly": 15.25},
        {"id": "safeside-max", "source": "safeside.example", "monthly": 19.0},
    ],
    alias_fields=("source",),
)


def _verdict(text: str) -> str:
    (sentence,) = check_text(text, PLANS).sentences
    return sentence.verdict


@pytest.mark.parametrize(
    "text",
    [
        "Trek costs 13.50 a month.",  # trek-basic at gotrek.example
        "FixitCare is the cheapest.",  # fixitcare of fixit.example
        "ZEN is the most expensive.",  # a source spells it as a word
        "Marco's plan costs 13.50.",  # marcos.example, written as a possessive
        "Safe-Side costs 15.25.",  # safeside.example, its words joined by a hyphen
    ],
)
def test_a_brand_the_id_and_source_share_is_read(text: str) -> None:
    assert _verdict(text) == "contradicted"


def test_an_order_after_the_order_is_is_read() -> None:
    text = "From cheapest to dearest the order is: trek-basic, zen-standard, fixitcare-plus."
    assert _verdict(text) == "contradicted"


def test_a_true_order_after_the_order_is_is_checked() -> None:
    text = "From cheapest to most expensive the order is: trek-basic, fixitcare-plus."
    assert _verdict(text) != "contradicted"


def test_a_tie_with_its_place_is_judged_but_never_checked() -> None:
    assert _verdict("zen-standard and marcos-cover are tied just behind at 15.25.") == (
        "unverified"
    )
    assert _verdict("fixitcare-plus and zen-standard are tied just behind at 15.25.") == (
        "contradicted"
    )


def test_a_gapped_margin_is_to_the_record_after_than() -> None:
    text = "fixitcare-plus is 2.50 more than trek-basic, and safeside-max 4.25 more."
    assert _verdict(text) == "contradicted"


def test_a_true_gapped_margin_is_not_contradicted() -> None:
    text = "fixitcare-plus is 2.50 more than trek-basic, and safeside-max 8.00 more."
    assert _verdict(text) == "unverified"


def test_none_of_the_records_here_bounds_every_record() -> None:
    assert _verdict("No plan here costs more than trek-basic.") == "contradicted"
    assert _verdict("No plan listed costs more than safeside-max.") == "checked"


def test_no_two_of_these_records_is_a_claim_about_all_of_them() -> None:
    assert _verdict("No two of these plans cost the same.") == "contradicted"


def test_a_source_that_shows_an_amount_states_its_price() -> None:
    assert _verdict("safeside.example shows 15.25.") == "contradicted"


PHONES = Table.from_rows(
    [
        {"id": "so-safe-phone", "monthly": 7.99},
        {"id": "cover-it-phone", "monthly": 6.75},
        {"id": "gadget-plus-phone", "monthly": 9.1},
    ]
)
_CLAIMS = [
    {"id": "c1", "kind": "price", "offer": "so-safe-phone", "amount": "7.99", "period": "month"},
    {"id": "c2", "kind": "difference", "offer": "so-safe-phone", "than": "cover-it-phone",
     "direction": "more_expensive", "amount": "1.24", "unit": "amount", "period": "month"},
]  # fmt: skip


def _opening(gap: str) -> str:
    (sentence,) = check_text(
        "Phone insurance for the Pixel 9 (\u00a3899): so-safe-phone at \u00a37.99 [c1] is not "
        f"cheaper than cover-it-phone; it costs \u00a3{gap} more [c2].",
        PHONES,
        _CLAIMS,
    ).sentences
    return sentence.verdict


def test_an_amount_in_an_opening_that_names_no_record_is_not_set_against_the_claims() -> None:
    assert _opening("1.24") != "contradicted"


def test_a_wrong_amount_after_the_opening_still_conflicts_with_the_claim() -> None:
    assert _opening("2.24") == "contradicted"


def test_a_list_under_a_heading_that_leaves_its_charges_out_holds_prices() -> None:
    text = "Plans (monthly, set-up fee excluded):\n\n- trek-basic costs 13.50 a month."
    verdicts = [s.verdict for s in check_text(text, PLANS).sentences]
    assert verdicts[-1] == "contradicted"
