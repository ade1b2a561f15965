"""Forms found this stop on the new and kept-aside splits, tested in other words."""

from __future__ import annotations

from stepgraph.claims import Table

from .test_claims_stop36_forms import _verdicts

POLICIES = Table.from_rows(
    [
        {"id": "mobiliar", "monthly": 38.4},
        {"id": "axa", "monthly": 41.75},
        {"id": "zurich", "monthly": 45.1},
        {"id": "helvetia", "monthly": 36.8},
    ]
)


def test_a_list_under_a_monthly_premium_heading_holds_prices() -> None:
    text = "Four quotes, monthly premium:\n- helvetia: CHF 38.40\n- axa: CHF 41.75"
    assert _verdicts(POLICIES, text)[1] == "contradicted"


def test_a_count_cheaper_than_an_amount_is_checked_when_true() -> None:
    assert _verdicts(POLICIES, "Two of the four are cheaper than CHF 40.00.") == ["checked"]


def test_a_count_cheaper_than_an_amount_is_contradicted_when_false() -> None:
    # (the audit contradicted it before too, as an amount no input holds: a guard)
    assert _verdicts(POLICIES, "Three of the four are cheaper than CHF 40.00.") == ["contradicted"]


def test_a_count_more_expensive_than_an_amount_is_read() -> None:
    assert _verdicts(POLICIES, "Two quotes are more expensive than CHF 40.00.") == ["checked"]


def test_a_count_lower_than_an_amount_is_contradicted_when_false() -> None:
    assert _verdicts(POLICIES, "Three quotes are lower than CHF 40.00.") == ["contradicted"]


def test_a_count_dearer_than_an_amount_is_contradicted_when_false() -> None:
    # (the audit contradicted it before too, as an amount no input holds: a guard)
    assert _verdicts(POLICIES, "One of the four is dearer than CHF 40.00.") == ["contradicted"]


def test_a_count_cheaper_than_an_offer_is_not_a_bound() -> None:
    # the offer after "than" is no amount: another form reads it (or leaves it)
    assert "checked" not in _verdicts(POLICIES, "Three of the four are cheaper than zurich by 9.")


def test_a_count_of_the_others_below_an_amount_is_contradicted_when_false() -> None:
    text = "axa costs CHF 41.75, and three of the other three come in below CHF 40.00."
    assert _verdicts(POLICIES, text) == ["contradicted"]


def test_a_count_of_the_others_below_an_amount_is_checked_when_true() -> None:
    text = "axa costs CHF 41.75, and two of the other three come in below CHF 40.00."
    assert _verdicts(POLICIES, text) == ["checked"]


def test_the_others_of_a_count_must_number_as_the_records_not_named() -> None:
    # "the other two" after one name of four records: not every other record
    text = "axa costs CHF 41.75, and two of the other two come in below CHF 40.00."
    assert "checked" not in _verdicts(POLICIES, text)


def test_a_count_below_that_is_below_the_amount_before_it() -> None:
    text = "zurich costs CHF 45.10, and two of the other three are cheaper than that."
    assert _verdicts(POLICIES, text) == ["contradicted"]


def test_a_count_below_that_is_checked_when_true() -> None:
    text = "zurich costs CHF 45.10, and all three of the others are cheaper than that."
    assert "contradicted" not in _verdicts(POLICIES, text)


def test_a_count_under_that_budget_is_held_against_the_budget() -> None:
    text = "We budgeted CHF 40 a month, and three of the four come in under that."
    assert _verdicts(POLICIES, text) == ["contradicted"]


def test_that_with_two_amounts_before_it_is_not_read() -> None:
    text = "zurich costs CHF 45.10 and axa CHF 41.75, and one of the four is above that."
    assert "contradicted" not in _verdicts(POLICIES, text)


def test_come_in_is_english_not_the_italian_come() -> None:
    assert _verdicts(POLICIES, "Two quotes come in below CHF 40.00.") == ["checked"]


