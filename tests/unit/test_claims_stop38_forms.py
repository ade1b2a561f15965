"""Found this stop on the new and older splits, tested in other words."""

from __future__ import annotations

from stepgraph.claims import Table

from .test_claims_stop36_forms import _verdicts

SIMS = Table.from_rows(
    [
        {"id": "ee-essentials", "source": "ee.co.uk/business", "monthly": 18.0},
        {"id": "o2-business-plan", "source": "o2_business_offer_v2.pdf", "monthly": 16.5},
        {"id": "three-business", "source": "three.co.uk/business", "monthly": 14.0},
    ],
    alias_fields=("source",),
)
RURAL = Table.from_rows(
    [
        {"id": "skyreach", "source": "skyreach.net", "monthly": 89.99},
        {"id": "fieldlink", "source": "fieldlink.com", "monthly": 59.95},
        {"id": "ridgeline", "source": "ridgeline.com", "monthly": 60.0},
    ],
    alias_fields=("source",),
)
PALLETS = Table.from_rows(
    [
        {"id": "planzer", "source": "planzer.ch/fr/offre-2025-88", "monthly": 7340.0},
        {"id": "galliker", "source": "Offre Galliker GL-4471.pdf", "monthly": 7125.0},
        {"id": "post-logistics", "source": "post.ch/fr/logistique/devis", "monthly": 7300.0},
    ],
    alias_fields=("source",),
)


def test_a_source_name_in_double_quotes_is_read_as_the_name() -> None:
    text = 'The file "o2_business_offer_v2.pdf" has the lowest price, £16.50 per month.'
    assert _verdicts(SIMS, text) == ["contradicted"]


def test_a_true_sentence_about_a_quoted_source_name_is_checked() -> None:
    text = 'The file "three.co.uk/business" has the lowest price, £14.00 per month.'
    assert _verdicts(SIMS, text) == ["checked"]


def test_a_network_generation_inside_a_product_name_is_part_of_the_name() -> None:
    text = "Ridgeline 5G Home is the cheapest option at $60.00 per month."
    assert _verdicts(RURAL, text) == ["contradicted"]


def test_a_true_price_after_a_name_with_a_network_generation_is_not_contradicted() -> None:
    text = "Ridgeline 5G Home costs $60.00 per month."
    assert _verdicts(RURAL, text) == ["unverified"]


def test_a_capitalised_word_before_a_loose_name_inside_a_sentence_starts_the_name() -> None:
    text = "Planzer is cheaper than Swiss Post, at CHF 7'340.00 per month."
    assert _verdicts(PALLETS, text) == ["contradicted"]


def test_a_true_comparison_with_a_name_led_by_a_capitalised_word_is_not_contradicted() -> None:
    text = "Galliker is cheaper than Swiss Post, at CHF 7'125.00 per month."
    assert "contradicted" not in _verdicts(PALLETS, text)


TOOLS = Table.from_rows(
    [
        {"id": "asana-starter", "monthly": 131.88},
        {"id": "monday-standard", "monthly": 144.0},
        {"id": "clickup-business", "monthly": 143.88},
        {"id": "notion-plus", "monthly": 120.0},
    ]
)


def test_a_bare_place_closing_a_sentence_is_a_place_by_price() -> None:
    assert _verdicts(TOOLS, "notion-plus is third.") == ["contradicted"]


def test_a_true_bare_place_closing_a_sentence_is_checked() -> None:
    assert _verdicts(TOOLS, "clickup-business is third.") == ["checked"]


def test_a_margin_after_a_dash_and_only_follows_a_bare_place() -> None:
    text = "clickup-business is third - only 12 cents above monday-standard."
    assert _verdicts(TOOLS, text) == ["contradicted"]


def test_a_true_margin_after_a_dash_and_only_is_checked() -> None:
    text = "clickup-business is third - only 12 cents below monday-standard."
    assert _verdicts(TOOLS, text) == ["checked"]


SIMONLY = Table.from_rows(
    [
        {"id": "three-unl", "source": "three.co.uk", "monthly": 22.0},
        {"id": "vodafone-unl", "source": "vodafone.co.uk", "monthly": 22.0},
        {"id": "o2-unl", "source": "o2.co.uk", "monthly": 23.0},
        {"id": "ee-unl", "source": "ee.co.uk", "monthly": 25.0},
    ],
    alias_fields=("source",),
)


