"""Correct reports of the final4 split that were blocked, one behaviour per test: dates
with dots, prices spoken in words, "K of the N offers ... between", bounds in Dutch."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text


def verdicts(text: str, table: Table) -> list[str]:
    return [s.verdict for s in check_text(text, table).sentences]


TWO = Table.from_rows(
    [{"id": "offer-A-v1", "monthly": 18.4}, {"id": "offer-B-v2", "monthly": 17.8}]
)


@pytest.mark.parametrize("date", ["14.03.2025", "31.12.2025", "1.4.26"])
def test_a_date_written_with_dots_is_not_an_amount(date: str) -> None:
    text = f"Both quotes are dated {date}, and the prices are valid until then."
    assert verdicts(text, TWO) == ["unverified"]


def test_a_date_with_dots_ending_a_sentence_is_still_a_date() -> None:
    assert verdicts("The quotes are valid until 31.12.2025.", TWO) == ["unverified"]


def test_a_decimal_with_dots_as_thousands_is_still_an_amount() -> None:
    big = Table.from_rows([{"id": "A", "monthly": 1080.5}])
    assert verdicts("A costs 1.080,50 a month.", big) == ["checked"]


HOME = Table.from_rows([{"id": "home", "monthly": 49.95}, {"id": "home-plus", "monthly": 54.95}])


def test_a_price_spoken_as_whole_and_cents_in_words_is_that_amount() -> None:
    text = "home comes in at forty-nine ninety-five a month, five less than home-plus."
    assert verdicts(text, HOME) == ["checked"]


def test_a_wrong_price_spoken_in_words_is_contradicted() -> None:
    assert verdicts("home costs forty-nine ninety-nine a month.", HOME) == ["contradicted"]


def test_two_tens_words_in_a_row_are_not_summed() -> None:
    assert verdicts("home-plus costs fifty-four ninety-five.", HOME) == ["checked"]


SIX = Table.from_rows(
    [
        {"id": "S-100", "monthly": 64.3},
        {"id": "N-200", "monthly": 59.85},
        {"id": "W-300", "monthly": 71.2},
        {"id": "O-400", "monthly": 62.49},
        {"id": "M-500", "monthly": 66},
        {"id": "Z-600", "monthly": 69.95},
    ]
)


def test_k_of_the_n_offers_between_two_amounts_is_exactly_k() -> None:
    assert verdicts("4 of the six offers fall between 60 and 70 per month.", SIX) == ["checked"]
    assert verdicts("3 of the six offers fall between 60 and 70 per month.", SIX) == [
        "contradicted"
    ]


def test_a_count_of_offers_between_two_amounts_is_not_every_offer() -> None:
    assert verdicts("Two offers cost between 60 and 65.", SIX) == ["checked"]


def test_all_offers_between_two_amounts_is_still_every_offer() -> None:
    assert verdicts("All offers fall between 60 and 70.", SIX) == ["contradicted"]
    assert verdicts("All six offers fall between 55 and 75 per month.", SIX) == ["checked"]


NL = Table.from_rows([{"id": "kpn", "monthly": 44.95}, {"id": "ziggo", "monthly": 49}])


@pytest.mark.parametrize(
    "text",
    [
        "Alle aanbiedingen kosten minder dan € 50 per maand.",
        "Toutes les offres coûtent moins de 50 € par mois.",
    ],
)
def test_a_bound_in_another_language_is_not_audited_as_a_price(text: str) -> None:
    assert verdicts(text, NL) != ["contradicted"]
