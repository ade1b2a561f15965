"""Forms found this stop on the new and kept-aside splits, tested in other words."""

from __future__ import annotations

from stepgraph.claims import Table

from .test_claims_stop36_forms import _verdicts

CLEANERS = Table.from_rows(
    [
        {"id": "brightway", "monthly": 1480.0, "source": "brightway.co.uk/commercial"},
        {"id": "sp-clean", "monthly": 1395.0, "source": "S&P Cleaning Services Ltd, Leeds"},
        {"id": "tidy-co", "monthly": 1530.0, "source": "Tidy Co quote (email)"},
    ],
    alias_fields=("source",),
)


def test_a_company_named_without_its_services_ltd_tail_is_ordered() -> None:
    text = "From cheapest to dearest: Tidy Co (£1,530.00), S&P Cleaning (£1,395.00), Brightway."
    assert _verdicts(CLEANERS, text) == ["contradicted"]


def test_a_company_named_without_its_services_ltd_tail_is_priced() -> None:
    assert _verdicts(CLEANERS, "S&P Cleaning charges £1,480.00 a month.") == ["contradicted"]


TPE = Table.from_rows(
    [
        {"id": "bnp-tpe", "monthly": 28.9},
        {"id": "sg-tpe", "monthly": 28.99},
        {"id": "lcl-tpe", "monthly": 24.9},
        {"id": "ca-tpe", "monthly": 24.9},
    ]
)


def test_a_french_tie_said_of_them_too_is_read() -> None:
    text = "bnp-tpe et sg-tpe sont elles aussi à égalité, à 28,99 € par mois."
    assert _verdicts(TPE, text) == ["contradicted"]


def test_a_german_price_said_of_it_too_is_read() -> None:
    assert _verdicts(TPE, "sg-tpe kostet auch 28,90 € im Monat.") == ["contradicted"]


TARIFFS = Table.from_rows(
    [
        {"id": "octopus", "monthly": 95.0},
        {"id": "edf", "monthly": 99.0},
        {"id": "eon", "monthly": 102.0},
    ]
)


def test_the_lowest_unit_rate_of_a_record_is_no_claim_that_it_is_cheapest() -> None:
    assert _verdicts(TARIFFS, "The unit rate of edf is the lowest of the three.") == ["unverified"]


def test_the_lowest_kwh_price_of_a_record_in_french_is_no_claim_that_it_is_cheapest() -> None:
    assert _verdicts(TARIFFS, "Le prix du kWh de edf est le plus bas.") == ["unverified"]


def test_the_price_of_a_record_is_still_its_price() -> None:
    # (read before as well: a guard)
    assert _verdicts(TARIFFS, "The price of edf is the lowest.") == ["contradicted"]


PASSES = Table.from_rows(
    [
        {"id": "lime-prime", "monthly": 14.99, "source": "li.me/prime"},
        {"id": "citi-bike-monthly", "monthly": 19.99, "source": "citibikenyc.com/pricing"},
        {"id": "revel-prem", "monthly": 24.99, "source": "gorevel.com/pass"},
    ],
    alias_fields=("source",),
)


def test_a_brand_with_the_word_its_id_abbreviates_is_its_name() -> None:
    text = "Revel Premium is not the most expensive pass."
    assert _verdicts(PASSES, text) == ["contradicted"]


def test_a_brand_with_the_next_word_of_its_id_is_its_name() -> None:
    assert _verdicts(PASSES, "Citi Bike is the priciest pass.") == ["contradicted"]


def test_not_just_the_priciest_says_it_is_the_priciest() -> None:
    text = "citi-bike-monthly is not just the priciest, it is also the slowest."
    assert _verdicts(PASSES, text) == ["contradicted"]


def test_not_the_priciest_is_still_a_negation() -> None:
    # (read before as well: a guard)
    assert _verdicts(PASSES, "revel-prem is not the priciest.") == ["contradicted"]


PLANS = Table.from_rows([{"id": "solo", "monthly": 49.99}, {"id": "duo", "monthly": 54.99}])


def test_a_little_over_a_yearly_figure_is_a_hedge_just_over() -> None:
    assert _verdicts(PLANS, "solo works out at a little over 600 a year.") == ["contradicted"]


def test_a_bit_over_a_monthly_figure_is_a_hedge_just_over() -> None:
    assert _verdicts(PLANS, "solo costs a bit over 50 a month.") == ["contradicted"]


def test_a_little_over_is_not_contradicted_when_true() -> None:
    assert _verdicts(PLANS, "duo costs a little over 50 a month.") != ["contradicted"]


