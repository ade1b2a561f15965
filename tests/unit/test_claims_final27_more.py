"""Found by the held-out split final27 (household purchases at length), left from the last
stop, tested in other words."""

from __future__ import annotations

from stepgraph.claims import Table, check_text

ALARMS = Table.from_rows(
    [
        {"id": "guard-one", "monthly": 14.5},
        {"id": "safe-home", "monthly": 29.0},
        {"id": "watchful", "monthly": 39.9},
    ]
)


def _verdicts(text: str) -> list[str]:
    return [s.verdict for s in check_text(text, ALARMS).sentences]


def test_items_on_one_line_under_a_total_heading_are_totals() -> None:
    text = (
        "## First year with the kit\n\n"
        "guard-one €323.00 \u00b7 safe-home €547.00 \u00b7 watchful €777.80"
    )
    assert "contradicted" not in _verdicts(text)


def test_items_on_one_line_under_no_heading_are_still_read() -> None:
    text = "guard-one €323.00 \u00b7 safe-home €547.00 \u00b7 watchful €777.80"
    assert "contradicted" in _verdicts(text)


def test_a_bare_number_in_brackets_after_a_unit_is_how_much() -> None:
    text = "- watchful: the most minutes (2.000)\n- safe-home: most kilometres (1,800)"
    assert "contradicted" not in _verdicts(text)
