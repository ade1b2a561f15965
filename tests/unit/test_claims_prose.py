"""The fail-safe prose reader, one rule at a time, on sentences the way models write them.

Inputs: the seed's offers (A 120, B 90, C 110; sources offer-A-v1 ...) unless a test says.
"""

from __future__ import annotations

from typing import Any

import pytest

from stepgraph.claims import Table, TextCheck, check_text, normalise, sentences

SEED = Table.from_rows(
    [
        {"id": "A", "source": "offer-A-v1", "monthly": 120},
        {"id": "B", "source": "offer-B-v1", "monthly": 90},
        {"id": "C", "source": "offer-C-v1", "monthly": 110},
    ],
    alias_fields=("source",),
)
QUOTES = Table.from_rows(
    [
        {"id": "alpha", "source": "alpha-quote-v3", "monthly": 2400},
        {"id": "beta", "source": "beta-quote-v1", "monthly": 2150},
    ],
    alias_fields=("source",),
)


def verdicts(text: str, table: Table = SEED, claims: Any = None) -> list[str]:
    return [s.verdict for s in check_text(text, table, claims).sentences]


def read(text: str, table: Table = SEED, claims: Any = None) -> TextCheck:
    return check_text(text, table, claims)


# -- normalisation -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("true", "false"),
    [
        ("beta costs 2\u2019150 a month.", "alpha costs 2\u2019150 a month."),  # curly apostrophe
        ("beta costs 2\u202f150 a month.", "alpha costs 2\u202f150 a month."),  # narrow nbsp
        ("beta costs 2\u2009150 a month.", "alpha costs 2\u2009150 a month."),  # thin space
        ("beta costs 2\u00a0150 a month.", "alpha costs 2\u00a0150 a month."),  # no-break space
        ("beta costs \uff12\uff11\uff15\uff10 a month.", "alpha costs \uff12\uff11\uff15\uff10."),
        ("beta costs **2,150** a month.", "alpha costs **2,150** a month."),  # markdown bold
        ("beta costs <b>2,150</b> a month.", "alpha costs <b>2,150</b> a month."),  # HTML
        ("beta costs &euro;2,150 a month.", "alpha costs &euro;2,150 a month."),  # entity
        ("- beta: 2.150,00 €", "- alpha: 2.150,00 €"),  # list item, decimal comma
        ("| beta | 2150 |", "| alpha | 2150 |"),  # table row
        ("## beta costs 2150", "## alpha costs 2150"),  # heading
    ],
)
def test_each_normalisation_lets_a_true_amount_pass_and_a_false_one_block(
    true: str, false: str
) -> None:
    assert "contradicted" not in verdicts(true, QUOTES)
    assert verdicts(false, QUOTES) == ["contradicted"]


def test_offsets_point_into_the_original_text_after_markup_is_removed() -> None:
    text = "<p>**B** is the cheapest.</p><p>A costs 100.</p>"
    found = read(text).sentences
    assert [text[s.start : s.end] for s in found] == ["**B** is the cheapest.", "A costs 100."]
    assert [s.verdict for s in found] == ["checked", "contradicted"]


def test_sentences_split_at_ends_but_not_inside_amounts_or_abbreviations() -> None:
    plain = normalise("B costs 90.50, e.g. less than A. Is C cheaper? No; it is not.").text
    assert [s.text for s in sentences(plain)] == [
        "B costs 90.50, e.g. less than A.",
        "Is C cheaper?",
        "No;",
        "it is not.",
    ]


# -- what is checked, and what is not -----------------------------------------------


def test_a_true_sentence_that_is_read_whole_is_checked() -> None:
    assert verdicts("B is the cheapest at 90 a month.") == ["checked"]


def test_a_sentence_with_an_unread_word_of_comparison_is_unverified() -> None:
    assert verdicts("B is the cheapest after C.") == ["unverified"]


@pytest.mark.parametrize(
    ("true", "false"),
    [
        ("A is not the cheapest offer.", "B is not the cheapest offer."),
        ("A isn't cheaper than C.", "A isn't more expensive than C."),
        ("B doesn't cost more than C.", "B doesn't cost less than C."),
        ("Neither A nor C is cheaper than B.", "Neither B nor C is cheaper than A."),
    ],
)
def test_negation_is_read_and_never_ignored(true: str, false: str) -> None:
    assert "contradicted" not in verdicts(true)
    assert verdicts(false) == ["contradicted"]