BROADBAND = Table.from_rows(
    [
        {"id": "plusnet", "monthly": 29.99},
        {"id": "virgin", "monthly": 42.0},
        {"id": "eir", "monthly": 65.0},
        {"id": "bouygues", "monthly": 16.99},
        {"id": "salt", "monthly": 49.95},
    ]
)


def _price(cid: str, offer: str, amount: str) -> dict[str, str]:
    return {"id": cid, "kind": "price", "offer": offer, "amount": amount, "period": "month"}


def test_a_price_for_the_first_months_beside_a_cited_price_is_no_conflict() -> None:
    text = "plusnet is £24.99 a month for the first 12 months, then £29.99 a month [c1]."
    assert _verdicts(BROADBAND, text, [_price("c1", "plusnet", "29.99")]) == ["unverified"]


def test_the_price_after_then_still_conflicts_with_the_cited_claim() -> None:
    # (contradicted before as well: a guard)
    text = "plusnet is £24.99 a month for the first 12 months, then £31.99 a month [c1]."
    assert _verdicts(BROADBAND, text, [_price("c1", "plusnet", "29.99")]) == ["contradicted"]


def test_the_first_months_are_an_amount_in_a_sentence_of_their_own_clause() -> None:
    text = "virgin is £42.00 a month once the deal ends [c1]: the first 6 months are £26 a month."
    assert _verdicts(BROADBAND, text, [_price("c1", "virgin", "42.00")]) == ["unverified"]


def test_a_first_year_price_in_french_is_no_conflict() -> None:
    text = "bouygues coûte 9,99 € par mois la première année, puis 16,99 € [c1]."
    assert _verdicts(BROADBAND, text, [_price("c1", "bouygues", "16.99")]) == ["unverified"]


def test_a_first_year_price_in_german_is_no_conflict() -> None:
    text = "salt kostet CHF 49.95 [c1], im ersten Jahr aber nur CHF 24.95 pro Monat."
    assert _verdicts(BROADBAND, text, [_price("c1", "salt", "49.95")]) == ["unverified"]


def test_an_amount_for_the_first_months_is_not_audited_as_a_price() -> None:
    assert _verdicts(BROADBAND, "eir: €65 a month; the first 6 months are €45.") != ["contradicted"]


def test_an_intro_price_for_some_months_is_not_audited_as_a_price() -> None:
    text = "salt is $49.95 a month (its intro price is $39.90 a month for six months)."
    assert _verdicts(BROADBAND, text) != ["contradicted"]


def test_a_saving_over_the_first_months_is_still_audited() -> None:
    # (contradicted before as well: a guard for the promotion's reach)
    text = "Over the first 12 months alone, plusnet saves £150.00 against virgin."
    assert _verdicts(BROADBAND, text) == ["contradicted"]


EXTRAS = Table.from_rows(
    [
        {"id": "kabel", "monthly": 44.9},
        {"id": "glasnet", "monthly": 54.9},
        {"id": "satlink", "monthly": 99.0},
        {"id": "gymfit", "monthly": 49.9},
        {"id": "cloudo", "monthly": 5.99},
    ]
)


def test_a_pauschale_per_year_is_a_charge_not_a_price() -> None:
    text = "glasnet: € 54,90 im Monat, zuzüglich einer Servicepauschale von € 19,90 pro Jahr."
    assert _verdicts(EXTRAS, text) != ["contradicted"]


def test_a_card_paid_once_in_french_is_a_charge_not_a_price() -> None:
    text = "gymfit demande CHF 49.90 par mois et un badge à CHF 25.\u2013 payé une fois."
    assert _verdicts(EXTRAS, text) != ["contradicted"]


def test_an_amount_for_the_equipment_after_plus_is_no_price_of_the_record() -> None:
    text = (
        "glasnet is $54.90, and satlink is by far the dearest at $99.00 a month, "
        "plus $299 for the dish."
    )
    assert "contradicted" not in _verdicts(EXTRAS, text)


def test_an_amount_for_the_sim_card_in_french_is_no_conflict_with_the_cited_price() -> None:
    text = "kabel coûte 44,90 € par mois [c1], avec 15 € pour la carte SIM."
    assert _verdicts(EXTRAS, text, [_price("c1", "kabel", "44.90")]) == ["unverified"]


def test_an_add_on_a_month_extra_is_no_price() -> None:
    text = "kabel is £44.90 a month; its sports pack is £12 a month extra."
    assert _verdicts(EXTRAS, text) != ["contradicted"]


