"""Found this stop on the kept-aside and new splits, tested in other words."""

from __future__ import annotations

from stepgraph.claims import Table

from .test_claims_stop36_forms import _verdicts

BROADBAND = Table.from_rows(
    [
        {"id": "leaptel", "monthly": 79.95},
        {"id": "telstra", "monthly": 110.0},
        {"id": "optus", "monthly": 99.0},
    ]
)
PHONES = Table.from_rows(
    [
        {"id": "eir", "monthly": 45.0},
        {"id": "vodafone", "monthly": 52.5},
        {"id": "ringcentral", "monthly": 38.0},
        {"id": "blueface", "monthly": 41.9},
    ]
)
LEASES = Table.from_rows(
    [
        {"id": "tesla-model-3", "monthly": 389.0},
        {"id": "mg4-ev", "monthly": 229.0},
        {"id": "cupra-born", "monthly": 279.0},
    ]
)


def test_a_hedged_yearly_saving_far_off_is_false() -> None:
    text = "Over a year, leaptel saves roughly $300 compared with telstra."
    assert _verdicts(BROADBAND, text) == ["contradicted"]


def test_a_hedged_yearly_saving_within_the_hedge_is_not_false() -> None:
    text = "Over a year, leaptel saves roughly $350 compared with telstra."
    assert "contradicted" not in _verdicts(BROADBAND, text)


def test_a_hedged_saving_of_going_with_one_instead_of_another_far_off_is_false() -> None:
    text = "Over a year, going with leaptel instead of telstra saves roughly $300."
    assert _verdicts(BROADBAND, text) == ["contradicted"]


def test_a_hedged_saving_of_going_with_one_instead_of_another_near_is_not_false() -> None:
    text = "Over a year, going with leaptel instead of telstra saves roughly $350."
    assert "contradicted" not in _verdicts(BROADBAND, text)


def test_a_premium_over_another_record_is_their_gap() -> None:
    text = "vodafone is the most expensive at €52.50, a €10.60 premium over ringcentral."
    assert _verdicts(PHONES, text) == ["contradicted"]


def test_the_right_premium_over_another_record_is_checked() -> None:
    text = "vodafone is a €14.50 premium over ringcentral."
    assert _verdicts(PHONES, text) == ["checked"]


def test_a_short_model_name_opening_an_id_names_its_record() -> None:
    text = "The MG4 costs £279 a month."
    assert _verdicts(LEASES, text) == ["contradicted"]


PLANS = Table.from_rows(
    [
        {"id": "vets4pets", "monthly": 14.5},
        {"id": "medivet", "monthly": 16.0},
        {"id": "hollybank", "monthly": 18.99},
    ]
)


def test_none_dearer_than_a_record_with_its_price_after_it_is_read() -> None:
    text = "None of these plans is dearer than medivet's £16.00."
    assert _verdicts(PLANS, text) == ["contradicted"]


def test_the_price_after_the_record_none_is_dearer_than_is_checked() -> None:
    text = "None of these plans is dearer than hollybank's £17.99."
    assert _verdicts(PLANS, text) == ["contradicted"]


def test_none_dearer_and_none_cheaper_with_their_prices_are_checked_when_true() -> None:
    text = (
        "None of these plans is dearer than hollybank's £18.99, "
        "and none is cheaper than vets4pets' £14.50."
    )
    assert _verdicts(PLANS, text) == ["checked"]


def test_nothing_in_the_list_cheaper_than_a_record_makes_it_the_cheapest() -> None:
    text = "Nothing in the list is cheaper than medivet."
    assert _verdicts(PLANS, text) == ["contradicted"]


def test_nothing_else_cheaper_than_the_cheapest_at_its_price_is_checked() -> None:
    text = "Nothing else is cheaper than vets4pets at £14.50."
    assert _verdicts(PLANS, text) == ["checked"]


KIDS = Table.from_rows(
    [
        {"id": "tynker", "monthly": 15.0},
        {"id": "codakid", "monthly": 14.99},
        {"id": "codemonkey", "monthly": 14.99},
    ]
)


