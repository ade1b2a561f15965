"""Found this stop on the kept-aside and new splits, tested in other words."""

from __future__ import annotations

from stepgraph.claims import Table
from stepgraph.claims.reader import ProseReader
from stepgraph.claims.tokens import tokenize

from .test_claims_stop36_forms import _verdicts

ROUTERS = Table.from_rows(
    [
        {"id": "netz-s", "monthly": 39.99},
        {"id": "netz-m", "monthly": 44.9},
        {"id": "kabel-s", "monthly": 39.99},
    ]
)


def test_a_german_degree_adverb_before_a_comparative_keeps_the_comparison() -> None:
    assert _verdicts(ROUTERS, "netz-s ist etwas günstiger als kabel-s.") == ["contradicted"]


def test_a_spanish_degree_adverb_before_a_comparative_keeps_the_comparison() -> None:
    text = "kabel-s es ligeramente más barato que netz-s."
    assert _verdicts(ROUTERS, text) == ["contradicted"]


def test_an_amount_after_mit_before_a_comparative_is_the_subjects_price() -> None:
    text = "netz-s ist mit 39,99 € günstiger als kabel-s."
    assert _verdicts(ROUTERS, text) == ["contradicted"]


def test_an_amount_after_a_before_de_moins_stays_the_gap() -> None:
    text = "netz-s revient à 4,91 € de moins par mois que netz-m."
    assert "contradicted" not in _verdicts(ROUTERS, text)


WASTE = Table.from_rows(
    [
        {"id": "biffa", "monthly": 120.0},
        {"id": "veolia", "monthly": 100.0},
        {"id": "suez", "monthly": 90.0},
    ]
)


def test_a_subject_with_an_appositive_between_commas_keeps_its_predicate() -> None:
    text = "biffa, our current supplier, is the cheapest."
    assert _verdicts(WASTE, text) == ["contradicted"]


def test_a_true_comparison_after_an_appositive_is_checked() -> None:
    text = "biffa, the incumbent, is £30.00 dearer than suez."
    assert _verdicts(WASTE, text) == ["checked"]


def test_a_superlative_between_commas_is_no_appositive_to_pass_over() -> None:
    text = "suez, the dearest option, costs £90.00 a month."
    assert _verdicts(WASTE, text) == ["contradicted"]


PLANS = Table.from_rows(
    [
        {"id": "gomo", "monthly": 299.0},
        {"id": "tm", "monthly": 350.0},
        {"id": "globe", "monthly": 599.0},
        {"id": "smart", "monthly": 499.0},
        {"id": "dito", "monthly": 650.0},
        {"id": "sun", "monthly": 700.0},
    ]
)


def test_a_false_count_after_an_opener_naming_every_record_is_contradicted() -> None:
    assert _verdicts(PLANS, "Out of the 6 plans, 2 are under ₱500 a month.") == ["contradicted"]


def test_a_false_count_after_an_opener_with_a_kind_word_is_contradicted() -> None:
    text = "Of the six new plans, four cost more than ₱500."
    assert _verdicts(PLANS, text) == ["contradicted"]


def test_a_count_after_an_opener_naming_some_records_is_not_of_every_record() -> None:
    text = "Of the three dearest plans, one is under ₱600."
    assert "contradicted" not in _verdicts(PLANS, text)


HEALTH = Table.from_rows(
    [
        {"id": "april", "monthly": 44.2},
        {"id": "mgen", "monthly": 49.75},
        {"id": "matmut", "monthly": 52.4},
        {"id": "harmonie", "monthly": 58.0},
        {"id": "alan", "monthly": 61.0},
    ]
)


def test_a_french_count_of_them_under_a_bar_is_read() -> None:
    text = "Quatre d'entre eux sont sous la barre des 55 € par mois."
    assert _verdicts(HEALTH, text) == ["contradicted"]


def test_a_dutch_count_of_them_under_a_bound_is_read() -> None:
    assert _verdicts(HEALTH, "Vier daarvan blijven onder € 55 per maand.") == ["contradicted"]


DESKS = Table.from_rows(
    [
        {"id": "regus", "monthly": 289.0},
        {"id": "wintercircus", "monthly": 218.9},
        {"id": "kade", "monthly": 172.5},
    ]
)


