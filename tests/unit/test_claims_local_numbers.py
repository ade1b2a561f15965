"""Amounts written the way other locales write them are read whole: Indian grouping
(``₹1,10,000``), a space or no-break space before ``,-`` (``kr 1 049,-``), the rand
(``R1 049``, ``R399``) and yen after the number (``2,365円``)."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

RUPEES = Table.from_rows([{"id": "pune", "monthly": 110000}, {"id": "delhi", "monthly": 125000}])
KRONER = Table.from_rows([{"id": "tibber", "monthly": 1049}, {"id": "fortum", "monthly": 1199}])
YEN = Table.from_rows([{"id": "povo", "monthly": 2365}, {"id": "ahamo", "monthly": 2970}])


def _verdicts(text: str, table: Table) -> list[str]:
    return [s.verdict for s in check_text(text, table).sentences]


@pytest.mark.parametrize(
    ("text", "table"),
    [
        ("pune costs ₹1,10,000 a month and delhi ₹1,25,000.", RUPEES),
        ("A year of pune is ₹13,20,000.", RUPEES),
        ("tibber: kr 1\u00a0049,- a month; fortum: kr 1\u202f199,-.", KRONER),
        ("tibber costs R1 049 a month, fortum R1199.", KRONER),
        ("・povo\uff1a2,365円", YEN),
    ],
)
def test_a_true_amount_in_a_local_format_is_not_contradicted(text: str, table: Table) -> None:
    assert "contradicted" not in _verdicts(text, table)


@pytest.mark.parametrize(
    ("text", "table"),
    [
        ("pune costs ₹1,10,000 a month and delhi ₹1,35,000.", RUPEES),
        ("A year of pune is ₹13,30,000.", RUPEES),
        ("tibber: kr 1\u00a0049,- a month; fortum: kr 1\u202f189,-.", KRONER),
        ("tibber costs R1 059 a month.", KRONER),
        ("・povo\uff1a2,375円", YEN),
    ],
)
def test_a_wrong_amount_in_a_local_format_is_contradicted(text: str, table: Table) -> None:
    assert _verdicts(text, table) == ["contradicted"]


def test_a_model_name_like_r2_is_no_rand() -> None:
    assert "contradicted" not in _verdicts("The R2 router comes with tibber.", KRONER)
