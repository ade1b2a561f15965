"""What the final18 split found (five false blocks), each in other words."""

from __future__ import annotations

from stepgraph.claims import Table, check_text


def verdicts(text: str, table: Table, claims: list[dict[str, object]] | None = None) -> list[str]:
    return [s.verdict for s in check_text(text, table, claims).sentences]


PAIR = Table.from_rows([{"id": "lo", "monthly": 9.99}, {"id": "hi", "monthly": 11.99}])


def test_citations_after_the_full_stop_belong_to_the_sentence_before() -> None:
    claims: list[dict[str, object]] = [
        {"id": "c1", "kind": "price", "offer": "hi", "amount": "143.88", "period": "year"},
        {"id": "c2", "kind": "difference", "offer": "hi", "than": "lo",
         "direction": "more_expensive", "amount": "24.00", "unit": "amount", "period": "year"},
    ]  # fmt: skip
    found = check_text(
        "hi costs 143.88 per year. [c1] That is 24.00 a year more. [c2]", PAIR, claims
    )
    assert [s.cites for s in found.sentences] == [("c1",), ("c2",)]
    assert "contradicted" not in [s.verdict for s in found.sentences]


def test_a_count_in_words_beside_cited_amounts_is_no_amount() -> None:
    table = Table.from_rows(
        [{"id": "a", "monthly": 28.5}, {"id": "b", "monthly": 28.5}, {"id": "e", "monthly": 35.9}]
    )
    claims: list[dict[str, object]] = [
        {"id": "c1", "kind": "difference", "offer": "e", "than": "a",
         "direction": "more_expensive", "amount": "7.40", "unit": "amount", "period": "month"},
    ]  # fmt: skip
    text = "e costs 7.40 more than the tied two each month [c1]."
    assert verdicts(text, table, claims) != ["contradicted"]


def test_a_gap_to_another_offer_beside_a_cited_price_is_audited_not_conflicting() -> None:
    table = Table.from_rows([{"id": "x", "monthly": 10}, {"id": "y", "monthly": 9.95}])
    claims: list[dict[str, object]] = [
        {"id": "c1", "kind": "price", "offer": "x", "amount": "10.00", "period": "month"}
    ]
    assert verdicts("x costs 10.00 a month [c1], just 0.05 above y.", table, claims) != [
        "contradicted"
    ]


def test_bare_numbers_beside_pages_are_pages() -> None:
    text = "lo includes only 50 pages against 100 for hi."
    assert verdicts(text, PAIR) != ["contradicted"]
    assert verdicts("lo costs 12.99 and includes 50 pages.", PAIR) == ["contradicted"]


def test_a_team_total_after_an_n_person_code_is_no_price() -> None:
    assert verdicts("For a 10-person team, lo costs 99.90 a month in total.", PAIR) != [
        "contradicted"
    ]
