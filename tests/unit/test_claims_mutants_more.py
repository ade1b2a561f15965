"""Two false "checked" the mutation campaign found over final15: an arrow between records
(``A → B: +4.10``) says which way the gap goes, and ``Mobil 6`` (no record, beside
``Mobil 5``) names no offer; neither may leave a sentence checked."""

from __future__ import annotations

from stepgraph.claims import Table, check_text

PAIR = Table.from_rows([{"id": "A", "monthly": 10}, {"id": "B", "monthly": 14.1}])
GAP: list[dict[str, object]] = [
    {"id": "c1", "kind": "difference", "offer": "B", "than": "A",
     "direction": "more_expensive", "amount": "4.10", "unit": "amount", "period": "month"},
]  # fmt: skip


def test_an_arrow_between_records_is_never_accounted_for_by_a_claim() -> None:
    for text in ("A → B: +€4.10/month [c1]", "B → A: +€4.10/month [c1]"):
        assert check_text(text, PAIR, GAP).sentences[0].verdict != "checked"


def test_a_name_like_an_id_of_the_table_that_is_none_is_never_checked() -> None:
    table = Table.from_rows(
        [{"id": "Mobil 5", "monthly": 8.99}, {"id": "Mobil 10", "monthly": 9.99}]
    )
    claims: list[dict[str, object]] = [{"id": "c1", "kind": "cheapest", "offer": "Mobil 5"}]
    found = check_text("Mobil 6 has the lowest monthly price [c1].", table, claims)
    assert found.sentences[0].verdict != "checked"
    found = check_text("Mobil 5 has the lowest monthly price [c1].", table, claims)
    assert found.sentences[0].verdict == "checked"


def test_a_cited_gap_needs_a_word_that_says_which_way_it_goes() -> None:
    table = Table.from_rows([{"id": "W", "monthly": 10}, {"id": "Z", "monthly": 8.5}])
    claims: list[dict[str, object]] = [
        {"id": "c1", "kind": "difference", "offer": "Z", "than": "W",
         "direction": "cheaper", "amount": "1.50", "unit": "amount", "period": "month"},
    ]  # fmt: skip
    for text in ("Z overcuts W by 1.50 a month [c1].", "W: -1.50 vs Z [c1]."):
        assert check_text(text, table, claims).sentences[0].verdict != "checked"
    assert check_text("Z undercuts W by 1.50 a month [c1].", table, claims).sentences[
        0
    ].verdict == ("checked")


def test_a_monthly_amount_called_yearly_is_never_accounted_for() -> None:
    table = Table.from_rows([{"id": "A", "monthly": 10}, {"id": "B", "monthly": 49}])
    claims: list[dict[str, object]] = [
        {"id": "c1", "kind": "cheapest", "offer": "A"},
        {"id": "c2", "kind": "price", "offer": "A", "amount": "10", "period": "month"},
    ]
    text = "A has the lowest {} price [c1], 10 [c2]."
    assert check_text(text.format("yearly"), table, claims).sentences[0].verdict != "checked"
    assert check_text(text.format("monthly"), table, claims).sentences[0].verdict == "checked"


def test_a_count_with_its_list_after_a_colon_is_never_checked() -> None:
    table = Table.from_rows(
        [{"id": "H", "monthly": 48}, {"id": "X", "monthly": 52}, {"id": "Y", "monthly": 49}]
    )
    found = check_text("Only one offer is above 50 a month: H at 48.", table)
    assert found.sentences[0].verdict != "checked"
