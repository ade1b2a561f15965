"""Found by the held-out split final37 (household and small-business utilities at length),
tested in other words."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

LINES = Table.from_rows(
    [
        {"id": "astound-fiber-300", "source": "astound.com/internet", "monthly": 45.0},
        {"id": "wave-g", "source": "fiber.wavebroadband.com", "monthly": 52.5},
        {"id": "kinetic-fiber-1g", "source": "kinetic.net/plans", "monthly": 60.0},
    ],
    alias_fields=("source",),
)


def _verdicts(text: str, table: Table = LINES) -> list[str]:
    return [s.verdict for s in check_text(text, table).sentences]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Astound Fiber is the cheapest at $45.00.", "unverified"),  # a loose name, true
        ("Astound Fiber is the most expensive.", "contradicted"),
        ("Kinetic Fiber costs $52.50 a month.", "contradicted"),
    ],
)
def test_an_id_that_starts_with_its_sources_brand_names_it(text: str, verdict: str) -> None:
    assert _verdicts(text) == [verdict]


def test_a_product_word_of_a_domain_is_no_brand() -> None:
    # "fiber" of fiber.wavebroadband.com names no offer: "Kinetic Fiber 1 Gig" is not wave-g
    assert _verdicts("Kinetic Fiber 1 Gig is $60.00.") != ["contradicted"]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Its energy rate is 14.2¢ per kWh on top of the budget amount.", "unverified"),
        ("wave-g charges 95.5¢ per therm, already inside its monthly amount.", "unverified"),
    ],
)
def test_cents_written_with_a_cent_sign_are_a_rate(text: str, verdict: str) -> None:
    assert _verdicts(text) == [verdict]


POWER = Table.from_rows([{"id": "kraft-a", "monthly": 540.0}, {"id": "kraft-b", "monthly": 575.0}])


@pytest.mark.parametrize(
    "text",
    [
        "Kraft-a:s månadsavgift på 39 kr ingår i beloppet.",
        "Die Grundgebühr von 9,90 € ist im Betrag enthalten.",
        "Månedsavgiften på 29 kr er inkludert i prisen.",
    ],
)
def test_a_fee_said_to_be_included_in_the_price_is_no_price(text: str) -> None:
    assert _verdicts(text, POWER) == ["unverified"]


TARIFFS = Table.from_rows(
    [
        {"id": "volt-fix", "monthly": 101.2},
        {"id": "amp-fix", "monthly": 102.4},
        {"id": "ohm-var", "monthly": 103.9},
        {"id": "watt-var", "monthly": 110.0},
    ]
)


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        (
            "Three are under £105: volt-fix, amp-fix at £102.40 and ohm-var at £103.90.",
            "unverified",
        ),
        (
            "Three are under £105: volt-fix, amp-fix at £102.90 and ohm-var at £103.90.",
            "contradicted",
        ),
        ("volt-fix and amp-fix both cost £102.40.", "contradicted"),
    ],
)
def test_a_list_of_records_with_their_own_amounts_pairs_each_with_its_own(
    text: str, verdict: str
) -> None:
    assert _verdicts(text, TARIFFS) == [verdict]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("watt-var costs £110.00 a month, plus £20 for a smart meter.", "unverified"),
        ("watt-var adds £35 a year for a boiler cover plan.", "unverified"),
        ("watt-var costs £120.00 a month for a 24-month contract.", "contradicted"),
        ("watt-var costs £120.00 a month.", "contradicted"),
    ],
)
def test_an_amount_for_another_thing_is_not_the_offers_price(text: str, verdict: str) -> None:
    assert _verdicts(text, TARIFFS) == [verdict]