INSURERS = Table.from_rows(
    [
        {"id": "outsurance-comprehensive", "monthly": 1189},
        {"id": "king-price-comprehensive", "monthly": 998},
        {"id": "miway-comprehensive", "monthly": 1076},
    ]
)
TRUE_CLAIMS = [
    {"id": "c2", "kind": "cheapest", "offer": "king-price-comprehensive"},
    {"id": "c3", "kind": "price", "offer": "king-price-comprehensive", "amount": "998"},
]


def test_true_citations_do_not_vouch_for_a_loosely_named_record_they_do_not_name() -> None:
    text = "MiWay is the cheapest one at R998 pm [c2][c3]."
    assert _verdicts(INSURERS, text, TRUE_CLAIMS) == ["contradicted"]


def test_true_citations_still_vouch_for_the_cheapest_one_they_name() -> None:
    text = "King Price is the cheapest one at R998 pm [c2][c3]."
    assert "contradicted" not in _verdicts(INSURERS, text, TRUE_CLAIMS)


CARS = Table.from_rows(
    [
        {"id": "admiral-car", "monthly": 48.3},
        {"id": "aviva-car", "monthly": 52.1},
        {"id": "direct-line", "monthly": 40},
    ]
)


def test_no_before_a_comma_answers_and_does_not_undo_the_negation_after_it() -> None:
    text = "admiral-car is £48.30, and no, it isn't the dearest."
    assert "contradicted" not in _verdicts(CARS, text)


def test_no_before_a_comma_does_not_negate_the_claim_after_it() -> None:
    # (contradicted before as well: a guard for the answer's other side)
    text = "admiral-car is £48.30, and no, it is the dearest."
    assert "contradicted" in _verdicts(CARS, text)


FOUR = Table.from_rows(
    [
        {"id": "a-one", "monthly": 10},
        {"id": "b-two", "monthly": 20},
        {"id": "c-three", "monthly": 30},
        {"id": "d-four", "monthly": 40},
    ]
)


def test_a_count_after_you_have_got_counts_the_records() -> None:
    assert _verdicts(FOUR, "You've got 3 options.") == ["contradicted"]


def test_a_count_after_listed_counts_the_records() -> None:
    assert _verdicts(FOUR, "You've listed five services.") == ["contradicted"]


def test_a_count_after_i_got_and_a_kind_word_counts_the_records() -> None:
    assert _verdicts(FOUR, "I got 3 comprehensive quotes.") == ["contradicted"]


def test_a_count_after_we_have_counts_the_records() -> None:
    assert _verdicts(FOUR, "We have 3 quotes.") == ["contradicted"]


def test_a_count_after_found_counts_the_records() -> None:
    assert _verdicts(FOUR, "I found 5 plans.") == ["contradicted"]


def test_a_count_after_sent_me_counts_the_records() -> None:
    assert _verdicts(FOUR, "You sent me 3 quotes.") == ["contradicted"]


def test_a_count_after_looking_at_counts_the_records() -> None:
    assert _verdicts(FOUR, "You're looking at 3 plans.") == ["contradicted"]


def test_a_provider_having_plans_is_no_count_of_the_records() -> None:
    assert "contradicted" not in _verdicts(FOUR, "b-two has 3 plans for families.")


def test_a_count_of_the_records_qualified_by_a_bound_is_no_count_of_all() -> None:
    assert "contradicted" not in _verdicts(FOUR, "I compared 3 plans under $35.")


def test_a_count_of_the_records_qualified_by_with_is_no_count_of_all() -> None:
    assert "contradicted" not in _verdicts(FOUR, "I found 2 plans with a free router.")


def test_a_count_with_its_records_in_apposition_is_held_to_the_count() -> None:
    assert _verdicts(FOUR, "Just one, d-four, goes above $25.") == ["contradicted"]


def test_a_count_with_its_records_in_apposition_is_checked_when_true() -> None:
    assert _verdicts(FOUR, "Two, c-three and d-four, cost more than $25.") == ["checked"]


def test_the_records_in_apposition_to_a_count_must_be_beyond_the_bound() -> None:
    # (contradicted before as well, by the names' own reading: a guard)
    assert _verdicts(FOUR, "Two, b-two and d-four, cost more than $25.") == ["contradicted"]


