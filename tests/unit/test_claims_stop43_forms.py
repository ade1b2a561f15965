"""Found this stop on the kept-aside and new splits, tested in other words."""

from __future__ import annotations

from stepgraph.claims import Table

from .test_claims_stop36_forms import _verdicts

BOXES = Table.from_rows(
    [
        {"id": "red-box-fibre", "monthly": 27.99, "source": "red-by-sfr.fr/box-internet"},
        {"id": "sfr-fibre-power", "monthly": 42.99, "source": "sfr.fr \u2013 offre Fibre Power"},
        {"id": "bbox-must", "monthly": 38.99, "source": "bouyguestelecom.fr/bbox-must"},
    ],
    value_field="monthly",
    alias_fields=("source",),
)


def test_a_hyphenated_domain_written_in_words_names_its_record_not_the_brand_inside() -> None:
    assert "contradicted" not in _verdicts(BOXES, "La box de RED by SFR coûte 27,99 € par mois.")


def test_a_hyphenated_domain_in_words_is_still_held_to_its_records_price() -> None:
    # before, SFR was read there, at its own price: no contradiction
    assert _verdicts(BOXES, "RED by SFR costs €42.99 a month.") == ["contradicted"]


MOBILE = Table.from_rows(
    [
        {"id": "skinny-50gb", "monthly": 31.42, "source": "skinny.co.nz/mobile"},
        {"id": "spark-unlimited", "monthly": 70.0, "source": "spark.co.nz/shop/mobile"},
    ],
    value_field="monthly",
    alias_fields=("source",),
)


def test_a_record_dearer_than_it_looks_is_no_comparison_of_two_records() -> None:
    text = (
        "Skinny is $31.42 a calendar month; the 13 billing periods a year make it a bit "
        "dearer than it looks."
    )
    assert "contradicted" not in _verdicts(MOBILE, text)


def test_a_record_dearer_than_another_is_still_held_to_the_prices() -> None:
    # (contradicted before as well: a guard)
    assert _verdicts(MOBILE, "Skinny 50GB is dearer than Spark Unlimited.") == ["contradicted"]


COURSES = Table.from_rows(
    [
        {"id": "busuu-premium", "monthly": 42900, "source": "busuu.com/es/premium"},
        {"id": "babbel", "monthly": 54900, "source": "babbel.com/es/precios"},
        {"id": "cambly-30min", "monthly": 149900, "source": "cambly.com/pricing"},
    ],
    value_field="monthly",
    alias_fields=("source",),
)


def test_an_amount_in_thousands_written_mil_after_a_currency_sign_is_scaled() -> None:
    text = "Cambly cuesta $149,9 mil al mes por 30 minutos diarios de clase."
    assert "contradicted" not in _verdicts(COURSES, text)


def test_an_amount_marked_cop_is_money_and_held_to_the_price() -> None:
    text = "Busuu Premium cuesta COP 24.900 y Babbel, $54.900."
    assert _verdicts(COURSES, text) == ["contradicted"]


RIDES = Table.from_rows(
    [
        {"id": "uber-one", "monthly": 4990, "source": "uber.com/cl/es/u/uber-one"},
        {"id": "didi-club", "monthly": 3490, "source": "didiglobal.com/cl/club"},
    ],
    value_field="monthly",
    alias_fields=("source",),
)
RIDES_TEXT = (
    "DiDi Club es el más barato, con $3.490 al mes. "
    "Uber One sale $4.990 al mes; en Estados Unidos el mismo plan cuesta US$ 9,99. "
)


def test_a_us_dollar_amount_in_a_text_of_bare_local_dollars_is_context() -> None:
    assert "contradicted" not in _verdicts(RIDES, RIDES_TEXT)


def test_a_bare_dollar_amount_beside_it_is_still_audited() -> None:
    # (contradicted before as well: a guard)
    text = RIDES_TEXT + "Uber One y DiDi Club juntos suman $9.990 al mes."
    assert _verdicts(RIDES, text)[-1] == "contradicted"