def test_a_hedged_spread_far_from_the_range_is_contradicted() -> None:
    text = "The difference between the most expensive and the cheapest is about €70 a month."
    assert _verdicts(DESKS, text) == ["contradicted"]


def test_a_hedged_spread_near_the_range_is_not_contradicted() -> None:
    text = "The difference between the most expensive and the cheapest is about €115 a month."
    assert "contradicted" not in _verdicts(DESKS, text)


def test_a_dutch_spread_between_the_ends_is_read() -> None:
    text = "Het verschil tussen de duurste en de goedkoopste bedraagt ongeveer € 70 per maand."
    assert _verdicts(DESKS, text) == ["contradicted"]


CARE = Table.from_rows(
    [
        {"id": "kidzee", "monthly": 18500.0},
        {"id": "caa-plus", "monthly": 12.25},
    ]
)


def test_a_staff_ratio_is_no_amount() -> None:
    text = "kidzee costs 18,500 a month with a 1:5 ratio."
    assert "contradicted" not in _verdicts(CARE, text)


def test_a_north_american_phone_number_is_no_amount() -> None:
    assert _verdicts(CARE, "The line for caa-plus is 1-800-222-4357.") != ["contradicted"]


def test_a_uk_phone_number_is_no_amount() -> None:
    assert _verdicts(CARE, "Call kidzee on 0800 123 4567.") != ["contradicted"]


def test_an_international_phone_number_is_no_amount() -> None:
    assert _verdicts(CARE, "Call +44 20 7946 0958 for kidzee.") != ["contradicted"]


def test_a_time_of_day_is_no_ratio() -> None:
    names = ProseReader(CARE, {}, {}).names
    text = "It opens 8:30 at 1:5."
    assert [t.kind for t in tokenize(text, 0, len(text), names)][2:5] == ["date", "word", "code"]


COVER = Table.from_rows(
    [
        {"id": "star", "monthly": 2150.0},
        {"id": "care", "monthly": 1840.0},
        {"id": "niva", "monthly": 2240.0},
    ]
)


def test_a_count_of_alternatives_fewer_than_the_records_is_no_count_of_all() -> None:
    assert "contradicted" not in _verdicts(COVER, "I compared two alternative quotes.")


def test_a_count_of_alternatives_beyond_the_records_is_contradicted() -> None:
    assert _verdicts(COVER, "I compared four alternative quotes.") == ["contradicted"]


def test_two_sharing_the_top_spot_may_be_the_dearest() -> None:
    table = Table.from_rows(
        [{"id": "goodlife", "monthly": 64.99}, {"id": "ymca", "monthly": 59.0},
         {"id": "anytime", "monthly": 64.99}]
    )  # fmt: skip
    text = "goodlife and anytime cost the same, so those two share the top spot."
    assert "contradicted" not in _verdicts(table, text)


PHONES = Table.from_rows(
    [{"id": "bell", "monthly": 95.0}, {"id": "public-mobile", "monthly": 34.0}]
)


def test_a_relative_clause_totalling_a_saving_is_not_the_records_price() -> None:
    text = "You'd save $61.00 a month with public-mobile, which adds up to $732.00 over a year."
    assert "contradicted" not in _verdicts(PHONES, text)


def test_a_relative_clause_pricing_the_record_after_a_saving_is_still_read() -> None:
    text = "You'd save $61.00 a month with public-mobile, which costs $35.00."
    assert _verdicts(PHONES, text) == ["contradicted"]


BOILERS = Table.from_rows(
    [
        {"id": "british-gas", "monthly": 24.5},
        {"id": "hometree", "monthly": 16.0},
        {"id": "corgi", "monthly": 19.99},
    ]
)


def test_a_margin_with_no_than_may_be_to_the_current_supplier() -> None:
    text = (
        "You currently pay british-gas £24.50 a month. hometree would cost £16.00. "
        "corgi comes in £4.51 cheaper at £19.99."
    )
    assert "contradicted" not in _verdicts(BOILERS, text)


def test_a_margin_matching_no_reading_is_still_contradicted() -> None:
    text = (
        "You currently pay british-gas £24.50 a month. hometree would cost £16.00. "
        "corgi comes in £4.15 cheaper at £19.99."
    )
    assert _verdicts(BOILERS, text)[2] == "contradicted"


