"""Found this stop on the kept-aside and new splits, tested in other words."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table
from tests.unit.test_claims_stop36_forms import HOSTS, _verdicts


@pytest.mark.parametrize(
    "header",
    [
        "| Anbieter | Monatspreis |",
        "| Aanbieder | Premie per maand |",
        "| Offre | Prix mensuel |",
        "| Proveedor | Precio/mes |",
        "| Leverandør | Pris pr. md. |",
        "| Dostawca | Cena miesięcznie |",
    ],
)
def test_a_price_column_headed_in_another_language_reads_its_rows(header: str) -> None:
    text = f"{header}\n|---|---|\n| akamai-lite | 120,00 € |\n| fastly-base | 15,00 € |"
    assert _verdicts(HOSTS, text)[-1] == "contradicted"


@pytest.mark.parametrize(
    "header",
    [
        "| Fornitore | Prezzo attivazione |",
        "| Anbieter | Preis einmalig |",
        "| Aanbieder | Prijs eenmalig |",
        "| Abo | km/Monat |",
        "| Centro | Primo anno |",
        "| Empresa | Pago inicial |",
        "| Fornitore | Prezzo gas |",
    ],
)
def test_a_one_off_price_column_in_another_language_is_no_monthly_price(header: str) -> None:
    text = f"{header}\n|---|---|\n| akamai-lite | 49,00 € |\n| fastly-base | 15,00 € |"
    assert "contradicted" not in _verdicts(HOSTS, text)


def test_a_yearly_column_headed_in_another_language_is_twelve_months() -> None:
    text = "| Anbieter | Preis pro Jahr |\n|---|---|\n| fastly-base | 720,00 € |"
    assert "contradicted" not in _verdicts(HOSTS, text)
    text = "| Anbieter | Preis pro Jahr |\n|---|---|\n| fastly-base | 60,00 € |"
    assert _verdicts(HOSTS, text)[-1] == "contradicted"


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("fastly-base costs RM60.00 a month.", "checked"),
        ("fastly-base costs RM65.00 a month.", "contradicted"),
        ("fastly-base costs Tk 65 a month.", "contradicted"),
        ("fastly-base is Tk45 more than keycdn-std each month.", "checked"),
        ("fastly-base is Tk 55 more than keycdn-std each month.", "contradicted"),
        ("keycdn-std costs KSh15 a month.", "checked"),
        ("keycdn-std costs USD16 a month.", "contradicted"),
        ("Switching from fastly-base to keycdn-std saves RM540 a year.", "checked"),
        ("Switching from fastly-base to keycdn-std saves RM450 a year.", "contradicted"),
    ],
)
def test_a_currency_code_written_against_its_amount_is_money(text: str, verdict: str) -> None:
    assert _verdicts(HOSTS, text) == [verdict]


FIRMS = Table.from_rows(
    [
        {"id": "firm-pune", "monthly": 98000},
        {"id": "firm-mumbai", "monthly": 125000},
    ]
)


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("firm-mumbai charges one lakh twenty-five thousand rupees a month.", "checked"),
        ("firm-mumbai charges one lakh thirty thousand rupees a month.", "contradicted"),
        ("firm-pune costs eleven lakh seventy-six thousand rupees a year.", "checked"),
        ("firm-pune costs twelve lakh rupees a year.", "contradicted"),
    ],
)
def test_an_amount_in_words_counts_lakhs(text: str, verdict: str) -> None:
    assert _verdicts(FIRMS, text) == [verdict]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("- fastly-base: $65.00 a month (Excess per claim: $300)", "contradicted"),
        ("fastly-base costs $65.00 a month (deductible $250).", "contradicted"),
        ("fastly-base charges a $65.00 (one-off) set-up fee.", "unverified"),
    ],
)
def test_a_bracketed_charge_after_a_monthly_price_names_another_amount(
    text: str, verdict: str
) -> None:
    assert _verdicts(HOSTS, text) == [verdict]


def test_a_true_monthly_price_before_a_bracketed_charge_is_not_contradicted() -> None:
    assert _verdicts(HOSTS, "fastly-base costs $60.00 a month (excess $300).") != ["contradicted"]


DISHES = Table.from_rows(
    [
        {"id": "tata-play", "monthly": 349},
        {"id": "d2h-gold", "monthly": 399},
        {"id": "dish-lite", "monthly": 21.4},
    ]
)


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("d2h-gold is the dearest, three ninety-nine a month.", "unverified"),
        ("tata-play costs three forty-nine a month.", "unverified"),
        ("tata-play costs three fifty-nine a month.", "contradicted"),
        ("dish-lite costs twenty-one forty a month.", "checked"),
        ("dish-lite costs twenty-two forty a month.", "contradicted"),
        ("d2h-gold is fifty more than tata-play.", "checked"),
        ("d2h-gold costs four hundred and one a month.", "contradicted"),
        ("tata-play is just under three-fifty a month.", "unverified"),
        ("tata-play is roughly two-forty a month.", "contradicted"),
    ],
)
def test_a_price_spoken_in_two_numbers_reads_as_cents_or_hundreds(text: str, verdict: str) -> None:
    assert _verdicts(DISHES, text) == [verdict]


@pytest.mark.parametrize("noun", ["pack", "bundle", "membership", "lease"])
def test_a_product_noun_after_a_name_keeps_the_name_the_subject(noun: str) -> None:
    assert _verdicts(HOSTS, f"The fastly-base {noun} is the cheapest.") == ["contradicted"]


@pytest.mark.parametrize(
    "text",
    [
        "fastly-base goes over that at $60.00, and akamai-lite is dearer still.",
        "fastly-base at $60 and keycdn-std at $15 sit in the middle.",
        "All three plans are in the 100 to 200 Mbps range.",
        "Modems are extra: fastly-base charges $20 for one.",
        "Only akamai-lite includes support; the others charge $20 a year for it.",
        "Se keycdn-std scendesse a 10,00 € diventerebbe ancora più economica.",
        "Si fastly-base bajara a 10,00 € pasaría a ser la más barata.",
        "Each plan ships two 250 g bags a fortnight, roughly 1 kg a month.",
        "The site runs on PHP 8.3 and gets 25,000 visits a month.",
        "fastly-base includes APM on all 40 hosts.",
        "The gap is $45.00 a month, or $6,480.00 a year across all 12 phones.",
    ],
)
def test_a_true_sentence_about_other_things_is_not_contradicted(text: str) -> None:
    assert "contradicted" not in _verdicts(HOSTS, text)


@pytest.mark.parametrize(
    "text",
    [
        "fastly-base goes over that at $65.00.",
        "keycdn-std is in the middle.",
        "All three plans are in the $10 to $100 range.",
        "fastly-base charges $20.",
        "Si fastly-base cuesta 10,00 €, es la más barata.",
        "We compared 40 hosts.",
    ],
)
def test_the_same_forms_still_read_a_false_price_place_or_count(text: str) -> None:
    assert "contradicted" in _verdicts(HOSTS, text)


FLATS = Table.from_rows(
    [
        {"id": "flat-oak-road", "monthly": 1280},
        {"id": "flat-mill-lane", "monthly": 1450},
        {"id": "flat-canal-street", "monthly": 1395},
    ]
)


def test_what_follows_a_head_every_id_shares_names_the_record() -> None:
    assert _verdicts(FLATS, "Oak Road is the dearest.") == ["contradicted"]
    assert _verdicts(FLATS, "Canal Street costs £1,450 a month.") == ["contradicted"]


def test_a_number_word_after_a_shared_head_names_no_record() -> None:
    table = Table.from_rows(
        [
            {"id": "isp-one", "monthly": 40},
            {"id": "isp-two", "monthly": 45},
            {"id": "isp-three", "monthly": 48},
            {"id": "isp-four", "monthly": 55.5},
        ]
    )
    assert "contradicted" not in _verdicts(table, "Three of the four offers cost under €50.")


def test_deposits_are_a_charge_and_not_monthly_prices() -> None:
    text = "The deposits are five weeks' rent each, so roughly £1,500 to £1,700."
    assert "contradicted" not in _verdicts(FLATS, text)


_GAP_TABLE = "| Offer | Price | Gap |\n|---|---|---|\n| fastly-base | $60.00 | {cell} |"


@pytest.mark.parametrize(
    ("cell", "verdict"),
    [
        ("$45.00 more than keycdn-std, $60.00 less than akamai-lite", "checked"),
        ("$45.00 more than keycdn-std, $50.00 less than akamai-lite", "contradicted"),
        ("45,00 $ più di keycdn-std, 50,00 $ meno di akamai-lite", "contradicted"),
        ("$40.00 more than keycdn-std", "contradicted"),
    ],
)
def test_a_gap_in_a_later_cell_of_a_row_is_the_rows_records(cell: str, verdict: str) -> None:
    assert _verdicts(HOSTS, _GAP_TABLE.format(cell=cell))[-1] == verdict


def test_a_comma_inside_a_cell_does_not_end_the_cell() -> None:
    text = "| Note |\n|---|\n| fastly-base costs $60.00, $45.00 more than keycdn-std |"
    assert _verdicts(HOSTS, text)[-1] == "checked"


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Nor is fastly-base the priciest.", "checked"),
        ("Neither is keycdn-std the dearest.", "checked"),
        ("Nor is akamai-lite the priciest.", "contradicted"),
    ],
)
def test_nor_or_neither_before_an_inverted_verb_negates_its_subject(
    text: str, verdict: str
) -> None:
    assert _verdicts(HOSTS, text) == [verdict]


def test_a_things_worth_after_a_hedge_is_no_price() -> None:
    text = (
        "fastly-base costa 45,00 € al mese più di keycdn-std, anche se include la "
        "manutenzione annuale, che da sola vale circa 90 €."
    )
    assert "contradicted" not in _verdicts(HOSTS, text)


def test_a_things_worth_beside_a_cited_gap_is_not_held_to_the_claim() -> None:
    claims = [
        {
            "id": "c1",
            "kind": "difference",
            "offer": "fastly-base",
            "than": "keycdn-std",
            "direction": "more_expensive",
            "amount": "45.00",
            "unit": "amount",
            "period": "month",
        }
    ]
    text = "fastly-base costa 45,00 € più di keycdn-std [c1], e il supporto vale circa 90 €."
    assert "contradicted" not in _verdicts(HOSTS, text, claims)


@pytest.mark.parametrize(
    "text",
    [
        "fastly-base sale 45,00 € más cara que keycdn-std y 105,00 € más barata que akamai-lite.",
        "fastly-base risulta 45,00 € più cara di keycdn-std e 105,00 € meno di akamai-lite.",
        "fastly-base kommt 45,00 € teurer als keycdn-std und 105,00 € günstiger als akamai-lite.",
    ],
)
def test_a_second_foreign_gap_after_and_is_the_same_subjects(text: str) -> None:
    assert _verdicts(HOSTS, text) == ["contradicted"]


@pytest.mark.parametrize(
    "text",
    [
        "fastly-base's pricing page says $120.00.",
        "The keycdn-std reseller's email says $60.00.",
        "akamai-lite's dealer PDF says roughly $60.",
    ],
)
def test_a_price_quoted_by_a_records_page_or_document_is_its_price(text: str) -> None:
    assert _verdicts(HOSTS, text) == ["contradicted"]


def test_a_page_number_is_no_price() -> None:
    text = "fastly-base costs $60.00 (page 12 of the PDF)."
    assert "contradicted" not in _verdicts(HOSTS, text)


def test_an_ampersand_in_a_name_matches_the_ids_separator() -> None:
    table = Table.from_rows(
        [
            {"id": "at-t-fiber-1-gig", "monthly": 81.5},
            {"id": "google-fiber-1-gig", "monthly": 81.6},
        ]
    )
    text = "AT&T Fiber 1 Gig and Google Fiber 1 Gig are tied at $81.50 a month."
    assert _verdicts(table, text) == ["contradicted"]


@pytest.mark.parametrize(
    "text",
    [
        "fastly-base er kr 60 dyrere enn den billigste avtalen.",
        "fastly-base ist 60 € teurer als das günstigste Angebot.",
        "fastly-base coûte 60 € de plus que la moins chère.",
        "fastly-base cuesta 60 € más que la más barata.",
    ],
)
def test_a_gap_to_the_cheapest_in_another_language_is_read(text: str) -> None:
    assert _verdicts(HOSTS, text) == ["contradicted"]


def test_a_nordic_superlative_with_med_and_an_amount_reads_the_price() -> None:
    assert _verdicts(HOSTS, "akamai-lite er dyrest med kr 60 i måneden.") == ["contradicted"]


@pytest.mark.parametrize(
    "text",
    [
        "fastly-base kostet genauso viel wie keycdn-std.",
        "fastly-base ist genauso teuer wie keycdn-std.",
        "fastly-base er lige så dyr som keycdn-std.",
        "fastly-base är lika dyr som keycdn-std.",
        "fastly-base koster 60 kr. om måneden og er dermed lige så dyr som keycdn-std.",
        "fastly-base kostar 60 kr och är tredje billigast.",
    ],
)
def test_nordic_and_german_ties_and_places_after_a_price_are_read(text: str) -> None:
    assert _verdicts(HOSTS, text) == ["contradicted"]


def test_om_maaneden_states_the_period_of_the_amount_before_it() -> None:
    assert _verdicts(HOSTS, "fastly-base koster 120 kr. om måneden.") == ["contradicted"]


def test_a_bound_after_mere_end_is_no_price() -> None:
    text = "Kun én af de tre tjenester koster mere end 100 kr. om måneden."
    assert "contradicted" not in _verdicts(HOSTS, text)


def test_a_nordic_next_place_after_og_is_its_own_clause() -> None:
    text = "Billigst er keycdn-std med kr 15 per måned, og nest billigst er fastly-base."
    assert "contradicted" not in _verdicts(HOSTS, text)


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Over a year fastly-base is 45.00 more than keycdn-std.", "contradicted"),
        ("Over a year, fastly-base is 540.00 more than keycdn-std.", "unverified"),
        ("Przez rok fastly-base wychodzi o 45,00 zł drożej niż keycdn-std.", "contradicted"),
        ("Im Jahr ist fastly-base 45,00 € teurer als keycdn-std.", "contradicted"),
    ],
)
def test_a_yearly_opening_makes_bare_amounts_yearly(text: str, verdict: str) -> None:
    assert _verdicts(HOSTS, text) == [verdict]


def test_none_of_them_after_a_sentence_naming_no_one_is_none_of_the_offers() -> None:
    text = "No plan here costs less than $12 a month. None of them goes above $100 a month."
    assert _verdicts(HOSTS, text)[1] == "contradicted"


def test_none_of_them_after_named_records_is_left_to_the_reader() -> None:
    text = "keycdn-std and fastly-base are cheap. None of them goes above $100 a month."
    assert _verdicts(HOSTS, text)[1] != "contradicted"


def test_a_short_id_head_whose_domain_adds_a_trade_word_names_the_record() -> None:
    table = Table.from_rows(
        [
            {"id": "td-home", "monthly": 74.9, "source": "tdinsurance.com/home"},
            {"id": "sonnet-home", "monthly": 68.4, "source": "sonnet.ca/home"},
        ],
        alias_fields=("source",),
    )
    assert _verdicts(table, "TD is the cheapest.") == ["contradicted"]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("fastly-base is third, $45.00 dearer.", "contradicted"),
        ("akamai-lite is third, $60.00 dearer.", "unverified"),
        ("fastly-base is third.", "contradicted"),  # stop 38: a bare place closing it too
    ],
)
def test_a_bare_place_after_is_with_a_margin_is_a_place_by_price(text: str, verdict: str) -> None:
    assert _verdicts(HOSTS, text) == [verdict]


def test_the_sender_a_source_names_names_its_record() -> None:
    table = Table.from_rows(
        [
            {"id": "local-student", "monthly": 198, "source": "text message from Sam"},
            {"id": "paws-about-town", "monthly": 275, "source": "paws_rates.pdf"},
        ],
        alias_fields=("source",),
    )
    assert _verdicts(table, "Sam is £77 dearer than paws-about-town.") == ["contradicted"]


def test_over_twelve_months_opening_makes_bare_amounts_yearly() -> None:
    text = "Over 12 months, fastly-base is 45.00 more than keycdn-std."
    assert _verdicts(HOSTS, text) == ["contradicted"]


def test_a_saving_after_a_fronted_comparison_is_to_the_record_it_names() -> None:
    text = "Compared with fastly-base, keycdn-std saves $60.00 a month."
    assert _verdicts(HOSTS, text) == ["contradicted"]


@pytest.mark.parametrize(
    "text",
    [
        "keycdn-std undercuts fastly-base by $45.00 a month, about 60%.",
        "keycdn-std is $45.00 a month cheaper than fastly-base (about 60%).",
        "fastly-base is $45.00 more than keycdn-std, or roughly 75% more.",
    ],
)
def test_a_margin_restated_as_a_wrong_share_is_contradicted(text: str) -> None:
    assert _verdicts(HOSTS, text) == ["contradicted"]


@pytest.mark.parametrize(
    "text",
    [
        "keycdn-std undercuts fastly-base by $45.00 a month, about 75%.",
        "fastly-base is $45.00 more than keycdn-std, or 300% more.",
    ],
)
def test_a_margin_restated_as_the_right_share_is_not_contradicted(text: str) -> None:
    assert "contradicted" not in _verdicts(HOSTS, text)


def test_a_negation_set_apart_by_dashes_does_not_hide_a_wrong_amount() -> None:
    text = "fastly-base isn't cheaper than keycdn-std — it's 40.00 more per month — so no."
    assert _verdicts(HOSTS, text) == ["contradicted"]


def test_a_negated_amount_in_the_same_stretch_is_still_not_asserted() -> None:
    text = "fastly-base is not 40.00 more per month than keycdn-std — it is more."
    assert "contradicted" not in _verdicts(HOSTS, text)


def test_a_dash_after_a_subjects_superlative_ends_it() -> None:
    text = "keycdn-std is not the cheapest option — fastly-base undercuts it at 15.00."
    assert _verdicts(HOSTS, text) == ["contradicted"]


def test_its_in_an_opening_despite_phrase_leaves_the_named_subject() -> None:
    text = "Despite its marketing, keycdn-std is not the cheapest option."
    assert _verdicts(HOSTS, text) == ["contradicted"]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Two come in under $100 a month.", "unverified"),
        ("Three come in under $100 a month.", "contradicted"),
        ("Only one is under $20 a month.", "unverified"),
        ("Two are under $20 a month.", "contradicted"),
    ],
)
def test_a_bare_count_opening_a_sentence_counts_offers_beyond_a_bound(
    text: str, verdict: str
) -> None:
    verdicts = _verdicts(HOSTS, text)
    assert ("contradicted" in verdicts) == (verdict == "contradicted")


@pytest.mark.parametrize(
    "text",
    [
        "fastly-base and akamai-lite come to $20.00 and $40.00 per line.",
        "keycdn-std costs $15.00 a month, which is $7.50 a bag.",
        "Per terabyte, fastly-base comes to about $30.00 a month.",
        "Per 100 Mbps of speed, akamai-lite works out at about £12.00 a month.",
    ],
)
def test_rates_per_thing_are_no_monthly_prices(text: str) -> None:
    assert "contradicted" not in _verdicts(HOSTS, text)


def test_a_bare_bracketed_amount_after_a_price_is_no_second_price() -> None:
    text = (
        "Monthly prices, with the quarterly bill in brackets:\n"
        "- fastly-base: $60.00 ($180.00)\n"
        "- akamai-lite: $120.00 ($360.00)"
    )
    assert "contradicted" not in _verdicts(HOSTS, text)


def test_a_wrong_quarterly_figure_under_a_quarterly_heading_still_blocks() -> None:
    text = "Monthly prices, with the quarterly bill in brackets:\n- fastly-base: $60.00 ($190.00)"
    assert _verdicts(HOSTS, text)[-1] == "contradicted"


def test_a_cited_price_with_a_gap_to_another_figure_is_not_held_to_the_claim() -> None:
    claims = [{"id": "c1", "kind": "price", "offer": "fastly-base", "amount": "60.00",
               "period": "month"}]  # fmt: skip
    text = "fastly-base kost € 60,00 [c1], € 5,00 onder het gemiddelde."
    assert "contradicted" not in _verdicts(HOSTS, text, claims)


@pytest.mark.parametrize(
    "text",
    [
        "fastly-base is about $60 a month, close to $720 annually.",
        "L'offerta fastly-base costa intorno ai 60 €.",
        "I piani vanno da 15 € a 120 € al mese, e ogni operatore fattura la SIM 10 € una sola vez.",
        "Chaque opérateur facture la carte SIM 10 € une seule fois.",
        "With a tie, the first one listed wins, so the pick is keycdn-std.",
    ],
)
def test_kept_aside_true_sentences_of_the_stop_are_not_contradicted(text: str) -> None:
    assert "contradicted" not in _verdicts(HOSTS, text)


def test_close_to_is_a_hedge_that_still_blocks_a_figure_far_off() -> None:
    assert _verdicts(HOSTS, "fastly-base is close to $900 annually.") == ["contradicted"]


def test_the_file_a_source_path_ends_with_names_its_record() -> None:
    table = Table.from_rows(
        [
            {"id": "offer-a", "monthly": 640, "source": "quotes/offer-a.pdf"},
            {"id": "offer-b", "monthly": 585, "source": "quotes/offer-b.pdf"},
            {"id": "fresh", "monthly": 610, "source": "https://fresh.example/lunch"},
        ],
        alias_fields=("source",),
    )
    assert _verdicts(table, "offer-b.pdf is the dearest.") == ["contradicted"]
    text = (
        "Of the two PDF quotes, offer-b.pdf is lower at €585 a month versus €640 for offer-a.pdf."
    )
    assert "contradicted" not in _verdicts(table, text)


def test_a_loose_name_between_a_superlative_and_a_kind_is_no_subject() -> None:
    table = Table.from_rows(
        [
            {"id": "managed-it-plus", "monthly": 1575, "source": "managedit.example"},
            {"id": "offer-c", "monthly": 1320, "source": "quotes/offer-c.pdf"},
        ],
        alias_fields=("source",),
    )
    text = "offer-c is the cheapest managed IT contract at EUR 1 320 per month."
    assert "contradicted" not in _verdicts(table, text)


def test_none_opening_a_later_clause_is_a_bound_on_every_offer() -> None:
    text = "None of the three is under $10 a month, and none is over $100."
    assert _verdicts(HOSTS, text) == ["contradicted"]


@pytest.mark.parametrize(
    "text",
    ["I looked at four content delivery networks.", "We compared four music streaming services."],
)
def test_a_count_after_looked_at_or_before_two_kind_words_counts_offers(text: str) -> None:
    assert _verdicts(HOSTS, text) == ["contradicted"]


def test_a_record_in_brackets_after_a_described_offer_is_the_subject() -> None:
    assert _verdicts(HOSTS, "The PDF quote (fastly-base) costs $120.") == ["contradicted"]


def test_an_allowance_per_user_does_not_make_the_prices_totals() -> None:
    text = "fastly-base costs $60.00 monthly ($600 per year), with 30 GB of storage per user."
    assert _verdicts(HOSTS, text) == ["contradicted"]


def test_a_price_per_user_still_makes_the_amounts_rates() -> None:
    text = "fastly-base costs $6.00 per user, so $60.00 for ten."
    assert "contradicted" not in _verdicts(HOSTS, text)