def test_all_three_tie_says_every_record_costs_the_same() -> None:
    assert _verdicts(KIDS, "All three are tied.") == ["contradicted"]


def test_all_tie_after_a_comma_and_so_is_every_record_not_the_one_named() -> None:
    text = "tynker costs $15, so all three tie."
    assert _verdicts(KIDS, text) == ["contradicted"]


def test_all_tie_is_checked_when_every_record_costs_the_same() -> None:
    table = Table.from_rows([{"id": "a", "monthly": 9.5}, {"id": "b", "monthly": 9.5}])
    assert _verdicts(table, "All two tie at $9.50.") == ["checked"]


COVERS = Table.from_rows(
    [
        {"id": "noel-leeming", "source": "noelleeming.co.nz/plans", "monthly": 14.99},
        {"id": "jb-hifi-cover", "source": "jbhifi.co.nz/guaranteecare", "monthly": 12.5},
        {"id": "one-nz-cover", "source": "one.nz/device-insurance", "monthly": 16.0},
    ],
    alias_fields=("source",),
)


def test_a_brand_spelled_on_across_a_hyphen_is_one_name() -> None:
    assert _verdicts(COVERS, "JB Hi-Fi costs NZ$14.99.") == ["contradicted"]


def test_the_name_with_its_product_noun_opens_a_comparison() -> None:
    text = "The JB Hi-Fi cover is NZ$2.49 a month cheaper than one-nz-cover."
    assert _verdicts(COVERS, text) == ["contradicted"]


VPNS = Table.from_rows(
    [
        {"id": "surfshark", "monthly": 15.45},
        {"id": "nordvpn", "monthly": 12.99},
        {"id": "proton", "monthly": 9.99},
        {"id": "mullvad", "monthly": 5.5},
    ]
)


def test_second_from_the_top_counts_from_the_dearest() -> None:
    text = "surfshark is the most expensive and nordvpn is second from the top."
    assert _verdicts(VPNS, text) == ["checked"]


def test_a_wrong_place_from_the_top_is_false() -> None:
    assert _verdicts(VPNS, "proton is second from the top.") == ["contradicted"]


def test_second_from_the_bottom_counts_from_the_cheapest() -> None:
    assert _verdicts(VPNS, "proton is second from the bottom.") == ["checked"]


def test_a_place_from_the_most_expensive_counts_from_the_dearest() -> None:
    assert _verdicts(VPNS, "nordvpn is second from the most expensive.") == ["checked"]


ALARMS = Table.from_rows(
    [
        {"id": "ring", "monthly": 25.99},
        {"id": "adt", "monthly": 46.99},
        {"id": "simplisafe", "monthly": 30.0},
    ]
)


def test_a_spread_after_the_dearest_is_no_price_of_it() -> None:
    text = "ring at $25.99 is the lowest and adt at $46.99 the highest, a $21.00 spread."
    assert "contradicted" not in _verdicts(ALARMS, text)


def test_a_bond_is_no_monthly_price() -> None:
    table = Table.from_rows([{"id": "kennards", "monthly": 245.0}])
    text = "kennards needs a $100 bond and 2 weeks' notice."
    assert "contradicted" not in _verdicts(table, text)


GYMS = Table.from_rows(
    [
        {"id": "david-lloyd", "monthly": 89.0},
        {"id": "puregym", "monthly": 22.99},
        {"id": "nuffield", "monthly": 45.0},
    ]
)


def test_an_asterisk_between_numbers_is_a_product_not_emphasis() -> None:
    assert _verdicts(GYMS, "nuffield: `45*12` = 550 per year.") == ["contradicted"]


def test_a_right_product_written_with_an_asterisk_is_not_false() -> None:
    assert "contradicted" not in _verdicts(GYMS, "nuffield: `45*12` = 540 per year.")