@pytest.mark.parametrize(
    "text",
    [
        "B is about 30 cheaper than A.",
        "B is roughly 25% cheaper than A.",
        "B probably costs 90 a month.",
        "B is likely the cheapest.",
    ],
)
def test_a_hedged_true_sentence_passes_but_is_never_checked(text: str) -> None:
    assert verdicts(text) == ["unverified"]


@pytest.mark.parametrize(
    "text",
    [
        "B is about 60 cheaper than A.",
        "B is roughly 40% cheaper than A.",
        "C is probably the cheapest.",
        "A might be slightly cheaper than C.",
        "B is over 30% cheaper than A.",
    ],
)
def test_a_hedge_does_not_excuse_a_false_statement(text: str) -> None:
    assert verdicts(text) == ["contradicted"]


def test_a_pronoun_is_followed_to_the_one_offer_of_the_sentence_before() -> None:
    assert verdicts("C costs 110. It is 20 more than B.") == ["checked", "checked"]
    assert verdicts("C costs 110. It is 50 more than B.") == ["checked", "contradicted"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The offer-B-v1 quote is the cheapest at 90 a month.", "checked"),
        ("According to offer-A-v1, A costs 120 per month.", "checked"),
        ("According to offer-A-v1, A costs 100 per month.", "contradicted"),
        ("The offer from offer-C-v1 is the cheapest.", "contradicted"),
    ],
)
def test_source_names_name_their_offer_and_are_never_amounts(text: str, expected: str) -> None:
    assert verdicts(text) == [expected]


@pytest.mark.parametrize(
    "text",
    [
        "B is the cheapest at 90 a month and includes 30 GB of storage.",
        "B comes with 2 months free and supports up to 25 users.",
        "B costs 90 a month on a 24-month contract.",
        "As of 2026-12-04, B costs 90 a month.",
        "B is 25 per cent cheaper than A.",
    ],
)
def test_numbers_in_other_units_are_not_prices(text: str) -> None:
    assert "contradicted" not in verdicts(text)


def test_a_unit_does_not_hide_a_false_price_beside_it() -> None:
    assert verdicts("A has 120 GB and costs 90 a month.") == ["contradicted"]


@pytest.mark.parametrize(
    ("true", "false"),
    [
        ("B costs ninety a month.", "B costs ninety-five a month."),
        ("Of the three offers, B is the cheapest.", "Of the four offers, B is the cheapest."),
        ("B is a quarter cheaper than A.", "B is half the price of A."),
    ],
)
def test_numbers_in_words_are_read(true: str, false: str) -> None:
    assert "contradicted" not in verdicts(true)
    assert verdicts(false) == ["contradicted"]


@pytest.mark.parametrize(
    ("true", "false"),
    [
        ("B costs 90 a month, or 1,080 a year.", "B costs 90 a month, or 1,200 a year."),
        ("Over a year, B saves 360 compared with A.", "Over twelve months B saves 300 against A."),
        ("B is the cheapest at 90 per month.", "B is the cheapest at 1,080 per month."),
    ],
)
def test_yearly_and_monthly_amounts_are_told_apart(true: str, false: str) -> None:
    assert "contradicted" not in verdicts(true)
    assert verdicts(false) == ["contradicted"]


@pytest.mark.parametrize(
    ("true", "false"),
    [
        ("L'offre B est la moins chère, à 90 € par mois.", "L'offre C est la moins chère."),
        ("B ist mit 90 € im Monat das günstigste Angebot.", "C ist das günstigste Angebot."),
        ("La oferta B es la más barata, con 90 € al mes.", "La oferta A es la más barata."),
    ],
)
def test_other_languages_are_read_where_understood_and_never_checked(true: str, false: str) -> None:
    assert verdicts(true) == ["unverified"]
    assert verdicts(false) == ["contradicted"]


def test_an_id_in_another_case_can_contradict_but_never_checks() -> None:
    assert verdicts("offer b is the cheapest.") == ["unverified"]
    assert verdicts("offer c is the cheapest.") == ["contradicted"]


def test_the_article_a_and_the_pronoun_i_are_not_offers() -> None:
    table = Table.from_rows([{"id": "A", "monthly": 5}, {"id": "I", "monthly": 9}])
    assert "contradicted" not in verdicts("A cheaper plan would be nice. I checked it.", table)


# -- citations of structured claims -------------------------------------------------

