"""Wordings a correct report used that the reader took for prices (false blocks found
by the independent final2 split), each now read or left unverified, never contradicted;
the same forms with a false figure where the reader can tell.

Inputs: A 54.90, B 49.90, C 59.90 a month; X 50, Y 100, Z 75.
"""

from __future__ import annotations

from stepgraph.claims import Table, check_text

GERMAN = Table.from_rows(
    [
        {"id": "A", "source": "angebot-a", "monthly": 54.9},
        {"id": "B", "source": "angebot-b", "monthly": 49.9},
        {"id": "C", "source": "angebot-c", "monthly": 59.9},
    ],
    alias_fields=("source",),
)
XYZ = Table.from_rows(
    [{"id": "X", "monthly": 50}, {"id": "Y", "monthly": 100}, {"id": "Z", "monthly": 75}]
)


def verdicts(text: str, table: Table = GERMAN) -> list[str]:
    return [sentence.verdict for sentence in check_text(text, table).sentences]


def test_an_amount_followed_by_darueber_is_a_gap_not_the_subjects_price() -> None:
    assert verdicts("A liegt 5,00 € darüber.") != ["contradicted"]
    assert verdicts("C liegt 10,00 € darüber, B 5,00 € darunter.") != ["contradicted"]


def test_a_record_after_gegenueber_is_the_object_of_a_comparison_not_priced() -> None:
    assert verdicts("B spart gegenüber C 10,00 € im Monat.") != ["contradicted"]
    assert verdicts("B spart gegenüber C 120,00 € im Jahr.") != ["contradicted"]


def test_a_price_in_german_is_still_read_and_never_checked() -> None:
    assert verdicts("A liegt bei 50,90 €.") == ["contradicted"]
    assert verdicts("A liegt bei 54,90 €.") == ["unverified"]


def test_a_number_word_before_a_fraction_noun_is_a_share_not_a_price() -> None:
    assert verdicts("X costs two thirds of Z's price.", XYZ) != ["contradicted"]
    # read as a share (X is half of Y), never as a price of 3 or 0.75
    assert verdicts("X costs half of what Y costs.", XYZ) == ["checked"]
    assert verdicts("X costs three quarters of what Y costs.", XYZ) == ["contradicted"]


TWO = Table.from_rows([{"id": "K", "monthly": 1499}, {"id": "L", "monthly": 1620}])


def test_the_cheaper_of_two_records_is_the_cheapest() -> None:
    assert verdicts("L is the cheaper proposal at 1,499 per month.", TWO) == ["contradicted"]
    assert verdicts("K is the cheaper quote at 1,499 per month.", TWO) == ["checked"]
    assert verdicts("K is the less expensive one.", TWO) == ["checked"]
    assert verdicts("K is the more expensive option.", TWO) == ["contradicted"]


def test_the_cheaper_among_three_records_is_not_read() -> None:
    assert verdicts("B is the cheaper proposal.") == ["unverified"]


def test_a_bracket_of_several_figures_after_a_chain_is_not_the_last_records_price() -> None:
    four = Table.from_rows(
        [{"id": k, "monthly": v} for k, v in (("A", 60), ("B", 54), ("C", 57), ("D", 66))]
    )
    assert verdicts("B < C < A < D (54 < 57 < 60 < 66), so B is recommended.", four) != [
        "contradicted"
    ]
    assert verdicts("B < C < D < A (54 < 57 < 60 < 66).", four) == ["contradicted"]


def test_a_chain_is_read_up_to_its_clause_not_past_a_comma() -> None:
    four = Table.from_rows(
        [{"id": k, "monthly": v} for k, v in (("A", 60), ("B", 54), ("C", 57), ("D", 66))]
    )
    assert verdicts("B < A < C < D, so B is recommended.", four) == ["contradicted"]
    assert verdicts("B < C < A < D in support hours, so B is recommended.", four) != [
        "contradicted"
    ]


FOUR = Table.from_rows(
    [{"id": k, "monthly": v} for k, v in (("A", 45), ("B", 60), ("C", 50), ("D", 55))]
)


def test_a_bound_on_every_record_reads_sits_and_stays() -> None:
    assert verdicts("Every quote sits below 60 a month.", FOUR) == ["contradicted"]
    assert verdicts("Every quote sits below 61 a month.", FOUR) == ["checked"]
    assert verdicts("Each offer stays under 70.", FOUR) == ["checked"]


def test_a_place_after_comes_or_ranks_is_a_rank() -> None:
    assert verdicts("D comes fourth of the four.", FOUR) == ["contradicted"]
    assert verdicts("D comes third.", FOUR) == ["checked"]
    assert verdicts("C comes second of 4.", FOUR) == ["checked"]
    assert verdicts("D comes third in support quality.", FOUR) == ["unverified"]


def test_kronor_zloty_and_yen_are_currencies() -> None:
    table = Table.from_rows([{"id": "bb-250", "monthly": 349}, {"id": "bb-500", "monthly": 429}])
    for written in ("349 kr", "349 zł", "¥349", "SEK 349"):
        assert verdicts(f"bb-250 costs {written} a month.", table) == ["checked"]
    assert verdicts("bb-250 costs 359 kr a month.", table) == ["contradicted"]


def test_the_lowest_quote_comes_from_a_record() -> None:
    table = Table.from_rows([{"id": "tr-a", "monthly": 220}, {"id": "tr-c", "monthly": 198}])
    assert verdicts("The lowest quote comes from tr-a.", table) == ["contradicted"]
    assert verdicts("The lowest quote comes from tr-c.", table) == ["checked"]


def test_charges_and_asks_state_an_implicit_gap() -> None:
    table = Table.from_rows([{"id": "G", "monthly": 27}, {"id": "I", "monthly": 41}])
    assert verdicts("G asks 14.00 more each month.", table) == ["contradicted"]
    assert verdicts("I charges 14.00 more a month.", table) == ["checked"]


def test_swedish_and_polish_periods_and_comparands_are_read() -> None:
    broadband = Table.from_rows([{"id": "bb-1", "monthly": 299}, {"id": "bb-2", "monthly": 349}])
    assert verdicts("På ett år kostar bb-2 4 188 kr.", broadband) != ["contradicted"]
    plans = Table.from_rows([{"id": "Plan S", "monthly": 35}, {"id": "Plan XL", "monthly": 80}])
    text = "Plan XL jest więc droższy od oferty Plan S o 45,00 zł miesięcznie."
    assert verdicts(text, plans) != ["contradicted"]  # S is what XL is compared with
