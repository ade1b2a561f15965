"""Money an offer's source names besides its monthly price (a dish, a handset, a joining
fee) is a figure of the inputs: a report that repeats it, or adds it to whole months of
the price, is not contradicted; a monthly price that is wrong still is."""

from __future__ import annotations

from stepgraph.claims import Table, check_text

SATELLITE = Table.from_rows(
    [
        {"id": "skyhop", "source": "SkyHop: 80 Mbps, $120 modem. $70.00/mo.", "monthly": 70},
        {"id": "beamer", "source": "Beamer Sat: 200 Mbps, $599 antenna, $95/mo.", "monthly": 95},
    ],
    alias_fields=("source",),
)
GYMS = Table.from_rows(
    [
        {"id": "fitbox", "source": "FitBox Mitte, 49 € Startpaket, 29,90 €/Monat", "monthly": 29.9},
        {"id": "pulse", "source": "Pulse Gym, ohne Startgebühr, 34,50 €/Monat", "monthly": 34.5},
    ],
    alias_fields=("source",),
)
FILES = Table.from_rows(
    [
        {"id": "north", "source": "quote-north-2026-03.pdf", "monthly": 41},
        {"id": "south", "source": "quote-south-2026-03.pdf", "monthly": 44},
    ],
    alias_fields=("source",),
)


def _verdicts(text: str, table: Table) -> list[str]:
    return [s.verdict for s in check_text(text, table).sentences]


def test_equipment_money_from_the_source_beside_a_name_is_not_contradicted() -> None:
    text = "Beamer: fastest of the two, but $599 for the antenna before you start."
    assert _verdicts(text, SATELLITE) != ["contradicted"]


def test_whole_months_plus_the_sources_upfront_charge_is_not_contradicted() -> None:
    text = "SkyHop's first year, modem included: $960."  # 12 x 70 + 120
    assert _verdicts(text, SATELLITE) != ["contradicted"]


def test_a_wrong_first_year_with_the_upfront_charge_is_still_contradicted() -> None:
    text = "SkyHop's first year, modem included: $970."
    assert _verdicts(text, SATELLITE) == ["contradicted"]


def test_a_source_amount_given_as_the_monthly_price_is_contradicted() -> None:
    text = "Beamer costs $599 a month."
    assert _verdicts(text, SATELLITE) == ["contradicted"]


def test_a_starter_pack_in_another_language_is_read_from_the_source() -> None:
    text = "FitBox: günstiger als Pulse, aber das Startpaket kostet 49 €."
    assert "contradicted" not in _verdicts(text, GYMS)


def test_a_wrong_amount_that_is_no_money_of_the_source_is_still_contradicted() -> None:
    text = "Beamer: fastest of the two, but $699 for the antenna before you start."
    assert _verdicts(text, SATELLITE) == ["contradicted"]


def test_digits_of_a_file_name_are_no_money_of_the_source() -> None:
    text = "North is 3 cheaper than south."  # the gap is 3: true
    assert _verdicts(text, FILES) != ["contradicted"]
    assert _verdicts("North is 2026 cheaper than south.", FILES) == ["contradicted"]


def test_the_price_quoted_in_the_source_counts_no_months_on_top_of_itself() -> None:
    text = "Over a year FitBox comes to 298,99 €."  # 10 x 29.90 + 29.90 is no year
    assert _verdicts(text, GYMS) == ["contradicted"]


LEASES = Table.from_rows(
    [
        {"id": "zoe-r1", "source": "Renault Zoe R1, £249 admin fee, 36 months", "monthly": 231},
        {"id": "mg4-lr", "source": "MG4 Long Range, £199 admin fee, 36 months", "monthly": 219.5},
    ],
    alias_fields=("source",),
)
POWER = Table.from_rows(
    [
        {"id": "nordstrom", "source": "Nordstrom Öko: Grundpreis 14,50 €/Monat", "monthly": 110.5},
        {"id": "sonnig", "source": "Sonnig 24: Grundpreis 9,90 €/Monat", "monthly": 104},
    ],
    alias_fields=("source",),
)


def test_a_fee_compared_between_two_offers_is_not_read_as_a_wrong_price() -> None:
    text = "Higher admin fee than the MG4 (£199): the Zoe asks £249."
    assert "contradicted" not in _verdicts(text, LEASES)


def test_a_price_compared_with_a_wrong_figure_is_still_contradicted() -> None:
    assert _verdicts("The Zoe costs more than the MG4 (£209).", LEASES) == ["contradicted"]


def test_a_monthly_part_a_source_names_is_not_contradicted_when_no_offer_is_named() -> None:
    text = "- The base price of €14.50 per month is part of the instalment"
    assert _verdicts(text, POWER) != ["contradicted"]


def test_the_same_part_given_as_a_named_offers_monthly_price_is_contradicted() -> None:
    assert _verdicts("Nordstrom costs €14.50 per month.", POWER) == ["contradicted"]


POWER_FR = Table.from_rows(
    [
        {"id": "volta", "source": "Volta Fixe : abonnement 12,44 €/mois", "monthly": 74.9},
        {"id": "lumen", "source": "Lumen Eco : abonnement 14,10 €/mois", "monthly": 71.2},
    ],
    alias_fields=("source",),
)
LOCKERS = Table.from_rows(
    [
        {"id": "hoard", "source": "Hoard Mini: insurance A$5/month extra. A$66.00/month.",
         "monthly": 66},
        {"id": "lockbox", "source": "LockBox: A$20 key deposit. A$45.00/month.", "monthly": 45},
    ],
    alias_fields=("source",),
)  # fmt: skip


def test_two_sources_parts_set_against_each_other_are_not_contradicted() -> None:
    text = "- abonnement plus élevé que Volta (14,10 € contre 12,44 €)"
    assert "contradicted" not in _verdicts(text, POWER_FR)


def test_an_add_on_a_month_the_source_names_is_not_read_as_the_price() -> None:
    text = "Hoard: highest price, plus A$5 a month for insurance"
    assert "contradicted" not in _verdicts(text, LOCKERS)


def test_an_add_on_the_source_does_not_name_is_still_contradicted() -> None:
    text = "Hoard: highest price, plus A$7 a month for insurance"
    assert _verdicts(text, LOCKERS) == ["contradicted"]