def test_the_numbers_of_a_subtraction_written_out_are_no_prices() -> None:
    text = "david-lloyd at £89.00 is £89.00 \u2212 £22.99 = £66.01 above puregym."
    assert "contradicted" not in _verdicts(GYMS, text)


def test_a_subtraction_written_out_that_comes_to_another_figure_is_false() -> None:
    text = "david-lloyd at £89.00 is £89.00 \u2212 £22.99 = £45.00 above puregym."
    assert _verdicts(GYMS, text) == ["contradicted"]


def test_a_division_written_out_is_checked() -> None:
    text = "The average of david-lloyd and nuffield is (89 + 45) / 2 = 45.00 a month."
    assert _verdicts(GYMS, text) == ["contradicted"]


def test_brackets_bind_first_in_a_sum_written_out() -> None:
    text = "puregym is (89 - 22.99)/89 = 74% cheaper than david-lloyd."
    assert "contradicted" not in _verdicts(GYMS, text)


def test_a_share_times_a_hundred_may_be_written_as_the_percent() -> None:
    text = "puregym is (89 \u2212 22.99) / 89 \u00d7 100 = 74.2% cheaper than david-lloyd."
    assert "contradicted" not in _verdicts(GYMS, text)


def test_a_result_taken_back_leaves_the_sum_unjudged() -> None:
    text = "nuffield: 45 \u00d7 11 = 495 \u2014 wait, that's 11 months; 12 months is $540."
    assert "contradicted" not in _verdicts(GYMS, text)


PARKING = Table.from_rows(
    [
        {"id": "impark-king-st", "source": "impark.com/monthly/lot-1234", "monthly": 310.0},
        {"id": "green-p-carpark", "source": "parking.greenp.com/carpark/36", "monthly": 265.0},
        {"id": "indigo-union", "source": "ca.parkindigo.com/monthly-parking", "monthly": 345.0},
        {"id": "spothero-bay", "source": "spothero.com/monthly/bay-st", "monthly": 289.5},
    ],
    alias_fields=("source",),
)


def test_a_subdomain_the_id_does_not_spell_names_no_record() -> None:
    assert _verdicts(PARKING, "Four monthly parking options near Union Station.") == ["unverified"]


def test_the_site_label_the_id_spells_names_the_record() -> None:
    assert _verdicts(PARKING, "Greenp costs $310 a month.") == ["contradicted"]


def test_a_wrong_division_is_false_in_a_sentence_that_also_negates() -> None:
    text = "For indigo-union the base is 265, not 345: 80 / 265 = 33.19% more."
    assert _verdicts(PARKING, text) == ["contradicted"]


POWER = Table.from_rows(
    [
        {"id": "electric-ireland", "monthly": 148.2},
        {"id": "bord-gais", "monthly": 139.6},
        {"id": "energia", "monthly": 131.75},
        {"id": "sse", "monthly": 144.9},
        {"id": "flogas", "monthly": 127.3},
    ]
)


def test_none_after_a_subjects_price_opens_a_clause_of_its_own() -> None:
    text = "sse is €144.90, so none of the five costs more than €150."
    assert _verdicts(POWER, text) == ["checked"]


def test_a_false_bound_of_none_after_a_subjects_price_is_still_read() -> None:
    text = "sse is €144.90, so none of the five costs more than €140."
    assert _verdicts(POWER, text) == ["contradicted"]


MAILBOXES = Table.from_rows(
    [
        {"id": "ups", "monthly": 24.5},
        {"id": "ipostal", "monthly": 9.99},
        {"id": "earth", "monthly": 29.0},
    ]
)


def test_a_bare_number_followed_by_is_opens_a_clause_of_its_own() -> None:
    text = "The quote puts ups at $24.50 - 29 is the store number, not a price."
    assert "contradicted" not in _verdicts(MAILBOXES, text)


CARS = Table.from_rows(
    [
        {"id": "vw-id3-leasing", "monthly": 279.0},
        {"id": "tesla-model3", "monthly": 449.0},
        {"id": "cupra-born", "monthly": 319.0},
        {"id": "mg4-electric", "monthly": 259.0},
    ]
)