def test_a_tie_said_with_too_and_both_before_the_amount_is_read() -> None:
    assert _verdicts(SIMONLY, "Vodafone and O2 are level too, both £23.") == ["contradicted"]


def test_a_true_tie_said_with_too_and_both_is_not_contradicted() -> None:
    assert "contradicted" not in _verdicts(SIMONLY, "Three and Vodafone are level too, both £22.")


def test_them_after_tied_with_is_the_previous_sentences_group() -> None:
    text = "Three and Vodafone are tied at £22. O2 is tied with them as well."
    assert _verdicts(SIMONLY, text)[1] == "contradicted"


def test_both_after_than_is_the_previous_sentences_pair() -> None:
    text = "Three and Vodafone are tied at £22. O2 is cheaper than both."
    assert _verdicts(SIMONLY, text)[1] == "contradicted"


def test_a_true_comparison_with_both_after_than_is_not_contradicted() -> None:
    text = "Three and Vodafone are tied at £22. EE is £3 dearer than both."
    assert "contradicted" not in _verdicts(SIMONLY, text)


def test_them_after_than_with_two_names_before_it_in_the_sentence_is_left_unread() -> None:
    text = "Three and Vodafone are tied at £22. O2 and EE are dearer than them."
    assert _verdicts(SIMONLY, text)[1] != "checked"


PAYROLL = Table.from_rows(
    [
        {"id": "payday-simple", "source": "https://example-payday.com/pricing", "monthly": 49.0},
        {"id": "runpay-essential", "source": "quotes/runpay-quote.pdf", "monthly": 59.0},
        {"id": "crewroll-core", "source": "email from Marco 2026-01-19", "monthly": 45.0},
    ],
    alias_fields=("source",),
)


def test_an_id_head_in_inner_capitals_names_its_record() -> None:
    assert _verdicts(PAYROLL, "PayDay Simple is $4 cheaper than CrewRoll.") == ["contradicted"]


def test_a_true_comparison_with_an_id_head_in_inner_capitals_is_not_contradicted() -> None:
    assert "contradicted" not in _verdicts(PAYROLL, "CrewRoll is $4 cheaper than PayDay Simple.")


def test_an_id_head_in_plain_lower_case_stays_a_word() -> None:
    text = "PayDay Simple is $4 cheaper than crewroll."
    assert _verdicts(PAYROLL, text) == ["unverified"]


ENERGY = Table.from_rows(
    [
        {"id": "octopus-fixed-12m", "monthly": 142.0},
        {"id": "british-gas-fixed", "monthly": 151.5},
        {"id": "edf-simply-fixed", "monthly": 146.8},
        {"id": "eon-next-fixed", "monthly": 149.2},
    ]
)


def test_the_cheapest_and_the_dearest_apart_is_the_spread_of_the_prices() -> None:
    text = "So the cheapest and the dearest are £7.20 a month apart."
    assert _verdicts(ENERGY, text) == ["contradicted"]


def test_a_true_spread_said_as_apart_is_checked() -> None:
    assert _verdicts(ENERGY, "The cheapest and the dearest are £9.50 apart.") == ["checked"]


def test_the_cheapest_and_most_expensive_differ_by_is_the_spread() -> None:
    text = "The cheapest and most expensive differ by £7.20 a month."
    assert _verdicts(ENERGY, text) == ["contradicted"]


def test_a_true_spread_said_as_separated_by_is_checked() -> None:
    text = "The dearest and the cheapest are separated by £9.50."
    assert _verdicts(ENERGY, text) == ["checked"]


FIBRA = Table.from_rows(
    [
        {"id": "digi-fibra", "source": "digimobil.es/fibra", "monthly": 20.0},
        {"id": "lowi-fibra", "source": "lowi.es/fibra", "monthly": 28.0},
        {"id": "pepephone-fibra", "source": "pepephone.com/fibra", "monthly": 27.9},
    ],
    alias_fields=("source",),
)


def test_a_spanish_respectively_list_gives_each_record_its_own_amount() -> None:
    text = "Pepephone y Lowi cuestan 27,90 € y 28,00 € al mes respectivamente."
    assert "contradicted" not in _verdicts(FIBRA, text)


def test_a_swapped_spanish_respectively_list_is_contradicted() -> None:
    text = "Pepephone y Lowi cuestan 28,00 € y 27,90 € al mes respectivamente."
    assert _verdicts(FIBRA, text) == ["contradicted"]


