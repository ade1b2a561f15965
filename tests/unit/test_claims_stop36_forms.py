"""Found this stop on the kept-aside and new splits, tested in other words."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text, sentences
from stepgraph.claims.reader import ProseReader
from stepgraph.claims.tokens import tokenize

HOSTS = Table.from_rows(
    [
        {"id": "akamai-lite", "monthly": 120.0},
        {"id": "fastly-base", "monthly": 60.0},
        {"id": "keycdn-std", "monthly": 15.0},
    ]
)


def _verdicts(table: Table, text: str, claims: object = None) -> list[str]:
    return [s.verdict for s in check_text(text, table, claims).sentences]


def test_it_after_an_against_opening_with_a_priced_name_is_not_that_name() -> None:
    text = (
        "keycdn-std is the pick at $15.00. "
        "Against the dearest, akamai-lite at $120.00, it is $105.00 a month cheaper."
    )
    assert "contradicted" not in _verdicts(HOSTS, text)


def test_the_priced_name_of_an_against_opening_is_still_checked_for_its_price() -> None:
    text = (
        "keycdn-std is the pick at $15.00. "
        "Against the dearest, akamai-lite at $125.00, it is $110.00 a month cheaper."
    )
    assert _verdicts(HOSTS, text)[1] == "contradicted"


def test_it_after_a_possessive_name_the_inputs_do_not_spell_is_not_the_last_subject() -> None:
    text = (
        "fastly-base ranks second. "
        "Harbor's $120.00 includes 20% tax, and it is the most expensive option."
    )
    assert "contradicted" not in _verdicts(HOSTS, text)


def test_it_in_a_sentence_naming_no_one_still_stands_for_the_last_subject() -> None:
    text = "akamai-lite ranks third. Its price includes tax, and it is the cheapest option."
    assert _verdicts(HOSTS, text)[1] == "contradicted"


def test_a_cost_of_overrunning_a_mileage_is_no_monthly_figure() -> None:
    text = (
        "Over the term, a driver who overruns by 2,000 miles pays £80.00 more with "
        "akamai-lite than with keycdn-std."
    )
    assert "contradicted" not in _verdicts(HOSTS, text)


@pytest.mark.parametrize(
    "text",
    [
        "fastly-base has the lowest monthly rental.",
        "fastly-base has the lowest premium, at $60.00.",
        "The lowest monthly payment is fastly-base's.",
    ],
)
def test_a_rental_premium_or_payment_is_a_price_a_superlative_may_follow(text: str) -> None:
    assert _verdicts(HOSTS, text) == ["contradicted"]


LOCKERS = Table.from_rows(
    [
        {"id": "cave", "monthly": 39.0, "source": "Cave wine locker. €39.00/month, annual €420."},
        {"id": "box", "monthly": 45.0, "source": "Box unit. €45.00/month."},
    ],
    alias_fields=("source",),
)


def test_a_prepaid_year_s_saving_on_twelve_monthly_prices_is_a_figure_of_the_inputs() -> None:
    text = "Paying €420 for the year with cave would save €48.00 against twelve monthly payments."
    assert "contradicted" not in _verdicts(LOCKERS, text)


def test_a_wrong_saving_of_a_prepaid_year_is_still_contradicted() -> None:
    text = "Paying €420 for the year with cave would save €58.00 against twelve monthly payments."
    assert _verdicts(LOCKERS, text) == ["contradicted"]


def test_a_number_of_monthly_payments_is_a_count_not_a_monthly_price() -> None:
    text = "cave costs €39.00 a month, spread over twelve monthly payments."
    assert _verdicts(LOCKERS, text) != ["contradicted"]


HOST_CLAIMS = [
    {"id": "c1", "kind": "rank", "offer": "fastly-base", "position": 2},
    {"id": "c2", "kind": "price", "offer": "fastly-base", "amount": "60.00", "period": "month"},
]


def test_a_cited_number_under_a_rank_header_is_a_place_not_a_price() -> None:
    text = "| Host | Rank | Monthly |\n|---|---|---|\n| fastly-base | 2 [c1] | $60.00 [c2] |"
    assert "contradicted" not in _verdicts(HOSTS, text, HOST_CLAIMS)


def test_a_wrong_uncited_place_under_a_rank_header_is_contradicted() -> None:
    text = "| Host | Rank | Monthly |\n|---|---|---|\n| fastly-base | 1 | $60.00 [c2] |"
    assert "contradicted" in _verdicts(HOSTS, text, HOST_CLAIMS)


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("akamai-lite on 60,00 $ kalliimpi kuin fastly-base.", "unverified"),
        ("akamai-lite on 50,00 $ kalliimpi kuin fastly-base.", "contradicted"),
        ("keycdn-std on 45,00 $ halvempi kuin fastly-base.", "unverified"),
        ("keycdn-std on 45,00 $ kalliimpi kuin fastly-base.", "contradicted"),
    ],
)
def test_a_finnish_margin_is_read_but_never_checked(text: str, verdict: str) -> None:
    assert _verdicts(HOSTS, text) == [verdict]


POWER = Table.from_rows(
    [
        {"id": "fjordkraft", "monthly": 1245.0},
        {"id": "tibber", "monthly": 1189.0},
        {"id": "hafslund", "monthly": 1312.0},
    ]
)


@pytest.mark.parametrize(
    "text",
    ["fjordkraft ligger på rundt kr 1 250.", "hafslund koster i underkant av kr 1 320 per måned."],
)
def test_a_norwegian_hedge_or_bound_loosens_its_amount(text: str) -> None:
    assert _verdicts(POWER, text) == ["unverified"]


def test_a_norwegian_hedged_amount_far_from_every_price_is_contradicted() -> None:
    assert _verdicts(POWER, "fjordkraft ligger på rundt kr 1 500.") == ["contradicted"]


def test_a_german_minimum_monthly_deposit_is_no_price() -> None:
    text = "Für fastly-base ist ein monatlicher Geldeingang von mindestens 700 $ nötig."
    assert _verdicts(HOSTS, text) == ["unverified"]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("The spread between the cheapest (keycdn-std) and the dearest (akamai-lite) is "
         "$105.00 a month.", "checked"),
        ("The spread between the cheapest (keycdn-std) and the dearest (akamai-lite) is "
         "$95.00 a month.", "contradicted"),
        ("The spread between the cheapest (fastly-base) and the dearest (akamai-lite) is "
         "$105.00 a month.", "contradicted"),
        ("The spread from cheapest to dearest is $105.00 a month.", "checked"),
        ("The spread from cheapest to dearest is $115.00 a month.", "contradicted"),
    ],
)  # fmt: skip
def test_the_spread_between_named_ends_checks_the_names_and_the_gap(
    text: str, verdict: str
) -> None:
    assert _verdicts(HOSTS, text) == [verdict]


def test_bills_is_a_price_verb() -> None:
    assert _verdicts(HOSTS, "fastly-base bills $120.00 monthly.") == ["contradicted"]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("No provider charges more than $100.00 a month.", "contradicted"),
        ("None of the providers charges more than $130.00.", "checked"),
    ],
)
def test_no_provider_charges_beyond_a_bound(text: str, verdict: str) -> None:
    assert _verdicts(HOSTS, text) == [verdict]


ENERGY = Table.from_rows(
    [
        {"id": "bord-gais-standard", "monthly": 134.05},
        {"id": "atco-fixed-2-year", "monthly": 132.99},
        {"id": "lahitapiola-kasko", "monthly": 62.75},
    ]
)


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Bord Gáis Standard costs €134.05 a month.", "unverified"),
        ("Bord Gáis Standard costs €132.99 a month.", "contradicted"),
        ("ATCO Fixed 2-Year costs €132.99 a month.", "unverified"),
        ("ATCO Fixed 2-Year is the cheapest.", "contradicted"),
    ],
)
def test_a_name_spelled_with_accents_or_mixed_separators_is_its_record_read_loosely(
    text: str, verdict: str
) -> None:
    assert _verdicts(ENERGY, text) == [verdict]


def test_a_finnish_period_word_after_an_amount_gives_its_period() -> None:
    assert _verdicts(ENERGY, "LähiTapiola Kasko maksaa 753,00 € vuodessa.") != ["contradicted"]


def test_kr_and_pr_before_an_amount_or_a_lowercase_word_end_no_sentence() -> None:
    text = "Elroq koster kr. 3.899,00 pr. måned, mens EV3 koster DKK 3.995. Det er alt."
    assert len(sentences(text)) == 2


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("fastly-base koster 120,00 $ om måneden.", "contradicted"),
        ("fastly-base kostar 120,00 $ i månaden.", "contradicted"),
        ("fastly-base kosztuje 120,00 $ miesięcznie.", "contradicted"),
        ("fastly-base maksaa 120,00 $ kuukaudessa.", "contradicted"),
        ("fastly-base koster 60,00 $ om måneden.", "unverified"),
        ("akamai-lite koster 60,00 kr. mere om måneden end fastly-base.", "unverified"),
        ("akamai-lite koster 55,00 kr. mere om måneden end fastly-base.", "contradicted"),
    ],
)
def test_nordic_polish_and_finnish_cost_verbs_are_read_for_contradictions(
    text: str, verdict: str
) -> None:
    assert _verdicts(HOSTS, text) == [verdict]


def test_a_year_word_opening_a_finnish_sentence_makes_its_amount_yearly() -> None:
    assert _verdicts(HOSTS, "Vuodessa fastly-base maksaa noin 720 $.") == ["unverified"]


def test_a_superlative_with_a_name_after_it_is_said_of_that_name() -> None:
    table = Table.from_rows(
        [
            {"id": "orange-s", "monthly": 60.0, "source": "orange.pl/abonament"},
            {"id": "tmobile-l", "monthly": 65.0, "source": "t-mobile.pl/c/abonament.pdf"},
        ],
        alias_fields=("source",),
    )
    text = "orange-s kosztuje 60,00 zł, a najdroższy T-Mobile 65,00 zł miesięcznie."
    assert _verdicts(table, text) == ["unverified"]


VIRGIN = Table.from_rows(
    [
        {"id": "vm-a", "monthly": 29.0, "source": "Virgin Media M125 Fibre, 18 months"},
        {"id": "vm-b", "monthly": 33.0, "source": "Virgin Media M250 Fibre, 18 months"},
        {"id": "vm-c", "monthly": 39.0, "source": "Virgin Media M500 Fibre, 18 months"},
    ],
    alias_fields=("source",),
)


def test_a_model_code_one_source_spells_names_that_record() -> None:
    text = "The M250 is £4.00 a month more than the M125 and £10.00 less than the M500."
    assert _verdicts(VIRGIN, text) == ["contradicted"]


def test_a_model_code_ending_a_sentence_leaves_its_full_stop() -> None:
    names = ProseReader(VIRGIN, {}, {}).names
    toks = tokenize("I chose the X500.", 0, 17, names)
    assert [t.text for t in toks][-2:] == ["X500", "."]


GYMS = Table.from_rows(
    [
        {"id": "hostinger-prem", "monthly": 11.99, "source": "hostinger.com"},
        {"id": "ionos-plus", "monthly": 8.0, "source": "ionos.com"},
        {"id": "tesla-m3", "monthly": 499.0, "source": "tesla.com"},
    ],
    alias_fields=("source",),
)


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Hostinger Startup is the cheapest option.", "contradicted"),
        ("Hostinger Startup is not the cheapest option.", "unverified"),
        ("The Tesla Model 3 costs $499.00 a month.", "unverified"),
    ],
)
def test_a_capitalised_tier_after_a_loose_name_is_part_of_that_name(
    text: str, verdict: str
) -> None:
    assert _verdicts(GYMS, text) == [verdict]


def test_more_expensive_with_an_amount_each_gives_their_price_not_a_bound() -> None:
    table = Table.from_rows(
        [
            {"id": "eq", "monthly": 260.0},
            {"id": "lt", "monthly": 260.0},
            {"id": "pf", "monthly": 25.0},
        ]
    )
    text = "eq and lt are far more expensive with $260.00 each."
    assert _verdicts(table, text) != ["contradicted"]


@pytest.mark.parametrize(
    "text",
    [
        "fastly-base es la más barata de las tres.",
        "fastly-base est la plus chère des trois.",
        "fastly-base è la più economica delle tre.",
        "fastly-base é a mais barata das três.",
        "fastly-base est la moins chère du comparatif.",
    ],
)
def test_a_superlative_over_the_whole_field_in_other_words_is_read(text: str) -> None:
    assert _verdicts(HOSTS, text) == ["contradicted"]


def test_a_superlative_over_a_smaller_count_is_not_read_as_over_the_field() -> None:
    assert _verdicts(HOSTS, "fastly-base es la más barata de las dos.") == ["unverified"]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("keycdn-std non è né la più economica né la più cara.", "contradicted"),
        ("akamai-lite ist weder die günstigste noch die teuerste.", "contradicted"),
        ("keycdn-std no es ni la más barata ni la más cara.", "contradicted"),
        ("fastly-base no es ni la más barata ni la más cara.", "unverified"),
    ],
)
def test_neither_the_cheapest_nor_the_dearest_in_other_languages(text: str, verdict: str) -> None:
    assert _verdicts(HOSTS, text) == [verdict]


@pytest.mark.parametrize(
    "text",
    [
        "akamai-lite et fastly-base sont au même tarif.",
        "akamai-lite et fastly-base ont le même tarif mensuel.",
        "akamai-lite en fastly-base kosten evenveel.",
    ],
)
def test_a_tie_in_french_or_dutch_that_is_false_is_contradicted(text: str) -> None:
    assert _verdicts(HOSTS, text) == ["contradicted"]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("La segunda más barata es akamai-lite.", "contradicted"),
        ("La segunda opción más barata es akamai-lite.", "contradicted"),
        ("La deuxième moins chère est akamai-lite.", "contradicted"),
        ("La seconda più economica è akamai-lite.", "contradicted"),
        ("La segunda más barata es fastly-base.", "unverified"),
        ("La segunda más barata de las otras es akamai-lite.", "unverified"),
    ],
)
def test_an_ordinal_superlative_opening_a_sentence_in_other_languages(
    text: str, verdict: str
) -> None:
    assert _verdicts(HOSTS, text) == [verdict]


@pytest.mark.parametrize(
    "text",
    ["fastly-base hat die höchste Monatsrate im Feld.", "akamai-lite ha il canone più basso."],
)
def test_monthly_rate_nouns_of_other_languages_follow_a_superlative(text: str) -> None:
    assert _verdicts(HOSTS, text) == ["contradicted"]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Die zweitgünstigste ist akamai-lite.", "contradicted"),
        ("Die zweitteuerste ist keycdn-std.", "contradicted"),
        ("Die zweitgünstigste ist fastly-base.", "unverified"),
    ],
)
def test_a_german_place_word_opening_a_sentence_gives_the_record_s_place(
    text: str, verdict: str
) -> None:
    assert _verdicts(HOSTS, text) == [verdict]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("fastly-base is the cheapest per month.", "contradicted"),
        ("keycdn-std is the cheapest per month.", "checked"),
    ],
)
def test_the_cheapest_per_month_is_the_cheapest(text: str, verdict: str) -> None:
    assert _verdicts(HOSTS, text) == [verdict]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Against akamai-lite's $120.00, fastly-base is 75% cheaper.", "contradicted"),
        ("Against akamai-lite's $120.00, fastly-base is 50% cheaper.", "unverified"),
        ("Against akamai-lite's $125.00, fastly-base is 50% cheaper.", "contradicted"),
    ],
)
def test_an_against_opening_with_a_possessive_price_is_what_the_margin_is_to(
    text: str, verdict: str
) -> None:
    assert _verdicts(HOSTS, text) == [verdict]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Cheapest: keycdn-std, $50.00 less/mo than fastly-base.", "contradicted"),
        ("Cheapest: keycdn-std, $45.00 less/mo than fastly-base.", "checked"),
    ],
)
def test_a_margin_with_a_slashed_month_after_its_word_is_monthly(text: str, verdict: str) -> None:
    assert _verdicts(HOSTS, text) == [verdict]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("keycdn-std is the cheapest; everything else is above $50.00.", "checked"),
        ("keycdn-std is the cheapest; everything else is above $70.00.", "contradicted"),
        ("No two of the three hosts cost the same per month.", "checked"),
    ],
)
def test_everything_else_bounds_the_records_not_named(text: str, verdict: str) -> None:
    assert _verdicts(HOSTS, text) == [verdict]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("akamai-lite is above the average.", "checked"),
        ("keycdn-std is above the average.", "contradicted"),
        ("fastly-base and keycdn-std both sit below average.", "checked"),
        ("fastly-base and akamai-lite both sit just above the average.", "contradicted"),
    ],
)
def test_a_record_above_or_below_the_average_is_judged_against_the_mean(
    text: str, verdict: str
) -> None:
    assert _verdicts(HOSTS, text) == [verdict]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Two providers charge more than $50.00 a month.", "checked"),
        ("Two providers charge more than $100.00 a month.", "contradicted"),
        ("akamai-lite comes on second place with $120.00.", "contradicted"),
    ],
)
def test_a_count_that_charges_beyond_a_bound_and_a_place_on_second_place(
    text: str, verdict: str
) -> None:
    assert _verdicts(HOSTS, text) == [verdict]


STREAMING = Table.from_rows(
    [
        {"id": "hulu-no-ads", "monthly": 16.99, "source": "hulu.com"},
        {"id": "netflix-std", "monthly": 15.49, "source": "netflix.com"},
    ],
    alias_fields=("source",),
)


def test_a_bracketed_variant_label_after_a_name_is_part_of_it() -> None:
    assert _verdicts(STREAMING, "Hulu (No Ads) is the cheapest at $16.99 a month.") == [
        "contradicted"
    ]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Kallein on fastly-base, 60,00 $ kuukaudessa.", "contradicted"),
        ("Halvin on keycdn-std.", "unverified"),
    ],
)
def test_a_finnish_superlative_opening_a_sentence_names_its_record(text: str, verdict: str) -> None:
    assert _verdicts(HOSTS, text) == [verdict]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("keycdn-std er 80 % billigere end akamai-lite.", "contradicted"),
        ("akamai-lite er dyrest.", "unverified"),
        ("fastly-base er dyrest.", "contradicted"),
        ("keycdn-std är billigast, 45 $ i månaden under fastly-base.", "unverified"),
        ("keycdn-std är billigast, 40 $ i månaden under fastly-base.", "contradicted"),
    ],
)
def test_danish_norwegian_and_swedish_comparisons_are_read_for_contradictions(
    text: str, verdict: str
) -> None:
    assert _verdicts(HOSTS, text) == [verdict]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("akamai-lite er tredje dyrest.", "contradicted"),
        ("akamai-lite är näst billigast.", "contradicted"),
        ("Druga najtańsza jest akamai-lite.", "contradicted"),
        ("fastly-base är näst billigast.", "unverified"),
    ],
)
def test_nordic_and_polish_places_by_price_are_read(text: str, verdict: str) -> None:
    assert _verdicts(HOSTS, text) == [verdict]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("akamai-lite nie jest droższa od fastly-base.", "contradicted"),
        ("akamai-lite jest tańsza niż fastly-base.", "contradicted"),
        ("akamai-lite jest o 50,00 $ droższa niż fastly-base.", "contradicted"),
        ("akamai-lite jest o 60,00 $ droższa niż fastly-base.", "unverified"),
    ],
)
def test_polish_comparisons_are_read_for_contradictions(text: str, verdict: str) -> None:
    assert _verdicts(HOSTS, text) == [verdict]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("akamai-lite is de op één na goedkoopste.", "contradicted"),
        ("fastly-base is de op één na goedkoopste.", "unverified"),
        ("keycdn-std is de op twee na duurste.", "unverified"),
        ("fastly-base is de op twee na duurste.", "contradicted"),
    ],
)
def test_a_dutch_place_counted_from_the_end_is_read(text: str, verdict: str) -> None:
    assert _verdicts(HOSTS, text) == [verdict]


def test_a_tie_placed_in_the_middle_is_still_judged_as_a_tie() -> None:
    text = "akamai-lite and fastly-base are tied in the middle at $60.00 a month each."
    assert _verdicts(HOSTS, text) == ["contradicted"]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Geen enkel abonnement kost meer dan $ 100 per maand.", "contradicted"),
        ("Geen enkel abonnement kost meer dan $ 130 per maand.", "unverified"),
        ("Třetí nejlevnější je fastly-base za 60 $ měsíčně.", "contradicted"),
        ("keycdn-std er altså omkring 90 % billigere end fastly-base.", "contradicted"),
    ],
)
def test_more_dutch_czech_and_danish_forms_are_read(text: str, verdict: str) -> None:
    assert _verdicts(HOSTS, text) == [verdict]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("fastly-base costs $60.00. keycdn-std comes in $45.00 cheaper at $15.00.", "checked"),
        ("fastly-base costs $60.00. keycdn-std comes in $45.00 cheaper at $20.00.", "contradicted"),
    ],
)
def test_an_amount_at_the_end_of_a_margin_to_no_named_record_is_the_subject_s_price(
    text: str, verdict: str
) -> None:
    assert _verdicts(HOSTS, text)[-1] == verdict


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Between akamai-lite ($120) and fastly-base ($60), the former is cheaper by $60.",
         "contradicted"),
        ("Between akamai-lite ($120) and fastly-base ($60), the latter is cheaper by $60.",
         "unverified"),
    ],
)  # fmt: skip
def test_an_opening_pair_with_bracketed_prices_frames_the_margin(text: str, verdict: str) -> None:
    assert _verdicts(HOSTS, text) == [verdict]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("akamai-lite is the only plan that costs more than $100.", "checked"),
        ("fastly-base is the only plan that costs more than $50.", "contradicted"),
        ("keycdn-std is the only one under $20.", "checked"),
        ("fastly-base is the only one under $100.", "contradicted"),
    ],
)
def test_the_only_record_beyond_a_bound(text: str, verdict: str) -> None:
    assert _verdicts(HOSTS, text) == [verdict]


DONG = Table.from_rows(
    [
        {"id": "getfit", "monthly": 650000.0},
        {"id": "citigym", "monthly": 899000.0},
        {"id": "cali", "monthly": 1500000.0},
    ]
)


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("getfit is the cheapest at 650.000đ a month.", "unverified"),
        ("getfit costs 7.800.000₫ a year.", "checked"),
        ("cali is the most expensive at VND 1.5 million per month.", "checked"),
        ("citigym costs Rp 899 ribu a month.", "checked"),
        ("citigym costs 950.000đ a month.", "contradicted"),
    ],
)
def test_dong_and_rupiah_amounts_with_dots_or_scale_words_are_read(text: str, verdict: str) -> None:
    assert _verdicts(DONG, text) == [verdict]


def test_rs_with_a_full_stop_before_an_amount_ends_no_sentence() -> None:
    assert len(sentences("The cheapest is at roughly Rs. 6,000 a month. Done.")) == 2


def test_a_daily_charge_with_an_adjective_between_is_no_monthly_figure() -> None:
    assert _verdicts(HOSTS, "It also carries a daily fixed charge of $2.15.") == ["unverified"]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("keycdn-std is $15.00, and neither it nor fastly-base goes above $100.", "unverified"),
        ("keycdn-std is $15.00, and neither it nor akamai-lite goes above $100.", "contradicted"),
    ],
)
def test_a_record_after_nor_is_negated(text: str, verdict: str) -> None:
    assert _verdicts(HOSTS, text) == [verdict]


def test_a_daily_supply_charge_in_cents_is_no_share_of_a_monthly_price() -> None:
    table = Table.from_rows(
        [
            {"id": "agl", "monthly": 148.0},
            {"id": "origin", "monthly": 139.0},
            {"id": "alinta", "monthly": 131.0},
        ]
    )
    text = "That one also has the lowest supply charge, 98 cents a day."
    assert _verdicts(table, text) == ["unverified"]


def test_it_after_an_unknown_capitalised_subject_is_not_the_one_record_named() -> None:
    text = "Lightsail costs $120, twice fastly-base's price, so it is the most expensive."
    assert _verdicts(HOSTS, text) != ["contradicted"]


def test_it_after_a_known_opening_word_is_still_the_one_record_named() -> None:
    text = "So fastly-base costs $60.00, and it is the most expensive."
    assert _verdicts(HOSTS, text) == ["contradicted"]


def test_a_plan_number_the_id_ends_with_after_the_brand_s_words_is_no_price() -> None:
    table = Table.from_rows(
        [
            {"id": "bt-fullfibre-500", "monthly": 42.99, "source": "bt.com/broadband/full-fibre"},
            {"id": "sky-superfast", "monthly": 33.0, "source": "sky.com/broadband"},
        ],
        alias_fields=("source",),
    )
    claims = [{"id": "c2", "kind": "price", "offer": "bt-fullfibre-500", "amount": "42.99"}]
    text = "The first is BT's Full Fibre 500, and it comes to £42.99 a month [c2]."
    assert _verdicts(table, text, claims) != ["contradicted"]


def test_a_count_with_a_plus_makes_the_sentence_a_count_of_things() -> None:
    text = "akamai-lite lists 13,000+ cashless hospitals and fastly-base about 14,000."
    assert _verdicts(HOSTS, text) != ["contradicted"]


def test_a_record_in_a_not_aside_is_no_subject_of_the_price_after_it() -> None:
    text = "The most expensive is akamai-lite, not fastly-base, at $120.00 per month."
    assert _verdicts(HOSTS, text) != ["contradicted"]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("fastly-base is $60.00; akamai-lite is the dearest at $120.00. "
         "The former is $50.00 more than the cheapest option.", "contradicted"),
        ("fastly-base is $60.00; akamai-lite is the dearest at $120.00. "
         "The former is $45.00 more than the cheapest option.", "checked"),
    ],
)  # fmt: skip
def test_the_former_after_a_sentence_of_two_clauses_is_its_first_record(
    text: str, verdict: str
) -> None:
    assert _verdicts(HOSTS, text)[-1] == verdict