COVER = Table.from_rows(
    [
        {"id": "nrma-home", "monthly": 118.4},
        {"id": "aami-home", "monthly": 109.75},
        {"id": "budget-home", "monthly": 96.2},
    ],
    value_field="monthly",
)


def test_a_per_cent_more_than_paying_annually_is_no_gap_between_offers() -> None:
    text = "The monthly figure is the instalment price, around 10% more than paying annually."
    assert "contradicted" not in _verdicts(COVER, text)


def test_a_per_cent_more_than_another_offer_is_still_held_to_the_prices() -> None:
    # (contradicted before as well: a guard)
    assert _verdicts(COVER, "nrma-home is 20% more than aami-home.") == ["contradicted"]


def test_the_price_of_two_lines_on_a_record_is_twice_its_price_not_its_price() -> None:
    text = "Two lines on Spark Unlimited would be $140 a month, though the second is 10% off."
    assert "contradicted" not in _verdicts(MOBILE, text)


def test_the_price_of_two_lines_is_still_audited_as_twice_the_price() -> None:
    # (contradicted before as well, as its price: a guard that it is audited now)
    text = "Two lines on Spark Unlimited would be $150 a month."
    assert _verdicts(MOBILE, text) == ["contradicted"]


STREAMING = Table.from_rows(
    [
        {"id": "kayo-one", "monthly": 25.0, "source": "kayosports.com.au/plans"},
        {"id": "binge-standard", "monthly": 18.0, "source": "binge.com.au/plans"},
        {"id": "stan-premium", "monthly": 21.0, "source": "stan.com.au/plans"},
    ],
    value_field="monthly",
    alias_fields=("source",),
)


def test_a_bundle_below_the_sum_paid_separately_is_the_bundles_price() -> None:
    text = (
        "Kayo and Binge together through Hubbl come to $37.00 a month, less than the $43.00 "
        "you'd pay separately."
    )
    assert "contradicted" not in _verdicts(STREAMING, text)


def test_two_records_said_to_come_together_to_a_wrong_sum_are_still_audited() -> None:
    # (contradicted before as well: a guard)
    text = "Kayo and Binge together come to $37.00 a month."
    assert _verdicts(STREAMING, text) == ["contradicted"]


GYMS = Table.from_rows(
    [
        {"id": "puregym-core", "monthly": 24.99, "source": "puregym.com/membership"},
        {"id": "the-gym-group", "monthly": 21.99, "source": "thegymgroup.com/prices"},
    ],
    value_field="monthly",
    alias_fields=("source",),
)


def test_a_price_before_a_charge_that_states_its_own_amount_is_audited() -> None:
    text = "PureGym Core costs £20.99 and has a £20 joining fee."
    assert _verdicts(GYMS, text) == ["contradicted"]


def test_a_price_before_a_charge_without_its_own_amount_is_still_passed_over() -> None:
    # (unverified before as well: a guard; the amount may include the charge)
    text = "PureGym Core costs £44.99 including the joining fee."
    assert _verdicts(GYMS, text) == ["unverified"]


def test_a_no_contract_adjective_does_not_negate_the_sentence() -> None:
    text = (
        "puregym-core and the-gym-group come in at £21.99 and £24.99 respectively, "
        "both no-contract."
    )
    assert _verdicts(GYMS, text) == ["contradicted"]


def test_no_one_is_still_a_negation() -> None:
    # (unverified before as well: a guard)
    assert _verdicts(GYMS, "No-one undercuts the-gym-group at £21.99.") == ["unverified"]


DELIVERY = Table.from_rows(
    [
        {"id": "pedidosya-plus", "monthly": 2999, "source": "pedidosya.com.ar/plus"},
        {"id": "rappi-pro", "monthly": 3499, "source": "rappi.com.ar/pro"},
        {"id": "uber-one", "monthly": 1999, "source": "uber.com/ar/one"},
    ],
    value_field="monthly",
    alias_fields=("source",),
)