def test_beziehungsweise_between_two_amounts_pairs_them_with_the_records() -> None:
    text = "Pepephone und Lowi kosten 27,90 € beziehungsweise 28,00 €."
    assert "contradicted" not in _verdicts(FIBRA, text)


def test_a_swapped_beziehungsweise_pair_is_contradicted() -> None:
    text = "Pepephone und Lowi kosten 28,00 € beziehungsweise 27,90 €."
    assert _verdicts(FIBRA, text) == ["contradicted"]


def test_a_year_after_the_last_amount_of_a_respectively_list_is_every_amounts_period() -> None:
    text = "Pepephone and Lowi cost €334.80 and €336.00 a year respectively."
    assert "contradicted" not in _verdicts(FIBRA, text)


def test_a_false_yearly_respectively_list_is_contradicted() -> None:
    text = "Pepephone and Lowi cost €336.00 and €334.80 a year respectively."
    assert _verdicts(FIBRA, text) == ["contradicted"]


STORAGE = Table.from_rows(
    [
        {"id": "dropbox-plus", "source": "dropbox.com/plans", "monthly": 11.99},
        {"id": "google-one-2tb", "source": "one.google.com/about/plans", "monthly": 9.99},
    ],
    alias_fields=("source",),
)


def test_two_loose_names_of_one_record_side_by_side_are_one_name() -> None:
    text = (
        "Dropbox Plus and Google One's 2 TB tier come in at $11.99 and $9.99 a month respectively."
    )
    assert "contradicted" not in _verdicts(STORAGE, text)


PARKING = Table.from_rows(
    [
        {"id": "ncp-city", "monthly": 185.0},
        {"id": "q-park-piccadilly", "monthly": 160.0},
    ]
)


def test_a_daily_rate_over_a_stated_count_of_working_days_is_not_contradicted() -> None:
    text = "Across 22 working days, q-park-piccadilly works out at £7.27 a day."
    assert "contradicted" not in _verdicts(PARKING, text)


def test_a_daily_rate_over_the_calendar_month_is_still_audited() -> None:
    text = "That is £160 a month, which works out at £9.50 a day for q-park-piccadilly."
    assert "contradicted" in _verdicts(PARKING, text)


OFFICES = Table.from_rows(
    [
        {"id": "betahaus-team-4", "monthly": 1600.0},
        {"id": "sankt-oberholz-team-4", "monthly": 1440.0},
    ]
)
OFFICE_CLAIMS = [
    {"id": "c1", "kind": "price", "offer": "betahaus-team-4", "amount": "1600", "period": "month"},
]


def test_a_rate_pro_kopf_beside_a_cited_price_is_no_number_in_conflict() -> None:
    text = "Das betahaus-team-4 verlangt 1.600 € [c1] oder 400 € pro Kopf."
    assert "contradicted" not in _verdicts(OFFICES, text, OFFICE_CLAIMS)


def test_a_bare_amount_beside_a_cited_price_is_still_in_conflict() -> None:
    text = "Das betahaus-team-4 verlangt 1.600 € [c1] oder 400 €."
    assert _verdicts(OFFICES, text, OFFICE_CLAIMS) == ["contradicted"]


KIDS = Table.from_rows(
    [
        {"id": "kidoodle-tv", "monthly": 4.99},
        {"id": "hopster-kids", "monthly": 5.99},
        {"id": "paramount-plus", "monthly": 7.99},
    ]
)
KIDS_CLAIMS = [
    {"id": "c6", "kind": "rank", "offer": "paramount-plus", "position": 3},
    {"id": "c7", "kind": "price", "offer": "paramount-plus", "amount": "7.99", "period": "month"},
]


def test_a_place_mark_other_than_the_cited_rank_is_contradicted() -> None:
    text = "- **#2 paramount-plus** — USD 7.99/mo [c6][c7]"
    assert _verdicts(KIDS, text, KIDS_CLAIMS) == ["contradicted"]


def test_a_place_mark_equal_to_the_cited_rank_is_checked() -> None:
    text = "- **#3 paramount-plus** — USD 7.99/mo [c6][c7]"
    assert _verdicts(KIDS, text, KIDS_CLAIMS) == ["checked"]


def test_a_place_mark_without_a_cited_rank_is_never_checked() -> None:
    text = "- **#2 paramount-plus** — USD 7.99/mo [c7]"
    assert _verdicts(KIDS, text, KIDS_CLAIMS) != ["checked"]