FIBRE = Table.from_rows(
    [
        {"id": "orcon", "monthly": 82.0},
        {"id": "2degrees", "monthly": 85.0},
        {"id": "one-nz", "monthly": 89.0},
        {"id": "spark", "monthly": 95.0},
    ]
)


def test_an_amount_after_a_bracketed_price_in_a_list_of_savings_is_no_price() -> None:
    text = (
        "orcon ($82.00) would save $13.00 a month, 2degrees ($85.00) $10.00, "
        "and one-nz ($89.00) just $6.00."
    )
    assert "contradicted" not in _verdicts(FIBRE, text)


def test_a_margin_after_a_bracketed_price_is_still_read() -> None:
    assert _verdicts(FIBRE, "2degrees ($85.00) $11.00 cheaper than spark.") == ["contradicted"]


CHILDCARE = Table.from_rows(
    [{"id": "guardian", "monthly": 655.8}, {"id": "goodstart", "monthly": 612.0}]
)
GUARDIAN_PRICE = [
    {"id": "c1", "kind": "price", "offer": "guardian", "amount": "655.80", "period": "month"}
]


def test_an_uncited_amount_in_a_sentence_about_daily_fees_is_no_cited_price() -> None:
    text = (
        "guardian costs $655.80 a month [c1], though its daily fee of $148 is only a "
        "little above goodstart's $141."
    )
    assert "contradicted" not in _verdicts(CHILDCARE, text, GUARDIAN_PRICE)


def test_an_uncited_amount_beside_a_cited_price_is_still_contradicted() -> None:
    text = "guardian costs $655.80 a month [c1], well above goodstart's $141."
    assert _verdicts(CHILDCARE, text, GUARDIAN_PRICE) == ["contradicted"]


BINS = Table.from_rows(
    [
        {"id": "panda", "monthly": 28.0},
        {"id": "greenstar", "monthly": 26.5},
        {"id": "city-bin", "monthly": 26.5},
        {"id": "country-clean", "monthly": 31.0},
    ]
)


def test_a_record_matching_another_is_a_tie() -> None:
    assert _verdicts(BINS, "country-clean matches panda.") == ["contradicted"]


def test_a_true_match_is_not_contradicted() -> None:
    assert "contradicted" not in _verdicts(BINS, "greenstar matches city-bin at €26.50.")


ENERGY = Table.from_rows(
    [
        {"id": "mc-squared-fixed", "monthly": 91.2},
        {"id": "constellation-fixed", "monthly": 91.2},
        {"id": "verde-energy", "monthly": 95.6},
    ]
)


def test_an_id_with_a_two_letter_head_is_named_by_its_first_two_parts() -> None:
    text = "MC Squared comes in below constellation-fixed at $91.20."
    assert _verdicts(ENERGY, text) == ["contradicted"]


def test_two_first_parts_another_record_shares_name_neither() -> None:
    table = Table.from_rows(
        [{"id": "bt-full-fibre", "monthly": 30.0}, {"id": "bt-full-fibre-2", "monthly": 20.0}]
    )
    names = ProseReader(table, {}, {}).names
    text = "BT Full is cheap."
    assert "near" not in [t.kind for t in tokenize(text, 0, len(text), names)]


STREAMING = Table.from_rows(
    [
        {"id": "dstv", "monthly": 519.0},
        {"id": "netflix", "monthly": 159.0},
        {"id": "prime", "monthly": 79.0},
        {"id": "showmax", "monthly": 99.0},
    ]
)


def test_a_count_of_them_coming_in_under_a_bound_is_read() -> None:
    assert _verdicts(STREAMING, "Three of them come in under R100.") == ["contradicted"]


def test_even_before_the_verb_of_a_counted_bound_is_passed_over() -> None:
    assert _verdicts(STREAMING, "Three of them even cost under R100.") == ["contradicted"]


NURSERIES = Table.from_rows(
    [{"id": "bright", "monthly": 2150.0}, {"id": "kindercare", "monthly": 1895.0}]
)


def test_not_any_cheaper_is_a_negated_comparison() -> None:
    assert _verdicts(NURSERIES, "kindercare isn't any cheaper than bright.") == ["contradicted"]


def test_a_true_not_any_cheaper_is_checked() -> None:
    assert _verdicts(NURSERIES, "bright isn't any cheaper than kindercare.") == ["checked"]


TILLS = Table.from_rows([{"id": "clover", "monthly": 94.95}, {"id": "square", "monthly": 49.0}])