def test_an_id_part_of_letters_and_digits_written_apart_names_its_record() -> None:
    text = "Tesla Model 3 449 € [c2] im Monat."
    claims = [{"id": "c2", "kind": "price", "offer": "tesla-model3", "amount": "449"}]
    assert "contradicted" not in _verdicts(CARS, text, claims)


def test_two_letters_and_a_digit_written_with_a_dot_name_their_record() -> None:
    assert _verdicts(CARS, "The ID.3 costs 319 € a month.") == ["contradicted"]


def test_a_spaced_part_other_records_also_spell_names_none_of_them() -> None:
    table = Table.from_rows(
        [
            {"id": "aussie-nbn100", "source": "Aussie NBN 100/20", "monthly": 99.0},
            {"id": "superloop-100", "source": "Superloop NBN 100/20", "monthly": 85.0},
        ],
        alias_fields=("source",),
    )
    text = "Superloop's NBN 100 plan is the cheapest at A$85 per month."
    assert "contradicted" not in _verdicts(table, text)


def test_a_place_in_a_later_clause_is_its_own_records() -> None:
    text = "mg4-electric ist damit Platz 1, der cupra-born Platz 2."
    assert _verdicts(CARS, text) == ["contradicted"]


def test_en_before_a_french_place_opens_no_clause_of_its_own() -> None:
    text = "La cupra-born arrive en deuxième position, 8,00 € au-dessus de la mg4-electric."
    assert _verdicts(CARS, text) == ["contradicted"]


SPORTS = Table.from_rows(
    [
        {"id": "dazn-ca", "source": "dazn.com/en-CA/pricing", "monthly": 24.99},
        {"id": "tsn-direct", "source": "tsn.ca/subscribe", "monthly": 19.99},
        {"id": "sportsnet-plus", "source": "sportsnet.ca/plus", "monthly": 34.99},
        {"id": "fubo-ca", "source": "fubo.tv/ca", "monthly": 27.99},
    ],
    alias_fields=("source",),
)


def test_an_id_head_with_a_short_capitalised_tail_names_its_record() -> None:
    assert _verdicts(SPORTS, "fuboTV costs C$24.99.") == ["contradicted"]


def test_the_price_after_between_two_records_is_not_the_second_ones() -> None:
    text = "The Zed plan sits between dazn-ca and sportsnet-plus at C$27.99."
    assert "contradicted" not in _verdicts(SPORTS, text)


DESKS = Table.from_rows(
    [
        {"id": "spaces", "monthly": 250.0},
        {"id": "wework", "monthly": 300.0},
        {"id": "huckletree", "monthly": 200.0},
    ]
)


def test_a_latex_fraction_is_read_as_a_division() -> None:
    text = r"huckletree vs spaces: $\frac{250 - 200}{250} = 0.20$, so huckletree is cheaper."
    assert "contradicted" not in _verdicts(DESKS, text)


def test_a_wrong_latex_fraction_is_false() -> None:
    text = r"The average gap: $\frac{300 - 200}{2} = 100$."
    assert _verdicts(DESKS, text) == ["contradicted"]


def test_a_latex_product_with_escaped_dollars_is_checked() -> None:
    text = r"wework: $300 \times 12 = \$3000.00$ per year."
    assert _verdicts(DESKS, text) == ["contradicted"]


def test_an_amount_before_a_bracketed_sum_is_no_term_of_it() -> None:
    text = "Over a year spaces is close to $250 ($250 \u00d7 1 = 250)."
    assert _verdicts(DESKS, text) == ["contradicted"]


VAULTS = Table.from_rows(
    [
        {"id": "bitwarden", "monthly": 15.5},
        {"id": "dashlane", "monthly": 92.0},
        {"id": "lastpass", "monthly": 60.0},
    ]
)