CLAIMS = [
    {"id": "c1", "kind": "cheapest", "offer": "B"},
    {"id": "c2", "kind": "price", "offer": "B", "amount": "90", "period": "month"},
    {
        "id": "c3",
        "kind": "difference",
        "offer": "B",
        "than": "A",
        "direction": "cheaper",
        "amount": "25",
        "unit": "percent",
    },
    {"id": "c4", "kind": "price", "offer": "B", "amount": "1080", "period": "year"},
]


def test_the_contract_example_is_checked_by_its_claims() -> None:
    text = (
        "B is the cheapest offer [c1] at 90 per month [c2], 25% less than A [c3], "
        "or 1,080 a year [c4]."
    )
    result = read(text, claims=CLAIMS)
    assert [s.verdict for s in result.sentences] == ["checked"]
    assert result.reasons == ()
    assert [c.cited_at for c in result.claims] == [(text.index(f"[c{n}]"),) for n in (1, 2, 3, 4)]


def test_an_amount_that_contradicts_its_cited_claim_blocks() -> None:
    assert verdicts("B is on offer at 80 a month [c2].", claims=CLAIMS) == ["contradicted"]


def test_a_citation_of_a_missing_claim_blocks() -> None:
    result = read("B is the cheapest [c9].", claims=CLAIMS)
    assert [s.verdict for s in result.sentences] == ["contradicted"]
    assert "cites c9, which no claim has" in result.reasons[0]


def test_a_false_claim_blocks_even_when_never_cited() -> None:
    claims = [*CLAIMS, {"id": "c5", "kind": "rank", "offer": "C", "position": 1}]
    result = read("B is the cheapest [c1].", claims=claims)
    assert result.reasons == (
        "claim c5 (rank: offer=C, position=1) is false: ascending: B 90, C 110, A 120 (not cited)",
    )


def test_a_citation_does_not_make_a_swapped_comparison_checked() -> None:
    claims = [
        {
            "id": "c1",
            "kind": "difference",
            "offer": "B",
            "than": "A",
            "direction": "cheaper",
            "amount": "30",
            "unit": "amount",
        }
    ]
    assert verdicts("A is 30 cheaper than B [c1].", claims=claims) == ["contradicted"]
    assert verdicts("A is dearer by 30 than B [c1].", claims=claims) == ["unverified"]


def test_an_invalid_claim_blocks_with_its_id_and_field() -> None:
    result = read("B costs 90 [c2].", claims=[{"id": "c2", "kind": "price", "offer": "B"}])
    assert result.reasons[0].startswith("claim c2 (price: offer=B) is invalid: claims[0].amount:")


# -- cost ---------------------------------------------------------------------------


def test_a_rationale_over_the_cap_is_blocked_unread() -> None:
    result = check_text("B is the cheapest. " * 500, SEED, max_chars=8000)
    assert result.sentences == ()
    assert result.reasons == (
        "the rationale has 9500 characters, over the limit of 8000: it was not read; shorten it",
    )