SATELLITE = Table.from_rows(
    [
        {"id": "starlink-residential", "source": "starlink.com/residential", "monthly": 120.0},
        {"id": "hughesnet-select", "source": "hughesnet.com/plans", "monthly": 64.99},
        {"id": "starlink-lite", "source": "starlink.com/residential-lite", "monthly": 80.0},
    ],
    alias_fields=("source",),
)
DNS = Table.from_rows(
    [
        {"id": "cloudflare-pro", "source": "cloudflare.com/plans", "monthly": 20.0},
        {"id": "dnsimple-solo", "source": "dnsimple.com/pricing", "monthly": 6.0},
        {"id": "route53-est", "source": "aws.amazon.com/route53/pricing", "monthly": 5.0},
    ],
    alias_fields=("source",),
)


def test_a_one_off_amount_for_the_dish_is_no_monthly_figure() -> None:
    text = "Note: Starlink charges $349 for the dish."
    assert "contradicted" not in _verdicts(SATELLITE, text)


def test_a_tier_word_another_records_source_spells_names_that_record() -> None:
    text = "Starlink Residential Lite is 80 dollars a month, so 960 a year."
    assert "contradicted" not in _verdicts(SATELLITE, text)


def test_a_false_price_of_the_record_a_tier_word_names_is_contradicted() -> None:
    text = "Starlink Residential Lite is 120 dollars a month."
    assert _verdicts(SATELLITE, text) == ["contradicted"]


def test_thousands_with_k_before_a_period_are_an_amount_without_a_currency() -> None:
    text = "Starlink Residential is the most expensive, 120$ a month and about 2k yearly."
    assert _verdicts(SATELLITE, text) == ["contradicted"]


def test_an_id_head_of_letters_and_digits_spaced_out_names_its_record() -> None:
    assert _verdicts(DNS, "Cloudflare Pro is $14 more than Route 53.") == ["contradicted"]


def test_a_one_word_remark_in_brackets_after_a_name_keeps_the_tie_readable() -> None:
    text = "Route 53 (estimated) and DNSimple Solo tie for the lowest price at $5/month."
    assert _verdicts(DNS, text) == ["contradicted"]


MENAGE = Table.from_rows(
    [
        {"id": "wecasa-menage", "source": "wecasa.fr/menage", "monthly": 96.0},
        {"id": "helpling-hebdo", "source": "helpling.fr/tarifs", "monthly": 104.0},
    ],
    alias_fields=("source",),
)


def test_pres_de_is_a_hedge_within_its_tolerance() -> None:
    assert "contradicted" not in _verdicts(MENAGE, "Helpling revient à près de 105 € par mois.")


def test_pres_de_far_off_is_contradicted() -> None:
    assert _verdicts(MENAGE, "Helpling revient à près de 140 € par mois.") == ["contradicted"]


def test_a_percent_off_something_is_a_discount_not_a_gap() -> None:
    assert "contradicted" not in _verdicts(MENAGE, "Note: Helpling gives 10% off EA purchases.")


def test_numbers_of_zones_are_no_figures() -> None:
    assert "contradicted" not in _verdicts(MENAGE, "Wecasa couvre les zones 1 à 5.")


GYM = Table.from_rows(
    [
        {"id": "planet-fitness-classic", "monthly": 15.0},
        {"id": "pf-black-card", "monthly": 24.99},
        {"id": "ymca-adult", "monthly": 55.0},
    ]
)


def test_a_sentence_led_by_an_unknown_name_does_not_inherit_the_last_subject() -> None:
    text = (
        "ymca-adult is $55 a month. "
        "The Black Card is $24.99 a month, which is $9.99 more than the Classic membership."
    )
    assert "contradicted" not in _verdicts(GYM, text)


EBIKES = Table.from_rows(
    [
        {"id": "swapfiets-power-7", "source": "swapfiets.com/power-7", "monthly": 89.0},
        {"id": "upway-rent", "source": "upway.co/rent", "monthly": 59.0},
    ],
    alias_fields=("source",),
)


def test_a_number_talked_about_after_the_is_no_amount() -> None:
    text = "Swapfiets Power 7 is €89/mo, the 7 is the number of gears, not the price."
    assert "contradicted" not in _verdicts(EBIKES, text)


def test_a_false_price_beside_a_number_talked_about_is_contradicted() -> None:
    text = "Swapfiets Power 7 is €79/mo, the 7 is the number of gears, not the price."
    assert _verdicts(EBIKES, text) == ["contradicted"]


