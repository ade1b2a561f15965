"""Forms of the prose reader added for the final split (claims3), one behaviour per test.

Inputs: A 120, B 90, C 110 (sources offer-A-v1 ...) unless a test says.
"""

from __future__ import annotations

from stepgraph.claims import Table, check_text

SEED = Table.from_rows(
    [
        {"id": "A", "source": "offer-A-v1", "monthly": 120},
        {"id": "B", "source": "offer-B-v1", "monthly": 90},
        {"id": "C", "source": "offer-C-v1", "monthly": 110},
    ],
    alias_fields=("source",),
)


def verdicts(text: str, table: Table = SEED) -> list[str]:
    return [s.verdict for s in check_text(text, table).sentences]


def test_a_true_clause_before_a_semicolon_is_not_checked_when_the_next_is_false() -> None:
    found = check_text("B is the lowest priced; A is the second cheapest.", SEED).sentences
    assert [s.verdict for s in found] == ["contradicted"]
    assert found[0].text == "B is the lowest priced; A is the second cheapest."


def test_a_sentence_with_one_unread_clause_after_a_semicolon_is_unverified() -> None:
    assert verdicts("B costs the least; the others feel dated.") == ["unverified"]


def test_clauses_after_semicolons_are_checked_only_when_every_clause_is() -> None:
    assert verdicts("B is the cheapest; A is the most expensive.") == ["checked"]


def test_lines_ending_in_a_semicolon_stay_their_own_units() -> None:
    assert verdicts("- B is the cheapest;\n- A has the nicest logo.") == ["checked", "unverified"]


def test_a_range_of_the_remaining_offers_is_not_compared_with_all_offers() -> None:
    assert verdicts("B is the cheapest. The remaining plans range from 110 to 120.") == [
        "checked",
        "unverified",
    ]


def test_a_range_between_two_amounts_over_the_rest_is_not_compared_with_all_offers() -> None:
    assert verdicts("The rest of the offers all cost between 100 and 125.") == ["unverified"]


def test_several_subjects_costing_over_an_amount_is_a_bound_not_a_price() -> None:
    assert verdicts("A and C both cost over 105 a month.") == ["unverified"]
    assert verdicts("A and C both cost over 112 a month.") == ["contradicted"]


def test_named_records_that_each_cost_under_an_amount_are_not_every_record() -> None:
    assert verdicts("A and C each come in under 125.") == ["unverified"]