def test_an_option_en_plus_is_no_price() -> None:
    text = "L'option cinéma coûte 9,90 € par mois en plus chez kabel."
    assert _verdicts(EXTRAS, text) != ["contradicted"]


def test_an_amount_that_buys_the_equipment_outright_is_no_price() -> None:
    text = "kabel: $44.90/month; renting the modem is $6/month extra, or buy it for $149."
    assert _verdicts(EXTRAS, text) != ["contradicted"]


def test_a_gap_between_two_records_called_extra_is_still_a_gap() -> None:
    # (contradicted before as well: a guard for the add-on reading)
    text = "Moving from kabel to glasnet would cost us $12 a month extra [c1]."
    claims = [
        {"id": "c1", "kind": "difference", "offer": "glasnet", "than": "kabel",
         "direction": "more_expensive", "amount": "10.00", "unit": "amount"}
    ]  # fmt: skip
    assert _verdicts(EXTRAS, text, claims) == ["contradicted"]


def test_french_terabytes_are_no_amount() -> None:
    text = "1. cloudo : 5,99 € par mois [c1], 2 To, hébergé en Suisse"
    assert _verdicts(EXTRAS, text, [_price("c1", "cloudo", "5.99")]) != ["contradicted"]


def test_a_price_rise_beside_a_cited_price_is_no_conflict() -> None:
    text = "glasnet is £54.90 a month [c1], and its yearly rise of £2.50 a month starts in April."
    assert _verdicts(EXTRAS, text, [_price("c1", "glasnet", "54.90")]) == ["unverified"]


def test_a_year_paid_ahead_beside_a_cited_price_is_no_conflict() -> None:
    text = "cloudo liegt bei 5,99 € monatlich [c1], bei Vorauszahlung für ein Jahr sind es 59,99 €."
    assert _verdicts(EXTRAS, text, [_price("c1", "cloudo", "5.99")]) == ["unverified"]


def test_the_current_subscription_in_french_is_no_offer_price() -> None:
    text = "Avec votre abonnement actuel à 52,99 €, kabel vous ferait économiser chaque mois."
    assert _verdicts(EXTRAS, text) != ["contradicted"]


def test_euros_written_with_the_sign_between_euros_and_cents_are_one_amount() -> None:
    assert _verdicts(EXTRAS, "cloudo est à 5€99 par mois.") != ["contradicted"]


def test_euros_written_with_the_sign_between_are_still_compared() -> None:
    # (contradicted before as well, over the cents read as 99: a guard)
    assert _verdicts(EXTRAS, "cloudo est à 6€99 par mois.") == ["contradicted"]


def test_an_amount_insured_beside_a_cited_price_is_no_conflict() -> None:
    text = (
        "Am teuersten ist satlink mit € 99,00 im Monat [c1], "
        "dafür ist Glasbruch bis € 2.000 mitversichert."
    )
    assert _verdicts(EXTRAS, text, [_price("c1", "satlink", "99.00")]) == ["unverified"]


INVOICING = Table.from_rows(
    [
        {"id": "billit-pro", "monthly": 15.0, "source": "billit.be/tarifs"},
        {"id": "yuki-be", "monthly": 35.0, "source": "yuki.be/tarifs"},
        {"id": "odoo-std", "monthly": 24.9, "source": "odoo.com/pricing"},
    ],
    alias_fields=("source",),
)


def test_another_tier_of_the_brand_is_not_the_record() -> None:
    text = "Past 100 invoices a month you would need Billit Business, at 24,90 € par mois."
    assert _verdicts(INVOICING, text) != ["contradicted"]


def test_the_brand_with_its_own_tier_is_still_the_record() -> None:
    # (contradicted before as well: a guard)
    assert _verdicts(INVOICING, "Billit Pro costs 25 € a month.") == ["contradicted"]


def test_a_coupon_beside_a_cited_price_is_no_conflict() -> None:
    text = "O kabel custa R$ 44,90 [c1] e dá cupom de R$ 15 em pedidos acima de R$ 60."
    assert _verdicts(EXTRAS, text, [_price("c1", "kabel", "44.90")]) == ["unverified"]


def test_what_you_would_owe_on_leaving_is_no_conflict() -> None:
    text = "glasnet is £54.90 a month [c1], and you'd owe up to £180 if you leave early."
    assert _verdicts(EXTRAS, text, [_price("c1", "glasnet", "54.90")]) == ["unverified"]