LAUNDRY = Table.from_rows(
    [
        {"id": "laundrapp-20kg", "source": "laundrapp.com", "monthly": 64.0},
        {"id": "zipjet-20kg", "source": "zipjet.co.uk", "monthly": 72.5},
        {"id": "oxwash-20kg", "source": "oxwash.com", "monthly": 89.0},
        {"id": "laundryheap-20kg", "source": "laundryheap.co.uk", "monthly": 69.0},
    ],
    alias_fields=("source",),
)


def test_another_amount_on_top_is_a_step_from_the_clause_before() -> None:
    text = "Laundryheap is £5 more than Laundrapp, and Zipjet another £7 on top of that."
    assert _verdicts(LAUNDRY, text) == ["contradicted"]


def test_a_true_step_from_the_clause_before_is_not_contradicted() -> None:
    text = "Laundryheap is £5 more than Laundrapp, and Zipjet a further £3.50."
    assert "contradicted" not in _verdicts(LAUNDRY, text)


def test_a_step_may_start_from_the_previous_sentences_subject() -> None:
    text = "Laundryheap costs £69. Zipjet is another £7 more."
    assert _verdicts(LAUNDRY, text)[1] == "contradicted"


def test_a_step_that_turns_the_other_way_is_left_unread() -> None:
    text = "Oxwash is £16.50 more than Zipjet, and Laundryheap another £3.50 less."
    assert "contradicted" not in _verdicts(LAUNDRY, text)


def test_a_step_with_no_word_of_its_way_is_left_unread() -> None:
    text = "Laundryheap costs £69, and Zipjet another £7."
    assert _verdicts(LAUNDRY, text) != ["checked"]


VPNS = Table.from_rows(
    [
        {"id": "surfshark-one", "source": "surfshark.com/pricing", "monthly": 3.19},
        {"id": "protonvpn-plus", "source": "proton.me/vpn/pricing", "monthly": 4.49},
    ],
    alias_fields=("source",),
)


def test_a_capitalised_word_of_the_id_after_a_loose_name_is_part_of_the_name() -> None:
    assert _verdicts(VPNS, "Proton VPN Plus is the cheapest at $4.49.") == ["contradicted"]


def test_a_true_price_after_a_name_with_its_id_word_is_not_contradicted() -> None:
    assert "contradicted" not in _verdicts(VPNS, "Proton VPN Plus costs $4.49.")


HOSTING = Table.from_rows(
    [
        {"id": "hostinger-premium", "monthly": 2.99},
        {"id": "bluehost-basic", "monthly": 4.95},
        {"id": "siteground-startup", "monthly": 3.99},
        {"id": "dreamhost-starter", "monthly": 2.59},
    ]
)


def test_places_listed_respectively_go_to_the_subjects_in_order() -> None:
    text = "siteground-startup and bluehost-basic are fourth and third respectively."
    assert _verdicts(HOSTING, text) == ["contradicted"]


def test_true_places_listed_respectively_are_checked() -> None:
    text = "siteground-startup and bluehost-basic are third and fourth respectively."
    assert _verdicts(HOSTING, text) == ["checked"]


def test_amounts_after_follow_at_are_read_respectively() -> None:
    text = "bluehost-basic and siteground-startup follow at $3.99 and $4.95 respectively."
    assert _verdicts(HOSTING, text) == ["contradicted"]


BOOKS = Table.from_rows(
    [
        {"id": "quickbooks-simple-start", "monthly": 35.0},
        {"id": "sage-accounting-start", "monthly": 10.0},
        {"id": "nordpass-premium", "monthly": 1.99},
    ]
)


def test_adds_up_to_leads_to_a_yearly_total() -> None:
    text = "quickbooks-simple-start adds up to about $350 a year."
    assert _verdicts(BOOKS, text) == ["contradicted"]


def test_a_true_total_after_adds_up_to_is_not_contradicted() -> None:
    text = "quickbooks-simple-start adds up to $420 a year."
    assert "contradicted" not in _verdicts(BOOKS, text)


def test_an_emoji_opening_a_list_item_does_not_hide_its_label() -> None:
    text = "- ✅ **Cheapest:** nordpass-premium — $1.99/mo\n- sage-accounting-start — $10/mo"
    assert _verdicts(BOOKS, text)[0] == "checked"


def test_a_false_label_after_an_emoji_is_contradicted() -> None:
    text = "- ✅ **Cheapest:** sage-accounting-start — $10/mo"
    assert _verdicts(BOOKS, text) == ["contradicted"]