def test_a_count_unlike_its_records_in_apposition_is_not_read() -> None:
    assert "checked" not in _verdicts(FOUR, "Two, d-four, cost more than $25.")


VANS = Table.from_rows(
    [
        {"id": "ald-automotive", "monthly": 58900},
        {"id": "shree-travels", "monthly": 55400},
    ]
)


def test_an_indian_grouped_amount_before_a_comma_is_read_whole() -> None:
    text = (
        "For the year, shree-travels works out to ₹6,64,800, against ₹7,06,800 for ald-automotive."
    )
    assert "contradicted" not in _verdicts(VANS, text)


PRINTERS = Table.from_rows(
    [
        {"id": "blue-star", "source": "blue-star.pdf", "monthly": 1280},
        {"id": "caxton", "source": "caxton.pdf", "monthly": 1195},
        {"id": "print-house-nelson", "source": "print-house-nelson.pdf", "monthly": 1340},
        {"id": "inkspot", "source": "inkspot.pdf", "monthly": 1225},
        {"id": "soar-printing", "source": "soar-printing.pdf", "monthly": 1260},
    ],
    alias_fields=("source",),
)


def test_a_loose_word_of_another_name_right_after_a_name_is_the_rest_of_that_name() -> None:
    text = "Inkspot Print is the second-lowest at $1,225.00."
    assert "contradicted" not in _verdicts(PRINTERS, text)


def test_the_name_with_its_trading_word_is_still_held_to_its_price() -> None:
    # (contradicted before as well: a guard)
    assert _verdicts(PRINTERS, "Inkspot Print is the cheapest at $1,225.00.") == ["contradicted"]


CLEANERS = Table.from_rows(
    [
        {"id": "ocs", "monthly": 4385},
        {"id": "mitie", "monthly": 4890},
    ]
)


def test_c_before_an_amount_is_circa_and_ends_no_sentence() -> None:
    text = "In round terms, ocs is c. £4,400 a month and mitie c. £4,900."
    assert _verdicts(CLEANERS, text) == ["unverified"]


def test_circa_far_off_is_contradicted() -> None:
    assert _verdicts(CLEANERS, "ocs is c. £3,400 a month.") == ["contradicted"]


def test_ca_with_its_full_stop_is_circa() -> None:
    assert _verdicts(CLEANERS, "ocs is ca. £4,400 a month.") == ["unverified"]


COPIERS = Table.from_rows(
    [
        {"id": "ricoh-uk", "source": "ricoh-uk.pdf", "monthly": 289},
        {"id": "canon-uk", "source": "canon-uk.pdf", "monthly": 298},
    ],
    alias_fields=("source",),
)


def test_an_option_letter_labelling_the_record_after_it_is_no_unknown_offer() -> None:
    assert "contradicted" not in _verdicts(COPIERS, "- Option B \u2013 Canon UK: £298.00")


def test_an_option_letter_with_no_record_after_it_is_still_no_offer() -> None:
    # (contradicted before as well: a guard)
    assert _verdicts(COPIERS, "Option C is cheaper than Canon UK.") == ["contradicted"]


def test_what_the_existing_contract_costs_is_no_offers_price() -> None:
    text = "For reference, we currently pay £610 a month for the existing service."
    assert "contradicted" not in _verdicts(COPIERS, text)


REFUSE = Table.from_rows(
    [
        {"id": "waste-management-nz", "monthly": 3480},
        {"id": "envirowaste", "monthly": 3150},
        {"id": "smart-environmental", "monthly": 2395},
    ]
)


def test_a_budget_line_is_no_offers_price() -> None:
    text = "The Long-term Plan provides $36,000 a year for this service."
    assert "contradicted" not in _verdicts(REFUSE, text)


def test_a_cost_centre_holding_a_sum_is_no_offers_price() -> None:
    text = "The rental will be charged to cost centre 4120, which holds £9,500 for 2026/27."
    assert "contradicted" not in _verdicts(COPIERS, text)