def test_reading_is_linear_in_the_length_of_one_long_sentence(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from stepgraph.claims.units import SentenceBase

    calls = {"n": 0}
    original = SentenceBase.low

    def counting(self: SentenceBase, at: int) -> str:
        calls["n"] += 1
        return original(self, at)

    def cost(repeat: int) -> int:
        calls["n"] = 0
        text = "B costs 90 and A costs 120 and C is 20 more than B, " * repeat
        check_text(text, SEED, max_chars=10**7)
        return calls["n"]

    monkeypatch.setattr(SentenceBase, "low", counting)
    small, large = cost(100), cost(1000)
    assert large <= 11 * small  # ten times the text: about ten times the work


@pytest.mark.parametrize(
    ("true", "false"),
    [
        ("A, B and C cost 120, 90 and 110 respectively.",
         "A, B and C cost 120, 110 and 90 respectively."),
        ("The difference between A and B is 30 a month.",
         "The difference between A and B is 40 a month."),
        ("Choosing B instead of A saves 360 a year.", "Choosing B instead of A saves 300 a year."),
        ("B is priced 20 below C.", "B is priced 25 below C."),
        ("C is more affordable than A.", "C is more affordable than B."),
        ("B costs the least.", "A costs the least."),
        ("Neither A nor C is the cheapest.", "Neither A nor B is the cheapest."),
        ("The cheapest is B, at 90.", "The cheapest is B, at 95."),
        ("B, at 90, costs 25% less than A, at 120.", "B, at 90, costs 25% less than A, at 125."),
        ("B is cheaper than A by roughly 25%.", "B is cheaper than A by roughly 50%."),
        ("Three offers: A, B and C.", "Four offers: A, B, C and D."),
        ("The cheapest offer is not A.", "The cheapest offer is not B."),
        ("B costs a hundred a month, give or take.", "B costs 150 a month, give or take."),
        ("| Offer | Monthly | Yearly |\n| B | 90 | 1,080 |", "| Offer | Monthly |\n| B | 95 |"),
    ],
)  # fmt: skip
def test_each_recognised_form_passes_when_true_and_blocks_when_false(true: str, false: str) -> None:
    assert "contradicted" not in verdicts(true)
    assert "contradicted" in verdicts(false)


@pytest.mark.parametrize(
    "text",
    [
        "C is the cheapest option that includes support.",
        "C is the cheapest among the premium offers.",
        "The difference between C and B is what matters.",
        "Apart from B, C is the cheapest.",
        "Excluding B, the cheapest is C.",
    ],
)
def test_a_narrowed_or_unfinished_statement_is_left_to_the_reviewer(text: str) -> None:
    assert verdicts(text) == ["unverified"]


def test_a_citation_in_another_case_names_the_claim_and_a_footnote_is_no_citation() -> None:
    assert read("B is the cheapest [C1].", claims=CLAIMS).reasons == ()
    assert read("B is the cheapest [1].").reasons == ()


def test_a_sentence_citing_an_invalid_claim_is_contradicted() -> None:
    claims = [{"id": "c2", "kind": "price", "offer": "B"}]
    sentence = read("B costs 90 [c2].", claims=claims).sentences[0]
    assert (sentence.verdict, sentence.why) == ("contradicted", "cites c2: false or invalid")


@pytest.mark.parametrize(
    "text",
    ["C est l'offre la moins chère : 110 € par mois.", "B n'est pas l'offre la moins chère.",
     "B no es la opción más barata.", "Das günstigste Angebot ist A."],
)  # fmt: skip
def test_a_false_sentence_in_another_language_blocks(text: str) -> None:
    assert verdicts(text) == ["contradicted"]


def test_a_cited_difference_accounts_only_for_a_comparison_the_same_way_round() -> None:
    claims = [{"id": "c4", "kind": "difference", "offer": "B", "than": "A",
               "direction": "cheaper", "amount": "30", "unit": "amount"}]  # fmt: skip
    assert verdicts("B costs 30 less than A per month [c4].", claims=claims) == ["checked"]
    assert verdicts("B is, per month, 30 more expensive than A [c4].", claims=claims) == [
        "contradicted"  # never checked by c4; and B is 30 cheaper, so the gap goes the other way
    ]


# -- implicit subjects and differences are never read as another record's claim ------------

REGIONS = Table.from_rows(
    [
        {"id": "north", "monthly": 49.99},
        {"id": "south", "monthly": 54.50},
        {"id": "west", "monthly": 62.00},
        {"id": "east", "monthly": 39.90},
    ]
)


def test_a_record_after_below_is_not_the_subject_of_the_next_clause() -> None:
    text = "east is the cheapest at 39.90. That is 10.09 below north, 14.60 below south."
    assert verdicts(text, REGIONS) == ["checked", "unverified"]


def test_a_difference_to_a_record_is_not_read_as_its_price() -> None:
    text = "east is the cheapest at 39.90. The difference to north is 4.51 a month."
    assert verdicts(text, REGIONS) == ["checked", "unverified"]


def test_a_gap_between_two_records_is_not_read_as_the_second_ones_price() -> None:
    assert verdicts("The saving against north and south is 4.51.", REGIONS) == ["unverified"]


def test_that_opening_a_sentence_is_the_previous_sentences_one_subject() -> None:
    text = "east is the cheapest at 39.90. That costs 45.00 less than north."
    assert verdicts(text, REGIONS) == ["checked", "contradicted"]


def test_that_before_a_named_subject_is_not_a_pronoun() -> None:
    assert verdicts("Note that B is not the cheapest offer.") == ["contradicted"]


def test_a_record_compared_with_is_not_the_subject_of_the_next_comparison() -> None:
    text = "At 39.90, east is 10.09 cheaper than north, 14.60 cheaper than south."
    assert verdicts(text, REGIONS) == ["checked"]  # east's, both margins true; none of north
    assert verdicts(text.replace("14.60", "15.60"), REGIONS) == ["contradicted"]


def test_a_list_of_comparisons_after_commas_belongs_to_the_first_subject() -> None:
    good = "east is 10.09 cheaper than north, 14.60 cheaper than south."
    bad = "east is 10.09 cheaper than north, 15.60 cheaper than south."
    assert verdicts(good, REGIONS) == ["checked"]
    assert verdicts(bad, REGIONS) == ["contradicted"]


@pytest.mark.parametrize(
    "text",
    [
        "The two cheapest, east and north, are 10.09 apart.",
        "north and south are 4.51 apart from each other.",
    ],
)
def test_two_records_some_amount_apart_is_not_what_each_costs(text: str) -> None:
    assert verdicts(text, REGIONS) == ["unverified"]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("A and C both sit between 105 and 125 a month.", "checked"),
        ("B and C both sit between 105 and 125 a month.", "contradicted"),
        ("C is between 100 and 115 a month.", "checked"),
        ("A is between 100 and 115 a month.", "contradicted"),
        ("A is not between 100 and 115 a month.", "unverified"),
    ],
)
def test_named_records_priced_between_two_amounts(text: str, verdict: str) -> None:
    assert verdicts(text) == [verdict]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("The difference to south is 7.50 a month.", "unverified"),  # west - south
        ("The difference to south is 4.51 a month.", "unverified"),  # south - north
        ("The difference to south is 54.50 a month.", "unverified"),  # south's own price
        ("The difference to south is 9.50 a month.", "contradicted"),  # no reading is true
    ],
)
def test_a_difference_to_one_record_is_false_only_when_no_reading_is_true(
    text: str, verdict: str
) -> None:
    assert verdicts("west is the most expensive at 62.00. " + text, REGIONS)[1] == verdict