def test_a_bare_foreign_ordinal_with_its_price_is_a_place_by_price() -> None:
    assert _verdicts(DELIVERY, "PedidosYa Plus queda tercera, con $3.499.") == ["contradicted"]


def test_a_foreign_ordinal_of_another_ranking_is_no_place_by_price() -> None:
    # (unverified before as well: a guard)
    assert _verdicts(DELIVERY, "pedidosya-plus es tercera en velocidad.") == ["unverified"]


FIBRE_PT = Table.from_rows(
    [
        {"id": "nos", "monthly": 30.0, "source": "nos.pt/tarifarios"},
        {"id": "vodafone", "monthly": 30.0, "source": "vodafone.pt/tarifarios"},
        {"id": "meo", "monthly": 25.0, "source": "meo.pt/tarifarios"},
    ],
    value_field="monthly",
    alias_fields=("source",),
)


def test_a_portuguese_tie_in_the_price_is_read() -> None:
    assert _verdicts(FIBRE_PT, "A NOS e a MEO estão empatadas no preço.") == ["contradicted"]


def test_a_true_portuguese_tie_in_the_price_is_not_contradicted() -> None:
    # (unverified before as well: a guard)
    assert _verdicts(FIBRE_PT, "A NOS e a Vodafone estão empatadas no preço.") == ["unverified"]


def test_a_portuguese_tie_at_an_amount_is_read() -> None:
    assert _verdicts(FIBRE_PT, "A NOS e a MEO empatam em 30,00 €.") == ["contradicted"]


CAR_COVER = Table.from_rows(
    [
        {"id": "direct-line", "monthly": 83.9},
        {"id": "churchill", "monthly": 86.1},
        {"id": "aviva", "monthly": 70.0},
        {"id": "admiral", "monthly": 60.0},
    ],
    value_field="monthly",
)


def test_the_only_two_that_is_a_count_of_records_not_a_price() -> None:
    text = "direct-line and churchill are the only two that go over £1,000 a year."
    assert "contradicted" not in _verdicts(CAR_COVER, text)


def test_the_only_two_that_go_over_a_bound_they_do_not_reach_is_contradicted() -> None:
    # (contradicted before as well, with "two" read as their price: a guard on the bound)
    text = "direct-line and churchill are the only two that go over £1,100 a year."
    assert _verdicts(CAR_COVER, text) == ["contradicted"]


def test_the_cheapest_of_fewer_records_picked_by_a_condition_is_no_claim_on_all() -> None:
    text = (
        "If you want the bigger insurers, aviva is the cheapest of the three at £70.00, "
        "less than churchill's £86.10."
    )
    assert "contradicted" not in _verdicts(CAR_COVER, text)


def test_the_cheapest_of_all_the_records_is_still_held_to_the_prices() -> None:
    # (contradicted before as well: a guard)
    assert _verdicts(CAR_COVER, "aviva is the cheapest of the four at £70.00.") == ["contradicted"]


HOSTING = Table.from_rows(
    [
        {"id": "bluehost-basic", "monthly": 2.95, "source": "bluehost.com/hosting"},
        {"id": "hostinger-premium", "monthly": 3.49, "source": "hostinger.com/pricing"},
    ],
    value_field="monthly",
    alias_fields=("source",),
)


def test_a_bare_number_beside_a_count_of_websites_counts_more_websites() -> None:
    text = "Non-price differences: hostinger-premium allows 100 websites, bluehost-basic 1."
    assert "contradicted" not in _verdicts(HOSTING, text)


def test_a_currency_amount_beside_a_count_of_websites_is_still_a_price() -> None:
    # (contradicted before as well: a guard)
    text = "hostinger-premium allows 100 websites for $3.49, bluehost-basic one for $1.00."
    assert _verdicts(HOSTING, text) == ["contradicted"]


