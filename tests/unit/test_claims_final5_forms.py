"""Correct reports of the final5 split that were blocked (and one false one missed), one
behaviour per test."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text


def verdicts(text: str, table: Table, claims: list[dict[str, str]] | None = None) -> list[str]:
    return [s.verdict for s in check_text(text, table, claims).sentences]


L = Table.from_rows(
    [
        {"id": "L-100", "monthly": 250},
        {"id": "L-200", "monthly": 200},
        {"id": "L-300", "monthly": 275},
        {"id": "L-400", "monthly": 220},
    ]
)


@pytest.mark.parametrize(
    "text",
    [
        "L-400 is 10% more expensive than L-200, L-100 is 25% more expensive and L-300 37.5% "
        "more expensive.",
        "L-400 is 10% more expensive than L-200 and L-100 25% more.",
        "L-400 (220) is 20 more than L-200, L-100 (250) 50 more.",
    ],
)
def test_a_record_opening_its_own_clause_is_not_another_record_compared_with(text: str) -> None:
    assert verdicts(text, L) != ["contradicted"]


def test_records_joined_after_than_are_all_compared_with() -> None:
    assert verdicts("L-200 is cheaper than L-100, L-300 and L-400.", L) == ["checked"]
    assert verdicts("L-400 is cheaper than L-100 and L-200.", L) == ["contradicted"]


TWO = Table.from_rows([{"id": "Basic", "monthly": 27.49}, {"id": "Plus", "monthly": 31.99}])
YEARLY = [
    {
        "id": "c5",
        "kind": "difference",
        "offer": "Basic",
        "than": "Plus",
        "direction": "cheaper",
        "amount": "54.00",
        "unit": "amount",
        "period": "year",
    }
]


def test_a_bound_citing_a_claim_is_compared_as_a_bound() -> None:
    assert verdicts("Over a year you save more than 50 [c5].", TWO, YEARLY) != ["contradicted"]
    assert verdicts("Over a year you save more than 60 [c5].", TWO, YEARLY) == ["contradicted"]


def test_nearly_puts_the_figure_just_below_the_written_one() -> None:
    assert verdicts("Over a year you save nearly 55 [c5].", TWO, YEARLY) != ["contradicted"]
    assert verdicts("Over a year you save nearly 50 [c5].", TWO, YEARLY) == ["contradicted"]


PLANS = Table.from_rows(
    [
        {"id": "plan_2025", "monthly": 49.95},
        {"id": "plan_2024", "monthly": 54.5},
        {"id": "legacy_plus", "monthly": 61},
        {"id": "starter", "monthly": 39.99},
    ]
)


def test_a_superlative_over_a_qualified_count_is_not_over_all_offers() -> None:
    text = "plan_2025 is the cheapest of the three non-starter plans."
    assert verdicts(text, PLANS) == ["unverified"]


def test_a_count_of_offers_with_a_descriptive_word_is_still_the_count() -> None:
    assert verdicts("I compared the four regional plans.", PLANS) == ["checked"]
    assert verdicts("I compared the three regional plans.", PLANS) == ["contradicted"]


DESKS = Table.from_rows([{"id": "north", "monthly": 450}, {"id": "south", "monthly": 420}])


def test_a_number_counting_a_noun_after_at_is_not_audited_as_money() -> None:
    assert verdicts("I looked at four coworking desks.", DESKS) == ["unverified"]
    assert verdicts("I looked at 4 coworking desks.", DESKS) == ["unverified"]


TERM = Table.from_rows([{"id": "A24", "monthly": 27}, {"id": "B24", "monthly": 31}])


def test_a_term_saving_stated_with_the_yearly_figure_is_contradicted() -> None:
    text = "Across the 24-month term, A24 saves 48 compared with B24."
    assert verdicts(text, TERM) == ["contradicted"]


def test_a_term_saving_stated_with_the_term_figure_is_not_contradicted() -> None:
    text = "Across the 24-month term, A24 saves 96 compared with B24."
    assert verdicts(text, TERM) != ["contradicted"]


def test_a_yearly_figure_in_a_term_sentence_that_names_the_year_is_allowed() -> None:
    text = "Across the 24-month term, A24 saves 96 compared with B24, 48 a year."
    assert verdicts(text, TERM) != ["contradicted"]


def test_the_term_of_the_text_applies_to_a_sentence_saying_the_term() -> None:
    text = "Both are 24-month contracts. A24 saves 48 over the term compared with B24."
    assert verdicts(text, TERM)[1] == "contradicted"


def test_a_distance_from_the_average_is_a_figure_only_when_the_sentence_says_average() -> None:
    three = Table.from_rows([{"id": "A", "monthly": 27}, {"id": "B", "monthly": 31}])
    assert verdicts("A saves 2 a month compared with B.", three) == ["contradicted"]
    assert verdicts("A is 2 below the average price.", three) != ["contradicted"]


def test_an_amount_after_a_colon_is_not_the_subjects_price() -> None:
    two = Table.from_rows([{"id": "A", "monthly": 120}, {"id": "B", "monthly": 90}])
    assert verdicts("A is the most expensive at 120: 30 a month more than B.", two) != [
        "contradicted"
    ]


def test_a_bound_over_the_other_records_is_not_a_bound_over_every_record() -> None:
    five = Table.from_rows(
        [
            {"id": "o1", "monthly": 72.1},
            {"id": "o2", "monthly": 69.8},
            {"id": "o3", "monthly": 75},
            {"id": "o4", "monthly": 70.4},
            {"id": "o5", "monthly": 73.95},
        ]
    )
    text = "o2 and o4 are both under 71 a month; the other three are all above 72."
    assert verdicts(text, five) == ["unverified"]
    assert verdicts("All offers are above 69.", five) == ["checked"]


def test_numbers_under_a_header_that_counts_things_are_not_prices() -> None:
    tv = Table.from_rows([{"id": "TV-A", "monthly": 39.99}, {"id": "TV-B", "monthly": 44.99}])
    text = (
        "| Offer | Channels | Storage | Monthly |\n|---|---:|---:|---:|\n"
        "| TV-A | 120 | 500 GB | 39.99 |\n| TV-B | 180 | 1 TB | 44.99 |"
    )
    assert "contradicted" not in verdicts(text, tv)
    wrong = text.replace("| 44.99 |", "| 45.99 |")
    assert "contradicted" in verdicts(wrong, tv)


PAIR = Table.from_rows([{"id": "cheap", "monthly": 39.8}, {"id": "dear", "monthly": 50}])


def test_nearly_a_percentage_is_below_it() -> None:
    assert verdicts("cheap is nearly 20% cheaper than dear.", PAIR) == ["contradicted"]
    assert verdicts("cheap is nearly 21% cheaper than dear.", PAIR) == ["unverified"]


def test_about_a_percentage_is_within_one_point() -> None:
    assert verdicts("cheap is about 20% cheaper than dear.", PAIR) == ["unverified"]
    assert verdicts("cheap is about 22% cheaper than dear.", PAIR) == ["contradicted"]
    assert verdicts("dear is about 24% more expensive than cheap.", PAIR) == ["contradicted"]
    assert verdicts("dear is about 25% more expensive than cheap.", PAIR) == ["unverified"]


NSE = Table.from_rows(
    [
        {"id": "North", "monthly": 27.49},
        {"id": "South", "monthly": 25},
        {"id": "East", "monthly": 30},
    ]
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The lowest-cost option here is North.", "contradicted"),
        ("The cheapest option here is South.", "checked"),
        ("The cheapest offer overall is South.", "checked"),
    ],
)
def test_a_superlative_first_reads_past_here_and_overall(text: str, expected: str) -> None:
    assert verdicts(text, NSE) == [expected]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The second cheapest option is North.", "checked"),
        ("The second-cheapest option is East.", "contradicted"),
        ("The second most expensive offer is North.", "checked"),
        ("The second most expensive offer is East.", "contradicted"),
    ],
)
def test_an_ordinal_superlative_first_is_the_named_offers_place(text: str, expected: str) -> None:
    assert verdicts(text, NSE) == [expected]


@pytest.mark.parametrize(
    ("offers", "text"),
    [
        ({"B": 29.99, "A": 31.49}, "Over two years B comes to exactly 720.00."),
        ({"harbor": 49.95, "ridge": 54.9}, "Over a full year that works out to 594.40."),
        ({"crm-5": 45, "crm-10": 79}, "crm-10 covers 10 seats for 75.00."),
        ({"oa": 35.9, "ob": 32.4}, "Num contrato de 24 meses, a ob custa 753,60 € no total."),
    ],
)
def test_an_amount_no_figure_gives_is_audited_in_these_wordings(
    offers: dict[str, float], text: str
) -> None:
    table = Table.from_rows([{"id": k, "monthly": v} for k, v in offers.items()])
    assert verdicts(text, table) == ["contradicted"]


@pytest.mark.parametrize(
    ("offers", "text"),
    [
        ({"B": 29.99, "A": 31.49}, "Over two years B comes to exactly 719.76."),
        ({"harbor": 49.95, "ridge": 54.9}, "Over a full year that works out to 599.40."),
        ({"crm-5": 45, "crm-10": 79}, "crm-10 covers 10 seats for 79.00."),
        ({"oa": 35.9, "ob": 32.4}, "Num contrato de 24 meses, a ob custa 777,60 € no total."),
        ({"n": 59.85, "w": 71.2}, "w costs about 19% more than n (exactly 18.96%)."),
    ],
)
def test_the_true_amount_in_these_wordings_passes(offers: dict[str, float], text: str) -> None:
    table = Table.from_rows([{"id": k, "monthly": v} for k, v in offers.items()])
    assert verdicts(text, table) != ["contradicted"]


SFS = Table.from_rows(
    [
        {"id": "Saver", "monthly": 18.4},
        {"id": "Family", "monthly": 23},
        {"id": "Solo", "monthly": 20.7},
    ]
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Against Solo, Saver is 11.1% cheaper.", "checked"),
        ("Against Solo, Saver is about 12.5% cheaper.", "contradicted"),
        ("Compared with Solo, Saver is 2.30 cheaper.", "checked"),
        ("Compared with Solo, Saver is 2.50 cheaper.", "contradicted"),
        ("Against Saver, Solo is cheaper.", "contradicted"),
    ],
)
def test_an_opening_against_names_what_a_margin_is_to(text: str, expected: str) -> None:
    assert verdicts(text, SFS) == [expected]


def test_a_superlative_after_compared_with_is_still_over_all_offers() -> None:
    assert verdicts("Compared with Solo, Family is the most expensive.", SFS) != ["contradicted"]
    assert verdicts("Compared with Family, Solo is the most expensive.", SFS) == ["contradicted"]


def test_a_hedged_margin_with_no_than_is_read_as_a_hedged_margin() -> None:
    two = Table.from_rows([{"id": "A", "monthly": 10}, {"id": "B", "monthly": 12}])
    assert verdicts("A costs 10 and B is about 4 more.", two) == ["contradicted"]
    assert verdicts("A costs 10 and B is about 2 more.", two) == ["unverified"]


MDV = Table.from_rows(
    [
        {"id": "Mira", "monthly": 310.4},
        {"id": "Dune", "monthly": 298},
        {"id": "Vale", "monthly": 305.25},
    ]
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Only Dune is under 300 a month; the other two are both above 310.", ["contradicted"]),
        ("Dune is the cheapest. The other two are both above 305.", ["checked", "checked"]),
        ("Dune is the cheapest. The others cost more than 310.", ["checked", "contradicted"]),
        ("Dune is the cheapest; the rest are all above 300.", ["checked"]),
    ],
)
def test_a_bound_on_the_other_records_is_a_bound_on_each_record_not_named(
    text: str, expected: list[str]
) -> None:
    assert verdicts(text, MDV) == expected


def test_the_other_n_with_a_wrong_count_is_not_read() -> None:
    assert verdicts("Dune is cheapest; the other three are above 300.", MDV) == ["unverified"]


def test_none_of_the_others_is_not_read_as_a_bound_on_the_others() -> None:
    assert verdicts("Mira is dear. None of the others costs more than 300.", MDV)[1] != ("checked")


TRIO = Table.from_rows(
    [{"id": "solo", "monthly": 20}, {"id": "duo", "monthly": 40}, {"id": "trio", "monthly": 60}]
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("duo costs three times as much as solo.", "contradicted"),
        ("trio costs three times as much as solo.", "checked"),
        ("trio costs 3 times the price of solo.", "checked"),
        ("trio is 1.5 times as expensive as duo.", "checked"),
        ("trio is 2 times as expensive as duo.", "contradicted"),
    ],
)
def test_n_times_as_much_as_is_a_ratio_of_prices(text: str, expected: str) -> None:
    assert verdicts(text, TRIO) == [expected]


def test_a_number_of_times_that_is_no_ratio_is_not_read() -> None:
    assert verdicts("duo was revised 3 times this year.", TRIO) == ["unverified"]


MS = Table.from_rows(
    [
        {"id": "m-250", "monthly": 30},
        {"id": "m-1000", "monthly": 34.99},
        {"id": "m-500", "monthly": 36},
        {"id": "m-100", "monthly": 20},
    ]
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Last place goes to m-1000 at 34.99 a month.", "contradicted"),
        ("Last place goes to m-500 at 36 a month.", "checked"),
        ("First place goes to m-100.", "checked"),
        ("First place goes to m-250.", "contradicted"),
    ],
)
def test_first_and_last_place_go_to_the_cheapest_and_the_dearest(text: str, expected: str) -> None:
    assert verdicts(text, MS) == [expected]


@pytest.mark.parametrize(
    ("prices", "text", "expected"),
    [
        ((15.5, 15, 15), "All three offers cost the same 15.00 per month.", "contradicted"),
        ((15, 15, 15), "All three offers cost the same 15.00 per month.", "checked"),
        ((15, 15, 16), "All offers cost the same.", "contradicted"),
        ((15, 15, 16), "All offers cost the same with the add-on.", "unverified"),
    ],
)
def test_all_offers_costing_the_same_is_a_tie_of_every_offer(
    prices: tuple[float, ...], text: str, expected: str
) -> None:
    table = Table.from_rows([{"id": k, "monthly": v} for k, v in zip("mno", prices, strict=True)])
    assert verdicts(text, table) == [expected]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Najdroższa jest plus (54,99 zł).", "contradicted"),
        ("Dyrast är play.", "contradicted"),
        ("Najtańsza jest plus.", "contradicted"),
    ],
)
def test_polish_and_swedish_superlatives_are_read(text: str, expected: str) -> None:
    table = Table.from_rows(
        [
            {"id": "orange-pl", "monthly": 59.99},
            {"id": "plus", "monthly": 54.99},
            {"id": "play", "monthly": 39.99},
        ]
    )
    assert verdicts(text, table) == [expected]


BC = Table.from_rows([{"id": "B", "monthly": 90}, {"id": "C", "monthly": 110}])


def test_comes_in_at_a_margin_is_a_margin_not_a_price() -> None:
    assert verdicts("C comes in at 20 more than B per month.", BC) == ["checked"]
    assert verdicts("C comes in at 25 more than B per month.", BC) == ["contradicted"]
    assert verdicts("B, at 90 a month, is cheaper than C.", BC) == ["checked"]


def test_a_term_total_beside_cited_claims_is_not_compared_with_them() -> None:
    claims = [
        {
            "id": "c1",
            "kind": "difference",
            "offer": "B",
            "than": "C",
            "direction": "cheaper",
            "amount": "20",
            "unit": "amount",
            "period": "month",
        }
    ]
    text = "You save $20 a month [c1], $480.00 over 24 months."
    assert verdicts(text, BC, claims) != ["contradicted"]
    wrong = "You save $20 a month [c1], $470.00 over 24 months."
    assert verdicts(wrong, BC, claims) == ["contradicted"]


def test_an_ordinal_with_its_own_verb_after_and_is_a_new_subject() -> None:
    table = Table.from_rows(
        [
            {"id": "r-101", "monthly": 49},
            {"id": "r-102", "monthly": 44},
            {"id": "r-103", "monthly": 51},
        ]
    )
    text = "The first offer costs 49 and the third costs 51, making the third the most expensive."
    assert verdicts(text, table) != ["contradicted"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Ranked from most to least expensive: Mercury (64.00), Mars (61.25), Venus (58.80).",
            "checked",
        ),
        ("Ranked from most to least expensive: Mars, Mercury, Venus.", "contradicted"),
        ("Ranked from least to most expensive: Venus, Mars, Mercury.", "checked"),
    ],
)
def test_from_most_to_least_expensive_is_descending(text: str, expected: str) -> None:
    table = Table.from_rows(
        [
            {"id": "Mercury", "monthly": 64},
            {"id": "Venus", "monthly": 58.8},
            {"id": "Mars", "monthly": 61.25},
        ]
    )
    assert verdicts(text, table) == [expected]


@pytest.mark.parametrize(
    ("offers", "text"),
    [
        (
            {"Kappa": 72, "Lambda": 69.9, "Mu": 75.4},
            "Lambda and Kappa both undercut Mu, Lambda by 5.50 and Kappa by 3.40.",
        ),
        (
            {"Lite": 8.9, "Ultimate": 29.65},
            "From Lite to Ultimate that is 20.75 a month in total.",
        ),
        (
            {"Zephyr": 30, "Mistral": 34.2, "Sirocco": 37.8},
            "Mistral is 4.20 dearer than Zephyr and Sirocco 7.80.",
        ),
        (
            {"AirWave": 29.99, "CopperPlus": 27},
            "AirWave follows CopperPlus at 29.99, 2.99 more, and ranks 2nd.",
        ),
    ],
)
def test_these_true_sentences_of_final7_are_not_contradicted(
    offers: dict[str, float], text: str
) -> None:
    table = Table.from_rows([{"id": k, "monthly": v} for k, v in offers.items()])
    assert verdicts(text, table) != ["contradicted"]


def test_an_elliptic_price_after_and_is_still_a_price_with_no_margin_before() -> None:
    two = Table.from_rows([{"id": "A", "monthly": 10}, {"id": "B", "monthly": 12}])
    assert verdicts("A costs 10 and B 12.", two) == ["checked"]
    assert verdicts("A costs 10 and B 13.", two) == ["contradicted"]


VAULT = Table.from_rows([{"id": "Vault-1", "monthly": 2.99}, {"id": "Vault-2", "monthly": 3.49}])


def test_with_two_offers_a_margin_with_no_than_is_to_the_other() -> None:
    assert verdicts("Vault-1 is 0.50 cheaper.", VAULT) == ["checked"]
    assert verdicts("Over twelve months Vault-1 is 6.00 more expensive.", VAULT) == ["contradicted"]


def test_that_is_an_amount_for_a_named_record_is_that_records_price() -> None:
    table = Table.from_rows(
        [
            {"id": "Silver", "monthly": 39.99},
            {"id": "Gold", "monthly": 49.99},
            {"id": "Platinum", "monthly": 59.99},
        ]
    )
    wrong = "Per year that is 599.88 for Gold, 729.88 for Platinum and 479.88 for Silver."
    assert verdicts(wrong, table) == ["contradicted"]
    right = "Per year that is 599.88 for Gold, 719.88 for Platinum and 479.88 for Silver."
    assert verdicts(right, table) != ["contradicted"]


def test_which_is_an_amount_after_a_superlative_is_its_price_not_a_restriction() -> None:
    table = Table.from_rows([{"id": "ofr1", "monthly": 300}, {"id": "ofr3", "monthly": 310}])
    assert verdicts("ofr3 has the highest price, which is 310 per month.", table) == ["checked"]
    assert verdicts("ofr1 have the highest price which is 300 per month.", table) == [
        "contradicted"
    ]
    assert verdicts("ofr1 is the cheapest option that includes support.", table) == ["unverified"]


def test_german_damit_is_a_filler() -> None:
    table = Table.from_rows([{"id": "Gruen", "monthly": 71.2}, {"id": "Blau", "monthly": 79.9}])
    assert verdicts("Gruen ist damit rund 12 % günstiger als Blau.", table) == ["contradicted"]


def test_all_offers_within_n_of_each_other_bounds_the_spread() -> None:
    table = Table.from_rows(
        [{"id": "m1", "monthly": 72}, {"id": "m2", "monthly": 75.5}, {"id": "m3", "monthly": 76.8}]
    )
    assert verdicts("All three offers are within 4 of each other per month.", table) == [
        "contradicted"
    ]
    assert verdicts("All three offers are within 5 of each other per month.", table) == ["checked"]


def test_an_elliptic_total_after_comes_to_is_audited() -> None:
    table = Table.from_rows(
        [{"id": "FiberOne", "monthly": 39.99}, {"id": "CableMax", "monthly": 44.99}]
    )
    text = "Over a 24-month contract FiberOne comes to 959.76 and CableMax to {}."
    assert verdicts(text.format("1,097.76"), table) == ["contradicted"]
    assert verdicts(text.format("1,079.76"), table) != ["contradicted"]


def test_there_are_n_kind_quotes_is_a_count_of_the_offers() -> None:
    table = Table.from_rows(
        [{"id": k, "monthly": v} for k, v in zip("abcd", (1, 2, 3, 4), strict=True)]
    )
    assert verdicts("There are five insurance quotes in total.", table) == ["contradicted"]
    assert verdicts("There are four insurance quotes in total.", table) == ["checked"]
    assert verdicts("There are two cheaper quotes.", table) == ["unverified"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The mid-priced option is ACME-Lite-12 at 149 a month.", "contradicted"),
        ("The mid-priced option is Globex-Std at 175 a month.", "checked"),
        ("The middle one is Globex-Std.", "checked"),
    ],
)
def test_the_mid_priced_option_is_the_middle_place(text: str, expected: str) -> None:
    table = Table.from_rows(
        [
            {"id": "ACME-Pro-24", "monthly": 199},
            {"id": "ACME-Lite-12", "monthly": 149},
            {"id": "Globex-Std", "monthly": 175},
        ]
    )
    assert verdicts(text, table) == [expected]