TARIFAS = Table.from_rows(
    [
        {"id": "simyo-30gb", "monthly": 10.0},
        {"id": "digi-movil-25gb", "monthly": 7.0},
        {"id": "pepephone-48gb", "monthly": 13.9},
    ]
)


def test_none_exceeds_in_spanish_is_a_bound_on_every_offer() -> None:
    text = "Ninguna de las tres tarifas supera los 13 € al mes."
    assert _verdicts(TARIFAS, text) == ["contradicted"]


def test_a_true_none_exceeds_in_spanish_is_not_contradicted() -> None:
    text = "Ninguna de las tres tarifas supera los 14 € al mes."
    assert "contradicted" not in _verdicts(TARIFAS, text)


CAMERAS = Table.from_rows(
    [
        {"id": "ring-protect-basic", "monthly": 4.99},
        {"id": "arlo-secure", "monthly": 7.99},
        {"id": "wyze-cam-plus", "monthly": 2.99},
        {"id": "eufy-cloud", "monthly": 3.49},
    ]
)
RANKED_TABLE = "| Rank | Plan | Price/mo |\n|---|---|---|\n| 1 | wyze-cam-plus | $2.99 |\n"


def test_a_rank_column_counts_the_way_its_first_rows_fix() -> None:
    text = RANKED_TABLE + "| 2 | ring-protect-basic | $4.99 |"
    assert _verdicts(CAMERAS, text)[-1] == "contradicted"


def test_a_rank_column_in_the_way_its_first_rows_fix_is_not_contradicted() -> None:
    text = RANKED_TABLE + "| 3 | ring-protect-basic | $4.99 |"
    assert "contradicted" not in _verdicts(CAMERAS, text)


def test_a_plus_between_words_of_a_name_is_part_of_the_name() -> None:
    table = Table.from_rows(
        [
            {"id": "hulu-live-tv", "source": "hulu.com/live-tv", "monthly": 76.99},
            {"id": "fubo-pro", "source": "fubo.tv/welcome", "monthly": 79.99},
        ],
        alias_fields=("source",),
    )
    text = "Hulu + Live TV and Fubo Pro both cost $79.99."
    assert _verdicts(table, text) == ["contradicted"]


INSURERS = Table.from_rows([{"id": "aami-comp", "monthly": 104.0}, {"id": "racv", "monthly": 99.5}])


def test_an_amount_over_twelve_months_is_a_yearly_figure() -> None:
    text = "aami-comp is $104 a month, $1,194 over twelve months."
    assert _verdicts(INSURERS, text) == ["contradicted"]


def test_a_true_amount_over_twelve_months_is_not_contradicted() -> None:
    text = "aami-comp is $104 a month, $1,248 over twelve months."
    assert "contradicted" not in _verdicts(INSURERS, text)


def test_an_id_of_words_run_together_is_named_by_its_hyphenated_words() -> None:
    table = Table.from_rows(
        [
            {"id": "tmobile-home", "source": "email from Dana", "monthly": 50.0},
            {"id": "spectrum-300", "source": "spectrum.com", "monthly": 49.99},
        ],
        alias_fields=("source",),
    )
    text = "T-Mobile Home Internet comes in at $49.99 per month."
    assert _verdicts(table, text) == ["contradicted"]


NURSERIES = Table.from_rows(
    [
        {"id": "busy-bees", "monthly": 2210.0},
        {"id": "local-childminder", "monthly": 1860.0},
    ]
)


def test_a_rate_per_child_must_be_the_price_split_among_the_children_counted() -> None:
    text = "Quotes for our two children:\n2) busy-bees: £2,210.00 a month, £1,150.00 per child"
    assert _verdicts(NURSERIES, text)[-1] == "contradicted"


def test_a_true_rate_per_child_is_not_contradicted() -> None:
    text = "Quotes for our two children:\n2) busy-bees: £2,210.00 a month, £1,105.00 per child"
    assert "contradicted" not in _verdicts(NURSERIES, text)


def test_a_rate_per_child_with_two_counts_of_children_is_left_unread() -> None:
    text = (
        "Quotes for two children, or for three children next year:\n"
        "2) busy-bees: £2,210.00 a month, £1,150.00 per child"
    )
    assert _verdicts(NURSERIES, text)[-1] != "contradicted"