AUTO = Table.from_rows(
    [
        {"id": "sonnet", "monthly": 164.8},
        {"id": "onlia", "monthly": 158.35},
        {"id": "intact-auto", "monthly": 186.4},
    ],
    value_field="monthly",
)


def test_every_amount_of_a_list_of_charges_is_the_charges() -> None:
    text = (
        "I compared the three quotes for the 2019 Civic ($1,000 collision and $500 "
        "comprehensive deductibles on every quote)."
    )
    assert "contradicted" not in _verdicts(AUTO, text)


def test_a_price_before_a_list_of_charges_is_still_audited() -> None:
    # (contradicted before as well: a guard)
    text = "sonnet costs $170.00, with $1,000 collision and $500 comprehensive deductibles."
    assert _verdicts(AUTO, text) == ["contradicted"]


STREAMING_NL = Table.from_rows(
    [
        {"id": "videoland-plus", "monthly": 9.99, "source": "videoland.com/abonnementen"},
        {"id": "netflix-nl", "monthly": 13.99, "source": "netflix.com/nl"},
    ],
    value_field="monthly",
    alias_fields=("source",),
)


def test_dutch_net_geen_is_just_under_the_amount() -> None:
    text = "videoland-plus kost net geen € 10 per maand [c1] en ruwweg € 120 per jaar [c2]."
    claims = [
        {"id": "c1", "kind": "price", "offer": "videoland-plus", "amount": "9.99",
         "period": "month"},
        {"id": "c2", "kind": "price", "offer": "videoland-plus", "amount": "119.88",
         "period": "year"},
    ]  # fmt: skip
    assert "contradicted" not in _verdicts(STREAMING_NL, text, claims)


def test_dutch_net_geen_an_amount_below_the_price_is_contradicted() -> None:
    assert _verdicts(STREAMING_NL, "videoland-plus kost net geen € 9 per maand.") == [
        "contradicted"
    ]


POWER = Table.from_rows(
    [
        {"id": "txu", "monthly": 148.2},
        {"id": "gexa", "monthly": 127.9},
        {"id": "green-mountain", "monthly": 156.4},
    ],
    value_field="monthly",
)


def test_a_star_rating_and_a_bare_rating_beside_it_are_no_prices() -> None:
    text = "txu and green-mountain both have a 4.6-star rating, compared with 3.9 for gexa."
    assert "contradicted" not in _verdicts(POWER, text)


CHARGING = Table.from_rows(
    [
        {"id": "maingau", "monthly": 4.99},
        {"id": "shell-recharge", "monthly": 4.99},
        {"id": "enbw", "monthly": 7.99},
        {"id": "ionity", "monthly": 11.99},
    ],
    value_field="monthly",
)


def test_two_records_sharing_first_place_in_german_is_a_tie_not_one_records_place() -> None:
    text = "maingau und shell-recharge teilen sich mit je 4,99 € den ersten Platz."
    assert "contradicted" not in _verdicts(CHARGING, text)


def test_two_records_sharing_first_place_at_different_prices_is_contradicted() -> None:
    # (contradicted before as well, as enbw's place: a guard that the tie is read)
    text = "maingau und enbw teilen sich den ersten Platz."
    assert _verdicts(CHARGING, text) == ["contradicted"]


VPS = Table.from_rows(
    [
        {"id": "vultr-regular-4gb", "monthly": 20.0, "source": "vultr.com/pricing"},
        {"id": "linode-shared-4gb", "monthly": 22.0, "source": "linode.com/pricing"},
        {"id": "hetzner-cpx21", "monthly": 9.49, "source": "hetzner.com/cloud"},
    ],
    value_field="monthly",
    alias_fields=("source",),
)
VPS_CLAIMS = [
    {"id": "c6", "kind": "price", "offer": "vultr-regular-4gb", "amount": "20.00"},
    {"id": "c7", "kind": "price", "offer": "linode-shared-4gb", "amount": "22.00"},
]


