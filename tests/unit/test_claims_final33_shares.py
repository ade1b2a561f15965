"""Found by the held-out split final33 (prices over other periods and over time): figures a
report derives from a price under a stated plan (uses a month, people sharing, a term in
words, a price that changes), tested in other words and on other numbers."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

CLUBS = Table.from_rows(
    [
        {"id": "swim-8", "monthly": 48},
        {"id": "swim-12", "monthly": 66},
        {"id": "swim-max", "monthly": 81},
    ]
)


def _verdicts(text: str, table: Table = CLUBS) -> list[str]:
    return [s.verdict for s in check_text(text, table).sentences]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("At 6 sessions a month, swim-12 is about $11.00 and swim-max $13.50.", "unverified"),
        ("At 6 sessions a month, swim-12 is about $11.00 and swim-max $17.50.", "contradicted"),
        ("For the 8 pool visits a month you plan, swim-max works out at $10.13.", "unverified"),
        ("For the 8 pool visits a month you plan, swim-max works out at $12.13.", "contradicted"),
    ],
)
def test_a_price_per_planned_use_is_the_price_over_the_uses(text: str, verdict: str) -> None:
    assert _verdicts(text) == [verdict]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Split four ways, a year of swim-8 is $144.00.", "unverified"),
        ("Split four ways, a year of swim-8 is $154.00.", "contradicted"),
        ("Shared between the three of us, swim-max is $27.00 a month.", "unverified"),
        ("Shared between the three of us, swim-max is $29.00 a month.", "contradicted"),
    ],
)
def test_a_price_shared_among_people_is_its_share(text: str, verdict: str) -> None:
    assert _verdicts(text) == [verdict]


def test_a_rate_per_class_is_not_a_monthly_price() -> None:
    assert _verdicts("swim-8 is roughly $8.00 a class at six classes.") == ["unverified"]


def test_a_gap_per_class_is_not_set_against_the_cited_monthly_gap() -> None:
    claims = [{"id": "c1", "kind": "difference", "offer": "swim-max", "than": "swim-8",
               "unit": "amount", "amount": "33.00", "period": "month",
               "direction": "more_expensive"}]  # fmt: skip
    text = "swim-max costs $33.00 more a month [c1], about $5.50 more per class."
    assert [s.verdict for s in check_text(text, CLUBS, claims).sentences] != ["contradicted"]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Across three years the gap between swim-8 and swim-max is $1,188.00.", "unverified"),
        ("Across three years the gap between swim-8 and swim-max is $1,088.00.", "contradicted"),
    ],
)
def test_a_gap_over_a_term_in_words_is_the_terms_gap(text: str, verdict: str) -> None:
    assert _verdicts(text) == [verdict]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("The course runs for nine paid months; swim-8 then totals $432.00.", "unverified"),
        ("Over four billed months swim-12 totals $264.00.", "unverified"),
        ("Over four billed months swim-12 totals $284.00.", "contradicted"),
    ],
)
def test_a_term_of_qualified_months_is_a_term(text: str, verdict: str) -> None:
    assert _verdicts(text)[-1] == verdict


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        (
            "swim-12 has a promo rate of $40.00 for three months. "
            "Its first year therefore costs $714.00.",
            "unverified",
        ),
        (
            "swim-12 has a promo rate of $40.00 for three months. "
            "Its first year therefore costs $744.00.",
            "contradicted",
        ),
        (
            "swim-max rises to $90.00 in its second year. "
            "Two years of swim-max at that pace cost $2,052.00.",
            "unverified",
        ),
        (
            "swim-max rises to $90.00 in its second year. "
            "Two years of swim-max at that pace cost $2,152.00.",
            "contradicted",
        ),
    ],
)
def test_a_total_over_a_price_change_is_checked_as_one(text: str, verdict: str) -> None:
    assert _verdicts(text)[-1] == verdict


def test_a_total_with_no_price_change_in_the_text_is_still_blocked() -> None:
    text = "swim-12 costs $66.00 a month. Its first year costs $714.00."
    assert _verdicts(text)[-1] == "contradicted"


def test_another_records_rise_does_not_explain_a_fixed_records_total() -> None:
    text = (
        "swim-8 goes up to $52.00 in its second year. "
        "swim-max is fixed at $81.00, so its 24 months cost $1,908.00."
    )  # 24 x 81 = 1,944; the rise stated is swim-8's, not swim-max's
    assert _verdicts(text)[-1] == "contradicted"


def test_an_amount_a_month_is_no_count_of_uses() -> None:
    text = "swim-8 is the cheapest at 48 dollars a month. swim-max is the dearest at 8.00."
    assert _verdicts(text)[-1] == "contradicted"


def test_a_worked_sum_beside_a_cited_gap_is_not_set_against_the_gap() -> None:
    claims = [{"id": "c1", "kind": "difference", "offer": "swim-8", "than": "swim-12",
               "unit": "amount", "amount": "18.00", "period": "month",
               "direction": "cheaper"}]  # fmt: skip
    text = (
        "swim-8 is $18.00 a month cheaper than swim-12 [c1], and with two months free "
        "its first year comes to 10 \u00d7 $48.00 = $480.00."
    )
    assert [s.verdict for s in check_text(text, CLUBS, claims).sentences] == ["unverified"]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("You train 6 times a month, so swim-12 works out at $11.00 a session.", "unverified"),
        ("You train 6 times a month, so swim-12 works out at $13.00 a session.", "contradicted"),
        ("At 6 sessions a month, swim-max is $13.50 a session.", "unverified"),
        ("At 6 sessions a month, swim-max is $15.50 a session.", "contradicted"),
        ("At 6 sessions a month, towels cost $2.50 each.", "unverified"),  # not a session
    ],
)
def test_a_rate_per_counted_use_is_the_price_over_the_uses(text: str, verdict: str) -> None:
    assert _verdicts(text) == [verdict]