CHARGING = Table.from_rows(
    [
        {"id": "tesla-membership", "source": "tesla.com/support/supercharging", "monthly": 9.99},
        {"id": "bp-pulse-plus", "source": "bppulse.co.uk/subscriptions", "monthly": 7.85},
        {"id": "shell-recharge-plus", "source": "shell.co.uk/recharge", "monthly": 6.5},
    ],
    alias_fields=("source",),
)


def test_a_two_letter_id_head_its_domain_spells_with_the_next_part_names_the_record() -> None:
    assert _verdicts(CHARGING, "Shell is dearer than BP.") == ["contradicted"]


def test_an_owners_product_noun_opening_a_clause_is_part_of_the_subject() -> None:
    text = "Tesla's membership, at £9.99, is not dearer than BP's."
    assert _verdicts(CHARGING, text) == ["contradicted"]


def test_an_owners_product_noun_after_than_stays_a_word() -> None:
    text = "Shell is cheaper than Tesla's membership at £9.99."
    assert "contradicted" not in _verdicts(CHARGING, text)


FIBRA_PT = Table.from_rows(
    [
        {"id": "meo-fibra-tv", "source": "meo.pt", "monthly": 52.99},
        {"id": "nos-fibra-tv", "source": "nos.pt", "monthly": 54.99},
        {"id": "vodafone-tv", "source": "vodafone.pt", "monthly": 49.99},
    ],
    alias_fields=("source",),
)


def test_a_lower_case_contraction_before_an_amount_is_no_name() -> None:
    text = "O MEO fica nos 52,99 € e a Vodafone nos 49,99 €."
    assert "contradicted" not in _verdicts(FIBRA_PT, text)


def test_a_catalan_mes_que_is_a_gap_not_a_price() -> None:
    table = Table.from_rows(
        [{"id": "digi-fibra", "monthly": 25.0}, {"id": "finetwork-fibra", "monthly": 33.9}]
    )
    text = "finetwork-fibra costa 8,90 € més que digi-fibra, amb una quota de 33,90 €."
    assert "contradicted" not in _verdicts(table, text)


def test_a_property_tax_charged_apart_is_no_price() -> None:
    table = Table.from_rows([{"id": "apto-pinheiros", "monthly": 3850.0}])
    text = "O IPTU de R$ 1.240,00 por ano do imóvel de Pinheiros é cobrado à parte."
    assert "contradicted" not in _verdicts(table, text)


def test_a_rounded_restatement_after_call_it_is_no_conflict() -> None:
    table = Table.from_rows([{"id": "usaa", "monthly": 129.4}, {"id": "geico", "monthly": 140.0}])
    claims = [{"id": "c3", "kind": "price", "offer": "usaa", "amount": "129.40", "period": "month"}]
    text = "usaa is at $129.40 a month [c3] (call it $130), but only for military families."
    assert "contradicted" not in _verdicts(table, text, claims)


def test_a_list_of_pairs_goes_on_past_a_name_the_inputs_do_not_spell() -> None:
    table = Table.from_rows(
        [
            {"id": "jucy-monthly", "monthly": 990.0},
            {"id": "snap-rentals", "monthly": 1050.0},
            {"id": "ezi-car-rental", "monthly": 1099.0},
        ]
    )
    text = "Under NZ$1,200: jucy-monthly, snap-rentals at NZ$1,050, Ezi at NZ$1,099 and more."
    assert "contradicted" not in _verdicts(table, text)


SEGUROS = Table.from_rows(
    [
        {"id": "la-positiva-vehicular", "monthly": 158.0},
        {"id": "pacifico-vehicular", "monthly": 172.5},
    ]
)


def test_the_sol_sign_makes_an_amount_money_and_keeps_its_hedge() -> None:
    text = "la-positiva-vehicular es la más barata, con S/ 158.00 al mes, o unos S/ 1,900 al año."
    assert "contradicted" not in _verdicts(SEGUROS, text)


def test_anda_por_los_is_a_hedge_within_its_tolerance() -> None:
    assert "contradicted" not in _verdicts(
        SEGUROS, "pacifico-vehicular anda por los S/ 170 al mes."
    )


def test_anda_por_los_far_off_is_contradicted() -> None:
    assert _verdicts(SEGUROS, "pacifico-vehicular anda por los S/ 140 al mes.") == ["contradicted"]


def test_a_spanish_deductible_is_no_price() -> None:
    text = "Todas las pólizas tienen un deducible de alrededor de S/ 500 por siniestro."
    assert "contradicted" not in _verdicts(SEGUROS, text)