def test_a_one_time_charge_is_no_offers_price() -> None:
    text = "Canon UK has priced a one-time cleanup at £3,200, separate from the lease."
    assert "contradicted" not in _verdicts(COPIERS, text)


def test_a_refundable_deposit_paid_once_is_no_offers_price() -> None:
    text = "A security sum of £500 was deposited once by each bidder and is refundable."
    assert "contradicted" not in _verdicts(COPIERS, text)


def test_a_rate_per_copy_is_no_offers_price() -> None:
    text = "Copies above the allowance are charged at £0.12 (black) per copy by both suppliers."
    assert "contradicted" not in _verdicts(COPIERS, text)


def test_pay_for_an_in_house_role_is_no_offers_price() -> None:
    text = "That compares with salary on-costs of $96,000 a year for the in-house role."
    assert "contradicted" not in _verdicts(REFUSE, text)


def test_an_area_in_hectares_is_no_amount() -> None:
    text = "To award the contract for the parks (about 11.5 hectares) from 1 July 2026."
    assert "contradicted" not in _verdicts(REFUSE, text)


def test_the_current_lease_with_a_bidder_is_not_that_bidders_offer() -> None:
    assert _verdicts(COPIERS, "Our current Canon lease costs £355 a month.") == ["unverified"]


def test_a_bidders_quote_is_still_its_offer() -> None:
    # (contradicted before as well: a guard)
    assert _verdicts(COPIERS, "The Canon quote costs £355 a month.") == ["contradicted"]


INSURERS_UK = Table.from_rows(
    [
        {"id": "zurich-municipal", "monthly": 8420},
        {"id": "aviva", "monthly": 8765},
        {"id": "allianz", "monthly": 8310},
    ]
)


def test_an_engine_size_before_a_model_word_is_no_amount() -> None:
    text = "- Ford Transit Minibus (2.0 EcoBlue 130PS) from Canon UK: £298.00 per month"
    assert "contradicted" not in _verdicts(COPIERS, text)


def test_a_financial_years_programme_cost_is_no_offers_price() -> None:
    text = "7.4 For comparison, the 2025/26 programme cost £94,800 for the year."
    assert "contradicted" not in _verdicts(INSURERS_UK, text)


def test_a_financial_year_is_no_licence_for_a_false_price() -> None:
    # (contradicted before as well: a guard)
    text = "For 2025/26, aviva costs £8,965 a month."
    assert _verdicts(INSURERS_UK, text) == ["contradicted"]


def test_a_score_against_a_score_for_a_record_is_no_price() -> None:
    text = "Canon UK scored 78 against 74 for Ricoh UK and is recommended."
    assert "contradicted" not in _verdicts(COPIERS, text)


CUSTODIANS = Table.from_rows(
    [
        {"id": "abm-industries", "monthly": 24650},
        {"id": "harvard-maintenance", "monthly": 23980},
    ]
)


def test_a_yearly_column_headed_annual_12_months_is_read() -> None:
    text = (
        "| Bidder | Monthly | Annual (12 months) |\n|---|---|---|\n"
        "| harvard-maintenance | $23,980.00 | $287,760 |\n"
        "| abm-industries | $24,650.00 | $296,800 |"
    )
    assert _verdicts(CUSTODIANS, text)[1:] == ["checked", "contradicted"]


def test_a_count_of_vendors_who_responded_counts_the_records() -> None:
    assert _verdicts(FOUR, "Three vendors responded to our request.") == ["contradicted"]


def test_a_count_of_bids_that_came_in_counts_the_records() -> None:
    assert _verdicts(FOUR, "Four bids came in.") == ["checked"]


def test_a_count_of_vendors_who_responded_late_is_some_of_them() -> None:
    # (unread before as well: a guard)
    assert "contradicted" not in _verdicts(FOUR, "Two vendors responded late.")


def test_no_bid_over_the_monthly_budget_is_held_to_the_budget() -> None:
    assert _verdicts(FOUR, "No bid is over the $35 monthly budget.") == ["contradicted"]