def test_a_hedged_amount_for_a_record_within_the_hedge_is_not_false() -> None:
    text = "Over a year, bitwarden works out at about R186 vs roughly R1 100 for dashlane."
    assert "contradicted" not in _verdicts(VAULTS, text)


def test_a_hedged_amount_for_a_record_far_off_is_false() -> None:
    text = "Over a year, bitwarden works out at about R186 vs roughly R920 for dashlane."
    assert _verdicts(VAULTS, text) == ["contradicted"]


FIBRE_ZA = Table.from_rows(
    [
        {"id": "afrihost", "monthly": 899.0},
        {"id": "webafrica", "monthly": 949.0},
        {"id": "telkom", "monthly": 965.0},
    ]
)


def test_rand_with_two_digits_before_a_comparison_is_money() -> None:
    text = "webafrica is R50 more than afrihost, and telkom is just R66 above webafrica."
    assert _verdicts(FIBRE_ZA, text) == ["contradicted"]


def test_r_and_two_digits_with_no_money_word_after_is_no_amount() -> None:
    assert _verdicts(FIBRE_ZA, "The R14 tyres fit every car.") == ["unverified"]


SPACES_NG = Table.from_rows(
    [
        {"id": "regus", "monthly": 150000.0},
        {"id": "cchub", "monthly": 65000.0},
        {"id": "workstation", "monthly": 95000.0},
    ]
)


def test_thats_a_gap_after_a_subjects_price_is_the_subjects_gap() -> None:
    text = "regus is the most expensive at ₦150,000, that's ₦65,000 more than cchub."
    assert _verdicts(SPACES_NG, text) == ["contradicted"]


def test_the_right_gap_after_thats_is_checked() -> None:
    text = "regus is the most expensive at ₦150,000, that's ₦85,000 more than cchub."
    assert _verdicts(SPACES_NG, text) == ["checked"]


CAR_PARKS = Table.from_rows(
    [
        {"id": "justpark", "monthly": 120.0},
        {"id": "epark", "monthly": 150.0},
        {"id": "parkrite", "monthly": 210.0},
    ]
)


def test_a_hedged_amount_between_the_cheapest_and_the_priciest_far_off_is_false() -> None:
    text = "That's roughly €60 a month between the cheapest and the priciest."
    assert _verdicts(CAR_PARKS, text) == ["contradicted"]


def test_a_hedged_amount_between_the_ends_near_the_spread_is_not_false() -> None:
    text = "That's roughly €88 a month between the cheapest and the priciest."
    assert "contradicted" not in _verdicts(CAR_PARKS, text)


def test_the_exact_amount_between_the_ends_is_checked() -> None:
    text = "There's €90 a month between the cheapest and the priciest."
    assert _verdicts(CAR_PARKS, text) == ["checked"]


DESKS_GENT = Table.from_rows(
    [
        {"id": "dok-noord", "monthly": 193.6},
        {"id": "wintercircus", "monthly": 218.9},
        {"id": "hub-gent", "monthly": 251.75},
    ]
)


def test_dutch_rond_de_is_a_hedge() -> None:
    assert "contradicted" not in _verdicts(DESKS_GENT, "dok-noord zit rond de € 195.")


def test_dutch_ruim_is_a_lower_bound() -> None:
    assert "contradicted" not in _verdicts(DESKS_GENT, "hub-gent kost ruim € 250.")


def test_an_amount_before_a_german_difference_noun_is_a_gap() -> None:
    text = "dok-noord ist am günstigsten, hub-gent ist mit etwa 58 € Abstand am teuersten."
    assert "contradicted" not in _verdicts(DESKS_GENT, text)


def test_a_german_compound_ending_in_entgelt_is_a_charge() -> None:
    text = "Bei hub-gent kommt ein einmaliges Aktivierungsentgelt von € 49,90 dazu."
    assert "contradicted" not in _verdicts(DESKS_GENT, text)


def test_a_buyout_is_no_monthly_price() -> None:
    text = "Each offer is a 36-month lease with a €1 buyout at the end."
    assert "contradicted" not in _verdicts(DESKS_GENT, text)