def test_going_with_one_rather_than_another_states_the_saving() -> None:
    assert verdicts("Going with B rather than A saves 30 a month.") == ["checked"]
    assert verdicts("Going with B rather than A saves 40 a month.") == ["contradicted"]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("B (90) beats A (120).", "checked"),
        ("B (90) beats A (125).", "contradicted"),
        ("The B plan (90/mo) beats the A plan (125/mo).", "contradicted"),
        ("B is cheaper than both A (120) and C (115).", "contradicted"),
    ],
)
def test_a_bracketed_price_after_the_record_compared_with_is_read(text: str, verdict: str) -> None:
    assert verdicts(text) == [verdict]


@pytest.mark.parametrize(
    "text",
    [
        "B and C are the two cheapest.",
        "B and C are the cheapest two.",
        "C and A are the two most expensive.",
        "B at 90 and C at 110 are the two cheapest.",
    ],
)
def test_a_count_next_to_a_superlative_is_a_group_not_a_price(text: str) -> None:
    assert verdicts(text) in (["unverified"], ["checked"])  # the group, read whole when true


def test_a_false_price_beside_a_group_superlative_still_contradicts() -> None:
    assert verdicts("B at 90 and C at 115 are the two cheapest.") == ["contradicted"]


@pytest.mark.parametrize(
    "text",
    [
        "B wins, 20 ahead of C.",
        "Second place goes to C at 110, 20 behind B.",
    ],
)
def test_an_amount_followed_by_a_relation_is_a_gap_not_the_subjects_price(text: str) -> None:
    assert verdicts(text) == ["unverified"]


def test_savings_versus_each_record_are_gaps_not_the_subjects_price() -> None:
    assert verdicts("B saves you 30 versus A and 20 versus C.") == ["checked"]
    assert verdicts("B saves you 30 versus A and 25 versus C.") == ["contradicted"]


def test_an_amount_versus_another_amount_is_still_the_subjects_price() -> None:
    assert verdicts("B costs 90 versus 120 for A.") == ["checked"]
    assert verdicts("B costs 95 versus 120 for A.") == ["contradicted"]


@pytest.mark.parametrize(
    "text",
    [
        "B kostet 90 €, also 30 € weniger als A.",
        "Der Unterschied zu A beträgt 30 Euro.",
        "La diferencia con A es de 30 euros.",
    ],
)
def test_a_difference_in_another_language_is_not_read_as_a_price(text: str) -> None:
    assert verdicts(text) == ["unverified"]