def test_no_bid_over_our_budget_is_checked_when_true() -> None:
    assert _verdicts(FOUR, "None of the bids exceeds our $45 budget.") == ["checked"]


GUARDS = Table.from_rows(
    [
        {"id": "securitas-ie", "source": "securitas.ie/quotes/SEC-1.pdf", "monthly": 21480},
        {"id": "allied-ie", "source": "aus.com/ie/quotes/AUS-7731.pdf", "monthly": 20240},
        {"id": "noonan-ie", "source": "noonan.ie/tenders/N-118.pdf", "monthly": 19875},
    ],
    alias_fields=("source",),
)


def test_the_head_of_an_id_no_other_record_holds_is_a_loose_name() -> None:
    text = "Securitas is €1,240.00 a month cheaper than Allied Universal."
    assert _verdicts(GUARDS, text) == ["contradicted"]


def test_a_loose_id_head_never_makes_a_sentence_checked() -> None:
    # (unverified before as well, unread: a guard that the loose name stays loose)
    text = "Allied Universal is €1,240.00 a month cheaper than Securitas."
    assert _verdicts(GUARDS, text) == ["unverified"]


GYMS = Table.from_rows(
    [
        {"id": "fitness-first-th-silver", "monthly": 2499},
        {"id": "jetts-24-th", "monthly": 1590},
    ]
)


def test_an_id_head_ending_another_name_is_no_name_of_its_own() -> None:
    # (a guard of the rule above: read before as well)
    text = "Jetts 24 Hour Fitness is the cheapest at ฿1,590 a month."
    assert "contradicted" not in _verdicts(GYMS, text)


def test_the_head_of_a_label_and_number_id_is_no_brand() -> None:
    # (a guard of the rule above: read before as well)
    power = Table.from_rows(
        [{"id": "ostwind-oeko", "monthly": 84.9}, {"id": "tarif-3", "monthly": 92.15}]
    )
    text = "Ostwind Öko ist der günstigste Tarif, mit 84,90 € im Monat."
    assert "contradicted" not in _verdicts(power, text)


def test_a_place_out_of_the_count_after_is_is_read() -> None:
    assert _verdicts(FOUR, "c-three is second of four.") == ["contradicted"]


def test_a_true_place_out_of_the_count_is_checked() -> None:
    assert _verdicts(FOUR, "c-three is third of the four plans.") == ["checked"]


def test_a_place_out_of_a_wrong_count_is_contradicted() -> None:
    assert _verdicts(FOUR, "c-three is third of five.") == ["contradicted"]


DESKS = Table.from_rows(
    [
        {"id": "wework-dedicated-ldn", "monthly": 450},
        {"id": "unisalute-completa", "monthly": 61.2},
    ]
)


def test_a_london_phone_number_in_four_digit_groups_is_no_amount() -> None:
    text = "WeWork's London sales line is 020 3695 2340."
    assert "contradicted" not in _verdicts(DESKS, text)


def test_an_italian_freephone_number_is_no_amount() -> None:
    assert "contradicted" not in _verdicts(DESKS, "- numero verde UniSalute: 800 009 605")


def test_a_price_in_three_space_groups_after_a_currency_sign_is_still_an_amount() -> None:
    # (contradicted before as well: a guard)
    text = "unisalute-completa costs € 800 009 605."
    assert _verdicts(DESKS, text) == ["contradicted"]


STREAMING = Table.from_rows(
    [
        {"id": "netflix-standard-ca", "monthly": 18.99},
        {"id": "crave-premium", "monthly": 22},
    ]
)


def test_an_amount_in_another_currency_than_the_texts_is_context() -> None:
    text = (
        "Netflix costs C$18.99 a month and Crave C$22.00. "
        "Search first surfaced the US page, where the same plan is US$17.99."
    )
    assert "contradicted" not in _verdicts(STREAMING, text)