def test_a_budgeted_amount_is_no_monthly_price() -> None:
    text = "We budgeted €900/month for this line."
    assert "contradicted" not in _verdicts(DESKS_GENT, text)


def test_a_separate_connector_is_no_monthly_price() -> None:
    text = "hub-gent needs a separate connector at €25 a month."
    assert "contradicted" not in _verdicts(DESKS_GENT, text)


def test_a_courier_charge_is_no_monthly_price() -> None:
    text = "Restores over 1 TB are shipped on disk with a €95 courier charge."
    assert "contradicted" not in _verdicts(DESKS_GENT, text)


MONITORING = Table.from_rows(
    [
        {"id": "paladin", "source": "paladinsecurity.com quote PS-ON-2291", "monthly": 689.0},
        {"id": "avante", "source": "Avante_Remote_Proposal.pdf", "monthly": 742.5},
        {"id": "garda", "source": "GardaWorld quote GW-2024-1187", "monthly": 715.8},
    ],
    alias_fields=("source",),
)


def test_an_order_header_from_lowest_to_highest_names_no_leader() -> None:
    text = "Ranked from lowest to highest monthly cost, that's paladin, garda, then avante."
    assert "contradicted" not in _verdicts(MONITORING, text)


def test_a_quote_number_a_source_holds_is_no_unknown_offer() -> None:
    text = "The dearest is avante, whose offer GW-2024-1187 comes to $742.50 a month."
    assert "contradicted" not in _verdicts(MONITORING, text)


def test_a_number_after_a_two_word_name_continues_it_as_its_source_does() -> None:
    table = Table.from_rows(
        [
            {"id": "placetel", "source": "placetel.de Angebot", "monthly": 1234.5},
            {"id": "telekom-cloudpbx", "source": "Telekom CloudPBX 2 Angebot", "monthly": 1398.4},
        ],
        alias_fields=("source",),
    )
    text = "Placetel is cheaper, and Telekom CloudPBX 2 comes in at €1.398,40."
    assert "contradicted" not in _verdicts(table, text)


def test_discounts_in_the_plural_are_no_monthly_prices() -> None:
    table = Table.from_rows(
        [
            {"id": "bp-plus", "monthly": 225.0},
            {"id": "shell-card", "monthly": 210.0},
        ]
    )
    text = "Fuel discounts (4 cents a litre at bp-plus, 3.5 at Ampol) aren't in these figures."
    assert "contradicted" not in _verdicts(table, text)


COURIERS = Table.from_rows(
    [
        {"id": "startrack", "monthly": 1840.0},
        {"id": "sendle", "monthly": 1498.75},
        {"id": "toll", "monthly": 1712.0},
    ]
)
_COURIER_ROWS = (
    "|---|---:|---:|\n"
    "| startrack | A$1,840.00 | A$22,080.00 |\n"
    "| sendle | A$1,498.75 | A$17,985.00 |\n"
    "| toll | A$1,712.00 | A$18,832.00 |"
)


def test_a_yearly_header_with_its_multiplier_is_a_yearly_column() -> None:
    text = "| Courier | Monthly | Yearly (x12) |\n" + _COURIER_ROWS
    assert _verdicts(COURIERS, text)[-1] == "contradicted"


def test_a_twelve_times_monthly_header_is_a_yearly_column() -> None:
    text = "| Courier | Monthly | 12 \u00d7 monthly |\n" + _COURIER_ROWS
    assert _verdicts(COURIERS, text)[-1] == "contradicted"


def test_an_article_between_for_and_the_record_keeps_the_reverse_price() -> None:
    table = Table.from_rows(
        [
            {"id": "malteser", "monthly": 29.9},
            {"id": "johanniter", "monthly": 32.9},
            {"id": "drk", "monthly": 25.5},
        ]
    )
    text = "Im Dokument stehen 29,90 € für die johanniter."
    assert _verdicts(table, text) == ["contradicted"]
