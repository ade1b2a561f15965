"""An amount per week, per day or per quarter presented as the price over that period is
audited: a week is 12/52 of a month (or 1/4.33, never 1/4), a day 12/365, a quarter three
months; a rate of something else per day (``roaming costs £2 per day``, a table's day
rate) is not; an amount billed quarterly may be three months'."""

from __future__ import annotations

from stepgraph.claims import Table, check_text

GYMS = Table.from_rows([{"id": "ironworks", "monthly": 39}, {"id": "flyers", "monthly": 45}])
SIMS = Table.from_rows([{"id": "m-alpha", "monthly": 12}, {"id": "m-beta", "monthly": 15.5}])
BOARDS = Table.from_rows(
    [{"id": "flowboard", "monthly": 19.5}, {"id": "plankit", "monthly": 22.25}]
)


def _verdicts(text: str, table: Table) -> list[str]:
    return [s.verdict for s in check_text(text, table).sentences]


def test_a_week_taken_as_a_quarter_of_a_month_is_contradicted() -> None:
    assert _verdicts("ironworks follows at $39.00 a month ($9.75 a week).", GYMS) == [
        "contradicted"
    ]
    assert "contradicted" not in _verdicts(
        "ironworks follows at $39.00 a month ($9.00 a week).", GYMS
    )


def test_a_day_taken_as_a_thirtieth_of_a_month_is_contradicted() -> None:
    assert _verdicts("ironworks costs $39.00 a month, exactly $1.30 a day.", GYMS) == [
        "contradicted"
    ]
    assert "contradicted" not in _verdicts(
        "ironworks costs $39.00 a month, about $1.28 a day.", GYMS
    )


def test_a_quarter_is_three_months() -> None:
    assert _verdicts("ironworks costs $39.00 a month, that is $127.00 a quarter.", GYMS) == [
        "contradicted"
    ]
    assert "contradicted" not in _verdicts(
        "ironworks costs $39.00 a month, that is $117.00 a quarter.", GYMS
    )


def test_another_things_daily_rate_is_not_audited() -> None:
    assert "contradicted" not in _verdicts(
        "m-beta charges £2/day for roaming; m-alpha costs £12 a month.", SIMS
    )


def test_an_amount_billed_quarterly_may_be_three_months() -> None:
    text = "flowboard is cheapest at $19.50 per month, billed quarterly at $58.50."
    assert "contradicted" not in _verdicts(text, BOARDS)