def test_a_threshold_after_a_bound_word_is_no_number_in_conflict() -> None:
    table = Table.from_rows(
        [{"id": "smart-fit-black", "monthly": 599.0}, {"id": "sport", "monthly": 450.0}]
    )
    claims = [
        {
            "id": "c4",
            "kind": "price",
            "offer": "smart-fit-black",
            "amount": "599",
            "period": "month",
        }
    ]
    text = "smart-fit-black no baja de $500: cuesta $599 [c4]."
    assert "contradicted" not in _verdicts(table, text, claims)


def test_a_figure_por_cada_unit_is_a_rate_not_a_price() -> None:
    table = Table.from_rows(
        [{"id": "totalplay-150", "monthly": 499.0}, {"id": "megacable-100", "monthly": 349.0}]
    )
    text = "En megas por peso, totalplay-150 da 0.30 por cada peso, contra 0.29 de megacable-100."
    assert "contradicted" not in _verdicts(table, text)


def test_a_bracket_after_a_compared_name_behind_an_article_restates_the_gap() -> None:
    table = Table.from_rows(
        [{"id": "edp-comercial", "monthly": 68.4}, {"id": "goldenergy-casa", "monthly": 57.3}]
    )
    text = "edp-comercial paga 68,40 €, 11 € a mais por mês do que na goldenergy-casa (11,10 €)."
    assert "contradicted" not in _verdicts(table, text)


def test_a_bracket_after_a_name_with_no_gap_before_is_still_its_price() -> None:
    table = Table.from_rows(
        [{"id": "edp-comercial", "monthly": 68.4}, {"id": "goldenergy-casa", "monthly": 57.3}]
    )
    assert _verdicts(table, "goldenergy-casa (68,40 €) é a mais barata.") == ["contradicted"]


TV_PACKS = Table.from_rows(
    [
        {"id": "dish-tv-super-family", "source": "dishtv.in/packs", "monthly": 349.0},
        {"id": "sun-direct-value", "source": "sundirect.in/packs", "monthly": 289.0},
        {"id": "microsoft-365-personal", "source": "microsoft.com/en-in", "monthly": 689.0},
    ],
    alias_fields=("source",),
)


def test_an_owners_capitalised_product_name_ending_on_pack_is_part_of_the_subject() -> None:
    text = "Dish TV's Super Family pack is the cheapest of the three at ₹349 a month."
    assert _verdicts(TV_PACKS, text) == ["contradicted"]


def test_a_place_on_price_is_a_place_by_price() -> None:
    assert _verdicts(TV_PACKS, "Microsoft 365 is second on price.") == ["contradicted"]


def test_a_true_place_on_price_is_not_contradicted() -> None:
    assert "contradicted" not in _verdicts(TV_PACKS, "Microsoft 365 is third on price.")


MOBILES_BE = Table.from_rows(
    [
        {"id": "base-15go", "source": "base.be", "monthly": 15.5},
        {"id": "orange-go-light", "source": "orange.be", "monthly": 15.0},
    ],
    alias_fields=("source",),
)


def test_a_french_comparison_after_an_appositive_price_and_elided_que_is_read() -> None:
    text = "BASE, à 15,50 €, n'est pas plus cher qu'Orange."
    assert _verdicts(MOBILES_BE, text) == ["contradicted"]


def test_a_yearly_word_in_portuguese_after_an_amount_makes_it_yearly() -> None:
    table = Table.from_rows(
        [{"id": "icloud-2tb", "monthly": 54.9}, {"id": "gdrive", "monthly": 34.99}]
    )
    text = "icloud-2tb é o mais caro, com R$ 658,80 anuais."
    assert "contradicted" not in _verdicts(table, text)


def test_lei_after_an_amount_is_money() -> None:
    table = Table.from_rows(
        [{"id": "orange-love-fibra", "monthly": 99.5}, {"id": "digi-net", "monthly": 60.0}]
    )
    text = "orange-love-fibra costă 99,50 RON pe lună, iar anual ajunge la 1.149,00 lei."
    assert _verdicts(table, text) == ["contradicted"]


CLINICS = Table.from_rows([{"id": "medlife", "monthly": 99.0}, {"id": "regina", "monthly": 85.0}])


def test_does_not_go_above_an_amount_bounds_the_price() -> None:
    assert _verdicts(CLINICS, "medlife doesn't go above $90.") == ["contradicted"]


def test_a_true_does_not_go_above_is_not_contradicted() -> None:
    assert "contradicted" not in _verdicts(CLINICS, "regina doesn't go above $90.")