def test_a_record_given_another_records_cited_price_is_contradicted() -> None:
    text = "The Vultr 4 GB shared plan costs $22.00 [c7]."
    assert _verdicts(VPS, text, VPS_CLAIMS) == ["contradicted"]


def test_a_record_set_against_another_records_cited_price_is_not_contradicted() -> None:
    # (not contradicted before either: a guard)
    text = "Vultr is cheaper than the $22.00 plan [c7]."
    assert "contradicted" not in _verdicts(VPS, text, VPS_CLAIMS)


WORDPRESS = Table.from_rows(
    [
        {"id": "thirtyfoursp-wordpress", "monthly": 10.0, "source": "34sp.com/wordpress"},
        {"id": "twentyi-wordpress", "monthly": 9.99, "source": "20i.com/wordpress-hosting"},
        {"id": "krystal-amethyst", "monthly": 7.0, "source": "krystal.uk/web-hosting"},
    ],
    value_field="monthly",
    alias_fields=("source",),
)


def test_a_brand_of_digits_and_letters_names_its_record() -> None:
    text = "34SP's WordPress plan is just under £10 a month."
    assert _verdicts(WORDPRESS, text) == ["contradicted"]


def test_a_brand_of_digits_and_letters_at_its_price_is_not_contradicted() -> None:
    # (not contradicted before either: a guard)
    assert "contradicted" not in _verdicts(WORDPRESS, "20i is £9.99 a month.")


CHARGERS = Table.from_rows(
    [
        {"id": "bp-pulse", "monthly": 7.85, "source": "bp pulse app - subscription screen.png"},
        {"id": "instavolt", "monthly": 6.0, "source": "InstaVolt newsletter (March).eml"},
        {"id": "osprey", "monthly": 5.49, "source": "Osprey Charging - pricing.pdf"},
    ],
    value_field="monthly",
    alias_fields=("source",),
)


def test_the_plan_in_a_named_screenshot_is_that_records() -> None:
    text = "The plan in the bp pulse screenshot is the cheapest at £5.49 a month."
    assert _verdicts(CHARGERS, text) == ["contradicted"]


def test_a_date_written_with_a_leading_zero_after_a_pdf_is_no_price() -> None:
    text = "The Osprey PDF (12-05) shows £5.49, and InstaVolt is £6.00."
    assert "contradicted" not in _verdicts(CHARGERS, text)


NURSERIES = Table.from_rows(
    [
        {"id": "little-acorns", "monthly": 1012.0},
        {"id": "tops-day-nursery", "monthly": 1098.0},
        {"id": "childminder-sarah", "monthly": 946.4},
    ],
    value_field="monthly",
)


def test_the_cheapest_of_a_kind_named_by_a_plural_noun_is_no_claim_on_all() -> None:
    text = "little-acorns is the cheapest of the nurseries at £1,012.00."
    assert "contradicted" not in _verdicts(NURSERIES, text)


def test_the_cheapest_of_the_options_is_still_of_all() -> None:
    # (contradicted before as well: a guard)
    text = "little-acorns is the cheapest of the options at £1,012.00."
    assert _verdicts(NURSERIES, text) == ["contradicted"]


PHONES = Table.from_rows(
    [
        {"id": "vodacom-red", "monthly": 1099, "source": "vodacom.co.za/iphone-15"},
        {"id": "telkom-flexon", "monthly": 949, "source": "telkom.co.za/shop/iphone-15"},
        {"id": "istore-contract", "monthly": 1129, "source": "iStore contract quote (Vodacom)"},
    ],
    value_field="monthly",
    alias_fields=("source",),
)