def test_an_amount_in_the_texts_own_currency_is_still_audited() -> None:
    # (contradicted before as well: a guard)
    text = "Netflix costs C$18.99 a month and Crave C$22.00. Search first showed C$17.49."
    assert _verdicts(STREAMING, text)[1] == "contradicted"


VPS = Table.from_rows(
    [
        {"id": "hostinger-vps", "monthly": 329},
        {"id": "lightsail-mx", "monthly": 171},
        {"id": "postpaid-plan", "monthly": 9980},
    ]
)


def test_an_exchange_rate_is_no_amount_of_the_offers() -> None:
    text = "La herramienta pasó a pesos los precios, con un tipo de cambio de 17.10 pesos."
    assert "contradicted" not in _verdicts(VPS, text)


def test_a_note_on_indian_grouping_is_no_amount_of_the_offers() -> None:
    text = "Formatting note: figures use Indian digit grouping (lakh = 1,00,000)."
    assert "contradicted" not in _verdicts(VPS, text)


def test_a_multiplier_in_words_is_no_amount_of_the_offers() -> None:
    text = "I multiplied each monthly price by twelve with the calculator."
    assert "contradicted" not in _verdicts(STREAMING, text)


def test_a_calculator_call_in_quotes_is_worked_arithmetic() -> None:
    text = 'Then `calc("(22 - 18.99) / 22 * 100")` = `13.68`.'
    assert "contradicted" not in _verdicts(STREAMING, text)


def test_a_calculator_call_with_a_wrong_result_is_contradicted() -> None:
    # (contradicted before as well, as an unexplained amount: a guard)
    text = 'Then `calc("(22 - 18.99) / 22 * 100")` = `15.68`.'
    assert _verdicts(STREAMING, text) == ["contradicted"]


LEASES = Table.from_rows(
    [
        {"id": "ayvens-fiat-500e", "monthly": 349},
        {"id": "leasys-jeep-avenger", "monthly": 319},
        {"id": "arval-peugeot-208", "monthly": 289},
    ]
)
POWER_BE = Table.from_rows(
    [
        {"id": "engie-easy", "monthly": 118.4},
        {"id": "totalenergies-pixel", "monthly": 118.4},
    ]
)


def test_italian_none_goes_below_an_amount_is_read() -> None:
    text = "Nessuna offerta scende sotto i 300 € al mese."
    assert _verdicts(LEASES, text) == ["contradicted"]


def test_italian_none_above_an_amount_is_not_contradicted_when_true() -> None:
    # (unread before as well: a guard)
    text = "Nessuna offerta è sopra i 350 € al mese."
    assert "contradicted" not in _verdicts(LEASES, text)


def test_dutch_net_iets_before_a_comparative_is_a_degree() -> None:
    text = "totalenergies-pixel is net iets goedkoper dan engie-easy."
    assert _verdicts(POWER_BE, text) == ["contradicted"]


def test_a_column_headed_per_month_holds_prices() -> None:
    text = (
        "| Plan | Per month | Per year |\n|---|---|---|\n"
        "| harvard-maintenance | $23,980.00 | $287,760 |\n"
        "| abm-industries | $24,560.00 | $295,800 |"
    )
    assert _verdicts(CUSTODIANS, text)[2] == "contradicted"


WASTE = Table.from_rows(
    [
        {"id": "gfl-environmental", "source": "Quote_A.pdf", "monthly": 1420},
        {"id": "waste-connections", "source": "Quote_B.pdf", "monthly": 1385},
        {"id": "emterra", "source": "Quote_D.pdf", "monthly": 1365},
    ],
    alias_fields=("source",),
)


def test_a_source_files_stem_names_its_record() -> None:
    assert _verdicts(WASTE, "Quote B is the cheapest.") == ["contradicted"]


def test_a_source_files_stem_stays_a_loose_name() -> None:
    # (unverified before as well: a guard that the stem never makes a sentence checked)
    assert _verdicts(WASTE, "Quote D is the cheapest.") == ["unverified"]


def test_the_cheapest_entry_is_the_cheapest_offer() -> None:
    assert _verdicts(FOUR, "The cheapest entry is b-two.") == ["contradicted"]