def test_a_card_fee_in_cents_is_no_amount() -> None:
    text = "**clover:** $94.95/mo (the rep also quoted a 2.6% + 10¢ card rate)"
    assert "contradicted" not in _verdicts(TILLS, text)


def test_a_rating_out_of_five_is_no_amount() -> None:
    text = "square costs $49.00 per month and has the best reviews (4.7/5 on G2)."
    assert "contradicted" not in _verdicts(TILLS, text)


def test_an_amount_in_millions_is_left_to_the_reviewer() -> None:
    text = "En un año, clover costaría alrededor de $1,1 millones."
    assert "contradicted" not in _verdicts(TILLS, text)


LEDGERS = Table.from_rows(
    [
        {"id": "yuki", "monthly": 59.0},
        {"id": "odoo", "monthly": 46.8},
        {"id": "siigo", "monthly": 139900.0},
    ]
)


def test_a_required_account_balance_is_no_price() -> None:
    text = "- siigo: $139,900 al mes, requiere cuenta con saldo promedio de $10,000"
    assert "contradicted" not in _verdicts(LEDGERS, text)


def test_a_deductible_for_the_others_is_no_price() -> None:
    text = "Bei yuki ist ein Selbstbehalt von € 200 vereinbart, bei den anderen € 150."
    assert "contradicted" not in _verdicts(LEDGERS, text)


def test_a_one_off_payment_in_spanish_is_no_price() -> None:
    text = "odoo cobra la facturación aparte (pago único de $350.000 por la implementación)."
    assert "contradicted" not in _verdicts(LEDGERS, text)


def test_autour_de_is_a_hedge() -> None:
    assert _verdicts(LEDGERS, "yuki se situe autour de 60 € par mois.") != ["contradicted"]


def test_a_price_that_se_situe_somewhere_is_read() -> None:
    assert _verdicts(LEDGERS, "yuki se situe autour de 45 € par mois.") == ["contradicted"]


OFFICES = Table.from_rows(
    [{"id": "wework", "monthly": 1390.0}, {"id": "spaces", "monthly": 1099.0}]
)


def test_a_superlative_after_a_record_compared_with_is_that_records() -> None:
    text = "Compared with wework, the most expensive option, spaces saves £291.00 per month."
    assert "contradicted" not in _verdicts(OFFICES, text)


def test_a_superlative_opening_a_sentence_before_a_name_between_commas_is_read() -> None:
    text = "The most expensive option, spaces, costs £1,099.00."
    assert _verdicts(OFFICES, text) == ["contradicted"]


def test_a_range_of_prices_each_is_the_price_of_one_item() -> None:
    table = Table.from_rows([{"id": "flavia", "monthly": 84.75}, {"id": "jura", "monthly": 120.0}])
    text = "Flavia packs cost around $0.55 to $0.70 each, which is separate from the lease."
    assert "contradicted" not in _verdicts(table, text)


POWER = Table.from_rows(
    [
        {"id": "electric-ireland", "monthly": 148.6},
        {"id": "flogas", "monthly": 129.8},
        {"id": "energia", "monthly": 127.45},
    ]
)


def test_a_percent_margin_with_no_than_is_to_the_supplier_charging_you() -> None:
    text = "electric-ireland is charging you €148.60 a month. flogas is 14.2% cheaper."
    assert _verdicts(POWER, text)[1] == "contradicted"


def test_a_true_percent_margin_to_the_current_supplier_is_not_contradicted() -> None:
    text = "You currently pay electric-ireland €148.60 a month. flogas is 12.7% cheaper."
    assert _verdicts(POWER, text)[1] != "contradicted"


DOCKS = Table.from_rows(
    [
        {"id": "transporeon", "monthly": 620.0},
        {"id": "cargoson", "monthly": 585.0},
        {"id": "c3", "monthly": 585.0},
        {"id": "dockflow", "monthly": 598.9},
    ]
)


def test_ahead_of_after_the_cheapest_is_strictly_cheaper() -> None:
    text = "cargoson has the lowest price at €585.00 a month, just ahead of c3."
    assert _verdicts(DOCKS, text) == ["contradicted"]


def test_ahead_of_after_the_dearest_is_strictly_dearer() -> None:
    assert _verdicts(DOCKS, "transporeon is the most expensive, well ahead of dockflow.") == [
        "checked"
    ]