def test_a_record_in_a_relative_clause_is_not_the_subject_after_it() -> None:
    text = "istore-contract, which also runs on Vodacom, is the most expensive at R1 129 a month."
    assert "contradicted" not in _verdicts(PHONES, text)


MOBILE_PL = Table.from_rows(
    [
        {"id": "t-mobile-m", "monthly": 59.99, "source": "t-mobile.pl/abonament"},
        {"id": "plus-m", "monthly": 65.0, "source": "plus.pl/abonament"},
        {"id": "orange-m", "monthly": 55.0, "source": "orange.pl/abonament"},
    ],
    value_field="monthly",
    alias_fields=("source",),
)


def test_a_polish_one_off_activation_fee_is_no_price() -> None:
    text = "Plus i T-Mobile pobierają jednorazową opłatę aktywacyjną 29,99 zł."
    assert "contradicted" not in _verdicts(MOBILE_PL, text)


def test_a_superlative_said_of_a_name_after_a_copula_is_not_the_earlier_subjects() -> None:
    text = "T-Mobile M kosztuje 59,99 zł, a najdroższy ze wszystkich jest Plus \u2013 65,00 zł."
    assert "contradicted" not in _verdicts(MOBILE_PL, text)


BUILDERS = Table.from_rows(
    [
        {"id": "squarespace-personal", "monthly": 25.0},
        {"id": "wix-light", "monthly": 17.0},
        {"id": "godaddy-basic", "monthly": 12.0},
    ],
    value_field="monthly",
)


def test_a_per_cent_said_of_annual_plans_is_about_billing_not_offers() -> None:
    text = "All prices are for monthly billing; annual plans are 20-30% cheaper across the board."
    assert "contradicted" not in _verdicts(BUILDERS, text)


def test_a_per_cent_between_two_named_offers_is_still_audited() -> None:
    # (contradicted before as well: a guard)
    text = "On monthly billing, wix-light is 40% cheaper than squarespace-personal."
    assert _verdicts(BUILDERS, text) == ["contradicted"]


PARCELS = Table.from_rows(
    [
        {"id": "royal-mail", "monthly": 64.8,
         "source": "Royal Mail Click & Drop - OBA rate card (royalmail_oba_2024.pdf)"},
        {"id": "dpd-local", "monthly": 71.4, "source": "DPD account quote DPD-UK-77310.pdf"},
        {"id": "evri-business", "monthly": 52.9, "source": "evri.com/business/pricing"},
    ],
    value_field="monthly",
    alias_fields=("source",),
)  # fmt: skip


def test_a_file_named_in_brackets_in_a_source_names_its_record() -> None:
    text = "The quote in royalmail_oba_2024.pdf is £71.40 a month."
    assert _verdicts(PARCELS, text) == ["contradicted"]


def test_a_file_named_in_brackets_at_its_records_price_is_not_contradicted() -> None:
    # (not contradicted before either: a guard)
    text = "The quote in royalmail_oba_2024.pdf is £64.80 a month."
    assert "contradicted" not in _verdicts(PARCELS, text)


HOME_COVER = Table.from_rows(
    [
        {"id": "aviva-home", "monthly": 14.2, "source": "aviva.co.uk quote AV-HOM-882144"},
        {"id": "direct-line-home", "monthly": 14.2, "source": "directline.com/home-insurance"},
        {"id": "lv-home", "monthly": 15.85, "source": "LV= quote (lv_home_quote.pdf)"},
    ],
    value_field="monthly",
    alias_fields=("source",),
)


def test_a_two_letter_brand_written_with_an_equals_sign_names_its_record() -> None:
    text = "Aviva and LV= are tied for the cheapest price at £14.20 a month."
    assert _verdicts(HOME_COVER, text) == ["contradicted"]


def test_a_two_letter_brand_with_an_equals_sign_at_its_price_is_not_contradicted() -> None:
    # (not contradicted before either: a guard)
    assert "contradicted" not in _verdicts(HOME_COVER, "LV= is £15.85 a month.")


