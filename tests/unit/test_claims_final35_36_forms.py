"""Found by the held-out splits final35 (consumer chat-assistant answers) and final36
(procurement and analyst reports), tested in other words."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

VANS = Table.from_rows(
    [
        {"id": "v1", "source": "Angebot Arnold Transporte 2026.pdf", "monthly": 2400},
        {"id": "v2", "source": "Bauer Logistik", "monthly": 2520},
        {"id": "v3", "source": "Carlsen Fracht", "monthly": 2760},
        {"id": "v4", "source": "Dietz Spedition", "monthly": 2400},
    ],
    alias_fields=("source",),
)


def _verdicts(text: str) -> list[str]:
    return [s.verdict for s in check_text(text, VANS).sentences]


def test_a_superlative_of_something_else_over_a_few_is_no_count_of_the_offers() -> None:
    assert _verdicts("Bauer is also the greenest of the three tied on service.") == ["unverified"]


def test_a_price_superlative_over_a_wrong_number_is_still_a_wrong_count() -> None:
    assert _verdicts("v1 is the cheapest of the three.") == ["contradicted"]


def test_a_price_converted_at_an_exchange_rate_is_left_to_the_reader() -> None:
    text = "At about 0.86 pounds to the euro, Bauer comes to roughly £2,167 a month."
    assert _verdicts(text) == ["unverified"]


def test_a_price_in_another_currency_without_a_rate_is_still_read() -> None:
    assert _verdicts("Bauer comes to €2,160.00 a month.") == ["contradicted"]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("All four run Euro 6 trucks on the lane.", "unverified"),
        ("Carlsen alone uses Euro 5 engines.", "unverified"),
        ("Carlsen costs Euro 2,700 a month.", "contradicted"),
    ],
)
def test_an_emission_class_is_no_amount_of_euros(text: str, verdict: str) -> None:
    assert _verdicts(text) == [verdict]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("- Carlsen per site: €920.00 a month (3 sites).", "unverified"),
        ("- Bauer per branch: €630.00 per month (4 branches).", "unverified"),
    ],
)
def test_a_price_per_site_or_branch_is_no_monthly_price(text: str, verdict: str) -> None:
    assert _verdicts(text) == [verdict]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Arnold costs €2,400.00 a month.", "unverified"),  # a loose name: never checked
        ("Arnold costs €2,520.00 a month.", "contradicted"),
    ],
)
def test_the_brand_after_a_word_for_the_paper_names_its_offer(text: str, verdict: str) -> None:
    assert _verdicts(text) == [verdict]


POWER = Table.from_rows(
    [
        {"id": "green-star-fix12", "source": "greenstar.co.uk/tariffs", "monthly": 96.4},
        {"id": "octo-flux", "source": "octo.energy/flux", "monthly": 88.1},
        {"id": "blue-sky-var", "source": "Blue Sky quote", "monthly": 91.75},
    ],
    alias_fields=("source",),
)


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Green Star is the most expensive at £96.40.", "unverified"),  # a loose name
        ("Green Star is the cheapest at £96.40.", "contradicted"),
        ("The cheapest is Green-Star.", "contradicted"),
    ],
)
def test_an_ids_first_parts_that_spell_its_sources_brand_name_it(text: str, verdict: str) -> None:
    assert [s.verdict for s in check_text(text, POWER).sentences] == [verdict]


def test_first_parts_of_an_id_that_spell_no_brand_of_its_source_name_nothing() -> None:
    table = Table.from_rows(
        [
            {"id": "sun-power-basic", "source": "spw.de/tarif", "monthly": 99.0},
            {"id": "octo-flux", "source": "octo.energy/flux", "monthly": 88.1},
        ],
        alias_fields=("source",),
    )
    assert [s.verdict for s in check_text("Sun Power is the cheapest.", table).sentences] == [
        "unverified"
    ]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Of the four regional haulage bids, Carlsen is the cheapest.", "contradicted"),
        ("Among the four Swiss-registered quotes, v1 is the dearest.", "contradicted"),
    ],
)
def test_an_opening_that_counts_every_record_is_no_subset(text: str, verdict: str) -> None:
    assert _verdicts(text) == [verdict]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("The annual saving of v2 over v3 is €2,880.00.", "checked"),
        ("The annual saving of v2 over v3 is €240.00.", "contradicted"),  # the monthly gap
        ("The saving of v3 over v2 is €240.00 a month.", "contradicted"),  # the wrong way
        ("The yearly difference between v1 and v3 is €4,320.00.", "checked"),
        ("The yearly difference between v1 and v3 is €360.00.", "contradicted"),
        ("The annual saving of v2 over v3 is not €240.00.", "unverified"),
    ],
)
def test_a_saving_or_gap_with_a_period_adjective_is_over_that_period(
    text: str, verdict: str
) -> None:
    assert _verdicts(text) == [verdict]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Bauer is the last of the regional options before the big jump.", "unverified"),
        ("Carlsen comes second of the German quotes.", "unverified"),
        ("v3 is the last of the four.", "checked"),
        ("Bauer is the last of the four.", "contradicted"),
    ],
)
def test_a_place_among_some_records_is_no_place_by_price(text: str, verdict: str) -> None:
    assert _verdicts(text) == [verdict]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("The upper band, Bauer and Carlsen, starts at €2,520.00.", "unverified"),
        ("The dearer group starts at €2,520.00 and ends at €2,760.00.", "unverified"),
        ("Prices start at €2,520.00.", "contradicted"),  # the lowest is 2,400
    ],
)
def test_a_group_that_starts_at_an_amount_is_not_every_offer(text: str, verdict: str) -> None:
    assert _verdicts(text) == [verdict]


HR = Table.from_rows(
    [
        {"id": "calm-pro", "source": "calmhr.com/pricing", "monthly": 800.0},
        {"id": "staff-base", "source": "staffbase quote.pdf", "monthly": 1000.0},
    ],
    alias_fields=("source",),
)


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Calm is the cheapest.", "unverified"),  # a loose name: never checked
        ("Calm is the most expensive.", "contradicted"),
    ],
)
def test_an_ids_first_part_is_the_brand_its_domain_adds_hr_to(text: str, verdict: str) -> None:
    assert [s.verdict for s in check_text(text, HR).sentences] == [verdict]