def test_a_price_after_ahead_of_a_record_is_that_records() -> None:
    text = "cargoson is the cheapest, ahead of dockflow at €598.90."
    assert "contradicted" not in _verdicts(DOCKS, text)


VENDING = Table.from_rows(
    [{"id": "crown", "monthly": 240.0}, {"id": "vendwise", "monthly": 240.0},
     {"id": "selecta", "monthly": 265.5}]
)  # fmt: skip


def test_edges_out_is_strictly_cheaper() -> None:
    text = "crown edges out vendwise for cheapest at €240.00 a month."
    assert _verdicts(VENDING, text) == ["contradicted"]


def test_narrowly_before_beats_is_passed_over() -> None:
    assert _verdicts(VENDING, "crown narrowly beats vendwise.") == ["contradicted"]


BILLING = Table.from_rows(
    [{"id": "moloni", "monthly": 15.9}, {"id": "jasmin", "monthly": 15.9},
     {"id": "invoicexpress", "monthly": 19.9}]
)  # fmt: skip


def test_an_article_before_the_second_subject_keeps_the_list() -> None:
    text = "O moloni e o invoicexpress estão empatados, ambos a 15,90 € por mês."
    assert _verdicts(BILLING, text) == ["contradicted"]


SHOP_COVER = Table.from_rows(
    [{"id": "porto", "monthly": 280.0}, {"id": "tranq", "monthly": 310.0},
     {"id": "allianz", "monthly": 250.0}]
)  # fmt: skip


def test_a_portuguese_none_passes_a_bound_is_read() -> None:
    assert _verdicts(SHOP_COVER, "Nenhuma cotação passa de R$ 300 por mês.") == ["contradicted"]


def test_a_true_portuguese_none_passes_a_bound_is_not_contradicted() -> None:
    assert _verdicts(SHOP_COVER, "Nenhuma cotação passa de R$ 320 por mês.") != ["contradicted"]


def test_an_article_before_the_name_after_a_ranked_superlative_is_passed_over() -> None:
    assert _verdicts(SHOP_COVER, "A segunda mais barata é a allianz.") == ["contradicted"]


LIABILITY = Table.from_rows(
    [{"id": "ethias", "monthly": 120.0}, {"id": "ag", "monthly": 130.0},
     {"id": "baloise", "monthly": 125.0}, {"id": "axa", "monthly": 140.0}]
)  # fmt: skip


def test_a_french_ranking_heading_opens_an_order() -> None:
    text = "Classement du moins cher au plus cher : ethias, ag, baloise, axa."
    assert _verdicts(LIABILITY, text) == ["contradicted"]


def test_a_french_ranking_in_either_direction_is_not_contradicted() -> None:
    assert _verdicts(LIABILITY, "Classement : axa, ag, baloise, ethias.") != ["contradicted"]


CRMS = Table.from_rows(
    [{"id": "monday", "monthly": 90.0}, {"id": "freshsales", "monthly": 100.0},
     {"id": "pipedrive", "monthly": 99.0}, {"id": "zoho", "monthly": 140.0}]
)  # fmt: skip


def test_an_amount_or_less_is_an_inclusive_bound() -> None:
    text = "Two of the four plans cost $100 or less per month."
    assert _verdicts(CRMS, text) == ["contradicted"]


def test_a_count_of_every_record_by_their_kind_is_read() -> None:
    text = "Two of the four CRMs cost $100 or less per month."
    assert _verdicts(CRMS, text) == ["contradicted"]


def test_a_true_inclusive_bound_is_not_contradicted() -> None:
    text = "Three of the four plans cost $100 or less per month."
    assert _verdicts(CRMS, text) != ["contradicted"]


AGENCIES = Table.from_rows(
    [{"id": "lopez", "monthly": 89.0}, {"id": "asesoria", "monthly": 79.0},
     {"id": "gestor", "monthly": 95.0}]
)  # fmt: skip


def test_a_spanish_verb_of_charging_reads_the_price() -> None:
    assert _verdicts(AGENCIES, "lopez cobra 79,00 € al mes.") == ["contradicted"]


def test_a_portuguese_sai_por_reads_the_price() -> None:
    text = "Resumindo: a lopez sai por R$ 79,00 e a gestor por R$ 95,00."
    assert _verdicts(AGENCIES, text) == ["contradicted"]