CAR_IE = Table.from_rows(
    [
        {"id": "axa-ie-car", "monthly": 68.45, "source": "axa.ie/car-insurance"},
        {"id": "fbd-car", "monthly": 64.3, "source": "fbd.ie/car-insurance"},
        {"id": "123-ie-car", "monthly": 66.8, "source": "123.ie/car-insurance"},
    ],
    value_field="monthly",
    alias_fields=("source",),
)


def test_a_bracketed_year_after_a_month_that_is_another_records_year_is_contradicted() -> None:
    text = "123.ie is the next best at €66.80 a month (€821.40 a year), followed by AXA."
    assert _verdicts(CAR_IE, text) == ["contradicted"]


def test_a_bracketed_year_twelve_times_the_month_before_it_is_not_contradicted() -> None:
    # (not contradicted before either: a guard)
    text = "123.ie is the next best at €66.80 a month (€801.60 a year), followed by AXA."
    assert "contradicted" not in _verdicts(CAR_IE, text)


def test_noch_einen_tick_guenstiger_is_read_as_cheaper() -> None:
    text = "shell-recharge ist mit 4,99 € noch einen Tick günstiger als maingau."
    assert _verdicts(CHARGING, text) == ["contradicted"]


def test_noch_einen_tick_teurer_said_truly_is_not_contradicted() -> None:
    # (not contradicted before either: a guard)
    assert "contradicted" not in _verdicts(CHARGING, "enbw ist noch einen Tick teurer als maingau.")


PREPAID_IN = Table.from_rows(
    [
        {"id": "jio-299", "monthly": 299, "source": "jio.com/selfcare/plans"},
        {"id": "airtel-349", "monthly": 349, "source": "airtel.in/recharge-online"},
        {"id": "bsnl-229", "monthly": 229, "source": "bsnl.co.in - STV 229"},
        {"id": "vi-359", "monthly": 359, "source": "myvi.in/prepaid"},
    ],
    value_field="monthly",
    alias_fields=("source",),
)


def test_the_two_cheapest_named_with_possessive_prices_are_read() -> None:
    text = "The two cheapest options are BSNL's ₹229 plan and Airtel's ₹349 plan."
    assert _verdicts(PREPAID_IN, text) == ["contradicted"]


def test_a_possessive_price_of_the_two_cheapest_is_held_to_its_record() -> None:
    # (contradicted before as well, by the audit: a guard)
    text = "The two cheapest options are BSNL's ₹239 plan and Jio's ₹299 plan."
    assert _verdicts(PREPAID_IN, text) == ["contradicted"]


ACCOUNTING = Table.from_rows(
    [
        {"id": "xero-standard", "monthly": 39.0},
        {"id": "sage-accounting", "monthly": 30.0},
        {"id": "bullet-online", "monthly": 24.6},
        {"id": "surf-accounts", "monthly": 29.95},
        {"id": "quickbooks-plus", "monthly": 34.0},
    ],
    value_field="monthly",
)


def test_a_wrong_place_written_in_digits_is_never_checked() -> None:
    verdicts = _verdicts(ACCOUNTING, "- 5th: quickbooks-plus - €34.00")
    assert verdicts[0] != "checked"


RANKED_LIST = """From cheapest to most expensive:

- 1st: bullet-online - €24.60
- 2nd: surf-accounts - €29.95
- 3rd: sage-accounting - €30.00
- 5th: quickbooks-plus - €34.00
- 5th: xero-standard - €39.00"""


def test_a_wrong_place_label_in_a_ranked_list_is_contradicted() -> None:
    assert _verdicts(ACCOUNTING, RANKED_LIST)[4] == "contradicted"


def test_a_right_place_label_in_a_ranked_list_is_checked() -> None:
    assert _verdicts(ACCOUNTING, RANKED_LIST)[1:4] == ["checked"] * 3
