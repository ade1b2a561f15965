"""A hedged percentage that is the gap over the wrong base (the commonest slip models make
with percentages) is false, even when it lies within a point of the right one."""

from __future__ import annotations

from stepgraph.claims import Table, check_text


def verdicts(text: str, table: Table) -> list[str]:
    return [s.verdict for s in check_text(text, table).sentences]


PAIR = Table.from_rows([{"id": "r1", "monthly": 88}, {"id": "r2", "monthly": 80}])


def test_a_saving_stated_as_the_markup_is_contradicted() -> None:
    # r2 is 9.09% cheaper than r1; 10% is r1's markup over r2.
    assert verdicts("r2 is about 10% cheaper than r1.", PAIR) == ["contradicted"]


def test_a_markup_stated_as_the_saving_is_contradicted() -> None:
    # r1 is 10% more expensive than r2; 9% is r2's saving against r1.
    assert verdicts("r1 is about 9% more expensive than r2.", PAIR) == ["contradicted"]


def test_the_right_base_rounded_is_not_contradicted() -> None:
    assert verdicts("r2 is about 9% cheaper than r1.", PAIR) != ["contradicted"]
    assert verdicts("r1 is about 10% more expensive than r2.", PAIR) != ["contradicted"]


def test_a_value_that_rounds_to_both_bases_is_not_contradicted() -> None:
    # 100 vs 100.4: 0.398% cheaper, 0.4% dearer; "about 0.4%" is right either way.
    table = Table.from_rows([{"id": "a", "monthly": 100}, {"id": "b", "monthly": 100.4}])
    assert verdicts("a is about 0.4% cheaper than b.", table) != ["contradicted"]


def test_a_wrong_base_with_one_decimal_is_contradicted() -> None:
    # 2.50 over 44.50 = 5.6% cheaper; over 42.00 = 5.95% dearer.
    table = Table.from_rows([{"id": "lo", "monthly": 42}, {"id": "hi", "monthly": 44.5}])
    assert verdicts("hi is roughly 5.6% more expensive than lo.", table) == ["contradicted"]
    assert verdicts("hi is roughly 6.0% more expensive than lo.", table) != ["contradicted"]
