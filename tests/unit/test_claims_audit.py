"""The amount audit: an amount in prose that no reading of the inputs produces blocks.

A sentence the recognised forms cannot read is otherwise left unverified; when it states a
money amount (a price, a gap, a yearly or contract total, a percentage of a gap) that is
none of the figures the inputs give for the offers it names (prices, differences, sums,
the average, 12 times or a stated term times any of those, within the stated precision
or the hedge's tolerance), the sentence is false whatever it meant.

Inputs: Lite 42.50, Mid 46, Max 50 unless a test says.
"""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

PLANS = Table.from_rows(
    [
        {"id": "Lite", "source": "lite-2026.pdf", "monthly": 42.5},
        {"id": "Mid", "source": "mid-2026.pdf", "monthly": 46},
        {"id": "Max", "source": "max-2026.pdf", "monthly": 50},
    ],
    alias_fields=("source",),
)


def verdict(text: str, table: Table = PLANS) -> str:
    found = check_text(text, table).sentences
    assert len(found) == 1, [s.text for s in found]
    return found[0].verdict


@pytest.mark.parametrize(
    "text",
    [
        "Going with Lite saves 7.50 a month, or 80 a year.",
        "On the 24-month plan, Lite adds up to 1,000 in total.",
        "Lite is the lowest; Mid is 4.50 more; Max is 7.50 more.",
        "Mid comes in at € 47,00 per month.",
        "Lite is roughly 20 a month cheaper than Max.",
        "Mid is just under 3 cheaper than Max.",
        "Lite is 25% cheaper than Max.",
        "Over a year, Mid comes to 560.",
        "Max is the dearest (7.00 above Lite).",
        "Picking Lite instead of Max, you keep twelve more each month.",
        "Over two years, choosing Lite over Max saves 200.",
    ],
)
def test_an_amount_no_figure_of_the_inputs_gives_contradicts_the_sentence(text: str) -> None:
    assert verdict(text) == "contradicted"


def test_the_reason_names_the_amount_and_the_inputs() -> None:
    found = check_text("Going with Lite saves 7.50 a month, or 80 a year.", PLANS)
    assert found.blocked
    why = found.sentences[0].why
    assert "80 is no price" in why
    assert "Lite 42.5" in why


@pytest.mark.parametrize(
    "text",
    [
        "Going with Lite saves 7.50 a month, or 90.00 a year.",
        "Over a 24-month term Lite totals 1,020.00.",
        "Max is 7.5 more, though.",
        "Lite includes 30 GB and 2 months free.",
        "The offers were updated on 3 March 2026 (version 2.1).",
        "Lite is about 15% cheaper than Max.",
        "If Max dropped 10 a month, it would be the cheapest.",
        "Two of the three offers cost under 50.",
        "The average monthly price is 46.17.",
        "Together, Lite and Mid cost 88.50 a month.",
        "Mid sits 3.50 above Lite and 4 below Max.",
        "Over two years, choosing Lite over Max saves 180.",
        "The gap between the cheapest and the dearest is 7.50 per month, i.e. 90 per year.",
        "Lite (42.50), Mid (46.00) and Max (50.00) were compared.",
        "Lite is roughly 43 a month, well below the rest.",
        "In EUR, Lite costs 42,50 monthly against 50,00 for Max.",
        "Lite is listed on page 4 of lite-2026.pdf, revision 3.",
    ],
)
def test_an_amount_some_figure_of_the_inputs_gives_does_not_block(text: str) -> None:
    assert verdict(text) != "contradicted"


def test_a_percentage_of_something_other_than_a_price_is_not_audited() -> None:
    assert verdict("Lite comes with a 99.9% uptime promise and is the cheapest.") != (
        "contradicted"
    )


@pytest.mark.parametrize(
    "text",
    ["Max is 17.6% more than Lite.", "Lite undercuts Max by 15%.", "That is a 15% saving."],
)
def test_a_percentage_of_a_gap_over_either_price_does_not_block(text: str) -> None:
    assert verdict(text) != "contradicted"


def test_an_amount_in_a_hypothetical_is_left_to_the_reviewer() -> None:
    assert verdict("If Lite rose to 55 a month, Mid would be the pick.") == "unverified"


def test_a_monthly_amount_is_not_explained_by_a_yearly_figure() -> None:
    assert verdict("Max works out at 600 per month.") == "contradicted"


def test_a_missing_price_gives_no_figure() -> None:
    table = Table.from_rows([{"id": "Lite", "monthly": 42.5}, {"id": "Max", "monthly": None}])
    assert verdict("Max would be 50 a month, going by last year.", table) == "contradicted"


def test_exactly_leaves_no_rounding() -> None:
    assert verdict("Lite saves exactly 8 a month over Max.") == "contradicted"
    assert verdict("Lite saves exactly 7.50 a month over Max.") != "contradicted"


def test_just_under_is_a_strict_bound() -> None:
    three = Table.from_rows(
        [{"id": "o1", "monthly": 49.99}, {"id": "o2", "monthly": 39.5}, {"id": "o3", "monthly": 59}]
    )  # o2 is 10.49 below o1; o3 - o1 = 9.01 is not "just under 9"
    assert verdict("o2 undercuts o1 by just under 9 a month.", three) == "contradicted"
    assert verdict("o2 undercuts o1 by just under 11 a month.", three) != "contradicted"


def test_an_amount_after_is_in_a_sentence_about_a_saving_is_audited() -> None:
    assert verdict("Per year, the saving of Lite versus Max is 100.") == "contradicted"
    assert verdict("Per year, the saving of Lite versus Max is 90.") != "contradicted"
    assert verdict("The difference is 3 points.") != "contradicted"


def test_a_rate_per_something_else_is_not_audited() -> None:
    assert verdict("Max works out at €8.50 per seat for a team of six.") != "contradicted"


def test_half_a_year_is_a_term() -> None:
    assert verdict("Over half a year, Lite comes to 255.") != "contradicted"
    assert verdict("Over half a year, Lite comes to 265.") == "contradicted"


def test_an_amount_in_a_list_before_a_cue_is_audited() -> None:
    assert verdict("Mid and Max are 4.50 and 7.50 dearer, respectively.") == "contradicted"
    assert verdict("Mid and Max are 3.50 and 7.50 dearer, respectively.") != "contradicted"


def test_the_ends_of_a_span_from_one_amount_to_another_are_audited() -> None:
    assert verdict("The spread from 42.50 to 51 is wide.") == "contradicted"
    assert verdict("The spread from 42.50 to 50 is wide.") != "contradicted"


def test_an_amount_right_before_a_cited_price_is_compared_with_it() -> None:
    claims = [
        {"id": "c1", "kind": "price", "offer": "Lite", "amount": "42.50", "period": "month"},
        {"id": "c2", "kind": "price", "offer": "Mid", "amount": "46", "period": "month"},
    ]
    text = "Lite and Mid cost 42.50 [c1] and 47 [c2] a month, respectively."
    assert check_text(text, PLANS, claims).sentences[0].verdict == "contradicted"
