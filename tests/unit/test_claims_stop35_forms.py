"""Found this stop on the kept-aside and new splits, tested in other words."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

NURSERY = Table.from_rows(
    [
        {"id": "little-acorns", "monthly": 980.0},
        {"id": "tiny-steps", "monthly": 1210.0},
    ]
)
ACORNS_PRICE = [{"id": "c1", "kind": "price", "offer": "little-acorns", "amount": "980.00"}]


def _verdicts(text: str, claims: object = None) -> list[str]:
    return [s.verdict for s in check_text(text, NURSERY, claims).sentences]


@pytest.mark.parametrize(
    "text",
    [
        "little-acorns comes to £980.00 a month [c1], with a daily rate of £65.00.",
        "little-acorns is £980.00 a month [c1]; its weekly fee of £226.00 covers four days.",
    ],
)
def test_an_amount_named_a_daily_or_weekly_rate_is_no_conflict_with_a_cited_price(
    text: str,
) -> None:
    assert _verdicts(text, ACORNS_PRICE) == ["unverified"]


def test_an_amount_named_a_daily_rate_is_not_audited_as_a_monthly_figure() -> None:
    assert _verdicts("tiny-steps bills a daily rate of £80.00.") == ["unverified"]


def test_a_false_monthly_amount_beside_a_daily_rate_is_still_contradicted() -> None:
    text = "little-acorns comes to £990.00 a month [c1], with a daily rate of £65.00."
    assert _verdicts(text, ACORNS_PRICE) == ["contradicted"]


def test_a_list_of_names_each_at_its_price_gives_each_its_own_price() -> None:
    assert _verdicts("little-acorns at £980.00, tiny-steps at £1,210.00.") == ["checked"]


def test_a_list_of_names_each_at_its_price_with_one_price_wrong_is_contradicted() -> None:
    assert _verdicts("little-acorns at £1,210.00, tiny-steps at £1,210.00.") == ["contradicted"]


BROKERS = Table.from_rows(
    [
        {"id": "q1", "monthly": 410.0, "source": "motors.com deal #55120"},
        {"id": "q2", "monthly": 395.0, "source": "Swift Van Motors quote"},
        {"id": "q3", "monthly": 388.0, "source": "Fleetway.co.uk"},
    ],
    alias_fields=("source",),
)


def test_a_source_named_without_its_paper_word_is_one_name_not_two() -> None:
    text = "Fleetway beats Swift Van Motors by £7.00 a month."
    (sentence,) = check_text(text, BROKERS).sentences
    assert sentence.verdict != "contradicted"


def test_a_source_named_without_its_paper_word_still_has_its_gap_checked() -> None:
    text = "Fleetway beats Swift Van Motors by £22.00 a month."
    (sentence,) = check_text(text, BROKERS).sentences
    assert sentence.verdict == "contradicted"
    assert "q1" not in sentence.why  # the gap is to q2 alone, not to motors.com as well


PHONES = Table.from_rows(
    [
        {"id": "tmo", "monthly": 60.0},
        {"id": "usc", "monthly": 51.4},
        {"id": "mint", "monthly": 45.0},
    ]
)


@pytest.mark.parametrize(
    "text",
    ["tmo costs roughly $10 more a month than usc.", "mint comes to about $50 a month."],
)
def test_a_hedged_round_figure_more_than_a_tenth_off_is_contradicted(text: str) -> None:
    (sentence,) = check_text(text, PHONES).sentences
    assert sentence.verdict == "contradicted"


@pytest.mark.parametrize(
    "text",
    ["tmo costs roughly $15 more a month than mint.", "usc comes to about $50 a month."],
)
def test_a_hedged_round_figure_within_a_tenth_is_not_contradicted(text: str) -> None:
    (sentence,) = check_text(text, PHONES).sentences
    assert sentence.verdict != "contradicted"


def test_give_or_take_stays_looser_than_about() -> None:
    (loose,) = check_text("mint comes to $50 a month, give or take.", PHONES).sentences
    (tight,) = check_text("mint comes to about $50 a month.", PHONES).sentences
    assert (loose.verdict, tight.verdict) == ("unverified", "contradicted")


ALFA_PRICE = [{"id": "c4", "kind": "price", "offer": "little-acorns", "amount": "980.00"}]


@pytest.mark.parametrize(
    "text",
    [
        "little-acorns nestojí 980,00 Kč [c4].",  # Czech: does not cost
        "little-acorns ei maksa 980,00 € [c4].",  # Finnish: does not cost
        "little-acorns kosztuje około 980,00 zł [c4].",  # Polish: about
        "little-acorns koster omtrent 980,00 kr [c4].",  # Norwegian: about
        "little-acorns costs barely 980.00 [c4].",
    ],
)
def test_a_word_the_reader_cannot_read_beside_a_true_cited_claim_is_never_checked(
    text: str,
) -> None:
    assert _verdicts(text, ALFA_PRICE) == ["unverified"]


def test_a_nordic_hedged_price_far_off_is_contradicted() -> None:
    assert _verdicts("tiny-steps koster cirka 1.400 kr. om måneden.") == ["contradicted"]


def test_a_unit_abbreviation_before_a_citation_and_a_lowercase_word_ends_no_sentence() -> None:
    text = "little-acorns koster 980 kr. [c4] og tiny-steps 1.210 kr. om måneden."
    assert len(check_text(text, NURSERY, ALFA_PRICE).sentences) == 1


@pytest.mark.parametrize(
    "text",
    [
        "Both nurseries carry public liability cover of £5,000,000.",
        "little-acorns har en forsikringssum på 2.500.000 kr.",
        "tiny-steps sits in a building valued at 850.000 €.",
    ],
)
def test_an_amount_beyond_ten_years_of_the_dearest_price_is_not_audited(text: str) -> None:
    assert _verdicts(text) == ["unverified"]


def test_an_amount_within_ten_years_of_the_dearest_price_is_still_audited() -> None:
    assert _verdicts("little-acorns comes to £13,000.00 over the year.") == ["contradicted"]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("A tiny-steps custa 1.210,00 € por mês, mais 230,00 € do que a little-acorns.", "true"),
        ("A tiny-steps custa 1.210,00 € por mês, menos 230,00 € do que a little-acorns.", "false"),
        ("A tiny-steps custa 1.210,00 € por mês, mais 330,00 € do que a little-acorns.", "false"),
    ],
)
def test_a_gap_word_before_its_amount_compares_with_the_record_after_que(
    text: str, verdict: str
) -> None:
    (got,) = _verdicts(text)
    assert (got == "contradicted") == (verdict == "false")


INSURERS = Table.from_rows(
    [
        {"id": "maaf-auto", "monthly": 52.4, "source": "devis-maaf-2025-04.pdf"},
        {"id": "matmut-auto", "monthly": 47.9, "source": "matmut.fr/devis"},
    ],
    alias_fields=("source",),
)


def _insurers(text: str) -> str:
    (sentence,) = check_text(text, INSURERS).sentences
    return sentence.verdict


def test_the_paper_word_a_source_starts_with_names_no_record() -> None:
    assert _insurers("Le devis le moins cher vient de matmut.fr/devis : 47,90 € par mois.") != (
        "contradicted"
    )


def test_a_plural_excess_word_keeps_its_range_from_being_read_as_prices() -> None:
    assert _insurers("Les franchises vont de 250 € (MAAF) à 400 € (Matmut).") == "unverified"


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Le PDF devis-maaf-2025-04.pdf indique 52,40 € par mois.", "unverified"),
        ("Le PDF devis-maaf-2025-04.pdf indique 47,90 € par mois.", "contradicted"),
    ],
)
def test_a_foreign_verb_of_showing_reads_the_price_after_it(text: str, verdict: str) -> None:
    assert _insurers(text) == verdict


@pytest.mark.parametrize(
    "text",
    [
        "matmut-auto costs 39.90 a month the first year.",
        "Matmut affiche 39,90 € par mois la première année.",
    ],
)
def test_a_price_for_the_first_year_is_no_contradiction(text: str) -> None:
    assert _insurers(text) == "unverified"


@pytest.mark.parametrize(
    "text",
    [
        "Žádná ze školek nestojí méně než 900 Kč měsíčně.",  # Czech: none costs less than
        "A rescisão antecipada da tiny-steps tem multa de R$ 400,00.",
        "At tiny-steps, a single drop-in session costs £45.",
    ],
)
def test_a_bound_a_penalty_or_a_session_price_is_no_monthly_figure(text: str) -> None:
    assert _verdicts(text) == ["unverified"]


def test_a_count_of_papers_is_no_count_of_the_offers() -> None:
    text = "Of the three quote documents, tiny-steps is the dearest."
    assert "contradicted" not in _verdicts(text)


def test_a_count_of_quotes_is_still_a_count_of_the_offers() -> None:
    assert _verdicts("Of the three quotes, little-acorns is the cheapest.") == ["contradicted"]


POWER = Table.from_rows(
    [
        {"id": "inspire-clean-flat", "monthly": 149.0, "source": "inspirecleanenergy.com/plans"},
        {"id": "peco-default", "monthly": 160.0, "source": "peco.com"},
        {"id": "kids-and-company", "monthly": 170.0, "source": "kac.ca"},
    ],
    alias_fields=("source",),
)


@pytest.mark.parametrize(
    "text",
    ["Inspire Clean Energy is the most expensive at $149.00.", "Kids & Company is the cheapest."],
)
def test_an_ampersand_and_a_brand_spelled_in_words_name_their_records(text: str) -> None:
    (sentence,) = check_text(text, POWER).sentences
    assert sentence.verdict == "contradicted"


FIVE = Table.from_rows(
    [{"id": name, "monthly": price} for name, price in
     (("ash", 12.0), ("birch", 22.0), ("cedar", 31.0), ("dogwood", 44.0), ("elm", 58.0))]
)  # fmt: skip


def _five(text: str) -> str:
    (sentence,) = check_text(text, FIVE).sentences
    return sentence.verdict


@pytest.mark.parametrize(
    "text",
    [
        "Every plan except ash costs more than $15.",
        "All plans but ash are over $15 a month.",
        "Every plan apart from ash is above $15.",
        "Every offer other than dogwood and elm is under $40.",
    ],
)
def test_a_record_left_out_is_no_subject_and_the_rest_meet_the_bound(text: str) -> None:
    assert _five(text) != "contradicted"


@pytest.mark.parametrize(
    "text",
    [
        "Every plan except ash costs more than $25.",  # birch is not
        "Every offer except elm is under $40.",  # dogwood is not
        "Every offer except cedar and elm is under $40.",  # cedar is under it too
    ],
)
def test_a_bound_on_every_record_but_those_left_out_is_checked(text: str) -> None:
    assert _five(text) == "contradicted"


def test_a_clause_about_the_record_left_out_still_reads_it() -> None:
    text = "Each step costs about $10 more, except elm, which is $24.00 more than dogwood."
    assert _five(text) == "contradicted"


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("The two cheapest are ash and birch.", "checked"),
        ("ash and cedar are the two cheapest.", "contradicted"),
        ("The two most expensive are elm at $58.00 and dogwood at $44.00.", "checked"),
        ("The two most expensive are elm at $58.00 and cedar at $31.00.", "contradicted"),
        ("The three cheapest plans are ash, birch, and dogwood.", "contradicted"),
    ],
)
def test_the_n_cheapest_or_dearest_are_exactly_the_records_named(text: str, verdict: str) -> None:
    assert _five(text) == verdict


def test_a_tie_at_the_edge_of_a_top_group_is_never_checked() -> None:
    tied = Table.from_rows(
        [{"id": "ash", "monthly": 10.0}, {"id": "birch", "monthly": 20.0},
         {"id": "cedar", "monthly": 20.0}, {"id": "elm", "monthly": 40.0}]
    )  # fmt: skip
    (sentence,) = check_text("The two cheapest are ash and birch.", tied).sentences
    assert sentence.verdict == "unverified"


def test_a_possessive_brand_spelled_in_words_is_one_name() -> None:
    zaks = Table.from_rows(
        [
            {"id": "little-zaks-leichhardt", "monthly": 1488.2,
             "source": "littlezaks.com.au/leichhardt"},
            {"id": "nido-petersham", "monthly": 1415.0, "source": "nido.edu.au/petersham"},
            {"id": "goodstart", "monthly": 1180.0, "source": "goodstart.org.au"},
        ],
        alias_fields=("source",),
    )  # fmt: skip
    text = "The two most expensive are Little Zak's Leichhardt and Goodstart."
    (sentence,) = check_text(text, zaks).sentences
    assert sentence.verdict == "contradicted"


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("cedar is the middle option at $31.00 per month.", "checked"),
        ("birch is the middle option at $22.00 per month.", "contradicted"),
        ("birch sits in the middle of the field.", "contradicted"),
    ],
)
def test_the_middle_option_is_the_middle_place_of_an_odd_field(text: str, verdict: str) -> None:
    assert _five(text) == verdict


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("All but one cost under $50 a month.", "checked"),
        ("All but one plan is above $20.", "checked"),
        ("All but one cost under $60 a month.", "contradicted"),
        ("All but two are above $15.", "contradicted"),
    ],
)
def test_all_but_a_count_is_that_many_fewer_than_all_beyond_the_bound(
    text: str, verdict: str
) -> None:
    assert _five(text) == verdict


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("cedar costs $31.00, and no other plan is above $60.", "checked"),
        ("cedar costs $31.00, and no other plan is above $50.", "contradicted"),  # elm
        ("ash is the cheapest, and none of the others is below $25.", "contradicted"),  # birch
        ("elm is $58.00; no other plan is above $45.", "checked"),  # elm is left out
    ],
)
def test_no_other_record_than_those_named_is_beyond_the_bound(text: str, verdict: str) -> None:
    assert _five(text) == verdict


OFFICES = Table.from_rows([{"id": "hub", "monthly": 1450.0}, {"id": "loft", "monthly": 1850.0}])


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("loft is £1.85k per month.", "checked"),
        ("hub costs $1.5k a month.", "checked"),  # 1,450 to the nearest hundred
        ("loft is £1.45k per month.", "contradicted"),
        ("hub has 12k members.", "unverified"),
    ],
)
def test_thousands_after_a_currency_sign_are_an_amount_to_the_precision_written(
    text: str, verdict: str
) -> None:
    (sentence,) = check_text(text, OFFICES).sentences
    assert sentence.verdict == verdict


def test_thousands_far_beyond_every_price_are_no_amount() -> None:
    text = "hub has £500k of cover, which is not enough."
    (sentence,) = check_text(text, OFFICES).sentences
    assert sentence.verdict == "unverified"


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("little-acorns kostar 98,00 kr/mån.", "contradicted"),  # Swedish, a slipped comma
        ("little-acorns wychodzi 890,00 zł/mies.", "contradicted"),  # Polish
        ("Två abonnemang kostar över 990 kr/mån.", "unverified"),  # a bound, no price
    ],
)
def test_a_foreign_month_abbreviation_after_a_slash_marks_a_monthly_amount(
    text: str, verdict: str
) -> None:
    assert _verdicts(text) == [verdict]


def test_a_danish_superlative_before_er_names_the_cheapest() -> None:
    assert _verdicts("Billigst er tiny-steps med 1.210 kr. om måneden.") == ["contradicted"]


def test_an_amount_za_a_thing_is_a_rate_per_that_thing() -> None:
    text = "Výběr z cizího bankomatu stojí u tiny-steps 39 Kč za výběr."  # per withdrawal
    assert _verdicts(text) == ["unverified"]


def test_a_supposed_figure_after_would_and_then_is_not_the_price() -> None:
    text = "Two extra days would add £95.00, then it is £1,075.00 and still cheaper."
    assert _verdicts(text) == ["unverified"]


def test_the_sender_after_an_email_subject_names_its_record() -> None:
    mails = Table.from_rows(
        [
            {"id": "q-1", "monthly": 820.0, "source": "Re: Cleaning contract - SparkleCo"},
            {"id": "q-2", "monthly": 760.0, "source": "brightclean.com/quote"},
        ],
        alias_fields=("source",),
    )
    (sentence,) = check_text("SparkleCo is the cheapest.", mails).sentences
    assert sentence.verdict == "contradicted"


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("The three cheapest are all under $35 a month.", "checked"),
        ("The three cheapest are all under $30 a month.", "contradicted"),  # cedar is 31
        ("The two most expensive both cost over $50.", "contradicted"),  # dogwood is 44
    ],
)
def test_a_bound_on_the_n_cheapest_or_dearest_holds_for_each(text: str, verdict: str) -> None:
    assert _five(text) == verdict


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("cedar landet damit auf Platz 3.", "unverified"),
        ("cedar landet damit auf Platz 2.", "contradicted"),
        ("birch è al secondo posto.", "unverified"),
        ("birch arrive en troisième position.", "contradicted"),
        ("birch queda en segundo lugar.", "unverified"),
        ("birch staat op de derde plaats.", "contradicted"),
    ],
)
def test_a_place_in_another_language_is_a_place_by_price(text: str, verdict: str) -> None:
    assert _five(text) == verdict


def test_a_brand_that_starts_with_digits_names_its_record() -> None:
    energy = Table.from_rows(
        [
            {"id": "5star-basic", "monthly": 118.0, "source": "5starpower.com/plans"},
            {"id": "oak-fixed", "monthly": 131.5, "source": "oakenergy.com/plans"},
        ],
        alias_fields=("source",),
    )
    (sentence,) = check_text("5Star is the most expensive.", energy).sentences
    assert sentence.verdict == "contradicted"


@pytest.mark.parametrize(
    "text",
    [
        "Our office (1.800 m², five days a week) got two quotes.",
        "tiny-steps charges €2,35 pro Palette for storage.",
        "little-acorns: R150 off the first month (once).",
        "Both quoted our 3,000 monthly B2C shipments.",
        "tiny-steps verlangt 1.210,00 € im Monat und nennt einen Stundensatz von 24,80 €.",
    ],
)
def test_an_area_a_rate_per_thing_a_discount_or_a_count_is_no_monthly_figure(text: str) -> None:
    assert _verdicts(text) == ["unverified"]


@pytest.mark.parametrize(
    "text",
    [
        "little-acorns comes in at R98,00 per month.",  # South African rand, a slipped comma
        "tiny-steps verlangt 1.310,00 € im Monat und nennt einen Stundensatz von 24,80 €.",
    ],
)
def test_the_same_sentences_with_a_false_monthly_price_are_contradicted(text: str) -> None:
    assert _verdicts(text) == ["contradicted"]


def test_a_number_a_name_carries_is_no_amount() -> None:
    plans = Table.from_rows(
        [
            {"id": "startca-300", "monthly": 59.95, "source": "start.ca/internet"},
            {"id": "red-sfr-100go", "monthly": 12.99, "source": "red-by-sfr.fr/forfaits"},
            {"id": "niva-bupa-reassure", "monthly": 1190.0, "source": "nivabupa.com/reassure"},
        ],
        alias_fields=("source",),
    )
    text = "Start.ca 300 is $59.95/mo, RED by SFR 100 Go 12,99 € and Niva Bupa ReAssure 2.0 ₹1,190."
    assert "contradicted" not in [s.verdict for s in check_text(text, plans).sentences]


def test_a_leading_superlative_before_and_the_other_end_is_read() -> None:
    assert _five("The cheapest is birch and the most expensive is elm.") == "contradicted"


TENDERS = Table.from_rows(
    [
        {"id": "bid-02", "monthly": 32880.0, "source": "tenders/GXO-proposal-final.pdf"},
        {"id": "bid-03", "monthly": 30920.0, "source": "tenders/Culina_rate_card.pdf"},
        {"id": "bid-04", "monthly": 31975.0, "source": "tenders/Clipper-offer.pdf"},
    ],
    alias_fields=("source",),
)
TENDER_CLAIMS = [
    {"id": "c5", "kind": "price", "offer": "bid-03", "amount": "30920.00"},
    {"id": "c6", "kind": "cheapest", "offer": "bid-03"},
    {"id": "c7", "kind": "most_expensive", "offer": "bid-02"},
]


@pytest.mark.parametrize(
    "text",
    [
        "Culina is the most expensive [c6] and GXO the most expensive [c7].",
        "Wincanton costs £30,920.00 a month [c5].",  # c5 is bid-03's price, not its
    ],
)
def test_a_name_the_inputs_do_not_spell_is_never_checked_on_anothers_claim(text: str) -> None:
    (sentence,) = check_text(text, TENDERS, TENDER_CLAIMS).sentences
    assert sentence.verdict == "unverified"


def test_the_same_claims_said_of_the_records_they_name_are_checked() -> None:
    text = "bid-03 is the cheapest [c6] at £30,920.00 a month [c5]."
    (sentence,) = check_text(text, TENDERS, TENDER_CLAIMS).sentences
    assert sentence.verdict == "checked"


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("birch není levnější než cedar.", "contradicted"),  # Czech: is not cheaper than
        ("cedar je levnější než birch.", "contradicted"),
        ("ash je nejdražší.", "contradicted"),
        ("ash je levnější než birch.", "unverified"),  # true, and never checked
    ],
)
def test_czech_comparatives_and_superlatives_are_read_for_contradictions(
    text: str, verdict: str
) -> None:
    assert _five(text) == verdict


KITS = Table.from_rows(
    [
        {"id": "kiwi-kitchen-classic", "monthly": 389.0, "source": "kiwikitchen.co.nz/classic"},
        {"id": "thrifty-box", "monthly": 279.0, "source": "kiwikitchen.co.nz/thrifty-box"},
        {"id": "woop", "monthly": 412.0, "source": "woop.co.nz"},
    ],
    alias_fields=("source",),
)


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("The cheapest is Kiwi Kitchen's Thrifty Box at $279.00 a month.", "unverified"),
        ("The cheapest is Kiwi Kitchen's Thrifty Box at $289.00 a month.", "contradicted"),
    ],
)
def test_a_brand_owning_a_product_name_is_not_a_record_of_its_own(text: str, verdict: str) -> None:
    (sentence,) = check_text(text, KITS).sentences
    assert sentence.verdict == verdict


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Runner-up: birch at $22.00/mo.", "checked"),
        ("Runner-up: cedar at $31.00/mo.", "contradicted"),
    ],
)
def test_a_runner_up_label_names_the_second_cheapest(text: str, verdict: str) -> None:
    assert _five(text) == verdict


def test_an_ampersand_inside_a_squashed_brand_names_its_record() -> None:
    couriers = Table.from_rows(
        [
            {"id": "pnq-sg", "monthly": 7360.0, "source": "pqexpress.sg/quotes/PNQ-5518.pdf"},
            {"id": "ninja-sg", "monthly": 8420.0, "source": "ninjavan.co/quotes/NV-331.pdf"},
            {"id": "qx-sg", "monthly": 7895.0, "source": "qxpress.net/quotes/QXP-3307.pdf"},
        ],
        alias_fields=("source",),
    )
    text = (
        "P&Q Express is the cheapest, roughly S$1,060 a month below Ninja Van. "
        "It is also about S$535 a month below Qxpress."
    )
    verdicts = [s.verdict for s in check_text(text, couriers).sentences]
    assert "contradicted" not in verdicts


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        (
            "- $40 and up: cedar (31.00), dogwood and elm, the most expensive at $58.00",
            "unverified",
        ),
        ("- Under $40: three plans — ash, birch and cedar", "unverified"),
        ("- Under $40: two plans — ash and birch", "contradicted"),
        ("Under $40: 3 of 5.", "unverified"),
        ("Under $40: 4 of 5.", "contradicted"),
    ],
)
def test_a_band_heading_and_a_labelled_count_are_read_as_bounds(text: str, verdict: str) -> None:
    assert _five(text) == verdict
